"""Footnotes in a plain-text source, as a PDF copy or a typed book prints them.

A mark glued to the text it explains (``per hex.[1]``, ``per hex.¹``, ``per hex.†``) and, below it, a
line starting with the same mark (``[1] Only on a primary road; see 1.1.``,
``¹ Only on a primary road.``, ``† Only in summer.``) are a footnote: the line is no text of the rule it
falls under (and ``[1]`` no rule number), and the rules the note cites are cited
by the rule holding its mark.

Both halves are needed. A ``[1]`` line with no such mark above it is read as
before, since a book may print a section's number in brackets; a ``[1]`` after a
space (``see [1]``) is no mark. Each note takes the nearest mark above it that no
note has taken yet, so a book whose notes start again at 1 on every page pairs
them page by page, and a stray mark (``1 km²``) takes no note from its own.

They are written as a Markdown source writes footnotes (``[^1]`` and ``[^1]:``, the
note's line marked ``md.TEXT_NOTE`` as no line of the source can be),
the label made unique on the page (``1``, then ``1-2`` …); the footnotes extension
shows them at the page's end, numbered in order, and ``rule_index`` credits each
note's citations to its mark's rule, as for a Markdown source.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from build_tools.importer import markdown_text as md
from build_tools.importer.tab_tables import may_title_a_table

if TYPE_CHECKING:  # source_lines calls this module while it reads a text
    from build_tools.importer.source_lines import Line, Number

# A mark glued to the word or the punctuation before it: "hex.[1]", "roads[12]", "hex.¹".
# Or a dagger, a double dagger: "hex.†", "hex.‡", "hex.††".
_MARK = re.compile(rf"(?<=[^\s\[(])(?:\[(?P<bracketed>[1-9]\d?)\]|(?P<raised>[{md.SUPERSCRIPT_DIGITS}]{{1,2}})"
                   r"|(?P<symbol>†{1,3}|‡{1,3}))(?![\w\[(†‡])")
# A rule's number a mark is glued to, at a line's start ("5.1[1] Roads.").
_NUMBER_BEFORE = re.compile(r"[ \t]*[\[(]?\d+(?:\.\d+)+[\])]?")
# A note's line: the same mark at the line's start, then its text ("[1] Only on …", "¹ Only on …", "¹Only on …").
_NOTE = re.compile(rf"(?:\[(?P<bracketed>[1-9]\d?)\][ \t]+|(?P<raised>[{md.SUPERSCRIPT_DIGITS}]{{1,2}})[ \t]*"
                   r"|(?P<symbol>†{1,3}|‡{1,3})[ \t]*)(?=[^\s†‡])")


def _key(found: re.Match[str]) -> str:
    """A mark's number, printed either way ("[1]" and "¹" are the same mark only in their own kind), or its symbol."""
    return f"[{found.group('bracketed')}]" if found.group("bracketed") else found.group("raised") or found["symbol"]


def pair_footnotes(lines: list[Line], text: str, table: str, number_at_start: Callable[[str], Number | None]) -> None:
    """Rewrites, in place, each paired mark as ``[^label]`` and each note's line as ``[^label]: text``
    (``text``: the kind of a line of paragraph text, the only lines that hold marks or notes; ``table``: a tab
    table's row, whose title, the line over it, is read as written and so holds no mark). A mark on a rule's
    number (``5.1[1] Roads.``) leaves the number one: ``number_at_start`` reads it again, as the reader does."""
    waiting: dict[str, list[tuple[int, int, int]]] = {}  # key -> marks no note has taken: (line, start, end)
    pairs: list[tuple[tuple[int, int, int], int]] = []  # (the mark, its note's line)
    for position, line in enumerate(lines):
        if line.kind != text:
            continue
        note = _NOTE.match(line.text)
        note = note if note and waiting.get(_key(note)) else None
        marks = list(_MARK.finditer(line.text, note.end() if note else 0))
        if not (note or marks) or _titles_table(lines, position, table):
            continue
        if note:  # the nearest mark above it: a stray mark higher up ("1 km²") takes no note from its own
            pairs.append((waiting[_key(note)].pop(), position))
        for mark in marks:
            waiting.setdefault(_key(mark), []).append((position, mark.start(), mark.end()))
    if not pairs:
        return
    used: Counter[str] = Counter()
    labels = {}
    for mark, note_at in sorted(pairs, key=lambda pair: pair[0]):  # labels in the marks' order
        note = _NOTE.match(lines[note_at].text)
        number = note.group("bracketed") or (note.group("raised") or "").translate(md.SUPERSCRIPT_VALUES) \
            or note.group("symbol")
        used[number] += 1
        labels[mark] = (number if used[number] == 1 else f"{number}-{used[number]}", note_at)
    for (position, start, end), (label, _) in sorted(labels.items(), reverse=True):  # later marks first
        lines[position] = _with_mark(lines[position], start, end, f"[^{label}]")
        if lines[position].number is None and _NUMBER_BEFORE.fullmatch(lines[position].text[:start]):
            lines[position] = lines[position]._replace(number=number_at_start(lines[position].text))
    for label, note_at in labels.values():
        line = lines[note_at]
        lines[note_at] = line._replace(text=f"{md.TEXT_NOTE}[^{label}]: {line.text[_NOTE.match(line.text).end():]}",
                                       marker="", number=None)


def _with_mark(line: Line, start: int, end: int, mark: str) -> Line:
    """``line`` with ``mark`` for its text's ``[start:end]``, in the text after its number too (a suffix)."""
    number = line.number
    if number is not None and line.text.endswith(number.rest) and start >= len(line.text) - len(number.rest):
        at = len(line.text) - len(number.rest)
        number = number._replace(rest=f"{number.rest[:start - at]}{mark}{number.rest[end - at:]}")
    return line._replace(text=f"{line.text[:start]}{mark}{line.text[end:]}", number=number)


def _titles_table(lines: list[Line], position: int, table: str) -> bool:
    following = next((lines[at] for at in range(position + 1, len(lines)) if lines[at].text.strip()), None)
    return following is not None and following.kind == table and may_title_a_table(lines[position].text)
