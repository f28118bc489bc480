"""What the reading-aid extensions share: the ruleset of the page being
rendered, and its YAML data files read with line numbers.

A ruleset's data files (``glossary.yml``, ``annotations.yml``) are edited by
hand, so every problem is reported as a build warning naming ``file:line``;
``strict: true`` turns those warnings into a failed build.
"""

from __future__ import annotations

import logging
import weakref
from pathlib import Path

import yaml

log = logging.getLogger("mkdocs.plugins.ruleref")


def page_ruleset(index, current_page: str):
    """The Ruleset a docs-relative page belongs to: its ``ruleset:`` front
    matter, else the first folder of its path (``asl/glossary.md`` -> asl)."""
    page = index.pages.get(current_page)
    ruleset_id = page.ruleset if page else current_page.split("/", 1)[0]
    return index.rulesets.get(ruleset_id)


def warn(path: Path, line: int | None, reason: str) -> None:
    where = str(path) if line is None else f"{path}:{line}"
    log.warning("%s: %s", where, reason)


def compose(path: Path) -> yaml.Node | None:
    """The YAML node tree of ``path`` (nodes know their line), or None when the
    file is absent, empty or not YAML (the last is warned about)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        warn(path, mark.line + 1 if mark else None, f"invalid YAML: {getattr(error, 'problem', error)}")
        return None


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def scalar_text(node: yaml.Node) -> str | None:
    """A scalar's text exactly as written (``NO`` stays the string "NO"), or None
    for a list or mapping. Abbreviations and rule IDs are strings, whatever
    YAML 1.1 would otherwise make of them."""
    return node.value if isinstance(node, yaml.ScalarNode) else None


class PerBuild:
    """Data loaded once per build: keyed by the build's rule index (a new
    object every build, held weakly so it is freed with the build) and the
    file's modification time, so warnings are given once per build and a
    changed file is read again under ``serve``."""

    def __init__(self, load):
        self._load = load
        self._cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def get(self, index, path: Path, *args):
        if index not in self._cache:
            self._cache.clear()
            self._cache[index] = {}
        cache = self._cache[index]
        try:
            stamp = path.stat().st_mtime_ns
        except FileNotFoundError:
            stamp = -1
        key = (path, stamp)
        if key not in cache:
            cache[key] = self._load(path, *args)
        return cache[key]
