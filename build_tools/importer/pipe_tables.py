"""Pipe tables (``| a | b |`` rows, a ``|---|`` line after the first), in plain text and Markdown sources,
and grid tables: the same rows between border lines (``+------+------+``, pandoc's and ASCII art's,
or drawn with box characters, ``├──────┼──────┤``)."""

from __future__ import annotations

import re
from collections.abc import Callable

from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md

SEPARATOR_ROW = re.compile(r"\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?")
# A grid table's border line; "=" (pandoc) or a double line under the header row.
GRID_BORDER = re.compile(r"[+┌├└╞╘╒╔╠╚╟┝┠][-=─═━:+┬┼┴╪╤╧╦╬╩┯┿┷┰╂┸]*[+┐┤┘╡╛╕╗╣╝╢┥┨]")
_HEADER_BORDER = re.compile(r"[=═]")
_BOX_BARS = str.maketrans({"│": "|", "║": "|", "┃": "|"})


def is_row(line: str) -> bool:
    return line.startswith(("|", "│", "║", "┃")) or bool(GRID_BORDER.fullmatch(line))


def cells(line: str) -> list[str]:
    inner = line.strip().translate(_BOX_BARS)
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    # "\|" is a pipe inside a cell (GFM), in code too: the cell's text has the pipe.
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner)]


def read_pipe_table(lines: list[str], index: int, path: str, escape: Callable[[str], str] = md.escape_inline, *,
                    pad_short_rows: bool = False, caption: str | None = None) -> tuple[str, int]:
    """The table whose first row is ``lines[index]`` (stripped lines), as Markdown,
    and the index after it; ``escape`` turns a cell's text into inline Markdown.

    The row before the ``|---|`` line is the header; when it has a single cell
    and the body rows more, it is the table's title, spanning all columns.
    ``pad_short_rows``: a row with fewer cells than the header ends in empty
    ones, as Markdown (GFM) reads it (``Swamp | 3 |`` under three columns); a
    row with more is refused all the same (Markdown would drop its last cells).
    ``caption``: the table's title printed apart (pandoc's ``: Terrain Effects Chart`` under it).
    """
    start = index
    rows = []
    while index < len(lines) and is_row(lines[index]):
        rows.append((index, lines[index]))
        index += 1
    aligned: list[str | None] = []
    if any(GRID_BORDER.fullmatch(row) for _, row in rows):
        head, body = _grid_rows(rows)
    elif len(rows) < 2 or not SEPARATOR_ROW.fullmatch(rows[1][1]):
        raise SourceError(path, start + 2, "a pipe table needs a '|---|' line after its first row (or, a grid "
                                           "table, border lines such as '+----+----+')")
    else:
        head, body = cells(rows[0][1]), [(row_index, cells(row)) for row_index, row in rows[2:]]
        aligned = [_alignment(cell.strip()) for cell in cells(rows[1][1])]
    if not body and head is None:
        raise SourceError(path, start + 1, "a grid table with border lines and no rows")
    columns = len(body[0][1]) if body else len(head)
    if pad_short_rows and len(head) > 1:
        columns = len(head)
        body = [(row_index, row_cells + [""] * (columns - len(row_cells))) for row_index, row_cells in body]
    for row_index, row_cells in body:
        if len(row_cells) != columns:
            raise SourceError(path, row_index + 1, f"table row has {len(row_cells)} cells, the rows above have "
                                                   f"{columns} (ragged table: check the '|' separators)")
    if head is not None and len(head) not in (1, columns):
        raise SourceError(path, start + 1, f"table header has {len(head)} cells; give it {columns} "
                                           "or one title cell")
    spans = head is not None and len(head) == 1 and columns > 1
    return md.html_table(
        columns=columns,
        title=escape(head[0]) if spans else (escape(caption) if caption else None),
        header=None if spans or head is None else [escape(cell) for cell in head],
        rows=[[escape(cell) for cell in row_cells] for _, row_cells in body],
        aligned=aligned,
    ), index


def _alignment(separator: str) -> str | None:
    """A column's alignment as its cell of the ``|---|`` line says it: ``:---:`` centre, ``---:`` right."""
    if separator.endswith(":"):
        return "center" if separator.startswith(":") else "right"
    return None


def _grid_rows(rows: list[tuple[int, str]]) -> tuple[list[str] | None, list[tuple[int, list[str]]]]:
    """A grid table's header (None: it has none) and body rows. The header is what a ``+===+``
    border closes, else one line a border parts from several (ASCII art's ``+--+`` over, under
    and after the header). Where borders part the body's rows, the lines between two borders are
    one row whose cells go on over several lines (pandoc's), joined; where one border-less run of
    lines is the body, each line is a row."""
    groups: list[list[list[str]]] = [[]]  # the rows' lines between borders, each line's cells
    header_border = None
    for _, row in rows:
        if not GRID_BORDER.fullmatch(row):
            groups[-1].append(cells(row))
        elif groups[-1]:
            if header_border is None and _HEADER_BORDER.search(row):
                header_border = len(groups)
            groups.append([])
    starts = [row_index for row_index, row in rows if not GRID_BORDER.fullmatch(row)]
    groups = [group for group in groups if group]
    head = None
    if header_border == 1 or (header_border is None and len(groups) == 2 and len(groups[0]) == 1 < len(groups[1])):
        head, starts, groups = _joined(groups[0]), starts[len(groups[0]):], groups[1:]
    if len(groups) == 1:
        return head, list(zip(starts, groups[0]))
    body = []
    for group in groups:
        body.append((starts[0], _joined(group)))
        starts = starts[len(group):]
    return head, body


def _joined(lines: list[list[str]]) -> list[str]:
    """One row's cells from its lines (each a list of cells), column by column; lines of unequal
    length keep their cells as they are (the table's check names the row)."""
    if len({len(line) for line in lines}) != 1:
        return [cell for line in lines for cell in line]
    return [" ".join(cell for cell in column if cell) for column in zip(*lines)]
