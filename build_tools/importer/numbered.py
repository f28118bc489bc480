"""Numbered rule text -> rule page Markdown, for every numbering and both readers.

The lines come from a reader (``source_lines``: plain text or Markdown); the
numbering (``build_tools.numbering``) says which printed numbers are rules,
their IDs and what they nest under. What the page gets:

* a **rule** wherever a line starts with a rule number in document order
  (``5.44``, ``G15.21``, ``## 5) Movement``, ``**5.11)**``); its heading
  level is its depth in the book's tree, so a file may hold many top-level
  rules (``1. Ferries`` … ``2. Cables``); its title is read as
  ``build_tools.importer.titles`` says, the rest of the line is its text;
* a bare section number that is not the next section, or not followed by a
  title (``1. Roll a die.`` inside section 5), is a **numbered list item**;
* paragraphs (a plain-text line that ends mid-sentence continues on the
  next; Markdown paragraphs end at a blank line), lists, tab and pipe tables,
  ``EX:`` examples, rules across the page;
* before the first rule: the document's title (its first line, when that
  reads as a title: an h1 that is no rule, with every rule one level under
  it) and any preamble.

Every line that looks numbered but was not read as a rule is reported, with
the reason (``ImportReport``), and so are rules whose parent is missing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from build_tools.errors import SourceError
from build_tools.importer import anchors, block_ids
from build_tools.importer import markdown_text as md
from build_tools.importer.book_names import book_like_citations
from build_tools.importer.page import Page
from build_tools.importer.pipe_tables import read_pipe_table
from build_tools.importer.report import ImportReport, NotARule, quoted
from build_tools.importer.source_lines import (BLANK, BLOCK, BOX, COMMENT, COMMENT_KINDS, EXAMPLE, GLUED_NUMBER,
                                               HEADING, HR, INDENTED, ITEM, LETTERED_NUMBER, MARK_AFTER_TITLE,
                                               MISREAD_NUMBER, PIPE, QUOTE, SENTENCE_NUMBER, STRAY, TAB, TASK_BOXES,
                                               TEXT, UNCLOSED_BOLD, VERBATIM, Line, Reader, ends_sentence,
                                               looks_decorated, looks_numbered, markdown_item, markdown_line,
                                               number_at_start)
from build_tools.importer.tab_tables import TabTables
from build_tools.importer.titles import (MAX_COLON_TITLE_WORDS, colon_title, ends_open, ends_with_abbreviation,
                                         in_capitals, in_title_case, run_in_title, turns_on_a_verb, whole_line_title)
from build_tools.numbering import Numbering, RuleNumber
from build_tools.references.cue_words import RULE_WORDS, SEE_WORDS

MAX_HEADING_LEVEL = 6
LIST_ITEM = "read as a numbered list item"
CONTINUES = "continues the sentence of the line before"
# A rule with no parent read, no sibling before it, numbered past this (1.9.39 after 1.1), is a date where its number
# reads as one: a book's missing parent leaves its first rules, not its thirteenth.
MAX_LONE_RULE = 12
# The book's title printed again inside a sentence, with no form feed, is a page's head only in capitals or this long:
# "Rules of Play" may be a sentence's words.
MIN_TITLE_AS_HEAD = 24
# A running page header or footer: a short line that comes back with other numbers, at least so often.
MAX_RUNNING_HEAD = 60
MIN_RUNNING_HEADS = 3
SHOWN_RUNNING_HEADS = 5
# How far from a form feed a page's header or footer may stand, past a page number and blank lines.
PAGE_EDGE_LINES = 4
_DIGITS = re.compile(r"\d+")
# A rule number typed with a comma, then a title or a sentence: "5,2 Units. Several …" (not "1,200 men").
_COMMA_NUMBER = re.compile(r"(?P<number>[1-9]\d*,\d{1,2})\s+(?P<rest>[A-Z].*)")
# A dotted number a wide gap sets off inside a line of plain text: "[5.14] Movement Points may not be     [5.21] A
# unit pays one", the two columns of a page copied as one line.
_COLUMN_NUMBER = re.compile(r" {3,}(?P<open>[(\[])?(?P<number>[1-9]\d*\.\d+(?:\.\d+)*)(?(open)[)\]]|\.?)\s+(?=\S)")
# A dotted number a space splits: "[5. 12] Roads.", "5 .12 Roads." (a PDF copy's or a typist's).
_SPACED_NUMBER = re.compile(r"[\[(]?(?P<number>\d+\.[ \t]+\d+(?:\.\d+)*|\d+[ \t]+\.\d+(?:\.\d+)*)[\])]?[ \t]")
# The dot leaders and page number of a list of contents' entry: "1.0 Introduction ...... 2", "Combat . . . 7".
_DOT_LEADERS = re.compile(r"(?:\.[ \t]*){4,}\d{1,4}[ \t]*$|(?:[ \t]\.){3,}[ \t]*\d{1,4}[ \t]*$"
                          r"|…+[ \t]*\d{1,4}[ \t]*$")
_WHOLE_BOLD = re.compile(r"(\*\*|__)[^*_]+\1")
_TAG = re.compile(r"<[^<>]*>")
# A callout's or alert's type before its title: "[!example]+ Optional Rule", "[!NOTE]".
_CALLOUT = re.compile(r"^\[!([\w-]+)\][+-]?[ \t]*")
_LINE_BREAK = re.compile(r"<br[ \t]*/?>", re.IGNORECASE)
# A spaced dash between a number and its title: "4 - COMBAT", "4. – Combat".
_DASHES = ("-", "–", "—")
# (or glued, a long dash before a capital: "4.2—Zones of Control")
_DASH_BEFORE_TITLE = re.compile(r"^(?:[-–—][ \t]+(?=\S)|[–—](?=[A-Z]))")
# A number opened by a bracket that nothing closes: "[5.5 Retreats." ("[5.5] Retreats." is a rule).
_UNCLOSED_NUMBER = re.compile(r"[\[(][A-Z]?\d*\.\d+(?:\.\d+)*[A-Z]?(?=\s)")
HEADING_ABOVE = "a heading above the sections"
CONTENTS = "an entry of a list of contents"
AT_HEADING_END = "a number at a heading's end out of the book's order: kept as a heading"
_WIDE_GAP = re.compile(r"\S[ \t]{3,}\S")
# A die roll's result, or a number's, typed as a line: "1-2: retreat", "6 = advance".
_ROLL_ENTRY = re.compile(r"\d{1,2}(?:[ \t]*[-–][ \t]*\d{1,2})?[ \t]*[:=][ \t]+\S")
# A mark before a rule's number at a line's start, as an edition marks a change: "[C] 12.2", "Updated 12.2", "+ 12.2".
_UNKNOWN_MARK = re.compile(r"(?P<mark>[\[(][^\s\[\]()]{1,10}[\])]|[A-Z][a-z]{0,9}|[+*!]{1,2})[ \t]+"
                           r"(?P<number>[1-9]\d*(?:\.\d+)+)(?=[ \t]+\S)")
# A rule's number a copy misprinted at a line's start, as text recognition (OCR) does: a stray character before it
# (".[2.12]", "'2.12", "l 2.12"), brackets that do not match ("[2.12}", "{2.12]") or a comma for its dot ("[2,12]").
_MISPRINTED_NUMBER = re.compile(r"(?:[^\w\s\[({]{1,2}|l(?=[ \t]))?[ \t]*(?P<open>[\[({]?)(?P<number>[1-9]\d*(?:[.,]\d+)+)"
                                r"(?P<close>[\])}]?)[.):]?(?=[ \t]+\S)")
# A day, a month and a year: "1.9.1939", "14.03.2024" (no rule is numbered so).
_DATE = re.compile(r"(?:[1-9]|[0-3]\d)\.(?:[1-9]|[01]\d)\.(?:1[5-9]|20)\d\d")
# The same with the year's last two digits ("17.9.39"): a date only where no rule of that number could come.
_SHORT_DATE = re.compile(r"(?:[1-9]|[12]\d|3[01])\.(?:[1-9]|1[0-2]|0[1-9])\.\d\d")
# A number, a colon or a dash, then words in lower case or a quotation: an errata list's note on that rule's text
# ("12.3: second sentence changed.", "12.3 - second sentence deleted.", '13.2: "two hexes" now reads …').
_CHANGE_NOTE = re.compile(r"\S*:[ \t]+(?:[a-z]|[\"“‘'])|\S*[ \t]+[-–—][ \t]+[a-z]")
# A verb right after a number: a sentence about that rule, as an errata list or a designer's note writes one ("7.24 was
# deleted.", "6.1 now reads …", "5.3 applies only to infantry."): no rule's text starts so.
_SAYS_OF_RULE = re.compile(r"(?:was|were|is|are|has|have|had|now|does|did|do|should|shall|will|would|can|cannot"
                           r"|replaces|replaced|deleted|removed|added|changed|reads|applies|apply|becomes|remains"
                           r"|covers|explains|describes|says|states|refers)(?!\w)")
NAMED_OUT_OF_ORDER = "a heading naming a rule's section out of the book's order (an errata list's?): kept as a heading"
# A line naming a section as a heading does, with a word before its whole number and a colon, a dash, a title in
# capitals or title case, or nothing after it: "Rule 1: General", "## Case 3 Combat", "**RULE 2**" (not "Rule 1 covers
# the basics.", "case 3 units may stack", "Rule 2-4 are optional", "Rule 1a:")
_NAMED_SECTION = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?[*_]*(?P<word>Rule|RULE|Case|CASE)[ \t]+(?P<number>[1-9]\d*)"
                            r"(?:[*_]*[ \t]*(?:[:.–—-][ \t]|[:.]?[*_]*[ \t]*$)|[ \t]+(?=[A-Z]))")
MAX_CAPITALS_HEADING_WORDS = 6
# What follows an amount in a worked sum: operators and numbers up to a comparison ("+ 0.5 = 1.8", "x 2 = 3",
# "≥ 1.0"); a modifier alone ("+1 if the attacker is elite") starts a rule's text.
_SUM = re.compile(r"(?:[+\-−×x*/][ \t]*\d[\d.,]*[ \t]*)*[=≥≤<>][ \t]*\d")
# A list of contents' entry's page number after its title, without dot leaders ("1.0 Introduction 2").
_PAGE_AFTER_TITLE = re.compile(r"[ \t]+\d{1,3}$")
# pandoc's caption under a table: ": Terrain Effects Chart", "Table: Terrain Effects Chart".
_CAPTION = re.compile(r"(?:Table)?:[ \t]+(?P<title>\S.*)")
# A list of contents' heading ("CONTENTS", "Table of Contents:"): no title of the book.
_CONTENTS_HEADING = re.compile(r"(?i:(?:table\s+of\s+)?contents):?")
# Words only a cited rule's number follows (in German and French too): a line ending on one goes on with that number.
_CUES = frozenset({*SEE_WORDS, "cf", "§", "gem."})
# And a word naming one rule, as a sentence writes it ("… as stated in rule" over "2.4. Leaders …"; not "rules":
# "… the Optional Rules" may lack its period, nor a heading's "Optional Rule" or "ADVANCED RULE" over its first rule).
# German writes its nouns capitalised.
_RULE_WORDS = frozenset({*RULE_WORDS, "Regel", "Abschnitt", "Kapitel"})
# (demonstratives and quantifiers, not articles: "conforme a regra", "véase la regla" over "1.2 …" cite it)
_DETERMINERS = frozenset("this that each every its their our next previous same any dieser diesem dieses jedem ce "
                         "cette chaque questo questa este esta cada deze dit elke ten ta każdy".split())


# A word a line break split after a printed hyphen ("the Move-"), and the rest of it on the next line ("ment Phase"):
# characters.clean_text joins them where nothing stands between; here, where a page's header does.
_WORD_BROKEN_AT_END = re.compile(r"[^\W\d_]-\Z")
_WORD_END = re.compile(r"([^\W\d_A-Z]\S*)[ \t]*")


# A copyright notice: "Copyright (c) 1979, …", "© Copyright 1979 …", "Copyright © GMT Games, LLC 2005", "© GMT Games
# 2005", "(c) 1979 …": the word capitalised or a sign first, and a year on the line (not a sentence's "copyright and
# may not be reproduced").
_COPYRIGHT = re.compile(r"[ \t]*(?:©|\([cC]\)|(?:©[ \t]*)?(?:Copyright|COPYRIGHT)\b).*?(?<!\d)(?:1[89]|20)\d\d(?!\d)")


def _some_of(indexes: list[int] | tuple[int, ...]) -> str:
    """The first few of some 0-based source lines, as a report names them: "4, 10, 16 and 2 more"."""
    shown = ", ".join(str(index + 1) for index in indexes[:SHOWN_RUNNING_HEADS])
    return shown + (f" and {len(indexes) - SHOWN_RUNNING_HEADS} more" if len(indexes) > SHOWN_RUNNING_HEADS else "")


def _words_of(text: str) -> list[str]:
    """The words of a title, in lower case, without numbers or punctuation: how two printings of it compare."""
    return re.findall(r"[^\W\d_]+", text.lower())


def _next_in_order(before: tuple[int, ...], path: tuple[int, ...]) -> bool:
    """Whether ``path`` is the rule a book numbers right after ``before``: its first sub-rule (2.1 -> 2.1.1), its next
    rule (2.1 -> 2.2; 1.0 -> 1.1), or the next rule of one of its parents, as printed (1.2 -> 2.0, 2.1 -> 3)."""
    if path in (before + (1,), before[:-1] + (before[-1] + 1,)):
        return True
    return any(path[:depth] == before[:depth - 1] + (before[depth - 1] + 1,) and not any(path[depth:])
               for depth in range(1, len(before) + 1) if len(path) >= depth)


class _Blocks:
    """Markdown blocks, with the paragraph and the list being written still open."""

    def __init__(self, reader: Reader):
        self.reader = reader
        self.blocks: list[str] = []
        self.paragraph: list[str] = []  # raw lines
        self.items: list[list] = []  # [depth, marker, raw lines]
        self.asides: list[str] = []  # blocks met inside the open paragraph or list, shown after it
        self.aside_last = False  # whether an aside came after the open paragraph's last line

    def close(self) -> None:
        if self.paragraph:
            self.blocks.append("\n".join(self.reader.paragraph_line(line) for line in self.paragraph))
        if self.items:
            self.blocks.append(md.html_list([(depth, marker, self._item_text(raw)) for depth, marker, raw in self.items]))
        self.blocks += self.asides
        self.paragraph, self.items, self.asides = [], [], []

    def aside(self, markdown: str) -> None:
        """A block that is not the text it stands in (a page's header copied into a sentence): after the
        open paragraph or list, which goes on past it."""
        if self.paragraph or self.items:
            self.asides.append(markdown)
            self.aside_last = True
        else:
            self.block(markdown)

    def _item_text(self, raw: list[str]) -> str:
        """An item's lines as inline Markdown; its paragraphs (split by "") apart by a blank line."""
        paragraphs = "\n".join(raw).split("\n\n")
        return "\n\n".join(" ".join(self.reader.inline(line.strip()) for line in paragraph.split("\n"))
                           for paragraph in paragraphs)

    def item_paragraph(self) -> None:
        """The open item goes on with a paragraph of its own (Markdown: a blank line, then indented text)."""
        self.items[-1][2].append("")

    def block(self, markdown: str) -> None:
        self.close()
        self.blocks.append(markdown)

    def text(self, raw: str, *, continues: bool) -> None:
        """A line of paragraph text; ``continues``: it belongs to the open paragraph or item."""
        if continues and self.items:
            self.items[-1][2].append(raw)
            return
        if not continues:
            self.close()
        elif self.paragraph and self.aside_last:  # "the Move-", a page's header set aside, "ment Phase …": one word
            broken = _WORD_BROKEN_AT_END.search(self.paragraph[-1])
            rest = _WORD_END.match(raw) if broken else None
            if rest:
                self.paragraph[-1] += rest.group(1)
                raw = raw[rest.end():]
        self.aside_last = False
        if raw:
            self.paragraph.append(raw)

    def item(self, depth: int, marker: str, raw: str) -> None:
        if self.paragraph:
            self.close()
        self.items.append([depth, marker, [raw]])

    @property
    def last_line(self) -> str | None:
        """The open paragraph's or item's last line, if one is open."""
        if self.items:
            return self.items[-1][2][-1]
        return self.paragraph[-1] if self.paragraph else None


class _Importer:
    def __init__(self, reader: Reader, raw_lines: list[str], path: str, numbering: Numbering, chapter: str | None):
        self.reader = reader
        self.lines = reader.lines
        self.path = path
        self.numbering = numbering
        self.chapter = chapter
        self.page = _Blocks(reader)
        self.out = self.page  # the page, or an open example
        self.example: tuple[Line, _Blocks] | None = None
        self.example_gap: Line | None = None  # the first line of the open example after a blank line
        self.example_end: Line | None = None  # its last line so far
        self.rules: dict[str, tuple[int, int]] = {}  # rule ID -> (line index, depth)
        self.numbers: dict[int, RuleNumber | None] = {}  # line index -> the rule number it starts with
        self.spellings: dict[str, str] = {}  # a printed section spelling (5, 5.0) -> its rule ID
        self.previous: tuple[RuleNumber, int] | None = None  # the last rule and its line
        self.bulleted: RuleNumber | None = None  # the last rule number a bullet kept a list item, since that rule
        self.units = frozenset(numbering.quantity_words)  # "1.5 MP": a quantity, no rule number
        self.units_lower = frozenset(word.lower() for word in self.units)
        # Number token -> the last line it starts, and the last heading it starts (_read_starts).
        self._last_start_of: dict[str, int] | None = None
        self._last_heading_of: dict[str, int] | None = None
        # _next_numbered's last answer of each kind: (asked from, found at, answer); none yet.
        self._next_numbered_seen: dict[bool, tuple[int, int, tuple[int, RuleNumber] | None]] = {
            True: (1, 0, None), False: (1, 0, None)}
        # for each position, the next rule whatever the book's order, and the next heading with its number at its
        # end before any other rule (_look_ahead), read once
        self._ahead: tuple[list[RuleNumber | None], list[RuleNumber | None]] | None = None
        self._repeating: int | None = None  # _headings_repeating_lines's answer, read once
        self.last_top: RuleNumber | None = None  # the last top-level rule: its ID starts footnote IDs
        # Plain text: a section's title printed over its number ("MOVEMENT" over "4."), by the number's position,
        # until that line is read (_rule takes it, or shows it as a heading)
        self.titles_above: dict[int, str] = {}
        self.first_rule: tuple[RuleNumber, str | None] | None = None
        self.document_title: str | None = None
        self.shift = 0  # 1 when the document's title is the h1 above every rule
        self.continued = False  # the text may open inside a section another source holds (import_text)
        # Markdown: the headings open, each (its "#"s, its level on the page, its rule ID or None)
        self.headings: list[tuple[int, int, str | None]] = []
        self.report = ImportReport(path=path, format=reader.name)
        self.raw = raw_lines
        self.tables = TabTables(_table_lines(reader, raw_lines), self.error, reader.table_ends | reader.page_tops)
        self.pipe_rows = [line.text if line.kind == PIPE else "" for line in self.lines]
        self.full_line = _full_line_length(reader, raw_lines)
        self.running_heads: set[int] = set()  # source lines of a running page header or footer
        self.read_mid_sentence: set[int] = set()  # source lines of rules read after a line ending mid-sentence

    def error(self, index: int, reason: str) -> SourceError:
        return SourceError(self.path, index + 1, reason)

    def next_nonblank(self, position: int) -> int | None:
        while position < len(self.lines) and self.lines[position].kind in (BLANK, COMMENT):
            position += 1
        return position if position < len(self.lines) else None

    # -- the walk --------------------------------------------------------------------

    def read(self) -> tuple[Page, ImportReport]:
        self._left_out_comments()
        self._refuse_open_fence()
        self._report_running_heads()
        self._report_page_heads()
        self._report_heads_inside_sentences()
        self._report_book_names()
        first = self.next_nonblank(0)
        if first is None:
            raise SourceError(self.path, None, "empty file: no rules to import")
        position = self._document_title(first)
        while position < len(self.lines):
            example = self.example
            after = self._line(position)
            if example is not None and self.example is example and self.lines[position].kind not in (BLANK, COMMENT):
                self._example_goes_on(position, after)
            position = after
        self._end_example()
        self.page.close()
        if not self.rules:
            raise SourceError(self.path, None, self._no_rules_reason())
        # A rule the book has after all was not lost: "- 6.2 ROADS" in a list of contents, "6.2 Roads and …".
        self.report.not_rules = [miss for miss in self.report.not_rules if miss.number not in self.rules]
        # Depth 0: a section another source holds, which this one continues (_depth_of).
        self.report.rule_lines = {rule_id: index + 1 for rule_id, (index, depth) in self.rules.items() if depth}
        markdown = "\n\n".join(self.page.blocks) + "\n"
        rule_lines = {index: rule_id for rule_id, (index, depth) in self.rules.items() if depth}
        if self.reader.name == "markdown" and block_ids.has_block_ids(markdown):
            markdown, lost_blocks = block_ids.resolve(markdown, self.raw, rule_lines)
            self._report_lost_block_links(lost_blocks)
        if anchors.has_links(markdown):
            markdown, lost = anchors.resolve(markdown, self._rule_headings(),
                                             anchors.explicit_anchors(self.raw, rule_lines))
            self._report_lost_links(lost)
        return Page(title=self._page_title(), chapter=self.chapter if self.numbering.has_chapters else None,
                    markdown=markdown), self.report

    def _where(self, written: str, occurrence: int = 0) -> str:
        """``path:line`` of the ``occurrence``-th time the source holds ``written`` (a link's target), else the path."""
        at = [index for index, raw in enumerate(self.raw) for _ in range(raw.count(written))]
        return f"{self.path}:{at[occurrence] + 1}" if occurrence < len(at) else self.path

    def _report_lost_block_links(self, lost: list[block_ids.LostBlockLink]) -> None:
        """List each link to a block ID no line of the source ends with (``block_ids.resolve``)."""
        for link in lost:
            self.report.warnings.append(f"{self._where(f'#^{link.id}')}: a link to the block ^{link.id}, which no line "
                                        f"of the source ends with: kept as text")

    def _report_lost_links(self, lost: list[anchors.LostLink]) -> None:
        """List each link to an anchor the export lost (``anchors.resolve``), on the line holding it."""
        for link in lost:
            page = anchors.to_export_page(link.anchor)
            where = self._where(f"]({link.anchor})" if page else f"](#{link.anchor})", link.occurrence)
            names = (f"its text names {len(link.named)} rules' headings ({', '.join(link.named)})" if link.named
                     else "its text names no rule's heading")
            target = (f"to {link.anchor} ({quoted(link.text, 40)}), another page of the export, which the site does not "
                      f"hold" if page else f"to #{link.anchor} ({quoted(link.text, 40)}), an anchor the source does not "
                      f"hold")
            self.report.warnings.append(f"{where}: a link {target}, and {names}: kept as text")

    def _rule_headings(self) -> list[tuple[str, str]]:
        """(rule ID, the heading's plain text) of each rule a Markdown heading starts, in document order."""
        return [(rule_id, self.reader.plain(self.lines[index].text)) for rule_id, (index, depth) in self.rules.items()
                if depth and self.lines[index].kind == HEADING]

    def _left_out_comments(self) -> None:
        """Report each HTML comment the reader left out; refuse one that holds lines that look like
        rules (a comment closed too late, or left open, would drop them; a note on a rule starts its
        line with a backslash)."""
        if self.reader.front_matter:
            self.report.warnings.append(f"{self.path}:1: left out the front matter (lines 1-{self.reader.front_matter}),"
                                        f" an export's settings, not the book's text")
        if self.reader.adornments:
            lines = "lines" if len(self.reader.adornments) > 1 else "line"
            self.report.warnings.append(f"{self.path}:{self.reader.adornments[0] + 1}: left out the titles' underlines "
                                        f"and overlines ({lines} {_some_of(self.reader.adornments)}: '=====', '-----', "
                                        f"as reStructuredText marks a title), not the book's text")
        for start, end, bars in self.reader.change_bars:
            span = f"line {start + 1}" if end == start else f"lines {start + 1}-{end + 1}"
            shown = "', '".join(bars)
            self.report.warnings.append(f"{self.path}:{start + 1}: left out the change bar in the margin of {span} "
                                        f"('{shown}', an edition's mark of what changed), not the book's text")
        for start, end, opener in self.reader.comments:
            closer, kind = COMMENT_KINDS[opener]
            span = f"line {start + 1}" if end == start else f"lines {start + 1}-{end + 1}"
            numbered = next((index for index in range(start + 1, end + 1) if self._reads_as_rule(index)), None)
            if numbered is not None:
                line = self.raw[numbered].strip()
                raise self.error(start, f"the {kind.removeprefix('an ')} on {span} holds a line "
                                        f"that reads as a rule (line {numbered + 1}: {quoted(line, 40)}), which it "
                                        f"would leave out: if the comment should end before it, put its {closer} "
                                        f"there; if the line is a note, not a rule, start it with a backslash "
                                        f"(\\{line[:12]}…)")
            self.report.warnings.append(f"{self.path}:{start + 1}: left out {kind} ({span}), "
                                        f"a transcriber's note, not the book's text")

    def _refuse_open_fence(self) -> None:
        """Refuse a code fence never closed that holds lines that look like rules: the rest of the book
        would be code (an export's stray fence made 41 rules 5)."""
        start = self.reader.open_fence
        if start is None:
            return
        numbered = next((index for index in range(start + 1, len(self.raw)) if self._reads_as_rule(index)), None)
        if numbered is not None:
            fence = self.raw[start].strip()
            raise self.error(start, f"the code fence {quoted(fence, 12)} is never closed, and the code it opens "
                                    f"holds a line that reads as a rule (line {numbered + 1}: "
                                    f"{quoted(self.raw[numbered].strip(), 40)}): close it with {fence[:3]} where the "
                                    f"code ends, or delete it")

    def _report_running_heads(self) -> None:
        """Report the lines that repeat through the source but for their numbers (``SALTMARSH RULES 7``,
        ``Page 4 of 16``): a PDF's running page header or footer, copied into the text. They stay
        (the import never drops words), shown apart (``markdown_text.running_head``): their numbers are
        no references."""
        repeats: dict[str, list[Line]] = {}
        for line in self.lines:
            if line.kind != TEXT or line.number is not None or not any(c.isdigit() for c in line.text):
                continue
            words = " ".join(line.text.split())  # "HARBOR LIGHT RULES        Page 2 of 16": its gap no length
            if len(words) <= MAX_RUNNING_HEAD:
                repeats.setdefault(_numbers_masked(words), []).append(line)
        for lines in repeats.values():
            if len(lines) >= MIN_RUNNING_HEADS and len({line.text for line in lines}) > 1:
                self.running_heads.update(line.index for line in lines)
                where = _some_of([line.index for line in lines])
                first = " ".join(lines[0].text.split())
                self.report.warnings.append(
                    f"{self.path}:{lines[0].index + 1}: {quoted(first)} comes back with other numbers "
                    f"on lines {where}: a running page header or footer? Delete those lines from the source")

    def _report_page_heads(self) -> None:
        """Keep apart a line that looks like a page's header or footer (a few words in title case or capitals)
        at the top of a page, after a PDF copy's form feed, or at its foot, before one: where a sentence runs
        through it (``… A unit may spend`` over ``HOLLOW RIDGE`` over ``them in any order``), or where another
        page's top or foot prints it with other numbers (``Hollow Ridge Rules 4``, ``… 5``), or where it is the book's
        title, its first line. Read as the book's, it ended the rule as a heading, or cited its page number as a
        rule."""
        edges: dict[int, str] = {}  # a candidate's position: "top" or "foot"
        for top in self.reader.page_tops:
            for position, where in ((self._page_edge(top, 1), "top"), (self._page_edge(top - 1, -1), "foot")):
                if position is not None and self._may_be_page_head(position):
                    edges[position] = where
        numbered: dict[str, set[str]] = {}  # a candidate with digits, its numbers masked: each way it is printed
        for position in edges:
            text = " ".join(self.lines[position].text.split())
            if _DIGITS.search(text):
                numbered.setdefault(_numbers_masked(text), set()).add(text)
        first, title = self._first_line()
        title = title and title.casefold()
        for position, where in sorted(edges.items()):
            line = self.lines[position]
            text = " ".join(line.text.split())
            on_pages = len(numbered.get(_numbers_masked(text), ())) > 1
            titled = position != first and text.casefold() == title  # "BLACK FORD", the book's first line
            if not (on_pages or titled or self._sentence_runs_through(position)):
                continue
            self.running_heads.add(line.index)
            why = "on other pages with other numbers" if on_pages else "the book's title" if titled else \
                "inside a sentence"
            self.report.warnings.append(f"{self.path}:{line.index + 1}: {quoted(text)} at the {where} of a page (a "
                                        f"PDF copy's form feed), {why}: the page's header or footer? Kept apart, "
                                        f"citing nothing: delete it from the source")

    def _page_edge(self, position: int, step: int) -> int | None:
        """The first line from ``position`` on (``step`` 1) or back (-1), a page number and blank lines passed."""
        for _ in range(PAGE_EDGE_LINES):
            if not 0 <= position < len(self.lines):
                return None
            line = self.lines[position]
            if line.kind not in (BLANK, COMMENT, STRAY) and not line.text.strip().isdigit():
                return position
            position += step
        return None

    def _may_be_page_head(self, position: int) -> bool:
        """A short line of text, no rule's, in capitals or title case: what a header or footer prints."""
        line = self.lines[position]
        plain = self.reader.plain(line.text).strip()
        return (line.kind == TEXT and line.number is None and line.index not in self.running_heads
                and len(" ".join(plain.split())) <= MAX_RUNNING_HEAD and not ends_sentence(plain)
                and not ends_open(plain) and (in_capitals(plain) or in_title_case(plain)))

    def _sentence_runs_through(self, position: int) -> bool:
        """Whether the text before the line at ``position`` ends mid-sentence and goes on after it in lower case."""
        before, after = self._page_edge(position - 1, -1), self._page_edge(position + 1, 1)
        return (before is not None and after is not None and self.lines[before].kind == TEXT
                and self.lines[after].kind == TEXT and self.lines[after].number is None
                and not ends_sentence(self.reader.plain(self.lines[before].text))
                and self.lines[after].text.lstrip()[:1].islower())

    def _first_line(self) -> tuple[int | None, str | None]:
        """The position of the source's first line with text (the book's title, most often) and its words."""
        first = self.next_nonblank(0)
        return first, " ".join(self.lines[first].text.split()) if first is not None else None

    def _report_heads_inside_sentences(self) -> None:
        """Keep apart a copyright notice or the book's title (its first line) that a sentence runs through (``… the
        Move-``, ``Copyright (c) 1979, …``, ``ment Phase …``): a PDF page's footer or header, in a copy without form
        feeds, where no repeat with other numbers gives it away as a running head."""
        first, title = self._first_line()
        # (a title a sentence may hold, "Rules of Play", only in capitals or long: "IRON FORD", "STORM AT KESTREL BAY")
        title = title.casefold() if title and (in_capitals(title) or len(title) >= MIN_TITLE_AS_HEAD) else None
        for position, line in enumerate(self.lines):
            if line.kind not in (TEXT, ITEM) or position == first or line.index in self.running_heads:
                continue
            raw = self.raw[line.index]  # ("(c) 1979 …" reads as a lettered item: the line as written)
            # (the notice's shape, or the title's length, first: this runs on every line of the book)
            if not (_COPYRIGHT.match(raw) or title and line.kind == TEXT and line.number is None
                    and len(raw) >= len(title) and " ".join(raw.split()).casefold() == title):
                continue
            if self._sentence_runs_through(position):
                text = " ".join(raw.split())
                self.running_heads.add(line.index)
                self.report.warnings.append(f"{self.path}:{line.index + 1}: {quoted(text)} inside a sentence: a "
                                            f"page's header or footer? Kept apart, citing nothing: delete it from "
                                            f"the source")

    def _report_book_names(self) -> None:
        """List the first number cited after each name that reads as another book's (``Series Rules
        7.12``) and is not in ruleset.yml's ``other_books``: it links to this book's rule of that number."""
        if self.numbering.grammar is None:
            return
        for index, name, number in book_like_citations(self.raw, self.numbering.other_books):
            self.report.warnings.append(
                f"{self.path}:{index + 1}: {quoted(f'{name} {number}')}: a number after what may name another book; "
                f"if it does, list {quoted(name)} in ruleset.yml's other_books (else {number} links to this book's "
                f"rule)")

    def _caption_after(self, position: int) -> int | None:
        """Markdown: the position of pandoc's caption under the pipe table at ``position`` (``: Terrain Effects
        Chart`` or ``Table: …``, a blank line between), if it has one."""
        if self.reader.name != "markdown":
            return None
        end = position
        while end < len(self.lines) and self.lines[end].kind == PIPE:
            end += 1
        following = self.next_nonblank(end)
        return following if following is not None and following <= end + 1 and self.lines[following].kind == TEXT \
            and _CAPTION.fullmatch(self.lines[following].text) else None

    def _report_boxed_rules(self, start: int, end: int) -> None:
        """A rule in a box drawn around it (``+----+`` over ``| 5.4 Fatigue. Tired units. |``, an optional rule
        set apart): a table of one column, which the import keeps, listing each line that reads as a rule."""
        rows = [line for line in self.lines[start:end] if line.kind == PIPE]
        cells = [row.text.strip().strip("|").split("|") for row in rows]
        if any(len(each) != 1 for each in cells):
            return
        for row, (cell,) in zip(rows, cells):
            number = number_at_start(self.reader.plain(cell.strip()))  # "1.5" or "3.5 hexes" in a column is a value
            if number is not None and self._reads_as_next_rule(number.token, number.rest, whole_title=True):
                self.report.not_rules.append(NotARule(
                    row.index + 1, cell.strip(), "a rule number inside a box (a table of one column): a box is never "
                    "a rule, so it stays a table; take the line out of the box to make it a rule", False, False))

    def _reads_as_rule(self, index: int, text: str | None = None) -> bool:
        """Whether Markdown source line ``index`` (or ``text`` on it) would start a rule were it not in a
        comment or a quotation: a dotted number (``5.1 …``), or a section's in a heading or in bold (not
        ``1979 edition``)."""
        line = markdown_line(index, self.raw[index] if text is None else text)
        number = self._number_or_none(line)
        return number is not None and (not number.bare or line.kind == HEADING or line.number.decorated)

    def _document_title(self, first: int) -> int:
        """Read the document's title, if the first line is one (or the first after a README's logo); return where
        the body starts."""
        line = self.lines[first]
        following = self.next_nonblank(first + 1)
        if (line.kind == TEXT and not _TAG.sub("", line.text).strip() and following is not None
                and self.lines[following].kind == HEADING and self._rule_number(self.lines[following]) is None):
            self.page.text(line.text, continues=False)  # "<img src=…>" over "# Ironwood Pass": shown as written
            self.page.close()
            return self._document_title(following)
        if line.kind == HEADING and self._rule_number(line) is None:
            title = self.reader.plain(line.text)
        elif (line.kind == TEXT and self._rule_number(line) is None and not ends_sentence(line.text)
              and len(line.text) <= 80 and not looks_numbered(line.text)
              and not self._title_over_section(first)  # "MOVEMENT" over "4." over "4.1 …": section 4's
              and not _CONTENTS_HEADING.fullmatch(self.reader.plain(line.text))  # the list's heading, not the book's
              and _TAG.sub("", line.text).strip()):  # a README's logo, "<img src=…>", names nothing
            title = line.text
        else:
            return first
        self.document_title = md.FOOTNOTE_MARK.sub("", self.reader.plain(title))  # "Rules of Play[^1]": the words
        self.shift = 1
        self.page.block(md.heading(1, self.reader.inline(title), ".rr-document-title"))
        return first + 1

    def _line(self, position: int) -> int:
        line = self.lines[position]
        kind = line.kind
        if kind == COMMENT:  # left out, as if the line were not there
            return position + 1
        if kind == BLANK:
            if not self._list_goes_on(position) and not self._page_head_inside_sentence(position):
                self.out.close()
            return position + 1
        if kind == ITEM and line.index in self.running_heads:  # "(c) 1979 …", a page's footer inside a sentence
            self.out.aside(md.running_head(self.reader.inline(" ".join(self.raw[line.index].split()))))
            return position + 1
        if kind in (ITEM, TEXT) and line.marker[:1] and not line.marker[:1].isdigit() and self._wraps_on(position):
            self.out.text(self.raw[line.index].strip(), continues=True)  # "… Marshal Anton" over "B. Kell, who …"
            return position + 1
        if kind == TAB or (kind == TEXT and line.number is None and self._titles_tab_table(position)
                           and not (self.lines[position - 1].kind == TEXT and self._mid_sentence())):
            self._end_example()
            blocks, after = self.tables.read(line.index, self.last_top.id if self.last_top else "page")
            for block in blocks:
                self.page.block(block)
            return after  # a reader makes one Line per source line
        if kind == BLOCK:  # read whole by the reader (an HTML table, a definition list)
            self._end_example()
            self.page.block(line.text)
            return position + 1
        if kind == PIPE:
            self._end_example()
            caption = self._caption_after(position)
            table, after = read_pipe_table(self.pipe_rows, position, self.path, self.reader.inline,
                                           pad_short_rows=self.reader.name == "markdown",
                                           caption=caption and _CAPTION.fullmatch(self.lines[caption].text)["title"])
            self.page.block(table)
            self._report_boxed_rules(position, after)
            return after if caption is None else caption + 1
        if self._title_over_section(position):
            self.titles_above[position + 1] = line.text  # "MOVEMENT" over "4.": the section's title
            return position + 1
        number = self._rule_number(line)
        if number is not None:
            reason = self._not_a_rule(line, number, position)
            if reason is None:
                return position + 1 + self._rule(line, number, position)
            if position in self.titles_above:  # the title over a number that is no section: a heading after all
                self._heading(self.titles_above.pop(position), 0, position)
            self._report_not_a_rule(line, reason)
            if reason.startswith(HEADING_ABOVE):
                kind = HEADING  # "PART 2: ADVANCED GAME" in plain text: a sub-heading, as in Markdown
            if line.marker and reason != CONTINUES:
                text = line.text if kind == ITEM else line.number.rest
                self.out.item(line.depth or 1, line.marker, text)
                # "1. **4.2** Rivers.", "1. 2.1.1 Road bonus: …": a rule a list's number keeps an item
                if text.startswith(("**", "__")) or text[:1].isdigit():
                    generic = self.report.not_rules.pop()  # "read as a numbered list item": said better, or again
                    listed = len(self.report.not_rules)
                    self._report_bulleted_rule(line._replace(kind=ITEM, text=text.strip()))
                    if len(self.report.not_rules) == listed:
                        self.report.not_rules.append(generic)
                return position + 1
            if reason.startswith(CONTENTS):  # "1.0 Introduction" under "CONTENTS": an item, its number its mark
                self.out.item(1, line.number.shown or line.number.token, line.number.rest)
                return position + 1
        elif kind in (TEXT, ITEM) and line.marker[:1].isalpha() and self._roman_heading(position):
            # "V. COMBAT", "III. COMBAT": beside the sections when one follows
            following = self._next_numbered(position + 1)
            beside = following is not None and (following[1].bare or following[1].top)
            self._heading(self.raw[line.index].strip(), 0, position, 1 + self.shift if beside else None)
            return position + 1
        elif kind == TEXT and line.marker[:1].isalpha() and line.number is not None:
            # "A. Weather Phase", "II. Movement Phase": a step, where the numbering has no such rule ("D." in asl)
            self.out.item(line.depth or 1, line.marker, line.number.rest)
            return position + 1
        elif (kind not in (ITEM, QUOTE, STRAY, VERBATIM) and looks_numbered(self.reader.plain(line.text))  # (code either)
              and not md.LINK_IN_DOCUMENT.match(line.text)):  # "[1\. Introduction](#heading=h.x)": a contents' link
            continuation = kind == TEXT and self._continues(line) and (
                self.reader.paragraphs_by_blank_lines or self._mid_sentence())
            self._report_not_a_rule(line, CONTINUES if continuation and not MISREAD_NUMBER.match(line.text)
                                    else self._why_not_numbered(line))
        elif kind == TEXT:
            self._report_comma_number(line)
            self._report_unknown_mark(line)
            self._report_misprinted_number(line)
        if kind == TEXT and self._capitals_heading(position) and not line.text.startswith(md.TEXT_NOTE):
            kind = HEADING  # "GLOSSARY" alone on its line in plain text: a heading, as "## Glossary" would be
        if kind == HEADING:
            self._heading(line.text, line.depth, position)
        elif kind == ITEM:
            if line.marker in md.BULLETS or line.text.startswith(("**", "__")):  # "1. **4.2** Rivers." too
                self._report_bulleted_rule(line)
            self.out.item(line.depth, line.marker, line.text)
            self._report_joined_rule(line)  # "- Woods cost two. 6.2 Roads. …"
        elif kind == EXAMPLE:
            self._start_example(line)
            self._report_joined_rule(line)  # "EX: A unit pays two. 6.2 Roads. …"
        elif kind == HR:
            self._end_example()  # "---" is how a source ends an example that a blank line cannot
            self.out.block(md.horizontal_rule())
        elif kind == VERBATIM:
            run = self._run_of(VERBATIM, position)
            self.out.block(md.verbatim([entry.text for entry in run]))
            for entry in run:  # "    2.3 Roads cost half." after a blank line: code, as CommonMark reads it, but listed
                if entry.marker == INDENTED and self._reads_as_rule(entry.index, entry.text.strip()) and not \
                        self._starts_with_quantity(markdown_line(entry.index, entry.text.strip()).number.rest):
                    self.report.not_rules.append(NotARule(
                        entry.index + 1, entry.text.strip(), "a rule number inside an indented code block (four "
                        "spaces or a tab before it, after a blank line): Markdown shows it as code, so it stays code; "
                        "take off the indent to make it a rule", False, False))
            return position + len(run)
        elif kind == STRAY and "\t" in self.raw[line.index]:
            self.report.warnings.append(f"{self.path}:{line.index + 1}: a line with a tab that is no table (a page "
                                        f"header or footer?), kept as text: delete it from the source")
            self.out.text(line.text, continues=self._continues(line))
        elif kind == STRAY:  # "HARBOR LIGHT RULES        2" inside a sentence: kept, shown apart, citing nothing
            self.report.warnings.append(f"{self.path}:{line.index + 1}: a page number far from the text, not a "
                                        f"rule's (a page header or footer?), shown apart: delete it from the source")
            self.out.aside(md.running_head(self.reader.inline(line.text)))
        elif kind == QUOTE:
            run = self._run_of(QUOTE, position)
            self.out.block(md.quotation(self._quoted_blocks(run)))
            for entry in run:  # "> **7.2** Foraging. …" in a callout: listed, as it reads as a rule
                if entry.text and self._reads_as_rule(entry.index, _CALLOUT.sub("", entry.text)):
                    boxed = entry.marker == BOX
                    what, fix = (("a note box (an admonition, a content tab or a fenced div)", "move the line out "
                                  "of the box") if boxed else ("a quotation (a callout or a note)", "take off the '>'"))
                    self.report.not_rules.append(NotARule(
                        entry.index + 1, entry.text if boxed else f"> {entry.text}", f"a rule number inside {what}: "
                        f"{'a box' if boxed else 'a quotation'} is never a rule, so it stays text of the rule before; "
                        f"{fix} to make it one", False, False))
            return position + len(run)
        elif line.index in self.running_heads:  # "SALTMARSH RULES 7" on every page: kept, citing nothing
            self.out.aside(md.running_head(self.reader.inline(" ".join(line.text.split()))))
        else:
            self.out.text(line.text, continues=self._continues(line))
            self._report_joined_rule(line)
        return position + 1

    def _list_goes_on(self, blank: int) -> bool:
        """Markdown: whether the list open before the blank line at ``blank`` goes on after it, with
        another item (a loose list) or an indented paragraph of its last item (then opened)."""
        if not (self.reader.paragraphs_by_blank_lines and self.out.items):
            return False
        after = self.next_nonblank(blank + 1)
        if after is None or self.lines[after].kind not in (ITEM, TEXT):
            return False
        if self.lines[after].kind == ITEM:
            return True
        if self.raw[self.lines[after].index][:2].strip():  # at the margin: the paragraph after the list
            return False
        if self.lines[blank - 1].kind != BLANK:
            self.out.item_paragraph()
        return True

    def _quoted_blocks(self, run: list[Line]) -> list[str]:
        """A quotation's paragraphs and lists (``> 1. Move`` over ``> 2. Fight`` is a list, not
        one paragraph); an empty ``>`` line ends a paragraph or list."""
        quoted = _Blocks(self.reader)
        callout = _CALLOUT.match(run[0].text)
        if callout:  # "[!example]+ Optional Rule", GitHub's "[!NOTE]": its title, else its type, in bold
            quoted.text(f"**{run[0].text[callout.end():].strip() or callout.group(1).capitalize()}**", continues=True)
            quoted.close()
            run = run[1:]
        for entry in run:
            item = markdown_item(entry.text)
            if not entry.text:
                quoted.close()
            elif item is not None:
                quoted.item(*item)
            else:
                quoted.text(entry.text, continues=True)
        quoted.close()
        return quoted.blocks

    def _run_of(self, kind: str, position: int) -> list[Line]:
        run = []
        while position < len(self.lines) and self.lines[position].kind == kind:
            run.append(self.lines[position])
            position += 1
        return run

    def _titles_tab_table(self, position: int) -> bool:
        return self.reader.name == "text" and self.tables.titles_table(self.lines[position].index) and not (
            self._capitals_heading_shape(position) and self.tables.entries_after(self.lines[position].index))

    def _mid_sentence(self) -> bool:
        """Whether the open paragraph or item ends mid-sentence (its next line goes on with it)."""
        last = self.out.last_line
        return last is not None and not ends_sentence(self.reader.plain(last))

    def _wraps_on(self, position: int) -> bool:
        """Plain text: whether a line that starts like a list item (``B. Kell``, ``II. may``, ``(1) is``,
        ``- 1 to``) goes on with the paragraph above, which it follows without a blank line and which
        ends mid-sentence: a wrapped line starting with an initial, a numeral or a sign. A list opens
        after a sentence or a colon. A name's initial ends no sentence either (``Colonel J.`` over
        ``R. Orme``), unless the line starts a list (``A.``, ``I.``)."""
        line = self.lines[position]
        if line.marker in _BULLET_GLYPHS:  # "• retreat one hex, or": a bullet is no sign a wrapped line starts with
            return False
        return (not self.reader.paragraphs_by_blank_lines and not self.out.items and bool(self.out.paragraph)
                and self.lines[position - 1].kind != BLANK and self.raw[line.index][:1] not in " \t"
                and (self._mid_sentence() or (_ENDS_ON_INITIAL.search(self.out.last_line or "") is not None
                                              and line.marker not in _FIRST_MARKERS)))

    def _bracket_open(self) -> bool:
        """Whether the open paragraph or item's last line leaves a parenthesis open."""
        last = self.out.last_line
        return last is not None and last.count("(") > last.count(")")

    def _page_head_inside_sentence(self, blank: int) -> bool:
        """Whether the blank line at ``blank`` is one a page's header or footer stands between, blank lines around
        it, inside a sentence (``… the Move-``, the head, ``ment Phase …``): the paragraph goes on past them, as it
        does past a head with no blank lines."""
        if self.reader.name != "text" or self.out.paragraph == [] or ends_sentence(
                self.reader.plain(self.out.paragraph[-1])):
            return False
        after, heads_after = self._past_page_heads(blank, 1)
        heads = heads_after + self._past_page_heads(blank, -1)[1]
        return bool(heads and after is not None and self.lines[after].kind == TEXT and self.lines[after].number is None
                    and self.lines[after].text[:1].islower())

    def _past_page_heads(self, position: int, step: int) -> tuple[int | None, int]:
        """The first line from ``position`` on (``step`` 1) or back (-1) that is neither blank nor a page's header or
        footer set apart, and how many of those were passed."""
        heads = 0
        while 0 <= position < len(self.lines):
            line = self.lines[position]
            if line.kind != BLANK and line.kind != STRAY and line.index not in self.running_heads:
                return position, heads
            heads += line.kind != BLANK
            position += step
        return None, heads

    def _continues(self, line: Line) -> bool:
        """Whether a text line belongs to the open paragraph or item. In plain text an item goes
        on only on an indented line, one starting in lower case, or after a word no item ends on:
        items are often printed without a period (``- Woods: two MP``), and the paragraph after
        the list starts at the margin."""
        last = self.out.last_line
        if last is None or line.text.startswith(md.TEXT_NOTE):  # a plain text's note is a paragraph of its own
            return False
        if self.reader.paragraphs_by_blank_lines or line.text[:1].islower():
            return True
        if self.out.items:
            return self.raw[line.index][:1] in " \t" or ends_open(self.reader.plain(last))
        if _ROLL_ENTRY.match(line.text) and _ROLL_ENTRY.match(self.reader.plain(last)):
            return False  # "1-2: retreat" over "3-4: halt": a table's rows, typed as lines, each a line of its own
        # A full line ends no paragraph, a sentence on it or not: a hard-wrapped copy's lines end where
        # the page's width did.
        return (self._mid_sentence() or self._bracket_open()
                or (line.index > 0 and len(self.raw[line.index - 1].strip()) >= self.full_line
                    and not _LABEL_START.match(line.text)))  # "Exception: …" opens a paragraph

    # -- rules -----------------------------------------------------------------------

    def _rule_number(self, line: Line) -> RuleNumber | None:
        """The rule number ``line`` starts with, if any (read once: lines are looked at ahead too)."""
        if line.number is None or line.kind not in (TEXT, HEADING, ITEM):
            return None
        if line.index not in self.numbers:
            try:
                self.numbers[line.index] = self.numbering.read(line.number.token, chapter=self.chapter,
                                                               trailing_dot=line.number.trailing_dot)
            except ValueError as error:
                raise self.error(line.index, str(error)) from None
        return self.numbers[line.index]

    def _not_a_rule(self, line: Line, number: RuleNumber, position: int) -> str | None:
        """Why a line that starts with a rule number is not read as that rule, or None."""
        if line.number.label and (number.bare or number.top):  # "Part 2", "Section 6": not "Rule 3.4"
            above = self._heading_above_sections(number, position)
            if above is not None:
                return above
        if line.kind == HEADING:
            if line.number.at_end:
                return self._out_of_order_at_end(line, number, position)
            if line.number.label.lower().startswith("rule") and number.bare:  # "## Rule 6 — Morale", a rule in order
                return NAMED_OUT_OF_ORDER if self._out_of_order_at_end(line, number, position) else None
            return None
        out_of_place = self._lettered_out_of_place(line, number)
        if out_of_place is not None:
            return out_of_place
        if (". ." in line.text or "...." in line.text or "…" in line.text) and _DOT_LEADERS.search(line.text):
            # "1.0 Introduction ...... 2": a page number after dot leaders
            return f"{CONTENTS}: dot leaders and a page number after the title"
        if self._continues_sentence(line, number, position):
            return CONTINUES
        if not line.number.decorated and _SUM.match(self.reader.plain(line.number.rest)):  # "1.3 + 0.5 = 1.8."
            return CONTINUES if self._mid_sentence() else "an amount in a worked sum, kept as text: no rule"
        amount = self._amount_skipping_rules(line, number, position)
        if amount is not None:
            return amount
        if self.example is not None and not line.number.decorated and self.reader.plain(line.number.rest)[:1].islower():
            return "a number in an example, words in lower case after it: kept as text"  # "1.3 for the woods hex, and"
        spaced = _SPACED_NUMBER.match(line.text) if number.bare else None
        if spaced and self._reads_as_next_rule("".join(spaced["number"].split()), line.text[spaced.end():]):
            return _space_inside(spaced["number"])  # "5. 3 Retreat. Back.": an OCR's space, no section 5's item
        if number.id in self.rules and self.reader.plain(line.number.rest)[:1].islower():
            # "6.1 was written in 2019; …" in a designer's note: a sentence, where a rule 6.1 came before
            return (f"read as text: rule {number.printed} came before (line {self.rules[number.id][0] + 1}), "
                    f"and lower-case words follow the number")
        if line.kind == TEXT and not line.number.decorated and _SAYS_OF_RULE.match(self.reader.plain(line.number.rest)):
            return f"a sentence about rule {number.printed} (a verb after its number): kept as text"
        if _DATE.fullmatch(number.id):  # "1.9.1939 Germany invades Poland." in a chronology
            return "a date (a year's four digits last): kept as text"
        if (line.kind == TEXT and not line.text.startswith(("**", "__")) and self._read_or_misplaced(number)
                and _CHANGE_NOTE.match(f"{line.number.shown or ''} {self.reader.plain(line.number.rest)}")):
            return f"a note on rule {number.printed}'s text (a list of changes?): kept as text"
        if _SHORT_DATE.fullmatch(number.id) and self._no_rule_here(number):  # "17.9.39 The Soviets invade."
            return "a date (day, month and a year's two digits, where no rule could come): kept as text"
        if (number.bare or number.top) and line.kind == TEXT and not line.marker:
            again = self._same_section_later(line, number, position)
            if again is not None and (not self._rule_under(number.id, position + 1)
                                      or self._listed_again(position + 1)):
                return (f"{CONTENTS}: section {number.printed} starts later, at line {self.lines[again].index + 1}, "
                        f"with its rules")
        if line.kind == TEXT and not line.marker and self._listed_again(position) and self._after_contents(position):
            return f"{CONTENTS}: rule {number.printed} starts later, with the same title"
        reason = self._why_no_section(line, number, position) if number.bare else None
        if reason is not None and (line.number.label or not line.marker) and reason.startswith(LIST_ITEM):
            # "Section 6. The attacker …", "12 Game-Turns may seem short.": a sentence, shown as one
            return "read as text" + reason.removeprefix(LIST_ITEM)
        return reason

    def _section_goes_on(self, number: RuleNumber, position: int) -> bool:
        """Whether the next rule from ``position`` on is one of section ``number``'s sub-rules (``2.1`` after ``2``), or
        the next section (``3`` after ``2``): ``number`` is the section, not a page's number."""
        following = self._next_numbered(position)
        if following is None or following[1].id in self.numbering.aliases(number.id):  # (in decimal 2.0 is 2's)
            return False
        return any(number.id in spellings for spellings in following[1].parents) or (
            following[1].top and following[1].path[:1] == (number.path[0] + 1,))

    def _lettered_out_of_place(self, line: Line, number: RuleNumber) -> str | None:
        """Why a section's lettered sub-rule or one printed after a dot (``2a``, ``2.a``, ``2.1.a``) is none: it is
        one only right after its rule (``a``) or after the sub-rule lettered before it; ``2d Armored Division …``
        wrapped under section 2, ``12a Woods …`` and a list's ``1a.`` are text."""
        if not _LOOSE_LETTERED.fullmatch(number.id):
            return None
        parent, letter = number.path[:-2], number.path[-1]
        before = self.previous[0] if self.previous is not None else None
        # where a sentence goes on into it, a title shows it is one: "… brings the" over "2a Brigade onto …" is text
        wrapped = self._mid_sentence() and not self.out.items and not _LETTERED_TITLE.match(
            self.reader.plain(line.number.rest))
        if before is not None and not wrapped and (
                before.id in number.parents[0] and letter == 1  # "2.0" too, for "2a"
                or before.path == (*parent, -1, letter - 1)):
            return None
        return (f"a number and a letter ({number.printed}) that follow neither their rule nor the sub-rule lettered "
                f"before them: kept as text")

    def _heading_above_sections(self, number: RuleNumber, position: int) -> str | None:
        """Why ``PART 1: BASIC GAME`` or ``Chapter 6 – Advanced Rules`` is no rule: the next section
        (``1. INTRODUCTION``, ``6. SUPPLY``, ``1.0 Introduction``: numbered without a word, titled, at
        or after its number) is one of its own, not a rule under it. The line is a heading above the sections."""
        following = self._next_numbered(position + 1)
        while following is not None and following[1].bare and not self.lines[following[0]].number.rest.strip():
            following = self._next_numbered(following[0] + 1)  # a lone number: a page number, say
        if following is None or not (following[1].bare or following[1].top) or following[1].path < number.path:
            return None
        line = self.lines[following[0]]
        if line.number.label or not (line.kind == HEADING or self._could_be_title(line, following[0])):
            return None
        return (f"{HEADING_ABOVE}: the next section ({following[1].printed}, line {line.index + 1}) is one of "
                f"its own, not a rule under it")

    def _why_no_section(self, line: Line, number: RuleNumber, position: int) -> str | None:
        if self.document_title and self.reader.plain(line.number.rest).casefold() == self.document_title.casefold():
            return ("a number and the book's title: a running page header or footer? Kept as text; delete it "
                    "from the source")  # "8 CINDER ROAD" under the title "CINDER ROAD" is no section 8
        if not line.number.rest.strip() and line.kind == TEXT:
            going_back = self._rule_going_back_after(number, position)
            if going_back is not None:
                return going_back
            if self.last_top is not None and number.path <= self.last_top.path:  # "4" among the rules of 5
                return (f"a number alone on its line that does not come after section {self.last_top.printed}: "
                        f"a page number? Kept as text; delete it from the source")
            following = self.next_nonblank(position + 1)
            if line.text.isdigit() and following is not None and self.lines[following].index in self.reader.page_tops \
                    and (self.lines[following].index in self.running_heads
                         or not self._section_goes_on(number, following)):
                # "2" over "\fBLACK FORD" or "\fDESIGNER NOTES": the page's ("2" over "\fMOVEMENT" and 2.1 is section 2)
                return ("a number alone on its line at a page's foot (a form feed after it): a page number? Kept as "
                        "text; delete it from the source")
            over = self._rule_number(self.lines[following]) if following is not None else None
            if over is not None and line.text.isdigit():  # "6" over "[6.0] COMBAT": no title, no text
                return (f"a number alone on its line, over rule {over.printed}: a page number? Kept as text; delete "
                        f"it from the source")
            if line.text.isdigit() and self._title_below(line, position, None, "") is None:
                # "5" over "A depot holds ten points.": a section is titled, on its line or the next
                return ("a number alone on its line, with no title: a page number? Kept as text; delete it from "
                        "the source")
        if self.last_top is not None and number.path <= self.last_top.path:
            return f"{LIST_ITEM}: {number.printed} does not come after section {self.last_top.printed}"
        if number.id in self.rules:  # "1. K: one unit …" in chapter A, whose section A1 came before
            return f"{LIST_ITEM}: section {number.printed} came before (line {self.rules[number.id][0] + 1})"
        if line.kind != HEADING and line.marker:  # "1. Weather Phase", "2. …", "3. Combat Phase", then 2.1
            # an entry of a list (of contents, of steps) whose section starts later; one alone among paragraphs is a
            # section ("2. Sequence of play" over its text, and its phases "1. Movement", "2. Combat" in a list)
            again = (self._section_again(line, number, position) or self._same_section_later(line, number, position)) \
                if self._among_items(position) else None
            if again is not None:  # "1. Introduction" over "2. Combat", then "## 1.0 Introduction"
                return (f"{LIST_ITEM}: section {number.printed} starts later, at line {self.lines[again].index + 1} "
                        f"(in a list of contents, or a list in a rule)")
            following = self._next_numbered(position + 1, sections=False)
            if following is not None and following[1].path < number.path:
                return (f"{LIST_ITEM}: the rule after it ({following[1].printed}, line "
                        f"{self.lines[following[0]].index + 1}) comes before {number.printed}")
        if self.out.items and line.marker and (not self._could_be_title(line, position)
                                               or self._next_item_without_rules(line, number, position)):
            return f"{LIST_ITEM}: it continues the list above"
        if not self._could_be_title(line, position):
            return (f"{LIST_ITEM}: a section {number.printed} would need a title after it (alone on its line, "
                    f"or before a colon)")
        return None

    def _among_items(self, position: int) -> bool:
        """Whether the line at ``position`` has a numbered line right before or after it (blank lines aside)."""
        before = next((at for at in range(position - 1, -1, -1) if self.lines[at].kind != BLANK), None)
        after = self.next_nonblank(position + 1)
        return any(at is not None and (self.lines[at].marker or self.lines[at].number is not None)
                   for at in (before, after))

    def _next_item_of_list(self, line: Line) -> bool:
        """Whether ``line``'s marker numbers the open list's next item (``3.`` after ``2.``)."""
        if not (self.out.items and line.marker):
            return False
        last = self.out.items[-1][1].rstrip(".)")
        return last.isdigit() and line.marker.rstrip(".)") == str(int(last) + 1)

    def _next_item_without_rules(self, line: Line, number: RuleNumber, position: int) -> bool:
        """Whether ``3. Apply Results`` is the next item of the open list (after ``2.``) and no rule
        comes under it (a ``3.1``): a step of a procedure, not section 3, even in title case. In plain
        text a line in capitals (``3. VICTORY``) stays a section: the way text prints one."""
        if not self._next_item_of_list(line):
            return False
        if not self.reader.paragraphs_by_blank_lines and in_capitals(self.reader.plain(line.number.rest)):
            return False
        return not self._rule_under(number.id, position + 1, sections=False)

    def _rule_going_back_after(self, number: RuleNumber, position: int) -> str | None:
        """Why a number alone on its line is no section, when the next rule goes back before it
        (``5.1 …``, ``12``, ``5.2 …``): a page number of a text copied from a PDF, kept as text."""
        following = self._next_numbered(position + 1, sections=False)
        if following is None or following[1].path >= number.path:
            return None
        return (f"a number alone on its line, and the rule after it ({following[1].printed}, line "
                f"{self.lines[following[0]].index + 1}) comes before it: a page number? Kept as text; delete "
                f"it from the source")

    def _next_numbered(self, position: int, *, sections: bool = True) -> tuple[int, RuleNumber] | None:
        """The first line from ``position`` on that starts with a rule number and could be a rule (not
        ``1.5 MP to enter``, a quantity at the start of a wrapped line), with that number; without
        ``sections``, the first such line with a number below a section (``5.2``, not ``12``).

        Remembers its last answer for each kind, so that looking ahead from line after line (a page
        number on every page) reads each line once."""
        start, found, answer = self._next_numbered_seen[sections]
        if start <= position <= found:
            return answer
        later, answer = position, None
        while later < len(self.lines):
            line = self.lines[later]
            number = self._rule_number(line)
            if number is not None and (sections or not number.bare):
                if not self._wrapped_quantity(line):
                    answer = (later, number)
                    break
            later += 1
        self._next_numbered_seen[sections] = (position, later, answer)
        return answer

    def _continues_sentence(self, line: Line, number: RuleNumber, position: int) -> bool:
        """A number at the start of a wrapped line, after a line that ends mid-sentence, is not a
        rule: out of order and followed by lower-case words or a unit (``... it costs\n1.5 MP to
        enter``; a rule's own number only with lower-case words, ``... as in\n6.1 above.``), or
        even in order, undecorated and untitled, when lower-case words follow it (``... see\n6.3
        below.``), when a later line starts with the number (the rule this line cites), or when a
        unit follows it in a paragraph (``... up to\n6.5 MP in a turn.``; after a list item
        without a period, ``6.5 MP may not be saved.`` is a rule)."""
        if self.previous is None or self._next_item_of_list(line):
            return False  # "3. Combat phase" after "2. Movement phase": the list's next item, no sentence's
        if line.number.shown.endswith(")") and not line.number.shown.startswith("(") and self._bracket_open():
            return True  # "(see 6.41 to" over "6.43) and fords too.": the end of a citation, not rule 6.43)
        if not self._mid_sentence() and not (self.out.last_line or "").endswith(("cf.", "vgl.", "gem.")):
            return False  # (the period of "cf." ends no sentence)
        if line.kind == TEXT and not line.text.startswith(("**", "__")) and self._ends_on_cue():
            return True  # "… may attack again; see" over "2.7 Overrun for armor …" or "[7.2] below.": what it cites
        if self.raw[line.index].lstrip().startswith("§"):
            return True  # "… as described in" over "§ 6.3 below.": a citation (a bold "**§6.3**" is a rule)
        if number.bare and not self.out.items and number.path != (1,) and not self._could_be_title(line, position):
            return True  # "… after Game-Turn\n14. Then count points.": no section, nor the first item of a list
        rest = self.reader.plain(line.number.rest)
        if line.number.shown.startswith("(") and rest[:1].islower():
            return True  # "… read the Combat Results Table" over "(9.3) on the line of the odds.": a citation
        if number.path > self.previous[0].path:
            if line.number.decorated or self._title_and_body(line, position)[0] is not None:
                return False  # "**6.2** hexes …", "[6.2] below", "15.21 vs PILLBOX: A dozer …": marked as rules
            return (rest[:1].islower() or (not self.out.items and self._wrapped_quantity(line))
                    or self._comes_again(line, position))
        if number.id in self.rules:  # "... as in\n6.1 above."
            return rest[:1].islower()
        return self._wrapped_quantity(line)

    def _same_title(self, number: RuleNumber, line: Line) -> bool:
        """Whether the heading ``line`` names rule ``number`` by the words of the line that was that rule, an entry of
        a list of contents (``1.0 Introduction`` over ``2.0 Movement``): so do other such headings of the book (one is
        a note's heading, ``### Movement (2.0)`` under ``# Designer's Notes``), and that rule has no rules under it."""
        at = self.rules[number.id][0]
        first = self.lines[at]
        return (_words_of(first.number.rest if first.number else first.text) == _words_of(line.number.label)
                and self._headings_repeating_lines() > 1
                and not (first.kind == HEADING and self._has_sub_rules(number.id)))

    def _headings_repeating_lines(self) -> int:
        """How many headings with their number at their end repeat the number and words of an earlier line."""
        if self._repeating is None:
            earlier: dict[str, list[str]] = {}
            self._repeating = 0
            for line in self.lines:
                if line.number is None or line.kind == ITEM:
                    continue
                if line.number.at_end:
                    self._repeating += earlier.get(line.number.token) == _words_of(line.number.label) != []
                else:
                    earlier.setdefault(line.number.token, _words_of(line.number.rest))
        return self._repeating

    def _has_sub_rules(self, rule_id: str) -> bool:
        """Whether a rule read after ``rule_id`` nests under it (``## 2.0 Movement`` over ``### 2.1 Roads``)."""
        read = list(self.rules)
        at = read.index(rule_id)
        return at + 1 < len(read) and self.rules[read[at + 1]][1] > self.rules[rule_id][1]

    def _out_of_order_at_end(self, line: Line, number: RuleNumber, position: int) -> str | None:
        """Why a number at a heading's end (``## Release Notes (1.2)``, ``## Changes in (2.0)``) names no rule: it
        breaks the book's order, a rule read already or out of order, without its parent, or before a rule it
        should come after."""
        following = self._next_fixed_rule(position + 1)
        if number.id in self.rules and self._same_title(number, line):
            first = self.rules[number.id][0]
            keep = ("write the list as a Markdown list (- 1.0 Introduction)" if self.reader.name == "markdown" else
                    f"start each of its lines with a backslash (\\{self.raw[first].strip()[:24]})")
            raise self.error(line.index, f"duplicate rule ID {number.id}: line {first + 1} ({quoted(self.raw[first])}) "
                                         f"names it by the same words, as other headings of the book name earlier "
                                         f"lines: if those lines are a list of contents, {keep} to keep them text")
        if self._read_or_misplaced(number) or following is not None and following.path <= number.path:
            return AT_HEADING_END
        # "## Errata (3.0)" between 1.0 and "## Movement (2.0)": it skips ahead where the next such heading goes on
        after = self._next_at_end(position + 1)
        if (self.previous is not None and not _next_in_order(self.previous[0].path, number.path)
                and after is not None and _next_in_order(self.previous[0].path, after.path)
                and after.path <= number.path):  # ("### Rivers (2.3)" over "## Combat (3.0)": a gap, in order)
            return AT_HEADING_END
        return None

    def _next_at_end(self, position: int) -> RuleNumber | None:
        """The number of the first heading with its number at its end from ``position`` on, before any other rule."""
        return self._look_ahead()[1][position]

    def _heading_next(self, position: int) -> bool:
        """Whether the next line after ``position`` is a heading that is no rule under the one there (or none is)."""
        following = self.next_nonblank(position + 1)
        line = self.lines[following] if following is not None else None
        here = self.lines[position]
        return line is None or (line.kind == HEADING and (
            line.number is None and line.depth <= here.depth  # "## Appendix"; not "### Introduction", its part
            or line.number is not None and not self._rule_under(self._rule_number(here).id, following)))

    def _next_fixed_rule(self, position: int) -> RuleNumber | None:
        """The number of the first line from ``position`` that starts a rule whatever the book's order: not a step of
        a list (``1. Pick a unit.``), nor a heading with its number at its end (which is a rule only in order)."""
        return self._look_ahead()[0][position]

    def _look_ahead(self) -> tuple[list[RuleNumber | None], list[RuleNumber | None]]:
        """``_next_fixed_rule`` and ``_next_at_end`` for every position, in one pass from the end."""
        if self._ahead is None:
            fixed: list[RuleNumber | None] = [None] * (len(self.lines) + 1)
            at_end: list[RuleNumber | None] = [None] * (len(self.lines) + 1)
            for at in range(len(self.lines) - 1, -1, -1):
                line = self.lines[at]
                fixed[at], at_end[at] = fixed[at + 1], at_end[at + 1]
                number = self._number_or_none(line) if line.number is not None and line.kind != ITEM else None
                if number is not None and line.number.at_end:
                    at_end[at] = number
                elif number is not None:
                    at_end[at] = None
                    if not self._wrapped_quantity(line):
                        fixed[at] = number
            self._ahead = fixed, at_end
        return self._ahead

    def _number_or_none(self, line: Line) -> RuleNumber | None:
        """``_rule_number``, None for a number the numbering refuses (no rule either)."""
        try:
            return self._rule_number(line)
        except SourceError:
            return None

    def _amount_skipping_rules(self, line: Line, number: RuleNumber, position: int) -> str | None:
        """Why an untitled amount that skips rules of its level is text, not a rule: right under a line ending on
        a colon (``… is worth more:`` over ``1.5 Victory Points each, or 3 …`` after rule 1.2), the sentence the
        colon opened; anywhere, a number before a unit (``2.5 MP is the most …`` after rule 2.2; ``4.5 MP …`` in section
        2, where no rule 4 was read). A rule may skip
        rules that errata took out (``… as follows:`` over ``3.3 Units in one hex …``)."""
        if self.previous is None or line.kind != TEXT or line.number.decorated:
            return None
        before, rest = self.previous[0].path, self.reader.plain(line.number.rest)
        skips = number.path[:-1] == before[:-1] and number.path[-1] > before[-1] + 1
        # "4.5 MP is the most …" in section 2: a number no rule can have here, its parent not read
        orphan = not number.top and not any(spelling in self.spellings for spelling in number.parents[0])
        if not ((skips or orphan) and self._starts_with_quantity(rest) and self._title_and_body(line, position)[0] is None):
            return None
        skipped = (f"rule {number.printed} would skip the rules after {self.previous[0].printed}" if skips else
                   f"rule {number.printed} would have no parent")
        last = self.out.last_line
        if last is not None and self.reader.plain(last).rstrip().endswith(":") and self.lines[position - 1].kind != BLANK:
            return f"{CONTINUES}, after its colon ({skipped}): kept as text; if it is a rule, put a blank line before it"
        if rest.split()[0].strip(".,;:") in self.units:
            return f"an amount ({skipped}, and a unit follows the number): kept as text"
        return None

    def _ends_on_cue(self) -> bool:
        """Whether the open paragraph or item ends on a word only a cited rule follows (``see``,
        ``per``): no sentence ends there, and a number starting the next line is the one it cites."""
        last = self.out.last_line
        words = self.reader.plain(last).split() if last else []
        word = words[-1].strip("(") if words else ""
        # ("… covered in this chapter" over "1.2 Leaders. They …": a word naming a rule after a determiner names none)
        return word.lower() in _CUES or word in _RULE_WORDS and not (len(words) > 1
                                                                     and words[-2].lower() in _DETERMINERS)

    def _section_again(self, line: Line, number: RuleNumber, position: int) -> int | None:
        """Where a later line starts the same section: as a heading, spelled another way (``1.0
        Introduction`` for ``1. Introduction``: a list of contents names it first), or as the line
        its first sub-rule follows (``2. MORALE`` over ``2.1 …``, after ``2. MC: a Morale Check.``
        in a list of results)."""
        self._read_starts()
        at = self._last_heading_of.get(line.number.token, -1)
        if at > position:
            return at
        at = self._last_start_of.get(line.number.token, -1)
        if at > position and self._rule_under(number.id, at + 1):
            return at
        for spelling in self.numbering.aliases(number.id):
            at = self._last_start_of.get(spelling, -1)
            if at > position:
                return at
        return None

    def _same_section_later(self, line: Line, number: RuleNumber, position: int) -> int | None:
        """Where a later line starts the same section, printed the same way: with the same title in
        any case (``1.0 Introduction`` in a list of contents, ``1.0 INTRODUCTION`` over the section's
        text), or over the section's first rule."""
        self._read_starts()
        at = self._last_start_of.get(line.number.token, -1)
        if at <= position:
            return None
        title = self.reader.plain(line.number.rest).strip().casefold()
        later = self.reader.plain(self.lines[at].number.rest).strip().casefold()
        if title and later and (title == later or _PAGE_AFTER_TITLE.sub("", title) == later):  # "Introduction 2"
            return at
        return at if self._rule_under(number.id, at + 1) else None

    def _rule_under(self, rule_id: str | None, position: int, *, sections: bool = True, unread: bool = False) -> bool:
        """Whether the first line from ``position`` that starts with a rule number (``_next_numbered``)
        starts a rule under ``rule_id`` (``unread``: one not read already)."""
        following = self._next_numbered(position, sections=sections)
        return following is not None and not (unread and following[1].id in self.rules) and any(
            rule_id in spellings for spellings in following[1].parents)

    def _read_starts(self) -> None:
        """Number token -> the last line it starts, and the last heading it starts; read once."""
        if self._last_start_of is None:
            self._last_start_of, self._last_heading_of = {}, {}
            for at, later in enumerate(self.lines):
                if later.number is not None and later.kind in (TEXT, HEADING):
                    self._last_start_of[later.number.token] = at
                    if later.kind == HEADING:
                        self._last_heading_of[later.number.token] = at

    def _listed_again(self, position: int) -> bool:
        """Whether the next numbered line from ``position`` (``1.1 Components`` in a list of contents)
        starts again later with the same title, text after it or not (``1.1 Components. One map.``)."""
        following = self._next_numbered(position)
        if following is None:
            return False
        line = self.lines[following[0]]
        self._read_starts()
        at = self._last_start_of.get(line.number.token, -1)
        title = self.reader.plain(line.number.rest).strip().casefold()
        return at > following[0] and bool(title) and \
            self.reader.plain(self.lines[at].number.rest).strip().casefold().startswith(title)

    def _after_contents(self, position: int) -> bool:
        """Whether the line before ``position`` is an entry of a list of contents (listed so)."""
        return bool(self.report.not_rules) and self.report.not_rules[-1].reason.startswith(CONTENTS) and \
            self.report.not_rules[-1].line == self.lines[position - 1].index + 1

    def _comes_again(self, line: Line, position: int) -> bool:
        """Whether a later line starts with the same number (``… as described in\n2.2 Support
        Fire, below.``, then ``[2.2] SUPPORT FIRE``): the rule is there, and this line cites it."""
        self._read_starts()
        return self._last_start_of.get(line.number.token, -1) > position

    def _wrapped_quantity(self, line: Line) -> bool:
        """Whether lower-case words or a unit follow a line's number (``1.5 MP to enter``): a
        quantity starting a wrapped line of a sentence, not a rule's number."""
        rest = self.reader.plain(line.number.rest)
        return rest[:1].islower() or rest.split(" ", 1)[0] in self.units

    def _wrap_hint(self, line: Line) -> str:
        """For a refused rule number on a line that goes on from a sentence (``... as per\n1.2
        through 1.2.1``): how to keep the line as text."""
        if not self._mid_sentence():
            return ""
        return f"; if this line goes on from the sentence before it, start it with a backslash: \\{line.text[:24]}"

    def _keep_text_hint(self, line: Line, number: RuleNumber) -> str:
        """For a rule number going back to an earlier section (``1.5—Marginal Victory.`` in rule 8.1's list of
        ratios): how to keep the line as text. Going back within a section (1.2 after 1.3) is more likely a typo.
        Only for a line of text starting with its number, where a backslash before it does just that (before a
        Markdown heading's number or a bold one it would show)."""
        raw = self.raw[line.index].strip()
        if number.path[:1] >= self.previous[0].path[:1] or line.kind != TEXT or not raw[:1].isdigit():
            return ""
        return (f"; if this line is no rule (a row of a list, a value the rule gives), start it with a backslash to "
                f"keep it text: \\{raw[:24]}")

    def _could_be_title(self, line: Line, position: int) -> bool:
        """Whether a bare section number is followed by a title (or nothing): a
        section heads its text with one; a numbered list item is a sentence. Only
        a title before a colon counts: ``1. Movement Phase. The phasing player
        moves.`` is how a sequence of play lists its phases. A title in sentence
        case counts where the section's rules follow it."""
        rest = _DASH_BEFORE_TITLE.sub("", self.reader.plain(line.number.rest), count=1)  # "4 - COMBAT"
        if line.title is not None or not rest:
            return True
        if colon_title(rest)[0] is not None or whole_line_title(rest, text_follows=False):
            return True
        # "2. Sequence of play" in sentence case: a section's title where its rules follow (the next dotted number
        # is its "2.1"), as a French book titles every section
        number = self._rule_number(line)
        return (number is not None and whole_line_title(rest, text_follows=True)
                and self._rule_under(number.id, position + 1, sections=False))

    def _page_header_hint(self, position: int) -> str:
        """Where the rule before is a section right over this rule, with no text of its own (``12 FENLANDS RULES``
        over ``[5.2] …``): it may be a page's running head, read as a section."""
        previous, index = self.previous
        if not (previous.bare or previous.top) or self.next_nonblank(index + 1) != position:  # a Line per source line
            return ""
        return f"; line {index + 1} ({self.raw[index].strip()!r}) may be a page's header or footer: delete it"

    def _text_follows(self, position: int | None) -> bool:
        """Whether the line at ``position`` is rule text starting a sentence (not a rule, not wrapped)."""
        if position is None:
            return False
        line = self.lines[position]
        return (line.kind == TEXT and self._rule_number(line) is None and bool(line.text)
                and not line.text[:1].islower())

    def _rule(self, line: Line, number: RuleNumber, position: int) -> int:
        """Write rule ``number`` of ``line``; return how many lines after it its title took."""
        printed = number.printed
        if number.id in self.rules:
            raw = self.raw[line.index].strip()
            kept = "" if line.kind != TEXT or not raw[:1].isdigit() else (
                f"; if this line only names rule {printed} (a list of changes, an index), start it with a "
                f"backslash to keep it text: \\{raw[:24]}")
            if line.kind == TEXT and raw.startswith(("**", "__")):  # "**2.3 Q:** Does rain …" in a FAQ
                kept = (f"; if this line only names rule {printed} (a question on it, a list of changes), put a word "
                        f"before its number to keep it text: {raw[:2]}Q {printed}:{raw[:2]} …")
            parts = "" if not (number.top or number.bare) else (
                "; if the book numbers a part's rules again (Standard Rules, then Exclusive Rules from 1), give each "
                "part a ruleset of its own: a rule ID names one rule of a ruleset")
            first = self.rules[number.id][0]
            wrapped_first = "" if first not in self.read_mid_sentence or self.reader.name != "text" else (
                f"; line {first + 1} may go on from the sentence before it: if so, start it with a backslash to "
                f"keep it text, \\{self.raw[first].strip()[:24]}")
            raise self.error(line.index, f"duplicate rule ID {number.id} (first on line {first + 1})"
                                         + (self._wrap_hint(line) or wrapped_first or kept) + parts)
        if self.previous is not None and number.path <= self.previous[0].path:
            hint = (self.numbering.order_hint(self.previous[0].id, number.id) or self._wrap_hint(line)
                    or self._page_header_hint(position) or self._keep_text_hint(line, number))
            raise self.error(line.index, f"rule {printed} comes after {self.previous[0].printed} "
                                         f"(line {self.previous[1] + 1}): out of order{hint}")
        depth = self._depth_of(line, number)
        level = depth + self.shift
        if level > MAX_HEADING_LEVEL:
            raise self.error(line.index, f"rule {printed} nests deeper than a heading can (h6)")
        title, body = self._title_and_body(line, position)
        below = self._title_below(line, position, title, body)
        above = self.titles_above.pop(position, None)
        if above is not None and (title is not None or body or below is not None):
            self._heading(above, 0, position)  # "ADVANCED GAME" over "7.0" over "COMBAT": the title is below
        elif above is not None:
            title = above
        title_lines = 0
        if below is not None:  # "1.0" over "INTRODUCTION", "[2.0] THE EFFECTS OF TERRAIN ON" over "COMBAT"
            title, body, title_lines = below
        if (title is None and not body and not self._text_follows(self.next_nonblank(position + 1 + title_lines))
                and not (line.kind == HEADING and (line.number.at_end or line.number.label and number.bare
                                                   and not self._heading_next(position)))):
            # ("## Movement (2.0)": titled; "## Section 1" over its first rule, a list, a table; not "## Section 2")
            raise self.error(line.index, f"rule number {printed} with no rule text: give it its text, or say on "
                                         f"its line what the book means by an empty rule ({printed} [Reserved], "
                                         f"{printed} (Deleted))")
        self._end_example()
        self.rules[number.id] = (line.index, depth)
        if self._mid_sentence():
            self.read_mid_sentence.add(line.index)
        for spelling in (number.id, *self.numbering.aliases(number.id)):
            self.spellings.setdefault(spelling, number.id)
        self.previous, self.bulleted = (number, line.index), None
        if number.top and depth == 1:
            self.last_top = number
        if self.first_rule is None:
            self.first_rule = (number, title)
        self.report.rules_per_level[depth] += 1
        shown = self.reader.inline(line.number.label or line.number.shown or printed)
        if title is not None and "<" in title:  # "**1.3** **Fords**\": the hard break ends the title's line
            title = _BREAK_ENDING_TITLE.sub("", title)
        # "[5.2]-TERRAIN": a title glued to its number by a dash stays so
        glued = title is not None and title.startswith(_DASHES) and f"{line.number.shown}{title[0]}" in line.text
        heading = shown if title is None else f"{shown}{'' if glued else ' '}{self.reader.inline(title)}"
        if line.kind == HEADING:
            self._close_headings(line.depth)
            self.headings.append((line.depth, level, number.id))
        self.page.block(md.heading(level, heading, f'#{number.id} .rr-rule data-rule="{number.id}"'))
        if body and body[:1] in " \t<":  # "**5.2 Bridges**\": the heading ends the line already
            body = _BREAK_AFTER_TITLE.sub("", body, count=1)
        if body:
            self.page.text(body, continues=False)
            self._report_joined_rule(line)  # "6.2 Roads. 6.21 A unit …" too
        elif "   " in line.text:  # "3.1 General       3.4 Reaction": a second column on a title's line
            self._report_joined_rule(line)
        return title_lines

    def _title_below(self, line: Line, position: int, title: str | None, body: str) -> tuple[str, str, int] | None:
        """The rule's title, text and title lines under its own, where its title is on the next line (plain text:
        ``1.0`` over ``INTRODUCTION``; ``6.`` over ``Combat`` and a blank line; a dotted number over a title and
        its text, ``1.1`` over ``Scale and Time`` or over ``Counters. A counter …``) or goes on there, as a PDF
        copy breaks a heading: in title case ending on a minor word (``5.2 Zones of`` over ``Control. A unit …``;
        in plain text also over ``Control`` and the text), or in capitals (plain text: ``[2.0] THE EFFECTS OF
        TERRAIN ON`` over ``COMBAT``), over a third line too while it still ends on a minor word; None where the
        title, if any, is on the rule's line. The line after the title's is the rule's text."""
        if body or position + 2 >= len(self.lines):  # most rules: text on the line
            return None
        if self.reader.name == "text" and title is None and self.lines[position + 1].kind == BLANK:
            return self._title_after_blank(line, position)
        below, after = self.lines[position + 1], self.lines[position + 2]
        if not (below.kind == TEXT and below.number is None and not below.marker):
            return None
        plain_title = self.reader.plain(title) if title is not None else ""
        wrapped = ends_open(plain_title) and in_title_case(plain_title)  # "5.2 Zones of"
        if wrapped and below.text[:1].isupper():  # in a Markdown source too: the lines of one paragraph
            rest, text = _markdown_run_in_title(below.text, self.reader)  # "Control. A unit …"
            if rest is not None and len(rest.split()) <= MAX_CAPITALS_HEADING_WORDS \
                    and in_title_case(self.reader.plain(rest)):
                return f"{title} {rest}", text, 1
        if self.reader.name != "text":
            return None
        untitled_dotted = title is None and not self._rule_number(line).bare  # "1.1" alone: no page's number
        if untitled_dotted and below.text[:1].isupper():
            rest, text = run_in_title(below.text)  # "1.2" over "Counters. A counter is a unit."
            if rest is not None and text:
                return rest, text, 1
        if not (len(below.text.split()) <= MAX_CAPITALS_HEADING_WORDS and not ends_sentence(below.text)
                and after.kind in (TEXT, BLANK, ITEM)):
            return None
        joined = " ".join(filter(None, [title, below.text]))
        if in_capitals(below.text):
            return self._title_goes_on(joined, position + 2, in_capitals) \
                if title is None or (in_capitals(title) and ends_open(title)) else None
        if wrapped and in_title_case(below.text):  # "5.2 Effects of" over "Terrain on Movement" over its text
            return self._title_goes_on(joined, position + 2, in_title_case)
        # "6." over "Combat": a bare number's title in any case, when a blank line or the next rule sets it apart;
        # a dotted number's in title case over its text too ("1.1" over "Scale and Time")
        return (joined, "", 1) if title is None and below.text[:1].isupper() and (
            after.kind == BLANK or after.number is not None
            or (untitled_dotted and after.kind == TEXT and in_title_case(self.reader.plain(below.text))
                and not after.text.lstrip()[:1].islower())) else None

    def _title_after_blank(self, line: Line, position: int) -> tuple[str, str, int] | None:
        """The title of a number alone on its line that a blank line sets apart from it, as a PDF copy spaces a
        heading's lines (``1.0``, a blank line, ``INTRODUCTION``, a blank line or the next rule): a line in capitals
        or title case ending no sentence; None for any other. A dotted number or one printed with its period only
        (``1.0``, ``6.``): a whole number alone on its line may be a page's."""
        number = self._rule_number(line)
        if position + 3 >= len(self.lines) or number is None or number.bare and not line.number.trailing_dot:
            return None
        below, after = self.lines[position + 2], self.lines[position + 3]
        if not (below.kind == TEXT and below.number is None and not below.marker
                and (after.kind == BLANK or after.number is not None)):
            return None
        plain = self.reader.plain(below.text)
        if len(plain.split()) > MAX_CAPITALS_HEADING_WORDS or ends_sentence(plain) or not (
                in_capitals(plain) or in_title_case(plain)):
            return None
        return below.text, "", 2

    def _title_goes_on(self, title: str, position: int, same_case: Callable[[str], bool]) -> tuple[str, str, int]:
        """A title wrapped over two lines, and its third where it still ends on a minor word and the line at
        ``position`` goes on in the same case (``… EFFECTS OF`` over ``ISOLATION ON UNITS IN THE`` over
        ``MOUNTAINS``; ``… Lines of`` over ``Communication Between`` over ``Them. A unit …``)."""
        third = self.lines[position]
        if not (ends_open(self.reader.plain(title)) and third.kind == TEXT and third.number is None
                and not third.marker):
            return title, "", 1
        rest, text = run_in_title(third.text)
        if rest is not None and same_case(self.reader.plain(rest)):
            return f"{title} {rest}", text, 2
        if (len(third.text.split()) <= MAX_CAPITALS_HEADING_WORDS and not ends_sentence(third.text)
                and same_case(self.reader.plain(third.text))):
            return f"{title} {third.text}", "", 2
        return title, "", 1

    def _depth_of(self, line: Line, number: RuleNumber) -> int:
        """The rule's depth in the book's tree: under the nearest of its parents that came before."""
        for distance, spellings in enumerate(number.parents):
            parent = next((self.spellings[s] for s in spellings if s in self.spellings), None)
            if parent is not None:
                if distance and not (number.top and distance == len(number.parents) - 1):
                    missing = " or ".join(number.parents[0])
                    self.report.warnings.append(
                        f"{self.path}:{line.index + 1}: rule {number.printed}: its parent {missing} is not in the "
                        f"text; placed under {parent}")
                return self.rules[parent][1] + 1
        if number.top:
            return 1
        direct = " or ".join(number.parents[0])
        if self.continued and self.last_top is None:
            # "6.5 …" opening the file after "6.4 …" ended the one before: its section is on that page.
            # Its parents stand above this page, so that the rest of section 6 nests under them too.
            for spellings in number.parents:
                for spelling in spellings:
                    self.spellings.setdefault(spelling, spelling)
                    self.rules.setdefault(spelling, (line.index, 0))
            self.report.continues.append((line.index + 1, number.parents[-1], (
                f"rule {number.printed} has no parent: no rule {direct} comes before it, nor does another source "
                f"of this ruleset hold section {' or '.join(number.parents[-1])}. Every rule must come after the "
                f"rule it belongs to")))
            return 1
        others = [spelling for spellings in number.parents[1:] for spelling in spellings]
        nor = f" (nor {', '.join(others)})" if others else ""
        spellings = [spelling for spellings in number.parents for spelling in spellings]
        # The line that looks most like the parent, a misread number first: "[1O.0] VICTORY" over a list of contents'
        # "10.0 Victory Conditions …… 11" (which is in no doubt a list's entry).
        misses = sorted(reversed(self.report.not_rules), key=lambda miss: MISREAD_NUMBER.match(miss.text) is None)
        hint = next((f"; line {miss.line} ({quoted(miss.text, 40)}) looks like it but was not read as a rule: "
                     f"{miss.reason}" for miss in misses
                     if any(printed in (s, s.lstrip(self.chapter or "")) for s in spellings
                            for printed in _printed_numbers(miss))), "")
        hint = hint or self._named_with_a_word(spellings, line.index)
        raise self.error(line.index, f"rule {number.printed} has no parent: no rule {direct} comes before it{nor}"
                                     f"{hint}. Every rule must come after the rule it belongs to"
                                     + self._wrap_hint(line))

    def _named_with_a_word(self, spellings: list[str], before: int) -> str:
        """The hint for a section a line before ``before`` names with "Rule" or "Case" and a whole number (``Rule 1:
        General`` over ``Rule 1.1 Scale. …``): read as a sentence's words or an example's label, it is no section's
        heading; "" for none."""
        for index in range(before):  # the first such line: "Rule 1: General", not a sentence under it
            named = _NAMED_SECTION.match(self.raw[index]) if self.lines[index].kind not in (COMMENT, VERBATIM) else None
            if named is None or named["number"] not in spellings:
                continue
            title = self.raw[index][named.end():].strip(" \t*_#")
            if title and (not title[:1].isupper() or ends_sentence(title)
                          or len(title.split()) > MAX_CAPITALS_HEADING_WORDS):
                continue  # an example's label: "Case 3: The defender is in a town."
            section = named["number"]
            return (f"; line {index + 1} ({quoted(self.raw[index].strip(), 40)}) names section {section} after "
                    f"'{named['word']}', as an example's label or a sentence does: write it as a section's heading, "
                    f"'Section {section}: …' or '{section}. …'")
        return ""

    def _title_and_body(self, line: Line, position: int) -> tuple[str | None, str]:
        rest = line.number.rest.strip()
        if line.kind == HEADING:
            return (rest or None), ""
        if line.title is not None:
            return line.title, rest
        title, body = self._run_in_title(rest)
        if title is not None:
            return title, body
        following = self.next_nonblank(position + 1)
        if whole_line_title(_DASH_BEFORE_TITLE.sub("", self.reader.plain(rest), count=1),
                            text_follows=self._text_follows(following), with_period=self.reader.name == "text"):
            return rest, ""  # "COMBAT", "- COMBAT": shown as printed
        dash = _DASH_BEFORE_TITLE.match(rest)
        if dash:  # "1.1 - Units move one hex.": the dash is printed with the number, the rule's text after it;
            # "4.3 – Roads – A road …": a run-in title after it, printed with it
            title, body = self._run_in_title(rest[dash.end():])
            if title is not None:
                return rest[:dash.end()] + title, body
            return rest[:dash.end()].strip(), rest[dash.end():]
        return None, rest

    def _run_in_title(self, text: str) -> tuple[str | None, str]:
        return run_in_title(text) if self.reader.name == "text" else _markdown_run_in_title(text, self.reader)

    def _heading(self, text: str, marks: int, position: int, level: int | None = None) -> None:
        """A heading without a rule number (``## Designer's Notes``, ``GLOSSARY``): at ``level``, else a
        sub-heading of the rule the walk is in, or beside the sections it stands between."""
        self._end_example()
        level = level or (self._sibling_level(marks, position) if marks else self._text_heading_level(position)) \
            or min(MAX_HEADING_LEVEL, self._depth_here() + 1)
        self.headings.append((marks, level, None))
        self.page.block(md.heading(level, self.reader.inline(text), ".rr-subhead"))

    def _roman_heading(self, position: int) -> bool:
        """Plain text: whether a step numbered in Roman numerals (``V. COMBAT``) is a part's heading:
        in capitals, alone between blank lines or over a rule, not in a list. The numbering has no
        such rule; a list item it would otherwise be would fall into the example or list above."""
        line = self.lines[position]
        rest = line.number.rest if line.number is not None else line.text  # "III." is no number: an item's marker
        if not (self.reader.name == "text" and _ROMAN_MARKER.fullmatch(line.marker) and not self.out.items
                and in_capitals(rest) and len(rest.split()) <= MAX_CAPITALS_HEADING_WORDS
                and (position == 0 or self.lines[position - 1].kind == BLANK)):
            return False
        following = self.next_nonblank(position + 1)
        return following is None or following > position + 1 or self._rule_number(self.lines[following]) is not None

    def _title_over_section(self, position: int) -> bool:
        """Plain text: whether a line in capitals is the title of the section number right under it, printed alone
        (``MOVEMENT`` over ``4.`` over ``4.1 A unit …``; ``INTRODUCTION`` over ``1.0``), as a board game's layout
        sets a section's title over its number."""
        line = self.lines[position]
        if not (line.kind == TEXT and not line.marker and position + 1 < len(self.lines) and self._in_capitals_alone(line)
                and not _WIDE_GAP.search(self.raw[line.index].strip())):
            return False  # ("TERRAIN TYPE    COST": a table's header)
        below = self.lines[position + 1]
        number = self._rule_number(below) if below.kind == TEXT and below.number is not None else None
        return (number is not None and (number.bare or number.top) and not below.number.rest.strip()
                and not below.number.label and (self.previous is None or number.path > self.previous[0].path))

    def _capitals_heading(self, position: int) -> bool:
        """Plain text: whether a line is a heading in capitals (``GLOSSARY``, ``DESIGNER'S NOTES``)
        alone after a blank line, within the rules and over text or a list that is no table (on the
        next line, or after a blank line), or over entries typed with tabs."""
        if not self._capitals_heading_shape(position):
            return False
        following = self.next_nonblank(position + 1)
        return following is not None and (self.lines[following].kind in (TEXT, ITEM) and not self._titles_tab_table(
            position) or self.tables.entries_after(self.lines[position].index))  # "AR<TAB>Attacker Retreat."

    def _capitals_heading_shape(self, position: int) -> bool:
        """Plain text: whether a line is set as a heading in capitals is: alone after a blank line, within the rules."""
        return (self.previous is not None and self._in_capitals_alone(self.lines[position])
                and (position == 0 or self.lines[position - 1].kind == BLANK))

    def _in_capitals_alone(self, line: Line) -> bool:
        """Plain text: whether a line is a few words in capitals and nothing else, as a heading or a title is set: no
        number, no sentence, no page's running head ("PELLWICK RULES   3" on every page)."""
        return (self.reader.name == "text" and line.number is None and line.index not in self.running_heads
                and in_capitals(line.text) and len(line.text.split()) <= MAX_CAPITALS_HEADING_WORDS
                and not ends_sentence(line.text))

    def _text_heading_level(self, position: int) -> int | None:
        """A plain-text heading with no rule after it (``GLOSSARY`` at the end) stands beside the
        book's sections, not under the last rule; None: under the rule the walk is in. A section
        number that does not come after the last section (``1. Remove Pin markers.`` after ``2.0``)
        is a list's item, no rule."""
        following = self._next_numbered(position + 1)
        while following is not None and following[1].bare and self.last_top is not None \
                and following[1].path <= self.last_top.path:
            following = self._next_numbered(following[0] + 1)
        return None if following is not None else 1 + self.shift

    def _sibling_level(self, marks: int, position: int) -> int | None:
        """A Markdown heading without a number (``## Designer's Notes``, ``## Part 2``) after headings
        with as many ``#`` or more is their sibling: their level on the page, not a sub-heading of
        the last rule; unless the next rule is under the outermost of them (``Section 5`` then
        ``General Rules`` then ``5.1``, all ``##``: a heading inside section 5). None: it is under
        the rule the walk is in."""
        closed = self._close_headings(marks)
        if not closed:
            return None
        outermost = closed[-1]
        # (a rule read already is no next rule: an errata list's "5.2: '20' should read '25'" under "## Errata")
        if self._rule_under(outermost[2], position + 1, unread=True):
            self.headings += reversed(closed)
            return None
        return outermost[1]

    def _close_headings(self, marks: int) -> list[tuple[int, int, str | None]]:
        """The open Markdown headings a heading of ``marks`` "#"s closes, innermost first."""
        closed = []
        while self.headings and self.headings[-1][0] >= marks:
            closed.append(self.headings.pop())
        return closed

    def _depth_here(self) -> int:
        """The depth of the rule the walk is in (0 before the first rule)."""
        if self.previous is None:
            return self.shift
        return self.rules[self.previous[0].id][1] + self.shift

    # -- examples --------------------------------------------------------------------

    def _start_example(self, line: Line) -> None:
        self._end_example()
        self.page.close()
        self.example = (line, _Blocks(self.reader))
        self.example_gap, self.example_end = None, line
        self.out = self.example[1]
        if line.text:
            self.out.text(line.text, continues=False)

    def _example_goes_on(self, position: int, after: int) -> None:
        """Lines ``position`` to ``after`` went into the open example: note where it goes on after a blank line."""
        if self.example_gap is None and self.lines[position - 1].kind == BLANK:
            self.example_gap = self.lines[position]
        self.example_end = self.lines[after - 1]

    def _end_example(self) -> None:
        if self.example is None:
            return
        line, blocks = self.example
        blocks.close()
        self.example, self.out = None, self.page
        # NOTE, DESIGN NOTES, Nota, Noot van de ontwerper, Opmerking, Uwaga, Anmerkung des Autors, HINWEIS, TIP
        kind = "note" if re.search("NOT[EA]|NOOT|OPMERKING|UWAGA|ANMERKUNG|HINWEIS|DESIGNNOTIZ|TIP",
                                   line.marker.upper()) \
            else "example"
        if not blocks.blocks:
            raise self.error(line.index, f"{line.marker} with no {kind} text after it")
        self.page.block(md.admonition(kind, line.marker, blocks.blocks))
        if self.example_gap is not None:  # the example's paragraphs, or the rule's text after them?
            gap, end = self.example_gap.index + 1, self.example_end.index + 1
            article = "an" if kind == "example" else "a"
            self.report.warnings.append(
                f"{self.path}:{line.index + 1}: the {kind} ({line.marker}) goes on after a blank line, at "
                f"{f'lines {gap}-{end}' if end > gap else f'line {gap}'}: {article} {kind} runs to the next rule, "
                f"heading, table, example or note; if the rule's text comes after the blank line, end the {kind} "
                f"there with a line ---")

    # -- the report ------------------------------------------------------------------

    def _report_not_a_rule(self, line: Line, reason: str) -> None:
        text = line.text if line.kind != ITEM else f"{line.marker} {line.text}"
        self.report.not_rules.append(NotARule(line.index + 1, text, reason, looks_decorated(text),
                                              reason.startswith(LIST_ITEM)))

    def _report_bulleted_rule(self, line: Line) -> None:
        """A bullet (or a list's number before a bold one: ``1. **4.2** Rivers.``) before what reads as
        the next rule (``• 6.2 Roads. Half an MP.``) keeps it a
        list item, as every bullet is (``- **2.5** Woods`` in a cost list is no rule 2.5); the
        report says so, so that a rule is never lost to the one before without a word."""
        # "- **6.35** Fords …", "- [ ] **1.2** Sort …" too
        number = number_at_start(self.reader.plain(line.text).lstrip(TASK_BOXES + " "))
        # "**6.1 Supply Sources**": the bold run holds the number and the title, and nothing else
        whole = self.reader.name == "markdown" and _WHOLE_BOLD.fullmatch(line.text) is not None
        # "- 14.3 Isolation" right after 14.2: the next rule by its number, where a cost list's "- 1.5 Woods" seldom is
        read = number and not number.label and self._reads_as_next_rule(
            number.token, MARK_AFTER_TITLE.sub("", number.rest), whole_title=whole, after=self.bulleted,
            title_if_follows=True)
        if read:
            self.bulleted = read  # "- 4.21 …", "- 4.22 …": each follows the one before
            what = "bullet" if line.marker in md.BULLETS else f"list's number ({line.marker})"
            self.report.not_rules.append(NotARule(
                line.index + 1, f"{line.marker} {line.text}", f"a {what} before rule number {read.printed}: a "
                f"{what.split(' (')[0]} starts a list item, so it stays one; delete the {what} to make the line rule "
                f"{read.printed}", False, False, read.id))

    def _no_rule_here(self, number: RuleNumber) -> bool:
        """Whether ``number`` is a rule read already, one out of the book's order, or one with no parent read in
        another section than the last rule's (``17.9.39`` after 1.1) or numbered past twelve (``1.9.39`` after 1.1);
        one with no parent read in the last rule's section (``2.1.11`` after 2.0, ``3.2.10`` after 3.2.8) may be a
        book's rule, its parent missing."""
        return self._read_or_misplaced(number) and (
            self.previous is None or number.id in self.rules or number.path <= self.previous[0].path
            or number.path[0] != self.previous[0].path[0] or number.path[-1] > MAX_LONE_RULE)

    def _read_or_misplaced(self, number: RuleNumber) -> bool:
        """Whether ``number`` is a rule read already, or one that could not come here: out of the book's order, or with
        no parent read (an errata list's, after the rules or before them)."""
        return (number.id in self.rules or self.previous is not None and number.path <= self.previous[0].path
                or not number.top and not any(spelling in self.spellings for spelling in number.parents[0]))

    def _report_unknown_mark(self, line: Line) -> None:
        """A mark the import does not know before what reads as the next rule (``[C] 12.2 Range``, ``Updated 12.2
        Range``, ``+ 12.2 Range``: an edition's mark of a change): the line stays text of the rule before, and the
        report says so, so that no rule is lost without a word."""
        if line.number is not None:
            return
        marked = _UNKNOWN_MARK.match(line.text)
        read = marked and self._reads_as_next_rule(marked["number"], line.text[marked.end():], whole_title=True)
        if read:
            self.report.not_rules.append(NotARule(
                line.index + 1, line.text, f"a word or mark ({marked['mark']}) before what reads as rule "
                f"{read.printed}: kept as text of the rule before; if the line is rule {read.printed} (an edition's "
                f"mark of a change), take it off or put it after the number", False, False, read.id))

    def _report_misprinted_number(self, line: Line) -> None:
        """What reads as the next rule, its number misprinted as a scan's text recognition leaves it (``.[2.12] A unit
        …``, ``[2.12} …``, ``[2,12] …``): the line stays text of the rule before, and the report says so."""
        listed = self.report.not_rules and self.report.not_rules[-1].line == line.index + 1  # "5,2 Units.": said
        misprinted = None if listed or line.number is not None else _MISPRINTED_NUMBER.match(line.text)
        read = misprinted and self._reads_as_next_rule(misprinted["number"].replace(",", "."),
                                                       line.text[misprinted.end():], whole_title=True)
        if read:  # ".[2.12] A unit …", "[2.12} A unit …", "[2,12] A unit …" after 2.11
            self.report.not_rules.append(NotARule(
                line.index + 1, line.text, f"what reads as rule {read.printed}, misprinted ({quoted(misprinted.group(0), 12)}:"
                f" a stray character, brackets that do not match or a comma for a dot, as a scan's text recognition "
                f"leaves them): kept as text of the rule before; print the number as the book does to make it rule "
                f"{read.printed}", False, False, read.id))

    def _report_joined_rule(self, line: Line) -> None:
        """A sentence inside a line that reads as the next rule (``6.1 Costs. One MP per hex. 6.2
        Roads. Half an MP.``): two rules a copy joined when it lost the line break between them.
        It stays text, as a sentence may start with a number; the report lists it."""
        text = self.reader.plain(line.text)
        if "<" in text:  # "**4.2** Ice.<br>**4.3** Thin Ice.": a line break between two rules
            text = _LINE_BREAK.sub(" ", text)
        joined: list[RuleNumber] = []  # "… 6.2 Roads. Half. 6.3 Trails. One.": each after the one before
        for match in SENTENCE_NUMBER.finditer(text):
            if ends_with_abbreviation(text[:match.start() + 1]):  # "cf. 6.2 Roads", "No. 6.2 Supply"
                continue
            read = self._reads_as_next_rule(match.group("number"), text[match.end():], whole_title=True,
                                            set_off=match.group("open") == "[",  # "… hex. [5.23] Crossing a"
                                            after=joined[-1] if joined else None)
            if read and (not joined or read.path > joined[-1].path):
                joined.append(read)
        if joined:
            numbers = " and ".join(", ".join(read.printed for read in joined).rsplit(", ", 1))
            why = f"rule number {numbers} inside the line, after a sentence: two rules joined on one line? Start a " \
                  f"line with {numbers} to make it a rule" if len(joined) == 1 else \
                f"rule numbers {numbers} inside the line, after sentences: {len(joined) + 1} rules joined on one " \
                f"line? Start a line with each to make it a rule"
            self.report.not_rules.append(NotARule(line.index + 1, line.text, why, False, False, joined[0].id))
            return
        if self.reader.name != "text" or "   " not in text:  # the text is stripped: three spaces are inside it
            return
        for match in _COLUMN_NUMBER.finditer(text):
            read = self._reads_as_next_rule(match.group("number"), text[match.end():], set_off=True)
            if read:
                self.report.not_rules.append(NotARule(
                    line.index + 1, line.text, f"rule number {read.printed} after a wide gap inside the line: two "
                    f"columns of a page copied as one? Put each column's text on lines of its own to make it a rule",
                    False, False, read.id))
                return

    def _reads_as_next_rule(self, token: str, rest: str, *, whole_title: bool = False, set_off: bool = False,
                            after: RuleNumber | None = None, title_if_follows: bool = False) -> RuleNumber | None:
        """The rule a number and the text after it would be, where they read as the book's next
        rule: a dotted number of the numbering after the last rule and under a rule already read,
        then a capital that starts no quantity (``6.5 Movement Points``), and a run-in title or a
        title in capitals (``whole_title``: in title case too, the line's rest, as ``… MP. 6.2 Roads``
        over the rule's text; not in a list item, where ``- 1.5 Woods`` is a cost); or, right after
        the last rule (its next sibling or first child, as ``6.21 A unit …`` after ``6.2``), an
        untitled sentence. A number ``set_off`` from the text before it (in brackets, or a wide gap:
        a page's second column) is the next rule where any capital follows it. ``after``: the number
        read last, where it is not the last rule's (a bulleted one). ``title_if_follows``: a title in title case, the
        line's rest, is the next rule right after the last too (``- 14.3 Isolation`` after 14.2)."""
        if "." not in token:
            return None
        try:
            read = self.numbering.read(token, chapter=self.chapter, trailing_dot=False)
        except ValueError:
            return None
        if read is None or self.previous is None or read.path <= self.previous[0].path or not (
                set_off or read.top
                or any(spelling in self.spellings for spellings in read.parents for spelling in spellings)):
            return None
        first = rest.split(maxsplit=1)[0] if rest.strip() else ""
        if not first.lstrip("\"'“‘([*_")[:1].isupper() or self._starts_with_quantity(rest):
            return None
        if set_off:
            return read
        if run_in_title(rest)[0] is not None or (rest.isupper() and len(rest.strip()) > 2) or (
                whole_title and whole_line_title(rest, text_follows=False)):
            return read
        last = (after or self.previous[0]).path
        follows = read.path in (last + (1,), last[:-1] + (last[-1] + 1,))
        return read if follows and (ends_sentence(rest) or title_if_follows and whole_line_title(
            rest, text_follows=False)) else None

    def _starts_with_quantity(self, rest: str) -> bool:
        """Whether the words after a number make it a quantity: a unit as printed (``MP``,
        ``hexes``, or one of the ruleset's ``quantity_words``), or capitalised words that are all
        units (``Movement Points``), or what a game counts in points (``Victory Points``, ``Supply Points``).
        ``Turn Sequence`` and ``Units: Infantry`` start titles."""
        words = [word.strip(".,;:*_") for word in rest.split()[:2]]
        if not words:
            return False
        return words[0] in self.units or len(words) == 2 and (words[1] in ("Points", "points") or (
            words[0].lower() in self.units_lower and words[1].lower() in self.units_lower))

    def _report_comma_number(self, line: Line) -> None:
        """A rule number typed with a comma for its dot (``5,2 Units. Several …``), where the dotted
        number reads as the book's next rule: a typo that made the rule text of the one before."""
        typo = _COMMA_NUMBER.match(self.reader.plain(line.text))
        if typo is not None and self._reads_as_next_rule(typo.group("number").replace(",", "."), typo.group("rest")):
            self._report_not_a_rule(line, f"a comma in the number ({typo.group('number')}): write "
                                          f"{typo.group('number').replace(',', '.')} to make it a rule")

    def _why_not_numbered(self, line: Line) -> str:
        if line.number is None and self.reader.name == "markdown" and "\\" in line.text[:12]:
            line = line._replace(text=self.reader.plain(line.text))  # "12\.4a Pinned." as "12.4a Pinned."
        misread = MISREAD_NUMBER.match(line.text)
        if misread:
            number = misread.group("number")
            digits = number.translate(_OCR_DIGITS)
            if not any(letter in number for letter in "lIO"):  # "5.S Rout.", or a step lettered so: "3.B Movement"
                return f"a letter after the dot ({number}): a part lettered so, or text recognition (OCR) misreading " \
                       f"a 5 or an 8; if it is rule {digits}, write {digits}"
            return f"a letter where a digit belongs ({number}), as text recognition (OCR) misreads digits: " \
                   f"write {digits} to make it a rule"
        if line.number is not None:
            return self.numbering.why_not(line.number.token, trailing_dot=line.number.trailing_dot)
        spaced = _SPACED_NUMBER.match(line.text)
        if spaced:
            return _space_inside(spaced["number"])
        if line.text.startswith("~~"):
            return "struck through (~~): a rule the book deleted? It stays struck text; delete the ~~ to make it a rule"
        if self.reader.name == "markdown" and UNCLOSED_BOLD.match(line.text):
            return "its bold title is not closed on the line nor the next: a title wrapped over more lines? Join " \
                   "them to make it a rule"
        if GLUED_NUMBER.match(line.text):
            return "no space between the number and the word after it: put one there to make it a rule"
        unclosed = _UNCLOSED_NUMBER.match(self.reader.plain(line.text))
        if unclosed:
            return (f"a bracket before the number and none after it ({unclosed.group(0).strip()}): close it "
                    f"({unclosed.group(0).strip()}{']' if unclosed.group(0)[0] == '[' else ')'}) to make it a rule")
        if line.text.startswith("•"):  # in Markdown: a bullet item is "- ", "* " or "+ "
            return "a '•' before the number: Markdown reads the line as text; delete the '•' to make it a rule"
        lettered = LETTERED_NUMBER.match(line.text)
        if lettered and self.numbering.lettered:  # "6.2d" alone on its line
            return f"a number with a letter after it ({lettered.group('number')}) and no title: a lettered " \
                   f"sub-rule is read with its title ({lettered.group('number')} Bridges.), so it stays text of " \
                   "the rule before"
        if lettered:  # "numbering asl has no lettered rules"
            return self.numbering.why_not(lettered.group("number"), trailing_dot=False)
        if self.reader.name == "text" and looks_decorated(line.text):
            return "markup around the number: is this a Markdown source? (format: markdown)"
        return f"no rule number of numbering {self.numbering.name} at the line start " \
               f"(rule IDs look like {self.numbering.example_ids()})"

    def _no_rules_reason(self) -> str:
        seen = len(self.report.not_rules)
        advice = f"; {seen} line(s) look numbered but were not read as rules, the first: line " \
                 f"{self.report.not_rules[0].line}: {self.report.not_rules[0].reason}" if seen else ""
        headed = [index for index, raw in enumerate(self.raw) if _ASCIIDOC_HEADING.match(raw)]
        if headed and not seen:  # "== 1.0 Intro": AsciiDoc's headings, which neither format reads
            advice = (f"; {len(headed)} line(s) start with '=' marks before a number, as AsciiDoc marks a heading "
                      f"(line {headed[0] + 1}: {quoted(self.raw[headed[0]].strip(), 40)}): write them as Markdown "
                      f"headings ('## 1.0 Intro') with format: markdown, or take the marks off")
        return (f"no rules found: no line starts with a rule number of numbering {self.numbering.name} "
                f"(rule IDs look like {self.numbering.example_ids()}){advice}")

    def _page_title(self) -> str | None:
        """The document's title, else the page's one top-level rule's; None for a page of many."""
        if self.document_title:
            return self.document_title
        if sum(1 for _, depth in self.rules.values() if depth == 1) > 1:
            return None
        number, title = self.first_rule
        if self.numbering.has_chapters:
            if "." not in number.id:
                heading = title or ""
                if number.id == self.chapter or (len(number.id) == 1 and number.id.isalpha()):
                    return f"Chapter {number.id}: {heading.capitalize() if heading.isupper() else heading}"
                return f"{number.id} {heading}".strip()
        plain = self.reader.plain(title) if title else ""
        return f"{number.printed} {plain}".strip()


# An AsciiDoc heading over a rule's number: "== 1.0 Intro", "=== 1.1 Scale".
_ASCIIDOC_HEADING = re.compile(r"={1,6}[ \t]+[\[(]?\d")
# A line break after a rule's title, as a Markdown source's hard break at its line's end ("**5.2 Bridges**\").
_BREAK_AFTER_TITLE = re.compile(r"\A[ \t]*<br[ \t]*/?>[ \t]*", re.IGNORECASE)
# The same break read as the title's end ("**1.3** **Fords**\"): no part of the heading.
_BREAK_ENDING_TITLE = re.compile(r"[ \t]*<br[ \t]*/?>[ \t]*\Z", re.IGNORECASE)


def _space_inside(number: str) -> str:
    return f"a space inside the number ({number}): write {''.join(number.split())} to make it a rule"


def _printed_numbers(miss: NotARule) -> tuple[str, str]:
    """The number a line not read as a rule would be, as printed and with OCR's misread letters as digits."""
    misread = MISREAD_NUMBER.match(miss.text)
    number = miss.number or (misread.group("number") if misread else _printed_number(miss.text))
    return number, number.translate(_OCR_DIGITS)


_OCR_DIGITS = str.maketrans("lIOSB", "11058")


def _printed_number(text: str) -> str:
    """The number a line starts with, decorations off: ``**15)** Bulldozers`` -> ``15``."""
    match = re.match(r"[\s>#*_\[(]*([A-Z]?\d*(?:\.\d+)*[A-Z]?)", text)
    return match.group(1) if match else ""


_ROMAN_MARKER = re.compile(r"[IVXL]+\.")
# A line ending on a name's initial ("… by Colonel J."), and the markers a list starts with.
_ENDS_ON_INITIAL = re.compile(r"(?<=[A-Za-z] )[A-Z]\.$")
_BULLET_GLYPHS = frozenset(md.BULLET_GLYPHS)
_FIRST_MARKERS = ("A.", "a.", "I.", "i.", "A)", "a)", "(a)", "(A)", "(i)", "(I)")
_LABEL_START = re.compile(r"[A-Z][\w'’ ]{0,20}:\s")
# A plain text is hard-wrapped when this many of its lines fill nine tenths of its widest lines, which
# are at most WRAPPED_WIDTH long: then a line that long ends no paragraph.
WRAPPED_LINES, WRAPPED_WIDTH, FULL = 10, 100, 0.9


def _full_line_length(reader: Reader, raw_lines: list[str]) -> float:
    """How long a line of a hard-wrapped plain text is when it is full (infinite: not hard-wrapped,
    or Markdown, where blank lines end paragraphs)."""
    if reader.paragraphs_by_blank_lines:
        return float("inf")
    lengths = sorted(len(raw.strip()) for raw, line in zip(raw_lines, reader.lines) if line.kind == TEXT)
    if len(lengths) < WRAPPED_LINES:
        return float("inf")
    width = lengths[int(len(lengths) * 0.95) - 1]  # the widest lines, less a few over-long ones
    full = FULL * width
    if width > WRAPPED_WIDTH or sum(1 for length in lengths if full <= length <= width) < WRAPPED_LINES:
        return float("inf")
    return full


def _table_lines(reader: Reader, raw_lines: list[str]) -> list[str]:
    """The source lines tab tables are read from, with the reader's say on each tab: one it read
    as a space (after a rule number, indenting a line) neither makes a row nor opens a table, and a
    note it read as a table's (``* Only if …``) is one."""
    return [(raw if "\t" in raw else line.text) if line.kind == TAB else raw.replace("\t", " ")
            for raw, line in zip(raw_lines, reader.lines)]  # a note under a table ("* Only if …") as a row


_TITLE_END = re.compile(r"[.:](?:\*{1,3}|_{1,3})?(?=\s|$)|(?<=\s)(?:-{2,3}|[–—-])(?=\s)")


# A run-in title in emphasis of its own: "*Advance after combat.* One unit …", "_Losses:_ Remove them."
# (its mark inside the emphasis or after it, "*Pursuit*. One unit …"; not a sentence, "_Do not roll twice._ The …")
_EMPHASISED_TITLE = re.compile(r"(?P<mark>\*{1,2}|_{1,2})(?P<title>[^*_\s][^*_]*?)(?P=mark)(?P<after>[.:])?"
                               r"[ \t]+(?=\S)")


# A section's lettered sub-rule, or one printed after a dot: "2a", "2.a", "2.1.a" (not "6.2a", a rule's).
_LOOSE_LETTERED = re.compile(r"\d+[a-h]|[\d.]*\.[a-h]")
# What shows such a number is a sub-rule's under a line that goes on: a title of a few words before a colon or a
# period and more text ("2b Rivers: units stop", not "2b Airborne Division in reserve.").
_LETTERED_TITLE = re.compile(r"[A-Z][^\s.:;!?]*(?:[ \t]+[^\s.:;!?]+){0,3}[.:][ \t]+\S")


def _reads_as_emphasised_title(title: str, after: str | None, body: str, bold: bool) -> bool:
    """A few words, capitalised, ending on a mark (inside the emphasis or after it; or in bold and title case, as a
    word processor's export sets a title's run apart: ``**1.2** **Fords and Bridges** A ford …``), no verb a sentence
    turns on, before a new sentence."""
    return (title[:1].isupper() and len(title.split()) <= MAX_COLON_TITLE_WORDS
            and (title[-1] in ".:!?" or bool(after) or bold and in_title_case(title))
            and not turns_on_a_verb(title) and (body[:1].isupper() or body[:1].isdigit()))


def _markdown_run_in_title(rest: str, reader: Reader) -> tuple[str | None, str]:
    """``run_in_title`` of a Markdown line, split in the raw text where the plain text splits; or a few words set in
    emphasis before the text, ending on a colon or a period, in any case (``*Advance after combat.* One unit …``)."""
    emphasised = _EMPHASISED_TITLE.match(rest)
    if emphasised and _reads_as_emphasised_title(emphasised["title"], emphasised["after"], rest[emphasised.end():],
                                                 len(emphasised["mark"]) == 2):
        return emphasised.group(0).strip(), rest[emphasised.end():].strip()
    title, _ = run_in_title(reader.plain(rest))
    if title is None:
        return None, rest
    for end in _TITLE_END.finditer(rest):  # the colon or period, with the emphasis it closes ("*Optional:*")
        if reader.plain(rest[:end.end()]).strip() == title:
            return rest[:end.end()].strip(), rest[end.end():].strip()
    return None, rest


def import_numbered(text: str, reader: Reader, *, path: str, numbering: Numbering,
                    chapter: str | None, continued: bool = False) -> tuple[Page, ImportReport]:
    """A numbered rule text, read by ``reader`` -> its page (title and Markdown body)
    and what the import found (``continued``: see ``import_text``)."""
    importer = _Importer(reader, text.split("\n"), path, numbering, chapter)
    importer.continued = continued
    return importer.read()


def _numbers_masked(text: str) -> str:
    """A page's header or footer as every page prints it: ``SALTMARSH RULES #`` for ``SALTMARSH RULES 7``."""
    return _DIGITS.sub("#", text)
