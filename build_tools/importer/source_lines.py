"""A source's lines as the importer reads them, from plain text or from Markdown.

A reader tells what each line is (blank, paragraph text, heading, list item,
table row, rule under a line, example, verbatim) and which number, if any,
is printed at its start with its decorations taken off: ``5.11)``,
``[5.11]``, ``5.11.`` and, in Markdown, ``## 5) Movement``, ``**5.11)**``.
Whether that number is a rule is the numbering's business
(``build_tools.numbering``), not the reader's.

Plain text (``format: text``)
    one line is one line of the book; a tab in a line makes it a table row
    (``tab_tables``), except a tab that ends a dotted rule number or indents
    a line outside a table (lines a tab only indents, none with a tab between
    cells, are indented text); a leading ``|`` a pipe-table row; ``- ``, ``* ``,
    ``• `` start a bullet item and ``1.``, ``1)``, ``(1)``, ``a)``, ``(a)``
    a numbered item; ``EX:`` starts an example; ``---`` alone is a rule
    across the page; a ``|`` in the margin before a line with no other pipe is
    a change bar, left out and reported. A leading backslash keeps a line from
    being read as anything but text (``\\1.5 MP are needed``).
Markdown (``format: markdown``)
    the same, read the Markdown way: ``#`` and underlined (setext) headings,
    whose ``{#id}`` attribute blocks are left out, ``**bold**`` numbers,
    ``-``/``*``/``+`` and ``1.``/``1)`` lists nested by indentation, pipe
    tables, definition lists (``importer.definition_lists``), ``---``/``***`` rules, ``>`` quotations
    (never rules), fenced code kept verbatim;
    an HTML comment on lines of its own is a transcriber's note, left out
    and reported.
    Emphasis and code spans stay in the text; raw HTML does not (it is
    shown as written).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

from build_tools.importer import markdown_text as md
from build_tools.importer.definition_lists import DEFINITION_LINE, definition_lists
from build_tools.importer.html_tables import html_tables
from build_tools.importer.linked_footnotes import linked_footnotes
from build_tools.importer.pipe_tables import SEPARATOR_ROW, is_row
from build_tools.importer.text_footnotes import pair_footnotes
from build_tools.importer.titles import FOOTNOTE_MARKERS, ends_open, in_title_case, run_in_title, whole_line_title
from build_tools.numbering import LETTERED_NUMBER as _LETTERED_DIGITS

BLANK, TEXT, HEADING, ITEM, PIPE, TAB, HR, EXAMPLE, VERBATIM, COMMENT, QUOTE, STRAY = (
    "blank", "text", "heading", "item", "pipe", "tab", "hr", "example", "verbatim", "comment", "quote", "stray")
# A block the reader read whole, its text the page's Markdown (an HTML table, a definition list); its
# other lines are read as comments are, left out.
BLOCK = "block"

# What may follow a rule number: spaces, tabs, and the fixed-width and no-break spaces of text copied from a PDF.
_SPACE = "[ \t\u00a0\u2000-\u200a\u202f\u3000]"
# A dotted number with a small letter after it, before a title ("6.2a Bridges.", "[5.44c] FORDS"): a
# lettered sub-rule, where the numbering has them (before a word in small letters, or alone, it is a
# quantity: "2.5m wide").
_TITLE_AFTER = rf"{_SPACE}+[\"'“‘(\[*_]*[A-Z]"
_LETTERED = rf"{_LETTERED_DIGITS}(?=[.):\]]*{_TITLE_AFTER})"
# The same number in bold, its title after the bold: "**6.2a** Bridges.", "**6.2a.** Bridges."
_BOLD_LETTERED = re.compile(rf"(?P<number>{_LETTERED_DIGITS})(?P<close>[.):]?)")
_TITLE_AFTER_BOLD = re.compile(_TITLE_AFTER)
# A number printed at a line start, and its decorations: "15.", "15.21", "5.11)",
# "[5.11]", "(5.11)", "D.8A", "5.44:", "6.2a". The number itself is checked by the numbering.
_NUMBER_START = re.compile(
    rf"(?P<shown>(?:\[{_SPACE}?(?P<bracketed>{_LETTERED}|[A-Z]?[\d.]*\d[\d.]*[A-Z]?){_SPACE}?\]"
    rf"|\((?P<parenthesised>{_LETTERED}|[A-Z]?\d*\.\d[\d.]*[A-Z]?)\)"
    rf"|(?P<plain>{_LETTERED}|[A-Z]?\d*(?:\.\d+)*[A-Z]?)(?P<close>[.):])?)"
    rf"(?P<changed>(?<=[\d\])])[*†‡]{{1,2}}|(?<=[\d\])])\[\^[^\]\s]+\])?)"
    # "[5.2]-TERRAIN", "4.2—Zones of Control.": a dash glued to a bracket, or a long dash to a dotted number, and a
    # title set them apart as a space does (not "1.1-Inch calibre", "4.5-Hex range": a measure)
    rf"(?:{_SPACE}+|$|(?<=[\])])(?=[-–—][A-Z])|(?P<glued>(?<=\d)(?=[–—][A-Z])))")
# A mark before a rule's number, printed as it is (the numbering still checks the number): one
# saying the rule changed in this edition ("► 1.1.1 Roads.", ">> 1.1.1 Roads.", "» 1.2", "[NEW] 1.2", "(Errata)
# 1.3", "REVISED 4.2", a star glued to the number: "*5.13 Trails.") or that it is optional ("(OPTIONAL) 5.5", "[OPT]
# 5.3"), a section sign ("§4.2 Combat"), an emoji
# ("### 🔫 2.2 Fire", "⚠️ **2.3**"), or its shortcode ("### :snowflake: 5.3 Ice"). One after the number ("1.4* Trails.",
# "2.3†") is in _NUMBER_START, as is a Markdown footnote's mark there ("5.3[^1] Ice.", a word processor's note on the
# number).
_CHANGE_WORDS = "new|changed|revised|errata|updated|amended|clarified|added|optional|opt"
# and in brackets of their own only ("[rev] 12.2 Range"): bare or with the number, "REVISION 2.1", "[Rev. 2.1]" name an
# edition of the book
_BRACKETED_CHANGE_WORDS = f"{_CHANGE_WORDS}|rev|revision|modified"
_EMOJI = "[\u2300-\u23ff\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff]\ufe0f?"
# (in brackets, abbreviated or with "rule" after it: "[Opt.]", "(Optional Rule)"; bare, before a number printed with
# a dot: "OPTIONAL 5. FORCED MARCH", not "OPTIONAL 3 PLAYER GAME")
_MARK_WORD = rf"(?i:(?:{_CHANGE_WORDS})\.?(?:{_SPACE}+rules?)?)"
_BRACKETED_MARK_WORD = rf"(?i:(?:{_BRACKETED_CHANGE_WORDS})\.?(?:{_SPACE}+rules?)?)"
# A change mark in brackets of its own, before a rule's number or after its title: "[rev]", "(Errata)", an edition's
# "(v1.2)".
_CHANGE_MARK_IN_BRACKETS = (rf"\[{_BRACKETED_MARK_WORD}\]|\({_BRACKETED_MARK_WORD}\)"
                            rf"|\[v\d+(?:\.\d+)*\]|\(v\d+(?:\.\d+)*\)")
# The names of a reStructuredText or Sphinx field ("   :depth: 1", "   :width: 1.3" under ".. contents::"), which a
# text export keeps: an option's value, no emoji's shortcode before a rule's number.
_FIELD_NAMES = ("(?:depth|width|height|scale|align|alt|target|class|name|local|backlinks|start|widths|header-rows|"
                "stub-columns|file|url|encoding|number-lines|linenos|lineno-start|caption|figwidth|figclass|maxdepth|"
                "numbered|glob|titlesonly|hidden|language|emphasize-lines|tab-width|version|revision|date|author|"
                "authors|status|copyright|contact|organization|address|dedication|abstract|delim|quote|escape|"
                "keepspace|tags)")
_MARK_BEFORE = re.compile(rf"(?:§|[►▶▸▷→⇒☞✱✚]|\*(?=[\[(]?\d)"
                          rf"|(?:>>|»(?![^«»]*«[^»]*$))(?={_SPACE}+[\[(]?\d)"  # (not a quotation's: "» 1.3 …«")
                          rf"|{_EMOJI}(?:\u200d{_EMOJI})*"
                          rf"|:(?!{_FIELD_NAMES}:)[a-z0-9_+-]+:(?={_SPACE})"
                          rf"|{_CHANGE_MARK_IN_BRACKETS}"  # "[rev] 12.2 Range", "(v1.2) 12.2 Range"
                          rf"|(?:{_CHANGE_WORDS.upper()}|Optional|Opt\.):?(?={_SPACE}+[\[(]?\d*\.(?:\d|{_SPACE})))"
                          rf"{_SPACE}*")
# The same mark after a rule's title: "14.3 Isolation [rev]", "12.2 Range (v1.2)" (kept in the title, as printed)
MARK_AFTER_TITLE = re.compile(rf"{_SPACE}+(?:{_CHANGE_MARK_IN_BRACKETS})$")
# The same word inside the number's brackets: "[OPT 5.3] Forced March.", "(Opt. 5.3)", "[5.3 OPTIONAL]"
_MARK_IN_BRACKETS = re.compile(rf"[\[(](?P<word>{_MARK_WORD}){_SPACE}+(?=\d+(?:\.\d+)*\.?[\])])")
_MARK_AFTER_IN_BRACKETS = re.compile(rf"[\[(](?P<number>\d+(?:\.\d+)*\.?){_SPACE}+(?P<word>{_MARK_WORD})[\])]")
_MARK_STARTS = frozenset("§*[(:>»" + "".join({word[0] for word in _CHANGE_WORDS.upper().split("|")}))  # and ≥ U+2190


def _labelled(words: str, number: str) -> re.Pattern[str]:
    """A number printed with one of ``words`` before it and a mark or nothing after it
    (``Section 5:``, ``CHAPTER 3 -``, ``Rule 6.2:``): ``label`` is all of that, ``number`` the number."""
    return re.compile(rf"(?P<label>(?i:{words}){_SPACE}+(?P<number>{number})(?:[.:]|{_SPACE}+[-–—](?={_SPACE}))?)"
                      rf"(?:{_SPACE}+|$)")


# A section numbered with a word before it and a mark or nothing after it: "Section 5: Movement",
# "CHAPTER 3 - COMBAT", "Part 2". Only a title after it makes it a section (the importer's call):
# "Section 6 covers this" is a sentence that starts a line.
_LABELLED_SECTION = _labelled("section|chapter|part|article", r"[1-9]\d*(?:\.0)?")
# A part of a book numbered in words or Roman numerals: "PART TWO: ADVANCED RULES", "Part III".
_NUMBER_WORDS = ("one two three four five six seven eight nine ten eleven twelve").split()
_ROMAN = "i ii iii iv v vi vii viii ix x xi xii".split()
_LABELLED_PART = _labelled("part|book", "(?i:" + "|".join(_NUMBER_WORDS + _ROMAN) + r")(?!\w)")
# A Markdown heading naming its rule with a word before the number: "### Rule 6.2: Retreats", "## Case 7.31 Fire";
# and its section so, in a heading only: "## Rule 6 — Morale" (on a line of text, "Rule 6: …" may be an example's
# label or a sentence's words).
_LABELLED_RULE = _labelled("rule|case|section", r"[1-9]\d*(?:\.\d+)+")
_LABELLED_RULE_SECTION = _labelled("rule", r"[1-9]\d*(?:\.0)?")
# A dotted number glued to the word after it: "5.4Bridges", "5.4.Bridges", "[5.4]Bridges".
GLUED_NUMBER = re.compile(r"\d+\.\d+(?:\.\d+)*\.?[A-Z][a-z]|[\[(]\d+(?:\.\d+)+[\])][A-Za-z]")
# A dotted number with a lower-case letter after it, as books number sub-rules: "6.2a", "(6.21b)", a line
# not read as a rule (asl numbering has no such rules; in case and decimal, one alone on its line).
# A title follows it, or nothing: "1.5x the cost" and "2.5m walls" are quantities.
LETTERED_NUMBER = re.compile(rf"[\s>#*_\[(]*(?P<number>{_LETTERED_DIGITS})(?:[.):\]]|\*\*|__)*"
                             r"(?:\s+(?=[\"'“‘(\[*_]*[A-Z])|\s*$)")
# A dotted number a text recognition (OCR) misread, the letter l or I for a one, O for a zero, and after a dot S
# for a five, B for an eight: "[5.l2]", "[1O.0] VICTORY", "6.O COMBAT", "5.S Rout." (before the first dot, S and B
# are a chapter's letter: "B.9"). Never read as a rule (its text is the book's as stored).
MISREAD_NUMBER = re.compile(r"[\s>#*_\[(]*(?P<number>(?=[\dlIOSB.]*\d)(?=[\dlIOSB.]*[lIOSB])[\dlIO]+(?:\.[\dlIOSB]+)+)"
                            r"(?:[.):\]]|\*\*|__)*(?:\s|$)")
# What looks like a rule number to a reader, whatever the numbering (a glued, lettered or misread one too):
# for the report of lines that were not read as rules.
LOOKS_NUMBERED = re.compile(r"[\s>#*_~\[(•▪●·\uf0b7]*[A-Z]?\d*\.?\d+(?:\.\d+)*[A-Z]?(?:[.):\]]|\*\*|__)*(?:\s|$)|"
                            + GLUED_NUMBER.pattern + "|" + LETTERED_NUMBER.pattern.replace("?P<number>", "")
                            + "|" + MISREAD_NUMBER.pattern.replace("?P<number>", ""))
# A dotted number starting a sentence inside a line: "… per hex. 6.2 Roads. Half an MP.", "… test. ⚠️ 6.21 A" (the
# importer reports it when it reads as the next rule: two rules a copy joined on one line).
# A number printed "6.2.", "(6.2)" or "[6.2]" too, and one the copy glued to a word's period ("… one MP.6.2 Roads.").
SENTENCE_NUMBER = re.compile(r"[.!?][\"')\]’”]*(?:\s+|(?<=[^\W\d_]\.))" + rf"(?:{_EMOJI}(?:\u200d{_EMOJI})*{_SPACE}*)?"
                             r"(?P<open>[(\[])?(?P<number>[1-9]\d*\.\d+(?:\.\d+)*)(?(open)[)\]]|\.?)\s+(?=\S)")
# A rule number alone, dotted, with its decorations: "1.1", "2.1.1.", "[5.11]", "5.11)".
_DOTTED_NUMBER = re.compile(r"[\[(]?[A-Z]?\d*\.\d+(?:\.\d+)*[A-Z]?[.)\]:]?")
# A dotted number and its run-in title before a tab ("1.1 Roads.<TAB>A road costs half."; a no-break space after it).
_NUMBER_AND_TITLE = re.compile(rf"(?:{_DOTTED_NUMBER.pattern})[ \u00a0]+(?P<title>[^\t]+?[.:!?])")
_DECORATED = re.compile(r"[#*_\[(]|\d[)\]]")
# A sentence's last mark, with what may close it: quotes, brackets, emphasis, footnote markers.
_SENTENCE_END = re.compile(rf"[.!?:;][\"')\]’”*_]*{FOOTNOTE_MARKERS}$")
# A block set off from the rule's text: an example, or a note (a designer's, a player's) in its own words.
_LABEL = (r"EX|EXAMPLES?(?: OF PLAY)?|Examples?(?: of [Pp]lay)?|(?:DESIGN|DESIGNER'?S|PLAY|PLAYER'?S|HISTORICAL) NOTES?"
          r"|(?:Design|Designer'?s|Play|Player'?s|Historical) [Nn]otes?|NOTE"
          # in German, French, Italian and Spanish; Dutch, Portuguese and Polish
          r"|Beispiele?|BEISPIELE?|Exemples?(?: de jeu)?|EXEMPLES?(?: DE JEU)?|Esemp(?:io|i)|ESEMP(?:IO|I)|Ejemplos?"
          r"|EJEMPLOS?|Nota|NOTA|Notes? d[eu] (?:conception|concepteur|jeu)|NOTES? D[EU] (?:CONCEPTION|CONCEPTEUR|JEU)"
          r"|Anmerkung(?:en)? de[rs] (?:Autors|Designers|Autorin)|ANMERKUNG(?:EN)?|HINWEISE?|Designnotiz|DESIGNNOTIZ"
          r"|Voorbeeld(?:en)?|VOORBEELD(?:EN)?|Exemplos?|EXEMPLOS?|Przykłady?|PRZYKŁADY?"
          r"|Opmerking(?:en)?|OPMERKING(?:EN)?|Uwaga|UWAGA"
          # a designer's note in Dutch, Spanish, Italian, Polish ("Noot van de ontwerper:", "Nota del autor:", "Nota
          # di progettazione:", "Uwaga projektanta:"), and a tip's label (not "IMPORTANT:", which may say a rule)
          r"|Noot van de (?:ontwerper|auteur)|NOOT VAN DE (?:ONTWERPER|AUTEUR)|Nota del (?:autor|diseñador)"
          r"|NOTA DEL (?:AUTOR|DISEÑADOR)|Nota d(?:i|el) (?:progettazione|progettista|design|autore)"
          r"|Uwaga (?:projektanta|autora)|UWAGA (?:PROJEKTANTA|AUTORA)|TIPS?|Tips?")
# (French sets its colon apart, with a space or a no-break one: "Exemple :", "Note de conception :")
_LABEL_COLON = "[ \u00a0\u202f]?:"
_EXAMPLE = re.compile(rf"(?P<marker>(?P<label>{_LABEL}){_LABEL_COLON})(?:\s+(?P<rest>.*))?")


# A results key's entry is a few words ("EX: exchange.", "DR: defender retreats one hex."); an example, a sentence.
MAX_KEY_WORDS = 6


def _example(text: str) -> re.Match[str] | None:
    """The label an example or a note starts ``text`` with; not a results key's "EX" before a few words in lower case
    (``AR: attacker retreats.`` over ``EX: exchange.``)."""
    found = _EXAMPLE.fullmatch(text)
    rest = (found["rest"] or "") if found else ""
    if found and found["label"] == "EX" and rest[:1].islower() and len(rest.split()) <= MAX_KEY_WORDS:
        return None
    return found


# The label as a Markdown source writes it: bare, bold or in italics, its colon inside the emphasis or after it.
_MARKDOWN_LABEL = re.compile("^(?:" + "|".join(
    rf"{mark}(?:{_LABEL}){_LABEL_COLON}{mark}|{mark}(?:{_LABEL}){mark}{_LABEL_COLON}"
    for mark in (r"\*\*", "__", r"\*", "_")) + rf"|(?:{_LABEL}){_LABEL_COLON})\s*")
# A note or an example set in emphasis whole, its label and its text in one run.
_EMPHASISED_EXAMPLE = re.compile(rf"(?P<mark>\*\*|__|\*|_)(?:{_LABEL}){_LABEL_COLON}[ \t]+(?P<rest>[^*_]+?)(?P=mark)")
_TEXT_HR = re.compile(r"-{3,}|\*{3,}|_{3,}")
# A bullet, and the glyphs a PDF copy gives for one.
_TEXT_BULLET = re.compile(rf"(?P<marker>[-–*{md.BULLET_GLYPHS}])\s+(?P<rest>\S.*)")
# A numbered item's marker: "1.", "a)", "(iv)", and the capital letters and numerals of steps ("A.", "II.").
_ORDERED = re.compile(r"(?P<marker>\(?(?:\d{1,3}|[a-z]|[ivx]{2,5}|[A-Z]|[IVX]{2,5})[.)]"
                      r"|\((?:\d{1,3}|[a-z]|[ivx]{2,5}|[A-Z]|[IVX]{2,5})\))\s+(?P<rest>\S.*)")
# A heading; its closing hashes and an attribute block ("## Range {#range}", pandoc's "## Credits {-}": the
# transcriber's markup, not the book's text; the importer gives every rule its own anchor) are left out.
# (its closing marks, its attribute block, and an Obsidian note's tags at its end, "### 5.1 Heroes #optional", left out)
_MD_HEADING = re.compile(r"(?P<marks>#{1,6})[ \t]+(?P<rest>.*?)(?:[ \t]+#+)?(?:[ \t]+\{(?:[:#.][^{}]*|-)\})?"
                         r"(?:[ \t]+#[A-Za-z]{2}[\w/-]*)*[ \t]*")  # (two letters: "## Hex #A5" is a hex's)
_MD_SETEXT = re.compile(r" {0,3}(=+|-+)[ \t]*")
_MD_HR = re.compile(r"(?:[-*_][ \t]*){3,}")
# A list item; indented under another, lettered too ("   a. Check its supply": a step's part, where
# CommonMark would join it to the item above).
_MD_ITEM = re.compile(r"(?P<indent>[ \t]*)(?P<marker>[-*+]|\d{1,9}[.)]|(?<=[ \t])(?:[a-z]|[ivx]{2,5})[.)])"
                      r"[ \t]+(?P<rest>\S.*)")
# A number in emphasis at a line's start, bold or italic: "**5.11)**", "__5.1__", "*4.1.4*".
_MD_BOLD = re.compile(r"(?P<mark>\*\*\*|___|\*\*|__|\*|_)(?P<inner>\S(?:.*?\S)?)(?P=mark)(?P<rest>.*)")
_MD_FENCE = re.compile(r"[ \t]{0,3}(?P<fence>`{3,}|~{3,})")
_MD_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1")
_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>])")


class Number(NamedTuple):
    """A number at a line start: the token (``5.11``), whether it was printed with a
    trailing dot (``5.``), and the line's text after it (raw, as the reader has it)."""

    token: str
    trailing_dot: bool
    decorated: bool  # printed with brackets, a closing parenthesis or emphasis ("5.11)", "[5.11]")
    rest: str
    label: str = ""  # a section number printed with a word before it ("Section 5:"): its heading shows it so
    shown: str = ""  # the number as printed, decorations included ("[5.11]", "5.11)", "2.0."): its heading's start
    at_end: bool = False  # Markdown: the number ends its heading ("## Movement (2.0)"), which names the rule whole


