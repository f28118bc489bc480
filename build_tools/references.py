"""The rule-reference grammar: where plain text cites a rule, and which rule.

This is the ``chapter-dotted`` grammar of ``ruleset.yml`` (rulebooks whose rule
IDs are a chapter letter, an optional number, a dot and a number, with an
optional capital letter: ``G15.21``, ``D.8A``, ``B.9``, ``A26.2``). Pure
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
    and no quote mark, ``%`` or ``°`` right after it (``Its weight is "9.5"``).

* **Ranges**: a reference, a hyphen (or en dash) and a second end, written
  either as the tail after the dot (``A26.2-.3`` is A26.2 to A26.3;
  ``9.73-.731`` is G9.73 to G9.731) or in full (``A26.2-A26.3``,
  ``9.73-9.731``). Only the two ends are cited: the rulebook's numbering is
  not a sequence we can enumerate.
* **Lists** (``(2.21; 3.1)``, ``(A7.3,A9.6-.611)``) need no grammar of their
  own: each item is a reference of its own.

A ruleset with ``references: none`` has no grammar: call nothing, or pass
``chapter=None`` and no ``chapters`` (nothing is then found).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class RefPart:
    """One element of a reference in the page: ``A26.2`` or the ``.3`` of ``A26.2-.3``."""

    start: int
    end: int
    rule_id: str
    text: str


@dataclass(frozen=True)
class Reference:
    """One citation: a rule, or a range given by its two ends."""

    start: int
    end: int
    parts: tuple[RefPart, ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(part.rule_id for part in self.parts)


# A rule number after the chapter letter: optional number, dot, digits,
# optional capital letter that ends the word (D.8A, not the "M" of "1.5MP").
_NUMBER = r"(?:[1-9]\d*)?\.\d+(?:[A-Z](?!\w))?"
# Neither side may be glued to a word, a digit or another dotted number.
_END = r"(?![\w\"'%°“”‘’]|\.\d)"
_ABSOLUTE_START = r"(?<![\w.])"
# Quantities are quoted, signed, compared, counted or measured.
_RELATIVE_START = r"(?<![\w.\"'“”‘’$+\-−±×/#<>=≤≥])"


@lru_cache(maxsize=32)
def _pattern(chapters: tuple[str, ...], relative: bool) -> re.Pattern[str] | None:
    letters = "|".join(re.escape(c) for c in sorted(chapters, key=len, reverse=True))
    absolute = rf"(?:{letters}){_NUMBER}" if letters else None
    firsts = []
    if absolute:
        firsts.append(_ABSOLUTE_START + absolute)
    if relative:
        firsts.append(_RELATIVE_START + _NUMBER)
    if not firsts:
        return None
    tails = [absolute, _NUMBER] if absolute else [_NUMBER]
    return re.compile(
        rf"(?P<first>{'|'.join(firsts)}){_END}"
        rf"(?:[-–](?P<tail>{'|'.join(tails)}){_END})?"
    )


def chapter_of(rule_id: str, chapters: Collection[str]) -> str | None:
    """The chapter an absolute rule ID starts with (``D.8A`` -> ``D``), else None."""
    for letter in sorted(chapters, key=len, reverse=True):
        if rule_id.startswith(letter) and rule_id[len(letter):len(letter) + 1] in tuple(".0123456789"):
            return letter
    return None


def find_references(text: str, *, chapter: str | None, chapters: Collection[str]) -> list[Reference]:
    """Every rule reference in ``text``, in order, with the full rule IDs it cites.

    ``chapters`` are the letters that may start an absolute rule ID;
    ``chapter`` is the chapter the text belongs to (``None``: relative numbers
    are not references). See the module docstring for the grammar.
    """
    chapters = tuple(chapters)
    pattern = _pattern(chapters, chapter is not None)
    if pattern is None:
        return []
    references = []
    for match in pattern.finditer(text):
        first = match.group("first")
        letter = chapter_of(first, chapters)
        first_id = first if letter else f"{chapter}{first}"
        parts = [RefPart(match.start("first"), match.end("first"), first_id, first)]
        tail = match.group("tail")
        if tail is not None:
            if chapter_of(tail, chapters):
                tail_id = tail
            elif tail.startswith("."):
                tail_id = first_id[: first_id.index(".")] + tail
            else:
                tail_id = (letter or chapter) + tail
            parts.append(RefPart(match.start("tail"), match.end("tail"), tail_id, tail))
        references.append(Reference(match.start(), match.end(), tuple(parts)))
    return references
