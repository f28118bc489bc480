"""ASL-shaped rule text: numbered rules, ``EX:`` examples, tab-separated tables with footnotes.

The shape, line by line (one source line is one paragraph):

* the first line names the rule or chapter: ``15. Bulldozers`` (rule G15),
  ``D. VEHICLES`` (chapter D);
* a numbered rule: ``15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL: A Mobile dozer ...``,
  ``D.8A SPECIFIC: ...``; the leading run up to the first ": " is the rule's
  title when it reads as one (capitalised words, "vs", "/immobile");
* ``EX: ...`` starts an example; it holds the untitled paragraphs after it;
* a block of tab-separated lines is a table (first line = header), titled by
  the line before it; blocks of ``key<TAB>text`` lines after it are its notes:
  numeric keys are footnotes, others a legend;
* any other line is a paragraph of the rule above it.
"""

from __future__ import annotations

import re

from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md
from build_tools.importer.page import Page

_TOP = re.compile(r"(?P<letter>[A-Z])?(?P<major>\d+)?\.\s+(?P<title>\S.*)")
_RULE = re.compile(r"(?P<number>(?P<letter>[A-Z])?(?P<major>\d+)?\.(?P<minor>\d+)(?P<suffix>[A-Z]?))(?=\s|$)\s*(?P<rest>.*)")
_EXAMPLE = re.compile(r"EX:(?:\s+(?P<rest>.*))?")
# A title word: capitals (with digits, hyphens, apostrophes) and optional
# "/alternatives" ("PILLBOX/ENTRENCHMENT/TUNNEL", "MOBILE/immobile", "DR/dr"),
# or a lower-case connector.
_TITLE_WORD = re.compile(r"(?:vs|&|[A-Z][A-Z0-9'-]*(?:/[A-Za-z][A-Za-z0-9'-]*)*)")
# A footnote marker glued to a table cell's text: "Small Arms2", "G3", "Mines9/".
_GLUED_MARKER = re.compile(r"(?<=[A-Za-z])(\d+)(?![\d.])")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_SUPERSCRIPT_MARKER = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


def split_title(rest: str) -> tuple[str | None, str]:
    """``"vs CAVE: A dozer ..."`` -> ``("vs CAVE:", "A dozer ...")``; untitled text -> ``(None, text)``."""
    match = re.match(r"(?P<title>[^:]+):(?:\s+|$)", rest)
    if match:
        words = match.group("title").split()
        if words and all(_TITLE_WORD.fullmatch(w) for w in words) and any(w[0].isupper() for w in words):
            return match.group("title") + ":", rest[match.end():].strip()
    return None, rest.strip()