class Line(NamedTuple):
    index: int  # 0-based line of the source
    kind: str
    text: str  # the line as the reader has it (raw Markdown for a Markdown source), stripped
    depth: int = 0  # a heading's level, an item's nesting (1 = outermost)
    marker: str = ""  # an item's marker as printed: "-", "1.", "a)"
    number: Number | None = None
    title: str | None = None  # a Markdown bold run after the number: **5.11 Zones of Control.**


class Reader(NamedTuple):
    """One source format: its lines, and how its text becomes plain text and page Markdown."""

    name: str
    lines: list[Line]
    plain: Callable[[str], str]  # raw text -> plain text (titles, sentence ends, reports)
    inline: Callable[[str], str]  # raw text -> inline Markdown for the page
    paragraph_line: Callable[[str], str]  # raw text -> a paragraph line (its start opens no block)
    paragraphs_by_blank_lines: bool  # Markdown: lines join until a blank line; text: until a sentence ends
    comments: tuple[tuple[int, int, str], ...] = ()  # Markdown: each comment left out: first and last line, opener
    open_fence: int | None = None  # Markdown: the line of a code fence never closed (it runs to the end)
    front_matter: int = 0  # Markdown: how many lines of YAML front matter (an export's settings) were left out
    table_ends: frozenset[int] = frozenset()  # text: the line after each table lined up with spaces
    change_bars: tuple[tuple[int, int, tuple[str, ...]], ...] = ()  # text: each run of change bars left out: first
    # and last line, its bars
    page_tops: frozenset[int] = frozenset()  # the line each page after a form feed starts on (a PDF copy's)
    adornments: tuple[int, ...] = ()  # text: each title's underline or overline left out (reStructuredText's)


