"""Pipe tables (``| a | b |`` rows, a ``|---|`` line after the first), in plain text and Markdown sources."""

from __future__ import annotations

import re
from collections.abc import Callable

from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md

SEPARATOR_ROW = re.compile(r"\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?")


def is_row(line: str) -> bool:
    return line.startswith("|")


def cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    # "\|" is a pipe inside a cell (GFM), in code too: the cell's text has the pipe.
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def read_pipe_table(lines: list[str], index: int, path: str,
                    escape: Callable[[str], str] = md.escape_inline, *, pad_short_rows: bool = False) -> tuple[str, int]:
    """The table whose first row is ``lines[index]`` (stripped lines), as Markdown,
    and the index after it; ``escape`` turns a cell's text into inline Markdown.

    The row before the ``|---|`` line is the header; when it has a single cell
    and the body rows more, it is the table's title, spanning all columns.
    ``pad_short_rows``: a row with fewer cells than the header ends in empty
    ones, as Markdown (GFM) reads it (``Swamp | 3 |`` under three columns); a
    row with more is refused all the same (Markdown would drop its last cells).
    """
    start = index
    rows = []
    while index < len(lines) and is_row(lines[index]):
        rows.append((index, lines[index]))
        index += 1
    if len(rows) < 2 or not SEPARATOR_ROW.fullmatch(rows[1][1]):
        raise SourceError(path, start + 2, "a pipe table needs a '|---|' line after its first row")
    head = cells(rows[0][1])
    body = [(row_index, cells(row)) for row_index, row in rows[2:]]
    columns = len(body[0][1]) if body else len(head)
    if pad_short_rows and len(head) > 1:
        columns = len(head)
        body = [(row_index, row_cells + [""] * (columns - len(row_cells))) for row_index, row_cells in body]
    for row_index, row_cells in body:
        if len(row_cells) != columns:
            raise SourceError(path, row_index + 1, f"table row has {len(row_cells)} cells, the rows above have "
                                                   f"{columns} (ragged table: check the '|' separators)")
    if len(head) not in (1, columns):
        raise SourceError(path, start + 1, f"table header has {len(head)} cells; give it {columns} "
                                           "or one title cell")
    spans = len(head) == 1 and columns > 1
    return md.html_table(
        columns=columns,
        title=escape(head[0]) if spans else None,
        header=None if spans else [escape(cell) for cell in head],
        rows=[[escape(cell) for cell in row_cells] for _, row_cells in body],
    ), index
