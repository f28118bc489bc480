"""How a ruleset numbers its rules: ``numbering:`` in ``ruleset.yml``, as a value.

A numbering reads the number printed at the start of a rule line (the
importer has already taken off its decorations: ``5.11)``, ``[5.11]``,
``**5.11**``), says which rule ID it is, which rules it nests under and where
it sorts, and carries the grammar that finds references to such numbers in
plain text. The rule ID is the number as printed; only ``asl`` adds a chapter
letter to a chapter-relative number.

========  ==============================  =====================================
numbering rule IDs                         levels
========  ==============================  =====================================
asl       ``G15``, ``G15.21``, ``D.8A``    chapter letter; each digit after the
                                           dot one level; a capital letter one more
case      ``5``, ``5.4``, ``5.44``         each digit after the dot one level;
          ``5.44c``                        a small letter one more
decimal   ``3``, ``3.0``, ``3.2.1``        each dotted group one level;
          ``3.2.1a``                       a small letter one more
none      title slugs                      sections headed by title lines
========  ==============================  =====================================

A section printed ``5.0`` (case) or ``4.0`` (decimal) keeps that rule ID; its
sub-rules ``5.1`` / ``4.1`` nest under it, and a reference to the bare
section number (``see 4``) finds it.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import NamedTuple

from build_tools.references import Grammar
from build_tools.references.chapter_dotted import ChapterDotted
from build_tools.references.dotted import ITEM_LETTERS, QUANTITY_WORDS, Dotted
from build_tools.references.other_books import OtherBooks

NUMBERINGS = ("asl", "case", "decimal", "none")
_AFTER_CHAPTER = frozenset(".0123456789")
# A dotted number with a small letter after it: a lettered sub-rule ("6.2a") in case and decimal numbering
# (the importer finds it at a line start by the same pattern).
# A lettered sub-rule's number: "6.2a"; a section's ("2a") or one printed after a dot ("2.a", "2.1.a"), letters a to h.
LETTERED_NUMBER = r"(?:\d+\.\d+(?:\.\d+)*[a-z]|\d+(?:\.\d+)*\.?[a-h])"
_LETTERED = re.compile(LETTERED_NUMBER)
_CHAPTER_FIRST = re.compile(r"[A-Z]\d*\.\d+(?:\.\d+)*")  # "A.1", "B2.3": a chapter's letter, then its rule


class RuleNumber(NamedTuple):
    """A rule number read at the start of a line."""

    id: str  # the rule ID: G15.21, 5.44, 3.2.1
    printed: str  # as the heading shows it: "15.21", "15." (a section keeps its dot), "5.44"
    path: tuple[int, ...]  # document order: a rule comes after every rule whose path is smaller
    parents: tuple[tuple[str, ...], ...]  # the rules it may nest under, nearest first; each a set of spellings
    top: bool  # may stand at the top of the page when none of its parents comes before it
    bare: bool  # printed as a bare section number ("5.", "15", "D."): may be a numbered list item instead


class Numbering:
    """One ruleset's numbering. Subclasses say how a printed number reads."""

    name = "none"
    has_chapters = False
    lettered = False  # reads lettered sub-rules ("6.2a")
    quantity_words: tuple[str, ...]  # a number before one is a quantity (4.5 MP), no rule: set in __init__
    other_books: tuple[str, ...] = ()  # names of other books: a number after one is theirs (numbering_of)

    def __init__(self, grammar: Grammar | None, quantity_words: Collection[str] = ()):
        self.grammar = grammar
        self.quantity_words = (*QUANTITY_WORDS, *quantity_words)

    def read(self, printed: str, *, trailing_dot: bool, chapter: str | None) -> RuleNumber | None:
        """The rule ``printed`` names (``trailing_dot``: it was printed ``5.``), or None
        when it is no rule number of this numbering. Raises ValueError with the reason
        when it is one but cannot be in this source (another chapter's number)."""
        return None

    def chapter_of(self, rule_id: str) -> str | None:
        """The chapter a rule ID starts with (``D.8A`` -> ``D``), or None."""
        return None

    def aliases(self, rule_id: str) -> tuple[str, ...]:
        """Other spellings a reference may use for ``rule_id`` (``4`` for ``4.0``)."""
        return ()

    def items(self, rule_id: str) -> tuple[str, ...]:
        """The IDs a reference gives the lettered items of ``rule_id`` (``2.1a``: the grammar cites
        an item by its letter): each is the rule's own where the book has no such sub-rule."""
        return ()

    def lettered_rule(self, rule_id: str) -> tuple[str, ...]:
        """The rule a lettered sub-rule is an item of (``5.21`` for ``5.21a``), which a reference may cite where the
        book prints that rule only as its lettered items: each is found by it where no rule is (the first, in the
        book's order)."""
        return ()

    def example_ids(self) -> str:
        """What a rule ID of this numbering looks like, for messages."""
        return "a section title"

    def why_not(self, token: str, *, trailing_dot: bool) -> str:
        """Why a number printed at a line start is no rule number of this numbering."""
        if _LETTERED.fullmatch(token) and not self.lettered:
            return (f"a number with a letter after it ({token}): numbering {self.name} has no lettered rules, "
                    "so it stays text of the rule before")
        chapter = (f" (a chapter's letter first: numbering asl reads it, with chapters: [{token[0]}, …])"
                   if not self.has_chapters and _CHAPTER_FIRST.fullmatch(token) else "")
        return (f"{token} is not a rule number of numbering {self.name} (rule IDs look like {self.example_ids()})"
                + chapter)

    def order_hint(self, before: str, after: str) -> str:
        """A hint for "``after`` comes after ``before``: out of order" when another
        numbering would read the two in order (5.12 then 5.2 is case numbering)."""
        return ""


