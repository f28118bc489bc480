"""The versions of a ruleset's sources: ``rulesets/<id>/versions.yml``.

A source that has been re-issued (errata, a second edition, "living rules")
keeps its earlier texts beside the current one. ``versions.yml`` lists them
per source, oldest first, keyed by the source's ``file:`` as ``ruleset.yml``
names it; the last entry is the current text (the source's own file), the
others name the file their text was kept in (under ``sources/versions/``)::

    sources/g15-bulldozers.txt:
      - label: first import
        date: 2026-11-01
        file: sources/versions/g15-bulldozers.first-import.txt
      - label: Errata 2026
        date: 2026-12-02

``ruleref import FILE --ruleset ID --version LABEL`` writes it
(``record_version``); labels and dates may be edited by hand. A source that
is not listed has one version, unlabelled, and imports exactly as before.
"""

from __future__ import annotations

import datetime
import shutil
from dataclasses import dataclass
from pathlib import Path

import yaml

from build_tools import yaml_data
from build_tools.errors import SourceError

VERSIONS_FILE = "versions.yml"
VERSIONS_FOLDER = "sources/versions"
FIRST_LABEL = "first import"  # the label of a text that was current before any version was recorded
_HEADER = ("# The versions of each source, oldest first; the last is the current text (the source's file).\n"
           "# Written by `ruleref import FILE --ruleset ID --version LABEL`; labels and dates may be edited.\n")
_KEYS = ("label", "date", "file")


@dataclass(frozen=True)
class Version:
    label: str  # as the site shows it: "changed in <label>"
    slug: str  # the label in URLs and page names: "errata-2026"
    date: str  # ISO date, "2026-12-02"
    path: Path  # the file holding this version's text


def slug_of(label: str) -> str:
    from build_tools.rule_index import slugify

    return slugify(label) or "version"


def load_versions(folder: Path, source_files: dict[str, Path]) -> dict[str, tuple[Version, ...]]:
    """``versions.yml`` of the ruleset in ``folder``: source file (as ruleset.yml names it) -> its versions.

    ``source_files`` maps each source's ``file:`` to its path. Errors name the line and the fix."""
    path = folder / VERSIONS_FILE
    if not path.is_file():
        return {}
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()

    def error(needle: str, reason: str) -> SourceError:
        line = next((number for number, line in enumerate(lines, 1) if needle in line), None)
        return SourceError(str(path), line, reason)

    try:
        data = yaml_data.load(text) or {}
    except yaml.YAMLError as problem:
        mark = getattr(problem, "problem_mark", None)
        raise SourceError(str(path), mark.line + 1 if mark else None, f"invalid YAML: {problem}")
    if not isinstance(data, dict):
        raise SourceError(str(path), 1, "expected a mapping: source file -> list of {label, date, file}")
    versions = {}
    for file, entries in data.items():
        if file not in source_files:
            raise error(f"{file}:", f"{file!r} is not a source of ruleset.yml (its sources: "
                                    f"{', '.join(source_files) or 'none'}); name a source as its file: says")
        if not isinstance(entries, list) or not entries:
            raise error(f"{file}:", f"{file}: expected a list of versions, each {{label, date, file}}")
        found = []
        for number, entry in enumerate(entries):
            current = number == len(entries) - 1
            if not isinstance(entry, dict) or not isinstance(entry.get("label"), str) or not entry["label"].strip():
                raise error(f"{file}:", f"{file}: version {number + 1} needs a label: (label: Errata 2026)")
            label = entry["label"]
            unknown = [key for key in entry if key not in _KEYS]
            if unknown:
                raise error(f"{unknown[0]}:", f"unknown version setting {unknown[0]!r} (known: {', '.join(_KEYS)})")
            date = entry.get("date")
            if not isinstance(date, (datetime.date, str)):
                raise error(f"label: {label}", f"version {label!r} needs a date: (date: 2026-12-02)")
            if current and "file" in entry and entry["file"] != file:
                raise error(f"file: {entry['file']}", f"the last version of {file} is its current text, {file}; "
                                                      "remove this file: or add the current text as a version after it")
            if not current and not isinstance(entry.get("file"), str):
                raise error(f"label: {label}", f"earlier version {label!r} needs the file: that holds its text "
                                               f"(under {VERSIONS_FOLDER}/)")
            text_path = source_files[file] if current else folder / entry["file"]
            if not text_path.is_file():
                raise error(f"{entry.get('file', file)}", f"version {label!r}: no file {text_path}")
            version = Version(label, slug_of(label), str(date), text_path)
            if any(other.slug == version.slug for other in found):
                raise error(f"label: {label}", f"{file}: two versions named {label!r} (labels must differ "
                                               "in letters or digits)")
            found.append(version)
        versions[file] = tuple(found)
    return versions


def record_version(folder: Path, file: str, page: str, new_text: str, label: str, *, today: datetime.date,
                   versions: tuple[Version, ...]) -> Version | None:
    """Keep the current text of source ``file`` (of the ruleset in ``folder``) as an earlier version and
    make ``new_text`` its current text, labelled ``label``; None when ``new_text`` is the current text."""
    from build_tools.importer import read_source

    current_path = folder / file
    if read_source(current_path, file) == new_text:
        return None
    slug = slug_of(label)
    if any(version.slug == slug for version in versions):
        raise SourceError(str(folder / VERSIONS_FILE), None, f"{file} already has a version {label!r}; "
                                                               "give the new text another --version label")
    if not versions:  # the text imported before any version was recorded
        modified = datetime.date.fromtimestamp(current_path.stat().st_mtime).isoformat()
        versions = (Version(FIRST_LABEL, slug_of(FIRST_LABEL), modified, current_path),)
    *earlier, previous = versions
    kept = folder / VERSIONS_FOLDER / f"{page}.{previous.slug}{current_path.suffix}"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(current_path, kept)
    current_path.write_text(new_text, encoding="utf-8")
    new = Version(label, slug, today.isoformat(), current_path)
    _write(folder, file, (*earlier, Version(previous.label, previous.slug, previous.date, kept), new))
    return new


def _write(folder: Path, file: str, versions: tuple[Version, ...]) -> None:
    path = folder / VERSIONS_FILE
    data = yaml_data.load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    entries = []
    for version in versions:
        entry = {"label": version.label, "date": version.date}
        if version is not versions[-1]:
            entry["file"] = version.path.relative_to(folder).as_posix()
        entries.append(entry)
    data = {**(data or {}), file: entries}
    path.write_text(_HEADER + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=10_000),
                    encoding="utf-8")
