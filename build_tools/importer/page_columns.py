"""A page's two columns copied side by side: refused, as no reading of them can be right.

``pdftotext -layout`` keeps a two-column page's layout, so each line holds a
line of the left column, a wide gap, and a line of the right one::

    2.1 Placement. Each player sets up        Ferries carry one unit a turn
    units as shown on the map.                across, at the cost of all its

Read as lines of one text, the right column's sentences were spread over the
left column's rules, and the import said nothing. Lines whose text runs on
both sides of one wide gap, the right side starting at the same column on
``MIN_LINES`` lines, are such a page: the import fails there, naming the fix.
It runs after ``space_tables``, so a table lined up with spaces (its gaps
tabs by then) is never taken for columns; a table's row has short cells, and
several gaps.
"""

from __future__ import annotations

import re

from build_tools.errors import SourceError

MIN_LINES = 4  # lines of two sides at one column: fewer happen in a table of two columns of text
MIN_SIDE = 20  # characters each side holds, at least: a column's line, not a cell
_SIDES = re.compile(r"(?P<left>\S.*?\S)(?P<gap> {3,})(?P<right>\S.*)")
_WORD = re.compile(r"[^\W\d_]{2,}")


def refuse_side_by_side(text: str, path: str) -> None:
    """Raise SourceError when ``text`` holds a page's two columns side by side."""
    if "   " not in text:  # most sources: no three spaces in a row anywhere
        return
    at_column: dict[int, list[int]] = {}  # the right side's column: the lines (counted from 0) it starts there on
    for index, line in enumerate(text.split("\n")):
        if "   " not in line or "\t" in line:
            continue
        sides = _SIDES.search(line)
        if sides is None or "   " in sides["right"] or not (_prose(sides["left"]) and _prose(sides["right"])):
            continue
        at_column.setdefault(sides.start("right"), []).append(index)
    lines = max(at_column.values(), key=len, default=[])
    if len(lines) >= MIN_LINES:
        column = next(column for column, found in at_column.items() if found is lines)
        shown = ", ".join(str(index + 1) for index in lines[:5]) + (" …" if len(lines) > 5 else "")
        raise SourceError(path, lines[0] + 1, f"two columns of text side by side (lines {shown} go on at column "
                                              f"{column + 1}), as pdftotext -layout copies a page of two columns: "
                                              f"copy the text without -layout, which reads one column after the "
                                              f"other, or put the right column's text after the left's")


def _prose(side: str) -> bool:
    return len(side) >= MIN_SIDE and len(_WORD.findall(side)) >= 3
