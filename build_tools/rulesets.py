"""The rulesets a site presents, loaded from ``rulesets/<id>/ruleset.yml``.

A ruleset is data: its name, how its rules are numbered (which also gives the
grammar its rule references follow), and the texts the importer turns into
pages. Nothing game-specific lives in code. The keys (README, "Add your own
rulebook"):

* ``numbering``: ``asl`` | ``case`` | ``decimal`` | ``none`` (``build_tools.numbering``);
* ``chapters``: the chapter letters of an ``asl`` ruleset;
* ``references``: ``auto`` (the numbering's grammar links references; the
  default) or ``none`` (only explicit ``[[...]]`` links);
* ``quantity_words``: words that make a number before them a quantity
  (``4.5 MP``), added to the built-in ones;
* ``other_books``: names of other books (``Series Rules``, ``SR``): a number after
  one cites that book's rule, not this one's (``build_tools.references.other_books``);
* ``sources``: ``file``, ``page``, and optionally ``format`` (``text`` |
  ``markdown``; detected when left out), ``chapter`` (``asl``), ``title``.

A source's earlier versions are listed in ``versions.yml`` beside it
(``build_tools.versions``).

Rulesets written before ``numbering:`` existed still load: ``references:
chapter-dotted`` means ``numbering: asl``, ``references: none`` without a
numbering means ``numbering: none``, and ``format: asl`` / ``titled`` mean
``format: text``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from build_tools import yaml_data
from build_tools.errors import SourceError
from build_tools.markdown import contributor_text
from build_tools.numbering import NUMBERINGS, Numbering, numbering_of
from build_tools.versions import Version, load_versions

SOURCE_FORMATS = ("text", "markdown")
_LEGACY_FORMATS = {"asl": "text", "titled": "text"}
_REFERENCES = ("auto", "none")
_LEGACY_REFERENCES = {"chapter-dotted": "asl"}
_RULESET_KEYS = ("name", "short_name", "numbering", "chapters", "references", "quantity_words", "other_books",
                 "first_section", "sources")
_SOURCE_KEYS = ("file", "page", "format", "chapter", "title", "titles", "not_titles")


@dataclass(frozen=True)
class Source:
    """One raw rule text and how to import it."""

    path: Path
    page: str
    format: str | None  # "text" | "markdown"; None: detected from the file
    chapter: str | None
    options: dict  # importer options: title, titles, not_titles
    versions: tuple[Version, ...] = ()  # oldest first, the last the current text (versions.yml); () for one


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    short_name: str
    numbering: Numbering
    chapters: tuple[str, ...]
    sources: tuple[Source, ...]
    folder: Path

    @property
    def grammar(self):
        """The reference grammar of this ruleset's pages, or None (explicit links only)."""
        return self.numbering.grammar


class _Lines:
    """Line numbers of ``ruleset.yml``'s keys, for errors."""

    def __init__(self, path: Path, text: str):
        self.path, self.lines = path, text.splitlines()

    def of(self, needle: str, after: int = 0) -> int | None:
        """The line of ``needle`` from line ``after`` on (a key's: ``titles:`` is not in ``not_titles:``)."""
        found = re.compile(rf"(?<![\w-]){re.escape(needle)}")
        for number, line in enumerate(self.lines[after:], start=after + 1):
            if found.search(line):
                return number
        return None

    def entry_start(self, number: int) -> int:
        """The 0-based line where the list entry holding line ``number`` starts (its ``- ``)."""
        for index in range(number - 1, -1, -1):
            if self.lines[index].lstrip().startswith("- "):
                return index
        return max(0, number - 1)

    def error(self, needle: str | None, reason: str, after: int = 0) -> SourceError:
        return SourceError(str(self.path), self.of(needle, after) if needle else None, reason)


def _text(mapping: dict, key: str, lines: _Lines, *, after: int = 0, required: bool = True) -> str | None:
    value = mapping.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise lines.error(f"{key}:" if key in mapping else None, f"'{key}' must be a non-empty string"
                          + ("" if key in mapping else f" (add '{key}: ...')"), after)
    return value


def _name(mapping: dict, key: str, lines: _Lines) -> str:
    """A name the site shows in its navigation, titles and pages, as text: no markup, nothing invisible."""
    value = _text(mapping, key, lines)
    why = contributor_text.problem(value)
    if why is not None:
        raise lines.error(f"{key}:", f"'{key}' {why.split(';')[0]}: a ruleset's {key} is plain text")
    return value


def _words(data: dict, key: str, lines: _Lines, after: int = 0) -> list[str]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(word, str) and word.strip() for word in value):
        raise lines.error(f"{key}:", f"{key} must be a list of words", after)
    return value


