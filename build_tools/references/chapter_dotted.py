"""The reference grammar of ``numbering: asl``: chapter letter + dotted numbers.

Rule IDs are a chapter letter, an optional number, a dot and a number, with an
optional capital letter: ``G15.21``, ``D.8A``, ``B.9``, ``A26.2``. Pure
functions over plain text; the Markdown extension decides which text to look
at.

What counts as a reference
--------------------------
* **Absolute**: a chapter letter from ``chapters`` directly followed by an
  optional rule number, a dot and digits (``B24.7``, ``D.8A``, ``C7.346``).
  It may not be glued to a preceding letter, digit or dot (``MOL8``, ``U.S.``).
* **Chapter-relative** (only when ``chapter`` is given): the same without the
  letter (``12.1``, ``2.21``, ``.8``); it resolves to ``chapter`` + the text
  (``12.1`` in chapter D is ``D12.1``, ``.8`` is ``D.8``). A relative number
  must *look like a rule number and not like a quantity*:

  - it is dotted: bare integers are never rules (``(12)``, ``(11's)``,
    ``TH# 10 - 4``, ``-5 DRM``, ``7-4-7``);
  - its leading number does not start with 0 (``0.5`` is a quantity);
  - it is not glued to a word, digit or dot on either side (footnote digits on
    table cells, ``1.2.3``, ``9.5mm``) and not followed by a dot and a digit;
  - it is not quoted, signed, compared or measured: no quote mark, ``+``,
    ``-``, ``<``, ``≤``, ``=``, ``#``, ``/``, ``$``, ``×`` … right before it,
    and no quote mark, ``%`` or ``°`` right after it (``Its weight is "9.5"``),
    nor a quantity word or a comparison (``1.5 MF``, ``2.5 or more``; the
    words are ``QUANTITY_WORDS`` plus the ruleset's ``quantity_words``);
  - it is not an amount in a sum, a rating, a version or another numbering's number, as in
    ``numbering: case`` (``dotted.NOT_AFTER_WORDS`` before it: ``adds 1.5``, ``Table 1.2``, ``p. 1.1``).

* **Ranges**: a reference, a hyphen (or en dash) and a second end, written
  either as the tail after the dot (``A26.2-.3`` is A26.2 to A26.3;
  ``9.73-.731`` is G9.73 to G9.731) or in full (``A26.2-A26.3``,
  ``9.73-9.731``). Only the two ends are cited: the rulebook's numbering is
  not a sequence we can enumerate.
* **Lists** (``(2.21; 3.1)``, ``(A7.3,A9.6-.611)``) need no grammar of their
  own: each item is a reference of its own.

Bare integers are never references here (``(12)``, ``7-4-7``): an ASL rule
ID always has a dot.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

from build_tools.references.dotted import (COMPARISONS, NOT_AFTER_WORDS, QUANTITY_WORDS, not_after_words,
                                          quantity_after)
from build_tools.references.reference import RefPart, Reference

# A rule number after the chapter letter: optional number, dot, digits,
# optional capital letter that ends the word (D.8A, not the "M" of "1.5MP").
_CAPITAL = r"(?:[A-Z](?!\w))?"
_NUMBER = r"(?:[1-9]\d*)?\.\d+" + _CAPITAL
# Neither side may be glued to a word, a digit or another dotted number.
_END = r"(?![\w\"'%°“”‘’]|\.\d)"
_ABSOLUTE_NOT_AFTER = r"[\w.]"
# Quantities are quoted, signed, compared, counted or measured.
_RELATIVE_NOT_AFTER = r"[\w.\"'“”‘’$+\-−±×/#<>=≤≥]"


@lru_cache(maxsize=32)
def _pattern(chapters: tuple[str, ...], relative: bool, quantity_words: tuple[str, ...]) -> re.Pattern[str] | None:
    """The grammar as one regex; its groups are read by ``_ids_of_groups``.

    It starts by consuming the first character of a reference (a chapter
    letter, a digit or a dot), so the regex engine skips ahead to those
    characters instead of trying every position; what may come before that
    character is checked by lookbehinds that span it."""
    if not chapters and not relative:
        return None
    letters = "".join(re.escape(c) for c in chapters)
    # Without chapter letters the letter groups still exist, and never match.
    letter = rf"(?<=(?P<letter>[{letters}]))" if letters else "(?P<letter>(?!))"
    tail_letter = rf"(?P<tail_letter>[{letters}])" if letters else "(?P<tail_letter>(?!))"
    branches = [rf"{letter}(?<!{_ABSOLUTE_NOT_AFTER}.)(?:[1-9]\d*)?\.\d+"]
    if relative:
        amount = not_after_words(NOT_AFTER_WORDS)  # "adds 1.5", "Table 1.2", "p. 1.1": no rule of the chapter
        branches += [rf"(?<=[1-9])(?<!{_RELATIVE_NOT_AFTER}.){amount}\d*\.\d+",
                     rf"(?<=\.)(?<!{_RELATIVE_NOT_AFTER}.){amount}\d+"]
    first_characters = letters + ("1-9." if relative else "")
    end = rf"{_END}(?!{quantity_after((*quantity_words, *COMPARISONS))})"  # "1.5 MF", "2.5 or more": amounts
    return re.compile(
        rf"(?P<first>[{first_characters}](?:{'|'.join(branches)}){_CAPITAL}){end}"
        rf"(?:[-–](?P<tail>{tail_letter}{_NUMBER}|{_NUMBER}){end})?"
    )


class ChapterDotted:
    """The grammar for one ruleset's chapter letters (see the module docstring)."""

    def __init__(self, chapters: Collection[str], *, quantity_words: Collection[str] = ()):
        self.chapters = tuple(chapters)
        self.quantity_words = tuple(dict.fromkeys((*QUANTITY_WORDS, *quantity_words)))

    def find(self, text: str, chapter: str | None) -> list[Reference]:
        references = []
        pattern = _pattern(self.chapters, chapter is not None, self.quantity_words)
        for match in pattern.finditer(text) if pattern is not None else ():
            first_id, tail_id = _rule_ids(match, chapter)
            parts = (RefPart(*match.span("first"), first_id, match.group("first")),)
            if tail_id is not None:
                parts += (RefPart(*match.span("tail"), tail_id, match.group("tail")),)
            references.append(Reference(*match.span(), parts))
        return references

    def cited(self, text: str, chapter: str | None) -> list[str]:
        pattern = _pattern(self.chapters, chapter is not None, self.quantity_words)
        if pattern is None:
            return []
        cited = []
        # findall, not finditer: no match object per reference (a rulebook has tens of thousands).
        for groups in pattern.findall(text):
            first_id, tail_id = _ids_of_groups(*groups, chapter)
            cited.append(first_id)
            if tail_id is not None:
                cited.append(tail_id)
        return cited

    def replace(self, text: str, replacement: Callable[[str, str], str], chapter: str | None) -> str:
        """A range's dash stays; one pass over a text with no other markup."""
        def replace(match: re.Match[str]) -> str:
            first_id, tail_id = _rule_ids(match, chapter)
            first = replacement(first_id, match.group("first"))
            if tail_id is None:
                return first
            dash_start, tail_start = match.end("first"), match.start("tail")
            return first + match.string[dash_start:tail_start] + replacement(tail_id, match.group("tail"))

        pattern = _pattern(self.chapters, chapter is not None, self.quantity_words)
        return pattern.sub(replace, text) if pattern is not None else text


def _rule_ids(match: re.Match[str], chapter: str | None) -> tuple[str, str | None]:
    """The full rule IDs of a match's first end and (for a range) its second end."""
    return _ids_of_groups(*match.group("first", "letter", "tail", "tail_letter"), chapter)


def _ids_of_groups(first: str, letter: str | None, tail: str | None, tail_letter: str | None,
                   chapter: str | None) -> tuple[str, str | None]:
    """``_rule_ids`` from the pattern's groups in order (a group that did not match is
    None from a match, "" from ``findall``): ``A26.2-.3`` -> A26.2, A26.3; ``9.73-9.731``
    in chapter G -> G9.73, G9.731."""
    first_id = first if letter else chapter + first
    if not tail:
        return first_id, None
    if tail_letter:
        return first_id, tail
    if tail[0] == ".":
        return first_id, first_id[: first_id.index(".")] + tail
    return first_id, (letter or chapter) + tail
