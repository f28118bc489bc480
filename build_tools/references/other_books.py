"""Numbers that cite another book's rules: not this book's, so never linked to its rule of that number.

A book's rules cite the rules of other books of its series by their names
(``see Series Rules 7.12``, ``(SR 7.12, 7.14)``, ``Basic Game 4.1``; in the singular, possessive or before a
bracket, ``Series Rule 7.12``, ``the Series Rules' 7.14``, ``Basic Game (4.1)``), and the
same number is often a rule of this book too. A ruleset names those books in
``ruleset.yml`` (``other_books: [Series Rules, SR, Basic Game]``); a reference
its grammar finds after one of those names, or later in a list after it, cites
nothing (it stays text, as any number that is no reference does). The names are
matched as whole words, in any case.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from build_tools.references.reference import Grammar, Reference, replaced

# A list's items between the book's name and a later item: "7.12, 7.13 and", "A26.2-.3;", "rules 4 or".
_ITEM = r"[A-Z]?\d[\w.]*(?:(?:--|[-–])\.?[\w.]+)?"
_JOIN = r"\s*(?:[,;&/]|(?<=\s)(?i:and|or|to|through|thru)(?=\s))\s*"
_CUE = r"(?:(?i:rules?|sections?|cases?|chapters?)\s+|§\s*)?"
_REACH = 120  # how far before a reference the book's name may stand ("SR 7.12, 7.13, 7.14 and 7.16")


def _spelled(name: str) -> str:
    """A book's name as a regex: any spacing, and a plural name in the singular too ("Series Rule 7.12")."""
    words = re.escape(" ".join(name.split())).replace(r"\ ", r"\s+")
    return words + "?" if len(name) > 3 and name.endswith("s") and name[-2:-1].islower() else words


class OtherBooks:
    """``grammar``, less the references that follow one of ``names`` (see the module docstring)."""

    def __init__(self, grammar: Grammar, names: Collection[str]):
        self.grammar = grammar
        self.names = tuple(names)
        words = "|".join(_spelled(name) for name in sorted(self.names, key=len, reverse=True))
        self._named = re.compile(rf"(?<!\w)(?i:{words})(?!\w)")
        # (possessive, or the number in brackets after it: "the Series Rules' 7.14", "Basic Game (7.16)")
        self._before = re.compile(rf"(?<!\w)(?i:{words})(?:['’]s?)?\s*[:,]?\s*\(?\s*{_CUE}(?:{_ITEM}{_JOIN})*\Z")

    def find(self, text: str, chapter: str | None) -> list[Reference]:
        found = self.grammar.find(text, chapter)
        if not found or self._named.search(text) is None:
            return found
        return [reference for reference in found if not self._elsewhere(text, reference)]

    def _elsewhere(self, text: str, reference: Reference) -> bool:
        start = reference.parts[0].start
        return self._before.search(text, max(0, start - _REACH), start) is not None

    def cited(self, text: str, chapter: str | None) -> list[str]:
        if self._named.search(text) is None:  # most text names no other book
            return self.grammar.cited(text, chapter)
        return [rule_id for reference in self.find(text, chapter) for rule_id in reference.rule_ids]

    def replace(self, text: str, replacement: Callable[[str, str], str], chapter: str | None) -> str:
        if self._named.search(text) is None:
            return self.grammar.replace(text, replacement, chapter)
        return replaced(text, self.find(text, chapter), replacement)
