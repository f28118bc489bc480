"""The reference grammar of ``numbering: case`` and ``numbering: decimal``: numbers without letters.

Rule IDs are the numbers as printed: SPI-style cases (``5``, ``5.4``, ``5.44``,
``9.231``) or dotted groups (``3``, ``3.0``, ``3.2.1``). Pure functions over
plain text, like :mod:`build_tools.references.chapter_dotted`.

What counts as a reference
--------------------------
* **A dotted number** that looks like a rule number and not like a quantity:
  ``(see 5.4)``, ``(9.2)``, ``Exception: 5.21``, ``3.2.1``. Case numbers have
  one dot (``1.2.3`` is not a case); decimal numbers have one or more.

  - Its leading number does not start with 0 (``0.5`` is a quantity).
  - It is not glued to a word, digit or dot on either side (``9.5mm``).
  - It is not quoted, signed, compared or measured: no quote mark, ``+``,
    ``-``, ``<``, ``=``, ``#``, ``/``, ``$`` … right before it; no quote mark,
    ``%``, ``°``, ``/digit`` or ``-digit`` (``4.5-6``) right after it; and no
    quantity word after it (``4.5 MP``, ``1.5 hexes``; the words are
    ``QUANTITY_WORDS`` plus the ruleset's ``quantity_words``).

* **Ranges**: ``3.2.1-3.2.2`` (or an en dash); in case numbering also the
  tail after the dot, ``9.73-.731``. ``6.1 to 6.6`` and ``4.2 through 4.3``
  are two references, each end cited.
* **Bare section numbers** only after a cue word, where nothing else can be
  meant: ``see 4 and 6.41``, ``rules 4, 5 and 7``, ``Section 12``,
  ``(per 3)``. The cue words are *see (also)*, *per*, *rule(s)*,
  *section(s)*, *case(s)*, *exception(s)* and ``§``; the items after it are
  joined by commas, semicolons, *and*, *or*, *to*, *through*, ``&``. A bare
  number must end the list or be followed by punctuation or a joining word,
  so ``per 2 MP``, ``see 4-4-6``, ``rule 4 applies`` and ``see 10/16`` cite
  nothing; unit ratings (``4-4-6``), hex numbers (``0812``), counts and
  fractions are never references.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache

from build_tools.references.reference import RefPart, Reference

QUANTITY_WORDS = (
    "MP", "MPs", "MF", "CP", "CPs", "AP", "APs", "VP", "VPs", "PP", "FP", "SP", "PF",
    "hex", "hexes", "hexside", "hexsides", "inch", "inches", "cm", "mm", "km", "ft", "feet",
    "mile", "miles", "yard", "yards", "point", "points", "movement", "turn", "turns",
    "round", "rounds", "times", "percent", "unit", "units", "step", "steps",
    "space", "spaces", "area", "areas", "level", "levels",
)
_NOT_BEFORE = r"(?<![\w.\"'“”‘’$+\-−±×/#<>=≤≥])"
_CUE = r"(?<!\w)(?:(?i:see(?:\s+also)?|per|rules?|sections?|cases?|exceptions?)(?!\w)|§)\s*:?\s*"
_JOIN = r"\s*(?:[,;&]|(?<=\s)(?i:and|or|to|through|thru)(?=\s))\s*(?:(?i:see\s+also|also)\s+)?"
_SECTION = r"[1-9]\d{0,3}"
# A bare section number ends the list, or punctuation or a joining word follows it.
_SECTION_END = r"(?=\s*(?:$|[.,;:)\]&]|(?i:and|or|to|through|thru)(?!\w)))"


@lru_cache(maxsize=32)
def _patterns(groups: bool, quantity_words: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The grammar as one regex, and the regex of one item of a cue list.

    The main regex's groups are ``cue_items`` (the items after a cue word),
    ``first`` and ``tail`` (a dotted number and the other end of its range)."""
    number = r"[1-9]\d*(?:\.\d+)+" if groups else r"[1-9]\d*\.\d+"
    words = "|".join(re.escape(word) for word in sorted(quantity_words, key=len, reverse=True))
    end = rf"(?![\w\"'%°“”‘’]|\.\d|[-–]\d+(?![\d.])|/\d|[ \t]+(?i:{words})(?!\w))"
    tail = number if groups else rf"{number}|\.\d+"
    dotted = rf"{number}{end}(?:[-–](?:{tail}){end})?"
    item = rf"(?:{dotted}|{_SECTION}{_SECTION_END}(?!\.\d))"
    main = re.compile(
        rf"{_CUE}(?P<cue_items>{item}(?:{_JOIN}{item})*)"
        rf"|{_NOT_BEFORE}(?P<first>{number}){end}(?:[-–](?P<tail>{tail}){end})?"
    )
    one_item = re.compile(rf"(?P<first>{number}){end}(?:[-–](?P<tail>{tail}){end})?|(?P<section>{_SECTION}){_SECTION_END}")
    return main, one_item


def _tail_id(first: str, tail: str) -> str:
    """``9.73-.731`` -> 9.731; a full tail is itself."""
    return first[: first.index(".")] + tail if tail[0] == "." else tail


class Dotted:
    """The grammar of one ruleset without chapter letters (see the module docstring).

    ``groups``: decimal numbering (``3.2.1``, each dotted group a level) rather
    than case numbering (``5.44``, each digit after the dot a level)."""

    def __init__(self, *, groups: bool, quantity_words: Collection[str] = ()):
        self.main, self.item = _patterns(groups, tuple(dict.fromkeys((*QUANTITY_WORDS, *quantity_words))))

    def _parts(self, match: re.Match[str]) -> tuple[RefPart, ...]:
        if match.group("cue_items") is None:
            first = match.group("first")
            parts = (RefPart(*match.span("first"), first, first),)
            if match.group("tail"):
                parts += (RefPart(*match.span("tail"), _tail_id(first, match.group("tail")), match.group("tail")),)
            return parts
        offset, parts = match.start("cue_items"), []
        for item in self.item.finditer(match.group("cue_items")):
            if item.group("section"):
                parts.append(RefPart(offset + item.start(), offset + item.end(), item.group("section"),
                                     item.group("section")))
                continue
            first = item.group("first")
            parts.append(RefPart(offset + item.start("first"), offset + item.end("first"), first, first))
            if item.group("tail"):
                parts.append(RefPart(offset + item.start("tail"), offset + item.end("tail"),
                                     _tail_id(first, item.group("tail")), item.group("tail")))
        return tuple(parts)

    def find(self, text: str, chapter: str | None = None) -> list[Reference]:
        references = []
        for match in self.main.finditer(text):
            parts = self._parts(match)
            references.append(Reference(parts[0].start, parts[-1].end, parts))
        return references

    def cited(self, text: str, chapter: str | None = None) -> list[str]:
        cited = []
        for items, first, tail in self.main.findall(text):
            if first:
                cited.append(first)
                if tail:
                    cited.append(_tail_id(first, tail))
                continue
            for item_first, item_tail, section in self.item.findall(items):
                if section:
                    cited.append(section)
                else:
                    cited.append(item_first)
                    if item_tail:
                        cited.append(_tail_id(item_first, item_tail))
        return cited

    def replace(self, text: str, replacement: Callable[[str, str], str], chapter: str | None = None) -> str:
        def replace(match: re.Match[str]) -> str:
            pieces, cursor = [], match.start()
            for part in self._parts(match):
                pieces.append(text[cursor:part.start])
                pieces.append(replacement(part.rule_id, part.text))
                cursor = part.end
            pieces.append(text[cursor:match.end()])
            return "".join(pieces)

        return self.main.sub(replace, text)