def load_ruleset(folder: Path) -> Ruleset:
    """Read and validate one ``ruleset.yml``; errors name the file and line."""
    path = folder / "ruleset.yml"
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml_data.load(text)
    except FileNotFoundError:
        raise SourceError(str(path), None, "missing ruleset.yml (every rulesets/<id>/ folder needs one)")
    except UnicodeDecodeError as error:
        raise SourceError(str(path), None, f"not valid UTF-8 ({error.reason})")
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise SourceError(str(path), mark.line + 1 if mark else None, f"invalid YAML: {error}")
    if not isinstance(data, dict):
        raise SourceError(str(path), 1, "expected a mapping of ruleset settings")
    lines = _Lines(path, text)
    for key in data:
        if key not in _RULESET_KEYS:
            raise lines.error(f"{key}:", f"unknown setting {key!r} (known: {', '.join(_RULESET_KEYS)})")
    numbering_name, references = _numbering_and_references(data, lines)
    chapters = data.get("chapters") or []
    if not isinstance(chapters, list) or not all(isinstance(c, str) and len(c) == 1 and c.isalpha() and c.isupper()
                                                 for c in chapters):
        raise lines.error("chapters:", "chapters must be a list of chapter letters, one capital letter each (A, B, ...)")
    if chapters and numbering_name != "asl":
        raise lines.error("chapters:", f"numbering {numbering_name} has no chapter letters; remove chapters:")
    first_section = data.get("first_section", 1)
    if first_section not in (0, 1) or isinstance(first_section, bool):
        raise lines.error("first_section:", f"first_section must be 0 (the book opens with a section 0: 0.0, 0.1) or 1, "
                                            f"not {first_section!r}")
    if first_section == 0 and numbering_name not in ("case", "decimal"):
        raise lines.error("first_section:", f"numbering {numbering_name} has no section 0; remove first_section:")
    numbering = numbering_of(numbering_name, chapters=chapters, quantity_words=_words(data, "quantity_words", lines),
                             references=references, other_books=_words(data, "other_books", lines),
                             first_section=first_section)
    sources = []
    raw_sources = data.get("sources") or []
    if not isinstance(raw_sources, list):
        raise lines.error("sources:", "sources must be a list of {file, page} entries")
    seen_pages: dict[str, str] = {}
    for entry in raw_sources:
        sources.append(_source(entry, folder, lines, numbering, tuple(chapters), seen_pages))
    versions = load_versions(folder, {entry["file"]: source.path for entry, source in zip(raw_sources, sources)})
    sources = [replace(source, versions=versions.get(entry["file"], ())) for entry, source in zip(raw_sources, sources)]
    return Ruleset(id=folder.name, name=_name(data, "name", lines), short_name=_name(data, "short_name", lines),
                   numbering=numbering, chapters=tuple(chapters), sources=tuple(sources), folder=folder)


def _numbering_and_references(data: dict, lines: _Lines) -> tuple[str, bool]:
    """``numbering:`` (or what a ruleset written before it meant) and whether references are linked."""
    references = data.get("references", "auto")
    numbering = data.get("numbering")
    if references in _LEGACY_REFERENCES:
        numbering = numbering or _LEGACY_REFERENCES[references]
        references = "auto"
    elif references not in _REFERENCES:
        raise lines.error("references:", f"references must be one of {', '.join(_REFERENCES)}, not {references!r}")
    if numbering is None:
        if "references" not in data:
            raise lines.error(None, f"ruleset.yml needs 'numbering:', one of {', '.join(NUMBERINGS)}")
        numbering = "none"
    if numbering not in NUMBERINGS:
        raise lines.error("numbering:", f"numbering must be one of {', '.join(NUMBERINGS)}, not {numbering!r}")
    return numbering, references == "auto" and numbering != "none"


def _source(entry, folder: Path, lines: _Lines, numbering: Numbering, chapters: tuple[str, ...],
            seen_pages: dict[str, str]) -> Source:
    if not isinstance(entry, dict):
        raise lines.error("sources:", "each source must be a mapping with file: and page:")
    file = _text(entry, "file", lines)
    at = lines.entry_start(lines.of(f"file: {file}") or 1)  # errors point at this entry, not an earlier one
    for key in entry:
        if key not in _SOURCE_KEYS:
            raise lines.error(f"{key}:", f"unknown source setting {key!r} (known: {', '.join(_SOURCE_KEYS)})", at)
    page = _text(entry, "page", lines, after=at)
    if page in seen_pages:
        raise lines.error(f"page: {page}", f"page {page!r} is already the page of {seen_pages[page]}", at)
    seen_pages[page] = file
    fmt = _text(entry, "format", lines, after=at, required=False)
    fmt = _LEGACY_FORMATS.get(fmt, fmt)
    if fmt is not None and fmt not in SOURCE_FORMATS:
        raise lines.error("format:", f"format must be one of {', '.join(SOURCE_FORMATS)}, not {fmt!r} "
                                     "(or leave it out: it is detected)", at)
    chapter = _text(entry, "chapter", lines, after=at, required=False)
    if chapter is not None:
        if not numbering.has_chapters:
            raise lines.error("chapter:", f"numbering {numbering.name} has no chapters; remove chapter: "
                                          "from this source", at)
        if chapter not in chapters:
            raise lines.error("chapter:", f"chapter {chapter!r} is not one of this ruleset's chapters "
                                          f"({', '.join(chapters) or 'none'}); add it to chapters:", at)
    _text(entry, "title", lines, after=at, required=False)  # "title: 2024-01-01" is a date to YAML: quote it
    for key in ("titles", "not_titles"):
        if key in entry:
            _words(entry, key, lines, after=at)
    options = {key: entry[key] for key in ("title", "titles", "not_titles") if key in entry}
    return Source(path=folder / file, page=page, format=fmt, chapter=chapter, options=options)


def load_rulesets(root: Path) -> dict[str, Ruleset]:
    """All rulesets under ``root`` (``rulesets/``), keyed by id, in name order."""
    folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")) if root.is_dir() else []
    return {folder.name: load_ruleset(folder) for folder in folders}
