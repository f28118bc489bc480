"""Raw rule text -> rule page Markdown (see ARCHITECTURE.md, "Rule pages").

A source is read by one of two readers (``source_lines``: ``text`` or
``markdown``, named by ``format:`` or detected) and its rules are found by
the ruleset's numbering: ``numbered`` for ``asl``, ``case`` and ``decimal``,
``titled`` for a text whose sections are headed by title lines
(``numbering: none``). ``markdown_text`` writes and escapes the Markdown
they produce. Importing is pure: the same text and settings always give the
same bytes. Every import also says what it found (``report``).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from build_tools.errors import SourceError
from build_tools.importer.characters import clean_text, page_breaks
from build_tools.importer.numbered import import_numbered
from build_tools.importer.page_columns import refuse_side_by_side
from build_tools.importer import space_tables
from build_tools.importer.report import ImportReport
from build_tools.source_encoding import decoded
from build_tools.importer.source_lines import read_markdown, read_text
from build_tools.importer.titled import import_titled
from build_tools.numbering import Numbering

FORMATS = ("text", "markdown")
_MARKDOWN_SUFFIXES = (".md", ".markdown")
# Lines only a Markdown source has: "## 5) Movement", "**5.11)** text".
_MARKDOWN_LINE = re.compile(r"^(?:#{1,6}[ \t]+\S|(?:\*\*|__)\S)", re.M)
MIN_MARKDOWN_LINES = 2


@dataclass(frozen=True)
class Imported:
    markdown: str  # the page: front matter + rules
    report: ImportReport


def detect_format(text: str, path: str, declared: str | None) -> tuple[str, str]:
    """The reader for a source, and why: ``format:`` in ruleset.yml, the file's suffix, or its lines."""
    if declared is not None:
        if declared not in FORMATS:
            raise SourceError(path, None, f"unknown source format {declared!r} (one of {', '.join(FORMATS)})")
        return declared, "format: in ruleset.yml"
    if path.lower().endswith(_MARKDOWN_SUFFIXES):
        return "markdown", f"detected: the file name ends {Path(path).suffix}; set format: to override"
    marked = len(_MARKDOWN_LINE.findall(text))
    if marked >= MIN_MARKDOWN_LINES:
        return "markdown", f"detected: {marked} lines start with '#' headings or '**' bold; set format: to override"
    return "text", "detected: no Markdown headings or bold numbers; set format: to override"


def import_text(text: str, *, path: str, ruleset: str, numbering: Numbering, chapter: str | None = None,
                format: str | None = None, title: str | None = None, titles: list[str] = (),
                not_titles: list[str] = (), default_title: str | None = None, continued: bool = False) -> Imported:
    """The page Markdown (front matter + rules) for one raw text, and its report.

    ``path`` is the repo-relative source path, written as ``source:`` and used
    in errors. ``format`` is the source's ``format:`` (None: detected);
    ``title`` overrides the page title the importer derives; ``titles`` /
    ``not_titles`` (``numbering: none`` only) override its title-line
    heuristic for the exact lines given. They come from the source's entry in
    ``rulesets/<id>/ruleset.yml``. ``default_title`` (the ruleset's name) is
    the title of a page that has none of its own: no document title, and many
    top-level rules. ``continued``: the text may open with rules of a section another
    source holds (``ImportReport.continues`` names it; ``import_sources`` checks it is there).
    """
    text, page_tops = page_breaks(text)
    text, removed = clean_text(text, path)
    fmt, reason = detect_format(text, path, format)
    if numbering.name == "none":
        if fmt != "text":
            raise SourceError(path, None, "numbering: none reads plain text (sections headed by title lines); "
                                          "set format: text, or give the book's numbering")
        page = import_titled(text, path=path, titles=list(titles), not_titles=list(not_titles))
        report = ImportReport(path=path, format=fmt, format_reason=reason)
        report.rules_per_level.update(level for level in _heading_levels(page.markdown))
    else:
        if titles or not_titles:
            raise SourceError(path, None, "titles/not_titles apply to numbering: none only")
        table_ends = frozenset()
        if fmt == "text":
            text, aligned, table_ends = space_tables.with_tabs(text, path)
            refuse_side_by_side(text, path)
            removed += aligned
        reader = (read_markdown(text) if fmt == "markdown" else read_text(text)._replace(table_ends=table_ends)
                  )._replace(page_tops=page_tops)
        page, report = import_numbered(text, reader, path=path, numbering=numbering, chapter=chapter,
                                       continued=continued)
        report.format_reason = reason
    report.size = len(text)
    report.warnings = sorted(removed + report.warnings, key=lambda warning: _line_of(warning, path))
    front = {"ruleset": ruleset}
    if page.chapter is not None:
        front["chapter"] = page.chapter
    front["source"] = path
    # The engines put a page's title into its HTML as it is (navigation, header, <title>): the source's
    # text, as its headings show it, escaped ("Rules <img …>" is a title of those words, no image).
    front["title"] = html.escape(title or page.title or default_title or Path(path).stem, quote=False)
    header = yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=10_000)
    return Imported(f"---\n{header}---\n\n{page.markdown}", report)


def _line_of(warning: str, path: str) -> int:
    """The source line a warning names (``path:12: …``, ``path:12-18: …``); 0 for none: the report
    lists a source's warnings in the order of its lines."""
    line = re.match(r"(\d+)", warning[len(path) + 1:]) if warning.startswith(f"{path}:") else None
    return int(line.group(1)) if line else 0


def _heading_levels(markdown: str) -> list[int]:
    return [len(match.group(1)) for match in re.finditer(r"^(#{1,6}) .*\.rr-rule", markdown, re.M)]


def read_source(source_path: str | Path, source_label: str, data: bytes | None = None) -> str:
    """A source's text: strict UTF-8 or UTF-16 (``source_encoding``), line endings normalised. ``data``: its bytes,
    read already."""
    if data is None:
        try:
            data = Path(source_path).read_bytes()
        except OSError as error:
            raise SourceError(source_label, None, f"cannot read the source: {error.strerror}; "
                                                  "check the file name in ruleset.yml") from None
    return decoded(data, source_label).replace("\r\n", "\n").replace("\r", "\n")


def import_file(source_path: str | Path, *, source_label: str, data: bytes | None = None, **settings) -> Imported:
    """Read ``source_path`` (unless its bytes are ``data``) and import it (``settings``: as ``import_text`` takes
    them).

    ``source_label`` is the repo-relative path written into the page and errors.
    """
    return import_text(read_source(source_path, source_label, data), path=source_label, **settings)


def import_source(ruleset, source, *, source_label: str, data: bytes | None = None) -> Imported:
    """Import one ``sources:`` entry of a ``Ruleset`` (``build_tools.rulesets``), from ``data`` when its bytes
    were read already; it may continue a section of another of the ruleset's sources (the caller checks that one
    holds it)."""
    return import_file(source.path, source_label=source_label, data=data, ruleset=ruleset.id,
                       numbering=ruleset.numbering, chapter=source.chapter, format=source.format,
                       default_title=ruleset.name, continued=len(ruleset.sources) > 1, **source.options)
