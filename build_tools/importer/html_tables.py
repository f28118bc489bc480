"""An HTML table in a Markdown source (a wiki's or a word processor's export) read as the table it is.

A block from a line starting ``<table`` to the line holding its ``</table>``
becomes the page's own table (``markdown_text.html_table``), as a pipe table
does: a first row of ``<th>`` cells is the header, a ``<caption>`` the title
row. A cell keeps its text, its emphasis (``<b>``, ``<strong>``, ``<i>``,
``<em>``) and its line breaks (``<br>``); every other tag is left out, its
text kept, and no attribute of the source reaches the page (a ``colspan``
cell is followed by empty cells, so the rows stay even). Rule text is data:
nothing a source writes runs. A table left open, or holding another table,
is not read: it is shown as written, as any other HTML.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from build_tools.importer import markdown_text as md

_OPENS = re.compile(r"[ \t]*<table(?=[\s>])", re.IGNORECASE)
_CLOSES = re.compile(r"</table\s*>", re.IGNORECASE)
_EMPHASIS = {"b": "**", "strong": "**", "i": "*", "em": "*"}
_MOST_COLUMNS = 50  # a colspan is a count the source writes: it adds at most this many cells


def html_tables(text_lines: list[str]) -> dict[int, tuple[int, str]]:
    """First line of each HTML table block -> (its last line, the table as page Markdown)."""
    tables: dict[int, tuple[int, str]] = {}
    index = 0
    while index < len(text_lines):
        if not _OPENS.match(text_lines[index]):
            index += 1
            continue
        last = next((at for at in range(index, len(text_lines)) if _CLOSES.search(text_lines[at])), None)
        if last is None:
            break
        closing = list(_CLOSES.finditer(text_lines[last]))[-1]
        # Text after the table on its last line would be lost with the table's markup: not read then.
        table = _read("\n".join(text_lines[index:last + 1])) if not text_lines[last][closing.end():].strip() else None
        if table is not None:
            tables[index] = (last, table)
        index = last + 1
    return tables


def _read(block: str) -> str | None:
    parser = _TableParser()
    parser.feed(block)
    parser.close()
    rows = [(cells, all_th) for cells, all_th in zip(parser.rows, parser.all_th) if cells]
    if parser.nested or not rows or parser.depth:
        return None
    header = None
    if rows[0][1] and len(rows) > 1:
        header, rows = rows[0][0], rows[1:]
    body = [cells for cells, _ in rows]
    columns = max(len(cells) for cells in (header or [], *body))

    def padded(cells: list[str]) -> list[str]:  # a short row ends in empty cells, as Markdown reads it
        return cells + [""] * (columns - len(cells))

    return md.html_table(columns=columns, title=parser.caption.strip() or None,
                         header=padded(header) if header else None, rows=[padded(cells) for cells in body])


class _TableParser(HTMLParser):
    """The rows of one ``<table>``: each a list of cells as inline Markdown, and whether all its cells are ``<th>``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.all_th: list[bool] = []
        self.caption = ""
        self.nested = False
        self.depth = 0  # tables open
        self._cell: list[str] | None = None  # the open cell's pieces
        self._span = 1
        self._in_caption = False

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.depth += 1
            self.nested = self.nested or self.depth > 1
        elif tag == "tr":
            self._end_cell()
            self._new_row()
        elif tag in ("td", "th"):
            self._end_cell()
            if not self.rows:
                self._new_row()
            self.all_th[-1] = self.all_th[-1] and tag == "th"
            self._cell = []
            span = dict(attrs).get("colspan") or "1"
            self._span = min(int(span), _MOST_COLUMNS) if span.isdigit() and int(span) > 0 else 1
        elif tag == "caption":
            self._in_caption = True
        elif tag == "br" and self._cell is not None:
            self._cell.append("<br />")
        elif tag in _EMPHASIS and self._cell is not None:
            self._cell.append(_EMPHASIS[tag])

    def handle_endtag(self, tag):
        if tag == "table":
            self._end_cell()
            self.depth -= 1
        elif tag in ("td", "th", "tr"):
            self._end_cell()
        elif tag == "caption":
            self._in_caption = False
        elif tag in _EMPHASIS and self._cell is not None and _EMPHASIS[tag] in self._cell:
            mark = _EMPHASIS[tag]
            opened = len(self._cell) - 1 - self._cell[::-1].index(mark)
            if "".join(self._cell[opened + 1:]).strip():
                self._cell.append(mark)
            else:  # nothing but space between: no emphasis to mark
                del self._cell[opened]

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(md.escape_inline(data))
        elif self._in_caption:
            self.caption += md.escape_inline(data)

    def _new_row(self):
        self.rows.append([])
        self.all_th.append(True)

    def _end_cell(self):
        if self._cell is None:
            return
        self.rows[-1] += [" ".join("".join(self._cell).split())] + [""] * (self._span - 1)
        self._cell = None
