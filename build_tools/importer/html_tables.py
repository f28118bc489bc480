"""An HTML table in a Markdown source (a wiki's or a word processor's export) read as the table it is.

A block from a line starting ``<table`` to the line holding its ``</table>``
becomes the page's own table (``markdown_text.html_table``), as a pipe table
does: a first row of ``<th>`` cells is the header, a ``<caption>`` the title
row (several rows of ``<th>`` cells at the top, as a merged header cell
makes them, are one header, a column's labels a line each). A cell keeps its
text, its emphasis (``<b>``, ``<strong>``, ``<i>``, ``<em>``), its line breaks
(``<br>``) and a list's items (a line each, after a bullet); every other tag
is left out, its text kept, and no attribute of the source reaches the page:
a merged cell is followed by empty cells (``colspan``) and has empty cells
under it (``rowspan``), so each cell stays in its column. Rule text is data:
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
_MOST_COLUMNS = 50  # a colspan or rowspan is a count the source writes: it adds at most this many cells


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
    rows = [(cells, all_th, spans) for cells, all_th, spans in zip(parser.rows, parser.all_th, parser.spans) if cells]
    if parser.nested or not rows or parser.depth:
        return None
    header = None
    # A first row of <th> cells, and each row of them after a header row with a merged cell (whose labels its cells
    # go on); a row of <th> under a header of single cells is a divider in the body ("Open terrain").
    header_rows = 1 if rows[0][1] else 0
    while header_rows and header_rows < len(rows) and rows[header_rows][1] and rows[header_rows - 1][2]:
        header_rows += 1
    if header_rows and len(rows) > header_rows:
        columns = max(len(cells) for cells, _, _ in rows[:header_rows])
        header = ["<br />".join(cells[column] for cells, _, _ in rows[:header_rows]
                                if column < len(cells) and cells[column]) for column in range(columns)]
        rows = rows[header_rows:]
    body = [cells for cells, _, _ in rows]
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
        self.spans: list[bool] = []  # whether a cell of the row spans more than one column or row
        self.caption = ""
        self.nested = False
        self.depth = 0  # tables open
        self._cell: list[str] | None = None  # the open cell's pieces
        self._span = 1
        self._rows_spanned = 1
        self._under: dict[int, int] = {}  # a column a cell above spans: how many rows more it spans
        self._spanned: list[int] = []  # the columns a cell above spans in the open row
        self._lists: list[int | None] = []  # the lists open in the cell: the last item's number, None if bulleted
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
            self._span, self._rows_spanned = (_count(dict(attrs).get(name)) for name in ("colspan", "rowspan"))
        elif tag == "caption":
            self._in_caption = True
        elif tag == "br" and self._cell is not None:
            self._cell.append("<br />")
        elif tag in _EMPHASIS and self._cell is not None:
            self._cell.append(_EMPHASIS[tag])
        elif tag in ("ul", "ol") and self._cell is not None:
            self._lists.append(0 if tag == "ol" else None)
        elif tag == "li" and self._cell is not None:
            if self._lists and self._lists[-1] is not None:
                self._lists[-1] += 1
            marker = "• " if not self._lists or self._lists[-1] is None else f"{self._lists[-1]}. "
            self._cell.append(("<br />" if "".join(self._cell).strip() else "") + marker)
        elif tag in ("thead", "tbody", "tfoot"):  # a merged cell ends with its row group, as a browser ends it
            self._end_cell()
            self._end_row()
            self._under.clear()

    def handle_endtag(self, tag):
        if tag == "table":
            self._end_cell()
            self._end_row()
            self.depth -= 1
        elif tag in ("td", "th", "tr"):
            self._end_cell()
        elif tag in ("ul", "ol") and self._lists:
            self._lists.pop()
        elif tag in ("thead", "tbody", "tfoot"):
            self._end_cell()
            self._end_row()
            self._under.clear()
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
        self._end_row()
        self.rows.append([])
        self.all_th.append(True)
        self.spans.append(False)
        self._spanned = [column for column, rows in self._under.items() if rows > 0]

    def _end_row(self):
        """The open row's last columns that cells above span, filled; those spans one row shorter."""
        if self.rows:
            row = self.rows[-1]
            for column in sorted(column for column in self._spanned if column >= len(row)):
                row += [""] * (column + 1 - len(row))
        for column in self._spanned:
            self._under[column] -= 1
        self._spanned = []

    def _skip_spanned(self) -> None:
        """An empty cell for each column a cell above spans, where the open row's next cell would go."""
        row = self.rows[-1]
        while len(row) in self._spanned:
            row.append("")

    def _end_cell(self):
        if self._cell is None:
            return
        self._skip_spanned()
        row = self.rows[-1]
        self.spans[-1] = self.spans[-1] or self._span > 1 or self._rows_spanned > 1
        self._lists = []
        if self._rows_spanned > 1:
            self._under.update(dict.fromkeys(range(len(row), len(row) + self._span), self._rows_spanned - 1))
        row += [" ".join("".join(self._cell).split())] + [""] * (self._span - 1)
        self._cell = None


def _count(written: str | None) -> int:
    """A colspan's or rowspan's count: 1 unless the source writes a count above it (at most ``_MOST_COLUMNS``)."""
    return min(int(written), _MOST_COLUMNS) if written and written.isdigit() and int(written) > 0 else 1