class AslNumbering(Numbering):
    """Chapter letter + dotted numbers: ``G15.21``, ``D.8A``, chapter-relative ``15.21`` in chapter G."""

    name = "asl"
    has_chapters = True
    _NUMBER = re.compile(r"(?P<letter>[A-Z])?(?P<major>[1-9]\d*)?(?:\.(?P<minor>\d+)(?P<suffix>[A-Z]?))?")

    def __init__(self, chapters: Collection[str], *, quantity_words: Collection[str] = (), references: bool = True):
        super().__init__(ChapterDotted(chapters, quantity_words=quantity_words) if references else None,
                         quantity_words)
        self.chapters = tuple(chapters)

    def chapter_of(self, rule_id):
        if rule_id[:1] in self.chapters and rule_id[1:2] in _AFTER_CHAPTER:
            return rule_id[0]
        return None

    def order_hint(self, before, after):
        chapters = self.chapter_of(before), self.chapter_of(after)
        if None not in chapters and chapters[0] != chapters[1]:
            return (f" (chapter {chapters[1]} after chapter {chapters[0]}: a source holds one chapter; give chapter "
                    f"{chapters[1]} a source of its own in ruleset.yml, with chapter: {chapters[1]})")
        return ""

    def read(self, printed, *, trailing_dot, chapter):
        match = self._NUMBER.fullmatch(printed)
        if not match or not (match.group("major") or match.group("minor")
                             or (match.group("letter") and trailing_dot)):
            return None
        letter, major, minor, suffix = match.group("letter", "major", "minor", "suffix")
        if minor is None and not trailing_dot:
            return None  # a section is printed "15." or "D.": a bare "2" is a count
        if letter and chapter and letter != chapter:
            raise ValueError(f"rule number is in chapter {letter}, but this source is chapter {chapter} "
                             f"(fix the number or the source's chapter in ruleset.yml; a source holds one chapter: "
                             f"give chapter {letter} a source of its own, with chapter: {letter})")
        if letter and letter not in self.chapters:
            raise ValueError(f"chapter {letter} is not one of this ruleset's chapters "
                             f"({', '.join(self.chapters) or 'none'}); add it to chapters: in ruleset.yml")
        letter = letter or chapter
        if not letter:
            raise ValueError("rule number has no chapter letter; give the source a chapter in ruleset.yml")
        base = f"{letter}{major or ''}"
        major_path = (int(major) if major else 0,)
        if minor is None:
            parents = ((letter,),) if major else ()
            return RuleNumber(base, f"{printed}." if trailing_dot else printed, major_path, parents, True, True)
        digits = tuple(int(d) for d in minor)
        path = major_path + digits + ((ord(suffix) - ord("A") + 1,) if suffix else ())
        if suffix:
            chain = [f"{base}.{minor}"]
        else:
            chain = []
        chain += [f"{base}.{minor[:end]}" for end in range(len(minor) - 1, 0, -1)] + [base]
        if major:
            chain.append(letter)
        return RuleNumber(f"{base}.{minor}{suffix}", printed, path, tuple((c,) for c in chain), False, False)

    def example_ids(self):
        first = self.chapters[0] if self.chapters else "A"
        return f"{first}1.2, {first}.3"

    def why_not(self, token, *, trailing_dot):
        if token.isdigit() and not trailing_dot:
            return (f"in numbering asl a rule's section is printed with a dot ('{token}. Title'); "
                    f"{token} alone is a count")
        return super().why_not(token, trailing_dot=trailing_dot)