def number_at_start(text: str) -> Number | None:
    """The decorated number ``text`` starts with, if any (not yet checked by a numbering); a section
    sign or a change mark before it is a decoration (``§4.2 Combat``, ``► 1.1.1 Roads.``)."""
    mark = _MARK_BEFORE.match(text) if text[:1] in _MARK_STARTS or text[:1] >= "\u2190" else None
    inside = _MARK_IN_BRACKETS.match(text) if mark is None and text[:1] in "[(" else None
    if inside:
        number = number_at_start(text[0] + text[inside.end():])
        if number is None or number.label:
            return None
        return number._replace(shown=f"{text[0]}{inside['word']} {(number.shown or number.token)[1:]}")
    after = _MARK_AFTER_IN_BRACKETS.match(text) if mark is None and text[:1] in "[(" else None
    if after:  # "[5.3 OPTIONAL] Forced March.": read as "[5.3] Forced March.", shown as printed
        number = number_at_start(f"{text[0]}{after['number']}{text[after.end() - 1]}{text[after.end():]}")
        return number._replace(shown=after.group()) if number is not None and not number.label else None
    if mark:
        number = number_at_start(text[mark.end():])
        if number is None or number.label:
            return None
        return number._replace(decorated=True, shown=mark.group() + (number.shown or number.token))
    labelled = _LABELLED_SECTION.match(text)
    if labelled:
        return Number(labelled.group("number"), False, True, text[labelled.end():], labelled.group("label"))
    part = _LABELLED_PART.match(text)
    if part:  # its number as digits, for the importer to compare with the sections after it
        word = part.group("number").lower()
        ordinal = _NUMBER_WORDS.index(word) + 1 if word in _NUMBER_WORDS else _ROMAN.index(word) + 1
        return Number(str(ordinal), False, True, text[part.end():], part.group("label"))
    rule = _LABELLED_RULE.match(text) if text[:1] in "CRScrs" else None
    if rule and (rule.group("label").split()[0].isupper() or rule.group("label").endswith(":") or (
            rule.group("label")[:1].isupper()  # "rule 2.4. Leaders …" goes on with a sentence
            and (rule.group("label").endswith((".", "-", "–", "—")) or _titled(text[rule.end():])))):
        # "CASE 5.3 TERRAIN EFFECTS", "SECTION 5.2: ROADS", "Rule 5.5. Foot.", "Case 5.2 Zones of Control": a word
        # in capitals, a mark or a title marks a rule's heading; "Rule 6.2 applies to …" starts a sentence
        return Number(rule.group("number"), False, True, text[rule.end():], rule.group("label"))
    match = _NUMBER_START.match(text)
    if not match:
        return None
    rest, shown = text[match.end():], match.group("shown")
    if match.group("glued") is not None and not _glued_title(match.group("plain"), rest[1:]):
        return None
    if match.group("bracketed"):
        token = match.group("bracketed").rstrip(".")
        return Number(token, match.group("bracketed").endswith("."), True, rest, shown=shown)
    if match.group("parenthesised"):
        return Number(match.group("parenthesised"), False, True, rest, shown=shown)
    token, close = match.group("plain"), match.group("close")
    if not token or not (any(c.isdigit() for c in token) or close == "."):
        return None
    return Number(token, close == ".", close in (")", ":") or bool(match.group("changed")), rest, shown=shown)


def _glued_title(number: str, rest: str) -> bool:
    """Whether a long dash glued to ``number`` sets apart its title, ``rest``: the number dotted, and a title after
    it, run in or the whole line (``4.2—Zones of Control. A unit …``; not ``4—Trooper squads``, ``4.6—See below``)."""
    plain = rest.replace("*", "").replace("_", " ").strip()
    return "." in number.strip(".") and (run_in_title(plain)[0] is not None or (
        in_title_case(plain.rstrip(".:")) and len(plain.split()) <= 8))


def _tab_after_rule_number(line: str, *, row_follows: bool) -> str | None:
    """``1.1.<TAB>Scale. Each hex …`` or ``<TAB>1.1.1 Roads. A road …``, a rule whose number a
    tab ends or indents (as text copied from a PDF often has it), with a space for the tab; None
    for a table row. Only a dotted number (``1.1``, ``[5.11]``) outside a table, before a
    run-in title or a sentence, or before anything when no row follows (``[3.1]<TAB>SUPPLY
    SOURCES`` over its text: a table has more than one row): a table's rows and footnotes
    (``2<TAB>Only vehicles``, ``1.5<TAB>Light woods``, ``<TAB>Cost``) may start with a number
    or a tab, but not with a rule's number and its text."""
    if "\t" not in line:  # a tab only at the end: "1.1<NBSP>Roads. A unit …<TAB>"
        head, _, rest = line.replace("\u00a0", " ", 1).partition(" ")
    else:  # "\t1.1.1 Roads …" came indented
        head, _, rest = line.partition("\t")
    rest = rest.lstrip("\t ")
    if "\t" not in rest and re.fullmatch(r"[1-9]\d*\.", head) and rest.isupper():
        return f"{head} {rest}"  # "4.<TAB>VICTORY": a section and its title
    titled = _NUMBER_AND_TITLE.fullmatch(head)
    if titled and "\t" not in rest and any(c.isalpha() for c in rest) and \
            run_in_title(f"{titled['title']} {rest}")[0] == titled["title"]:  # (no page number: a list of contents)
        return f"{head} {rest}"  # "1.1 Roads.<TAB>A road costs half.": a tab after the title
    if "\t" in rest or not _DOTTED_NUMBER.fullmatch(head) or not (
            not row_follows or run_in_title(rest)[0] is not None or ends_sentence(rest)):
        return None
    return f"{head} {rest}"


def ends_sentence(text: str) -> bool:
    return bool(_SENTENCE_END.search(text))


def looks_numbered(text: str) -> bool:
    return bool(LOOKS_NUMBERED.match(text)) and any(c.isdigit() for c in text[:12])


def looks_decorated(text: str) -> bool:
    """Numbered with markup or decorations around the number (``**5.11)**``, ``## 5)``):
    a strong sign of a numbered book read with the wrong reader or numbering."""
    head = LOOKS_NUMBERED.match(text)
    return bool(head and _DECORATED.search(head.group(0)))


# -- plain text ---------------------------------------------------------------------

# A change bar: "|" in the margin before a line an edition changed ("| 1.1.1 Roads. Half."), the line's only pipe,
# or two ("|| 1.1.1"), glued to the text or not ("|1.1.1"); or in the right margin, after a gap ("… Half.      |");
# or alone, on a blank line of a run of barred lines.
_CHANGE_BAR = re.compile(r"\|{1,2}[ \t]*(?=[^|\s])(?=[^|]*$)")
_RIGHT_CHANGE_BAR = re.compile(r"(?<=\S)[ \t]{2,}(\|{1,2})[ \t]*$")
_LONE_CHANGE_BAR = re.compile(r"[ \t]*\|{1,2}[ \t]*")


# A bullet glyph as a PDF copy gives it: a tab after it, or nothing ("•\tIts attack…", "•Its movement…").
_GLYPH_BULLET = re.compile(rf"([ \t]*[{md.BULLET_GLYPHS}])(?:\t[ \t]*|(?=[^\s{md.BULLET_GLYPHS}]))")
_GLYPHS = frozenset(md.BULLET_GLYPHS)


def read_text(text: str) -> Reader:
    lines = []
    # An item's mark and its text, a space apart, as a typed list has them: no tab table, no glued word.
    raws = text.split("\n")
    if any(glyph in text for glyph in _GLYPHS):
        raws = [_GLYPH_BULLET.sub(r"\1 ", raw, count=1) if raw.lstrip()[:1] in _GLYPHS else raw for raw in raws]
    in_cells: dict[int, Line] = {}
    if "\t" in text:
        _bullets_by_level(raws)
        _space_after_markers(raws)
        _indent_with_spaces(raws)
        in_cells = _rules_in_cells(raws)
    barred = _left_out_change_bars(raws) if "|" in text else {}
    adornments = _left_out_adornments(raws)
    for index, raw in enumerate(raws):
        lines.append(in_cells.get(index) or _text_line(index, raw, in_table=bool(lines) and lines[-1].kind == TAB,
                                                       row_follows=index + 1 < len(raws) and "\t" in raws[index + 1]))
    _mark_stray_tab_lines(lines)
    if "*" in text:
        _mark_footnotes(lines)
    if "[" in text or "†" in text or "‡" in text or any(raised in text for raised in md.SUPERSCRIPT_DIGITS):
        pair_footnotes(lines, TEXT, TAB, number_at_start)
    runs: list[tuple[int, int, tuple[str, ...]]] = []
    for index in sorted(barred):
        bar = (barred[index],)
        runs[-1:] = ([(runs[-1][0], index, tuple(dict.fromkeys(runs[-1][2] + bar)))]
                     if runs and runs[-1][1] == index - 1 else [*runs[-1:], (index, index, bar)])
    return Reader("text", lines, plain=lambda s: s.strip(), inline=md.escape_inline,
                  paragraph_line=md.escape_text_line, paragraphs_by_blank_lines=False, change_bars=tuple(runs),
                  adornments=adornments)


# A title's underline or overline, as reStructuredText (and a typed text) adorns it: one punctuation mark, repeated
# (not "_", a form's line to write on).
_ADORNMENT_MARKS = "=-~^\"'`#*+:."
_ADORNMENT = re.compile(rf"([{re.escape(_ADORNMENT_MARKS)}])\1{{2,}}[ \t]*")
# How much longer than its title an underline of dashes may be (or this long in all: a typist's fixed width); a rule
# across the page is longer still.
_UNDERLINE_OVERHANG = 6
MAX_UNDERLINE = 40


def _left_out_adornments(raws: list[str]) -> tuple[int, ...]:
    """Leave out of ``raws`` (blank them) the underlines and overlines of titles, ``[1.0] INTRODUCTION`` over
    ``==================``: a mark right under a line of text, at least as long as that line less two (dashes: at
    most six more, or forty in all), and the same mark right over it; the index of each. A rule across the page after
    a blank line, or much longer than the line over it, stays one."""
    adorned = set()
    for index, raw in enumerate(raws):
        mark = _ADORNMENT.fullmatch(raw) if index and raw[:1] in _ADORNMENT_MARKS else None
        title = raws[index - 1].strip() if mark else ""
        # (only "-" and "*" make a rule across the page, which is longer than a short line over it)
        longest = max(len(title) + _UNDERLINE_OVERHANG, MAX_UNDERLINE) if raw[:1] in "-*" else len(raw)
        if not title or _ADORNMENT.fullmatch(raws[index - 1]) or not len(title) - 2 <= len(raw.strip()) <= longest:
            continue
        adorned.add(index)
        if index >= 2 and raws[index - 2].strip() == raw.strip():  # its overline, the same mark as long
            adorned.add(index - 2)
    for index in adorned:
        raws[index] = ""
    return tuple(sorted(adorned))


