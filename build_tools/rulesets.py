"""The rulesets a site presents, loaded from ``rulesets/<id>/ruleset.yml``.

A ruleset is data: its name, the grammar its rule references follow, and the
raw texts the importer turns into pages. Nothing game-specific lives in code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from build_tools.errors import SourceError

REFERENCE_GRAMMARS = ("chapter-dotted", "none")
SOURCE_FORMATS = ("asl", "titled")


@dataclass(frozen=True)
class Source:
    """One raw rule text and how to import it."""

    path: Path
    page: str
    format: str
    chapter: str | None
    options: dict


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    short_name: str
    references: str
    chapters: tuple[str, ...]
    sources: tuple[Source, ...]
    folder: Path


def _require(mapping: dict, key: str, path: Path, kind: type = str):
    value = mapping.get(key)
    if not isinstance(value, kind) or (kind is str and not value.strip()):
        raise SourceError(str(path), None, f"'{key}' must be a non-empty {kind.__name__}")
    return value


def _line_of(text: str, needle: str) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    return None


def load_ruleset(folder: Path) -> Ruleset:
    """Read and validate one ``ruleset.yml``; errors name the file and line."""
    path = folder / "ruleset.yml"
    try:
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
    except FileNotFoundError:
        raise SourceError(str(path), None, "missing ruleset.yml (every rulesets/<id>/ folder needs one)")
    except UnicodeDecodeError as error:
        raise SourceError(str(path), None, f"not valid UTF-8 ({error.reason})")
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise SourceError(str(path), mark.line + 1 if mark else None, f"invalid YAML: {error}")
    if not isinstance(data, dict):
        raise SourceError(str(path), 1, "expected a mapping of ruleset settings")
    references = _require(data, "references", path)
    if references not in REFERENCE_GRAMMARS:
        raise SourceError(str(path), _line_of(text, "references:"),
                          f"references must be one of {', '.join(REFERENCE_GRAMMARS)}, not {references!r}")
    chapters = data.get("chapters") or []
    if not isinstance(chapters, list) or not all(isinstance(c, str) and len(c) == 1 and c.isalpha() for c in chapters):
        raise SourceError(str(path), _line_of(text, "chapters:"),
                          "chapters must be a list of chapter letters, one letter each (A, B, ...)")
    sources = []
    for entry in data.get("sources") or []:
        if not isinstance(entry, dict):
            raise SourceError(str(path), _line_of(text, "sources:"), "each source must be a mapping")
        file = _require(entry, "file", path)
        fmt = _require(entry, "format", path)
        if fmt not in SOURCE_FORMATS:
            raise SourceError(str(path), _line_of(text, f"format: {fmt}"),
                              f"format must be one of {', '.join(SOURCE_FORMATS)}, not {fmt!r}")
        options = {k: v for k, v in entry.items() if k not in ("file", "page", "format", "chapter")}
        sources.append(Source(path=folder / file, page=_require(entry, "page", path), format=fmt,
                              chapter=entry.get("chapter"), options=options))
    return Ruleset(id=folder.name, name=_require(data, "name", path), short_name=_require(data, "short_name", path),
                   references=references, chapters=tuple(chapters), sources=tuple(sources), folder=folder)


def load_rulesets(root: Path) -> dict[str, Ruleset]:
    """All rulesets under ``root`` (``rulesets/``), keyed by id, in name order."""
    folders = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
    return {folder.name: load_ruleset(folder) for folder in folders}