class _Undotted(Numbering):
    """What case and decimal numbers share: the rule ID is the number as printed,
    a section ``N`` may be printed ``N.0``, and a rule may have lettered sub-rules
    (``6.2a``, ``6.2b``), after it and before its numbered ones (``6.2.1``, ``6.21``)."""

    has_chapters = False
    lettered = True
    groups = False  # decimal: each dotted group is a level (the grammar reads 3.2.1 as one number)

    def __init__(self, *, quantity_words: Collection[str] = (), references: bool = True, first_section: int = 1):
        super().__init__(Dotted(groups=self.groups, quantity_words=quantity_words, zero=first_section == 0)
                         if references else None, quantity_words)
        self.first_section = first_section
        # a section's number: from 1, or from 0 in a book that opens with a section 0 ("0.0 INTRODUCTION", "0.1")
        self._number = re.compile(self._NUMBER_SHAPE.format(section="(?:0|[1-9]\\d*)" if first_section == 0
                                                            else "[1-9]\\d*"))

    def read(self, printed, *, trailing_dot, chapter):
        if not _LETTERED.fullmatch(printed):
            return self._read_number(printed, trailing_dot=trailing_dot)
        base = printed[:-1].removesuffix(".")  # "2.a", "2.1.a": 2, 2.1
        rule = self._read_number(base, trailing_dot=False)
        if rule is None:
            return None
        # (a section's: after it as printed "2.0" too, which decimal numbering puts after "2")
        after = (self._read_number(f"{base}.0", trailing_dot=False) if "." not in base else None) or rule
        # -1: before any numbered sub-rule of the rule (6.2.1, 6.20), whose groups or digits are 0 or more
        path = (*after.path, -1, ord(printed[-1]) - ord("a") + 1)
        return RuleNumber(printed, printed, path, ((rule.id, *self.aliases(rule.id)), *rule.parents), False, False)

    def items(self, rule_id):
        if "." not in rule_id or not rule_id[-1].isdigit():  # a section, or a lettered sub-rule itself
            return ()
        return tuple(rule_id + letter for letter in ITEM_LETTERS)

    def lettered_rule(self, rule_id):
        if not (rule_id[-1:].islower() and "." in rule_id):
            return ()
        return (rule_id[:-2] if rule_id[-2] == "." else rule_id[:-1],)  # "5.21a" and "2.1.a": "5.21", "2.1"

    _NUMBER_SHAPE: str  # a number's regex, its section's number "{section}"

    def _read_number(self, printed: str, *, trailing_dot: bool) -> RuleNumber | None:
        """The rule ``printed`` (digits and dots) names, as ``read`` does for a number without a letter."""
        raise NotImplementedError

    def aliases(self, rule_id):
        if rule_id[-1].isalpha():  # a lettered sub-rule: "2.1.a" is cited "2.1a" too, "2a" "2.a" and back
            dotted = rule_id[-2] == "."
            return (rule_id[:-2] + rule_id[-1],) if dotted else (f"{rule_id[:-1]}.{rule_id[-1]}",)
        if "." not in rule_id:
            return (f"{rule_id}.0",)
        head, _, tail = rule_id.partition(".")
        return (head,) if tail == "0" else ()

    @staticmethod
    def _section_spellings(section: str) -> tuple[str, ...]:
        return (section, f"{section}.0")

    def other(self) -> _Undotted:
        """The numbering a book numbered like this one is most often mistaken for."""
        raise NotImplementedError

    def why_not(self, token, *, trailing_dot):
        if _LETTERED.fullmatch(token):  # "5.4.1a" in case numbering: its number is the trouble
            return self.why_not(token[:-1], trailing_dot=False)
        if self.first_section == 1 and (token == "0" or token.startswith("0.")) and self.read(
                "1" + token[1:], trailing_dot=trailing_dot, chapter=None) is not None:  # "0.0 INTRODUCTION"
            return (f"{token} is in a section 0, which numbering {self.name} starts from only where ruleset.yml "
                    f"says so: if the book opens with a section 0, set first_section: 0")
        other = self.other()
        hint = (f" (numbering {other.name} reads it: if {other.levels}, set numbering: {other.name})"
                if other.read(token, trailing_dot=trailing_dot, chapter=None) is not None else "")
        return super().why_not(token, trailing_dot=trailing_dot) + hint

    def order_hint(self, before, after):
        other = self.other()
        read = [other.read(number, trailing_dot=False, chapter=None) for number in (before, after)]
        if None not in read and read[1].path > read[0].path:
            return (f" (in numbering {other.name} {after} would come after {before}: if {other.levels}, "
                    f"set numbering: {other.name})")
        return ""