def _left_out_change_bars(raws: list[str]) -> dict[int, str]:
    """Leave the change bars out of ``raws`` (a mark in the margin, not the book's text: each line is read without
    it); the index of each line that had one, and the bar."""
    barred = {}
    for index, raw in enumerate(raws):
        left = _CHANGE_BAR.match(raw) if raw[:1] == "|" else None
        right = _RIGHT_CHANGE_BAR.search(raw) if left is None and raw.rstrip().endswith("|") else None
        if left:
            barred[index], raws[index] = left.group().strip(), raw[left.end():]
        elif right and raw.count("|") == len(right.group(1)):
            barred[index], raws[index] = right.group(1), raw[:right.start()]
    for index in [index for index, raw in enumerate(raws) if index not in barred and _LONE_CHANGE_BAR.fullmatch(raw)]:
        if index - 1 in barred or index + 1 in barred:
            barred[index], raws[index] = raws[index].strip(), ""
    return barred


# A tab after a list's marker or a section's number, as a word processor's text export writes them ("1.<TAB>Supply
# phase", "a)<TAB>move", "1.<TAB>Introduction"): a space, not a table's cell (a table's note is "1<TAB>text").
_TAB_AFTER_MARKER = re.compile(r"^([ \t]*(?:\d{1,3}|[a-z]|[ivx]{2,5}|[A-Z])[.)])\t+(?=\S)")
# A tab between two cells of a line: what makes it a table's row (a tab before the text indents it).
_INNER_TAB = re.compile(r"\S[^\n]*\t")


# A word processor's bullet and the tab after it, as its text export writes them, by level: Word's "•", "o", "§"
# (Symbol's "·", U+F0B7 and U+F0A7 too), or a typed "-", "–", "*".
_TABBED_BULLET = re.compile(r"(?P<bullet>[-–*·o§\uf0b7\uf0a7])\t+(?=[^\s\t])(?=[^\t]*$)")
# Each as the glyph this reader knows and its level's indent: Word's levels are glyphs, not indents.
_BULLET_LEVELS = {"o": "  ◦", "§": "    ▪", "\uf0a7": "    ▪", "·": "•", "\uf0b7": "•"}


def _bullets_by_level(raws: list[str]) -> None:
    """Lines in a row that a bullet and a tab start, and no other tab (``o<TAB>move by road``), under a line with no
    tab, are a list: each bullet is a glyph with its level's indent (``o`` under ``•``, ``§`` under ``o``). Under a
    table, such lines are its legend (``*<TAB>Only along a road``)."""
    for start, end in _runs(raws, lambda raw: _TABBED_BULLET.match(raw.lstrip(" ")) is not None):
        above = next((raws[line] for line in range(start - 1, -1, -1) if raws[line].strip()), "")
        if "\t" not in above:
            for index in range(start, end):
                bullet = _TABBED_BULLET.match(raws[index].lstrip(" "))
                glyph = _BULLET_LEVELS.get(bullet["bullet"], bullet["bullet"])
                raws[index] = raws[index][:len(raws[index]) - len(raws[index].lstrip(" "))] + glyph + " " + \
                    raws[index].lstrip(" ")[bullet.end():]


def _runs(raws: list[str], belongs: Callable[[str], bool]) -> Iterator[tuple[int, int]]:
    """The start and end of each run of lines in a row that ``belongs`` holds for, found as the caller goes (it may
    rewrite a run's lines before the next is looked for)."""
    start = 0
    while start < len(raws):
        if not belongs(raws[start]):
            start += 1
            continue
        end = start + 1
        while end < len(raws) and belongs(raws[end]):
            end += 1
        yield start, end
        start = end


def _has_tab(raw: str) -> bool:
    return "\t" in raw


def _space_after_markers(raws: list[str]) -> None:
    """Lines in a row that a tab after a marker starts, and no other tab (``1.<TAB>Supply phase``), are a list: their
    tabs are spaces. A run of lines with a tab where another line has tabs is left alone: a table whose first
    column is numbered (``Step<TAB>Phase`` over ``1.<TAB>Movement``)."""
    for start, end in _runs(raws, _has_tab):
        if all(raw.count("\t") == 1 and _TAB_AFTER_MARKER.match(raw) for raw in raws[start:end]):
            raws[start:end] = [_TAB_AFTER_MARKER.sub(r"\1 ", raw, count=1) for raw in raws[start:end]]


# A rule's number alone in a cell: "[1.1]", "1.1", "(1.1)" (a step's "1." is a table's).
_CELL_NUMBER = re.compile(r"[\[(]?(?P<token>[1-9]\d*(?:\.\d+)+)[.)\]:]?")
# A rule's number and title in a cell, the text in the next: "1.1 Steps<TAB>Most units have two steps."
_NUMBER_THEN_TITLE = re.compile(rf"(?P<number>{_CELL_NUMBER.pattern})[ \u00a0]+(?P<title>[^\t]+)")


def _rules_in_cells(raws: list[str]) -> dict[int, Line]:
    """Lines in a row, each a rule typed as cells (``[1.1]<TAB>Roads<TAB>A unit on a road pays half.``, its number
    and title alone, or its number and title before a tab, ``1.1 Steps<TAB>Most units …``), as a word processor's
    table of rules copied as text has them: rules, by line, whose numbers go on as rules' do (1.0, 1.1, 1.2, 2.0),
    from the last rule number above them. A table whose first column holds values (1.0, 1.5, 2.0), or numbers that
    do not go on from the rules above, or whose first line is a header, stays a table."""
    rules: dict[int, Line] = {}
    for start, end in _runs(raws, _has_tab):
        run = [_rule_in_cells(index, raws[index]) for index in range(start, end)]
        if all(run) and any(line.number.rest for line in run) and all(
                _goes_on(before.number.token, after.number.token) for before, after in zip(run, run[1:])):
            before = next((number for number in map(number_at_start, reversed(raws[max(0, start - 200):start]))
                           if number is not None and "." in number.token), None)
            if before is None or _goes_on(before.token, run[0].number.token):
                rules.update((line.index, line) for line in run)
    return rules


def _rule_in_cells(index: int, raw: str) -> Line | None:
    """``raw`` as a rule's line, if its cells are a rule's number, a title and perhaps a sentence."""
    cells = re.split(r"\t+", raw.strip())
    joined = _NUMBER_THEN_TITLE.fullmatch(cells[0]) if len(cells) == 2 else None
    if joined:  # "1.1 Steps<TAB>Most units have two steps."
        cells = [joined["number"], joined["title"], cells[1]]
    number = _CELL_NUMBER.fullmatch(cells[0])
    if number is None or not 2 <= len(cells) <= 3 or not whole_line_title(cells[1], text_follows=True):
        return None
    text = cells[2] if len(cells) == 3 else ""
    if (text or joined) and not (ends_sentence(text) or len(text.split()) >= 6):
        return None
    return Line(index, TEXT, " ".join(cells), title=cells[1],
                number=Number(number["token"], cells[0].endswith("."), cells[0] != number["token"], text,
                              shown=cells[0]))


