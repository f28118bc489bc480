"""Tables typed with tabs, as rulebook transcriptions copied from a PDF have them.

A block of tab-separated lines is a table (first line = header), titled by
the plain line right before it; blocks of ``key<TAB>text`` lines after it are
its notes: numeric keys are footnotes (``Small Arms2`` or ``TABLE¹`` in a cell
links to footnote 2 or 1), other keys a legend. In a copy from a PDF, with no
blank lines, the notes may follow the rows at once (two cells under a header of
more, a short key), and a rule's line or a sentence may end the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md
from build_tools.importer.titles import in_title_case

# A footnote marker glued to a table cell's text: "Small Arms2", "G3", "Mines9/".
_GLUED_MARKER = re.compile(r"(?<=[A-Za-z])(\d+)(?![\d.])")
_SUPERSCRIPT_MARKER = re.compile(f"[{md.SUPERSCRIPT_DIGITS}]+")
# A line that ends a table without a blank line before it: a rule's ("[6.2] Woods. …", "6.2 Woods"),
# or a sentence of at least PROSE_WORDS words; a shorter line may be a row typed without its tabs.
_RULE_LINE = re.compile(r"[\[(]?\d+\.\d+(?:\.\d+)*[.)\]]?\s")
PROSE_WORDS = 8
# A sentence of this many words over a table is text, not its title.
TITLE_WORDS = 5
# Footnote marks after a line's last word ("hex.[1]", "hex.¹", "hex.[^1]"), which a sentence may end with.
_NOTE_MARKS = re.compile(rf"(?:\[\^?\d{{1,2}}\]|[{md.SUPERSCRIPT_DIGITS}]+)+\s*$")
# A legend's key right after the rows ("P<TAB>Prohibited", "*<TAB>Only along a road", "AE<TAB>…").
MAX_KEY_LENGTH = 3


def _note(cells: list[str]) -> bool:
    return (len(cells) == 2 and 0 < len(cells[0]) <= MAX_KEY_LENGTH
            and len(cells[1]) > MAX_KEY_LENGTH and any(c.islower() for c in cells[1]))


# A row of rules under a header, as a typed table has it ("----<TAB>----", "====<TAB>===="): layout, no cells.
_UNDERLINE_CELL = re.compile(r"-{2,}|={2,}")


def _without_layout(rows: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """A table's rows without what only lays it out: the header's underline row, and the empty first
    column of a table indented with a tab (every row starting with one)."""
    if len(rows) > 2 and all(_UNDERLINE_CELL.fullmatch(cell) for cell in rows[1][1]):
        rows = rows[:1] + rows[2:]
    if all(len(cells) > 1 and not cells[0] for _, cells in rows):
        rows = [(index, cells[1:]) for index, cells in rows]
    return rows


def _with_wrapped_cells(body: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """``body`` with each cell printed on two lines read as one: a row holding one cell alone, in lower case and
    not in the first column (where a row's label is), under a cell of some words that ends on no sentence's end
    (``Defender shifts one`` over ``column left``), is that cell's end."""
    joined: list[tuple[int, list[str]]] = []
    for row_index, cells in body:
        filled = [column for column, text in enumerate(cells) if text]
        if joined and len(filled) == 1 and filled[0] > 0 and cells[filled[0]][:1].islower():
            above = joined[-1][1][filled[0]]
            if " " in above and not above.endswith((".", "!", "?")):
                joined[-1][1][filled[0]] = f"{above} {cells[filled[0]]}"
                continue
        joined.append((row_index, list(cells)))
    return joined


# A cell that ends a sentence of words, or on an aside citing a number: no column's header ("AR<TAB>Attacker Retreat,
# see 1.2.", "AR<TAB>Attacker retreats one hex (see 1.2)", a glossary's entries; "Cost (MP)" is a header).
_SENTENCE_CELL = re.compile(r"\S\s+\S.*(?:[.!?][\"')\]’”]*|\([^()]*\d[^()]*\))$")


def _entry(row: str) -> bool:
    """Whether a table's first row is an entry of it rather than its header: its last cell ends a sentence."""
    return _SENTENCE_CELL.search(row.rstrip().rsplit("\t", 1)[-1].strip()) is not None


def may_title_a_table(line: str) -> bool:
    """Whether a line over a table may be its title: not a sentence of some words, nor one leading up to the table
    ("The cost to enter a hex depends on its terrain, as the table shows:"; "Terrain Effects on Movement:" is a
    title)."""
    text = _NOTE_MARKS.sub("", line).rstrip()
    if len(text.split()) < TITLE_WORDS:
        return True
    return not (text.endswith((".", "!", "?", ".)", '."', ".”")) or text.endswith(":") and not in_title_case(text))


class TabTables:
    """Reads the tab tables of one source; footnote IDs are unique on its page."""

    def __init__(self, lines: list[str], error: Callable[[int, str], SourceError], ends: frozenset[int] = frozenset()):
        self.lines = lines
        self.error = error
        self.ends = ends  # lines a table may end before, a blank line or not (after a space table, a page break)
        self.prefixes: set[str] = set()

    def next_nonblank(self, index: int) -> int | None:
        while index < len(self.lines) and not self.lines[index].strip():
            index += 1
        return index if index < len(self.lines) else None

    def starts_at(self, index: int) -> bool:
        return "\t" in self.lines[index]

    def titles_table(self, index: int) -> bool:
        """Whether the plain line at ``index`` is the title of a table right after it: not a sentence of some
        words (``A unit may always move one hex.``, a rule's text over its table, is the rule's)."""
        following = self.next_nonblank(index + 1)
        return following is not None and "\t" in self.lines[following] and may_title_a_table(self.lines[index])

    def entries_after(self, index: int) -> bool:
        """Whether the line after ``index`` (or after a blank line) starts a table of entries with no header."""
        following = self.next_nonblank(index + 1)
        return following is not None and "\t" in self.lines[following] and _entry(self.lines[following])

    def _block(self, index: int) -> tuple[list[tuple[int, list[str]]], int]:
        """Consecutive tab-separated lines from ``index``: [(line index, cells)], index after them."""
        rows = []
        while index < len(self.lines) and "\t" in self.lines[index]:
            # Only spaces are trimmed: a leading or trailing tab is an empty cell.
            rows.append((index, [cell.strip(" ") for cell in self.lines[index].strip(" ").split("\t")]))
            index += 1
        following = self.lines[index].strip() if index < len(self.lines) else ""
        if following and index not in self.ends and not (_RULE_LINE.match(following)
                                                         or len(following.split()) >= PROSE_WORDS):
            raise self.error(index, "table row without tabs (or a table not ended by a blank line): "
                                    "separate cells with tabs, end the table with an empty line")
        return rows, index

    @staticmethod
    def _notes_after_rows(rows: list[tuple[int, list[str]]]) -> int:
        """How many of a block's last rows are notes typed right after the table: two cells under
        a header of more, a short key and words in lower case (``P<TAB>Prohibited``); a short
        row of codes (``FT<TAB>S``) is a ragged row, said as such."""
        columns = len(rows[0][1])
        count = 0
        while count < len(rows) - 2 and columns > 2 and _note(rows[-1 - count][1]):
            count += 1
        return count

    def read(self, index: int, owner_id: str) -> tuple[list[str], int]:
        """The Markdown blocks of the table at ``index`` (its title line, or its first
        row) and its notes, and the index after them. ``owner_id`` (the top rule it
        is under) starts its footnote IDs."""
        title_index = None
        if "\t" not in self.lines[index]:
            title_index, index = index, self.next_nonblank(index + 1)
        rows, index = self._block(index)
        noted = self._notes_after_rows(rows)
        notes: list[tuple[int, list[str]]] = rows[len(rows) - noted:]
        rows = _without_layout(rows[:len(rows) - noted])
        (_, header), body = rows[0], rows[1:]
        entries = _entry("\t".join(header))  # a glossary's "AR<TAB>Attacker Retreat, see 1.2.": no header
        while not notes and (following := self.next_nonblank(index)) is not None and self._header_again(following,
                                                                                                       header):
            block, index = self._block(following)  # the table goes on after a page break, its header printed again
            noted = self._notes_after_rows(block)  # and its legend may follow the last part's rows at once
            notes = block[len(block) - noted:] if noted else []
            body += _without_layout(block[:len(block) - noted])[1:]
        body = [(row_index, cells) for row_index, cells in body if cells != header]  # printed again, no blank line
        for row_index, cells in body:
            if len(cells) != len(header):
                raise self.error(row_index, f"table row has {len(cells)} cells, its header has {len(header)} "
                                            "(ragged table: check the tabs; a PDF copy drops a row's empty last "
                                            "cells: end the row with a tab for each)")
        body = _with_wrapped_cells(body)
        while (following := self.next_nonblank(index)) is not None and "\t" in self.lines[following]:
            block, index = self._block(following)
            for note_index, cells in block:
                if len(cells) != 2 or not cells[0] or not cells[1]:
                    raise self.error(note_index,
                                     "table note must be 'key<TAB>text' (a footnote number or a legend symbol)")
            notes += block

        footnotes = {}
        for note_index, (key, _) in notes:
            if key.isdigit():
                if key in footnotes:
                    raise self.error(note_index, f"duplicate footnote {key} (first on line {footnotes[key] + 1})")
                footnotes[key] = note_index
        title = self.lines[title_index].strip() if title_index is not None else None
        prefix = self._prefix(owner_id, title)

        def cell(text: str, line: int) -> str:
            return self._with_markers(text, line, footnotes, prefix)

        blocks = [md.html_table(
            columns=len(header),
            title=cell(title, title_index) if title is not None else None,
            header=None if entries else [cell(text, rows[0][0]) for text in header],
            rows=[[cell(text, row_index) for text in cells]
                  for row_index, cells in (rows[:1] if entries else []) + body],
        )]
        # Notes keep their source order; a run of legend entries or of footnotes is one list.
        runs: list[tuple[bool, list]] = []
        for note_index, (key, text) in notes:
            is_footnote = key.isdigit()
            if not runs or runs[-1][0] != is_footnote:
                runs.append((is_footnote, []))
            element_id = f"{prefix}-fn-{key}" if is_footnote else None
            runs[-1][1].append((element_id, md.escape_inline(key), md.escape_inline(text)))
        for is_footnote, entries in runs:
            blocks.append(md.definition_list("rr-footnotes" if is_footnote else "rr-legend", entries))
        return blocks, index

    def _header_again(self, index: int, header: list[str]) -> bool:
        """Whether line ``index`` repeats a table's header row (a page's break inside the table)."""
        return "\t" in self.lines[index] and [cell.strip(" ") for cell in self.lines[index].strip(" ").split("\t")] \
            == header

    def _prefix(self, owner_id: str, title: str | None) -> str:
        """Footnote IDs are ``<rule>-<table initials>-fn-<n>``: ``D-cat-fn-3`` for the Collateral Attack Table."""
        words = re.findall(r"[A-Za-z]+", title or "")
        initials = "".join(word[0] for word in words).lower() or "table"
        prefix, number = f"{owner_id}-{initials}", 1
        while prefix in self.prefixes:
            number += 1
            prefix = f"{owner_id}-{initials}{number}"
        self.prefixes.add(prefix)
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
            number = match.group(0).translate(md.SUPERSCRIPT_VALUES)
            if number not in footnotes:
                raise self.error(line, f"footnote marker {number} in {text!r} has no footnote "
                                       f"(add a '{number}<TAB>text' line after the table)")
            out.append(md.escape_inline(text[position:match.start()]))
            out.append(f'<sup class="rr-fn"><a href="#{prefix}-fn-{number}">{number}</a></sup>')
            position = match.end()
        out.append(md.escape_inline(text[position:]))
        return "".join(out)