class _Reader:
    """Walks the lines of one ASL text, writing Markdown blocks and checking the numbering."""

    def __init__(self, lines: list[str], path: str, chapter: str | None) -> None:
        self.lines = lines
        self.path = path
        self.chapter = chapter
        self.blocks: list[str] = []
        self.seen: dict[str, int] = {}
        self.previous: tuple[str, tuple[str, str]] | None = None
        self.top_id = ""
        self.table_prefixes: set[str] = set()
        self.example_line = 0

    def error(self, index: int, reason: str) -> SourceError:
        return SourceError(self.path, index + 1, reason)

    def next_nonblank(self, index: int) -> int | None:
        while index < len(self.lines) and not self.lines[index].strip():
            index += 1
        return index if index < len(self.lines) else None

    def chapter_of(self, index: int, letter: str | None) -> str:
        if letter and self.chapter and letter != self.chapter:
            raise self.error(index, f"rule number is in chapter {letter}, but this source is chapter {self.chapter} "
                                    f"(fix the number or the source's chapter in ruleset.yml)")
        chapter = letter or self.chapter
        if not chapter:
            raise self.error(index, "rule number has no chapter letter; give the source a chapter in ruleset.yml")
        return chapter

    def read(self) -> Page:
        first = self.next_nonblank(0)
        if first is None:
            raise SourceError(self.path, None, "empty file: no rules to import")
        top = _TOP.fullmatch(self.lines[first].strip())
        if not top or not (top.group("letter") or top.group("major")):
            raise self.error(first, "the first line must name the rule or chapter, like '15. Bulldozers' or 'D. VEHICLES'")
        chapter = self.chapter_of(first, top.group("letter"))
        major = top.group("major") or ""
        self.top_id = f"{chapter}{major}"
        self.seen[self.top_id] = first
        self.blocks.append(md.rule_heading(1, self.lines[first].strip(), self.top_id))
        heading = top.group("title")
        if major:
            title = f"{chapter}{major} {heading}"
        else:
            title = f"Chapter {chapter}: {heading.capitalize() if heading.isupper() else heading}"

        index = first + 1
        example: list[str] | None = None
        while (index := self.next_nonblank(index)) is not None:
            line = self.lines[index].strip()
            rule = _RULE.fullmatch(line)
            ex = _EXAMPLE.fullmatch(line)
            if "\t" in self.lines[index] or self._is_table_title(index):
                self._flush_example(example)
                example = None
                index = self._table(index)
                continue
            if rule:
                self._flush_example(example)
                example = None
                self._rule(index, rule)
            elif ex:
                self._flush_example(example)
                example = [md.escape_line(ex.group("rest"))] if ex.group("rest") else []
                self.example_line = index
            elif example is not None:
                example.append(md.escape_line(line))
            else:
                self.blocks.append(md.escape_line(line))
            index += 1
        self._flush_example(example)
        return Page(title=title, chapter=chapter, markdown="\n\n".join(self.blocks) + "\n")

    def _flush_example(self, example: list[str] | None) -> None:
        if example is None:
            return
        if not example:
            raise self.error(self.example_line, "EX: with no example text after it")
        self.blocks.append(md.admonition("example", "EX:", example))

    def _rule(self, index: int, match: re.Match) -> None:
        chapter = self.chapter_of(index, match.group("letter"))
        minor, suffix = match.group("minor"), match.group("suffix")
        base = f"{chapter}{match.group('major') or ''}"
        rule_id = f"{base}.{minor}{suffix}"
        if rule_id in self.seen:
            raise self.error(index, f"duplicate rule ID {rule_id} (first on line {self.seen[rule_id] + 1})")
        if suffix:
            parent = f"{base}.{minor}"
        elif len(minor) > 1:
            parent = f"{base}.{minor[:-1]}"
        else:
            parent = base
        if parent not in self.seen:
            raise self.error(index, f"rule {match.group('number')} does not nest under the rules before it: "
                                    f"its parent {parent} is missing")
        key = (minor, suffix)
        if self.previous and key <= self.previous[1]:
            raise self.error(index, f"rule {match.group('number')} comes after {self.previous[0]}: out of order")
        level = 1 + len(minor) + (1 if suffix else 0)
        if level > 6:
            raise self.error(index, f"rule {match.group('number')} nests deeper than a heading can (h6)")
        title, body = split_title(match.group("rest"))
        if title is None and not body:
            raise self.error(index, f"rule number {match.group('number')} with no rule text")
        self.seen[rule_id] = index
        self.previous = (match.group("number"), key)
        heading = f"{match.group('number')} {title}" if title else match.group("number")
        self.blocks.append(md.rule_heading(level, heading, rule_id))
        if body:
            self.blocks.append(md.escape_line(body))

    def _is_table_title(self, index: int) -> bool:
        """A plain line whose next non-blank line is a table row is that table's title."""
        following = self.next_nonblank(index + 1)
        return (following is not None and "\t" in self.lines[following]
                and not _RULE.fullmatch(self.lines[index].strip()))

    def _tab_block(self, index: int) -> tuple[list[tuple[int, list[str]]], int]:
        """Consecutive tab-separated lines from ``index``: [(line index, cells)], index after them."""
        rows = []
        while index < len(self.lines) and "\t" in self.lines[index]:
            # Only spaces are trimmed: a leading or trailing tab is an empty cell.
            rows.append((index, [cell.strip(" ") for cell in self.lines[index].strip(" ").split("\t")]))
            index += 1
        if index < len(self.lines) and self.lines[index].strip():
            raise self.error(index, "table row without tabs (or a table not ended by a blank line): "
                                    "separate cells with tabs, end the table with an empty line")
        return rows, index

    def _table(self, index: int) -> int:
        title_index = None
        if "\t" not in self.lines[index]:
            title_index, index = index, self.next_nonblank(index + 1)
        rows, index = self._tab_block(index)
        (_, header), body = rows[0], rows[1:]
        for row_index, cells in body:
            if len(cells) != len(header):
                raise self.error(row_index, f"table row has {len(cells)} cells, its header has {len(header)} "
                                            "(ragged table: check the tabs)")
        notes: list[tuple[int, list[str]]] = []
        while (following := self.next_nonblank(index)) is not None and "\t" in self.lines[following]:
            block, index = self._tab_block(following)
            for note_index, cells in block:
                if len(cells) != 2 or not cells[0] or not cells[1]:
                    raise self.error(note_index, "table note must be 'key<TAB>text' (a footnote number or a legend symbol)")
            notes += block

        footnotes = {}
        for note_index, (key, _) in notes:
            if key.isdigit():
                if key in footnotes:
                    raise self.error(note_index, f"duplicate footnote {key} (first on line {footnotes[key] + 1})")
                footnotes[key] = note_index
        title = self.lines[title_index].strip() if title_index is not None else None
        prefix = self._table_prefix(title)

        def cell(text: str, line: int) -> str:
            return self._with_markers(text, line, footnotes, prefix)

        self.blocks.append(md.html_table(
            columns=len(header),
            title=cell(title, title_index) if title is not None else None,
            header=[cell(text, rows[0][0]) for text in header],
            rows=[[cell(text, row_index) for text in cells] for row_index, cells in body],
        ))
        # Notes keep their source order; a run of legend entries or of footnotes is one list.
        runs: list[tuple[bool, list]] = []
        for note_index, (key, text) in notes:
            is_footnote = key.isdigit()
            if not runs or runs[-1][0] != is_footnote:
                runs.append((is_footnote, []))
            element_id = f"{prefix}-fn-{key}" if is_footnote else None
            runs[-1][1].append((element_id, md.escape_inline(key), md.escape_inline(text)))
        for is_footnote, entries in runs:
            self.blocks.append(md.definition_list("rr-footnotes" if is_footnote else "rr-legend", entries))
        return index

    def _table_prefix(self, title: str | None) -> str:
        """Footnote IDs are ``<rule>-<table initials>-fn-<n>``: ``D-cat-fn-3`` for the Collateral Attack Table."""
        words = re.findall(r"[A-Za-z]+", title or "")
        initials = "".join(word[0] for word in words).lower() or "table"
        prefix, number = f"{self.top_id}-{initials}", 1
        while prefix in self.table_prefixes:
            number += 1
            prefix = f"{self.top_id}-{initials}{number}"
        self.table_prefixes.add(prefix)
        return prefix

    def _with_markers(self, text: str, line: int, footnotes: dict[str, int], prefix: str) -> str:
        """Escape a cell, turning footnote markers into links to their footnotes.

        A marker is a superscript digit ("TABLE¹") or, in a table that has
        footnotes, a digit group glued to a letter ("Small Arms2", "G3"); a
        rule number ("C7.346") is not one.
        """
        pattern = _SUPERSCRIPT_MARKER if not footnotes else re.compile(
            f"{_SUPERSCRIPT_MARKER.pattern}|{_GLUED_MARKER.pattern}")
        out, position = [], 0
        for match in pattern.finditer(text):
            number = match.group(0).translate(_SUPERSCRIPTS)
            if number not in footnotes:
                raise self.error(line, f"footnote marker {number} in {text!r} has no footnote "
                                       f"(add a '{number}<TAB>text' line after the table)")
            out.append(md.escape_inline(text[position:match.start()]))
            out.append(f'<sup class="rr-fn"><a href="#{prefix}-fn-{number}">{number}</a></sup>')
            position = match.end()
        out.append(md.escape_inline(text[position:]))
        return "".join(out)


def import_asl(text: str, *, path: str, chapter: str | None) -> Page:
    """ASL rule text -> page title and Markdown body (without front matter)."""
    return _Reader(text.split("\n"), path, chapter).read()