class CaseNumbering(_Undotted):
    """SPI-style cases: ``5`` (or ``5.0``) section, ``5.4`` case, ``5.44``, ``9.231``."""

    name = "case"
    levels = "each digit after the dot is a level"
    _NUMBER_SHAPE = r"(?P<section>{section})(?:\.(?P<digits>\d+))?"

    def _read_number(self, printed, *, trailing_dot):
        match = self._number.fullmatch(printed)
        if not match:
            return None
        section, digits = match.group("section", "digits")
        if digits is None or set(digits) == {"0"}:
            if digits is not None and len(digits) > 1:
                return None
            shown = f"{printed}." if trailing_dot else printed
            return RuleNumber(printed, shown, (int(section),), (), True, digits is None)
        path = (int(section), *(int(d) for d in digits))
        chain = [(f"{section}.{digits[:end]}",) for end in range(len(digits) - 1, 0, -1)]
        chain.append(self._section_spellings(section))
        return RuleNumber(printed, printed, path, tuple(chain), False, False)

    def example_ids(self):
        return "5.4, 9.231"

    def other(self):
        return DecimalNumbering(references=False, first_section=self.first_section)


class DecimalNumbering(_Undotted):
    """Dotted groups: ``3``, ``3.0``, ``3.2``, ``3.2.1``; each group one level deeper."""

    name = "decimal"
    levels = "each dotted group is a level"
    groups = True
    _NUMBER_SHAPE = r"{section}(?:\.\d+)*"

    def _read_number(self, printed, *, trailing_dot):
        if not self._number.fullmatch(printed):
            return None
        groups = printed.split(".")
        path = tuple(int(group) for group in groups)
        if len(groups) == 1:
            return RuleNumber(printed, f"{printed}." if trailing_dot else printed, path, (), True, True)
        chain = [(".".join(groups[:end]),) for end in range(len(groups) - 1, 1, -1)]
        top = groups[1:] == ["0"]  # 4.0 COMBAT: a section, under a section 4 when the book has one
        chain.append((groups[0],) if top else self._section_spellings(groups[0]))
        return RuleNumber(printed, printed, path, tuple(chain), top, False)

    def example_ids(self):
        return "3.2, 3.2.1"

    def other(self):
        return CaseNumbering(references=False, first_section=self.first_section)


def numbering_of(name: str, *, chapters: Collection[str] = (), quantity_words: Collection[str] = (),
                 references: bool = True, other_books: Collection[str] = (), first_section: int = 1) -> Numbering:
    """The numbering ``ruleset.yml`` names (``references: False``: no automatic links; ``other_books``:
    the names before a number that cites another book's rule, not this one's; ``first_section``: 0 where a case or
    decimal book opens with a section 0)."""
    if name == "asl":
        numbering: Numbering = AslNumbering(chapters, quantity_words=quantity_words, references=references)
    elif name == "case":
        numbering = CaseNumbering(quantity_words=quantity_words, references=references, first_section=first_section)
    elif name == "decimal":
        numbering = DecimalNumbering(quantity_words=quantity_words, references=references, first_section=first_section)
    elif name == "none":
        numbering = Numbering(None)
    else:
        raise ValueError(f"unknown numbering {name!r} (one of {', '.join(NUMBERINGS)})")
    if other_books and numbering.grammar is not None:
        numbering.grammar = OtherBooks(numbering.grammar, other_books)
        numbering.other_books = tuple(other_books)
    return numbering


def heading_number(title: str) -> str:
    """The number a rule heading starts with, without what is printed around it: a heading shows
    the number as the book prints it ("[5.3] MOVEMENT COSTS", "5.3) Costs", "15. BULLDOZERS"),
    and this gives "5.3", "5.3", "15" to compare with a rule ID ("" for a heading without words)."""
    first = title.split(None, 1)[0] if title.strip() else ""
    return first.lstrip("[(").rstrip(".):]")
