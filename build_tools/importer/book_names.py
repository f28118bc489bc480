"""Numbers a source cites after what reads as another book's name, for the import to point out.

A series' rulebooks cite each other by name (``see Series Rules 7.12``, ``as in
the Basic Game 4.1``). Unless ``ruleset.yml`` names the book in ``other_books``
(``build_tools.references.other_books``), such a number links to this book's rule
of that number, which may exist: nothing would look wrong. The import lists the
first such citation of each name, so the user can say which books are others.
"""

from __future__ import annotations

import re
from collections.abc import Collection

# A name in title case ending in a word books are called by, before a dotted number: "Series Rules 7.12",
# "Basic Game rule 4.1", "Standard Rulebook 3.2.1".
_CITED_AFTER_NAME = re.compile(
    r"(?<![\w.])(?P<name>(?:[A-Z][\w'’-]*[ \t]+){1,3}(?:Rules|Rulebook|Rule[ \t]Book|Game|Module|Book|Manual))"
    r"[ \t]+(?:(?i:rules?|sections?|cases?)[ \t]+)?(?P<number>[1-9]\d*(?:\.\d+)+)(?![\w.]|\.\d)")
# Words a sentence or a citation starts with, not a book's: "See Rules 7.12", "In the Rules".
_NOT_A_NAME = frozenset("see per in as under the also and or with by of this these its for".split())


def book_like_citations(lines: list[str], other_books: Collection[str]) -> list[tuple[int, str, str]]:
    """(0-based line, name, number as printed) of the first citation after each name that is
    not one of ``other_books`` (any case and spacing)."""
    known = {" ".join(name.lower().split()) for name in other_books}
    first: dict[str, tuple[int, str, str]] = {}
    for index, line in enumerate(lines):
        if "Rule" not in line and "Game" not in line and "Module" not in line and "Book" not in line \
                and "Manual" not in line:
            continue
        for match in _CITED_AFTER_NAME.finditer(line):
            words = match.group("name").split()
            while words and words[0].lower() in _NOT_A_NAME:
                words = words[1:]
            name = " ".join(words)
            if len(words) < 2 or name.lower() in known:
                continue
            first.setdefault(name.lower(), (index, name, match.group("number")))
    return sorted(first.values())
