"""A page's two columns copied side by side: refused, as no reading of them can be right.

``pdftotext -layout`` keeps a two-column page's layout, so each line holds a
line of the left column, a wide gap, and a line of the right one::

    2.1 Placement. Each player sets up        Ferries carry one unit a turn
    units as shown on the map.                across, at the cost of all its

Read as lines of one text, the right column's sentences were spread over the
left column's rules, and the import said nothing. ``MIN_LINES`` lines in a row
whose running text (words in lower case, not a glossary's term) goes on after
one wide gap, at the same column on each, some of them going on in lower case
from the line above (a glossary's terms and meanings each start anew), are such
a page: the import fails there, naming the fix.
It runs after ``space_tables``, so a table lined up with spaces (its gaps
tabs by then) is never taken for columns; a table's row has short cells, and
several gaps.
"""

from __future__ import annotations

import re

from build_tools.errors import SourceError

MIN_LINES = 4  # lines in a row of two sides at one column: fewer happen in a table of two columns of text
MIN_SIDE = 20  # characters each side holds, at least: a column's line, not a cell
MAX_SKIP = 2  # lines a run may skip (a column's blank line, a line the other column leaves empty)
MIN_GOING_ON = 2  # its lines a side of which goes on from the line above: a glossary's terms and meanings never do
_SIDES = re.compile(r"(?P<left>\S.*?\S)(?P<gap> {3,})(?P<right>\S.*)")
_LOWER_CASE_WORD = re.compile(r"\b[a-z]{2,}\b")


def refuse_side_by_side(text: str, path: str) -> None:
    """Raise SourceError when ``text`` holds a page's two columns side by side."""
    if "   " not in text:  # most sources: no three spaces in a row anywhere
        return
    runs: dict[int, list[tuple[int, bool]]] = {}  # the right side's column: the last run there, each line (counted
    # from 0) and whether a side of it goes on from the line before (starts in lower case)
    for index, line in enumerate(text.split("\n")):
        if "   " not in line or "\t" in line:
            continue
        sides = _SIDES.search(line)
        if sides is None or "   " in sides["right"] or not (_prose(sides["left"], 2) and _prose(sides["right"], 3)):
            continue
        column = sides.start("right")
        run = runs.get(column)
        if run is None or index - run[-1][0] > MAX_SKIP + 1:
            runs[column] = run = []
        run.append((index, sides["left"][:1].islower() or sides["right"][:1].islower()))
        if len(run) >= MIN_LINES and sum(goes_on for _, goes_on in run) >= MIN_GOING_ON:
            shown = ", ".join(str(at + 1) for at, _ in run)
            raise SourceError(path, run[0][0] + 1, f"two columns of text side by side (lines {shown} go on at column "
                                                f"{column + 1}), as pdftotext -layout copies a page of two columns: "
                                                f"copy the text without -layout, which reads one column after the "
                                                f"other, or put the right column's text after the left's")


def _prose(side: str, words: int) -> bool:
    """A line of running text, not a term or a label: some ``words`` in lower case (``units as shown on the``)."""
    return len(side) >= MIN_SIDE and len(_LOWER_CASE_WORD.findall(side)) >= words
