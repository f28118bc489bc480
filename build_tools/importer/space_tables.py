"""Tables a plain-text copy lines up with spaces instead of tabs: read as tab tables.

A results table copied from a PDF, or typed, lines its columns up with runs of spaces::

       Die    1-2    1-1    2-1
        1     AE     AR     DR
        2     AE     AR     AR

Read as text, its rows ran into one paragraph ("Die 1-2 1-1 2-1 1 AE …"), and a row
starting with a number ("10      Grenadier Battalion") read as a section of the book. Three
or more lines in a row, each split by gaps of two or more spaces into the same number of
cells (two or more), each cell under the cell above it, are such a table: their gaps become
tabs, and ``tab_tables`` reads it as it reads any tab table (its title is the line before).
A gap after a sentence's end (``moves.  Then``) is no column gap, and a cell is a few words
(a row's last may end a sentence: ``10-12  Reinforcements arrive.``): double-spaced prose is
never a table. A row may leave cells blank (a value
not given, the empty corner above the row labels) when each of its cells lies under one
column of the row with most cells: the blank ones become empty cells. A cell printed on two
lines (its second line indented under it, alone) reads as a row holding that cell alone, which
``tab_tables`` joins to the cell above when it goes on in lower case. The import lists each table read so,
as the reading is the importer's guess.
"""

from __future__ import annotations

import re

# A column gap: two or more spaces between two cells, not after a sentence's end.
_GAP = re.compile(r"(?<=[^\s.!?]) {2,}(?=\S)")
MIN_ROWS = 3  # header and two rows: two lines alike happen in prose
MAX_CELL_WORDS = 6
_RULE_NUMBER = re.compile(r"[\[(]?\d+(?:\.\d+)+[.)\]]?")


def with_tabs(text: str, path: str) -> tuple[str, list[str], frozenset[int]]:
    """``text`` with the column gaps of its space-aligned tables written as tabs, a line for the
    report per table (``path:first-last: …``), and the index of the line after each table: a
    line of text there ends the table, blank line or not."""
    if "  " not in text:  # most sources: no two spaces in a row anywhere
        return text, [], frozenset()
    lines = text.split("\n")
    cells = [_cells(line) for line in lines]
    said, ends = [], set()
    start = 0
    while start < len(lines):
        end = _table_end(cells, start)
        columns = _columns_with_gaps(cells, start)  # the longer reading: with blank cells, a cell's second line
        if columns is not None and start + len(columns) > end:
            end = start + len(columns)
        else:
            columns = None
        if end - start >= MIN_ROWS:
            for index in range(start, end):
                lines[index] = "\t".join(_row(lines[index], cells[index], columns and columns[index - start]))
            said.append(f"{path}:{start + 1}-{end}: read as a table, its columns lined up with spaces "
                        "(if it is not one, single-space it)")
            ends.add(end)
            start = end
        else:
            start += 1
    return ("\n".join(lines), said, frozenset(ends)) if said else (text, said, frozenset())


def _table_end(cells: list[list[tuple[int, int]] | None], start: int) -> int:
    """Where the run of lines from ``start`` whose cells (``_cells`` of each line) line up as one table's ends."""
    end = start
    while end < len(cells) and cells[end] is not None and len(cells[end]) > 1 and (end == start or (
            len(cells[end]) == len(cells[end - 1])
            and all(a < d and c < b for (a, b), (c, d) in zip(cells[end - 1], cells[end])))):  # under the cell above
        end += 1
    return end


def _columns_with_gaps(cells: list[list[tuple[int, int]] | None], start: int) -> list[list[int]] | None:
    """For a run of rows from ``start`` that leave some cells empty (a blank cell, an empty corner
    above the row labels), the column of each row's cells: the columns are those of the row with
    most cells, and each cell lies under one of them, left to right. None when they do not."""
    end = start
    while end < len(cells) and cells[end] is not None:
        end += 1
    if end - start < MIN_ROWS or len(cells[start]) < 2:
        return None
    widest = max(cells[start:end], key=len)
    columns = []  # each row's: the column of each of its cells, then the table's width
    for spans in cells[start:end]:
        placed = [[column for column, (c, d) in enumerate(widest) if a < d and c < b] for a, b in spans]
        if any(len(under) != 1 for under in placed):
            return None
        order = [under[0] for under in placed]
        if order != sorted(set(order)):
            return None
        columns.append(order + [len(widest)])
    return columns


def _row(line: str, spans: list[tuple[int, int]], columns: list[int] | None) -> list[str]:
    """A row's cells, an empty one in each column it leaves blank (``columns``: each cell's column,
    then the table's width)."""
    if not columns:
        return [line[a:b] for a, b in spans]
    row = [""] * columns[-1]
    for (a, b), column in zip(spans, columns):
        row[column] = line[a:b]
    return row


def _cells(line: str) -> list[tuple[int, int]] | None:
    """The spans of a line's cells, if it reads as a table row (two or more cells of a few words,
    none ending a sentence, or one such cell indented: a cell's second line); None for text, a
    blank line, a line with tabs or a pipe table's row (``| 7-9    | Pin    | 1 step|``)."""
    if ("  " not in line.strip() and not line.startswith("  ")) or "\t" in line or not line.strip():
        return None  # most lines: no gap at all
    if line.lstrip().startswith("|"):
        return None
    spans, start = [], len(line) - len(line.lstrip(" "))
    for gap in _GAP.finditer(line, start):
        spans.append((start, gap.start()))
        start = gap.end()
    spans.append((start, len(line.rstrip())))
    # A sentence's end only closes the last cell ("10-12  Reinforcements arrive."): a gap never follows one.
    # After a rule's number it is the rule's sentence ("6.11  Units may move.").
    if any(len(line[a:b].split()) > MAX_CELL_WORDS for a, b in spans) or line[spans[-1][1] - 1] in ".!?" and (
            len(spans) < 2 or _RULE_NUMBER.fullmatch(line[slice(*spans[0])])):
        return None
    if len(spans) < 2 and not line.startswith("  "):  # one cell, indented: a cell's second line, perhaps
        return None
    return spans
