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
A gap after a sentence's end (``moves.  Then``) is no column gap, and a cell is a few words,
not a sentence: double-spaced prose is never a table. The import lists each table read so,
as the reading is the importer's guess.
"""

from __future__ import annotations

import re

# A column gap: two or more spaces between two cells, not after a sentence's end.
_GAP = re.compile(r"(?<=[^\s.!?]) {2,}(?=\S)")
MIN_ROWS = 3  # header and two rows: two lines alike happen in prose
MAX_CELL_WORDS = 4


def with_tabs(text: str, path: str) -> tuple[str, list[str]]:
    """``text`` with the column gaps of its space-aligned tables written as tabs, and a line
    for the report per table (``path:first-last: …``)."""
    if "  " not in text:  # most sources: no two spaces in a row anywhere
        return text, []
    lines = text.split("\n")
    cells = [_cells(line) for line in lines]
    said = []
    start = 0
    while start < len(lines):
        end = _table_end(cells, start)
        if end - start >= MIN_ROWS:
            for index in range(start, end):
                lines[index] = "\t".join(lines[index][a:b] for a, b in cells[index])
            said.append(f"{path}:{start + 1}-{end}: read as a table, its columns lined up with spaces "
                        "(if it is not one, single-space it)")
            start = end
        else:
            start += 1
    return ("\n".join(lines), said) if said else (text, said)


def _table_end(cells: list[list[tuple[int, int]] | None], start: int) -> int:
    """Where the run of lines from ``start`` whose cells (``_cells`` of each line) line up as one table's ends."""
    end = start
    while end < len(cells) and cells[end] is not None and (end == start or (
            len(cells[end]) == len(cells[end - 1])
            and all(a < d and c < b for (a, b), (c, d) in zip(cells[end - 1], cells[end])))):  # under the cell above
        end += 1
    return end


def _cells(line: str) -> list[tuple[int, int]] | None:
    """The spans of a line's cells, if it reads as a table row (two or more cells of a few words,
    none ending a sentence); None for text, a blank line or a line with tabs."""
    if "  " not in line.strip() or "\t" in line:  # most lines: no gap at all
        return None
    spans, start = [], len(line) - len(line.lstrip(" "))
    for gap in _GAP.finditer(line, start):
        spans.append((start, gap.start()))
        start = gap.end()
    spans.append((start, len(line.rstrip())))
    if len(spans) < 2 or any(len(line[a:b].split()) > MAX_CELL_WORDS or line[b - 1] in ".!?" for a, b in spans):
        return None
    return spans
