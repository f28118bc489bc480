"""Lines that look like one thing and are another, in books copied from print: each is read as
the book means it, and nothing is silently lost (build_tools/importer/numbered.py, source_lines.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace
from unittest.mock import ANY

import pytest

from build_tools.errors import SourceError
from build_tools.importer import import_text
from build_tools.numbering import numbering_of
from build_tools.rule_index import RuleIndex, rules_in_markdown
from importer_pages import render
from small_books import import_book, rule_headings


def imported(source: str, numbering: str = "case", fmt: str = "text"):
    return import_book(source, path="rulesets/x/sources/x.txt", numbering=numbering, fmt=fmt)


def headings(source: str, numbering: str = "case", fmt: str = "text") -> list[str]:
    return rule_headings(imported(source, numbering, fmt).markdown)


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_numbered_list_items_with_titles_stay_items(gap):
    items = gap.join(["1. Movement Phase. The phasing player moves.", "2. Combat Phase - The phasing player attacks.",
                      "3. Supply Phase. Both players check supply."])
    source = (f"1. INTRODUCTION\n1.1 Scale. Each hex is a mile.\n\n2. SEQUENCE OF PLAY\nEach turn has three phases:\n"
              f"{items}\n\n3. MOVEMENT\n3.1 Costs. One MP per hex.\n")
    assert headings(source) == ["# 1. INTRODUCTION", "## 1.1 Scale.", "# 2. SEQUENCE OF PLAY", "# 3. MOVEMENT",
                                "## 3.1 Costs."]


@pytest.mark.parametrize("source, expected", [
    ("PART 1: BASIC GAME\n\n1. INTRODUCTION\n1.1 Scale. Each hex is a mile.\n\n2. MOVEMENT\n2.1 Costs. One MP.\n",
     ["# PART 1: BASIC GAME", "# 1. INTRODUCTION", "## 1.1 Scale.", "# 2. MOVEMENT", "## 2.1 Costs."]),
    ("5. MOVEMENT\n5.1 Costs. One.\n\nCHAPTER 6 – ADVANCED RULES\n\n6. SUPPLY\n6.1 Lines. Trace.\n",
     ["# 5. MOVEMENT", "## 5.1 Costs.", "### CHAPTER 6 – ADVANCED RULES", "# 6. SUPPLY", "## 6.1 Lines."]),
    # A part numbered in words or Roman numerals (a helper's book: the first was a paragraph, the second
    # a sub-heading of the last rule).
    ("PART ONE: BASIC GAME\n\n1. MOVE\n1.1 Roads. Half.\n1.11 Trails. More.\n\nPart III - Advanced\n\n"
     "5. SUPPLY\n5.1 Lines. Trace.\n",
     ["# PART ONE: BASIC GAME", "# 1. MOVE", "## 1.1 Roads.", "### 1.11 Trails.", "# Part III - Advanced",
      "# 5. SUPPLY", "## 5.1 Lines."]),
    # A list under a section word, or a page number, is no section: "Section 3" is rule 3.
    ("## Section 2: Setup\n\nPlace the units.\n\n## Section 3: Sequence of Play\n\nEach turn:\n\n"
     "1. Movement Phase\n2. Combat Phase\n\n## Section 4: Movement\n\nUnits move.\n",
     ["# Section 2: Setup", "# Section 3: Sequence of Play", "# Section 4: Movement"]),
    ("Section 6: Combat\n23\n6.1 Odds. Compare.\n", ["# Section 6: Combat", "## 6.1 Odds."]),
    # Decimal sections printed N.0 are sections of their own too: "Part 1" does not take rule 1 above 1.0.
    ("Kettle Ridge\n============\n\nPart 1: Basic Game\n------------------\n\n## 1.0 Introduction\n\n"
     "**1.1 Scale.** Each hex is 400 metres.\n\n## 2.0 Movement\n\n**2.1** Units move.\n",
     ["# Kettle Ridge", "## Part 1: Basic Game", "## 1.0 Introduction", "### 1.1 Scale.", "## 2.0 Movement",
      "### 2.1"]),
])
def test_a_part_or_chapter_above_numbered_sections_is_a_heading(source, expected):
    fmt = "markdown" if source.startswith("#") or "\n===" in source else "text"
    assert headings(source, "decimal" if "1.0 " in source else "case", fmt) == expected


def test_a_part_heading_above_sections_in_markdown_is_a_heading():
    assert headings("## 5. Movement\n\n**5.1** Costs.\n\n## Part 2 – Advanced Rules\n\n## 6. Supply\n\n**6.1** Lines.\n",
                    fmt="markdown") == ["# 5. Movement", "## 5.1", "# Part 2 – Advanced Rules", "# 6. Supply", "## 6.1"]
    # As many "#" as the section before it, and the next section is not under that one: their sibling.


@pytest.mark.parametrize("section_6", ["6\nCOMBAT\nAn attack costs\n1.5 MP to make.\n",
                                       "6\nCOMBAT\n\nODDS TABLE\n1.5\tHalf\n2\tFull\n"])
def test_a_wrapped_quantity_or_a_table_row_is_not_the_rule_after_a_lone_number(section_6):
    # "6" is section 6 (titled COMBAT on the line under it), not a page number: neither "1.5 MP" nor the row
    # "1.5<TAB>Half" is a rule before it.
    assert headings(f"5. MOVEMENT\n5.1 Costs. One.\n\n{section_6}\n6.1 Odds. Compare.\n") == [
        "# 5. MOVEMENT", "## 5.1 Costs.", "# 6 COMBAT", "## 6.1 Odds."]


@pytest.mark.parametrize("source, expected", [
    ("1. GENERAL\n1.1.\tScale. Each hex\nis a mile.\n1.2.\tTurns. Each turn is a day.\n",
     ["# 1. GENERAL", "## 1.1. Scale.", "## 1.2. Turns."]),  # wrapped text before a tabbed rule: no table title
    ("1. GENERAL\n1.1 Scale. Each hex\nis a mile.\n\t1.1.1 Roads. A road costs half.\n",
     ["# 1. GENERAL", "## 1.1 Scale.", "### 1.1.1 Roads."]),
    ("1. MOVEMENT\nUnits move.\n\nRate\tMove\n1\tHalf\n\n1.1.\tScale. Each hex is a mile.\n\n1.2 Turns. A day.\n",
     ["# 1. MOVEMENT", "## 1.1. Scale.", "## 1.2 Turns."]),  # after a table: a rule, not the table's notes
])
def test_a_tab_the_reader_takes_for_a_space_opens_no_table(source, expected):
    assert headings(source, "decimal") == expected


def test_a_table_without_a_header_whose_cells_start_with_decimals_stays_a_table():
    page = imported("1. MOVEMENT\n1.1 Costs. Terrain costs are:\n\n1.5\tWoods\n2.0\tHills\n", "decimal").markdown
    assert '<th markdown="span">1.5</th><th markdown="span">Woods</th>' in page and "#1.5" not in page


def test_bulleted_bold_quantities_are_items():
    page = imported("## 5. Movement\n\n**5.1** Costs. Terrain costs:\n\n- **1.5** MP for woods.\n- **2** MP for hills.\n\n"
                    "**5.2** Roads. Half.\n", fmt="markdown").markdown
    assert "<li markdown=\"span\">**1.5** MP for woods.</li>" in page
    assert rule_headings(page) == ["# 5. Movement", "## 5.1 Costs.", "## 5.2 Roads."]


def test_an_html_comment_is_closed_as_commonmark_closes_it_and_a_comment_left_open_over_rules_fails():
    page = imported("## 5. Movement\n\n<!-->\n\n**5.1** Units move.\n\n**5.2** Roads. Half.\n", fmt="markdown").markdown
    assert "Units move." in page and "## 5.2 Roads." in page
    with pytest.raises(SourceError) as error:
        imported("## 5. Movement\n\n<!-- page 3 ->\n\n**5.1** Units move.\n\n<!-- page 4 -->\n", fmt="markdown")
    assert error.value.line == 3 and "holds a line that reads as a rule (line 5" in error.value.reason


def test_a_comment_holding_a_rule_says_how_to_end_it_or_keep_the_line_a_note():
    # "<!--", "7.24 was deleted in the 2nd edition.", "-->": the refusal said to close a comment that was closed (a
    # helper's wiki book). A note's line starting with a backslash is no rule, and the comment is left out.
    source = "## 7. Supply\n\n**7.1** Trace.\n\n<!--\n{line}\n-->\n\n**7.3** Depots.\n"
    with pytest.raises(SourceError) as error:
        imported(source.format(line="7.24 was deleted in the 2nd edition."), fmt="markdown")
    assert error.value.line == 5 and error.value.reason == (
        "the HTML comment on lines 5-7 holds a line that reads as a rule (line 6: '7.24 was deleted in the 2nd "
        "edition.'), which it would leave out: if the comment should end before it, put its --> there; if the line "
        "is a note, not a rule, start it with a backslash (\\7.24 was del…)")
    book = imported(source.format(line="\\7.24 was deleted in the 2nd edition."), fmt="markdown")
    assert "deleted" not in book.markdown and rule_headings(book.markdown) == ["# 7. Supply", "## 7.1", "## 7.3"]


def test_an_html_comment_inside_a_paragraph_leaves_the_paragraph_whole():
    page = imported("## 5. Movement\n\n**5.1** Units move across\n<!-- page 4 -->\nrivers slowly.\n",
                    fmt="markdown").markdown
    assert "Units move across\nrivers slowly." in page


def test_an_underline_under_a_quote_is_a_rule_across_the_page():
    page = imported("## 5. Movement\n\n> A quoted note\n---\n\n**5.1** Units.\n", fmt="markdown").markdown
    assert "* * *" in page and "## > A quoted note" not in page


def test_a_comment_holding_a_year_is_a_note_and_a_comment_under_a_paragraph_line_leaves_no_heading():
    note = imported("<!--\nTranscribed by J. Smith from the\n1979 edition, second printing.\n-->\n## 5. Movement\n\n"
                    "**5.1** Units.\n", fmt="markdown")
    assert note.report.warnings == ["rulesets/x/sources/x.txt:1: left out an HTML comment (lines 1-4), a transcriber's "
                                    "note, not the book's text"]
    assert headings("## 5. Movement\n\n**5.1** Costs. Units pay\n<!-- page 12 -->\none MP per hex\n---\n",
                    fmt="markdown") == ["# 5. Movement", "## 5.1 Costs."]


def test_an_underline_under_a_rule_sentence_is_a_rule_across_the_page():
    page = imported("## 5. Movement\n\n**5.1** Units may move one hex. Roads halve costs.\n---\n", fmt="markdown").markdown
    assert "## 5.1 {: #5.1" in page and "* * *" in page


@pytest.mark.parametrize("source", [
    "4. SETUP\n4.1 Place. Units go.\n\n5. MOVEMENT\nEach infantry unit has\n5 Movement Points. Tanks have more.\n\n"
    "6. COMBAT\nUnits attack.\n",
    "4. SETUP\n4.1 Place. Units go.\n\n5. MOVEMENT\nUnits move in the movement phase.\n5\nThey pay costs.\n\n"
    "6. COMBAT\nUnits attack.\n",
])
def test_a_number_that_comes_again_inside_a_section_leaves_the_section_alone(source):
    assert headings(source) == ["# 4. SETUP", "## 4.1 Place.", "# 5. MOVEMENT", "# 6. COMBAT"]


def test_a_table_with_an_empty_corner_cell_after_its_title_stays_whole():
    page = imported("1. MOVEMENT\n1.1 Costs. As follows.\n\nTERRAIN EFFECTS\n\tCost\nClear\t1\nWoods\t2\n",
                    "decimal").markdown
    assert '<th class="rr-table__title" colspan="2" markdown="span">TERRAIN EFFECTS</th>' in page
    assert '<tr markdown="1"><th markdown="span"></th><th markdown="span">Cost</th></tr>' in page


def test_a_table_without_a_header_whose_cells_hold_words_in_lower_case_stays_a_table():
    page = imported("1. MOVEMENT\n1.1 Costs. Terrain costs are:\n\n1.5\tLight woods\n2.0\tHeavy woods\n\n"
                    "1.2 Roads. Half.\n", "decimal").markdown
    assert "<th markdown=\"span\">Light woods</th>" in page and "#1.5" not in page and "## 1.2 Roads." in page


@pytest.mark.parametrize("numbering, fmt", [("case", "text"), ("decimal", "text"), ("decimal", "markdown")])
def test_a_lettered_sub_rule_is_a_rule_under_its_rule(numbering, fmt):
    # "6.2a Bridges.": a lettered sub-rule stayed text of the rule before (reported, but with no anchor, no
    # entry in the contents, nothing to jump to or link). It is a rule, under 6.2 and before 6.2's numbered
    # sub-rules; before a word in small letters, a lettered number is a quantity.
    sub = "6.21" if numbering == "case" else "6.2.1"
    book = imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex.\n\n6.2 Roads. Half an MP.\n\n"
                    "6.2a Bridges. A bridge is a road.\n\n(6.2b) Fords. A ford costs two.\n\n"
                    f"{sub} Ferries. A ferry carries one unit.\n\n2.5m wide rivers need one.\n", numbering, fmt)
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.2 Roads.", "### 6.2a Bridges.",
                                            "### (6.2b) Fords.", f"### {sub} Ferries."]
    assert '{: #6.2a .rr-rule data-rule="6.2a" }' in book.markdown
    assert "2.5m wide rivers need one." in book.markdown
    assert book.report.not_rules == []


def test_a_lettered_number_in_bold_before_its_title_is_a_rule_and_one_alone_is_reported():
    book = imported("## 6. Movement\n\n**6.2** Roads. Half.\n\n**6.2a** Bridges. A road.\n\n**6.2b.** Fords. Two.\n\n"
                    "**2.5m** wide rivers need one.\n\n6.2c\n\nAlone.\n", "decimal", "markdown")
    assert rule_headings(book.markdown) == ["# 6. Movement", "## 6.2 Roads.", "### 6.2a Bridges.", "### 6.2b. Fords."]
    assert "**2.5m** wide rivers need one." in book.markdown
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (11, "a number with a letter after it (6.2c) and no title: a lettered sub-rule is read with its title "
             "(6.2c Bridges.), so it stays text of the rule before")]


def test_a_lettered_number_in_asl_numbering_stays_text_and_is_reported():
    # ASL's letters are capitals (D.8A): "15.2a" is no rule number there, and the report says why.
    book = import_text("15. BULLDOZERS\n\n15.1 Dozers. A dozer clears.\n\n15.2a Bridges. A bridge is a road.\n",
                       path="rulesets/x/sources/x.txt", ruleset="x", numbering=numbering_of("asl", chapters=["G"]),
                       chapter="G", format="text")
    assert rule_headings(book.markdown) == ["# 15. BULLDOZERS", "## 15.1 Dozers."]
    assert ("x.txt:5: '15.2a Bridges. A bridge is a road.': a number with a letter after it (15.2a): numbering asl "
            "has no lettered rules, so it stays text of the rule before") in "\n".join(book.report.lines())


def test_a_lettered_sub_rule_before_its_rule_is_out_of_order():
    with pytest.raises(SourceError, match="out of order"):
        imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex.\n\n6.1.1 Mud. Two.\n\n6.1a Snow. Three.\n", "decimal")


def test_a_number_with_a_letter_is_no_rule_number_to_report_unless_dotted():
    said = "\n".join(imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex,\n3x the cost in mud.\n").report.lines())
    assert "not read as rules" not in said


BULLETED = ("6. MOVEMENT\n\n6.1 Costs. One MP per hex:\n\n- 2.5 Woods\n- **2.5** Woods\n- 1.5 MP to enter woods.\n\n"
            "{bullet} 6.2 Roads. Half an MP.\n\n- **6.35** Fords. A ford costs one.\n\n6.4 Bridges. A bridge.\n\n* 6.1 Again. Back.\n")


@pytest.mark.parametrize("fmt, bullet, reported", [
    ("text", "•", ["x.txt:9: '• 6.2 Roads. Half an MP.': a bullet before rule number 6.2"]),
    ("text", "-", ["x.txt:9: '- 6.2 Roads. Half an MP.': a bullet before rule number 6.2"]),
    ("markdown", "-", ["x.txt:9: '- 6.2 Roads. Half an MP.': a bullet before rule number 6.2",
                       "x.txt:11: '- **6.35** Fords. A ford costs one.': a bullet before rule number 6.35"]),
    ("markdown", "•", ["x.txt:9: '• 6.2 Roads. Half an MP.': a '•' before the number: Markdown reads the line as text",
                       "x.txt:11: '- **6.35** Fords. A ford costs one.': a bullet before rule number 6.35"]),
])
def test_a_rule_printed_after_a_bullet_stays_an_item_and_is_reported(fmt, bullet, reported):
    # A bullet is always a list item ('- 2.5 Woods' in a cost list is no rule 2.5), but an item that
    # reads as the next rule, title and all, is listed: before, 6.2 went into 6.1 without a word.
    book = imported(BULLETED.format(bullet=bullet), fmt=fmt)
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.4 Bridges."]
    said = "\n".join(book.report.lines())
    assert f"not read as rules: {len(reported)} line(s) that look numbered" in said  # not the cost list, nor 6.1 again
    for line in reported:
        assert line in said


@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize("item", ["* 14.3 Isolation", "* 14.3 Isolation [rev]", "- 14.3 Isolation (v1.2)"])
def test_a_bulleted_title_right_after_the_last_rule_is_reported(item, fmt):
    # A title alone after a bullet, numbered as the next rule, its text in the paragraph under it: before, 14.3 went
    # into 14.2 without a word (a title-case item is no rule's in a cost list, but one numbered next is listed).
    book = imported(f"14. SUPPLY\n\n14.1 General. Units need supply.\n\n14.2 Range. Five hexes.\n\n{item}\n\n"
                    "An isolated unit halves.\n\n14.4 Recovery. A unit regains supply.\n", "decimal", fmt)
    assert rule_headings(book.markdown) == ["# 14. SUPPLY", "## 14.1 General.", "## 14.2 Range.", "## 14.4 Recovery."]
    assert f"x.txt:7: '{item}': a bullet before rule number 14.3" in "\n".join(book.report.lines())


@pytest.mark.parametrize("line", [".[2.12] A unit may not enter a hex.", "'[2.12] A unit may not enter a hex.",
                                  "l [2.12] A unit may not enter a hex.", "[2.12} A unit may not enter a hex.",
                                  "{2.12] A unit may not enter a hex.", "[2,12] A unit may not enter a hex.",
                                  "\"2.12 A unit may not enter a hex."])
def test_a_rule_number_a_scan_misprinted_is_listed(line):
    # An OCR'd book (a helper's): a stray character before the number, brackets that do not match or a comma for its
    # dot made rule 2.12 text of 2.11, and nothing said so.
    book = imported(f"[2.0] MOVE\n[2.1] GENERAL\n[2.11] Each unit moves.\n{line}\n[2.13] Roads are cheap.\n")
    assert list(book.report.rule_lines) == ["2.0", "2.1", "2.11", "2.13"]
    assert [(miss.line, miss.number) for miss in book.report.not_rules] == [(4, "2.12")]
    assert "misprinted" in book.report.not_rules[0].reason


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_two_rules_joined_on_one_line_are_reported(fmt):
    # A copy that lost the line break between two rules: 6.2 stays text of 6.1 (a sentence may start
    # with a number), and the import lists the line. Before, it said nothing.
    book = imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex. 6.2 Roads. Half an MP.\n\n"
                    "6.3 Rivers. Units stop. 6.1 Costs. Said again.\nA unit pays 1.5 MP. 6.5 applies to it.\n"
                    "It pays 2.5 MP. 6.4 Fords: One MP per ford.\n", fmt=fmt)
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.3 Rivers."]
    said = "\n".join(book.report.lines())
    assert "not read as rules: 2 line(s) that look numbered" in said  # not 6.1 again, nor "6.5 applies"
    assert ("x.txt:3: '6.1 Costs. One MP per hex. 6.2 Roads. Half an MP.': rule number 6.2 inside the line, "
            "after a sentence: two rules joined on one line? Start a line with 6.2 to make it a rule") in said
    assert "x.txt:7: 'It pays 2.5 MP. 6.4 Fords: One MP per ford.': rule number 6.4 inside the line" in said


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_two_rules_joined_without_a_space_after_the_period_are_reported(fmt):
    book = imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex.6.2 Roads. Half an MP.\n", fmt=fmt)
    assert ("x.txt:3: '6.1 Costs. One MP per hex.6.2 Roads. Half an MP.': rule number 6.2 inside the line, "
            "after a sentence: two rules joined on one line?") in "\n".join(book.report.lines())


def test_a_decimal_sub_rule_in_a_case_book_is_reported_with_the_numbering_that_reads_it():
    book = imported("1.0 MOVEMENT\n\n1.1 General. Units move.\n\n1.1.1 Detail. More.\n\n2.0 COMBAT\n\n2.1 Fire. Units shoot.\n")
    assert rule_headings(book.markdown) == ["# 1.0 MOVEMENT", "## 1.1 General.", "# 2.0 COMBAT", "## 2.1 Fire."]
    assert ("x.txt:5: '1.1.1 Detail. More.': 1.1.1 is not a rule number of numbering case (rule IDs look like 5.4, "
            "9.231) (numbering decimal reads it: if each dotted group is a level, set numbering: decimal)"
            ) in "\n".join(book.report.lines())


# A review's cases: what the report must list, and ordinary rule text it must not cry wolf on.
AFTER_6_1 = "6. MOVEMENT\n\n6.1 Costs. One MP per hex.\n\n{}\n"


@pytest.mark.parametrize("numbering", ["case", "decimal"])
@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize("line", [
    "Units pay terrain costs (cf. 6.2 Roads). Bridges are free.",
    "Some rules modify this, e.g. 6.2 Roads. Roads halve costs.",
    "See it in Fig. 6.2 Terrain Effects. Roll a die.",
    "See it in Fig.6.2 Terrain Effects. Roll a die.",
    "Take marker No. 6.2 Supply. It is used.",
    "Armor vs. 6.2 Infantry. Armor wins.",
    "Woods cost 2. 6.5 MP Per Hex.",
    "- 6.3 applies to units on roads.",
    "- 6.5 for woods;",
    "- 6.5 Movement Points to enter a swamp.",
    "- 8.2 Zones of Control.",  # a list of references: section 8 comes later
    "- 2.5 Woods",
    "- 6.5 Woods",  # a cost, in order: a title in title case is no rule's in a list item
    "- 1.5 MP to enter woods.",
    "1.5x the cost applies in mud.",
    "2.5m walls block sight.",
])
def test_rule_text_that_only_looks_like_a_lost_rule_is_not_listed(line, fmt, numbering):
    book = imported(AFTER_6_1.format(line), numbering, fmt)
    assert [miss for miss in book.report.not_rules if miss.line >= 5] == []


@pytest.mark.parametrize("numbering", ["case", "decimal"])
@pytest.mark.parametrize("fmt", ["text", "markdown"])
@pytest.mark.parametrize("line, rule", [
    ("• 6.2 ROADS\nA road costs half an MP.", "6.2"),
    ("One MP per hex. 6.2. Roads. Half.", "6.2"),
    ("One MP per hex. [6.2] Roads. Half.", "6.2"),
    ("One MP per hex. (6.2) Roads. Half.", "6.2"),
    ("One MP per hex. 6.2 ROADS", "6.2"),
    # a second review's: titles starting with a unit's word, sentences ending "etc." or "No.", a list item
    ("One MP per hex. 6.2 Turn Sequence. Each turn has phases.", "6.2"),
    ("- 6.2 Movement Restrictions. A unit may not move.", "6.2"),
    ("Units pay for woods, hills, etc. 6.2 Roads. A road halves the cost.", "6.2"),
    ("Does a road negate woods? No. 6.2 Roads. A road halves the cost.", "6.2"),
    ("- Woods cost two MP. 6.2 Roads. A road halves the cost.", "6.2"),
    ("A unit pays two MP. 6.2 Roads\nA road halves the cost.", "6.2"),  # a title in title case ends the line
    ("EX: A unit pays two. 6.2 Roads. A road halves the cost.", "6.2"),
])
def test_a_rule_lost_to_the_line_or_item_before_is_listed(line, rule, fmt, numbering):
    if fmt == "markdown" and line.startswith("•"):
        line = "-" + line[1:]
    book = imported(AFTER_6_1.format(line), numbering, fmt)
    assert [miss.line for miss in book.report.not_rules if rule in miss.reason] == [5]


@pytest.mark.parametrize("numbering, line, listed", [
    ("case", "6.2 Roads. 6.21 A unit on a road pays half.", True),  # untitled, right after the last rule
    ("decimal", "6.2 Roads. 6.2.1 A unit on a road pays half.", True),
    ("case", "6.2 Roads. 6.25 A unit on a road pays half.", False),  # untitled, and not the next number
    ("case", "6.2 Roads. Units pay 6.3 MP.", False),
])
def test_an_untitled_rule_joined_to_the_line_is_listed_only_right_after_the_last_rule(numbering, line, listed):
    book = imported(AFTER_6_1.format(line), numbering)
    assert bool([miss for miss in book.report.not_rules if miss.line == 5]) == listed


@pytest.mark.parametrize("lost", ["• 7.0 Combat. Attacks are voluntary.", "A unit stops. 7.0 Combat. Attacks are voluntary."])
def test_a_rule_whose_parent_was_lost_to_a_bullet_or_a_joined_line_names_that_line(lost):
    with pytest.raises(SourceError) as error:
        imported(f"6. MOVEMENT\n\n6.1 Costs. One MP per hex.\n\n{lost}\n\n7.1 Odds. Compare strengths.\n", "decimal")
    assert error.value.line == 7
    assert "rule 7.1 has no parent: no rule 7 or 7.0 comes before it; line 5 (" in error.value.reason
    assert "looks like it but was not read as a rule" in error.value.reason


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_number_the_book_reads_as_a_rule_later_is_not_listed_as_lost(fmt):
    book = imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex. Contents:\n\n- 6.2 ROADS\n- 6.3 BRIDGES\n\n"
                    "Units pay. 6.2 Roads and 6.3 Bridges modify this.\n\n6.2 Roads. Half an MP.\n\n"
                    "6.3 Bridges. A bridge is free.\n", fmt=fmt)
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.2 Roads.", "## 6.3 Bridges."]
    assert book.report.not_rules == []


@pytest.mark.parametrize("glyph", ["▪", "●", "\uf0b7"])
def test_a_rule_after_a_bullet_glyph_the_readers_do_not_know_is_listed(glyph):
    book = imported(AFTER_6_1.format(f"{glyph} 6.2 Roads. A road halves the cost."))
    assert [miss.line for miss in book.report.not_rules] == [5]


def test_a_rulesets_own_quantity_words_make_quantities_for_the_importer_too():
    # ruleset.yml's quantity_words ("CF"): a number before one is a quantity to the reference
    # grammar, and now to the importer as well: no lost rule in a cost list, no rule in a wrapped line.
    from build_tools.importer import import_text
    from build_tools.numbering import numbering_of
    source = ("6. MOVEMENT\n\n6.1 Costs. One MP per hex.\n\n- 6.5 CF for cavalry.\n\n6.7 Roads. A unit may\n"
              "spend up to\n6.5 CF on a road.\n")
    book = import_text(source, path="rulesets/x/sources/x.txt", ruleset="x", format="text",
                       numbering=numbering_of("case", quantity_words=["CF"]))
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.7 Roads."]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (9, "continues the sentence of the line before")]
    with pytest.raises(SourceError):  # without them, 6.5 CF reads as a rule out of order
        import_book(source, path="rulesets/x/sources/x.txt")


def test_an_item_printed_with_a_bullet_glyph_shows_one_bullet():
    # "• Woods" in plain text is a bullet item like "- Woods": the list draws its bullet, and the
    # glyph is not printed again before the text (the page showed "• • Woods").
    page = imported("6. MOVEMENT\n\n6.1 Costs. One MP per hex:\n\n• Woods cost two.\n- Hills cost three.\n").markdown
    assert '<li markdown="span">Woods cost two.</li>' in page
    assert '<li markdown="span">Hills cost three.</li>' in page
    assert "rr-list__marker" not in page


def test_a_word_processors_bullets_by_level_and_a_french_dash_list_are_lists():
    # Google Docs' text export marks levels "●", "○", "■": "○ 96 combat units" ran into its parent item; a French
    # list's "– 140 pions ;" lines ran into one paragraph (a helper's exports).
    page = imported("1. Components\nThe game includes:\n● 140 counters\n   ○ 96 combat units\n   ■ 44 markers\n"
                    "● A map\n\nLe jeu comprend :\n– 140 pions ;\n– une carte.\n1.1 Setup. Go.\n").markdown
    assert page.count("<li ") == 6 and page.count('<ul class="rr-list"') == 3
    assert '<li markdown="span">96 combat units</li>' in page and '<li markdown="span">une carte.</li>' in page



def test_a_word_processors_bullets_typed_with_a_tab_are_lists_by_level():
    # Word's text export writes its bullets by level as "•", "o", "§" (or Symbol's "·"), a tab after each:
    # "o<TAB>move by road" lines made a table of the list, and a "•<TAB>" item after them failed the import as
    # "table row without tabs" (a helper's book). A legend under a table keeps its keys ("*<TAB>Only along a road").
    page = imported("1. Orders\n1.1 Orders. A unit may:\no\tmove by road at half cost;\no\tmove by rail (1.3).\n"
                    "\n1.2 Moves. A unit may:\n\u00b7\tmarch;\no\tby road,\n\u00a7\tat night;\n-\trest.\n\n"
                    "1.3 Rail. Costs:\nTerrain\tCost\nClear\t1\nWoods\t2*\n*\tOnly along a road\n").markdown
    assert "<table" in page and page.count("<table") == 1 and "Only along a road" in page
    assert page.count("<li ") == 6 and page.count('<ul class="rr-list"') == 4
    assert '<li markdown="span">move by rail (1.3).</li>' in page and '<li markdown="span">at night;</li>' in page

@pytest.mark.parametrize("numbering, wrapped", [
    ("case", "Units pay half on roads, see\n6.3 below."),          # the next number, in order
    ("case", "A unit may spend up to\n6.5 hexes in a turn."),
    ("case", "A unit may spend up to\n6.5 MP in a turn."),         # a unit, in a paragraph
    ("decimal", "Units pay half on roads, see\n6.3 below."),
    ("case", "Units pay as in\n6.1 above."),                    # a rule the book already has
    ("decimal", "Units pay as per\n6.1 through 6.3."),
])
def test_a_wrapped_line_starting_with_a_number_in_order_goes_on_with_its_sentence(numbering, wrapped):
    # A text copied from print breaks lines anywhere: a number that would come next, at the start
    # of a line that goes on from the sentence before it, is that sentence's, not a rule.
    book = imported(f"6. MOVEMENT\n\n6.1 Costs. One MP per hex. {wrapped}\n6.2 Rivers. Stop.\n\n"
                    "6.3 Roads. Half an MP.\n", numbering)
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.2 Rivers.", "## 6.3 Roads."]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (4, "continues the sentence of the line before")]


@pytest.mark.parametrize("fmt, source, heading", [
    ("text", "6. MOVEMENT\n6.1 Costs. One MP per hex, or\n[6.2] below.\n", "## [6.2]"),
    ("markdown", "## 6. Movement\n\n**6.1** Costs. One MP per hex. A unit may spend up to\n**6.2** hexes on roads.\n",
     "## 6.2"),
])
def test_a_number_printed_as_a_rule_is_one_even_on_a_wrapped_line(fmt, source, heading):
    assert rule_headings(imported(source, fmt=fmt).markdown)[-1] == heading


def test_a_number_after_a_line_ending_on_see_or_per_is_what_it_cites():
    # "… may attack again; see" over "2.7 Overrun for armor that has not." made a rule 2.7 the book does not have,
    # reported nowhere (a helper's book); "(see" over "[3.4] below) …" took 3.4 from the rule printed later.
    book = imported("2.0 COMBAT\n2.6 Exploitation. Armor that advanced may attack again; see\n"
                    "2.7 Overrun for armor that has not.\n3.0 SUPPLY\n3.1 Lines. Trace them (see\n[3.4] below) to a "
                    "depot, or per\n3.5 if cut off.\n3.4 Depots. Two.\n3.5 Isolation. None.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 2.0 COMBAT", "## 2.6 Exploitation.", "# 3.0 SUPPLY", "## 3.1 Lines.",
                                            "## 3.4 Depots.", "## 3.5 Isolation."]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (line, "continues the sentence of the line before") for line in (3, 6, 7)]


@pytest.mark.parametrize("cue", ["volgens", "zie regel", "conforme a regra", "patrz", "vedi", "véase la regla"])
def test_a_number_after_a_line_ending_on_a_cue_of_any_language_we_know_is_what_it_cites(cue):
    # "… pays extra, volgens" over "1.2 Rivers. There …" made a rule 1.2 of the citation (a helper's Dutch book)
    book = imported(f"1.0 UNITS\n1.1 Units. A unit crossing a river pays extra, {cue}\n1.2 Rivers. There the costs are "
                    "given.\n1.2 Rivers. Costs.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 1.0 UNITS", "## 1.1 Units.", "## 1.2 Rivers."]

def test_a_number_after_a_line_ending_on_cf_or_on_another_languages_cue_is_what_it_cites():
    # "… is eliminated, cf." over "3.5 Special cases." made a rule 3.5 out of the citation: the period of "cf." read as
    # a sentence's end; "siehe" and "voir" were no cues (a helper's German and French books).
    book = imported("3. Movement\n3.1 Costs. Text.\n3.4 Stacks. A unit in excess is eliminated, cf.\n3.5 Special cases."
                    "\n3.6 More. Eine Einheit, siehe\n3.5 unten; une unité, voir\n3.5 ci-dessous.\n")
    assert list(book.report.rule_lines) == ["3", "3.1", "3.4", "3.6"]


def test_a_tab_table_whose_first_column_is_numbered_stays_a_table():
    # The tab after "1." read as a list's space turned the rows of this table into a list (a review).
    book = imported("2. Sequence\n2.1 Phases. In order:\n\nStep\tPhase\n1.\tMovement\n2.\tCombat\n\n2.2 Next. Go.\n")
    assert book.markdown.count("<table") == 1 and "<li " not in book.markdown


@pytest.mark.parametrize("space", [" ", "\t"])
def test_a_numbered_list_a_word_processor_typed_with_tabs_is_a_list(space):
    # "1.<TAB>Supply phase (see 3.1)" (a Pages, Word or LibreOffice text export) made a table of the list, titled by
    # the sentence before it; its last item, "3. Combat phase" before a section 3, fell out of the list as a sentence
    # going on; "3.<TAB>Supply" was no section (a helper's export).
    book = imported(f"2. Sequence of Play\nEach turn has these phases:\n1.{space}Supply phase (see 3.1)\n"
                    f"2.{space}Movement phase\n3.{space}Combat phase\n\n3.{space}Supply\n3.1 Trace. A line.\n")
    assert list(book.report.rule_lines) == ["2", "3", "3.1"] and book.markdown.count("<li ") == 3
    assert "<table" not in book.markdown and "3\\. Combat" not in book.markdown


def test_a_rule_after_an_item_or_a_finished_sentence_is_a_rule_whatever_its_first_word():
    book = imported("6. MOVEMENT\n\n6.1 Costs. As follows:\n- Clear 1\n- Woods 2\n6.2 MP may not be saved.\n"
                    "6.3 hexes of road cost half. A unit may move up to\n6.4 Stacking. Two units.\n")
    assert rule_headings(book.markdown) == ["# 6. MOVEMENT", "## 6.1 Costs.", "## 6.2", "## 6.3", "## 6.4 Stacking."]


@pytest.mark.parametrize("numbering, fmt, section, sub", [
    ("decimal", "markdown", "## 2.0 SEQUENCE OF PLAY", "### 2.1 Weather"),
    ("decimal", "text", "2.0 SEQUENCE OF PLAY", "2.1 Weather"),
    ("case", "text", "2. SEQUENCE OF PLAY", "2.1 Weather"),
])
def test_a_numbered_list_of_titles_inside_a_section_stays_a_list(numbering, fmt, section, sub):
    # "3. Combat Phase" reads like section 3, but the rule after it (2.1) goes back before it: it is an item.
    book = imported(f"{section}\n\nEach turn has three phases:\n\n1. Weather Phase\n2. Movement Phase\n"
                    f"3. Combat Phase\n\n{sub}\n\nRoll a die.\n", numbering, fmt)
    assert [heading.split()[-1] for heading in rule_headings(book.markdown)] == ["PLAY", "Weather"]
    assert 'list__marker">3.</span> Combat Phase</li>' in book.markdown


@pytest.mark.parametrize("indent", ["    ", "\t"])
def test_sub_items_indented_four_spaces_or_a_tab_are_siblings(indent):
    book = imported(f"## 1.0 Intro\n\nA box holds:\n\n- map\n- counters\n{indent}- units\n{indent}- markers\n- rules\n",
                    "decimal", "markdown")
    assert ('<li markdown="1">counters\n<ul class="rr-list" markdown="1">\n<li markdown="span">units</li>\n'
            '<li markdown="span">markers</li>\n</ul>\n</li>\n<li markdown="span">rules</li>\n</ul>') in book.markdown


@pytest.mark.parametrize("first, title", [
    ("5.12 A unit expends MP for each hex it enters, as given on the", None),   # ends on a minor word
    ("5.12 ZOC do not extend into Marsh hexes nor across river hexsides", None),  # too many words
    ("5.12 Bombardment uses the table; the defender's", None),
    ("5.12 Units pay double in woods (see 1.0)", None),
    ("5.12 Fresh units in woods", "5.12 Fresh units in woods"),                    # a title in sentence case
])
def test_the_first_line_of_a_hard_wrapped_rule_is_no_title(first, title):
    book = imported(f"5. MOVEMENT\n5.1 Costs. One MP per hex.\n{first}\nTerrain Effects Chart (see 5.1). A unit stops.\n")
    assert rule_headings(book.markdown)[-1] == f"### {title or '5.12'}"


@pytest.mark.parametrize("sep", ["\t", "\t\t"])
def test_rules_typed_as_rows_of_number_title_and_text_are_rules(sep):
    # "[1.1]<TAB>Roads<TAB>A unit …" on each line (a word processor's table of rules, copied as text) made one table
    # of the book's rules, with exit 0 (a helper's book). Numbers that go on as rules do are rules; a column of values
    # (1.0, 1.5, 2.0) stays a table.
    book = imported(f"[1.0]{sep}MOVEMENT{sep}Units move in the movement phase.\n[1.1]{sep}Roads{sep}A unit on a road "
                    f"pays half (see 1.2).\n[1.2]{sep}Rivers{sep}A unit crossing a river stops.\n"
                    f"[2.0]{sep}COMBAT{sep}Units fight.\n[2.1]{sep}Odds{sep}Compare strengths.\nTerrain costs:\n\n"
                    f"1.0\tClear\tUnits pay one.\n1.5\tLight woods\tUnits pay more.\n2.0\tHills\tUnits pay two.\n",
                    "decimal")
    assert rule_headings(book.markdown) == ["# [1.0] MOVEMENT", "## [1.1] Roads", "## [1.2] Rivers", "# [2.0] COMBAT",
                                            "## [2.1] Odds"]
    assert "\n\nA unit on a road pays half (see 1.2).\n\n" in book.markdown
    assert book.markdown.count("<table") == 1 and '<th markdown="span">1.5</th>' not in book.markdown


@pytest.mark.parametrize("table", [
    "1.\tMovement Phase\tThe phasing player moves all units.\n2.\tCombat Phase\tThe phasing player attacks.\n",
    "1.0\tClear\tUnits move at full speed.\n1.1\tRain\tUnits move at half speed.\n2.0\tSnow\tNo unit moves.\n",
])
def test_a_table_whose_rows_read_like_rules_that_do_not_go_on_from_the_rules_before_stays_a_table(table):
    # Steps numbered 1., 2. and a table of weather numbered 1.0, 1.1, 2.0 inside section 4 became paragraphs or
    # rules out of order once rows of number, title and text were rules (a review).
    book = imported(f"4.0 TURN\n4.1 The Turn. Each turn has these phases:\n\n{table}\n4.2 End. Play stops.\n",
                    "decimal")
    assert rule_headings(book.markdown) == ["# 4.0 TURN", "## 4.1 The Turn.", "## 4.2 End."]
    assert book.markdown.count("<table") == 1 and book.report.not_rules == []

def test_rules_typed_with_a_tab_after_a_title_without_a_mark_are_rules_and_a_tabbed_contents_list_is_no_rule():
    # "1.1 Steps<TAB>Most units …" made a table of the rules 1.1 to 1.3 (a helper's book); "1.0 Movement.<TAB>2", a
    # list of contents with its page numbers, became rules that failed as duplicates once a tab after a run-in title
    # was a space (a review).
    book = imported("CONTENTS\n1.0 Units.\t2\n1.1 Steps.\t2\n\n1.0 UNITS\n1.1 Steps\tMost units have two steps. "
                    "See 1.2.\n1.2 Stacking\tNo more than three units may stay in a hex.\n1.3 Leaders\tA leader adds "
                    "one.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 1.0 UNITS", "## 1.1 Steps", "## 1.2 Stacking", "## 1.3 Leaders"]
    assert "\n\nMost units have two steps. See 1.2.\n\n" in book.markdown


@pytest.mark.parametrize("gap", ["", "\n"])
def test_a_heading_in_capitals_over_entries_typed_with_tabs_is_a_heading_and_the_entries_have_no_header(gap):
    # "GLOSSARY" over "AR<TAB>Attacker Retreat, see 1.2." titled a table inside rule 1.2, its first entry the
    # table's header, and what the entries cite counted as cited by 1.2 (a helper's book). A heading stands beside
    # the sections, as over entries typed with a dash; a row that ends a sentence is no column's header.
    book = imported(f"1. Units\n1.1 Moves. Units move.\n1.2 Retreat. Units retreat.\n\nGLOSSARY\n{gap}"
                    "AR\tAttacker retreats one hex (see 1.2)\nMP\tMovement Points (1.1).\n\nCOSTS\nTerrain\tCost (MP)\n"
                    "Clear\t1\n")
    page = book.markdown
    assert "# GLOSSARY {: .rr-subhead }" in page and '<th markdown="span">Cost (MP)</th>' in page
    assert page.split("# GLOSSARY")[1].split("<table")[1].split("</table>")[0].count("<th ") == 0
    assert '<td markdown="span">AR</td><td markdown="span">Attacker retreats one hex (see 1.2)</td>' in page


@pytest.mark.parametrize("numbering", ["case", "decimal"])
@pytest.mark.parametrize("first, second", [("2.a", "2.b"), ("2a", "2b"), ("2a)", "2b)"), ("2.1.a", "2.1.b")])
def test_lettered_sub_rules_of_a_section_or_printed_after_a_dot_are_rules(numbering, first, second):
    # "2.a Roads." and "2a Roads." under "2. MOVEMENT" were text of rule 2, unlisted: a euro-style book lost 7 of its
    # 25 rules (a helper's book). They are lettered sub-rules, as "6.2a" is, their IDs as printed.
    cited, parent = first.rstrip(")"), ["2.1"] if first.startswith("2.1") else []
    book = imported(f"1. SETUP\n1.1 Units. Place them.\n2. MOVEMENT\n{'2.1 Costs. One.' if parent else 'Units move.'}\n"
                    f"{first} Roads. A boat moves.\n{second} Current. Costs a coin (see {cited}).\n3. TRADE\n"
                    f"3.1 Buy. Buy.\n", numbering)
    ids = re.findall(r'data-rule="([^"]+)"', book.markdown)
    assert ids == ["1", "1.1", "2", *parent, cited, second.rstrip(")"), "3", "3.1"]
    ruleset = SimpleNamespace(id="x", numbering=numbering_of(numbering), grammar=numbering_of(numbering).grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    index = RuleIndex(list(rules.values()), {}, {"x": ruleset})
    assert [index.get("x", rule_id).id for rule_id in rules[second.rstrip(")")].references] == [cited]

def test_a_tab_after_the_number_of_a_title_alone_on_its_line_is_a_space():
    # A PDF copy puts a tab after the number; a title alone on its line over the rule's text is no table row.
    book = imported("[1.0] ONE\nText.\n[1.1]\tSUPPLY SOURCES\nUnits trace.\n1.2\tROADS\nRoads text.\n\n"
                    "ODDS\n1.5\tHalf\n2\tFull\n")
    assert rule_headings(book.markdown) == ["# [1.0] ONE", "## [1.1] SUPPLY SOURCES", "## 1.2 ROADS"]
    assert "<td markdown=\"span\">2</td><td markdown=\"span\">Full</td>" in book.markdown


def test_a_table_copied_without_blank_lines_keeps_its_legend_and_ends_at_a_rule_or_a_sentence():
    book = imported("6. TERRAIN\n6.1 CHART\nTerrain Effects\nTerrain\tCost\tCombat\nClear\t1\tNone\nSea\tP\tP\n"
                    "P\tProhibited\n*\tOnly along a road\n[6.2] Woods. Units in woods hide.\nResults\nDie\t1-1\t2-1\n"
                    "1\tAR\tDR\nAE\tAttacker Eliminated\nAttacks at less than 1-2 are not allowed; attacks at\n"
                    "more than 5-1 are resolved at 5-1.\n")
    assert rule_headings(book.markdown) == ["# 6. TERRAIN", "## 6.1 CHART", "## [6.2] Woods."]
    assert book.markdown.count("<table") == 2 and book.markdown.count('<dl class="rr-legend"') == 2
    assert '<dt markdown="span">P</dt>\n<dd markdown="span">Prohibited</dd>' in book.markdown
    assert "Attacks at less than 1-2 are not allowed; attacks at\nmore than 5-1 are resolved at 5-1." in book.markdown


def test_a_short_line_right_after_a_table_is_still_refused_as_a_row_without_tabs():
    with pytest.raises(SourceError) as error:
        imported("6. TERRAIN\n6.1 CHART\nTerrain\tCost\tCombat\nClear\t1\tNone\nWoods 2 Doubled\n")
    assert error.value.line == 5 and "table row without tabs" in error.value.reason


@pytest.mark.parametrize("wrapped, later, rules", [
    ("Units may fire as described in\n6.2 Support Fire, below.", "[6.2] SUPPORT FIRE\nText.",
     ["## [6.2] SUPPORT FIRE"]),
    ("The rules in\n6.3 Supply Sources apply to step 3.", "[6.2] More.\n[6.3] SUPPLY SOURCES\nText.",
     ["## [6.2]", "## [6.3] SUPPLY SOURCES"]),
])
def test_a_wrapped_line_citing_a_rule_that_comes_later_goes_on_with_its_sentence(wrapped, later, rules):
    book = imported(f"[6.0] MOVEMENT\n[6.1] {wrapped}\n{later}\n")
    assert rule_headings(book.markdown) == ["# [6.0] MOVEMENT", "## [6.1]", *rules]
    assert [miss.line for miss in book.report.not_rules] == [3]


@pytest.mark.parametrize("glued", ["[6.2]Roads. Half an MP (see 6.1).", "(6.2)Roads. Half an MP."])
def test_a_bracketed_number_glued_to_its_text_is_listed(glued):
    book = imported(AFTER_6_1.format(glued))
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (5, "no space between the number and the word after it: put one there to make it a rule")]


def test_a_code_span_shows_exactly_what_was_written_in_a_paragraph_a_list_and_a_table():
    book = imported("## 1.0 A\n\nCode: `<b>`, `{x}`, `a|b`, `&amp;`, `x<y`, `[a](b)`, `` a`b ``.\n\n"
                    "- item `*not emphasis*`\n\n| Col | Code |\n|---|---|\n| one | `a \\| b` |\n", "decimal", "markdown")
    assert ("Code: <code>&lt;b></code>, <code>\\{x\\}</code>, <code>a\\|b</code>, <code>&amp;amp;</code>, "
            "<code>x&lt;y</code>, <code>[a]\\(b)</code>, <code>a\\`b</code>.") in book.markdown
    assert "item <code>\\*not emphasis\\*</code>" in book.markdown
    assert "<code>a \\| b</code>" in book.markdown


def test_a_markdown_quotation_stays_a_quotation_and_is_never_a_rule():
    book = imported("## 2.0 PLAY\n\nPlay goes in turns.\n\n> Designer's note: see 2.1.\n>\n> 1. Roll a die.\n> 2. Move.\n\n"
                    "### 2.1 Turns\n\nText.\n\n> 2.2 Optional Weather: we dropped this rule.\n\n### 2.3 Ending\n\nDone.\n",
                    "decimal", "markdown")
    assert rule_headings(book.markdown) == ["# 2.0 PLAY", "## 2.1 Turns", "## 2.3 Ending"]
    # Numbered lines in a quotation are its list, one item a line, not one paragraph.
    assert ('<blockquote markdown="1">\n\nDesigner\'s note: see 2.1.\n\n<ul class="rr-list" markdown="1">\n'
            '<li class="rr-list__item--marked" markdown="span"><span class="rr-list__marker">1.</span> Roll a die.</li>\n'
            '<li class="rr-list__item--marked" markdown="span"><span class="rr-list__marker">2.</span> Move.</li>\n'
            '</ul>\n\n</blockquote>' in book.markdown)
    assert "<blockquote markdown=\"1\">\n\n2.2 Optional Weather: we dropped this rule.\n\n</blockquote>" in book.markdown
    # A quotation is the transcriber's choice; a line in it that reads as a rule is listed all the same (in a
    # callout, a rule may be lost that way: see test_a_callout_shows_its_title_and_…).
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (14, "a rule number inside a quotation (a callout or a note)")]


def test_a_long_line_the_report_quotes_is_cut_with_an_ellipsis():
    line = "Woods cost two MP for every unit that enters them. 6.2 Roads. A road halves the cost of a hex."
    said = "\n".join(imported(AFTER_6_1.format(line)).report.lines())
    assert f"x.txt:5: {line[:59]!r}"[:-1] + "…'" in said


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_sentence_starting_with_a_count_is_listed_as_text_not_counted_as_a_list_item(fmt):
    book = imported("6. COMBAT\n\nUnits fight.\n\n12 Game-Turns may seem short.\n\n6.1 Odds. Compare.\n", fmt=fmt)
    assert [(miss.line, miss.list_item, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (5, False, "read as text")]
    assert "<li" not in book.markdown


def test_a_running_page_header_is_reported_with_its_lines():
    source = "".join(f"{n}. SECTION {n}\n{n}.1 Costs. One MP per hex.\nRIVERLINE RULES {n + 2}\n" for n in range(1, 5))
    book = imported(source)
    assert book.report.warnings == [
        "rulesets/x/sources/x.txt:3: 'RIVERLINE RULES 3' comes back with other numbers on lines 3, 6, 9, 12: "
        "a running page header or footer? Delete those lines from the source"]
    assert "RIVERLINE RULES 6" in book.markdown  # kept: the import drops no words
    # set far right on the page, it was longer than any header and stayed text (a helper's pdftotext copy)
    gapped = imported("".join(f"{n}. SECTION {n}\n{n}.1 Costs. One MP per hex.\nRIVERLINE RULES{' ' * 50}Page {n + 2} "
                              f"of 8\n" for n in range(1, 5)))
    assert gapped.report.warnings == [
        "rulesets/x/sources/x.txt:3: 'RIVERLINE RULES Page 3 of 8' comes back with other numbers on lines 3, 6, 9, "
        "12: a running page header or footer? Delete those lines from the source"]


def test_a_line_that_comes_back_unchanged_is_no_running_header():
    book = imported("".join(f"{n}. SECTION {n}\n{n}.1 Costs. See table 2.\n" for n in range(1, 5)))
    assert book.report.warnings == []


def test_the_paragraph_after_a_list_of_items_without_periods_is_no_part_of_the_last_item():
    # Items are often printed without a period; the text after the list starts at the margin.
    book = imported("6. MOVEMENT\n6.1 Costs. Units pay:\n- Clear: one MP\n- Woods: two MP\n"
                    "A unit may always move one hex.\n\n6.2 Roads. Half.\n")
    assert '<li markdown="span">Woods: two MP</li>\n</ul>\n\nA unit may always move one hex.' in book.markdown


@pytest.mark.parametrize("wrapped, item", [
    ("- Woods: two MP per hex, or three\n  in winter.", "Woods: two MP per hex, or three in winter."),  # indented
    ("- Woods: two MP per hex, or three\nin winter.", "Woods: two MP per hex, or three in winter."),  # lower case
    ("- Woods: two MP per hex in\nWinter Turns.", "Woods: two MP per hex in Winter Turns."),  # after a minor word
    ("- Woods: two MP per hex,\nThree in marsh.", "Woods: two MP per hex, Three in marsh."),  # after a comma
])
def test_an_item_hard_wrapped_onto_the_next_line_goes_on_there(wrapped, item):
    book = imported(f"6. MOVEMENT\n6.1 Costs. Units pay:\n- Clear: one MP\n{wrapped}\nA unit may always move.\n")
    assert f'<li markdown="span">{item}</li>\n</ul>\n\nA unit may always move.' in book.markdown


def test_a_markdown_list_item_of_two_paragraphs_and_a_loose_list_stay_one_list():
    book = imported("## 6. Movement\n\n**6.1** Costs. Units pay:\n\n- Clear: one MP.\n- Woods: two MP.\n\n"
                    "  In winter, three MP.\n- Marsh: three MP.\n\n- Sea: never.\n\nA unit may always move.\n",
                    fmt="markdown")
    assert book.markdown.count("<ul") == 1
    assert '<li markdown="block">Woods: two MP.\n\nIn winter, three MP.</li>' in book.markdown
    assert '<li markdown="span">Sea: never.</li>\n</ul>\n\nA unit may always move.' in book.markdown
    html = render(book.markdown)  # the item's paragraphs are paragraphs on the page
    assert "<li>\n<p>Woods: two MP.</p>\n<p>In winter, three MP.</p>\n</li>" in html


def test_a_table_of_single_words_and_odds_is_a_grid_and_one_of_phrases_is_not():
    # A grid keeps each cell on one line on a phone ("1-3" never breaks after its hyphen).
    book = imported("6. COMBAT\n6.1 Odds. Roll.\n\nRESULTS\nDie\t1-3\t1-2\n1\tAE\tAR\n\n6.2 Terrain. See below.\n\n"
                    "TERRAIN\nTerrain\tCost\nLight woods\t2\n")
    assert book.markdown.count('<table class="rr-table rr-table--grid"') == 1
    assert book.markdown.count('<table class="rr-table rr-table--whole-2"') == 1  # its costs: one word each


def test_a_column_of_single_words_in_a_table_of_phrases_is_kept_whole():
    # "1–2" in a die roll's column beside phrases broke after its dash on a phone ("1–" over "2"): only a
    # table of nothing but single words (a grid) kept its cells whole (a helper's Markdown book).
    book = imported("## 2.0 Weather\n\n**2.1** Roll:\n\n| Die | Weather | Effect |\n|:---:|---|---|\n"
                    "| 1–2 | Clear | None |\n| 3–4 | Heavy rain | +1 MP per hex |\n", "decimal", fmt="markdown")
    # not "Heavy rain", nor "+1 MP…"; the die's column centred, as its "|:---:|" says
    assert '<table class="rr-table rr-table--whole-1 rr-table--center-1" markdown="1">' in book.markdown


def test_a_pipe_tables_columns_are_aligned_as_its_separator_line_says():
    # "|:---|:---:|---:|" was read as "|---|---|---|": a column of numbers the writer set right lost it (a helper's
    # wiki book).
    book = imported("## 5. Movement\n\n**5.1** Costs. As follows:\n\n| Terrain | Cost | Note |\n|:---|:---:|---:|\n"
                    "| Clear | 1 | none |\n| Light woods | 2 | see 5.1 |\n", fmt="markdown")
    assert re.search(r'<table class="rr-table[^"]* rr-table--center-2 rr-table--right-3" markdown="1">', book.markdown)
    assert "rr-table--center-1" not in book.markdown and "left" not in book.markdown  # left is as a table reads


# Tables a copy lined up with spaces (found by a helper's book in stop 32): their rows were one
# paragraph, or sections of the book ("10      Grenadier Battalion" became rule 10, without a word).
SPACED_CRT = ("[7.0] COMBAT\n[7.1] Roll two dice and read the table.\n[7.2] COMBAT RESULTS TABLE\n"
              " Dice   1-1   2-1   3-1\n  6     AR    DR    DR\n  7     DR    DR    DE\n  9     DE    DE    DE\n"
              "[10.0] MORALE\n[10.1] Units that lose a step check morale.\n")
SPACED_TURNS = ("8.0 MOVEMENT\n8.1 Units move hex by hex.\n9.0 REINFORCEMENTS\n"
                "9.1 Reinforcements arrive at the east edge on these turns:\nTurn    Arrives\n10      Grenadier Battalion\n"
                "12      Artillery Park\n")


# Blank cells, and an empty corner above the row labels: the rows ran into one paragraph (a helper's book).
SPACED_GAPS = ("6. MOVEMENT\n6.7 Chart. As follows.\nTerrain      MP     Combat      Notes\nClear        1                  none\n"
               "Woods        2      x2          no cavalry\nMarsh        3      1/2\n\n6.8 Corner. As follows.\n"
               "             Clear   Woods\nMP cost      1       2\nCombat       none    x2\n")


# A cell printed on two lines, and a sentence right after the table: the import failed, "table row
# without tabs … separate cells with tabs", for a table that had no tabs at all (a helper's book).
SPACED_WRAPPED = ("6. MOVEMENT\n6.7 Chart. As follows.\nTerrain      MP     Effect\nClear        1      none\n"
                  "Woods        2      Defender doubled; no\n                    cavalry charge\nMarsh        3      halved\n"
                  "All costs double in Mud.\n6.8 Rivers. Two MP.\n")


@pytest.mark.parametrize("source, rows, first_line", [(SPACED_CRT, 4, 4), (SPACED_TURNS, 3, 5), (SPACED_GAPS, 4, 3),
                                                      (SPACED_WRAPPED, 4, 3)])
def test_a_table_lined_up_with_spaces_is_a_table_and_the_import_says_so(source, rows, first_line):
    book = imported(source, "decimal")
    assert "10" not in [heading.split()[1] for heading in rule_headings(book.markdown)]
    tables = 2 if source is SPACED_GAPS else 1
    assert book.markdown.count("<table") == tables and book.markdown.count("<tr markdown") == rows + 3 * (tables - 1)
    last_line = first_line + rows - (0 if source is SPACED_WRAPPED else 1)  # a cell on two lines: one row
    assert f"x.txt:{first_line}-{last_line}: read as a table, its columns lined up with spaces" \
        in "\n".join(book.report.lines())
    if source is SPACED_WRAPPED:  # the cell printed on two lines is one cell (a helper's book had it a row)
        assert '<td markdown="span">Defender doubled; no cavalry charge</td>' in book.markdown
        assert "</table>\n\nAll costs double in Mud." in book.markdown
    if source is SPACED_GAPS:
        assert ('<td markdown="span">Clear</td><td markdown="span">1</td><td markdown="span"></td><td markdown="span">'
                'none</td>') in book.markdown
        assert '<th markdown="span"></th><th markdown="span">Clear</th>' in book.markdown


def test_a_cell_wrapped_onto_a_line_of_its_own_is_one_cell():
    # "Defender shifts one" over "column left", alone under its column, was a row of its own (a helper's book);
    # a row of one value, or one under a cell that ends a sentence, stays a row.
    book = imported("1.0 TERRAIN\n1.1 Chart. As follows:\n\nTerrain\tMP Cost\tCombat Effect\n"
                    "Woods\t2\tDefender shifts one\n\t\tcolumn left\nClear\t1\tNone.\n\t\tdoubled in mud\n"
                    "Marsh\t\t\n\t3\t\nrough\t3\tdoubled\nswamp\t\t\n", "decimal")
    rows = re.findall(r"<tr markdown=\"1\">(.*?)</tr>", book.markdown)
    assert [re.findall(r'<t[hd] markdown="span">(.*?)</t[hd]>', row) for row in rows] == [
        ["Terrain", "MP Cost", "Combat Effect"], ["Woods", "2", "Defender shifts one column left"],
        ["Clear", "1", "None."], ["", "", "doubled in mud"], ["Marsh", "", ""], ["", "3", ""],
        ["rough", "3", "doubled"], ["swamp", "", ""]]  # a row's label in lower case is a row (a review)


@pytest.mark.parametrize("source", [
    # Prose typed with two spaces after each sentence.
    "6. MOVEMENT\n6.1 Costs. A unit pays one MP.  Then it may move\nagain, paying the cost.  Roads\nhalve it.  Rivers\n"
    "double it.\n",
    # Rules whose number two spaces follow.
    "6. MOVEMENT\n6.1 GENERAL\n6.11  Units may move.\n6.12  Units may not stack.\n6.13  Units may fight.\n",
])
def test_double_spaced_text_is_no_table(source):
    book = imported(source)
    assert "<table" not in book.markdown and book.report.warnings == []


@pytest.mark.parametrize("later", ["## 1.0 Introduction\n\n### 1.1 Scope", "## 1. Introduction\n\n### 1.1 Scope"])
def test_a_list_of_contents_is_a_list_not_the_books_first_section(later):
    # "1. Introduction" in a contents list became section 1, and the real 1.0 nested under it, silently.
    book = imported(f"# Probe\n\n## Contents\n\n1. Introduction\n2. Combat\n\n{later}\n\nTwo players.\n\n"
                    "## 2.0 Combat\n\n### 2.1 Odds\n\nCompare.\n", "decimal", "markdown")
    title = later.split("\n")[0]
    assert rule_headings(book.markdown) == ["# Probe", "## Contents", title, "### 1.1 Scope", "## 2.0 Combat", "### 2.1 Odds"]
    assert book.markdown.count('<span class="rr-list__marker">') == 2
    assert [(miss.line, miss.reason) for miss in book.report.not_rules][0] == (
        5, "read as a numbered list item: section 1. starts later, at line 8 (in a list of contents, or a list in "
           "a rule)")


def test_a_markdown_heading_naming_its_rule_is_that_rule_and_back_matter_ends_the_last_section():
    # "### Rule 6.2: Retreats" was a sub-heading, and its text went into 6.1; "## Designer's Notes"
    # after the last rule was a sub-heading of 7.2 (found by a helper's book, Harrow Pass).
    book = imported("## Section 6 — Combat\n\n### 6.1 Odds\n\nCompare.\n\n### Rule 6.2: Retreats\n\nA unit retreats.\n\n"
                    "## Section 7: Morale\n\n### 7.1 Checks\n\nRoll.\n\n## Designer's Notes\n\nRule 6.1 came first.\n",
                    "decimal", "markdown")
    assert rule_headings(book.markdown) == ["# Section 6 — Combat", "## 6.1 Odds", "## Rule 6.2: Retreats",
                                            "# Section 7: Morale", "## 7.1 Checks", "# Designer's Notes"]
    assert '{: #6.2 .rr-rule data-rule="6.2" }' in book.markdown


def test_steps_lettered_or_in_roman_numerals_are_items_and_an_indented_step_is_under_the_one_above():
    # "I. Weather Phase" over "II. Movement Phase" ran into one paragraph; "A." lines were loose
    # paragraphs; an indented "a)" was a sibling of "1." (found by a helper's book, Gullwing).
    book = imported("3.0 SEQUENCE OF PLAY\nEach turn has these phases:\nA. Weather Phase.\nB. Movement Phase.\n"
                    "3.1 Turn order\nIn order:\nI. Weather Phase\nII. Movement Phase\n3.2 Steps\nThe steps:\n"
                    "1. First step\n   a) substep one\n   b) substep two\n2. Second step\n", "decimal")
    markers = re.findall(r'<span class="rr-list__marker">([^<]+)</span>', book.markdown)
    assert markers == ["A.", "B.", "I.", "II.", "1.", "a)", "b)", "2."]
    assert book.markdown.count("<ul") == 4  # A-B, I-II, 1-2 and a-b under 1
    assert '<span class="rr-list__marker">1.</span> First step\n<ul' in book.markdown


def test_a_markdown_step_lettered_under_a_numbered_one_is_its_sub_item():
    book = imported("## 1.0 Marching\n\n**1.4** Steps:\n\n1. Pick a unit.\n   a. Check its supply.\n   b. Check its leader.\n"
                    "2. Move it.\n", "decimal", "markdown")
    assert '<span class="rr-list__marker">1.</span> Pick a unit.\n<ul class="rr-list" markdown="1">\n' \
           '<li class="rr-list__item--marked" markdown="span"><span class="rr-list__marker">a.</span> Check its supply.</li>' \
        in book.markdown


def test_a_count_starting_a_wrapped_line_with_a_period_goes_on_with_its_sentence():
    # "… after Game-Turn" over "14. Then count points." was list item 14 (a helper's book).
    book = imported("8.0 MOVEMENT\n8.1 Units move hex by hex.\n9.0 VICTORY\n9.3 The game ends after Game-Turn\n"
                    "14. Then count points.\n9.4 Ties. None.\n", "decimal")
    assert "The game ends after Game-Turn\n14\\. Then count points." in book.markdown and "<ul" not in book.markdown
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (5, "continues the sentence of the line before")]
    # A list's first item stays an item after a sentence cut short, and so does a title's section.
    listed = imported("9.0 VICTORY\n9.3 The game ends when\n1. The Raider exits, or\n2. Time runs out.\n", "decimal")
    assert listed.markdown.count("<li") == 2


def test_a_rule_number_in_italics_is_a_rule_and_a_bold_titles_colon_stays_with_it():
    # "*4.1.4* Columns …" went into 4.1.3 without a word; "**4.1.2 Column Size**: At most …" began
    # its text with ": " (a helper's book, Harrow Pass).
    book = imported("## 4.0 Columns\n\n**4.1.2 Column Size**: At most 4 units.\n\n*4.1.4* Columns may not enter forest.\n\n"
                    "_4.1.5_ Columns ignore mud.\n", "decimal", "markdown")
    assert rule_headings(book.markdown) == ["# 4.0 Columns", "## 4.1.2 Column Size:", "## 4.1.4", "## 4.1.5"]
    assert "\n\nAt most 4 units.\n" in book.markdown


def test_a_sentence_starting_with_an_earlier_rules_number_is_text_and_a_lone_lower_number_a_page_number():
    # A designer's note "6.1 was written in 2019; …" failed the import as a duplicate rule 6.1; a page
    # number "4" among the rules of section 5 was said not to come after section 5.0 (a helper's books).
    noted = imported("## 6.0 Combat\n\n### 6.1 Odds\n\nCompare.\n\n## Designer's Notes\n\n6.1 was written in 2019.\n",
                     "decimal", "markdown")
    assert (9, "read as text: rule 6.1 came before (line 3), and lower-case words follow the number") in [
        (miss.line, miss.reason) for miss in noted.report.not_rules]
    paged = imported("5.0 MOVEMENT\n5.1 Costs. One.\n4\n5.2 Roads. Half.\n", "decimal")
    assert paged.report.not_rules[0].reason.startswith("a number alone on its line that does not come after "
                                                      "section 5.0: a page number? Kept as text")


@pytest.mark.parametrize("gap", ["", "\n"])  # "GLOSSARY" over its first entry, or a blank line between
@pytest.mark.parametrize("after, level", [("", "#"), ("\n10.0 LAST\n10.1 Text.\n", "##")])
def test_a_heading_in_capitals_alone_on_its_line_is_a_heading(after, level, gap):
    # "GLOSSARY" and its entries at the book's end were text of the last rule (a helper's book, Gullwing):
    # with no rule after it, a heading beside the sections; within the rules, under the rule before it.
    book = imported(f"9.0 DEMOLITION\n9.1 Bridges. A blown bridge is gone.\n\nGLOSSARY\n{gap}AE: Attacker Eliminated.\n"
                    f"{after}", "decimal")
    assert f"{level} GLOSSARY {{: .rr-subhead }}\n\nAE: Attacker Eliminated." in book.markdown


@pytest.mark.parametrize("source, line", [
    ("1.0 MOVEMENT\n1.1 Roads\nA unit on a road pays half of\n3\tCINDER ROAD\nits MA for each hex.\n", 4),
    ("1.0 MOVEMENT\n1.1 Roads\nA unit pays half.\n\n4\tCINDER ROAD\n\n1.2 Fords\nA ford costs one more.\n", 5),
])
def test_a_lone_line_with_a_tab_is_no_table(source, line):
    # A PDF's page footer "3<TAB>CINDER ROAD" was a table with a header and no rows, titled by the
    # sentence above it; between blank lines it failed the import (a helper's book, Cinder Road).
    book = imported(source, "decimal")
    assert "<table" not in book.markdown and "CINDER ROAD" in book.markdown
    assert book.report.warnings == [f"rulesets/x/sources/x.txt:{line}: a line with a tab that is no table (a page "
                                    "header or footer?), kept as text: delete it from the source"]


def test_a_page_footer_of_a_number_and_the_books_title_is_no_section():
    # "8 CINDER ROAD" on the last page became top-level rule 8, silently (a helper's book, Cinder Road).
    book = imported("CINDER ROAD\n1.0 MOVEMENT\n1.1 Roads\nA unit pays half.\n2.0 COMBAT\n2.1 Odds\n"
                    "Roll a die and add the odds\ncolumn shift to the roll.\n8 CINDER ROAD\n", "decimal")
    assert "8" not in [heading.split()[1] for heading in rule_headings(book.markdown)[1:]]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (9, "a number and the book's title: a running page header or footer? Kept as text; delete it from the source")]


def test_rules_an_export_wraps_in_html_are_rules():
    # A wiki or word-processor export: "<b>3.2:</b> …" and "<p><b>3.4:</b> …</p>" were text of the rule
    # before, and "## <a name=…></a>4. GUNNERY" a sub-heading showing the tag (a helper's book, Saltwater Reach).
    book = imported("## 3. MOVEMENT\n\n**3.1:** A ship spends Speed points.\n\n<b>3.2:</b> Shoals cost 2.\n\n"
                    "**3.3**: Reefs are closed.\n\n<p><strong>3.4:</strong> Stacking is two ships.</p>\n\n"
                    "## <a name=\"gun\"></a>4. GUNNERY\n\n<a id=\"4.1\"></a>**4.1:** Fire at <i>one</i> ship.\n",
                    fmt="markdown")
    assert rule_headings(book.markdown) == ["# 3. MOVEMENT", "## 3.1:", "## 3.2:", "## 3.3:", "## 3.4:", "# 4. GUNNERY",
                                            "## 4.1:"]
    assert "\n\nShoals cost 2.\n" in book.markdown and "\n\nReefs are closed.\n" in book.markdown
    assert "Fire at *one* ship." in book.markdown and "<a " not in book.markdown


def test_rules_a_converter_underlines_or_styles_are_rules():
    # pandoc writes a word processor's underline as "<u>…</u>" (gfm) or "[…]{.underline}" (markdown), small capitals
    # as "[…]{.smallcaps}"; a wiki highlights with "<mark>". Each rule so styled was text of the rule before, shown
    # with its tags, unlisted, and "see 5.3" was marked absent (a helper's Word export).
    book = imported("## 5. MOVEMENT\n### 5.2 Rivers\nText.\n<u>5.3 Fords.</u> A ford costs 2 MP.\n\n"
                    "<span class=\"underline\">5.4</span> Ice. Thin.\n\n[5.5]{.smallcaps} Snow. Deep.\n\n"
                    "[**5.6 Mud.**]{.underline} Slow [going]{custom-style=\"Emph\"}.\n\n<div>5.7 Sand. Dry.</div>\n\n"
                    "### <u>5.8 Rock</u>\nSee 5.3 and <mark>5.4</mark>.\n", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 5. MOVEMENT", "## 5.2 Rivers", "## 5.3 Fords.", "## 5.4 Ice.",
                                            "## 5.5 Snow.", "## 5.6 Mud.", "## 5.7 Sand.", "## 5.8 Rock"]
    assert "\n\nSlow going.\n" in book.markdown and "\n\nSee 5.3 and 5.4.\n" in book.markdown


def test_a_rule_with_a_footnote_mark_on_its_number_is_a_rule():
    # "5.3[^1] Ice." (a word processor's note on the number) was text of 5.2, unlisted, and 5.2 cited 5.3.
    book = imported("## 5. MOVEMENT\n### 5.2 Rivers\nText.\n\n5.3[^1] Ice. Frozen rivers.\n\n[^1]: Since 1987; see 5.2.\n",
                    fmt="markdown")
    assert rule_headings(book.markdown) == ["# 5. MOVEMENT", "## 5.2 Rivers", "## 5.3[^1] Ice."]
    html = render(book.markdown)
    assert re.search(r'<h2 [^>]*id="5\.3"[^>]*>5\.3<sup id="fnref:1"><a class="footnote-ref" href="#fn:1">1</a></sup> Ice\.',
                     html)
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    assert [(rule.title, rule.references) for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")] == [
        ("5. MOVEMENT", ()), ("5.2 Rivers", ()), ("5.3 Ice.", ("5.2",))]  # the title as jump, search and previews
    # show it; the note on its number cites for it (it counted for no rule: a helper's Word export)


def test_an_escaped_dot_between_digits_is_a_dot():
    # "| Marsh | 4\\.5 |" (an export escaping every dot after a digit) was no lone value: the cell linked 4.5 or marked it
    # missing, where "| Marsh | 4.5 |" cites nothing (a helper's Google Docs export).
    book = imported("## 3. Terrain\n\n**3.1** Costs.\n\n| Terrain | Cost |\n|---|---|\n| Marsh | 4\\.5 |\n\n"
                    "**3.2** Woods, per 3\\.1.\n", fmt="markdown")
    assert '<td markdown="span">4.5</td>' in book.markdown and "per 3.1." in book.markdown
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    assert [rule.references for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")] == [(), (), ("3.1",)]


def test_a_paragraph_starting_with_a_number_in_code_before_a_sentence_is_text():
    # "`1.1` is the version of these rules." failed as a duplicate rule 1.1 (a review).
    book = imported("## 1. Intro\n\n**1.1** Scale. One.\n\n`1.1` is the version of these rules.\n", fmt="markdown")
    assert list(book.report.rule_lines) == ["1", "1.1"] and "<code>1.1</code> is the version" in book.markdown


def test_a_rule_number_after_an_emoji_shortcode_or_in_code_is_a_rule():
    # "### :snowflake: 5.3 Ice" and "### `5.4` Snow" were sub-headings, "`5.5` Fords." text: each rule lost, unlisted
    # (a helper's GitHub-style book). A code span elsewhere stays code.
    book = imported("## 5. MOVEMENT\n### :snowflake: 5.3 Ice\nCold.\n### `5.4` Snow\nDeep.\n\n`5.5` Fords. Wet.\n\n"
                    "Use `5.5` here.\n", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 5. MOVEMENT", "## :snowflake: 5.3 Ice", "## 5.4 Snow", "## 5.5 Fords."]
    assert "Use <code>5.5</code> here." in book.markdown


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_list_number_before_a_rule_number_is_listed_as_such(fmt):
    # "1. 2.1.1 Road bonus: …" (a Notion export) was counted only among "numbered list items", which reads as if
    # about the "1." marks, and never said that rule 2.1.1 was not read (a helper's book).
    book = imported("## 2 Movement\n\n2.1 Roads. Units pay 1 MP.\n\n1. 2.1.1 Road bonus: units on a road add 1 MP.\n"
                    "2. 2.1.2 Night: units move at half rate.\n3. 2 units may stack.\n".removeprefix("## " * (fmt == "text")),
                    "decimal", fmt)
    assert [(miss.text, miss.reason.split(":")[0], miss.list_item) for miss in book.report.not_rules] == [
        ("1. 2.1.1 Road bonus: units on a road add 1 MP.", "a list's number (1.) before rule number 2.1.1", False),
        ("2. 2.1.2 Night: units move at half rate.", "a list's number (2.) before rule number 2.1.2", False),
        (ANY, ANY, True)]


def test_pandocs_escaped_quotes_div_attributes_and_a_break_after_a_title_read_as_meant():
    # pandoc's '\\"Overrun\\"' lost 5.3 its title and showed its backslashes, "Designer\\'s Note:" was no note box,
    # '::: {custom-style="Note"}' was a box titled '="Note"}', '::: {#n1 .note}' literal text, and "**5.2 Bridges**\\"
    # put a line break before the rule's text (a helper's Word export).
    book = imported('## 5. Movement\n\n**5.2 Bridges**\\\nA bridge is a road.\n\n5.3 \\"Overrun\\" Attacks. Tanks '
                    'overrun.\n\n::: {custom-style="Note"}\nA note box.\n:::\n\n::: {#n1 .note}\nAnother.\n:::\n\n'
                    "Designer\\'s Note: Fun.\n\n5.4 Snow. Use `\\\"x\\\"`.\n", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 5. Movement", "## 5.2 Bridges", '## 5.3 "Overrun" Attacks.', "## 5.4 Snow."]
    assert "\n\nA bridge is a road.\n" in book.markdown and "<br" not in book.markdown
    assert book.markdown.count("\n\n**Note**\n\n") == 2 and '!!! note "Designer\'s Note:"' in book.markdown
    assert 'Use <code>\\\\"x\\\\"</code>.' in book.markdown  # a code span shows what it holds: \"x\"


def test_an_exports_html_line_breaks_are_line_breaks():
    # A wiki export's "<br>" showed as "<br>" on the page, in text and in table cells; alone on its line,
    # between rules, it ended nothing. Any other tag is still shown as written.
    book = imported("## 3. SUPPLY\n\n**3.1** Lines. Trace a line.<br>\n<BR/>\nAt night<br />none. <br class=x>\n"
                    "**3.2** Depots.\n\n| Roll | Result |\n|---|---|\n| 1<br>2 | Hit<br/>Miss |\n", fmt="markdown")
    html = render(book.markdown)
    assert "<p>Trace a line.<br /></p>\n<p>At night<br />none. &lt;br class=x&gt;</p>" in html
    assert "<td>1<br />2</td>\n<td>Hit<br />Miss</td>" in html


@pytest.mark.parametrize("bullet", ["\uf0b7", "\uf0a7", "▪", "●", "◦"])
def test_the_bullet_glyphs_of_a_pdf_copy_start_list_items(bullet):
    # U+F0B7 (the Symbol font's bullet) stayed as an unreadable glyph in the text (a helper's book, Cinder Road).
    book = imported(f"6. MOVEMENT\n6.1 Costs. Units pay:\n{bullet} Clear: one MP.\n{bullet} Woods: two MP.\n")
    assert '<li markdown="span">Clear: one MP.</li>\n<li markdown="span">Woods: two MP.</li>' in book.markdown
    assert bullet not in book.markdown


@pytest.mark.parametrize("typo, reason", [
    ("5,2 Units. Several units may combine.", "a comma in the number (5,2): write 5.2 to make it a rule"),
    ("5.2.Units. Several units may combine.", "no space between the number and the word after it: put one there "
                                              "to make it a rule"),
    ("[5.2 Units. Several units may combine.", "a bracket before the number and none after it ([5.2): close it "
                                               "([5.2]) to make it a rule"),
])
def test_a_mistyped_rule_number_is_listed_with_the_fix(typo, reason):
    # Each was text of 5.1 without a word, or named the wrong cause (a helper's book, Hold the Line).
    book = imported(f"5.0 COMBAT\n5.1 Odds. Total them.\n{typo}\n5.3 Retreats. Back.\n", "decimal")
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [(3, reason)]
    assert imported("5.0 COMBAT\n5.1 Odds. Total them.\n1,200 Men may not combine.\n", "decimal").report.not_rules == []


def test_a_numbered_list_in_an_asl_rule_is_a_list_not_the_chapters_sections():
    # "1. K: …" in chapter A failed the import as a duplicate A1, and "2. MC: …" would take section
    # A2 from "2. MORALE", whose sub-rule 2.1 follows it (a helper's book, Meridian).
    book = import_text("A. INFANTRY\n1. FIRE\n1.1 GENERAL: Units fire.\n1.3 CASUALTY TYPES: Results:\n"
                       "1. K: one unit is Casualty Reduced (1.1).\n2. MC: a Morale Check.\n2. MORALE\n"
                       "2.1 GENERAL: Units break.\n", path="rulesets/m/sources/a.txt", ruleset="m",
                       numbering=numbering_of("asl", chapters="AB"), chapter="A", format="text")
    assert rule_headings(book.markdown) == ["# A. INFANTRY", "## 1. FIRE", "### 1.1 GENERAL:", "### 1.3 CASUALTY TYPES:",
                                            "## 2. MORALE", "### 2.1 GENERAL:"]
    assert book.markdown.count("<li") == 2


def test_the_reports_warnings_come_in_the_order_of_their_lines():
    # The PDF characters were listed first, wherever they were, then the importer's own warnings.
    book = imported("1.0 MOVEMENT\n1.1 Roads\nA unit pays half.\n\n4\tCINDER ROAD\n\n1.2 Fords\nA ford costs one \ufb01ne.\n",
                    "decimal")
    assert [warning.split(":")[1] for warning in book.report.warnings] == ["5", "8"]


@pytest.mark.parametrize("cited", ["(9.3)", "(5.1)"])
def test_a_citation_in_parentheses_starting_a_wrapped_line_goes_on_with_its_sentence(cited):
    # "(9.3) on the line of the odds." was rule 9.3 and failed the import ("has no parent"), or a
    # duplicate 5.1 (a helper's book, Ashfall); "[6.2] below." stays a rule, as a bracket prints one.
    book = imported(f"5. COMBAT\n5.1 Resolving. Roll one die and read the Combat Results Table\n{cited} on the line "
                    "of the odds.\n5.2 Retreat. Back.\n")
    assert rule_headings(book.markdown) == ["# 5. COMBAT", "## 5.1 Resolving.", "## 5.2 Retreat."]
    assert f"Table\n{cited} on the line of the odds." in book.markdown


@pytest.mark.parametrize("opened, closed", [("(see 6.41 to", "6.43) and fords too."),
                                             ("(see 7.1;", "7.2) unless a leader is with them.")])
def test_a_citation_wrapped_at_its_closing_parenthesis_goes_on_with_its_sentence(opened, closed):
    # "6.43)" was read as rule 6.43 printed "6.43)" and the import failed ("out of order", "has no parent")
    # (a helper's book); a line leaving a parenthesis open is continued by the one closing it.
    book = imported(f"6. MOVEMENT\n6.1 Roads. Half. Bridges are separate {opened}\n{closed}\n6.4 Bridges. One.\n"
                    "6.41 Spans. Two.\n6.43 Piers. Three.\n7. SUPPLY\n7.1 Lines. Trace.\n7.2 Leaders. Lead.\n")
    assert rule_headings(book.markdown)[:4] == ["# 6. MOVEMENT", "## 6.1 Roads.", "## 6.4 Bridges.", "### 6.41 Spans."]
    assert f"{opened}\n{closed}" in book.markdown


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_an_example_going_on_after_a_blank_line_is_reported_and_a_line_of_dashes_ends_it(fmt):
    # An example runs to the next rule (chapter D has one of two paragraphs), so the rule's text after it
    # went into the example's box without a word; now the report names it, and "---" ends the example.
    source = ("5. FIRE\n5.1 Odds. Compare the strengths.\nEX: A 6 attacks a 2: 3-1.\n\nRound odds down.\n"
              "5.2 Rolls. Roll a die.\nEX: A 4 is a hit.\n---\nThen apply the result.\n5.3 Results. Apply them.\n")
    if fmt == "markdown":
        source = re.sub(r"^(5\.\d) ", r"**\1** ", source.replace("5. FIRE", "## 5. FIRE"), flags=re.MULTILINE)
    page = imported(source, fmt=fmt)
    assert [warning.split(": ", 1)[1] for warning in page.report.warnings if "example" in warning] == [
        "the example (EX:) goes on after a blank line, at line 5: an example runs to the next rule, heading, "
        "table, example or note; if the rule's text comes after the blank line, end the example there with a line ---"]
    assert page.report.warnings[0].startswith("rulesets/x/sources/x.txt:3: ")
    html = render(page.markdown)
    example = html[html.index('id="5.2"'):]
    assert re.search(r'<p>A 4 is a hit\.</p>\s*</div>\s*<hr />\s*<p>Then apply the result\.</p>', example)


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_designers_or_players_note_is_set_apart_and_ends_an_example(fmt):
    # "DESIGN NOTE:" and "PLAY NOTE:" after an example went into the example's box without a word, and
    # were never set apart from the rule's text (a helper's book); "EXAMPLE OF PLAY:" was rule text.
    source = ("1. MOVEMENT\n1.1 Roads. A unit on a road pays half.\nEXAMPLE: A unit moves 12 road hexes.\n"
              "DESIGN NOTE: Roads were poor in 1809.\nPlay Note: Count road hexes first.\n1.2 Woods. Two.\n"
              "EXAMPLE OF PLAY: A unit enters woods.\n")
    if fmt == "markdown":
        source = re.sub(r"^(1\.\d) ", r"**\1** ", source.replace("1. MOVEMENT", "## 1. MOVEMENT"), flags=re.MULTILINE)
    page = imported(source, fmt=fmt)
    assert ('!!! example "EXAMPLE:"\n\n    A unit moves 12 road hexes.\n\n!!! note "DESIGN NOTE:"\n\n    Roads were '
            'poor in 1809.\n\n!!! note "Play Note:"\n\n    Count road hexes first.\n') in page.markdown
    assert '!!! example "EXAMPLE OF PLAY:"\n\n    A unit enters woods.\n' in page.markdown


def test_a_heading_in_capitals_over_a_list_is_a_heading_and_ends_an_example():
    # "FOOTNOTES" over "* Only in the campaign game." went into the example before it, as text (a helper's book).
    book = imported("1. MOVEMENT\n1.1 Woods. Two MP.\nEXAMPLE: A unit enters woods.\n\nFOOTNOTES\n"
                    "* Only in the campaign game.\n")
    assert '    A unit enters woods.\n\n# FOOTNOTES {: .rr-subhead }\n\n<ul class="rr-list"' in book.markdown


def test_a_code_fence_never_closed_over_lines_that_read_as_rules_fails_the_import():
    # An export's stray fence made the rest of the book code: 41 rules imported as 5, without a word.
    with pytest.raises(SourceError) as error:
        imported("## 5. TERRAIN\n### 5.1 Terrain\nExample:\n```\nMove A 0101 -> 0102\n### 5.2 Roads\nText.\n",
                 "decimal", "markdown")
    assert error.value.line == 4
    assert error.value.reason == ("the code fence '```' is never closed, and the code it opens holds a line that "
                                  "reads as a rule (line 6: '### 5.2 Roads'): close it with ``` where the code ends, "
                                  "or delete it")
    closed = imported("## 5. TERRAIN\n### 5.1 Terrain\n```\n### 5.2 Roads\n```\n### 5.2 Roads\nText.\n", "decimal",
                      "markdown")
    assert list(closed.report.rule_lines) == ["5", "5.1", "5.2"] and "### 5.2 Roads\n" in closed.markdown


@pytest.mark.parametrize("fmt, after", [("markdown", "## Designer's Notes\nText.\n"), ("markdown", ""),
                                        ("text", "")])
def test_the_next_step_of_a_numbered_list_in_the_last_section_stays_a_step(fmt, after):
    # "3. Apply Results" after "2. Roll the die" became section 3 and cut the list in two, without a word,
    # whenever no rule came after the list (a helper's book). A section has its rules under it, or capitals.
    heading = "## " if fmt == "markdown" else ""
    book = imported(f"{heading}1.0 MOVEMENT\n1.1 Roads. Half.\n{heading}2.0 COMBAT\n2.1 Procedure. In order:\n"
                    f"1. Declare attacks\n2. Roll the die\n3. Apply Results\n4. Advance After Combat\n{after}",
                    "decimal", fmt)
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]
    assert book.markdown.count("<li ") == 4
    sections = imported("1. MOVE\n1.1 Roads. Half.\n2. COMBAT\n2.1 Order. In order:\n1. Declare\n2. Roll the die\n"
                        "3. Apply Results\n3.1 Hits. Remove.\n4. VICTORY\nMost points win.\n")
    assert list(sections.report.rule_lines) == ["1", "1.1", "2", "2.1", "3", "3.1", "4"]


def test_rule_numbers_in_bold_italic_behind_a_section_sign_or_a_word_are_rules():
    # Each was text of the rule above, most without a word in the report (a helper's Google Docs and
    # pandoc exports: "***…***" is their bold italic).
    book = imported("## 6. NAVAL\n**6.1** Ships. Move.\n***6.2*** Torpedoes hit on 6.\n***6.3 Torpedoes.*** Text\n"
                    "_**6.4 Smoke.**_ Text\n**_6.5 Night._** Text\n**§6.6 Screens.** Text\n**Rule 6.7 Dawn.** Text\n"
                    "### §6.8 Fog\nText.\n", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 6. NAVAL", "## 6.1 Ships.", "## 6.2", "## 6.3 Torpedoes.", "## 6.4 Smoke.",
                                            "## 6.5 Night.", "## §6.6 Screens.", "## Rule 6.7 Dawn.", "## §6.8 Fog"]
    assert rule_headings(imported("6. NAVAL\n§ 6.1 Ships. Move as described in\n§ 6.2 Torpedoes, below.\n"
                                  "§6.2 Torpedoes. Hit.\n").markdown) == ["# 6. NAVAL", "## § 6.1 Ships.", "## §6.2 Torpedoes."]


@pytest.mark.parametrize("separator", ["|:-:|--:|", "|-|-|", "| --- | :---: |"])
def test_a_pipe_tables_separator_row_may_have_one_dash_per_cell(separator):
    # GitHub's tables need only one dash; "|:-:|--:|" failed the import, saying a separator row was missing.
    book = imported(f"## 1. FIRE\n**1.1** Odds. See:\n\n| Die | Result |\n{separator}\n| 1 | Hit |\n", fmt="markdown")
    assert "<td markdown=\"span\">Hit</td>" in book.markdown


def test_a_markdown_sources_front_matter_is_left_out_and_listed():
    # An Obsidian or pandoc file's front matter showed as text between two rules across the page, and its
    # setext title after it became a sub-heading (a helper's vault).
    book = imported("---\ntitle: Saltworks\ntags:\n  - rules\n---\n\nSaltworks Rules\n===============\n\n"
                    "## 1. MOVE\n**1.1** Roads. Half.\n", fmt="markdown")
    body = book.markdown.split("---\n", 2)[2]  # after the page's own front matter
    assert "Saltworks\ntags" not in body and "rules" not in body and "* * *" not in body
    assert "# Saltworks Rules {: .rr-document-title }" in book.markdown
    assert book.report.warnings == ["rulesets/x/sources/x.txt:1: left out the front matter (lines 1-5), an export's "
                                    "settings, not the book's text"]
    ruled = imported("---\n\n## 1. MOVE\n**1.1** Roads. Half.\n", fmt="markdown")  # a rule across the page
    assert ruled.markdown.count("* * *") == 1 and not ruled.report.warnings


@pytest.mark.parametrize("wrapped", ["B. Kell, who arrived on Game-Turn 3.", "II. may not cross the Tarn.",
                                     "(1) is applied for woods.", "- 1 to its die roll."])
def test_a_wrapped_line_starting_like_a_list_item_goes_on_with_its_sentence(wrapped):
    # "… Marshal Anton" over "B. Kell, who …" became a list item, cutting the sentence in two without a
    # word (a helper's book); a list opens after a sentence, a colon or a blank line.
    book = imported(f"1. LEADERS\n1.1 Vesnian Leaders. The army was led by the man named\n{wrapped}\n"
                    "1.2 Lists. In order:\nA. Move.\nB. Fight.\n")
    assert book.markdown.count("<li ") == 2
    shown = wrapped.replace("- ", "\\- ")  # escaped: Markdown would read it as a bullet
    assert f"named\n{shown}\n" in book.markdown


def test_a_name_wrapped_after_its_initial_goes_on_with_its_sentence():
    # "… designed by Colonel J." over "R. Orme and …" opened a list at "R." (a helper's book): an
    # initial ends no sentence. A list that starts at "A." after a sentence ending "Player A." is a list.
    book = imported("1. CREDITS\n1.1 Design. The game was designed by Colonel J.\nR. Orme and tested by many.\n"
                    "1.2 Order. Each turn is played first by Player A.\nA. Move.\nB. Fight.\n")
    assert "Colonel J.\nR. Orme and tested by many." in book.markdown
    assert book.markdown.count("<li ") == 2


def test_a_part_numbered_in_roman_numerals_is_a_heading_beside_the_sections():
    # "V. COMBAT" between blank lines, after an example, became a one-item list in the example's box
    # (a helper's book). In capitals, alone, over a section: a heading beside the sections; over text,
    # a sub-heading; a list of Roman steps stays a list.
    book = imported("7. MOVING\n7.1 Costs. One point.\nEXAMPLE: A unit moves two hexes.\n\nV. COMBAT\n\n"
                    "8. ATTACKS\n8.1 Odds. Compare.\n\nI. FIRE PHASE\n\nUnits fire.\n\n8.2 Steps. In order:\n"
                    "I. Add.\nII. Roll.\n")
    assert rule_headings(book.markdown) == ["# 7. MOVING", "## 7.1 Costs.", "# V. COMBAT", "# 8. ATTACKS",
                                            "## 8.1 Odds.", "### I. FIRE PHASE", "## 8.2 Steps."]
    assert "<li " not in book.markdown.split("## 8.2")[0] and book.markdown.count("<li ") == 2


def test_a_part_numbered_in_three_roman_letters_is_a_heading_too():
    # "III. COMBAT" and "VIII. VICTORY" were one-item lists in the rule before, unlisted, where "IV. COMBAT" was a
    # heading (a helper's book): a numeral of more than two letters was read as a list's marker only.
    book = imported("5.0 MOVEMENT\n5.1 Rail. Three units.\n\nIII. COMBAT\n\n6.0 COMBAT\n6.1 Odds. Round down.\n\n"
                    "VIII. VICTORY\n\n7.0 VICTORY\n7.1 Win.\n7.2 Steps. In order:\nIII. Add.\nVIII. Roll.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 5.0 MOVEMENT", "## 5.1 Rail.", "# III. COMBAT", "# 6.0 COMBAT",
                                            "## 6.1 Odds.", "# VIII. VICTORY", "# 7.0 VICTORY", "## 7.1", "## 7.2 Steps."]
    assert book.markdown.count("<li ") == 2


def test_a_decimal_list_of_contents_is_a_list_and_the_sections_come_after_it():
    # "CONTENTS" over "1.0 Introduction", "2.0 Combat" failed the import: "duplicate rule ID 1.0" at the
    # real section (a helper's book); the case numbering's "1. Introduction" was already a list.
    book = imported("CONTENTS\n1.0 Introduction\n2.0 Combat\n\n1.0 INTRODUCTION\nThe game in brief.\n"
                    "2.0 COMBAT\n2.1 Odds. Compare.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "2.0", "2.1"]
    assert '<span class="rr-list__marker">1.0</span> Introduction</li>' in book.markdown
    assert [miss.reason for miss in book.report.not_rules][:1] == [
        "an entry of a list of contents: section 1.0 starts later, at line 5, with its rules"]
    with pytest.raises(SourceError, match="duplicate rule ID 1.0"):  # a section printed twice is still refused
        imported("1.0 INTRODUCTION\n1.1 Scale. A hex.\n1.0 INTRODUCTION\n1.2 Turns. Two.\n", "decimal")


def test_a_hard_wrapped_paragraph_goes_on_after_a_full_line_ending_a_sentence():
    # "Each hex is 400 yards across. Each Game-Turn is 1 hour of real time." filled its line and ended a
    # sentence, so the paragraph was cut in two there (a helper's book); a short line still ends one.
    filler = "".join(f"1.{n} Rule {n}. A unit that moves along a road pays half the cost of the\n"
                     f"terrain it enters, rounded up, and may not enter an enemy zone at all.\n" for n in range(2, 8))
    book = imported("1. SCALE\n1.1 Scale. Each hex is 400 yards across. Each Game-Turn is an hour.\n"
                    "Each Strength Point is about 500 men.\nA paragraph after a short line.\n" + filler +
                    "1.8 Fresh units: A unit that did not move last turn adds two to its MP.\nException: one.\n")
    assert ("Each Game-Turn is an hour.\nEach Strength Point is about 500 men.\n\nA paragraph after a short line."
            in book.markdown)
    assert "its MP.\n\nException: one." in book.markdown  # a label opens a paragraph, full line or not


def test_a_running_page_header_in_capitals_is_no_heading():
    # "PELLWICK CROSSING RULES      3" between blank lines on every page became a sub-heading in the table of
    # contents each time (a helper's book); it stays text, listed as a running header.
    pages = "".join(f"\n\nPELLWICK CROSSING RULES      {page}\n\nMore text.\n1.{page} Rule. Text.\n" for page in (3, 4, 5))
    book = imported("1. MOVE\n1.1 Roads. Half." + pages)
    assert "rr-subhead" not in book.markdown
    assert "comes back with other numbers on lines 4, 10, 16" in book.report.warnings[0]


def test_a_quoted_paragraphs_lazy_next_line_stays_in_the_quotation():
    # "> Designer's note: …" over an unmarked next line: the line left the quotation and became rule text
    # (a helper's book); CommonMark keeps it in the quoted paragraph. A rule's line after it is a rule.
    book = imported("## 5. MOVE\n**5.1** Roads. Half.\n\n> Designer's note: roads were poor\nin the winter of 1809.\n"
                    "**5.2** Fords. One.\n", fmt="markdown")
    html = render(book.markdown)
    assert "<blockquote>\n<p>Designer's note: roads were poor\nin the winter of 1809.</p>\n</blockquote>" in html
    assert list(book.report.rule_lines) == ["5", "5.1", "5.2"]


def test_a_markdown_table_without_outer_pipes_is_a_table():
    # "Terrain | Cost" over "--- | ---" ran into one paragraph (a helper's GitHub-style book).
    book = imported("## 1. FIRE\n**1.1** Odds. See:\n\nTerrain | Cost\n--- | ---\nHill | 3\nWoods | 2\n\nAfter it.\n",
                    fmt="markdown")
    assert '<td markdown="span">Hill</td><td markdown="span">3</td>' in book.markdown
    assert "</table>\n\nAfter it." in book.markdown


@pytest.mark.parametrize("numbering, fmt", [("decimal", "text"), ("decimal", "markdown"), ("case", "text")])
def test_a_rule_marked_as_changed_is_a_rule(numbering, fmt):
    # "► 1.1.1 Roads.", "[NEW] 1.2 …", "1.4* Trails." (an edition's change marks) each became text of the
    # rule before, listed nowhere (a helper's book). The mark stays in the heading, as printed.
    top, sub = ("1.0 MOVE", "1.1.1") if numbering == "decimal" else ("1. MOVE", "1.11")
    gap = "\n\n" if fmt == "markdown" else "\n"
    book = imported(gap.join([top, "1.1 Costs. One MP.", f"► {sub} Roads. Half.", "[NEW] 1.2 Rivers. Two.",
                              "(Errata) 1.3 Bridges. None.", "REVISED 1.4 Fords. One.",
                              "1.5\\* Trails. One." if fmt == "markdown" else "1.5* Trails. One.",
                              "1.6† Swamps. Three.", "*1.7 Dunes. Two."]) + "\n", numbering, fmt)
    assert list(book.report.rule_lines)[1:] == ["1.1", sub, "1.2", "1.3", "1.4", "1.5", "1.6", "1.7"]
    assert rule_headings(book.markdown)[2:] == [f"### ► {sub} Roads.", "## [NEW] 1.2 Rivers.", "## (Errata) 1.3 Bridges.",
                                                "## REVISED 1.4 Fords.", "## 1.5\\* Trails.", "## 1.6† Swamps.",
                                                "## *1.7 Dunes." if fmt == "markdown" else "## \\*1.7 Dunes."]
    assert book.report.not_rules == []


@pytest.mark.parametrize("numbering", ["case", "decimal"])
def test_a_number_split_by_a_space_is_listed_with_its_digits(numbering):
    # "5. 3 Retreat. Back." was a list item counted among "numbered list items", and "5 .2 Ties." said that 5 does not
    # come after section 5.0 (a helper's OCR'd book). "1. 2 units may stack." is a step, no rule.
    book = imported("5.0 FIGHT\n5.1 Odds. Compare in order:\n1. 2 units may stack.\n5 .2 Ties. Roll.\n"
                    "5. 3 Retreat. Back.\n5.4 Rout. Run.\n", numbering)
    assert list(book.report.rule_lines) == ["5.0", "5.1", "5.4"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules if not miss.list_item] == [
        (4, "a space inside the number (5 .2): write 5.2 to make it a rule"),
        (5, "a space inside the number (5. 3): write 5.3 to make it a rule")]


def test_a_word_processors_page_footer_is_shown_apart():
    # "Page 3 of 12" inside a sentence was text of the rule, splitting it (a helper's Google Docs export): only a
    # footer printed on three pages or more was known.
    book = imported("5.0 MOVE\n5.1 Roads. Units move along\nPage 3 of 12\nroads at half cost.\n5.2 Woods. Two.\n", "decimal")
    assert "Units move along\nroads at half cost.\n\n<p class=\"rr-running-head\" markdown=\"span\">Page 3 of 12</p>" \
        in book.markdown


@pytest.mark.parametrize("head", ["IRON FORD RULES                                        3",
                                  "Copyright (c) 1979, Simulations Workshop, Boston, Mass. 02116",
                                  "(c) 1979 Simulations Workshop", "IRON FORD",
                                  # (a review)
                                  "© Copyright 1979 Avalon Hill", "Copyright © GMT Games, LLC 2005",
                                  "Copyright ©1979 SPI", "Copyright (c)1979 SPI", "© GMT Games 2005"])
@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_page_head_inside_a_sentence_is_shown_apart_and_the_word_it_breaks_is_whole(head, gap):
    # A PDF copy's page break without its form feed (a helper's SPI book): a header or footer between blank lines
    # split the rule's paragraph in two, "the Move-" and "ment Phase" stayed two words, a copyright notice printed once
    # stayed in the sentence, and so did the book's title, its first line, printed again at a page's top.
    book = imported(f"IRON FORD\n\n[1.0] INTRO\n[1.1] GENERAL\n[1.11] A unit in an enemy Zone must attack; the Move-"
                    f"{gap}{head}{gap}ment Phase does not end this obligation.\n[1.12] Units stop.\n")
    assert (f"must attack; the Move-ment\nPhase does not end this obligation.\n\n<p class=\"rr-running-head\" "
            f"markdown=\"span\">{' '.join(head.split())}</p>") in book.markdown
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.11", "1.12"]
    assert len(book.report.warnings) == 1


def test_a_copyright_notice_or_the_books_title_between_paragraphs_stays_text():
    book = imported("IRON FORD\n\n[1.0] INTRO\n[1.1] GENERAL. Units stop.\n\nCopyright 1979 SPI\n\nIRON FORD\n\n"
                    "[1.2] MORE. More.\n")
    assert "rr-running-head" not in book.markdown and book.report.warnings == []
    # nor a sentence's "copyright", nor a short title in title case a sentence holds (a review)
    book = imported("Rules of Play\n\n[1.0] INTRO\n[1.1] GENERAL. This text is protected by\ncopyright and may not be "
                    "reproduced.\n[1.2] MORE. Read the Standard\nRules of Play\nwhich apply here.\n")
    assert "rr-running-head" not in book.markdown and book.report.warnings == []


def test_a_page_number_alone_over_a_rule_is_listed_and_a_running_head_read_as_a_section_is_named():
    # "6" alone over "[6.0] COMBAT" failed as "rule number 6 with no rule text", and "12 FENLANDS RULES" as
    # "5.2 comes after 12: out of order", with no word of a page's header (a helper's OCR'd book).
    book = imported("[5.0] MOVEMENT\n[5.1] Units move one hex\nat a time.\n6\n[6.0] COMBAT\n[6.1] Units attack.\n",
                    "decimal")
    assert list(book.report.rule_lines) == ["5.0", "5.1", "6.0", "6.1"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (4, "a number alone on its line, over rule 6.0: a page number? Kept as text; delete it from the source")]
    with pytest.raises(SourceError, match=r":5: rule 5\.2 comes after 12 \(line 4\): out of order; line 4 "
                                          r"\('12 FENLANDS RULES'\) may be a page's header or footer: delete it"):
        imported("[5.0] MOVEMENT\n[5.1] Units move one hex\nat a time.\n12 FENLANDS RULES\n[5.2] Units attack.\n",
                 "decimal")


def test_a_number_alone_with_no_title_is_a_page_number_and_a_line_after_rule_continues_its_sentence():
    # "5" over "A depot holds ten points." was a section 5 taking the text from 4.0, with 5.0 under it; "13" over the
    # designer's notes a section holding them; "… as stated in rule" over "2.4. Leaders are exempt." a rule 2.4 cut
    # from its sentence (a helper's hard-wrapped books). Each was silent.
    book = imported("4.0 SUPPLY\nDepots supply units.\n5\nA depot holds ten points.\n5.0 MOVEMENT\nUnits stop as "
                    "stated in rule\n5.4. Leaders are exempt.\n5.5 Terrain. Hills.\n\n13\nThe rules came late.\n",
                    "decimal")
    assert list(book.report.rule_lines) == ["4.0", "5.0", "5.5"]
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (3, "a number alone on its line, with no title"), (7, "continues the sentence of the line before"),
        (10, "a number alone on its line, with no title")]
    # a heading naming rules in capitals, or a title in the plural, is no cue (a review found "11.2 Weather" lost)
    headed = imported("10.0 BASICS\n10.1 Go.\nADVANCED RULES\n11.0 WEATHER\n11.1 Rain. Wet.\nThese are the Optional Rules"
                      "\n11.2 Snow. Cold.\n", "decimal")
    assert list(headed.report.rule_lines) == ["10.0", "10.1", "11.0", "11.1", "11.2"]
    # "… as stated under" over "rule 2.4. Leaders …" was a rule headed "rule 2.4." (a rule's label in small letters)
    wrapped = imported("2.0 MOVE\n2.3 Zones\nUnits stop as stated under\nrule 2.4. Leaders are exempt.\n2.5 Hills\n"
                       "Slow.\n", "decimal")
    assert list(wrapped.report.rule_lines) == ["2.0", "2.3", "2.5"]


def test_a_list_of_contents_with_page_numbers_but_no_dot_leaders_is_a_list():
    # "1.0 Introduction 2" ahead of "1.0 INTRODUCTION" failed as a duplicate 1.0, suggesting a backslash on the real
    # section's heading (a helper's book): the entry's page number hid its title.
    book = imported("CONTENTS\n1.0 Introduction 2\n2.0 Movement 3\n\n1.0 INTRODUCTION\nWelcome.\n2.0 MOVEMENT\n"
                    "2.1 Costs. One.\n", "decimal")
    assert book.report.rule_lines == {"1.0": 5, "2.0": 7, "2.1": 8} and book.markdown.count("<li ") == 2


@pytest.mark.parametrize("numbering", ["case", "decimal"])
def test_a_section_titled_in_sentence_case_over_its_rules_is_a_section(numbering):
    # "2. Sequence of play" over its text and its phases "1. Movement", "2. Combat" was a list item, and "2. Combat"
    # became section 2; "3. Optional rules" failed as "a section 3. would need a title" (a helper's French-style book,
    # which titles every section in sentence case). Its rules following make it a section.
    book = imported("1. Introduction\nText.\n\n2. Sequence of play\nEach turn has two phases:\n1. Movement\n"
                    "2. Combat\n\n2.1 Movement\nText.\n\n3. Optional rules\nUse these if both agree.\n"
                    "3.1 Weather. Rain.\n", numbering)
    assert rule_headings(book.markdown) == ["# 1. Introduction", "# 2. Sequence of play", "## 2.1 Movement",
                                            "# 3. Optional rules", "## 3.1 Weather."]
    assert book.markdown.count("<li ") == 2


def test_a_list_of_contents_naming_sections_by_their_titles_is_no_section_and_no_title():
    # "CONTENTS" over "1. Introduction" and "2. Movement", then "1. INTRODUCTION": the entry was section 1, the real
    # section a list item in its text, and "CONTENTS" the book's title (a helper's book). The same title later, in
    # any case, is the section.
    book = imported("CONTENTS\n1. Introduction\n2. Movement\n\n1. INTRODUCTION\nWelcome.\n\n2. MOVEMENT\n"
                    "2.1 Costs\nOne MP.\n")
    assert book.report.rule_lines == {"1": 5, "2": 8, "2.1": 9}
    assert "\ntitle: x\n" in book.markdown and book.markdown.count("<li ") == 2


def test_an_amount_in_a_worked_sum_is_no_rule():
    # "The attack is" over "1.3 + 0.5 = 1.8." was a rule 1.3 with the text "+ 0.5 = 1.8.", ending the example it was in
    # (a helper's book); "1.5 x 2 = 3." after a finished sentence failed as out of order.
    book = imported("1.0 COMBAT\n1.1 Odds\nThe attack is\n1.3 + 0.5 = 1.8.\n1.2 Results\nRound down:\n1.5 x 2 = 3.\n"
                    "1.3 Ratio. Compare.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"]
    assert "The attack is\n1.3 + 0.5 = 1.8.\n" in book.markdown and "\n\n1.5 x 2 = 3.\n" in book.markdown
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (4, "continues the sentence of the line before"), (7, "an amount in a worked sum, kept as text: no rule")]
    # a modifier starting a rule's text is no sum (a review found these lost): "7.11 +1 if …", "[7.12] -1 if …"
    modified = imported("7.0 FIRE\n7.1 Odds. Compare.\n7.11 +1 if the attacker is elite.\n[7.12] -1 if it moved.\n",
                        "decimal")
    assert list(modified.report.rule_lines) == ["7.0", "7.1", "7.11", "7.12"]


@pytest.mark.parametrize("source, fmt", [
    ("5.0 MOVEMENT\n5.3 March. Go.\n+---------------------+\n| 5.4 Fatigue. Tired. |\n+---------------------+\n"
     "5.5 Rest. See 5.4.\n", "text"),
    ("## 5.0 MOVEMENT\n\n**5.3** March. Go.\n\n| **5.4 Fatigue.** Tired. |\n|---|\n\n**5.5** Rest. See 5.4.\n",
     "markdown")])
def test_a_rule_in_a_box_drawn_around_it_is_listed(source, fmt):
    # An optional rule boxed with "+---+" and "|" (or a one-column pipe table) was a table, the rule lost without a
    # word; "see 5.4" only counted as unresolved (a helper's book).
    book = imported(source, "decimal", fmt)
    assert list(book.report.rule_lines) == ["5.0", "5.3", "5.5"]
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (4 if fmt == "text" else 5, "a rule number inside a box (a table of one column)")]


@pytest.mark.parametrize("caption", [": Terrain Effects Chart", "Table: Terrain Effects Chart"])
def test_pandocs_caption_under_a_table_is_its_title(caption):
    # ": Terrain Effects Chart" under a pipe table showed as a paragraph starting with a colon (a helper's pandoc
    # export, which writes a Word table's caption so).
    book = imported(f"## 3. Terrain\n\n**3.1** Costs.\n\n| Terrain | Cost |\n|---|---|\n| Clear | 1 |\n\n{caption}\n\n"
                    "**3.2** Woods. Slow.\n", fmt="markdown")
    assert 'class="rr-table__title" colspan="2" markdown="span">Terrain Effects Chart</th>' in book.markdown
    assert "\n\n: " not in book.markdown and "Table:" not in book.markdown


def test_a_one_column_table_of_values_is_no_box():
    # A review found "| 1.5 |" and "| 3.5 hexes |" in a column listed as rules inside a box.
    book = imported("## 3.0 TERRAIN\n\n**3.1** Costs.\n\n| Cost |\n|---|\n| 1.5 |\n| 3.5 hexes |\n| 4\\.5 |\n\n"
                    "**3.2** Woods.\n", "decimal", "markdown")
    assert book.report.not_rules == []


def test_a_number_misread_by_text_recognition_is_listed_with_its_digits():
    # "[5.l2]" and "[1O.0] VICTORY" (an OCR's l for 1, O for 0) silently became text of the rule before, and
    # "[6.O] COMBAT" made "rule 6.1 has no parent" name no line (a helper's book). The text stays as stored.
    # "5.S Rout." and "5.1B" (S for 5, B for 8) were not even listed.
    book = imported("[5.0] MOVE\n[5.1] Costs. One.\n[5.l2] Roads. Half.\n5.S Rout. Run.\n[5.1B] Fords. Two.\n"
                    "[1O.0] VICTORY\n[1O.1] Hold the town.\n")
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (line, f"a letter where a digit belongs ({printed}), as text recognition (OCR) misreads digits: write "
               f"{digits} to make it a rule") if "S" not in printed and "B" not in printed else
        (line, f"a letter after the dot ({printed}): a part lettered so, or text recognition (OCR) misreading a 5 or "
               f"an 8; if it is rule {digits}, write {digits}") for line, printed, digits in
        [(3, "5.l2", "5.12"), (4, "5.S", "5.5"), (5, "5.1B", "5.18"), (6, "1O.0", "10.0"), (7, "1O.1", "10.1")]]
    with pytest.raises(SourceError, match=r"line 1 \('\[6\.O\] COMBAT'\) looks like it .* write 6\.0 to make it a rule"):
        imported("[6.O] COMBAT\n[6.1] Odds. Compare.\n")


def test_a_page_number_far_from_the_text_is_no_rule():
    # "24" and the running title a wide gap after it, a PDF's footer inside a sentence, became rule 24 and took
    # the sentence's end; a page number alone far in from the margin stopped the import (a helper's book).
    book = imported("[9.0] VICTORY\n[9.1] Win. The Soviet Player wins if he holds Kalach; otherwise the\n\n"
                    "24                                       RED BANNER RISING\nGerman Player wins.\n\n"
                    "                                25\n[10.0] NOTES\n[10.1] Credits. Us.\n")
    assert list(book.report.rule_lines) == ["9.0", "9.1", "10.0", "10.1"]
    assert book.report.warnings == [f"rulesets/x/sources/x.txt:{line}: a page number far from the text, not a rule's "
                                    "(a page header or footer?), shown apart: delete it from the source"
                                    for line in (4, 7)]


def test_a_page_header_inside_a_sentence_is_shown_after_it_citing_nothing():
    # A right-hand page's header ("HARBOR LIGHT RULES", a wide gap, "2"), "Page 3" and a "- 2 -" footer ran into
    # the sentence they fell in ("… rolls for HARBOR LIGHT RULES 2 initiative."), and the first cited rule 2 ("Rules
    # 2"); the footer became a list item. Nothing was reported (a helper's pdftotext copy).
    book = imported("1.0 SETUP\n1.1 Units. Each player places his units, then rolls for\n"
                    "HARBOR LIGHT RULES                                                    2\n"
                    "initiative. The higher roll moves first.\n- 2 -\n2.0 MOVEMENT\n2.1 Costs. One MP per hex, and\n"
                    "Harbor Light Rules                                  Page 3\nroads half.\n"
                    "Page 4            Harbor Light Rules\n2.2 Roads. Half.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1", "2.2"]
    body = book.markdown.split("# 1.0 SETUP", 1)[1]
    assert re.findall(r"\n\n([^#\n][^\n]*(?:\n[^\n]+)*)", body) == [
        "Each player places his units, then rolls for\ninitiative. The higher roll moves first.",
        '<p class="rr-running-head" markdown="span">HARBOR LIGHT RULES 2</p>',
        '<p class="rr-running-head" markdown="span">- 2 -</p>', "One MP per hex, and\nroads half.",
        '<p class="rr-running-head" markdown="span">Harbor Light Rules Page 3</p>',
        '<p class="rr-running-head" markdown="span">Page 4 Harbor Light Rules</p>', "Half."]
    assert [warning.split(": ", 2)[0] for warning in book.report.warnings] == [
        f"rulesets/x/sources/x.txt:{line}" for line in (3, 5, 8, 10)]
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["1.1"].references == ()  # "RULES 2" cites nothing
    assert rules["1.1"].text == "Each player places his units, then rolls for initiative. The higher roll moves first."


def test_an_exports_anchor_or_no_break_space_before_a_rule_is_markup():
    # pandoc's "[]{#_Ref4812 .anchor}5.2 Zones.", "<span id="5.3"></span>5.3", "5.4&nbsp;Fords." each made the
    # rule text of the one before, listed nowhere (a helper's word-processor exports).
    book = imported("# 5. MOVEMENT\n\n5.1 Roads. Half.\n\n[]{#_Ref4812 .anchor}5.2 Zones. Stop.\n\n"
                    '<span id="5.3"></span>5.3 Bridges. A road.\n\n5.4&nbsp;Fords. One.\n\n**5.5**&nbsp;Ferries. Two.\n\n'
                    "## []{#_Toc148231 .anchor}5.6 Retreats\n\n5.61 Away (see 5.2).\n", fmt="markdown")
    assert list(book.report.rule_lines) == ["5", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.61"]
    assert rule_headings(book.markdown)[2:6] == ["## 5.2 Zones.", "## 5.3 Bridges.", "## 5.4 Fords.", "## 5.5 Ferries."]
    assert book.report.not_rules == [] and "anchor" not in book.markdown


def test_an_emoji_or_pandocs_escaped_brackets_before_a_number_leave_it_a_rule():
    # "### 🔫 2.2 Fire", "⚠️ **2.3** A squad …", "\[2.4\] Bridges." (pandoc) were text of the rule before, and
    # "… test. ⚠️ **2.51** A squad" was not listed as a joined rule (a helper's books).
    book = imported("## 🎲 2. ACTIVATION\n\n**2.1** Players alternate.\n\n### 🔫 2.2 Fire\n\nOne die.\n\n"
                    "⚠️ **2.3** Three Pins break a squad.\n\n\\[2.4\\] Bridges. A road.\n\n"
                    "👨‍👩‍👧 2.5 Families. Stay. ⚠️ **2.51** Together they move.\n", fmt="markdown")
    assert list(book.report.rule_lines) == ["2", "2.1", "2.2", "2.3", "2.4", "2.5"]
    assert rule_headings(book.markdown) == ["# 🎲 2. ACTIVATION", "## 2.1", "## 🔫 2.2 Fire", "## ⚠️ 2.3",
                                            "## \\[2.4\\] Bridges.", "## 👨‍👩‍👧 2.5 Families."]
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (13, "rule number 2.51 inside the line, after a sentence")]
    assert book.report.warnings == []  # the joiners of the family emoji stay


def test_a_struck_rule_is_listed_and_a_bold_title_wrapped_over_two_lines_is_read_whole():
    # "~~**2.6** A squad may pass.~~" (deleted in this edition) stayed text of the rule before, listed nowhere (a
    # helper's books). "**2.7 Infiltration by Light" over "Units.** They move." was listed, to be joined by hand:
    # Markdown reads the bold run across the line break, and so does the importer now.
    book = imported("# 2. ACTIVATION\n\n**2.5** Command. Two.\n\n~~**2.6** A squad may pass.~~ *Removed.*\n\n"
                    "**2.7 Infiltration by Light\nUnits.** They move.\nOne hex.\n\n**2.8 Ends of\nthe\nTurn.** Last.\n",
                    fmt="markdown")
    assert rule_headings(book.markdown) == ["# 2. ACTIVATION", "## 2.5 Command.", "## 2.7 Infiltration by Light Units."]
    assert "They move.\nOne hex." in book.markdown
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (5, "struck through (~~): a rule the book deleted? It stays struck text; delete the ~~ to make it a rule"),
        (11, "its bold title is not closed on the line nor the next: a title wrapped over more lines? Join them "
             "to make it a rule")]


def test_a_bold_title_a_word_processor_broke_into_a_bold_run_per_line_is_read_whole():
    # "**4\\.2 Zones of**" over "**Control.** The six hexes …" (a Google Docs export closes the bold at each line's
    # end; with a hard break, a backslash, after it too) was titled "Zones of", "**Control.**" left in its text (a
    # helper's export). A first line ending on a word a title may end on keeps its own title.
    book = imported("## 4\\. Movement\n\n**4\\.1 Points.** A unit spends.\n\n**4\\.2 Zones of**\n**Control.** The six "
                    "hexes (see 4.1).\n\n**4\\.3 Effects of**\\\n**Terrain on Movement.** Woods cost two.\n\n"
                    "**4\\.4 Rivers**\n**Cost** two more.\n", "decimal", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 4. Movement", "## 4.1 Points.", "## 4.2 Zones of Control.",
                                            "## 4.3 Effects of Terrain on Movement.", "## 4.4 Rivers"]
    assert "\n\nThe six hexes (see 4.1).\n\n" in book.markdown and "\n\n**Cost** two more.\n" in book.markdown
    # nor a title in capitals, or ending on a dash, over a label or a run-in title of the text (a review)
    book = imported("## 14\\. Digging\n\n**14\\.1 DIG IN**\n**Exception:** Armour never digs in.\n\n"
                    "**14\\.2 Falling Back –**\n**Retreat.** Back.\n", "decimal", fmt="markdown")
    assert rule_headings(book.markdown) == ["# 14. Digging", "## 14.1 DIG IN", "## 14.2 Falling Back –"]


def test_a_markdown_tables_short_row_ends_in_empty_cells():
    # "Swamp | 3 |" under three columns was refused as a ragged table; Markdown (GFM) ends it in an empty cell,
    # as the transcriber's preview showed it (a helper's html2text export). A longer row is still refused.
    book = imported("## 9. SUPPLY\n\n**9.1** Range.\n\nTerrain | Range | Note\n---|---|---\nClear | 4 | see 9.1\n"
                    "Swamp | 3 |\n\n**9.2** Depots.\n", fmt="markdown")
    assert ('<td markdown="span">Swamp</td><td markdown="span">3</td><td markdown="span"></td></tr>'
            in book.markdown)
    with pytest.raises(SourceError, match="table row has 4 cells, the rows above have 3"):
        imported("## 9. SUPPLY\n\n| Terrain | Range | Note |\n|---|---|---|\n| Clear | 4 | 9.1 | x |\n", fmt="markdown")


def test_a_pipe_tables_rows_lined_up_with_spaces_stay_one_pipe_table():
    # "| 7-9    | Pin    | 1 step|" (a cell touching its pipe) broke the column line-up; the rows above were read
    # as a table lined up with spaces, the rest as a second table of "\|" cells (a helper's book).
    book = imported("3.0 FIRE\n3.5 Fire. Roll:\n| Roll   | Result | Effect |\n|--------|--------|--------|\n"
                    "| 2-6    | Miss   | none   |\n| 7-9    | Pin    | 1 step|\n| 10-11  | Hit    | step   |\n",
                    "decimal")
    assert book.markdown.count("<table") == 1 and "\\|" not in book.markdown
    assert '<td markdown="span">7-9</td><td markdown="span">Pin</td><td markdown="span">1 step</td>' in book.markdown
    assert book.report.warnings == []


def test_a_joined_rule_whose_sentence_wraps_or_a_second_columns_rule_is_listed():
    # "… in the hex. [5.23] Crossing a river hexside" over the sentence's end, and "[5.14] Movement Points may not
    # be     [5.21] A unit pays one" (a page's two columns on one line) were text of the rule before, listed
    # nowhere: the first sentence did not end on its line, the second rule's parent was not read (a helper's books).
    wrapped = imported("[5.0] MOVEMENT\n[5.2] TERRAIN\n[5.21] A unit pays one MP.\n[5.22] A road costs half,\n"
                       "whatever the hex. [5.23] Crossing a river hexside\ncosts two more.\n[5.24] No lakes.\n")
    columns = imported("[5.0] MOVEMENT\n[5.14] Movement Points may not be     [5.21] A unit pays one Movement\n"
                       "transferred between units.            Point to enter a clear hex.\n[5.22] Roads cost half.\n")
    assert [(miss.line, miss.reason.split(":")[0]) for miss in wrapped.report.not_rules + columns.report.not_rules] == [
        (5, "rule number 5.23 inside the line, after a sentence"), (2, "rule number 5.21 after a wide gap inside the "
                                                                       "line")]


def test_a_sentence_wrapped_inside_a_game_term_is_no_title():
    # "[5.11] Each unit has a Movement" over "Allowance, which is …": the first line became the rule's title, the
    # sentence cut in two (a helper's hard-wrapped book). A short title in sentence case still is one.
    book = imported("[5.0] MOVEMENT\n[5.1] HOW TO MOVE\n[5.11] Each unit has a Movement\nAllowance, which is the "
                    "number of\nMovement Points it may spend.\n[5.12] A unit pays one Movement\nPoint per clear hex.\n"
                    "[5.13] Fresh units in woods\nThey add one.\n")
    assert rule_headings(book.markdown)[2:] == ["### [5.11]", "### [5.12]", "### [5.13] Fresh units in woods"]
    assert "Each unit has a Movement\nAllowance, which is" in book.markdown


def test_a_capitals_heading_over_a_list_at_the_end_stands_beside_the_sections():
    # "TURN END CHECKLIST" over "1. Remove Pin markers." after the last section became a sub-heading of its last
    # rule (a helper's book): the list's "1." looked like a section still to come.
    assert headings("1.0 GENERAL\n1.1 Dice. Two.\n\n2.0 VICTORY\n2.1 Sudden Death. A lead wins.\n\n"
                    "TURN END CHECKLIST\n1. Remove Pin markers.\n2. Advance the turn marker.\n", "decimal")[-1] == (
        "# TURN END CHECKLIST")


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_grid_table_is_a_table(fmt):
    # "+------+------+" tables (ASCII art, pandoc's grid tables) were refused with "a pipe table needs a '|---|'
    # line", and a table drawn with box characters ran into one paragraph (helpers' books).
    gap = "\n\n" if fmt == "markdown" else "\n"
    ascii_art = "+--------+--------+\n| Roll   | Result |\n+--------+--------+\n| 2-6    | Miss   |\n| 7-12   | Hit    |\n" \
                "+--------+--------+\n"
    boxes = "┌────────┬────────┐\n│ Roll   │ Result │\n├────────┼────────┤\n│ 2-6    │ Miss   │\n│ 7-12   │ Hit    │\n" \
            "└────────┴────────┘\n"
    pandoc = "+------+-----------+\n| Roll | Result    |\n+======+===========+\n| 2-6  | Miss, and |\n|      | no pin    |\n" \
             "+------+-----------+\n| 7-12 | Hit       |\n+------+-----------+\n"
    for table, rows in ((ascii_art, [["2-6", "Miss"], ["7-12", "Hit"]]), (boxes, [["2-6", "Miss"], ["7-12", "Hit"]]),
                        (pandoc, [["2-6", "Miss, and no pin"], ["7-12", "Hit"]])):
        book = imported(f"3. FIRE{gap}3.5 Fire. Roll:{gap}{table}{gap}3.6 Op Fire. Once.\n", "case", fmt)
        cells = re.findall(r'<t[hd] markdown="span">([^<]*)</t[hd]>', book.markdown)
        assert cells == ["Roll", "Result"] + [cell for row in rows for cell in row]
        assert "<th" in book.markdown and list(book.report.rule_lines) == ["3", "3.5", "3.6"]


def test_pandocs_dashes_end_a_run_in_title():
    # "3.2 Marsh --- Units pay three." (pandoc writes an em dash "---", an en dash "--") had no title in Markdown,
    # where "3.1 Beach — Units pay one." had one (a helper's export).
    assert headings("3.0 TERRAIN\n\n3.1 Beach — Units pay one.\n\n3.2 Marsh --- Units pay three.\n\n"
                    "3.3 Dunes -- Units pay two.\n", "decimal", "markdown")[1:] == [
        "## 3.1 Beach —", "## 3.2 Marsh ---", "## 3.3 Dunes --"]


def test_markdowns_hard_line_breaks_are_line_breaks():
    # "pays 1 MP\" over "regardless …" (pandoc's hard break) showed the backslash, and a line ending in two spaces
    # ran into the next (a helper's export). An escaped backslash at a line's end stays one.
    book = imported("# 7. COMBAT\n\n7.5 Ports. A unit pays 1 MP\\\nregardless of terrain.\n\n7.6 Docks. Two  \nlines.\n\n"
                    "7.7 Paths. A\\\\\nb.\n", fmt="markdown")
    html = render(book.markdown)
    assert "A unit pays 1 MP<br />\nregardless of terrain." in html and "Two<br />\nlines." in html
    assert "A\\\nb." in html


def test_a_link_within_the_source_document_is_its_text():
    # "(see [3.2](#rule-3-2))", an export's cross-reference, was shown as raw Markdown with a rule link nested in it
    # (a helper's export): the anchor is the source's; the text names the rule, which the site links.
    book = imported("# 3. COMMAND\n\n**3.1 Points.** Each player gets CP (see [3.2](#rule-3-2)).\n\n"
                    "**3.2 Activation.** See [3.1 Points](#rule-3-1), and [the errata](https://example.com/#e).\n",
                    fmt="markdown")
    assert "(see 3.2)." in book.markdown and "See 3.1 Points, and [the errata]\\(https://example.com/#e)." in book.markdown


@pytest.mark.parametrize("anchor", ["20-movement", "movement", "2-0-movement", "20-Movement", "2.0"])
def test_a_link_to_a_rules_heading_within_the_source_is_a_link_to_that_rule(anchor):
    # "[setup](#10-setup)" and a list of contents' "[2.0 Movement](#20-movement)" (a GitHub README's, an MkDocs
    # or pandoc export's) lost their target: the text stayed, and a link without a number linked nothing. The
    # anchor is the slug each tool gives the heading; a heading that is no rule, or markup in the text, keeps
    # the text alone.
    book = imported(f"# Reed\n\n- [1.0 Setup](#10-setup)\n- [Movement](#{anchor})\n- [Notes](#designers-notes)\n\n"
                    "## 1.0 Setup\n\n**1.1** Place the units (see [*movement*](#20-movement)).\n\n"
                    "## 2.0 Movement\n\n**2.1** Back to [setup](#setup) or [the notes](#designers-notes).\n\n"
                    "## Designer's Notes\n\nFun.\n", "decimal", fmt="markdown")
    assert "[[1.0\\|1.0 Setup]]</li>" in book.markdown and "[[2.0\\|Movement]]</li>" in book.markdown
    assert ">Notes</li>" in book.markdown and "(see *movement*)." in book.markdown
    assert "Back to [[1.0\\|setup]] or the notes." in book.markdown
    assert "\x02" not in book.markdown
    html = render(book.markdown)
    assert "Back to [[1.0|setup]] or the notes." in html  # an explicit rule link, which the build links


def test_a_link_to_an_anchor_set_by_hand_on_a_rule_is_a_link_to_that_rule():
    # A heading's attribute block ("{#river-rule}"), pandoc's bookmark of a Word cross-reference ("[]{#_Ref77 .anchor}")
    # and an empty HTML anchor over a rule ("<a id=…></a>") were left out, and links to them kept their text only:
    # "references: 0 found" (a helper's Word export). An anchor over text that is no rule names nothing.
    book = imported("## 5. Movement\n### 5.1 Roads\nSee [the river rule](#river-rule), [that](#_Ref77), [fords]"
                    "(#ford-rule) and [notes](#notes).\n### []{#_Ref77 .anchor}5.2 Rivers {#river-rule}\nWet.\n\n"
                    "<a id=\"ford-rule\"></a>\n\n**5.3** Fords. Shallow.\n\n<a name=\"notes\"></a>\nDesigner's notes.\n",
                    fmt="markdown")
    assert "See [[5.2\\|the river rule]], [[5.2\\|that]], [[5.3\\|fords]] and notes.\n" in book.markdown
    assert rule_headings(book.markdown) == ["# 5. Movement", "## 5.1 Roads", "## 5.2 Rivers", "## 5.3 Fords."]
    # an id on a span wrapping the rule's start (a review): '<span id="ford">5.3 Fords.</span>', "[5.4 Ice.]{#ice}"
    wrapped = imported('## 5. Movement\n### 5.1 Roads\nSee [fords](#ford), [ice](#ice).\n\n<span id="ford">5.3 Fords.'
                       '</span> Wet.\n\n[5.4 Ice.]{#ice} Cold.\n', fmt="markdown")
    assert "See [[5.3\\|fords]], [[5.4\\|ice]].\n" in wrapped.markdown


def test_a_document_title_holding_a_link_within_the_source_is_its_words():
    # "# [Reed](#top) Rules" (an export's title linking to its own top) was the heading "Reed Rules" on the page,
    # but the page's title in the navigation, the tab and search was the raw Markdown "[Reed](#top) Rules".
    book = imported("# [Reed](#top) Rules\n\n## 1.0 Setup\n\n**1.1** Place the units.\n\n## 2.0 Movement\n\n"
                    "**2.1** Move.\n", "decimal", fmt="markdown")
    assert "\ntitle: Reed Rules\n" in book.markdown


def test_a_note_under_a_marked_word_keeps_its_asterisk():
    # "one hex.*" over "* Except in cities." (a printed page's note) became a bullet: the asterisk, which ties the
    # note to what it explains, was gone (a known gap). A "* " line after a mark in the same rule is the note, a
    # paragraph of its own; a list after an unmarked rule stays a list, and a bullet before a number stays listed.
    book = imported("5. COMBAT\n\n5.2 Retreat. A unit retreats one hex.*\n* Except in cities.\n* Not in rain.\n\n"
                    "5.3 Rout. Units in woods* rout\ntwice.\n\n* Not in winter.\n\n5.4 Lists. Pick one:\n* a tank\n"
                    "* a gun\n")
    assert "one hex.\\*\n\n\\* Except in cities.\n\n\\* Not in rain.\n" in book.markdown
    assert "twice.\n\n\\* Not in winter.\n" in book.markdown
    assert '<li markdown="span">a tank</li>' in book.markdown
    html = render(book.markdown)
    assert "<p>* Except in cities.</p>" in html and "<li>a gun</li>" in html


def test_a_bracketed_number_with_spaces_or_a_dash_to_its_title_is_a_rule():
    # "[ 5.1 ] Attacks." (a typist's spaces) was listed as markup, and "[5.2]-TERRAIN." stayed text in 5.0 without a
    # word (a known gap): both are rules, shown as printed; "[5.3] - RIVERS." was one already.
    book = imported("[5.0] COMBAT\n\n[ 5.1 ] Attacks. Roll a die.\n\n[5.2]-TERRAIN. Woods add one.\n\n"
                    "[5.3] - RIVERS. Add two.\n", "decimal")
    assert list(book.report.rule_lines) == ["5.0", "5.1", "5.2", "5.3"] and not book.report.not_rules
    assert '## [ 5.1 ] Attacks. {: #5.1' in book.markdown and '## [5.2]-TERRAIN. {: #5.2' in book.markdown
    assert '## [5.3] - RIVERS. {: #5.3' in book.markdown


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_dotted_number_glued_to_its_title_by_a_dash_is_a_rule(fmt):
    # "4.2—Zones of Control. A unit stops." was rule 4.1's text, listed nowhere, and every "see 4.2" unresolved
    # (a helper's Google Docs export); a whole number glued to a word ("4-Trooper squads") is no rule's
    # (a review: not a hyphen, as in a measure, "1.1-Inch calibre", "4.5-Hex range", nor a dash before a sentence)
    book = imported("4.0 MOVEMENT\n\n4.1 Points. A unit spends points.\n\n4.2—Zones of Control. A unit stops.\n\n"
                    "4.3–Roads. Half cost (see 4.2).\n\n4.4 Rail. Units entrain.\n4—Trooper squads may not.\n\n"
                    "4.5 Guns. Artillery of\n1.1-Inch calibre fires twice at a\n4.5-Hex range.\n4.6—See below.\n", "decimal",
                    fmt=fmt)
    assert list(book.report.rule_lines) == ["4.0", "4.1", "4.2", "4.3", "4.4", "4.5"]
    for heading in ("4.2—Zones of Control.", "4.3–Roads."):
        assert f"## {heading} {{: #{heading[:3]}" in book.markdown
    for text in ("4—Trooper squads may not.", "1.1-Inch calibre", "4.5-Hex range.", "4.6—See below."):
        assert text in book.markdown.replace("\\-", "-")
    # a title alone on its line after the dash is the title too (a review: "## 4.2" over "—Zones of Control")
    whole = imported("4.0 MOVEMENT\n\n4.1 Points. A unit spends.\n\n4.2—Zones of Control\n\nA unit stops.\n",
                     "decimal", fmt=fmt)
    assert rule_headings(whole.markdown)[2] == "## 4.2—Zones of Control"


@pytest.mark.parametrize("underline", ["==========", "----------"])
def test_a_section_underlined_in_markdown_is_a_heading_with_no_underline_left(underline):
    # "15. Bulldozers" over "==========" (a transcriber's setext heading, which Markdown reads as a list's item) was
    # section 15, and its underline stayed on the page as text, "&#61;=========" (a known gap).
    book = imported(f"15. Bulldozers\n{underline}\n\n15.1 Types\n---------\n\nThree.\n", "decimal", fmt="markdown")
    assert book.markdown.split("---\n", 2)[2] == (
        '\n# 15. Bulldozers {: #15 .rr-rule data-rule="15" }\n\n## 15.1 Types {: #15.1 .rr-rule data-rule="15.1" }\n\n'
        'Three.\n')


def test_a_title_in_any_case_under_a_bare_number_is_its_title():
    # "6." over "Combat" (a PDF copy's heading, broken after its number) left section 6 without a title and
    # "Combat" as its text (a known gap; capitals were read). A sentence under a bare number stays text.
    source = "5.0 Movement\n\n5.1 Units move.\n\n6.\nCombat\n\n6.1 Odds. Compute.\n\n7.\nSupply\n7.1 Lines. Trace.\n\n8.\n" \
             "Units in woods\nare hidden.\n"
    assert headings(source, "decimal") == ["# 5.0 Movement", "## 5.1", "# 6. Combat", "## 6.1 Odds.", "# 7. Supply",
                                           "## 7.1 Lines.", "# 8."]


def test_a_title_a_blank_line_sets_apart_from_its_number_is_its_title():
    # "1.0", a blank line, "INTRODUCTION", a blank line (a PDF copy spacing a heading's lines) left every rule of a
    # helper's book untitled, its title a sub-heading or a paragraph. A sentence, a line in lower case or one a
    # text goes on from stays text; a whole number alone on its line may be a page's, and gets no title.
    source = ("1.0\n\nINTRODUCTION\n\nThe game is for two.\n\n1.1\n\nScale and Time\n\nEach hex is a mile.\n\n"
              "1.2\n\nUnits move one hex.\n\n1.3\n\nSee the chart below\n\nMore.\n\n1.4\n\nRoads\n"
              "cost half.\n\n2.\n\nCombat\n\n2.1 Odds. Compare.\n")
    assert headings(source, "decimal") == ["# 1.0 INTRODUCTION", "## 1.1 Scale and Time", "## 1.2", "## 1.3", "## 1.4",
                                           "# 2. Combat", "## 2.1 Odds."]


def test_each_rule_of_a_bulleted_run_of_rules_is_listed():
    # "* **4.21** …", "* **4.22** …", "* **4.23** …" (a transcriber's list of sub-rules): only 4.21 was listed, the
    # others stayed items of rule 4.2 without a word (a helper's export): each follows the one listed before it.
    book = imported("# 4. MOVEMENT\n\n**4.2 Supply Lines.** Five hexes.\n\n*   **4.21** No river crossing.\n"
                    "*   **4.22** Ten hexes along a road.\n*   **4.23** An HQ traces its own.\n\n**4.3 Stacking.** Two.\n",
                    fmt="markdown")
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (line, f"a bullet before rule number 4.2{n}") for line, n in ((5, 1), (6, 2), (7, 3))]


def test_a_pandoc_simple_table_is_a_table():
    # A header over "---------- ------ ------", its rows to a blank line (pandoc's simple table) became a rule
    # across the page between two paragraphs (a helper's export). The columns are where the dashes are.
    book = imported("# 6. TERRAIN\n\n6.1 Woods. Costs 2 MP.\n\n  Terrain   MP     Combat\n  --------- ------ ---------\n"
                    "  Clear     1      none\n  Woods     2      1 left\n\n6.2 Hills. Costs 3 MP.\n", fmt="markdown")
    cells = re.findall(r'<t[hd] markdown="span">([^<]*)</t[hd]>', book.markdown)
    assert cells == ["Terrain", "MP", "Combat", "Clear", "1", "none", "Woods", "2", "1 left"]
    assert "* * *" not in book.markdown and list(book.report.rule_lines) == ["6", "6.1", "6.2"]


def test_a_change_bar_in_the_margin_is_left_out_and_reported():
    # "| 1.1.1 Roads. Half an MP." (an edition's change bar) was refused as a pipe table without its "|---|" line
    # (a helper's book). A "|" before a line with no other pipe is a mark in the margin; a pipe table still is one.
    book = imported("1.0 MOVE\n1.1 Costs. One MP.\n| 1.1.1 Roads. Half an MP.\n| A road cancels the terrain.\n"
                    "1.2 Rivers. Two.\n\n| Terrain | Cost |\n|---|---|\n| Clear | 1 |\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.1.1", "1.2"] and "A road cancels" in book.markdown
    assert book.report.warnings == ["rulesets/x/sources/x.txt:3: left out the change bar in the margin of lines 3-4 "
                                    "('|', an edition's mark of what changed), not the book's text"]
    assert '<td markdown="span">Clear</td><td markdown="span">1</td>' in book.markdown



@pytest.mark.parametrize("bar", ["|", "||"])
@pytest.mark.parametrize("space", ["", " "])
def test_a_change_bar_glued_doubled_or_alone_on_a_line_is_left_out_too(bar, space):
    # "|1.2 Sleet.", "|| 1.2 Wind." and a bar alone on a blank line inside a barred run failed the import as a pipe
    # table without its "|---|" line, naming the line after (a helper's FAQ book).
    book = imported(f"1.0 MOVE\n1.1 Costs. One MP.\n{bar}{space}1.2 Sleet. Half an MP.\n{bar}\n{bar}{space}A road "
                    "cancels it.\n1.3 Rivers. Two.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"] and "A road cancels" in book.markdown
    assert book.report.warnings == ["rulesets/x/sources/x.txt:3: left out the change bar in the margin of lines 3-5 "
                                    f"('{bar}', an edition's mark of what changed), not the book's text"]


def test_a_run_of_change_bars_of_two_kinds_names_both():
    book = imported("1.0 MOVE\n1.1 Costs. One MP.\n|1.2 Sleet. Half.\n|\n|| 1.3 Wind. Drift.\n1.4 Rivers. Two.\n",
                    "decimal")
    assert book.report.warnings == ["rulesets/x/sources/x.txt:3: left out the change bar in the margin of lines 3-5 "
                                    "('|', '||', an edition's mark of what changed), not the book's text"]


def test_a_change_bar_in_the_right_margin_is_left_out():
    book = imported("1.0 MOVE\n1.1 Costs. One MP.\n1.2 Fog. Units in fog may not fire.        |\n1.3 Rivers. Two.\n",
                    "decimal")
    assert "\\|" not in book.markdown and "may not fire." in book.markdown
    assert book.report.warnings == ["rulesets/x/sources/x.txt:3: left out the change bar in the margin of line 3 "
                                    "('|', an edition's mark of what changed), not the book's text"]


@pytest.mark.parametrize("mark", [">>", "»"])
def test_a_change_mark_before_a_rules_number_is_its_decoration(mark):
    # ">> 1.2 Mud. Text two." became text of 1.1, and its references went unresolved (a helper's FAQ book)
    book = imported(f"1.0 MOVE\n1.1 Units. Text one.\n{mark} 1.2 Mud. Text two (see 1.1).\n1.3 Ice. Text.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"]
    assert rule_headings(book.markdown)[2].startswith("## ") and "1.2 Mud." in rule_headings(book.markdown)[2]

@pytest.mark.parametrize("columns", [2, 3])
@pytest.mark.parametrize("break_", ["\n\f", "\n\n", "\n"])
def test_a_tab_table_going_on_over_a_page_break_is_one_table(columns, break_):
    # The rows after a page break, the header printed again, were a legend of "Terrain: Cost" and "Hill: 2", or failed
    # as "table note must be 'key<TAB>text'" with three columns (a helper's PDF copy).
    row = (lambda *cells: "\t".join(cells[:columns]))
    book = imported(f"1.0 TERRAIN\n1.1 Costs. As follows.\n\n{row('Terrain', 'Cost', 'Note')}\n{row('Clear', '1', '-')}"
                    f"{break_}{row('Terrain', 'Cost', 'Note')}\n{row('Hill', '2', '-')}\n\n1.2 Rivers. Wet.\n", "decimal")
    assert book.markdown.count("<table") == 1 and "<dl" not in book.markdown
    assert book.markdown.count("<tr ") == 3 and book.markdown.count(">Terrain</th>") == 1



def test_a_legend_after_the_last_part_of_a_continued_table_is_its_legend():
    # "P<TAB>prohibited" right after the rows of the part after a page break failed as a ragged row (a review).
    book = imported("1.0 TERRAIN\n1.1 Costs. As follows.\n\nTerrain\tCost\tNote\nClear\t1\tP\n\n"
                    "Terrain\tCost\tNote\nHill\t2\tP\nP\tprohibited\n\n1.2 Rivers. Wet.\n", "decimal")
    assert book.markdown.count("<tr ") == 3 and 'class="rr-legend"' in book.markdown


def test_a_tab_tables_underline_row_and_indenting_tab_are_layout():
    # "----<TAB>----" under the header became a row of dashes, and a table whose every row starts with a tab got an
    # empty first column (a helper's book): both only lay the table out.
    for table in ("Terrain\tCost\n----\t----\nClear\t1\nWoods\t2\n", "\tTerrain\tCost\n\tClear\t1\n\tWoods\t2\n"):
        book = imported(f"1.0 MOVE\n1.1 Costs. See the table.\n{table}1.2 Rivers. Two.\n", "decimal")
        cells = re.findall(r'<t[hd] markdown="span">([^<]*)</t[hd]>', book.markdown)
        assert cells == ["Terrain", "Cost", "Clear", "1", "Woods", "2"]


def test_a_number_split_by_a_space_or_a_rule_named_again_gets_its_fix():
    # "[5. 12] Roads." was listed as "markup around the number: is this a Markdown source?", and a list of changes
    # naming rule 1.1 again failed with "duplicate rule ID" and no way out (a helper's books).
    book = imported("[5.0] MOVE\n[5.1] Costs. One MP.\n[5. 12] Roads. Half.\n")
    assert [miss.reason for miss in book.report.not_rules] == ["a space inside the number (5. 12): write 5.12 to make "
                                                               "it a rule"]
    with pytest.raises(SourceError, match=r"duplicate rule ID 1\.1 \(first on line 2\); if this line only names rule "
                                          r"1\.1 \(a list of changes, an index\), start it with a backslash to keep "
                                          r"it text: \\1\.1 Costs\. Now one MP\."):
        imported("1.0 MOVE\n1.1 Costs. One MP.\n1.2 Rivers. Two.\n\nCHANGES IN THIS EDITION\n1.1 Costs. Now one MP.\n",
                 "decimal")


def test_every_rule_joined_on_one_line_is_named():
    # "6.1 Costs. One MP per hex. 6.2 Roads. Half an MP. 6.3 Trails. One MP.": the report named 6.2 only, and 6.3
    # was lost without a word (a helper's book).
    book = imported("6. MOVE\n6.1 Costs. One MP per hex. 6.2 Roads. Half an MP. 6.3 Trails. One MP.\n6.4 Fords. Two.\n")
    assert [miss.reason for miss in book.report.not_rules] == [
        "rule numbers 6.2 and 6.3 inside the line, after sentences: 3 rules joined on one line? Start a line with each "
        "to make it a rule"]


def test_a_title_in_capitals_under_its_number_or_going_on_there_is_the_rules_title():
    # "1.0" over "INTRODUCTION" was an untitled rule whose text began "INTRODUCTION This game …", and "[2.0] THE
    # EFFECTS OF TERRAIN ON" over "COMBAT" cut the title in two (a helper's PDF copy). Nothing was reported.
    book = imported("1.0\nINTRODUCTION\nThis game covers 1942.\n[2.0] THE EFFECTS OF TERRAIN ON\nCOMBAT\n"
                    "Defenders in woods are doubled.\n[3.0] SUPPLY\nSTOCKS are kept in depots.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 1.0 INTRODUCTION", "# [2.0] THE EFFECTS OF TERRAIN ON COMBAT",
                                            "# [3.0] SUPPLY"]
    assert "\n\nThis game covers 1942.\n" in book.markdown and "STOCKS are kept" in book.markdown


def test_a_title_in_title_case_going_on_under_its_number_is_the_rules_title():
    # "5.2 Zones of" over "Control. A unit …" was titled "5.2 Zones of", its text starting "Control."; the new user
    # had to join the lines by hand. A title does not end on a minor word: it goes on. A sentence wrapped
    # after a minor word ("5.4 A unit in a Zone of") is no title, and stays as it was.
    book = imported("5. MOVEMENT\n5.1 General. Units move.\n5.2 Zones of\nControl. A unit stops on\n"
                    "entering one.\n5.3 Effects of\nTerrain on Movement\nA unit pays the cost.\n"
                    "5.4 A unit in a Zone of\nControl stops. It may not go on.\n5.5 Bridges of\nthe river. Half.\n")
    assert rule_headings(book.markdown) == ["# 5. MOVEMENT", "## 5.1 General.", "## 5.2 Zones of Control.",
                                            "## 5.3 Effects of Terrain on Movement", "## 5.4", "## 5.5 Bridges of"]
    assert "\n\nA unit stops on\nentering one.\n" in book.markdown
    assert "\n\nA unit pays the cost.\n" in book.markdown and "A unit in a Zone of\nControl stops." in book.markdown
    markdown = imported("## 5. Movement\n\n5.1 General. Units move.\n\n5.2 Zones *of*\nControl. A unit stops.\n",
                        fmt="markdown").markdown  # the lines of one paragraph
    assert rule_headings(markdown) == ["# 5. Movement", "## 5.1 General.", "## 5.2 Zones *of* Control."]


def test_a_title_on_the_line_under_its_dotted_number_or_wrapped_over_three_lines_is_the_rules_title():
    # "1.1" over "Scale and Time" over its text, and "1.2" over "Counters. A counter …", were untitled rules whose
    # text began with the title; a title in capitals or title case wrapped over three lines kept only two (a
    # helper's PDF copy).
    book = imported("1.0 INTRODUCTION\n1.1\nScale and Time\nEach hex is 500 m.\n1.2\nCounters. A counter is a unit.\n"
                    "2.0 SUPPLY AND THE EFFECTS OF\nISOLATION ON UNITS IN THE\nMOUNTAINS\nUnits trace supply.\n"
                    "2.1 Supply Sources and the Lines of\nCommunication Between\nThem. A unit traces supply.\n",
                    "decimal")
    assert rule_headings(book.markdown) == [
        "# 1.0 INTRODUCTION", "## 1.1 Scale and Time", "## 1.2 Counters.",
        "# 2.0 SUPPLY AND THE EFFECTS OF ISOLATION ON UNITS IN THE MOUNTAINS",
        "## 2.1 Supply Sources and the Lines of Communication Between Them."]
    assert "\n\nEach hex is 500 m.\n" in book.markdown and "\n\nA counter is a unit.\n" in book.markdown
    assert "\n\nUnits trace supply.\n" in book.markdown and "\n\nA unit traces supply.\n" in book.markdown
    # a sentence under a dotted number is its text, and so is one that starts in title case and goes on (a review)
    sentence = imported("1.0 INTRODUCTION\n1.1\nEach hex is 500 m and a turn is a day.\n", "decimal")
    assert rule_headings(sentence.markdown) == ["# 1.0 INTRODUCTION", "## 1.1"]
    going_on = imported("1.0 INTRODUCTION\n1.1\nGerman Units\nmay not cross the river.\n", "decimal")
    assert rule_headings(going_on.markdown) == ["# 1.0 INTRODUCTION", "## 1.1"]


def test_a_rule_headed_with_case_or_section_and_a_section_ended_by_a_tab_are_rules():
    # "SECTION 5.2: ROADS" and "CASE 5.3 TERRAIN EFFECTS" went into 5.1's text, and "4.<TAB>VICTORY" was called a
    # page footer to delete (a helper's PDF copies). "Rule 5.4 applies …" starting a sentence stays text.
    book = imported("SECTION 5: MOVEMENT\n5.1 Units move one at a time. Rule 5.3 applies to all.\nSECTION 5.2: ROADS\n"
                    "Roads cost half.\nCASE 5.3 TERRAIN EFFECTS CHART\nForest costs 2 MP.\n5.4 Fords. One.\n"
                    "Rule 5.5 applies to\nfords too.\n6.\tVICTORY\nHold the cities.\n")
    assert rule_headings(book.markdown) == ["# SECTION 5: MOVEMENT", "## 5.1", "## SECTION 5.2: ROADS",
                                            "## CASE 5.3 TERRAIN EFFECTS CHART", "## 5.4 Fords.", "# 6. VICTORY"]
    assert "Rule 5.5 applies to" in book.markdown and book.report.warnings == []


def test_a_rule_headed_with_a_word_in_small_letters_and_a_title_is_a_rule():
    # "Case 5.2 Zones of Control", "Rule 5.3 Rail Movement", "Section 5.4 Air", "Rule 5.5. Foot." and "Rule 5.6 -
    # Sea. …" each went into 5.1's text, unlisted (a helper's typed book). A title or a mark after the number is a
    # heading's; a sentence after it is not.
    book = imported("5.0 MOVEMENT\n5.1 Roads. Half.\nCase 5.2 Zones of Control\nUnits stop.\nRule 5.3 Rail Movement\n"
                    "Three.\nSection 5.4 Air\nBy plane.\nRule 5.5. Foot.\nRule 5.6 - Sea. By boat.\nRule 5.7 Swim. "
                    "Slowly.\nRule 5.6 applies to all units.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 5.0 MOVEMENT", "## 5.1 Roads.", "## Case 5.2 Zones of Control",
                                            "## Rule 5.3 Rail Movement", "## Section 5.4 Air", "## Rule 5.5.",
                                            "## Rule 5.6 - Sea.", "## Rule 5.7 Swim."]
    assert "\n\nSlowly.\n\nRule 5.6 applies to all units.\n" in book.markdown


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_section_named_with_rule_and_a_whole_number_fails_with_the_fix(fmt):
    # "Rule 1: General" over "Rule 1.1 Scale. …" was refused with advice to start a line with a backslash (a helper's
    # book). Read as a section, such lines broke examples ("#### Case 2: Clear" in 2.2), lists of changed rules and a
    # book's notes (four reviews): the import still fails, and now names the line and how to write it.
    # (a Markdown heading is no example's label nor a sentence: "## Rule 1: General" is section 1, below)
    marks = ("**", "### ") if fmt == "markdown" else ("", "")
    with pytest.raises(SourceError, match=r"rule 1\.1 has no parent: no rule 1 or 1\.0 comes before it; line 1 "
                                          r"\('(\*\*)?Rule 1: General'\) names section 1 after 'Rule', as an example's "
                                          r"label or a sentence does: write it as a section's heading, 'Section 1: …'"):
        imported(f"{marks[0]}Rule 1: General\n\n{marks[1]}Rule 1.1 Scale. Each hex is a mile.\n", "decimal", fmt=fmt)
    # no line an example's label, a sentence or a number with more after it names (a review: each was named)
    for above in ("Case 1: the unit is disrupted.", "Rule 1 covers the basics.", "Rule 1a: General", "Rule 1-4 apply."):
        with pytest.raises(SourceError) as error:
            imported(f"{above}\n\n{marks[1]}Rule 1.1 Scale. Each hex is a mile.\n", "decimal", fmt=fmt)
        assert "names section" not in error.value.reason
    # and such lines in a rule stay its text, as before
    book = imported("1.0 INTRODUCTION\n\n1.1 Changes. This edition changes these rules:\n\nRule 3: Stacking\n"
                    "Rule 5: Supply\n\n1.2 Scale. Each hex is one mile.\n", "decimal", fmt=fmt)
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2"]


def test_a_wrapped_sentence_over_a_capital_is_no_title():
    # "5.1 Supply is traced to any friendly" over "HQ within 5 hexes." and "5.3 Blocks stand upright so that their"
    # over a running header: the first line became the title (a helper's PDF copy). A verb a sentence turns on, or
    # a last word no title ends on, makes the line a sentence; "Fresh units in woods" is still a title.
    book = imported("5.0 MOVEMENT\n5.1 Supply is traced to any friendly\nHQ within 5 hexes.\n5.2 Cavalry may retreat "
                    "before\nCombat at no cost.\n5.3 Blocks stand upright so that their\nOwner alone sees them.\n"
                    "5.4 Fresh units in woods\nThey add one.\n")
    assert rule_headings(book.markdown) == ["# 5.0 MOVEMENT", "## 5.1", "## 5.2", "## 5.3",
                                            "## 5.4 Fresh units in woods"]


def test_a_bullet_glyph_after_an_open_line_starts_an_item():
    # "7.4 The defender may choose to" over "• retreat one hex, or" and "• hold and lose a step.": the items ran into
    # the paragraph (a helper's PDF copy), though a bullet always starts one; "- 1 to the roll" may still go on.
    book = imported("7.0 COMBAT\n7.4 The defender may choose to\n• retreat one hex, or\n• hold and lose a step.\n"
                    "7.5 Armor. A modifier of\n- 1 to the roll applies.\n", "decimal")
    assert '<li markdown="span">retreat one hex, or</li>\n<li markdown="span">hold and lose a step.</li>' in book.markdown
    assert "A modifier of\n- 1 to the roll applies." in book.markdown.replace("\\-", "-")


def test_a_section_title_after_a_spaced_dash_is_a_title():
    # "4 - COMBAT" was refused: "a section 4 would need a title after it", the title being right there (a helper's
    # book). A spaced dash between the number and a title is printed with it.
    assert headings("3. MOVEMENT\n3.1 Units move.\n4 - COMBAT\n4.1 Units fight.\n5. – Supply Rules\n5.1 Trace.\n") == [
        "# 3. MOVEMENT", "## 3.1", "# 4 - COMBAT", "## 4.1", "# 5. – Supply Rules", "## 5.1"]


@pytest.mark.parametrize("event", ["Sandstorm: no fire this turn", "Sandstorm: no fire this turn."])
def test_a_space_aligned_table_with_a_longer_cell_or_a_sentence_in_its_last_column_is_a_table(event):
    # "2-4    Sandstorm: no fire this turn" (five words) made the whole table one paragraph, and a last cell ending
    # a sentence split it in two (a helper's book). Rules whose number two spaces follow stay rules.
    book = imported(f"2.0 EVENTS\n2.1 Event Phase. Roll on the table:\nDie    Event\n2-4    {event}\n"
                    "5-9    No event\n10-12  Reinforcements arrive\n2.2 Next. Text.\n", "decimal")
    cells = re.findall(r'<t[hd] markdown="span">([^<]*)</t[hd]>', book.markdown)
    assert cells == ["Die", "Event", "2-4", event, "5-9", "No event", "10-12", "Reinforcements arrive"]


def test_a_starred_note_under_a_tab_table_is_the_tables_note():
    # "* Only if the defender is not disrupted." under "Woods<TAB>2<TAB>x2*" became a bullet item, cut off from the
    # star it explains (a helper's PDF copy). It is the table's legend entry for "*".
    book = imported("5.0 MOVEMENT\n5.3 TERRAIN. See:\nTerrain\tMP\tDefense\nClear\t1\tx1\nWoods\t2\tx2*\n"
                    "* Only if the defender is not disrupted.\n5.4 Next. Text.\n", "decimal")
    assert '<dt markdown="span">\\*</dt>\n<dd markdown="span">Only if the defender is not disrupted.</dd>' in book.markdown
    assert "<li" not in book.markdown


def test_a_contents_entry_with_dot_leaders_is_no_rule():
    # "1.0 Introduction ...... 2" over "2.0 Movement .......... 3", sections with no rules under them, made the
    # contents entry rule 1.0, and the real "1.0 INTRODUCTION" a duplicate (a helper's book).
    book = imported("Kettle Ridge\n\nCONTENTS\n1.0 Introduction ...... 2\n2.0 Movement . . . . 3\n\n1.0 INTRODUCTION\n"
                    "This game covers 1942.\n2.0 MOVEMENT\n2.1 Units move.\n", "decimal")
    assert rule_headings(book.markdown)[-3:] == ["## 1.0 INTRODUCTION", "## 2.0 MOVEMENT", "### 2.1"]
    assert [miss.line for miss in book.report.not_rules] == [4, 5]


def test_a_rule_named_with_a_word_after_a_mark_or_before_the_next_section_is_a_rule():
    # "### 💡 Rule 2.3 Gravity Wells" became an unnumbered sub-heading and "► **Rule 2.4** Slingshot." text of 2.2, and
    # "**Rule 2.5** Hull Hits." right before "## 3." was called "a heading above the sections" (a helper's exports).
    book = imported("## 2. Movement\n\n2.2 Drift. A ship drifts.\n\n### 💡 Rule 2.3 Gravity Wells\n\nA ship is pulled.\n\n"
                    "► **Rule 2.4** Slingshot. Add 2 thrust.\n\n**Rule 2.5** Hull Hits.\n\nText.\n\n## 3. Victory\n",
                    fmt="markdown")
    assert list(book.report.rule_lines) == ["2", "2.2", "2.3", "2.4", "2.5", "3"]
    assert rule_headings(book.markdown)[2:4] == ["## 💡 Rule 2.3 Gravity Wells", "## ► Rule 2.4 Slingshot."]


def test_rules_an_export_escaped_or_wrapped_in_markup_are_read_or_listed():
    # "<p class="MsoNormal">4.2 Trails.</p>" showed escaped HTML and lost 4.2; "**4.3** Ice.<br>**4.4** Thin Ice." lost
    # 4.4; "* **4.5 Supply Sources**" (title inside the bold) and "12\.4a", "12\.5Knives." (escaped dots) were listed
    # nowhere (helpers' Word, html2text and GitHub exports).
    book = imported('## 4. Movement\n\n4.1 Costs. Pay.\n\n<p class="MsoNormal">4.2 Trails. Half cost.</p>\n\n'
                    "**4.3** Ice.<br>**4.4** Thin Ice. It breaks.\n\n* **4.5 Supply Sources**\n\n4\\.5a Pinned. Yes.\n\n"
                    "4\\.6Knives. Add 1.\n", fmt="markdown")
    assert list(book.report.rule_lines) == ["4", "4.1", "4.2", "4.3", "4.5a"]  # a lettered sub-rule, escaped too
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (7, "rule number 4.4 inside the line, after a sentence"), (9, "a bullet before rule number 4.5"),
        (13, "no space between the number and the word after it")]


def test_a_pandoc_multiline_table_is_a_table():
    # A multiline table (dashes, header, dashes per column, rows parted by blank lines, dashes) made its last row
    # "6 Gale", over the closing dashes, a heading: a section 6 the book does not have (a helper's Word export).
    book = imported("## 5. Weather\n\n5.1 Wind. Roll on the table.\n\n  ---------------------------\n  Roll      Result\n"
                    "  --------- -----------------\n  1-5       Calm, and\n            clear\n\n  6         Gale\n"
                    "  ---------------------------\n\n5.2 Rain. Mud.\n", fmt="markdown")
    cells = re.findall(r'<t[hd] markdown="span">([^<]*)</t[hd]>', book.markdown)
    assert cells == ["Roll", "Result", "1-5", "Calm, and clear", "6", "Gale"]
    assert list(book.report.rule_lines) == ["5", "5.1", "5.2"]


def test_a_contents_list_a_line_block_a_toggle_and_numbered_items_holding_rules():
    # A contents list naming sections and their rules was refused as a duplicate rule 1.0; pandoc's line block
    # ("| Command Phase") was refused as a pipe table; "<details><summary>4.2 Ferries</summary>" hid rule 4.2; and
    # "1. **4.3** Rivers." was counted only as a numbered list's item (helpers' exports).
    book = imported("Contents\n\n1.0 Introduction\n1.1 Components\n\n## 1.0 Introduction\n\n1.1 Components. One map.\n\n"
                    "1.2 Phases. In order:\n\n| Command Phase\n| Movement Phase\n\n"
                    "<details><summary>1.3 Ferries (optional)</summary>\n\n1.3.1 A ferry carries one unit.\n\n</details>\n\n"
                    "1. **1.4** Rivers. A unit stops.\n", "decimal", "markdown")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3", "1.3.1"]
    assert "Command Phase<br />\nMovement Phase" in book.markdown
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (3, "an entry of a list of contents"), (4, "an entry of a list of contents"),
        (21, "a list's number (1.) before rule number 1.4")]


FOOTNOTED = ("## 1. Movement\n\n**1.1** Units move one hex.[^mud] Roads: see 1.3.\n\n**1.2** Roads double it.\n\n"
             "**1.3** Bridges.[^2]\n\n[^mud]: Except in mud (see 1.2).\n[^2]: Designer's note: *rare* on maps.\n")


def test_a_markdown_footnote_is_a_footnote_and_its_citations_are_its_marks_rules():
    # '[^1]: text' was escaped and shown as written, inside the last rule's text; a rule it cited was counted as
    # cited by that last rule, which then showed in a false "Referenced by" line (a helper's Pandoc export).
    book = imported(FOOTNOTED, "decimal", "markdown")
    assert "\n[^mud]: Except in mud (see 1.2).\n[^2]: Designer's note: *rare* on maps.\n" in book.markdown
    html = render(book.markdown)
    assert re.findall(r'<sup id="fnref:(\w+)"><a class="footnote-ref" href="#fn:\1"', html) == ["mud", "2"]
    assert re.search(r'<li id="fn:mud">\s*<p>Except in mud \(see 1\.2\)\.', html)
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["1.1"].references == ("1.3", "1.2")  # its own text, then its footnote's
    assert rules["1.3"].references == ()
    assert rules["1.1"].text == "Units move one hex. Roads: see 1.3."  # previews: no mark, no footnote
    assert rules["1.3"].text == "Bridges."


PLAIN_FOOTNOTES = ("1. Movement\n1.1 Roads. Units move 2 hexes per turn on roads.[1] A unit that\n"
                   "leaves a road pays the full cost.\n1.2 Units in woods move 1 hex.¹ Units in marsh\nstop.[2]\n\n"
                   "[1] Only on a primary road; see 1.2. Secondary\nroads are tracks.\n"
                   "[2] Frozen marsh is clear terrain (2.1).\n¹ Light woods only.\n"
                   "2. Combat\n2.1 Roll a die; see 1.1.[1]\n2.2 Attack odds are 3 to 1.\n\n[1] A six hits; see 2.2.\n")


def test_plain_text_footnotes_are_footnotes_and_their_citations_are_their_marks_rules():
    # "[1] Only on a primary road; see 1.2." at a page's foot was text of the last rule, which then cited 1.2; the
    # note's "[1]" was listed as a rule number out of order (a helper's typed book). Notes start again at 1 on a
    # new page: each takes the first mark above it that no note has taken.
    book = imported(PLAIN_FOOTNOTES, "case")
    assert "roads.[^1] A unit that\n" in book.markdown and "1 hex.[^1-2] Units" in book.markdown
    assert "\n\n[^1]: Only on a primary road; see 1.2. Secondary\nroads are tracks.\n\n[^2]: Frozen marsh" in book.markdown
    assert "\n\n[^1-2]: Light woods only.\n" in book.markdown and "see 1.1.[^1-3]\n" in book.markdown
    assert "\n\n[^1-3]: A six hits; see 2.2.\n" in book.markdown
    assert book.report.not_rules == []
    html = render(book.markdown)
    assert re.findall(r'<li id="fn:([\w-]+)">', html) == ["1", "2", "1-2", "1-3"]
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["1.1"].references == ("1.2",)
    assert rules["1.2"].references == ("2.1",)
    assert rules["2.1"].references == ("1.1", "2.2")
    assert rules["2.2"].references == ()



def test_a_footnote_marked_with_a_dagger_is_a_footnote_of_its_marks_rule():
    # "Units move one hex.†" over "† Only in summer (see 1.2)." at the page's foot: the note was text of rule 1.2,
    # which then cited itself (a helper's book). A dagger or a double dagger marks a note as a number does.
    book = imported("1. Moves\n1.1 Movement. Units move one hex.†\n1.2 Retreat. Units retreat.‡\n\n"
                    "† Only in summer (see 1.2).\n‡ Never across a river.\n", "case")
    assert "Units move one hex.[^†]\n" in book.markdown and "Units retreat.[^‡]\n" in book.markdown
    assert "\n\n[^†]: Only in summer (see 1.2).\n\n[^‡]: Never across a river.\n" in book.markdown
    html = render(book.markdown)
    assert len(re.findall(r'<li id="fn:', html)) == 2
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["1.1"].references == ("1.2",) and rules["1.2"].references == ()

def test_a_sentence_over_a_table_is_the_rules_text_and_a_tables_title_holds_no_footnote():
    # "A unit may always move one hex.[1]" over a tab table (a Google Docs export writes a paragraph on one line)
    # became the table's title, and its mark stayed "[1]" there while its note became a footnote: the build failed
    # on a footnote never referenced (a helper's export). A sentence of some words is text; a title's mark is no note.
    book = imported("3. Movement\n3.1 Costs\nA unit may always move one hex.[1]\n\nTerrain\tMP\nClear\t1\n\n"
                    "[1] Except in marsh.\n", "decimal")
    assert "\n\nA unit may always move one hex.[^1]\n\n<table" in book.markdown and "rr-table__title" not in book.markdown
    assert "\n\n[^1]: Except in marsh.\n" in book.markdown
    titled = imported("3. Movement\n3.1 Costs. Roll.\n\nTERRAIN CHART[1]\n\nTerrain\tMP\nClear\t1\n\n"
                      "[1] Except in marsh.\n", "decimal")
    assert "TERRAIN CHART[1]</th>" in titled.markdown and "[^" not in titled.markdown


def test_a_note_takes_the_nearest_mark_and_a_note_in_capitals_stays_a_note():
    # A review found a note paired with a stray mark higher up ("1 km²" took "² Only in winter."), and a note in
    # capitals read as a heading that kept the importer's marker character and left its mark without a note.
    book = imported("1. Movement\n1.1 A hex is 1 km² wide. Units move 2 hexes on roads.[1]\n1.2 Woods. Slow.[1] "
                    "Rivers.²\n\n[1] ONLY ON PRIMARY ROADS\n² Only in winter.\n", "case")
    assert "1 km² wide. Units move 2 hexes on roads.[1]\n" in book.markdown
    assert "Slow.[^1] Rivers.[^2]\n\n[^1]: ONLY ON PRIMARY ROADS\n\n[^2]: Only in winter.\n" in book.markdown
    assert "\x05" not in book.markdown and "rr-subhead" not in book.markdown
    # a mark on a rule's number ("5.1[1] Roads.", an erratum's note) left the line text, unlisted (a review)
    numbered = imported("5. MOVE\n5.1[1] Roads. Half.\n5.2 Woods. Two.\n\n[1] Errata 2024.\n", "case")
    assert rule_headings(numbered.markdown) == ["# 5. MOVE", "## 5.1[^1] Roads.", "## 5.2 Woods."]


def test_a_bracketed_number_is_a_note_only_under_its_mark():
    # No mark glued to the text above ("see [1]" is spaced): the lines are read as before.
    book = imported("1. Movement\n1.1 Units move; see [1] below.\n\n[1] Only on roads.\n", "case")
    assert "[^" not in book.markdown
    assert [miss.line for miss in book.report.not_rules] == [4]
    book = imported("1. Movement\n1.1 Units move.\n¹ Only on roads.\n", "case")
    assert "[^" not in book.markdown and "¹ Only on roads." in book.markdown


def test_a_converters_linked_footnotes_are_footnotes_and_cite_for_their_marks_rule():
    # mammoth and markitdown write a Word footnote as a link, "<sup>[[1]](#footnote-1)</sup>", and its note as an
    # item of a list at the end, "1. Not a leader. [↑](#footnote-ref-1)": the mark linked rule 1 as a wiki link and
    # the note was text of the last rule, which then cited what the note cited (a helper's exports).
    source = ("__1\\. FERRIES__\n\n__1\\.1__ A ferry carries one unit<sup>[[1]](#footnote-1)</sup>\\.\n\n"
              "__2\\. CABLES__\n\n__2\\.1__ A cable carries two units[[2]](#footnote-2)\\.\n\n"
              '1. <a id="footnote-1"></a> Not a leader\\. [↑](#footnote-ref-1)\n'
              "2. A day is 24 hours, see 1.1. [↑](#footnote-ref-2)\n")
    book = imported(source, "case", "markdown")
    assert "one unit[^1]\\." in book.markdown and "two units[^2]\\." in book.markdown
    assert "\n\n[^1]: Not a leader\\.\n[^2]: A day is 24 hours, see 1.1.\n" in book.markdown and "↑" not in book.markdown
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["2.1"].references == ("1.1",) and rules["1.1"].references == ()
    html = render(book.markdown)
    assert re.findall(r'<li id="fn:([\w-]+)">', html) == ["1", "2"] and "[[" not in book.markdown


def test_a_link_whose_text_is_in_brackets_is_no_link_to_a_rule():
    # "[[1]](#footnote-1)" is a Markdown link whose text is "[1]", not a wiki link to rule 1.
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    book = imported("1. FERRIES\n1.1 Ferries carry one unit [[1]](#note) or see [[1]].\n", "case", "markdown")
    (_, rule) = rules_in_markdown(book.markdown, ruleset, "x/x.md")
    assert rule.text == "Ferries carry one unit [1] or see [[1]]." and rule.named == ("1",)


def test_a_footnote_definition_in_plain_text_stays_text():
    book = imported("1. MOVEMENT\n1.1 Costs. One MP.\n[^1]: as written.\n")
    assert "\\[^1]: as written." in book.markdown


def test_an_html_table_in_a_markdown_source_is_a_table():
    # A wiki's export wrote its tables as HTML: each tag was shown as text ("<tr><td>1-3</td>…"), one paragraph of
    # markup, with nothing reported. Its rows and cells are the table's; emphasis and line breaks stay, the
    # rest of its markup (attributes, spans, links) is left out and its text kept: no tag of a source runs.
    book = imported("## 1. Combat\n\n**1.1** Roll on the table.\n\n"
                    '<table class="wikitable" style="width:50%">\n<caption>Fire Table</caption>\n'
                    "<tr><th>Roll</th><th>Result</th></tr>\n<tr>\n  <td>1-3</td>\n  <td><b>Miss</b> &amp; reload</td>\n"
                    '</tr>\n<tr><td>4*</td><td><span onclick="x()">Hit</span><br>(see 1.2)</td></tr>\n'
                    '<tr><td colspan="2"><a href="http://x">* Only at night</a></td></tr>\n</table>\n\n'
                    "**1.2** Hits. A hit kills.\n", "decimal", "markdown")
    assert list(book.report.rule_lines) == ["1", "1.1", "1.2"]
    html = render(book.markdown)
    cells = [re.sub(r"\s+", " ", cell) for cell in re.findall(r"<t[hd](?:\s[^>]*)?>(.*?)</t[hd]>", html, re.S)]
    assert cells == ["Fire Table", "Roll", "Result", "1-3", "<strong>Miss</strong> &amp; reload", "4*",
                     "Hit<br />(see 1.2)", "* Only at night", ""]
    assert "onclick" not in html and "http://x" not in html and "&lt;" not in html
    assert re.search(r"\(see 1\.2\)", book.markdown)  # a reference in a cell is linked as in any text


def test_an_html_tables_merged_cells_keep_the_cells_after_them_in_their_columns():
    # pandoc writes a Word table's merged cells with rowspan and colspan: the rowspan was dropped, so "Foot" went under
    # "Terrain" and every cell after a merged one a column left; the second header row was a body row, and a list in a
    # cell ran into one line (a helper's export).
    book = imported("## 1. Move\n\n**1.1** Costs.\n\n<table>\n"
                    '<tr><th rowspan="2">Terrain</th><th colspan="2">Cost</th></tr>\n'
                    "<tr><th>Foot</th><th>Wheeled</th></tr>\n"
                    '<tr><td>Clear</td><td colspan="2">1</td></tr>\n'
                    '<tr><td rowspan="2">Woods</td><td>2</td><td>4</td></tr>\n'
                    "<tr><td>3</td><td><ul><li>Prohibited to tanks</li><li>Infantry pays 3</li></ul></td></tr>\n"
                    "</table>\n", "decimal", "markdown")
    html = render(book.markdown)
    rows = [re.findall(r"<t([hd])(?:\s[^>]*)?>(.*?)</t[hd]>", row, re.S) for row in re.findall(r"<tr.*?</tr>", html, re.S)]
    assert rows == [
        [("h", "Terrain"), ("h", "Cost<br />Foot"), ("h", "Wheeled")],
        [("d", "Clear"), ("d", "1"), ("d", "")],
        [("d", "Woods"), ("d", "2"), ("d", "4")],
        [("d", ""), ("d", "3"), ("d", "• Prohibited to tanks<br />• Infantry pays 3")]]
    # a divider row of <th> under a plain header is the body's; a merged cell ends with its row group; an <ol>
    # keeps its numbers (a review)
    divided = imported("## 1. Move\n\n**1.1** Costs.\n\n<table>\n<tr><th>Terrain</th><th>Cost</th></tr>\n"
                       '<tr><th colspan="2">Open terrain</th></tr>\n<tr><td>clear</td><td><ol><li>one</li><li>two</li>'
                       '</ol></td></tr>\n</table>\n\n<table>\n<thead><tr><th rowspan="2">A</th><th>B</th></tr></thead>\n'
                       "<tbody><tr><td>1</td><td>2</td></tr></tbody>\n</table>\n", "decimal", "markdown")
    html = render(divided.markdown)
    rows = [re.findall(r"<t([hd])(?:\s[^>]*)?>(.*?)</t[hd]>", row, re.S) for row in re.findall(r"<tr.*?</tr>", html, re.S)]
    assert rows == [[("h", "Terrain"), ("h", "Cost")], [("d", "Open terrain"), ("d", "")],
                    [("d", "clear"), ("d", "1. one<br />2. two")], [("h", "A"), ("h", "B")], [("d", "1"), ("d", "2")]]


def test_an_html_table_left_open_or_holding_a_table_is_shown_as_written():
    book = imported("## 1. Combat\n\n**1.1** Roll.\n\n<table>\n<tr><td>1</td></tr>\n\n**1.2** Hits.\n", "decimal",
                    "markdown")
    assert "&lt;table>" in book.markdown and list(book.report.rule_lines) == ["1", "1.1", "1.2"]


def test_a_bullet_glyph_with_a_tab_or_no_space_after_it_starts_an_item():
    # A PDF's copy wrote '•<TAB>Its attack…' (warned as a tab that is no table, kept as text) and '•Its movement…'
    # (kept as text, nothing said): each is a list item, as '• It may not advance.' is (a helper's book).
    book = imported("7. COMBAT\n7.1 Effects. A disrupted unit:\n•\tIts attack strength is halved.\n"
                    "•Its movement allowance is halved.\n• It may not advance.\n7.2 Retreats. One hex.\n", "decimal")
    assert re.findall(r'<li markdown="span">([^<]*)</li>', book.markdown) == [
        "Its attack strength is halved.", "Its movement allowance is halved.", "It may not advance."]
    assert not book.report.warnings


def test_a_rule_number_in_a_second_column_on_a_title_line_is_listed():
    # '3.1 General      3.4 Reaction' (two columns of a PDF page on one line) made rule 3.1 titled '… 3.4
    # Reaction', and rule 3.4 was lost without a word: only rule text was checked for a second column.
    book = imported("3.0 MOVEMENT\n3.1 General                         3.4 Reaction\nA unit may move up to its"
                    "           A mechanized unit may react\n3.2 Roads                           3.5 Rail\n3.3 Rivers\n"
                    "Rivers cost 2 MP (see 3.5).\n", "decimal")
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (2, "rule number 3.4 after a wide gap inside the line"), (4, "rule number 3.5 after a wide gap inside the line")]


def test_a_source_title_with_markup_is_a_title_of_those_words():
    # '# Rules <img src=x onerror=…>' became the page's title as written, and the engines put a title into the
    # navigation, the header and <title> as it is: the tag was live there (a helper's README).
    book = imported("# Rules <img src=x onerror=alert(1)> & more\n\n## 1. Movement\n\n**1.1** Units move.\n",
                    "decimal", "markdown")
    assert "\ntitle: Rules &lt;img src=x onerror=alert(1)&gt; &amp; more\n" in book.markdown


def test_html_headings_are_headings_and_a_readmes_wrapping_tags_are_layout():
    # '<h3>1.2 Dice</h3>' was escaped text and its rule lost into 1.1; a README's '<p align="center">', '</p>' and
    # its logo made the page's title '<img src="logo.png" …>' (a helper's GitHub README).
    book = imported('<p align="center">\n  <img src="logo.png" alt="logo">\n</p>\n<h1 align="center">Ember Crossing</h1>'
                    "\n\n## 1. Movement\n\n### 1.1 Scale\nText.\n<h3>1.2 Dice</h3>\nRoll a die.\n### 1.3 Counters\n",
                    "decimal", "markdown")
    assert list(book.report.rule_lines) == ["1", "1.1", "1.2", "1.3"]
    assert "\ntitle: Ember Crossing\n" in book.markdown and "&lt;/p>" not in book.markdown  # the logo's title


def test_a_readmes_title_under_its_logo_is_the_documents_title():
    # "<img src=…>" over "# Ironwood Pass": the logo named nothing, so the page's title was its first rule's and the
    # book's title a sub-heading (a helper's GitHub README). The logo stays as written, before the title.
    book = imported('<img src="logo.png">\n# Ironwood Pass\n## 1. Intro\n\n1.1 Hello.\n\n## 2. More\n\n2.1 Bye.\n',
                    "case", "markdown")
    assert "\ntitle: Ironwood Pass\n" in book.markdown
    assert '\n\n&lt;img src="logo.png">\n\n# Ironwood Pass {: .rr-document-title }\n\n## 1. Intro' in book.markdown


def test_an_obsidian_comment_is_left_out_and_listed_as_an_html_comment_is():
    # '%% old wording contradicted 5.24 %%' was published, and counted as 5.23 citing 5.24; a '%%' block around a
    # draft section made it the book's section 9 (a helper's Obsidian vault).
    book = imported("## 5. Movement\n\n**5.1** Bridges are roads. %% old wording contradicted 5.2 %%\n\n**5.2** Fords.\n\n"
                    "%% a note\nacross lines %%\n\n**5.3** Ferries.\n", "case", "markdown")
    assert "%%" not in book.markdown and "old wording" not in book.markdown and "a note" not in book.markdown
    assert [warning.split(": ", 1)[1] for warning in book.report.warnings] == [
        "left out an Obsidian comment (line 3), a transcriber's note, not the book's text",
        "left out an Obsidian comment (lines 7-8), a transcriber's note, not the book's text"]
    with pytest.raises(SourceError, match=r"x.txt:5: the Obsidian comment on lines 5-8 holds a line that reads as a "
                                          r"rule \(line 6: '## 9\. Draft: Weather'\), which it would leave out: "
                                          r"if the comment should end before it, put its %% there"):
        imported("## 5. Movement\n\n**5.1** Bridges.\n\n%%\n## 9. Draft: Weather\n**9.1** Rain halves movement.\n%%\n",
                 "case", "markdown")


def test_a_callout_shows_its_title_and_a_rule_number_in_a_quotation_is_listed():
    # '> [!example]+ Optional Rule' over '> **7.2** Foraging. …' showed '[!example]+' as written, and rule 7.2 was
    # neither a rule nor listed: only 'unresolved: 7.2' said anything (a helper's Obsidian vault; GitHub's alerts too).
    book = imported("## 7. Supply\n\n**7.1** A unit in supply fights normally.\n\n> [!example]+ Optional Rule\n"
                    "> **7.2** Foraging. A unit out of supply may forage.\n\n> [!NOTE]\n> Supply is traced in hexes.\n\n"
                    "**7.3** Supply lines (see 7.2).\n", "decimal", "markdown")
    assert "[!" not in book.markdown and "\n**Optional Rule**\n" in book.markdown and "\n**Note**\n" in book.markdown
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (6, "a rule number inside a quotation (a callout or a note)")]


def test_admonitions_tabs_and_fenced_divs_are_note_boxes_never_rules():
    # ':::info Heavy units' over '3.2.9 Heavy units ignore roads.' made a rule 3.2.9 and left ':::info Heavy units' in
    # the rule before; MkDocs' '!!! note "Roads"' and its indented body stayed text, a body line '3.2.7 …' a rule,
    # out of order (a helper's Docusaurus and MkDocs exports).
    book = imported('## 3.0 Terrain\n\n**3.2.8** Roads halve costs.\n\n:::info Heavy units\n3.2.9 Heavy units ignore '
                    'roads.\n:::\n\n!!! note "Roads"\n    Roads are drawn in brown.\n\n    3.2.7 An indented line.\n\n'
                    '=== "Basic game"\n\n    Ignore weather.\n\n**3.2.10** Trails.\n\n'
                    '!!! tip inline end "Side note"\n    Material places it beside the text.\n', "decimal", "markdown")
    assert list(book.report.rule_lines) == ["3.0", "3.2.8", "3.2.10"]
    assert re.findall(r"<blockquote markdown=\"1\">\n\n\*\*([^*]+)\*\*", book.markdown) == [
        "Heavy units", "Roads", "Basic game", "Side note"]  # Material's classes after the type ("inline end")
    assert ":::" not in book.markdown and "!!!" not in book.markdown and "===" not in book.markdown
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (6, "a rule number inside a note box (an admonition, a content tab or a fenced div)"),
        (12, "a rule number inside a note box (an admonition, a content tab or a fenced div)")]


@pytest.mark.parametrize("contents", ["", "CONTENTS\n10.0 Victory Conditions ........ 11\n\n"])
def test_a_missing_parent_names_the_line_whose_number_ocr_misread(contents):
    # '[1O.0] VICTORY CONDITIONS' (a zero read as the letter O) left 10.2 without a parent: the error named the list
    # of contents' entry, or no line at all, rather than the misread heading and its fix (a helper's OCR'd book).
    with pytest.raises(SourceError) as error:
        imported(f"{contents}[9.0] SUPPLY\n9.1 Supply is traced.\n\n[1O.0] VICTORY CONDITIONS\n1O.1 The Blue player "
                 "wins.\n10.2 Victory is checked at the end.\n")
    line = 4 + contents.count("\n")
    assert f"has no parent: no rule 10 or 10.0 comes before it; line {line} ('[1O.0] VICTORY CONDITIONS') looks " \
           "like it but was not read as a rule: a letter where a digit belongs (1O.0)" in str(error.value)
    assert "write 10.0 to make it a rule" in str(error.value)


def test_a_footnotes_later_paragraphs_stay_in_the_footnote():
    # '[^s]: Roughly.' over an indented '    A second paragraph …, see 1.2.': that paragraph became text of the rule
    # the note was written under, 1.2 counted as cited by it (a helper's Pandoc export).
    book = imported("## 1. Scale\n\n**1.1** Each hex is 1 km.[^s]\n\n**1.2** Turns.\n\n[^s]: Roughly.\n\n"
                    "    A second paragraph of the footnote, see 1.2.\n\n    And a third.\n\n**1.3** After.\n",
                    "decimal", "markdown")
    note = re.search(r'<li id="fn:s">(.*?)</li>', render(book.markdown), re.S).group(1)
    assert "Roughly." in note and "A second paragraph of the footnote, see 1.2." in note and "And a third." in note
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert (rules["1.1"].references, rules["1.2"].references, rules["1.2"].text) == (("1.2",), (), "Turns.")


def test_a_task_lists_boxes_are_boxes_and_a_boxed_rule_number_is_listed():
    # '- [ ] **1.2** Sort the counters' showed '[ ]' as written and was missing from the lines not read as rules,
    # where the same line without its box was listed with its fix (a helper's GitHub README).
    book = imported("## 1. Setup\n\n**1.1** Set up.\n\n- [ ] **1.2** Sort the counters by side.\n- [x] Lay out the map."
                    "\n\n**1.3** Begin.\n", "decimal", "markdown")
    assert re.findall(r'<li markdown="span">(.)', book.markdown) == ["☐", "☑"] and "[ ]" not in book.markdown
    assert [(miss.line, miss.reason.split(":")[0]) for miss in book.report.not_rules] == [
        (5, "a bullet before rule number 1.2")]


@pytest.mark.parametrize("gap", ["   ", "\t"])
def test_a_wrapped_sentences_last_line_over_a_table_is_no_title_of_it(gap):
    # '… round the odds down' over 'to one of the columns (see 8.3).' over a results table: the second line was
    # taken for the table's title, the sentence cut in two (a helper's PDF copy; tab tables too).
    rows = [["Die", "1:2", "1:1", "2:1"], ["1", "AE", "AR", "DR"], ["2", "AR", "EX", "DE"]]
    table = "\n".join(gap.join(cell.ljust(3) for cell in row) if gap != "\t" else gap.join(row) for row in rows)
    book = imported("8. COMBAT\n8.2 Combat Results Table\nTotal the strengths, divide by the defense, and round the odds"
                    f" down\nto one of the columns (see 8.3).\n{table}\n8.3 Odds. Round down.\n", "decimal")
    assert "round the odds down\nto one of the columns (see 8.3).\n\n<table" in book.markdown
    assert "rr-table__title" not in book.markdown


def test_a_running_page_header_is_kept_apart_and_cites_nothing():
    # 'RIVER OF IRON RULES 12' on every page of a PDF copy was listed, but its 'RULES 12' cited a missing rule 12 in
    # the report and on the page (a helper's book).
    book = imported("7. SUPPLY\n7.1 Sources. A road.\nRIVER OF IRON RULES 12\n7.2 Lines. Trace them.\n"
                    "RIVER OF IRON RULES 13\n7.3 Cut. Out of supply.\nRIVER OF IRON RULES 14\n7.4 Effects. Halved.\n",
                    "decimal")
    assert book.markdown.count('<p class="rr-running-head" markdown="span">RIVER OF IRON RULES 1') == 3
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    rules = rules_in_markdown(book.markdown, ruleset, "x/x.md")
    assert [rule.references for rule in rules] == [()] * 5 and rules[1].text == "A road."


def test_a_page_header_after_a_form_feed_inside_a_sentence_is_kept_apart_and_the_rule_goes_on():
    # pdftotext starts each page with a form feed. "HOLLOW RIDGE" at the top of a page, inside a sentence, became a
    # sub-heading that ended the rule ("them in any order" fell out of 3.1), and "Hollow Ridge Rules 4" cited rule 4;
    # a header that comes back twice was not yet "running" (a helper's pdftotext copies).
    source = ("3.0 MOVEMENT\n3.1 Points. Each unit has a number of movement\npoints. A unit may spend\n"
              "\fHOLLOW RIDGE\nthem in any order.\n3.2 Terrain. A unit pays the cost of the hex it enters as\n"
              "\fHollow Ridge Rules 4\nshown on the chart.\n4.0 COMBAT\n4.1 Attacks. A unit attacks.\n")
    book = imported(source, "decimal")
    assert "rr-subhead" not in book.markdown
    assert book.markdown.count('<p class="rr-running-head" markdown="span">') == 2
    ruleset = SimpleNamespace(id="x", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    rules = {rule.id: rule for rule in rules_in_markdown(book.markdown, ruleset, "x/x.md")}
    assert rules["3.1"].text == "Each unit has a number of movement points. A unit may spend them in any order."
    assert rules["3.2"].text == "A unit pays the cost of the hex it enters as shown on the chart."
    assert rules["3.2"].references == ()
    assert [warning.split(": ", 1)[0] for warning in book.report.warnings] == ["rulesets/x/sources/x.txt:4",
                                                                              "rulesets/x/sources/x.txt:7"]
    assert "at the top of a page" in book.report.warnings[0]
    # A sentence running over a page break keeps its lines: the page's last and first lines are no header (a review)
    running = imported("1.0 MOVE\n1.1 Movement. A unit in the movement\nphase may spend its points to enter\n"
                       "hexes, and a unit may move up to\n\fthree hexes in clear terrain, but\nonly one hex in woods.\n",
                       "decimal")
    assert "up to\nthree hexes in clear terrain, but\nonly one" in running.markdown and running.report.warnings == []
    # nor is a heading two pages open with, with no numbers: "Optional Rule" (a review); nor is it a cue for the rule
    optional = imported("1.0 MOVE\n1.1 Roads. Half.\n\fOptional Rule\n1.2 Fog. None.\n1.3 Rain. Wet.\n\fOptional Rule\n"
                        "1.4 Snow. Cold.\n", "decimal")
    assert list(optional.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3", "1.4"] and optional.report.warnings == []
    # A line after a form feed that ends a sentence or starts one is the book's: a part's heading stays a heading.
    heading = imported("1.0 SETUP\n1.1 Units. Place them.\n\fOPTIONAL RULES\n2.0 WEATHER\n2.1 Rain. Slow.\n",
                       "decimal")
    assert "rr-running-head" not in heading.markdown and heading.report.warnings == []


@pytest.mark.parametrize("numbering", ["case", "decimal"])
def test_a_number_and_a_letter_that_do_not_follow_their_rule_are_text(numbering):
    # "12a Woods and 12b Woods cost two." failed the import (no parent), "2d Armored Division …" under section 2 was
    # rule 2d, and "1a. If you drew a joker …" in a list failed as out of order, once "2a" was a lettered sub-rule
    # (a review): one is a rule only right after its rule, or after the sub-rule lettered before it.
    book = imported("1. SETUP\n1.1 Placement. Each player sets up.\n1.2 Woods. The hexes\n12a Woods and 12b Woods cost "
                    "two.\n1.3 Draw. In order:\n- Draw two cards.\n1a. If you drew a joker, draw again.\n"
                    "2. REINFORCEMENTS\nOn turn 3 the Allied player brings in the\n2d Armored Division at any road.\n"
                    "2a Roads. Half.\n2b Rivers. Stop.\n", numbering)
    assert list(book.report.rule_lines) == ["1", "1.1", "1.2", "1.3", "2", "2a", "2b"]
    assert "brings in the\n2d Armored Division at any road." in book.markdown
    # a section printed "2.0" is the rule of "2a" (a review)
    zero = imported("1.0 SETUP\n1.1 Units. Place them.\n2.0 TERRAIN\n2a Roads. Half.\n2b Rivers. Stop.\n", numbering)
    assert list(zero.report.rule_lines) == ["1.0", "1.1", "2.0", "2a", "2b"]
    # after a sub-rule whose text ends on no period, or a list, still one (a review)
    unended = imported("1 SETUP\nPlace units.\n2 TERRAIN\nTerrain types:\n- clear\n- rough\n2a Roads: half MP per hex\n"
                       "2b Rivers: units stop\n3 COMBAT\nFight.\n", numbering)
    assert list(unended.report.rule_lines) == ["1", "2", "2a", "2b", "3"]
    semicolon = imported("1 SETUP\nPlace units.\n2 TERRAIN\nTerrain affects movement;\n2a Roads. A unit pays:\n"
                         "- half MP per road hex;\n2b Rivers. Units stop.\n3 COMBAT\nFight.\n", numbering)
    assert list(semicolon.report.rule_lines) == ["1", "2", "2a", "2b", "3"]
    for wrapped_into in ("2 ARRIVALS\nThe US player then brings\n2a Brigade onto any road hex.\n",
                         "2 ARRIVALS\n2a Reinforcements. On turn 3 the US player receives the 82nd\n"
                         "2b Airborne Division in reserve.\n"):
        book = imported(f"1 SETUP\nPlace units.\n{wrapped_into}3 COMBAT\nFight.\n", numbering)
        assert "2b" not in book.report.rule_lines and ("2a" in book.report.rule_lines) == ("2a Re" in wrapped_into)
    # not where a sentence goes on into it (a review)
    wrapped = imported("1.0 SETUP\n1.1 Units. Place them.\n2.0 TERRAIN\nThe German player brings the\n2a Brigade onto "
                       "any road hex.\n2.1 Bridges. Cross.\n", numbering)
    assert list(wrapped.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]


def test_a_section_titled_by_one_unit_word_is_a_section():
    # "3 MOVEMENT" crashed the import (IndexError) reading a second word it lacks (a review).
    assert list(imported("1 INTRODUCTION\nThis is a game.\n3 MOVEMENT\nUnits move.\n", "decimal").report.rule_lines) \
        == ["1", "3"]


def test_a_page_number_at_a_pages_foot_and_the_books_title_at_a_pages_top_are_the_pages():
    # pdftotext's "2" at a page's foot, then "BLACK FORD" (the book's title) at the next page's top, became section
    # "2 BLACK FORD", 2.0 MOVEMENT a rule under it; without a section after it, the title was text of rule 1.2 on
    # every page (a helper's pdftotext copy).
    book = imported("BLACK FORD\n\n1.0 SETUP\n1.1 Scale. Each hex is one mile.\n2\n\fBLACK FORD\n2.0 MOVEMENT\n"
                    "2.1 Costs. Clear costs 1 MP.\n2.2 Turns. Each turn is two hours.\n3\n\fBLACK FORD\n"
                    "2.3 Stacking. Two units.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1", "2.2", "2.3"]
    assert book.markdown.count('<p class="rr-running-head" markdown="span">BLACK FORD</p>') == 2
    assert [miss.line for miss in book.report.not_rules] == [5, 10]
    # a section's number at a page's foot, its title at the next page's top, stays the section (a review)
    split = imported("1.0 INTRODUCTION\n1.1 Scale. One mile.\n2\n\fMOVEMENT\n2.1 Costs. One.\n", "decimal")
    assert list(split.report.rule_lines) == ["1.0", "1.1", "2", "2.1"]
    # and one over a heading the next page opens with, section 2.0 after it, is the page's (a review)
    notes = imported("1.0 INTRODUCTION\n\n1.1 Scale. One mile.\n\n2\n\fDESIGNER NOTES\n\nWe wanted a fast game.\n\n"
                     "2.0 MOVEMENT\n\n2.1 Roads. Half.\n", "case")
    assert list(notes.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]
    # a section without sub-rules split by a page break, the next section after it, stays one (a review)
    alone = imported("1 INTRODUCTION\nThis is a game.\n2\n\fMOVEMENT\nUnits move one hex.\n3 COMBAT\nUnits fight.\n")
    assert list(alone.report.rule_lines) == ["1", "2", "3"]


@pytest.mark.parametrize("label", ["Beispiel", "Exemple", "Esempio", "Ejemplo", "EJEMPLO", "Nota", "Esempi", "Ejemplos",
                                   "Beispiele", "Exemples", "Voorbeeld", "Exemplo", "Przykład", "Opmerking", "Uwaga"])
def test_an_example_or_a_note_labelled_in_another_language_is_set_apart(label):
    # "Esempio:", "Ejemplo:", "Nota:" were the rule's text, and a wrapped number in them could start a rule
    # (a helper's Italian and Spanish books; Dutch, Portuguese and Polish ones).
    book = imported(f"2.0 MOVIMENTO\n2.1 Costi. Un punto.\n{label}: l'unità in 0612 spende\n2.5 PM e attacca.\n"
                    f"2.2 Fiumi. Due.\n", "decimal")
    kind = "note" if label in ("Nota", "Opmerking", "Uwaga") else "example"
    assert list(book.report.rule_lines) == ["2.0", "2.1", "2.2"] and f'!!! {kind} "{label}:"' in book.markdown


def test_a_book_whose_rules_start_with_a_chapters_letter_is_told_which_numbering_reads_it():
    # "A.1 Board." under numbering decimal failed saying only that A.1 is no rule number of it (a helper's book).
    with pytest.raises(SourceError) as error:
        imported("A. SETUP\nA.1 Board. Place it.\nA.2 Pieces. Sort them.\n", "decimal")
    assert "numbering asl reads it, with chapters: [A, …]" in error.value.reason


def test_a_form_feed_at_a_lines_start_adds_no_line_to_the_line_numbers():
    # pdftotext writes the form feed at the start of a page's first line: the line is the same line in an editor.
    with pytest.raises(SourceError) as error:
        imported("1.0 SETUP\n1.1 Units. Place them.\n\f1.3 Rain. Slow.\n1.2 Wind. Blows.\n", "decimal")
    assert str(error.value) == "rulesets/x/sources/x.txt:4: rule 1.2 comes after 1.3 (line 3): out of order"
    # and a page break ends a table, as the blank line it was read as did
    table = imported("1.0 SETUP\n1.1 Costs. As follows:\n\nTerrain\tMP\nClear\t1\n\fHOLLOW RIDGE\nWoods cost more.\n",
                     "decimal")
    assert table.markdown.count("<tr") == 2 and "\n\nHOLLOW RIDGE\nWoods cost more.\n" in table.markdown


TWO_COLUMNS = """\
1.0 INTRODUCTION                          a river it must stop. A unit
1.1 Scale. Each hex is 500 m.             that stops may not move again
1.2 Turns. Each turn is one day.          this turn. Bridges cancel the
2.0 SETUP                                 river for units on a road.
2.1 Placement. Each player sets up        Ferries carry one unit a turn
units as shown on the map.                across, at the cost of all its
2.2 Reserves. Units not placed            MP.
enter on turn 2.
"""


@pytest.mark.parametrize("source", [
    # a tab between a rule's run-in title and its text (a helper's book: the rules became a table, silently)
    "1.0 MOVEMENT\n1.1 Roads.\tA road costs half.\n1.2 Range.\tRange is three hexes.\n1.3 Melee.\tAdjacent only.\n"
    "2.0 COMBAT\n2.1 Fire. See 1.2.\n",
    # a no-break space after the number and a tab at the line's end (the same)
    "1.0 MOVEMENT\n1.1\u00a0Roads. A unit on a road pays half.\t\n1.2\u00a0Range. Three hexes.\t\n"
    "1.3\u00a0Melee. Adjacent only.\t\n2.0 COMBAT\n2.1 Fire. See 1.2.\n",
])
def test_a_tab_after_a_rules_title_or_at_its_lines_end_opens_no_table(source):
    book = imported(source, "decimal")
    assert rule_headings(book.markdown) == ["# 1.0 MOVEMENT", "## 1.1 Roads.", "## 1.2 Range.", "## 1.3 Melee.",
                                            "# 2.0 COMBAT", "## 2.1 Fire."]
    assert "<table" not in book.markdown and book.report.warnings == []


def test_an_amount_that_skips_rules_and_a_number_in_an_example_before_lower_case_words_are_text():
    # "2.5 MP is the most …" after rule 2.2 became a rule 2.5, and "1.3 for the woods hex, and" in an example after
    # "pays:" a rule 1.3 that ended the example; nothing was listed (a helper's book).
    book = imported("2.0 MOVEMENT\n2.1 Roads. A road costs half.\n2.2 Woods. Woods cost two.\n\n2.5 MP is the most "
                    "any unit may spend in woods.\n\n3.0 COMBAT\n3.1 Fire. Each unit fires once.\n", "decimal")
    assert list(book.report.rule_lines) == ["2.0", "2.1", "2.2", "3.0", "3.1"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (5, "an amount (rule 2.5 would skip the rules after 2.2, and a unit follows the number): kept as text")]
    example = imported("1.0 MOVEMENT\n1.1 Roads. Half a point per hex.\n1.2 Woods. More.\nEXAMPLE: A unit moves "
                       "two hexes and pays:\n1.3 for the woods hex, and\n0.5 for the road hex.\n2.0 COMBAT\n"
                       "2.1 Fire. Once.\n", "decimal")
    assert list(example.report.rule_lines) == ["1.0", "1.1", "1.2", "2.0", "2.1"]
    assert "    A unit moves two hexes and pays:\n\n    1.3 for the woods hex, and\n    0.5 for the road hex.\n" in example.markdown


def test_a_rule_marked_optional_is_a_rule():
    # "[OPT 5.3] Forced March." and "(OPTIONAL) 5.5 Night Moves." went into the rules before them, unlisted (a
    # helper's book): an optional rule's mark is printed with its number, as an erratum's is.
    book = imported("[5.0] MOVEMENT\n[5.1] Roads. Half cost.\n[5.2] Woods. Double.\n[OPT 5.3] Forced March. One more "
                    "hex.\n[5.4] Rivers. See 5.3.\n(OPTIONAL) 5.5 Night Moves. Half.\n[Optional] 5.6 Fog. Short.\n")
    assert rule_headings(book.markdown) == ["# [5.0] MOVEMENT", "## [5.1] Roads.", "## [5.2] Woods.",
                                            "## [OPT 5.3] Forced March.", "## [5.4] Rivers.",
                                            "## (OPTIONAL) 5.5 Night Moves.", "## [Optional] 5.6 Fog."]
    assert '{: #5.3 .rr-rule data-rule="5.3" }' in book.markdown and book.report.not_rules == []


@pytest.mark.parametrize("mark", ["(OPT 5.3)", "[Opt. 5.3]", "OPTIONAL: 5.3", "Optional 5.3", "(Optional Rule) 5.3",
                                  "[OPTIONAL RULE] 5.3", "(Opt.) 5.3", "[5.3 OPTIONAL]", "(5.3 Opt.)"])
def test_an_optional_rules_mark_in_its_other_prints_is_a_mark(mark):
    # Each went into the rule before it, unlisted (a review of the first fix).
    book = imported(f"[5.0] MOVEMENT\n[5.1] Roads. Half cost.\n{mark} Forced March. One more hex.\n[5.4] Rivers. "
                    f"See 5.3.\n")
    assert rule_headings(book.markdown)[2] == f"## {mark} Forced March." and book.report.not_rules == []


@pytest.mark.parametrize("numbering, section", [("decimal", "3.0 COMBAT"), ("case", "[3.0] COMBAT")])
def test_a_heading_that_starts_with_a_mark_word_and_a_count_is_text(numbering, section):
    # "OPTIONAL 3 PLAYER GAME" read as section 3 titled "PLAYER GAME" once OPTIONAL was a mark: 3.0 COMBAT fell
    # under it, or failed as out of order (a review). A mark word in capitals marks a dotted number only.
    book = imported(f"1.0 INTRODUCTION\n1.1 Scale. Each hex is a mile.\n2.0 MOVEMENT\n2.1 Roads. Half cost.\n"
                    f"OPTIONAL 3 PLAYER GAME\nA third player may take the neutrals.\n{section}\n3.1 Fire. Once.\n"
                    f"REVISED 3.2 Moves. Twice.\nNEW 4. WEATHER\n4.1 Rain. Slow.\n", numbering)
    assert re.findall(r'data-rule="([^"]+)"', book.markdown) == ["1.0", "1.1", "2.0", "2.1", "3.0", "3.1", "3.2",
                                                                  "4", "4.1"]
    assert "\n\nOPTIONAL 3 PLAYER GAME\n" in book.markdown


def test_a_pages_two_columns_side_by_side_fail_naming_the_fix():
    # pdftotext -layout copies a two-column page line by line across both columns: the right column's sentences
    # were spread over the left column's rules, with only "rules: 6" in the report (a helper's copy).
    with pytest.raises(SourceError) as error:
        imported(TWO_COLUMNS, "decimal")
    assert str(error.value) == (
        "rulesets/x/sources/x.txt:2: two columns of text side by side (lines 2, 3, 5, 6 go on at column 43), as "
        "pdftotext -layout copies a page of two columns: copy the text without -layout, which reads one column after "
        "the other, or put the right column's text after the left's")


@pytest.mark.parametrize("source", [
    # a table of two columns of text lined up with spaces, its cells short (read as a table)
    "1.0 TERMS\n1.1 Words. As follows:\n\nZone of Control      The six hexes around a unit\n"
    "Stack                Units in one hex together\nOverrun              A tank attack made in moving\n"
    "Retreat              A move away after combat\n\n1.2 More. None.\n",
    # a glossary lined up with spaces, its meanings sentences (a review: refused as two columns)
    "1.0 TERMS\n1.1 Terms. The game uses these terms.\n"
    "Movement Allowance (MA)     The number of hexes a unit may move in a turn.\n"
    "Combat Strength (CS)        The number of combat factors a unit attacks with.\n"
    "Zone of Control (ZOC)       The six hexes around a unit that stop movement.\n"
    "Line of Supply (LOS)        A path of hexes from a unit back to a supply source.\n",
    # a gap at one column in sentences far apart (a review)
    "1.0 TERMS\n" + "".join(f"1.{n} Rule. Some text here that runs on.\nThe first words of it   and the rest of this "
                             f"line go on.\nMore text.\n\n\n\n" for n in range(1, 6)),
    # double spaces after sentences, at no one column
    "1.0 TERMS\n1.1 Words. A unit moves.   Then it may fire at one\nunit in range of its guns.   The "
    "target rolls a die\nto save itself from harm.   If it fails it is\nremoved from the map at once.   Then play "
    "goes on\n",
])
def test_text_with_wide_gaps_that_is_no_two_columns_imports(source):
    book = imported(source, "decimal")
    assert "1.1" in book.report.rule_lines


def test_a_number_that_skips_rules_right_after_a_colon_goes_on_with_its_sentence():
    # "… is worth more:" over "1.5 Victory Points each, or 3 …" after rule 1.2 made a rule 1.5 of the sentence's
    # end, silently (a helper's book). A rule after a colon that skips none, or after a blank line, is a rule.
    source = ("1.0 VICTORY\n1.1 Towns. Each town is worth one point.\n1.2 Ports. A port is worth more:\n"
              "1.5 Victory Points each, or 3 if it has a fleet.\n2.0 COMBAT\n2.1 Attacks. Units attack.\n")
    book = imported(source, "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "2.0", "2.1"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [(4, (
        "continues the sentence of the line before, after its colon (rule 1.5 would skip the rules after 1.2): kept "
        "as text; if it is a rule, put a blank line before it"))]
    assert "A port is worth more:\n\n1.5 Victory Points each" in book.markdown  # a paragraph of 1.2's
    assert list(imported(source.replace("more:\n", "more:\n\n"), "decimal").report.rule_lines)[3] == "1.5"
    following = imported(source.replace("1.5 Victory Points each, or 3 if it has a fleet.", "1.3 Fleets. Three."),
                         "decimal")
    assert "1.3" in following.report.rule_lines and following.report.not_rules == []
    # a rule after a colon may skip rules errata took out: only an amount goes on with the sentence (a review)
    errata = imported("3.0 COMBAT\n3.1 Attacks. Attacks are resolved as follows:\n3.3 Units in one hex may attack "
                      "together.\n", "decimal")
    assert list(errata.report.rule_lines) == ["3.0", "3.1", "3.3"]


def test_a_number_after_what_may_name_another_book_is_listed_until_the_book_is_named():
    # "(see Series Rules 7.12)" linked to this book's 7.12 and nothing said so (a helper's book).
    source = ("7.0 TRAINS\n7.1 Rails. A train moves 12 rail hexes (see Series Rules 7.12).\n7.2 Stacking. Trains "
              "stack alone, as in the Basic Game rule 4.1 and Basic Game 7.12. See Rules 7.1 and\nthe Rules 7.2.\n")
    book = imported(source)
    assert book.report.warnings == [
        "rulesets/x/sources/x.txt:2: 'Series Rules 7.12': a number after what may name another book; if it does, "
        "list 'Series Rules' in ruleset.yml's other_books (else 7.12 links to this book's rule)",
        "rulesets/x/sources/x.txt:3: 'Basic Game 4.1': a number after what may name another book; if it does, "
        "list 'Basic Game' in ruleset.yml's other_books (else 4.1 links to this book's rule)"]
    named = import_text(source, path="rulesets/x/sources/x.txt", ruleset="x", format="text",
                        numbering=numbering_of("case", other_books=["series rules", "Basic  Game"]))
    assert named.report.warnings == []


def test_lines_a_tab_only_indents_are_indented_text_not_a_table():
    # "<TAB>a) move;" under "A unit may do one of:" made a table of one column, headed "a) move;"; a paragraph typed
    # with a tab before its lines too, and a lone one was called a page footer to delete (a helper's fan-typed book).
    book = imported("1.0 ACTIONS\n1.1 Choice. A unit may do one of:\n\ta) move;\n\tb) fire;\n\tc) rest.\n"
                    "1.2 Modifiers. Add:\n\t- +1 in woods\n\t- +2 in town\n1.3 Notes. Typed as it came:\n"
                    "\tThis paragraph is indented with a tab and\n\tgoes on here.\n1.4 Costs. As follows:\n"
                    "Terrain\tCost\n\t(MP)\nClear\t1\n", "decimal")
    assert re.findall(r'<span class="rr-list__marker">(.*?)</span> (.*?)</li>', book.markdown) == [
        ("a)", "move;"), ("b)", "fire;"), ("c)", "rest.")]
    assert '<li markdown="span">+1 in woods</li>' in book.markdown
    assert "\n\nThis paragraph is indented with a tab and\ngoes on here.\n" in book.markdown
    assert book.markdown.count("<table") == 1 and "<td markdown=\"span\"></td><td markdown=\"span\">(MP)</td>" \
        in book.markdown  # a table's row may start with an empty cell
    assert book.report.warnings == []


def test_an_index_entry_with_dot_leaders_is_a_line_of_its_own():
    # "Roads ... 1.1" over "Zones of Control ... 1.2, 1.1" ran into one paragraph: a book's index garbled, as a
    # line ending mid-sentence goes on in the next (a helper's fan-typed book).
    book = imported("1. MOVEMENT\n1.1 Roads. Half.\n1.2 Zones. Stop.\n\nINDEX\n\nRoads ... 1.1\n"
                    "Zones of Control . . . 1.2, 1.1\nWoods …… 1.1\nThe end ... 2 turns later.\n", "decimal")
    assert re.findall(r'<li markdown="span">(.*?)</li>', book.markdown) == [
        "Roads ... 1.1", "Zones of Control . . . 1.2, 1.1", "Woods …… 1.1"]
    assert "The end ... 2 turns later." in book.markdown  # words after the number: a sentence


def test_a_dash_after_an_untitled_rules_number_is_printed_with_the_number():
    # "1.1 - Units move one hex at a time." began its rule's text with "- Units …" (a helper's fan-typed book); a
    # title after the dash keeps it as before ("1.2 - Scale:"), as a section's does ("2 - COMBAT").
    book = imported("1. MOVEMENT\n1.1 - Units move one hex at a time.\n1.2 - Scale: each hex is 500 m.\n"
                    "2 - COMBAT\n2.1 – Odds are compared.\n", "decimal")
    assert rule_headings(book.markdown) == ["# 1. MOVEMENT", "## 1.1 -", "## 1.2 - Scale:", "# 2 - COMBAT",
                                            "## 2.1 –"]
    assert "\n\nUnits move one hex at a time.\n" in book.markdown and "\n\nOdds are compared.\n" in book.markdown


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_run_in_title_after_a_dash_after_the_number_is_the_rules_title(fmt):
    # "4.3 – Roads – A road halves the cost." was headed "4.3 –", its title the first words of its text (a helper's
    # book); a sentence after the dash stays the text, as before
    book = imported("4.0 MOVEMENT\n\n4.1 – Roads – A road halves the cost.\n\n4.2 - Bridges. A bridge is a road.\n\n"
                    "4.3 – Units move one hex.\n", "decimal", fmt=fmt)
    assert rule_headings(book.markdown)[1:] == ["## 4.1 – Roads –", "## 4.2 - Bridges.", "## 4.3 –"]
    assert "\n\nA road halves the cost.\n" in book.markdown and "\n\nUnits move one hex.\n" in book.markdown


def test_a_rules_title_alone_on_its_line_with_its_period_is_its_title():
    # "[1.1] Depots." over "A depot supplies …" was headed "[1.1]", "Depots." its first paragraph (a helper's book)
    book = imported("1. SUPPLY\n\n[1.1] Depots.\nA depot supplies units.\n\n(1.2) Supply Depots.\nA depot supplies."
                    "\n\n1.3 Roll again.\nThen move.\n")
    assert rule_headings(book.markdown) == ["# 1. SUPPLY", "## [1.1] Depots.", "## (1.2) Supply Depots.", "## 1.3"]


@pytest.mark.parametrize("line", [">1.5 Attacker wins.", "> 1.3 Does the defender retreat first?",
                                  "»1.3 Einheiten dürfen Flüsse nicht überqueren.«", "» 1.3 Einheiten ziehen.«"])
def test_a_comparison_or_a_quotation_before_a_number_is_no_change_mark(line):
    # ">1.5 Attacker wins." in a table of odds, a quoted question and German quotation marks started rules (a review)
    book = imported(f"1.0 COMBAT\n1.1 Odds. The results by ratio:\n{line}\n1.2 Retreats. Text.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2"]


def test_a_line_ending_on_a_word_naming_this_chapter_is_no_citation():
    # "… covered in this chapter" over "1.2 Leaders. They …" lost rule 1.2 (a review); "… as stated in rule" over
    # "1.4 …" is a citation
    book = imported("1.0 LEADERS\n1.1 Scope. Leaders are covered in this chapter\n1.2 Leaders. They command units."
                    "\n1.3 Limits. As stated in rule\n1.2 above, leaders command.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"]


@pytest.mark.parametrize("line", ["» 1.2 Roads cost half, see »Straßen«.", "» 1.2 Routes coûtent « moitié »."])
def test_a_change_mark_before_a_rule_quoting_something_is_still_a_mark(line):
    # "» 1.2 … see »Straßen«." lost rule 1.2, its text merged into 1.1 (a review)
    book = imported(f"1.0 MOVE\n1.1 Units. Text one.\n{line}\n1.3 Ice. Text.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"]


@pytest.mark.parametrize("line", [">>1.5 attacker wins", "»1.5 Felder weit«"])
def test_a_mark_glued_to_a_number_in_running_text_is_no_change_mark(line):
    # ">>1.5 attacker wins" in a list of odds failed the import as rule 1.5 out of order (a review)
    book = imported(f"1.0 COMBAT\n1.1 Odds. Compare strengths:\n{line}\n1.2 Retreat. Text.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2"]


@pytest.mark.parametrize("fmt, line", [("text", "1.5—Marginal Victory."),
                                       ("markdown", "2.5 Decisive Victory for the attacker.")])
def test_a_number_going_back_names_the_backslash_that_keeps_its_line_text(fmt, line):
    # "1.5—Marginal Victory." in rule 8.1's list of ratios failed as "rule 2.5 comes after 8.1: out
    # of order", with no word of how to keep the line a line of the rule (a helper's book); in a Markdown source the
    # backslash kept the line text but showed on the page ("\2" is no escape in Markdown)
    source = "8.0 VICTORY\n\n8.1 Levels. Compare the ratio:\n\n{line}\n\n8.2 Ties. See 8.1.\n"
    with pytest.raises(SourceError) as error:
        imported(source.format(line=line), "decimal", fmt)
    assert error.value.line == 5 and error.value.reason == (
        f"rule {line[:3]} comes after 8.1 (line 3): out of order; if this line is no rule (a row of a list, a value "
        f"the rule gives), start it with a backslash to keep it text: \\{line[:24]}")
    book = imported(source.format(line="\\" + line), "decimal", fmt)
    assert list(book.report.rule_lines) == ["8.0", "8.1", "8.2"]
    assert f"\n{line}\n" in book.markdown  # the backslash kept it text, and is gone


@pytest.mark.parametrize("line", ["**1.5** Marginal Victory.", "### 1.5 Marginal Victory"])
def test_a_markdown_number_going_back_in_bold_or_a_heading_names_no_backslash(line):
    # "\**1.5** …" shows an asterisk and breaks the bold, "### \1.5 …" shows the backslash (a review)
    with pytest.raises(SourceError) as error:
        imported(f"## 8. Victory\n\n**8.1** Levels. Compare the ratio:\n\n{line}\n\n**8.2** Ties.\n", fmt="markdown")
    assert error.value.reason.endswith("out of order")


def test_a_link_whose_anchor_the_export_lost_links_the_rule_its_text_names():
    # Google Docs' Markdown export links a heading as "[4.1 Costs.](#heading=h.3znysh7)", Word's (through pandoc) as
    # "[Costs](#_Toc148231)", to ids the export does not hold: each kept its text alone, and nothing said so (a
    # helper's Google Docs book). The text names the rule whose whole heading or number it is, else the one rule
    # whose title it is; else the text stays, and the import lists the link on its own line.
    book = imported("# Book\n\n[1\\. Moving](#heading=h.gjdgxs)\n\n## 1. Moving\n\n**1.1 Costs.** One MP per hex.\n\n"
                    "**1.2 Roads.** Half [1.1 Costs.](#heading=h.3znysh7), see [costs](#_Toc148231), [1.1](#heading=h"
                    ".3znysh7) and [Rivers](#heading=h.2et92p0).\n\n**1.3 General.** See [the rule above](#heading=h."
                    "1fob9te), [General](#bookmark=id.abc) and [Rivers](#heading=h.2et92p0).\n\n## 2. Combat\n\n"
                    "**2.1 General.** See [1.3 General.](#heading=h.x1).\n", "decimal", fmt="markdown")
    assert "[[1\\|1. Moving]]" in book.markdown  # Google Docs escapes the dot of a section's number
    assert not book.report.not_rules  # a list of contents' link is no line that looks numbered (seen as a user)
    assert "Half [[1.1\\|1.1 Costs.]], see [[1.1\\|costs]], [[1.1\\|1.1]] and Rivers.\n" in book.markdown
    assert "See the rule above, General and Rivers.\n" in book.markdown  # "General" titles two rules
    assert "See [[1.3\\|1.3 General.]].\n" in book.markdown  # the whole heading names one
    # a text naming no rule stays as written ("9\. Notes" at a line's start is no list's item); a heading's title after
    # a dash, and its number with its word, name it (a review)
    other = imported("# B\n\n- [9\\. Designer Notes](#heading=h.zzz)\n- [Morale Checks](#_Toc1)\n- [Rule 6.1](#_Toc2)"
                     "\n\n## Rule 6 — Morale\n\n### Rule 6.1 — Morale Checks\n\nRoll.\n", fmt="markdown")
    assert ('<li markdown="span">9\\. Designer Notes</li>\n<li markdown="span">[[6.1\\|Morale Checks]]</li>\n'
            '<li markdown="span">[[6.1\\|Rule 6.1]]</li>') in other.markdown
    assert [warning for warning in book.report.warnings if "anchor" in warning] == [
        "rulesets/x/sources/x.txt:9: a link to #heading=h.2et92p0 ('Rivers'), an anchor the source does not hold, "
        "and its text names no rule's heading: kept as text",
        "rulesets/x/sources/x.txt:11: a link to #heading=h.1fob9te ('the rule above'), an anchor the source does "
        "not hold, and its text names no rule's heading: kept as text",
        "rulesets/x/sources/x.txt:11: a link to #bookmark=id.abc ('General'), an anchor the source does not hold, "
        "and its text names 2 rules' headings (1.3, 2.1): kept as text",
        "rulesets/x/sources/x.txt:11: a link to #heading=h.2et92p0 ('Rivers'), an anchor the source does not hold, "
        "and its text names no rule's heading: kept as text"]


def test_a_link_to_another_page_of_the_export_links_the_rule_its_anchor_or_text_names():
    # Notion's export links its other pages by a file's path ("[Combat](Combat%20a1b2….md)"): the page showed
    # "[Combat]\(Combat%20a1b2….md)" as written (stop 47's list). The anchor after the path names the rule as one here
    # does, else the text does; else the text stays, listed. A web address is shown as written still.
    # A path out of the export's folder is another book's page: shown as written (a review: "[Series Rules 7.2]
    # (../series/Rules.md#72-retreat)" linked this book's 7.2).
    book = imported("# Rules\n\n## 1. Movement\n\n**1.1** Costs. See [Combat](Combat%20a1b2c3d4e5f6.md), [back]"
                    "(Rules%209f8e.md#4-retreat), [Odds](sub/Rules.md), [Rivers](Rivers.md), [Series 4.2](../s/Rules.md"
                    "#42-retreat) and [site](https://x.org/a.md).\n\n## 2. Combat\n\n**2.1** Odds. Compare.\n\n"
                    "## 4. Retreat\n\n**4.2** Retreat. Back.\n", "decimal", fmt="markdown")
    assert ("See [[2\\|Combat]], [[4\\|back]], [[2.1\\|Odds]], Rivers, [Series 4.2]\\(../s/Rules.md#42-retreat) and "
            "[site]\\(https://x.org/a.md).\n" in book.markdown)
    assert book.report.warnings == [
        "rulesets/x/sources/x.txt:5: a link to Rivers.md ('Rivers'), another page of the export, which the site does "
        "not hold, and its text names no rule's heading: kept as text"]


def test_a_sentence_leading_up_to_a_table_is_no_title_of_it():
    # "The cost … depends on the terrain, as the table shows:" over a tab table was made its title (a helper's book,
    # in Spanish and English); a line in title case ending on a colon still titles it
    book = imported("3.0 MOVEMENT\n\n3.2 Terrain costs\nThe cost to enter each hex depends on the terrain, as the "
                    "table shows:\n\nTerrain\tMP\nClear\t1\nWoods\t2\n\n3.3 Roads. Half.\nTerrain Effects on Movement "
                    "and Combat:\n\nTerrain\tMP\nClear\t1\n", "decimal")
    assert "\nThe cost to enter each hex depends on the terrain, as the table shows:\n" in book.markdown
    assert [line for line in book.markdown.splitlines() if "rr-table__title" in line] == [
        '<tr markdown="1"><th class="rr-table__title" colspan="2" markdown="span">Terrain Effects on Movement and '
        'Combat:</th></tr>']


def test_a_note_label_in_italics_heads_its_box_once():
    # "*Designer's Note:* ZOCs are sticky." made a box titled "Designer's Note:" whose text began with the label
    # again, as did "_Example:_" (a helper's Google Docs book); and the warning of a note going on said "an note"
    book = imported("## 4. Zones\n\n**4.1 ZOC.** Units stop.\n\n*Designer's Note:* ZOCs are sticky.\n\n_Example:_ A "
                    "unit moves.\n\n*Play Note*: Mind them.\n\nStill the note.\n\n**4.2 Exit.** Leave.\n", fmt="markdown")
    assert ('!!! note "Designer\'s Note:"\n\n    ZOCs are sticky.\n\n!!! example "Example:"\n\n    A unit moves.\n\n'
            '!!! note "Play Note:"\n\n    Mind them.\n') in book.markdown
    assert any(": a note runs to the next rule" in warning for warning in book.report.warnings)
    # a note set in italics whole, its label and its text in one run: the text stays in italics, the label once
    whole = imported("## 4. Z\n\n**4.1 ZOC.** Units stop.\n\n*Example: a unit moves two hexes.*\n\n**4.2 Exit.** "
                     "Leave.\n", fmt="markdown")
    assert '!!! example "Example:"\n\n    *a unit moves two hexes.*\n' in whole.markdown


def test_a_markdown_heading_naming_a_section_with_rule_is_that_section_in_the_books_order():
    # "## Rule 6 — Morale" over "### Rule 6.1 — Morale Checks" failed as "rule 6.1 has no parent" (a helper's wiki
    # book): a heading is no example's label nor a sentence. Out of the book's order (an errata list's "## Rule 5
    # changes" after rule 7.1) it stays a heading, listed.
    book = imported("# Thornwall\n\n## Rule 6 — Morale\n\n### Rule 6.1 — Checks\n\nRoll.\n\n## RULE 7: COMBAT\n\n"
                    "### Rule 7.1 — Assault\n\nFight.\n\n## Errata\n\n### Rule 5 changes\n\nA sentence is gone.\n",
                    fmt="markdown")
    assert rule_headings(book.markdown) == ["# Thornwall", "## Rule 6 — Morale", "### Rule 6.1 — Checks",
                                            "## RULE 7: COMBAT", "### Rule 7.1 — Assault", "## Errata",
                                            "#### Rule 5 changes"]
    assert list(book.report.rule_lines) == ["6", "6.1", "7", "7.1"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (17, "a heading naming a rule's section out of the book's order (an errata list's?): kept as a heading")]


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_sentence_about_a_rule_in_a_list_of_changes_is_no_rule(fmt):
    # "7.24 was deleted." under "Errata" became rule 7.24, its text "was deleted."; "7.21 (Retreat Path): second
    # sentence deleted." failed as a duplicate with no way out named in a Markdown source (a helper's wiki book)
    heading = "## " if fmt == "markdown" else ""
    book = imported(f"7.0 COMBAT\n\n7.1 Assault. Fight.\n\n7.2 Retreat. Back.\n\n{heading}ERRATA\n\n7.24 was "
                    f"deleted.\n\n7.1 now reads: fight hard.\n", "decimal", fmt)
    assert list(book.report.rule_lines) == ["7.0", "7.1", "7.2"]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (9, "a sentence about rule 7.24 (a verb after its number): kept as text"),
        (11, "read as text: rule 7.1 came before (line 3), and lower-case words follow the number")]
    with pytest.raises(SourceError) as error:
        imported(f"7.0 COMBAT\n\n7.1 Assault. Fight.\n\n{heading}ERRATA\n\n7.1 (Assault): second sentence "
                 f"deleted.\n", "decimal", fmt)
    assert error.value.reason.endswith("start it with a backslash to keep it text: \\7.1 (Assault): second se")


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_french_label_with_its_colon_set_apart_starts_its_box(fmt):
    # "Exemple : le chef …" (French sets a space, often a no-break one, before a colon) and "Note de conception :"
    # stayed rule text (a helper's French book); the label is shown as printed
    book = imported("4.0 MOUVEMENT\n\n4.1 Coûts. Un PM par hex.\n\nExemple\u00a0: le chef bleu bouge.\n\n---\n\n"
                    "Note de conception : les zones comptent.\n\n---\n\nEXEMPLE DE JEU : deux unités.\n\n"
                    "4.2 Routes. Moitié.\n", "decimal", fmt)
    assert ('!!! example "Exemple\u00a0:"\n\n    le chef bleu bouge.' in book.markdown
            and '!!! note "Note de conception :"\n\n    les zones comptent.' in book.markdown
            and '!!! example "EXEMPLE DE JEU :"\n\n    deux unités.' in book.markdown)


def test_a_title_in_capitals_over_a_section_number_alone_is_its_title():
    # "MOVEMENT" over "4." over "4.1 A unit …" failed as "rule number 4. with no rule text", and with text under
    # each number every section was untitled, its title a sub-heading of the rule before (a helper's board-game
    # layout); a capitals line over a number that is no section stays a heading
    book = imported("LANTERNS OVER THE FJORD\n\nINTRODUCTION\n1.\nA game for two players.\n\n1.1 The raider moves "
                    "first.\n\nMOVEMENT\n2.\n2.1 A unit may move up to its speed.\n\nCOMBAT\n3.0\n3.1 Roll a die.\n",
                    "decimal")
    assert rule_headings(book.markdown) == ["# LANTERNS OVER THE FJORD", "## 1. INTRODUCTION", "### 1.1",
                                            "## 2. MOVEMENT", "### 2.1", "## 3.0 COMBAT", "### 3.1"]
    # at the file's start too (no document title); and where the title is under the number, the line over it is a
    # heading (a review)
    first = imported("MOVEMENT\n4.\n4.1 A unit moves.\n", "decimal")
    assert rule_headings(first.markdown) == ["# 4. MOVEMENT", "## 4.1"]
    below = imported("6.0 SUPPLY\n6.1 Units trace supply.\n\nADVANCED GAME\n7.0\nCOMBAT\n7.1 Roll a die.\n", "decimal")
    assert rule_headings(below.markdown) == ["# 6.0 SUPPLY", "## 6.1", "### ADVANCED GAME", "# 7.0 COMBAT", "## 7.1"]


@pytest.mark.parametrize("mark", ["-- page 4 --", "--- Page 4 ---"])
def test_a_typed_page_marker_inside_a_sentence_is_shown_apart(mark):
    # "-- page 4 --" typed by a transcriber inside a sentence stayed in it as text, listed nowhere, unless the book
    # held three or more (a helper's fan-typed book); "- 4 -" was read alone
    book = imported(f"5.0 MOVE\n\n5.1 Units. A unit moves along\n{mark}\nroads at half cost.\n\n5.2 Woods. Two.\n",
                    "decimal")
    assert (f'A unit moves along\nroads at half cost.\n\n<p class="rr-running-head" markdown="span">{mark}</p>'
            in book.markdown)
    # a page in brackets on its own line is cited, not a marker (a review)
    cited = imported("5.0 MOVE\n\n5.1 Roads. See the chart\n[page 12]\nfor details.\n", "decimal")
    assert "See the chart\n[page 12]\nfor details." in cited.markdown


def test_an_obsidian_block_id_is_left_out_and_a_link_to_it_links_its_rule():
    # "… per game. ^hero-rule" showed the ID as text, and "[[#^hero-rule]]" named no rule, which fails the build
    # (a helper's Obsidian vault)
    book = imported("# Vault\n\n## 6. Heroes\n\n**6.1 Heroes.** A hero acts twice per game. ^hero-rule\n\n**6.2 Rally.**"
                    " See [[#^hero-rule]], [[Rules#^hero-rule|the hero rule]] and [[#^gone|that]].\n", fmt="markdown")
    assert "A hero acts twice per game.\n" in book.markdown and "^hero-rule" not in book.markdown
    assert "See [[6.1]], [[6.1\\|the hero rule]] and that.\n" in book.markdown
    assert "rulesets/x/sources/x.txt:7: a link to the block ^gone, which no line of the source ends with: kept as " \
           "text" in book.report.warnings
    # on a list's item and a heading too; an ID no link names stays as written ("r ^2", an exponent: a review)
    other = imported("# V\n\n## 5. Heroes ^sec\n\n**5.1 Heroes.** Text.\n\n- Each hero moves. ^step\n\nArea is r ^2\n\n"
                     "**5.2 X.** See [[#^step]], [[#^sec]].\n", fmt="markdown")
    assert rule_headings(other.markdown) == ["# V", "## 5. Heroes", "### 5.1 Heroes.", "### 5.2 X."]
    assert ('<li markdown="span">Each hero moves.</li>' in other.markdown and "\nArea is r ^2\n" in other.markdown
            and "See [[5.1]], [[5]]." in other.markdown)


def test_an_obsidian_tag_at_a_headings_end_is_no_part_of_its_title():
    # "### 5.1 Heroes #optional" was titled "5.1 Heroes #optional", and "[[Heroes]]" then named no rule (a helper's
    # Obsidian vault)
    book = imported("# Vault\n\n## 5. Heroes\n\n### 5.1 Heroes #optional #house-rule\n\nA hero.\n\n### 5.2 Rally\n\n"
                    "See [[Heroes]].\n\n## Hex #A5\n", fmt="markdown")
    assert rule_headings(book.markdown) == ["# Vault", "## 5. Heroes", "### 5.1 Heroes", "### 5.2 Rally",
                                            "## Hex #A5"]  # (a hex's number, no tag: a review)


def test_a_living_rules_books_titles_with_compounds_and_its_notes_on_changes():
    # "12.2 Counter-battery Fire" was untitled (a compound's second half in lower case read as a sentence's word);
    # "12.3 - second sentence deleted." and '13.2: "two hexes" now reads three.' in the errata failed the import as a
    # duplicate or a rule without its parent (a helper's living-rules book)
    book = imported("12.0 FIRE\n\n12.1 Units. Fire.\n\n12.2 Counter-battery Fire\nGuns fire back.\n\n12.3 Range. Far.\n\n"
                    "ERRATA\n\n12.3 - second sentence deleted.\n\n13.2: \"two hexes\" now reads three.\n", "decimal")
    assert rule_headings(book.markdown)[:4] == ["# 12.0 FIRE", "## 12.1 Units.", "## 12.2 Counter-battery Fire",
                                                "## 12.3 Range."]
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (12, "a note on rule 12.3's text (a list of changes?): kept as text"),
        (14, "a note on rule 13.2's text (a list of changes?): kept as text")]


def test_a_date_in_a_chronology_and_die_rolls_typed_as_lines():
    # "1.9.1939 Germany invades Poland." failed as a rule out of order, and "1-2: retreat" over "3-4: halt" ran
    # together into one line on the page (a helper's deep-decimal book)
    book = imported("2.0 HISTORY\n\n2.1 Notes. The war began:\n\n1.9.1939 Germany invades Poland.\n\n2.2 Rolls. Roll "
                    "one die:\n1-2: retreat\n3-4: halt\n5-6 = advance\n", "decimal")
    assert list(book.report.rule_lines) == ["2.0", "2.1", "2.2"]
    assert (5, "a date (a year's four digits last): kept as text") in [(miss.line, miss.reason)
                                                                       for miss in book.report.not_rules]
    assert "\n1-2: retreat\n\n3-4: halt\n\n5-6 = advance\n" in book.markdown


def test_a_short_date_where_no_rule_could_come_is_text_and_a_rule_of_its_shape_in_order_a_rule():
    # "17.9.39 The Soviets invade." failed as "rule 17.9.39 has no parent" (stop 47's list); "2.1.12" in order is a
    # rule, and so is "3.1.11 Ties." in section 3 with its parent missing (a review: it became "a date"), as is an
    # errata list's note on a rule (a review)
    book = imported("1.0 GENERAL\n1.1 History. The war began:\n\n1.9.39 Germany invades.\n17.9.39 The Soviets invade.\n"
                    "22.6.41 Barbarossa.\n2.0 TURN\n2.1 Steps. Move.\n2.1.1 Move. Units move.\n2.1.12 Later. A rule.\n3.0 END\n"
                    "3.1.11 Ties. A tie is a draw.\n3.1.12: \"0\" should read \"1\".\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1", "2.1.1", "2.1.12", "3.0", "3.1.11"]
    date = "a date (day, month and a year's two digits, where no rule could come): kept as text"
    assert [(miss.line, miss.reason) for miss in book.report.not_rules] == [
        (4, date), (5, date), (6, date), (13, "a note on rule 3.1.12's text (a list of changes?): kept as text")]


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_an_amount_whose_number_no_rule_here_could_have_is_text(fmt):
    # "4.5 MP is the most …" in section 2 failed the import as "rule 4.5 has no parent" (a helper's book); "2.5 MP …"
    # after 2.0 was text already
    gap = "\n\n" if fmt == "markdown" else "\n"
    book = imported(gap.join(["1.0 INTRO", "1.1 Scale. A hex is a mile.", "2.0 SEQUENCE", "Each turn has phases.",
                              "4.5 MP is the most any unit spends.", "2.1 Steps. Move."]) + "\n", "decimal", fmt)
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]
    assert "an amount (rule 4.5 would have no parent, and a unit follows the number): kept as text" in [
        miss.reason for miss in book.report.not_rules]


@pytest.mark.parametrize("field", ["   :depth: 1", "   :width: 1.3", ":scale: 2", "   :version: 2.1"])
def test_a_restructured_text_field_is_no_emoji_before_a_rule_number(field):
    # ".. contents::" over "   :depth: 1" (a reStructuredText export read as text, a helper's) failed the import as
    # "rule number 1 with no rule text": ":depth:" was taken for an emoji's shortcode before a number
    book = imported(f"KESTREL\n\n.. contents:: Table of Contents\n{field}\n\n1.0 INTRO\n1.1 Scale. A hex is a mile.\n"
                    ":snowflake: 1.2 Ice. Cold.\n", "decimal")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2"]


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_designers_notes_in_more_languages_and_a_tip_are_notes_and_a_results_key_is_no_example(fmt):
    # "Noot van de ontwerper:", "Nota del autor:", "Uwaga projektanta:" and "TIP:" stayed rule text, and "EX:
    # exchange." under "AR: attacker retreats." became an example box (helpers' Dutch and reStructuredText books)
    book = imported("6.0 COMBAT\n\n6.1 Odds. Compare.\n\nAR: attacker retreats. DR: defender retreats.\n"
                    "EX: exchange.\n\nNoot van de ontwerper: De rivier.\n\nNota del autor: El rio.\n\n"
                    "Uwaga projektanta: Rzeka.\n\nTIP: Roll twice.\n\nEX: A unit attacks.\n", "decimal", fmt)
    assert '!!! example "EX:"\n\n    A unit attacks.' in book.markdown
    assert book.markdown.count("!!! example") == 1
    # an example in lower case, a sentence, is one; a key's entry of five words is none (reviews)
    example = imported("6.0 X\n\n6.1 Odds. Compare.\n\nEX: a unit entering a woods hex with 4 MP spends 2 MP.\n",
                       "decimal", fmt)
    assert '!!! example "EX:"' in example.markdown
    key = imported("6.0 X\n\n6.1 Odds. Compare.\n\nAR: attacker retreats one hex.\nEX: both sides lose one step.\n"
                   "AE: attacker eliminated.\n", "decimal", fmt)
    assert "!!! example" not in key.markdown
    for label in ("Noot van de ontwerper:", "Nota del autor:", "Uwaga projektanta:", "TIP:"):
        assert f'!!! note "{label}"' in book.markdown


def test_an_errata_heading_over_a_note_on_a_rule_read_already_stays_beside_the_sections():
    # "## Errata" over '5.2: "20" should read "25".' became "#### Errata" under rule 5.2 (a helper's FAQ book): the
    # note's number read as the next rule, under section 5
    book = imported('# FAQ\n\n## 5. Victory\n\n5.1 Points. Count them.\n\n5.2 Sudden death. Twenty wins.\n\n'
                    '## Errata\n\nThese replace the printed text:\n\n5.2: "20" should read "25".\n', "decimal", "markdown")
    assert "\n## Errata {: .rr-subhead }\n" in book.markdown


def test_a_titles_underline_and_overline_are_left_out_and_listed():
    # A reStructuredText-style text export (a helper's): the book's title became "=============", each "=====" under a
    # section showed as a paragraph of equals signs, each "-----" under a rule as a rule across the page
    # (a rule across the page under a short line, longer than a title's underline, stays one, as does a form's
    # line to write on: a review)
    book = imported("=============\nKESTREL RIDGE\n=============\n\n[1.0] INTRODUCTION\n==================\n\nThe "
                    "game.\n\n[1.1] Game Scale\n----------------\n\nEach hex is a mile.\n\nA long paragraph line "
                    "that a rule across the page follows\n---\n\nMore text.\n\n-----\n\nLast line\n" + "-" * 60
                    + "\n\nPlayer name\n_______________\n\n[1.2] Fixed\n" + "-" * 21 + "\n\nText.\n\n"
                    "[1.3] INTRODUCTION\n" + "=" * 30 + "\n\nText.\n")
    assert book.markdown.split("---\n", 2)[2].startswith("\n# KESTREL RIDGE {: .rr-document-title }\n\n## [1.0]")
    assert "==" not in book.markdown and book.markdown.count("* * *") == 4
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "1.3"]
    assert ("rulesets/x/sources/x.txt:1: left out the titles' underlines and overlines (lines 1, 3, 6, 11, 29 and 1 "
            "more: '=====', '-----', as reStructuredText marks a title), not the book's text") in book.report.warnings


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_a_book_of_asciidoc_headings_fails_naming_them(fmt):
    # "== 1.0 Intro" (an AsciiDoc export, a helper's) failed as "no rules found" without a word of the marks
    with pytest.raises(SourceError) as error:
        imported("= Kestrel Rules\n\n== 1.0 Intro\n\nThe game.\n\n=== 1.1 Scale\n\nA hex is a mile.\n", "decimal", fmt)
    assert ("2 line(s) start with '=' marks before a number, as AsciiDoc marks a heading (line 3: '== 1.0 Intro'): "
            "write them as Markdown headings ('## 1.0 Intro') with format: markdown, or take the marks off"
            ) in error.value.reason


def test_a_bold_question_on_a_rule_read_already_names_the_way_out():
    # "**2.3 Q:** Does rain …" in a FAQ failed as "duplicate rule ID 2.3" with no way out named (a helper's FAQ book);
    # a backslash, as plain text has it, would show before the bold
    with pytest.raises(SourceError) as error:
        imported("# FAQ\n\n## 2. Weather\n\n**2.3** Rain. Units slow.\n\n**2.3 Q:** Does rain stop boats? No.\n",
                 "decimal", "markdown")
    assert error.value.reason.endswith("put a word before its number to keep it text: **Q 2.3:** …")


def test_a_german_authors_note_is_a_note():
    # "Anmerkung des Autors:" and "HINWEIS:" stayed rule text (a helper's German book)
    book = imported("3.0 BEWEGUNG\n\n3.1 Kosten. Ein Feld kostet 1 BP.\n\nAnmerkung des Autors: Wälder bremsen.\n\n"
                    "---\n\nHINWEIS: Straßen helfen.\n\n3.2 Straßen. Halb.\n", "decimal")
    assert ('!!! note "Anmerkung des Autors:"\n\n    Wälder bremsen.' in book.markdown
            and '!!! note "HINWEIS:"\n\n    Straßen helfen.' in book.markdown)


@pytest.mark.parametrize("mark, read", [("[rev]", True), ("(REV)", True), ("[Rev.]", True), ("(v1.2)", True),
                                        ("[C]", False), ("Updated", False), ("+", False)])
def test_a_change_mark_before_a_rule_is_read_or_listed(mark, read):
    # "[rev] 12.2 Range" and "(v1.2) 12.2 Range" lost rule 12.2 into 12.1 without a word (a helper's living rules):
    # the marks an edition uses are read; one the import does not know is listed, so that no rule is lost unsaid
    book = imported(f"12.0 FIRE\n\n12.1 Units. Fire.\n\n{mark} 12.2 Range\nGuns reach far.\n\n12.3 Arcs. Wide.\n",
                    "decimal")
    if read:
        assert list(book.report.rule_lines) == ["12.0", "12.1", "12.2", "12.3"]
    else:
        assert [(miss.line, miss.number) for miss in book.report.not_rules] == [(5, "12.2")]


def test_an_editions_number_and_a_rule_in_lower_case_after_a_colon_stay_as_they_were():
    # a review: "REVISION 2.1" on the cover failed the import ("rule 2.1 has no parent") once "revision" was a change
    # mark, and "5.2: units may not enter a lake hex." in its place in the book was taken for an errata list's note
    cover = imported("RULES OF PLAY\n\nREVISION 2.1\n\n1.0 INTRODUCTION\n\n1.1 Scale. A hex is a mile.\n\n2.0 MOVEMENT"
                     "\n\n2.1 Costs. One MP.\n", "decimal")
    assert list(cover.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]
    book = imported("5.0 MOVE\n\n5.1 General. Units move.\n\n5.2: units may not enter a lake hex.\n\n5.3 Roads. Half.\n",
                    "decimal")
    assert list(book.report.rule_lines) == ["5.0", "5.1", "5.2", "5.3"]


def test_a_word_processors_bold_title_in_a_run_of_its_own_is_the_title_without_its_mark():
    # pandoc's export of a Word book: "**1.2** **Fords and Bridges** A ford …" was untitled (a run-in title needed its
    # period or colon; a helper's pandoc book). A bold run in title case before a sentence is the title, its
    # emphasis kept whole, as "**1.1** **Scale.**" is; "**Units may** not move." is no title
    book = imported("# B\n\n## 1. Rivers\n\n**1.1** **Scale.** A hex is a mile.\n\n**1.2** **Fords and Bridges** A ford "
                    "is shallow.\n\n**1.3** **Units may** not move.\n", "decimal", fmt="markdown")
    assert rule_headings(book.markdown) == ["# B", "## 1. Rivers", "### 1.1 **Scale.**",
                                            "### 1.2 **Fords and Bridges**", "### 1.3"]
    assert "\n\nA ford is shallow.\n" in book.markdown


def test_a_hard_break_after_a_bold_title_ends_its_line_not_its_heading():
    # "**1.3** **Title**\" (a backslash or two spaces at the line's end, a Word export's break after the title) kept a
    # "<br />" at the heading's end: on the page, in the table of contents and in jump's titles.
    book = imported("# B\n\n## 1. Rivers\n\n**1.1** **Scale**\\\nA hex is a mile.\n\n**1.2** **Fords**  \nA ford is "
                    "shallow.\n\n**1.3** **Bridges**\\\n", "decimal", fmt="markdown")
    assert rule_headings(book.markdown) == ["# B", "## 1. Rivers", "### 1.1 **Scale**", "### 1.2 **Fords**",
                                            "### 1.3 **Bridges**"]
    assert "\n\nA hex is a mile.\n" in book.markdown and "<br" not in book.markdown