def _goes_on(before: str, after: str) -> bool:
    """Whether rule ``after`` may come next after rule ``before``: its first sub-rule, or the next at some level
    (``1.0`` then ``1.1``, ``1.1`` then ``1.1.1``, ``1.2`` or ``2.0``), each digit after the dot a level (case
    numbering) or each group (decimal)."""
    def levels(token: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        head, _, tail = token.partition(".")
        return ((int(head), *(int(group) for group in tail.split(".") if group)),
                (int(head), *(int(digit) for digit in tail.replace(".", ""))))
    for was, now in zip(levels(before), levels(after)):
        if now[:-1] == was and now[-1] in (0, 1):
            return True
        if any(now[:level] == was[:level] and now[level] == was[level] + 1 and set(now[level + 1:]) <= {0, 1}
               for level in range(min(len(was), len(now)))):
            return True
    return False


def _indent_with_spaces(raws: list[str]) -> None:
    """Lines in a row that a tab only indents (``<TAB>a) move;``, ``<TAB>- +1 in woods``, a paragraph
    typed with a tab before each line) are indented text, not a table of one column: their tabs are
    spaces (four each). A run of lines with a tab where one has a tab between cells is left alone:
    a table, whose rows may start with an empty cell."""
    for start, end in _runs(raws, _has_tab):
        if not any(_INNER_TAB.match(raw.lstrip(" \t")) for raw in raws[start:end]):
            for index in range(start, end):
                text = raws[index].lstrip(" \t")
                raws[index] = raws[index][:len(raws[index]) - len(text)].replace("\t", "    ") + text


def _mark_stray_tab_lines(lines: list[Line]) -> None:
    """A line with a tab alone, not after a table (``4<TAB>CINDER ROAD``: a PDF's page footer), is
    no table: a table has a header and a row. It stays text (its tab a space), never a rule, and
    the importer lists it; read as a table, it took the line above as its title."""
    last_nonblank = None
    for position, line in enumerate(lines):
        if line.kind == TAB and (position == 0 or lines[position - 1].kind != TAB) and (
                position + 1 == len(lines) or lines[position + 1].kind != TAB) and (
                last_nonblank is None or last_nonblank.kind != TAB):  # a table's note after a blank line
            lines[position] = Line(line.index, STRAY, line.text.replace("\t", " "))
        if line.kind != BLANK:
            last_nonblank = line


# A mark in the text that a note below explains: "one hex.*", "Woods**" (not "**bold**", not a bullet's "* ").
_NOTE_MARK = re.compile(r"(?<=[^\s*])\*{1,3}(?=[\s.,;:)\]]|$)")


def _mark_footnotes(lines: list[Line]) -> None:
    """A "* " line after text carrying such a mark (``one hex.*``), in the same rule, is the note the
    mark points to, as a printed page sets it, not a bullet: it keeps its asterisk, a paragraph of its
    own (a bullet took the asterisk away, and with it what the note explains)."""
    marked = False  # a mark since the last rule's number
    for position, line in enumerate(lines):
        if line.kind == ITEM and line.marker == "*" and marked and number_at_start(line.text) is None:
            lines[position] = Line(line.index, TEXT, f"* {line.text}")
        elif line.kind == TEXT:
            marked = (marked and line.number is None) or _NOTE_MARK.search(line.text) is not None
        elif line.kind != BLANK:
            marked = False


# A page's number copied from a PDF, where no rule number stands: alone far in from the margin
# ("                8"), with the book's running title a wide gap after it ("24        RED BANNER") or
# before it, as a right-hand page sets it ("HARBOR LIGHT RULES        2"), "Page 2" too; or between
# dashes, alone ("- 2 -", "— 2 —", as a transcriber types it "-- page 4 --", "--- Page 4 ---"; not in brackets: "See
# the chart" over "[page 12]" cites a page); or a word processor's footer alone on its line ("Page 3 of 12").
_PAGE = r"(?:(?i:page)[ \t]+)?\d{1,3}"
PAGE_NUMBER = re.compile(rf"[ \t]{{8,}}{_PAGE}[ \t]*|[ \t]*{_PAGE}[ \t]{{8,}}\S.*|[ \t]*\S.*?[ \t]{{8,}}{_PAGE}[ \t]*"
                         rf"|[ \t]*[-–—]{{1,3}}[ \t]*{_PAGE}[ \t]*[-–—]{{1,3}}[ \t]*"
                         rf"|[ \t]*(?i:page)[ \t]+\d{{1,3}}[ \t]+(?i:of)[ \t]+\d{{1,3}}[ \t]*")


# An index's or a list of contents' entry: words, dot leaders, then numbers only ("Roads ...... 5.2, 6.1",
# "Zones of Control . . . 5.4", "Combat … 7"): a line of its own, as printed, not a paragraph's.
_INDEX_ENTRY = re.compile(r"\S.*?(?:(?:\.[ \t]*){3,}|…+)[ \t]*\d[\d.]*(?:[ \t]*[,;&–-][ \t]*\d[\d.]*)*[ \t]*")


# A note under a tab table, keyed by the mark its cells carry: "* Only if …", "† Rail only" (a legend entry).
_TABLE_NOTE = re.compile(r"(\*{1,3}|[†‡§])[ \t]+(?=\S)")


def _text_line(index: int, raw: str, *, in_table: bool, row_follows: bool) -> Line:
    line = raw.strip()
    if not line:
        return Line(index, BLANK, "")
    if PAGE_NUMBER.fullmatch(raw) and not in_table and not row_follows:
        return Line(index, STRAY, re.sub(r"\s+", " ", line))
    if "\t" in raw:
        numbered = None if in_table else _tab_after_rule_number(line, row_follows=row_follows)
        if numbered is None:  # a row's empty first or last cell is a tab at its start or end
            return Line(index, TAB, line)
        line = numbered
    if in_table and _TABLE_NOTE.match(line):  # "* Only if the defender is not disrupted." under "Woods<TAB>x2*"
        return Line(index, TAB, _TABLE_NOTE.sub("\\1\t", line, count=1))
    if line.startswith("\\"):
        return Line(index, TEXT, line[1:].lstrip())
    if is_row(line):
        return Line(index, PIPE, line)
    example = _example(line)
    if example:
        return Line(index, EXAMPLE, example.group("rest") or "", marker=example.group("marker"))
    if _TEXT_HR.fullmatch(line):
        return Line(index, HR, line)
    number = number_at_start(line)
    ordered = _ORDERED.fullmatch(line)
    # An item indented more than the one before it is under it ("1. First step" over "   a) its part").
    depth = 1 + len(raw) - len(raw.lstrip(" ")) if raw[:1] == " " else 1
    if number is not None:
        return Line(index, TEXT, line, depth=depth, marker=ordered.group("marker") if ordered else "", number=number)
    bullet = _TEXT_BULLET.fullmatch(line)
    if bullet:
        return Line(index, ITEM, bullet.group("rest"), depth=depth, marker=bullet.group("marker"))
    if ordered:
        return Line(index, ITEM, ordered.group("rest"), depth=depth, marker=ordered.group("marker"))
    if ("..." in line or ". ." in line or "…" in line) and _INDEX_ENTRY.fullmatch(line):
        return Line(index, ITEM, line, depth=depth, marker="-")  # "Roads ...... 5.2, 6.1": an entry of its own
    return Line(index, TEXT, line)


# -- Markdown -----------------------------------------------------------------------

def markdown_plain(text: str) -> str:
    """Markdown inline text without its emphasis marks and escapes: ``**Zones** of \\*`` -> ``Zones of *``;
    a link to the document's own anchor is its text (the page shows it so: ``importer.anchors``)."""
    text = _MD_EMPHASIS.sub(r"\2", text.strip())
    if "](#" in text:
        text = md.LINK_IN_DOCUMENT.sub(r"\1", text)
    if ".md" in text or ".MD" in text:
        text = md.LINK_TO_EXPORT_PAGE.sub(r"\1", text)
    return _MD_ESCAPE.sub(r"\1", text)


INDENTED = "indented"  # the marker of a VERBATIM line in an indented code block (one a fence opens has none)
_CODE_INDENT = re.compile(r" {4}| {0,3}\t")


def _code_indent(raw: str) -> str:
    """``raw`` without the four columns of indent that make it a line of indented code, as CommonMark reads it."""
    return _CODE_INDENT.sub("", raw, count=1)


def _indented_code(raw: str, lines: list[Line], text_lines: list[str], index: int) -> bool:
    """Whether ``raw`` is a line of an indented code block (CommonMark's): indented four columns after a blank line
    that follows no list (where the indent makes the item's next paragraph), or a line inside such a block (a blank
    one too, where the block goes on after it)."""
    if not raw.strip():
        following = next((after for after in text_lines[index + 1:] if after.strip()), "")
        return bool(lines) and lines[-1].marker == INDENTED and _CODE_INDENT.match(following) is not None
    if not _CODE_INDENT.match(raw):
        return False
    if lines and lines[-1].marker == INDENTED:
        return True
    if not lines or lines[-1].kind != BLANK:
        return False
    above = next((line for line in reversed(lines) if line.kind != BLANK), None)
    # (nor after a line the importer reads as an item, as CommonMark does not: "(a) Total …", "• Total …")
    return above is None or (above.kind not in (ITEM, QUOTE) and text_lines[above.index][:1] not in " \t"
                             and not _ORDERED.fullmatch(above.text) and not _TEXT_BULLET.fullmatch(above.text))


def read_markdown(text: str) -> Reader:
    lines: list[Line] = []
    fence = None
    fence_line = None
    text = linked_footnotes(text)
    text_lines = text.split("\n")
    comments: list[tuple[int, int, str]] = []
    front_matter = _front_matter_lines(text_lines)
    comment_end = front_matter - 1  # front matter is left out as a comment is
    closing_lines = {opener: [index for index, raw in enumerate(text_lines) if closer in raw] if closer in text else []
                     for opener, (closer, _) in COMMENT_KINDS.items()}
    simple_rows = _simple_table_rows(text_lines)
    boxes = _box_lines(text_lines) if "!!!" in text or "???" in text or ":::" in text or "===" in text else {}
    footnotes = _footnote_lines(text_lines) if "[^" in text else {}
    # An export's HTML table: the table it is; a definition list: the list it is; each in one block.
    blocks = html_tables(text_lines) if _HTML_TABLE.search(text) else {}
    if DEFINITION_LINE.search(text):
        blocks |= definition_lists(text_lines, _opens_block, md.escape_markdown_inline, md.escape_markdown_line)
    block_end = -1
    inline_end, inline_closer = -1, ""  # the line where a comment a line of text opens closes, and its mark
    for index, raw in enumerate(text_lines):
        # a comment's or a block's lines after its first: read with it
        if index <= comment_end or index <= block_end or index < inline_end:
            lines.append(Line(index, COMMENT, ""))
            continue
        if index == inline_end:  # "one hex." after "Units move <!-- old" over "wording -->": the paragraph goes on
            raw = raw[raw.find(inline_closer) + len(inline_closer):]
            if not raw.strip():
                lines.append(Line(index, COMMENT, ""))
                continue
        if fence is None and index in blocks and index not in boxes and index not in footnotes:
            block_end, block = blocks[index]
            lines.append(Line(index, BLOCK, block))
            continue
        opener = next((opener for opener in COMMENT_KINDS if raw.lstrip().startswith(opener)), None) \
            if fence is None and raw.lstrip()[:1] in "<%" else None
        if opener is not None:
            # A transcriber's note on lines of its own ("<!-- page 3 -->", Obsidian's "%% draft %%"): not the
            # book's text, left out.
            comment_end = _comment_end(index, text_lines, closing_lines[opener], opener)
            if comment_end is not None:
                comments.append((index, comment_end, opener))
                lines.append(Line(index, COMMENT, ""))
                continue
            comment_end = -1
        for opener, inline in _INLINE_COMMENTS.items():  # "Bridges are roads. %% old wording %%", "<!-- was: … -->"
            if fence is None and opener in raw and inline.search(raw) and not _indented_code(raw, lines, text_lines,
                                                                                             index):
                raw, left_out = _without_comments(raw, inline)
                if left_out:
                    comments.append((index, index, opener))
            if fence is None and opener in raw and not _indented_code(raw, lines, text_lines, index):
                opened = _opened_comment(raw, opener, text_lines, index, closing_lines[opener])
                if opened is not None:  # "Units move <!-- old" over "wording --> one hex.": CommonMark shows neither
                    start, inline_end = opened
                    raw, inline_closer = raw[:start].rstrip(), COMMENT_KINDS[opener][0]
                    comments.append((index, inline_end, opener))
        if fence is not None:
            if raw.strip().startswith(fence) and not raw.strip().strip(fence[0]):
                fence = None
                lines.append(Line(index, BLANK, ""))
            else:
                lines.append(Line(index, VERBATIM, raw.rstrip()))
            continue
        opening = _MD_FENCE.match(raw)
        if opening:
            fence, fence_line = opening.group("fence"), index
            lines.append(Line(index, BLANK, ""))
            continue
        if fence is None and index in footnotes:  # a footnote's definition, its later paragraphs joined to it
            text_of = footnotes[index]
            lines.append(Line(index, TEXT, text_of) if text_of is not None else Line(index, COMMENT, ""))
            continue
        if fence is None and index in boxes:  # an admonition's, a fenced div's or a tab's line: a note box
            lines.append(Line(index, QUOTE, boxes[index], marker=BOX) if boxes[index] is not None else
                         Line(index, BLANK, ""))
            continue
        if _indented_code(raw, lines, text_lines, index):  # "    2.3 Roads cost half." after a blank line: code
            lines.append(Line(index, VERBATIM, _code_indent(raw).rstrip(), marker=INDENTED))
            continue
        if index in simple_rows:  # a pandoc table's line, its dashes no heading's underline
            lines.append(Line(index, PIPE, simple_rows[index]))
            continue
        block_line = _LINE_BLOCK.match(raw)
        if block_line:  # pandoc's line block ("| Command Phase"): the line as written, a line break after it
            lines.append(markdown_line(index, raw[block_line.end():] + "<br>"))
            continue
        underline = _MD_SETEXT.fullmatch(raw)
        if underline and _one_line_paragraph(lines, text_lines):
            # "Movement\n========": the line above is a heading (h1 for "=", h2 for "-"), this one its underline.
            above = text_lines[index - 1]
            lines[-1] = markdown_line(index - 1, f"{'#' if underline.group(1)[0] == '=' else '##'} {above.strip()}")
            lines.append(Line(index, BLANK, ""))
            continue
        if "|" in raw and raw.strip() and (lines and lines[-1].kind == PIPE and lines[-1].marker == "pipeless"
                                           or _opens_pipeless_table(text_lines, index)):
            lines.append(Line(index, PIPE, _with_outer_pipes(raw.strip()), marker="pipeless"))
            continue
        if raw.lstrip()[:2] in ("**", "__") and _closes_bold_title(raw, text_lines, index):
            raw = f"{raw.rstrip()} {text_lines[index + 1].strip()}"  # "**5.2 Zones of" over "Control.** A unit"
            block_end = index + 1  # the next line: read with this one
        elif raw.lstrip()[:2] in ("**", "__") and (joined := _bold_title_over_two_runs(raw, text_lines, index)):
            raw, block_end = joined, index + 1  # "**5.2 Zones of**" over "**Control.** A unit"
        line = markdown_line(index, raw)
        if line.kind == TEXT and line.number is None and lines and lines[-1].kind == QUOTE and lines[-1].text:
            line = Line(index, QUOTE, line.text)  # a quoted paragraph's lazy next line, as CommonMark has it
        lines.append(line)
    return Reader("markdown", lines, plain=markdown_plain, inline=md.escape_markdown_inline,
                  paragraph_line=md.escape_markdown_line, paragraphs_by_blank_lines=True, comments=tuple(comments),
                  open_fence=fence_line if fence is not None else None, front_matter=front_matter)


# A bold run opened before a number and not closed on its line: "**5.2 Infiltration by Light" over "Units.** A unit".
UNCLOSED_BOLD = re.compile(r"(\*\*|__)(?=[\[(]?\d)(?!.*\1)")


def _closes_bold_title(raw: str, text_lines: list[str], index: int) -> bool:
    """A bold run opened before a number is closed on the next line of its paragraph, a title wrapped
    over two lines (``**5.2 Zones of`` over ``Control.** A unit …``): the two lines are one, as Markdown
    reads them."""
    opened = UNCLOSED_BOLD.match(raw.lstrip())
    if opened is None or index + 1 == len(text_lines):
        return False
    after = text_lines[index + 1]
    return opened.group(1) in after and bool(after.strip()) and not _opens_block(after)


# A line that is one bold run from a number to its end, a hard break after it or none ("**4\\.2 Zones of**\\").
_BOLD_LINE = re.compile(r"[ \t]*(\*\*|__)(?=[\[(]?\d)(?P<bold>(?:(?!\1).)+)\1(?:\\|[ \t]*)")


def _bold_title_over_two_runs(raw: str, text_lines: list[str], index: int) -> str | None:
    """A rule's number and title in bold, its title broken over two lines and each line's bold closed at its end, as a
    word processor's export has it (``**4\\.2 Zones of**`` over ``**Control.** The six hexes …``): the two lines
    as one, one bold run (``**4\\.2 Zones of Control.** The six hexes …``); None for any other."""
    line = _BOLD_LINE.fullmatch(raw)
    if line is None or index + 1 == len(text_lines) or not _ends_on_minor_word(line["bold"]):
        return None
    after = text_lines[index + 1].strip()
    mark = line.group(1)
    rest = after[2:].partition(mark)[0] if after.startswith(mark) else ""
    # (the title's end in title case with its period: not "**Exception:** …" under "**14.0 DIG IN**")
    if not (rest.endswith(".") and in_title_case(rest[:-1])) or _opens_block(after):
        return None
    return f"{mark}{line['bold'].strip()} {after[2:]}"


def _ends_on_minor_word(text: str) -> bool:
    """Whether a title stops on a word in small letters no title ends on (``Zones of``; not ``DIG IN``, ``Falling
    Back –``)."""
    words = text.split()
    return bool(words) and words[-1].islower() and ends_open(text)


_HTML_TABLE = re.compile(r"<table", re.IGNORECASE)
BOX = "box"  # the marker of a QUOTE line in a note box (an admonition, a tab, a fenced div: ``_box_lines``)


# The dashed line under a pandoc simple table's header: a run of dashes over each column.
_SIMPLE_TABLE_RULE = re.compile(r"[ \t]*-{2,}(?:[ \t]+-{2,})+[ \t]*")


# A line of pandoc's line block: "| " before text with no other pipe (a table's row has two or more).
_LINE_BLOCK = re.compile(r"[ \t]{0,3}\|[ \t]+(?=[^|\s][^|]*$)")
_MULTILINE_TABLE_EDGE = re.compile(r"[ \t]*-{3,}[ \t]*")


def _simple_table_rows(text_lines: list[str]) -> dict[int, str]:
    """pandoc's simple tables (a header, a line of dashes over each column, rows to a blank line),
    each line as the pipe row it stands for, by line: the columns are where the dashes are; and
    pandoc's multiline tables, each line as the grid table's it stands for (``_multiline_table_rows``)."""
    rows: dict[int, str] = _multiline_table_rows(text_lines)
    for index, raw in enumerate(text_lines):
        if index in rows:
            continue
        if not (0 < index and _SIMPLE_TABLE_RULE.fullmatch(raw) and text_lines[index - 1].strip()
                and not text_lines[index - 1].lstrip().startswith("|")
                and (index < 2 or not text_lines[index - 2].strip()) and index + 1 < len(text_lines)
                and text_lines[index + 1].strip()):
            continue
        starts = [dashes.start() for dashes in re.finditer(r"-+", raw)]
        end = index + 1
        while end < len(text_lines) and text_lines[end].strip():
            end += 1
        for row in (index - 1, *range(index + 1, end)):
            line = text_lines[row].expandtabs()
            cells = [line[start:following].strip().replace("|", "\\|")
                     for start, following in zip([0, *starts[1:]], [*starts[1:], None])]
            rows[row] = "| " + " | ".join(cells) + " |"
        rows[index] = "|" + "---|" * len(starts)
    return rows


def _multiline_table_rows(text_lines: list[str]) -> dict[int, str]:
    """pandoc's multiline tables: a line of dashes, the header, a line of dashes over each column,
    rows parted by blank lines, a line of dashes. Each line as the grid table's line it stands for
    (the dashes and blank lines as borders), so that a row's lines are one row; read as text, the
    last row over the closing dashes was a heading."""
    rows: dict[int, str] = {}
    index = 0
    while index < len(text_lines):
        top = index
        if not (_MULTILINE_TABLE_EDGE.fullmatch(text_lines[top]) and (top == 0 or not text_lines[top - 1].strip())):
            index += 1
            continue
        rule = next((at for at in range(top + 2, min(top + 6, len(text_lines)))
                     if _SIMPLE_TABLE_RULE.fullmatch(text_lines[at])), None)
        if rule is None or any(not line.strip() for line in text_lines[top + 1:rule]):
            index += 1
            continue
        bottom = rule + 1
        while bottom < len(text_lines) and not _MULTILINE_TABLE_EDGE.fullmatch(text_lines[bottom]) and not (
                not text_lines[bottom].strip() and bottom + 1 < len(text_lines) and not text_lines[bottom + 1].strip()):
            bottom += 1
        if bottom >= len(text_lines) or not _MULTILINE_TABLE_EDGE.fullmatch(text_lines[bottom]):
            index += 1
            continue
        starts = [dashes.start() for dashes in re.finditer(r"-+", text_lines[rule])]
        border = "+" + "+".join("---" for _ in starts) + "+"
        for row in range(top, bottom + 1):
            line = text_lines[row].expandtabs()
            if row in (top, bottom) or not line.strip():
                rows[row] = border
            elif row == rule:
                rows[row] = border.replace("-", "=")
            else:
                cells = [line[start:following].strip().replace("|", "\\|")
                         for start, following in zip([0, *starts[1:]], [*starts[1:], None])]
                rows[row] = "| " + " | ".join(cells) + " |"
        index = bottom + 1
    return rows


# The opening line of a note box: MkDocs' admonition ('!!! note "Roads"', '??? tip', Material's '!!! note inline end
# "Side note"': classes after the type), a content tab ('=== "Basic"') and a fenced div (Docusaurus' ':::info Heavy
# units', pandoc's '::: {.note}'), which a line of colons closes.
_ADMONITION = re.compile(r"[ \t]{0,3}(?:!!!|\?\?\?\+?)[ \t]+(?P<kind>[\w-]+)(?:[ \t]+[\w-]+)*"
                         r"(?:[ \t]+\"(?P<title>[^\"]*)\")?[ \t]*")
_TAB = re.compile(r"[ \t]{0,3}===\+?[ \t]+\"(?P<title>[^\"]*)\"[ \t]*")
_DIV_OPEN = re.compile(r"[ \t]{0,3}(?P<colons>:{3,})[ \t]*(?:\{(?P<attributes>[^{}]*)\}|(?P<kind>[\w-]+))[ \t]*"
                       r"(?P<title>.*?)[ \t]*")
# What names a pandoc div's kind among its attributes ("{#n1 .note}", "{custom-style="Note"}"): a class, else a style.
_DIV_KIND = re.compile(r"(?:^|\s)\.(?P<kind>[\w-]+)|custom-style=\"(?P<style>[^\"]+)\"")
_DIV_CLOSE = re.compile(r"[ \t]{0,3}:{3,}[ \t]*")
_INDENTED = re.compile(r"(?: {4}|\t)")


def _box_lines(text_lines: list[str]) -> dict[int, str | None]:
    """The lines of each note box, by line: its opening line as a callout's (``[!note] Roads``), its body's
    lines as a quotation's (an admonition's and a tab's indented by four spaces, a div's up to its closing
    colons), its closing line None (a blank line). The importer reads them as a quotation: a note, never
    a rule (a line in it that reads as one is listed)."""
    boxes: dict[int, str | None] = {}
    index = 0
    while index < len(text_lines):
        raw = text_lines[index]
        opened = _ADMONITION.fullmatch(raw) or _TAB.fullmatch(raw)
        if opened:
            kind = opened.groupdict().get("kind") or "tab"
            boxes[index] = f"[!{kind}] {opened['title'] or ''}".rstrip()
            end = _indented_run(text_lines, index + 1)
            for at in range(index + 1, end):
                boxes[at] = _INDENTED.sub("", text_lines[at], count=1).strip()
            index = end
            continue
        div = _DIV_OPEN.fullmatch(raw)
        close = next((at for at in range(index + 1, len(text_lines)) if _DIV_CLOSE.fullmatch(text_lines[at])), None) \
            if div else None
        if close is not None:
            boxes[index] = f"[!{_div_kind(div)}] {div['title']}".rstrip()
            for at in range(index + 1, close):
                boxes[at] = text_lines[at].strip()
            boxes[close] = None
            index = close + 1
            continue
        index += 1
    return boxes


def _div_kind(div: re.Match[str]) -> str:
    """A fenced div's kind: ``:::info``, pandoc's ``::: {.note}``, ``::: {#n1 .note}``,
    ``::: {custom-style="Note"}``."""
    if div["attributes"] is None:
        return div["kind"]
    named = _DIV_KIND.search(div["attributes"])
    return (named["kind"] or named["style"].replace(" ", "-")) if named else "note"


_FOOTNOTE_DEFINITION = re.compile(r"[ \t]{0,3}" + md.FOOTNOTE_DEFINITION.pattern)


def _footnote_lines(text_lines: list[str]) -> dict[int, str | None]:
    """Each footnote definition with later paragraphs (indented by four spaces, as Markdown writes them): its
    line with those paragraphs joined to it, a blank line between (``<br>``), and theirs None (read with it):
    the page keeps the whole note in its footnote, none of it in a rule."""
    joined: dict[int, str | None] = {}
    for index, raw in enumerate(text_lines):
        if not _FOOTNOTE_DEFINITION.match(raw):
            continue
        end = index + 1
        while end < len(text_lines) and text_lines[end].strip() and not _FOOTNOTE_DEFINITION.match(text_lines[end]):
            end += 1  # the definition's own paragraph: its lines stay lines
        later = _indented_run(text_lines, end)
        if later == end:
            continue
        paragraphs = re.split(r"\n\s*\n", "\n".join(line.strip() for line in text_lines[end:later]).strip())
        joined[end - 1] = " <br><br> ".join([text_lines[end - 1].strip(),
                                              *(paragraph.replace("\n", " ") for paragraph in paragraphs)])
        joined.update(dict.fromkeys(range(end, later)))
    return joined


def _indented_run(text_lines: list[str], start: int) -> int:
    """Where the lines from ``start`` that are indented by four spaces (a block's body, a footnote's later
    paragraphs), and blank lines between them, end."""
    end = start
    while end < len(text_lines) and (_INDENTED.match(text_lines[end]) and text_lines[end].strip() or (
            not text_lines[end].strip() and end + 1 < len(text_lines) and _INDENTED.match(text_lines[end + 1]))):
        end += 1
    return end


# A line of front matter: "key: value", "key:", or a list item or value indented under one.
_YAML_LINE = re.compile(r"[A-Za-z_][\w -]*:(?:[ \t].*)?|[ \t]+\S.*|-[ \t]+\S.*")


def _opens_pipeless_table(text_lines: list[str], index: int) -> bool:
    """Whether line ``index`` is the header of a table written without outer pipes (``Terrain | Cost``
    over ``--- | ---``, as GitHub's tables may be)."""
    line = text_lines[index].strip()
    if line.startswith("|") or index + 1 >= len(text_lines):
        return False
    separator = text_lines[index + 1].strip()
    return "|" in separator and SEPARATOR_ROW.fullmatch(separator) is not None


def _with_outer_pipes(row: str) -> str:
    """``a | b`` -> ``| a | b |``: a row of a table written without outer pipes, as the rest are read."""
    if not row.startswith("|"):
        row = "| " + row
    if not row.endswith("|") or row.endswith("\\|"):
        row += " |"
    return row


def _front_matter_lines(text_lines: list[str]) -> int:
    """How many lines of YAML front matter the source opens with (``---``, ``title: …``, ``---``, as
    Obsidian, Jekyll and pandoc write it), closing line included; 0 for none."""
    if not text_lines or text_lines[0].strip() != "---":
        return 0
    for index, line in enumerate(text_lines[1:60], start=1):
        if line.strip() in ("---", "...") and index > 1:
            return index + 1
        if not _YAML_LINE.fullmatch(line) or (index == 1 and line[:1] in " \t-"):  # it opens with a key
            return 0
    return 0


# A comment's opening mark -> its closing mark and what the import calls it.
COMMENT_KINDS = {"<!--": ("-->", "an HTML comment"), "%%": ("%%", "an Obsidian comment")}
# A comment inside a line of text: Obsidian's, "Bridges are roads. %% old wording %%"; HTML's, "Roads cost half
# <!-- was: see 2.2 --> a hex." (CommonMark shows neither).
_INLINE_COMMENTS = {"%%": re.compile(r"([ \t]*)%%[^%\n]*(?:%(?!%)[^%\n]*)*%%"),
                    "<!--": re.compile(r"([ \t]*)<!--.*?-->")}
_CODE_SPAN = re.compile(r"(`+).*?(?<!`)\1(?!`)")


def _without_comments(raw: str, comment: re.Pattern[str]) -> tuple[str, bool]:
    """``raw`` without the comments ``comment`` finds outside its code spans (CommonMark keeps one inside code), a
    space left where one stood between words (``Half <!-- a -->x`` -> ``Half x``); and whether any was left out."""
    pieces, cursor, left_out = [], 0, False
    spans = [(span.start(), span.end()) for span in _CODE_SPAN.finditer(raw)] if "`" in raw else []
    for found in comment.finditer(raw):
        if any(start <= found.start() < end for start, end in spans):
            continue
        after = raw[found.end():found.end() + 1]
        pieces += [raw[cursor:found.start()], " " if found.group(1) and after[:1].isalnum() else ""]
        cursor, left_out = found.end(), True
    return "".join(pieces) + raw[cursor:], left_out


# A line that starts another block, or underlines a heading, and so ends a paragraph and any comment left open in it.
# (an HTML block CommonMark lets interrupt a paragraph: a block-level tag, script, pre, style, a comment, "<?", "<!X";
# not an inline one, "<b>wording</b>", "<https://…>")
_BLOCK_TAGS = ("address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div"
               "|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li"
               "|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td"
               "|tfoot|th|thead|title|tr|track|ul")
_ENDS_PARAGRAPH = re.compile(r"[ \t]*$|[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|>|`{3}|~{3}|[-*+][ \t]|\d{1,9}[.)][ \t]|\|"
                             r"|(?:=+|-+)[ \t]*$|(?:[*_][ \t]*){3,}$"
                             rf"|<(?i:/?(?:{_BLOCK_TAGS})(?:[ \t/>]|$)|(?:script|pre|style|textarea)(?:[ \t>]|$))"
                             r"|<!--|<\?|<![A-Za-z]|<!\[CDATA\[)")


def _opened_comment(raw: str, opener: str, text_lines: list[str], index: int,
                    closing_lines: list[int]) -> tuple[int, int] | None:
    """Where in ``raw`` (line ``index``, its comments closed on it left out) a comment ``opener`` opens after
    text and a later line of its paragraph closes it (``Units move <!-- old`` over ``wording --> one hex.``), and
    that line; None for any other: one a code span holds or may hold (its backtick closed on a later line), one
    never closed in its paragraph, one in a line that is no paragraph's (a heading, a table's row, a list's item, a
    quote: each one line or read as its own) is shown as written."""
    spans = [(span.start(), span.end()) for span in _CODE_SPAN.finditer(raw)] if "`" in raw else []
    start = next((found.start() for found in re.finditer(re.escape(opener), raw)
                  if not any(first <= found.start() < end for first, end in spans)), None)
    if start is None or "|" in raw or _ENDS_PARAGRAPH.match(raw):
        return None
    before = raw[:start]
    escaped = (len(before) - len(before.rstrip("\\"))) % 2  # "\<!--"; not "C:\\<!--"
    if not before.strip() or before.count("`") % 2 or escaped:
        return None
    later = bisect.bisect_right(closing_lines, index)
    if later == len(closing_lines):
        return None
    end = closing_lines[later]
    if any(_ENDS_PARAGRAPH.match(text_lines[between]) or "|" in text_lines[between]
           for between in range(index + 1, end + 1)):
        return None
    return start, end


def _comment_end(index: int, text_lines: list[str], closing_lines: list[int], opener: str) -> int | None:
    """The line where the comment ``opener`` starts on line ``index`` closes, when it closes a line
    (None: a comment inside a line of text, or one never closed, is text and shown as written).
    ``closing_lines``: the lines holding its closing mark, in order."""
    closer = COMMENT_KINDS[opener][0]
    line = text_lines[index]
    end = line.find(closer, line.find(opener) + 2)  # "<!-->" is a whole comment, as in CommonMark
    if end == -1:
        later = bisect.bisect_right(closing_lines, index)
        if later == len(closing_lines):
            return None
        index = closing_lines[later]
        line = text_lines[index]
        end = line.find(closer)
    return index if not line[end + len(closer):].strip() else None


def _one_line_paragraph(lines: list[Line], text_lines: list[str]) -> bool:
    """Whether the last line read is a setext heading's text: a paragraph of one line, not quoted,
    that ends no sentence (``**5.1** Units may move one hex.`` over ``---`` is a rule's text); or a
    section's number and title at the margin (``15. Bulldozers`` over ``===``, which Markdown would
    read as a list's item: a transcriber underlines a heading)."""
    return (bool(lines) and (lines[-1].kind == TEXT or lines[-1].kind == ITEM and lines[-1].number is not None)
            and not text_lines[lines[-1].index].lstrip().startswith(">")
            and not ends_sentence(markdown_plain(lines[-1].text))
            and (len(lines) < 2 or lines[-2].kind in (BLANK, HEADING)))


def _titled(text: str) -> bool:
    """Whether a line's text starts with a title: a run-in one (``Swim. Slowly.``) or all of it
    (``Zones of Control``)."""
    return text[:1].isupper() and (in_title_case(text) or run_in_title(text)[0] is not None)


def _labelled_rule(text: str, *, heading: bool = False) -> Number | None:
    """The rule a Markdown heading or bold run names with a word (``Rule 6.2:``, ``Case 7.31``; a heading's
    section too, ``Rule 6 — Morale``), if any."""
    labelled = _LABELLED_RULE.match(text) or (_LABELLED_RULE_SECTION.match(text) if heading else None)
    return Number(labelled.group("number"), False, True, text[labelled.end():], labelled.group("label")) \
        if labelled else None


# A heading's rule number at its end, bracketed or after a spaced dash: "## Movement (2.0)", "### Wind [2.2]",
# "## Combat — 3.0". Dotted only: "## Example (2)", "## Scenario 3 - 2" are no rules; and the importer keeps one that
# breaks the book's order a heading ("## Errata (1.1)" after rule 1.1).
_NUMBER_AT_END = re.compile(r"(?=.*[^\W\d_]).*?\S[ \t]+(?:\((?P<bracketed>[1-9]\d*(?:\.\d+)+)\)|\[(?P<squared>[1-9]\d*(?:\.\d+)+)\]"
                            r"|[-–—][ \t]+(?P<dashed>[1-9]\d*(?:\.\d+)+))[ \t]*")


def _number_at_end(content: str) -> Number | None:
    """The rule a Markdown heading names at its end, its heading shown as printed (all of it is its ``label``)."""
    match = _NUMBER_AT_END.fullmatch(content) if content[-1:] in ")]0123456789" else None
    if match is None:
        return None
    return Number(match["bracketed"] or match["squared"] or match["dashed"], False, True, "", content, at_end=True)


def _markdown_number(text: str) -> tuple[Number | None, str | None]:
    """The number a Markdown line starts with (bold or not, escaped dots allowed)
    and the bold title printed with it (``**5.11) Zones of Control.**``)."""
    mark = None if _MD_BOLD.match(text) else _MARK_BEFORE.match(text)  # "*5.1 Roads.*" is emphasis
    if mark:  # "⚠️ **2.3** A squad …", "► **5.2** Bridges", "► **Rule 2.4** Slingshot."
        number, title = _markdown_number(text[mark.end():])
        if number is None:
            return None, None
        if number.label:
            return number._replace(label=mark.group() + number.label), title
        return number._replace(decorated=True, shown=mark.group() + (number.shown or number.token)), title
    escaped = re.match(r"\\\[([^\]\\]+)\\\]", text)
    if escaped:  # "\[5.2\] Bridges": a bracketed number as pandoc writes it
        number = number_at_start(f"[{escaped[1]}]{text[escaped.end():]}")
        return (number._replace(shown=escaped[0]) if number is not None else None), None
    bold = _MD_BOLD.match(text)
    if bold:
        inner = bold.group("inner")
        nested = _MD_BOLD.fullmatch(inner)
        while nested and not nested.group("rest"):  # "_**6.4 Smoke.**_", "**_6.5 Night._**": bold italic
            inner, nested = nested.group("inner"), _MD_BOLD.fullmatch(nested.group("inner"))
        inner = _MD_ESCAPE.sub(r"\1", inner)
        number = number_at_start(inner) or _labelled_rule(inner) or _bold_lettered(inner, bold.group("rest"))
        if number is not None:
            title, rest = number.rest.strip() or None, bold.group("rest")
            second = _MD_BOLD.match(rest.strip()) if title is None else None
            if second and second.group("mark") in ("**", "__") and second.group("inner")[-1] in ".:":
                # "**2.2** **Speed.** text": a bold title, its mark inside (a colon after it is handled below)
                title, rest = rest.strip()[:second.start("rest")], second.group("rest")
            if rest[:1] in (":", ";", ".") and rest[1:2] in ("", " "):  # "**4.1.2 Column Size**: At most …"
                if title:
                    title, rest = title + rest[0], rest[1:]
                else:  # "**3.3**: Reefs are closed."
                    number, rest = number._replace(shown=number.shown + rest[0]), rest[1:]
            return number._replace(decorated=True, rest=rest.strip()), title
    number = number_at_start(re.sub(r"^(\d[\d.]*)\\([.)*])", r"\1\2", text))
    if number is not None and "*" in number.shown:  # "1.5\* Trails": a change mark, escaped as written
        number = number._replace(shown=number.shown.replace("*", "\\*"))
    return number, None


def _bold_lettered(inner: str, after: str) -> Number | None:
    """A lettered number in bold before its title (``**6.2a** Bridges.``), as ``number_at_start``
    reads ``6.2a Bridges.``: ``inner`` is the bold's text, ``after`` what follows the bold."""
    lettered = _BOLD_LETTERED.fullmatch(inner)
    if lettered is None or not _TITLE_AFTER_BOLD.match(after):
        return None
    return Number(lettered.group("number"), lettered.group("close") == ".", True, "", shown=inner)


def markdown_item(text: str) -> tuple[int, str, str] | None:
    """A Markdown list item's (depth, marker, text), if ``text`` (a line, its indent kept) is one."""
    item = _MD_ITEM.fullmatch(text.rstrip())
    if item is None:
        return None
    rest = item.group("rest")
    if rest[:1] == "[" and item.group("marker") in "-*+":  # a task list's box, "- [ ] Sort the counters": ☐, ☑
        rest = _TASK_BOX.sub(lambda box: f"{TASK_BOXES[box[1] in 'xX']} ", rest, count=1)
    return 1 + len(item.group("indent").replace("\t", "    ")) // 2, item.group("marker"), rest


_TASK_BOX = re.compile(r"^\[([ xX])\][ \t]+(?=\S)")
TASK_BOXES = "☐☑"  # a task list's open and ticked box, as an item shows it


# What a word processor's or a wiki's export wraps text in: emphasis tags (read as Markdown's),
# a paragraph's tags around a whole line and empty anchors (markup, left out, as attribute blocks are).
_HTML_EMPHASIS = re.compile(r"<(b|strong|i|em)>(\S(?:[^<]*?\S)?)</\1>", re.IGNORECASE)
_HTML_PARAGRAPH = re.compile(r"(?P<indent>[ \t]*)<(?P<tag>p|div)(?:\s[^<>]*)?>(?P<inner>.*?)(?:</(?P=tag)>)?[ \t]*",
                             re.IGNORECASE)
# A tag that only styles the text it wraps, as pandoc writes a word processor's underline ("<u>5.3 Fords.</u>") or a
# wiki its highlight: left out, its text kept (Markdown has no such styling; a rule so wrapped was text of the one
# before). Pandoc's bracketed span does the same ("[5.3]{.smallcaps}", "[Fords]{.underline}", "[x]{lang="fr"}").
_HTML_STYLING = re.compile(r"<(u|ins|mark|small|font|span)(?:\s[^<>]*)?>(?P<inner>[^<]*)</\1>", re.IGNORECASE)
_SPAN_ATTRIBUTE = r"(?:[.#][\w-]+|[\w-]+=\"[^\"{}]*\")"
_PANDOC_SPAN = re.compile(rf"\[(?P<inner>[^\[\]]+)\]\{{{_SPAN_ATTRIBUTE}(?:\s+{_SPAN_ATTRIBUTE})*\}}")
_HTML_ANCHOR = re.compile(r"<(a|span|div)(?:\s+(?:name|id|class)=\"[^\"<>]*\")+\s*>\s*</\1>[ \t]*", re.IGNORECASE)
# A Notion or wiki toggle's tags: "<details><summary>4.2 Ferries</summary>", "</details>" (its text stays).
_HTML_TOGGLE = re.compile(r"</?(?:details|summary)(?:\s[^<>]*)?>[ \t]*", re.IGNORECASE)
# An HTML heading on a line of its own ("<h3>1.2 Dice</h3>", a README's "<h1 align="center">Title</h1>").
_HTML_HEADING = re.compile(r"[ \t]*<h([1-6])(?:\s[^<>]*)?>(?P<inner>.*?)</h\1\s*>[ \t]*", re.IGNORECASE)
# A block's wrapping tag alone on its line ("<div align="center">", "</p>", "</center>", Notion's callout "<aside>"):
# layout, no text.
_HTML_WRAPPER = re.compile(r"[ \t]*</?(?:p|div|center|section|article|span|aside)(?:\s[^<>]*)?>[ \t]*",
                           re.IGNORECASE)
# What pandoc writes for a word processor's bookmark: an empty span with an ID ("[]{#_Ref4812 .anchor}").
_PANDOC_ANCHOR = re.compile(r"\[\]\{#[^{}\s]+(?:\s+\.[\w-]+)*\}[ \t]*")
# A no-break space written as an entity: the character it stands for ("5.1&nbsp;Roads.").
_NO_BREAK_SPACE = re.compile(r"&(?:nbsp|#160|#x[aA]0);")
# A hard line break at the end of a line of text: a backslash not itself escaped (pandoc's), or two spaces.
_HARD_BREAK = re.compile(r"(?<=\S)(?:(?<!\\)(?:\\\\)*\\|[ ]{2,})[ \t]*$")
_HTML_BREAK_LINE = re.compile(r"[ \t]*<br[ \t]*/?>[ \t]*", re.IGNORECASE)


# A bold number whose run a converter closed after a space ("**5.13 **Movement", "## **5.2 Restrictions **"):
# Markdown shows its marks as written; a word processor's export means the bold.
_SPACE_BEFORE_BOLD_END = re.compile(r"\A(?P<start>[ \t]*(?:#{1,6}[ \t]+)?)(?P<mark>\*\*|__)(?P<inner>[\[(§]?\d[^*_]*?)"
                                    r"(?P<space>[ \t]+)(?P=mark)")


# A backslash before punctuation that CommonMark lets any text escape but the engines' Markdown does not (pandoc writes
# "\"Overrun\"", "Designer\'s"), or before a dot between digits ("4\.5": a list's marker needs a space after its dot):
# the punctuation itself, as the page would otherwise show the backslash (and "| 4\.5 |" is a value, as "| 4.5 |" is).
_PUNCTUATION_ESCAPE = re.compile(r"(?<!\\)\\([\"'$^@%,/:;=?])|(?<=\d)\\(\.)(?=\d)")
# A rule's number a transcriber set as code at a line's start: the number, in a heading ("### `5.3` Ice") or before a
# title ("`5.3` Fords."; "`1.1` is the version" is text).
_NUMBER_AS_CODE = re.compile(r"\A(?P<start>[ \t]*(?P<marks>#{1,6}[ \t]+)?)`(?P<number>[\[(]?\d+(?:\.\d+)*[a-z]?[\])]?"
                             r"[.:)]?)`(?=$|(?(marks)[ \t]|[ \t]+[A-Z\"'“(]))")


def _exported_markup(raw: str) -> str:
    """``raw`` with the HTML of an export written the Markdown way: ``<b>3.2:</b> Shoals`` is
    ``**3.2:** Shoals``, ``<p>…</p>`` (or ``<div>…</div>``) is its text, as is a styling tag's or pandoc span's
    (``<u>5.3 Fords.</u>``, ``[5.3]{.smallcaps}``), as is a number's code span at the line's start (``### `5.3` Ice``),
    ``## <a name="gun"></a>4. GUNNERY`` is
    ``## 4. GUNNERY``; a rule so wrapped was text of the rule before; ``<br>`` alone on its line is a
    blank line (elsewhere it stays a line break). Empty anchors, pandoc's too
    (``[]{#_Toc1 .anchor}5.4 Retreats``), and a toggle's ``<details>`` and ``<summary>`` tags are
    left out; ``&nbsp;`` is the no-break space it stands for; a bold number's run closed
    after a space (``**5.13 **Movement``) is closed before it; Markdown's hard line break at a
    line's end (a backslash, or two spaces) is a ``<br>``; an HTML heading on its line is a Markdown
    one (``<h3>1.2 Dice</h3>`` is ``### 1.2 Dice``)
    and a wrapping tag alone on its line (``<div align="center">``, ``</p>``) a blank line. Other HTML
    is shown as written."""
    raw = _NO_BREAK_SPACE.sub("\u00a0", _PANDOC_ANCHOR.sub("", raw))
    if "]{" in raw:
        raw = _PANDOC_SPAN.sub(r"\g<inner>", raw)
    if "`" in raw:
        raw = _NUMBER_AS_CODE.sub(r"\g<start>\g<number>", raw, count=1)
    elif "\\" in raw:  # a code span shows its backslashes as written
        raw = _PUNCTUATION_ESCAPE.sub(lambda escaped: escaped[1] or escaped[2], raw)
    if " *" in raw or " _" in raw:  # "**5.13 **Movement …": the space out of the bold, as the writer meant it
        raw = _SPACE_BEFORE_BOLD_END.sub(r"\g<start>\g<mark>\g<inner>\g<mark>\g<space>", raw, count=1)
    if _HARD_BREAK.search(raw) and not raw.lstrip().startswith(("#", "|")):
        raw = _HARD_BREAK.sub("<br>", raw)
    if "<" not in raw:
        return raw
    if _HTML_BREAK_LINE.fullmatch(raw) or _HTML_WRAPPER.fullmatch(raw):  # the end of a paragraph, as a blank line
        return ""
    heading = _HTML_HEADING.fullmatch(raw)
    if heading:
        raw = "#" * int(heading[1]) + " " + heading["inner"].strip()
    raw = _HTML_STYLING.sub(r"\g<inner>", _HTML_ANCHOR.sub("", _HTML_TOGGLE.sub("", raw)))
    paragraph = _HTML_PARAGRAPH.fullmatch(raw)
    if paragraph:
        raw = paragraph.group("indent") + paragraph.group("inner")
    return _HTML_EMPHASIS.sub(_as_markdown_emphasis, raw)


def _as_markdown_emphasis(tag: re.Match) -> str:
    mark = "**" if tag[1].lower() in ("b", "strong") else "*"
    return f"{mark}{tag[2]}{mark}"


def _opens_block(raw: str) -> bool:
    """A Markdown line that is no paragraph's text: markup (a heading, an item, a table's row, HTML, a
    fence, a note box, a footnote), a label (``EX:``) or a rule's number; never a definition's term."""
    line = markdown_line(0, raw)
    return (line.kind != TEXT or line.number is not None or raw.lstrip()[:1] in "<[!?:=%"
            or bool(_MD_FENCE.match(raw)))


def markdown_line(index: int, raw: str) -> Line:
    """One line of a Markdown source as the reader reads it (outside fenced code and comments)."""
    raw = _exported_markup(raw)
    line = raw.strip()
    if not line:
        return Line(index, BLANK, "")
    if line.startswith(">"):  # a quotation (a designer's note, say): never a rule; "" separates its paragraphs
        return Line(index, QUOTE, line.lstrip("> \t"))
    heading = _MD_HEADING.fullmatch(line)
    if heading:
        content = heading.group("rest")
        number, title = _markdown_number(content)
        mark = _MARK_BEFORE.match(content)  # "### 💡 Rule 2.3 Gravity Wells"
        labelled = _labelled_rule(content[mark.end():] if mark else content, heading=True)
        number = (number or (labelled and labelled._replace(label=(mark.group() if mark else "") + labelled.label))
                  or _number_at_end(content))
        if number is not None and title is not None:  # "## **5.11 Title**": the bold run is the heading
            number = number._replace(decorated=True, rest=f"{title} {number.rest}".strip())
        return Line(index, HEADING, content, depth=len(heading.group("marks")), number=number)
    if _MD_HR.fullmatch(line):
        return Line(index, HR, line)
    if is_row(line):
        return Line(index, PIPE, line)
    item = markdown_item(raw)
    if item:
        depth, marker, rest = item
        # "1. Ferries" at the margin may be a section rather than an item: the importer decides.
        number = number_at_start(line) if raw[:1] not in " \t" and marker[0].isdigit() else None
        return Line(index, ITEM, rest, depth=depth, marker=marker, number=number)
    example = _example(markdown_plain(line))
    if example:
        emphasised = _EMPHASISED_EXAMPLE.fullmatch(line)  # "*Example: a unit moves two hexes.*", the whole in italics
        rest = f"{emphasised['mark']}{emphasised['rest']}{emphasised['mark']}" if emphasised else \
            _MARKDOWN_LABEL.sub("", line)
        return Line(index, EXAMPLE, rest, marker=example.group("marker"))
    if re.match(r"\\\d", line):  # "\7.24 was deleted": kept text, as in plain text ("\7" is no Markdown escape)
        return Line(index, TEXT, line[1:])
    number, title = _markdown_number(line)
    return Line(index, TEXT, line, number=number, title=title)
