"""Markdown transcriptions in the shapes people write them: setext headings, heading
attributes, bold numbers in bullets, comments, definition lists (build_tools/importer/source_lines.py,
read_markdown; build_tools/importer/definition_lists.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from importer_pages import render
from small_books import import_book, rule_headings

from build_tools.errors import SourceError
from build_tools.numbering import numbering_of
from build_tools.rule_index import rules_in_markdown


def imported(source: str):
    return import_book(source, path="rulesets/lb/sources/lb.md", fmt="markdown")


def decimal_book(source: str):
    return import_book(source, path="rulesets/lb/sources/lb.md", numbering="decimal", fmt="markdown")


def headings(source: str) -> list[str]:
    return [line for line in imported(source).markdown.splitlines() if line.startswith("#")]


def test_setext_headings_are_headings():
    page = imported("Longbow\n=======\n\nSection 5: Movement\n-------------------\n\nGeneral Rules\n-------------\n\n"
                    "**5.1** Units move.\n").markdown
    body = page.split("---\n", 2)[2]  # after the front matter
    assert body.split("\n\n") == ["\n# Longbow {: .rr-document-title }", '## Section 5: Movement {: #5 .rr-rule data-rule="5" }',
                                  "### General Rules {: .rr-subhead }", '### 5.1 {: #5.1 .rr-rule data-rule="5.1" }',
                                  "Units move.\n"]


def test_a_rule_across_the_page_after_a_paragraph_of_two_lines_stays_a_rule():
    source = "## 5. Movement\n\n**5.1** Units move\none at a time.\n---\n\n**5.2** Roads.\n"
    page = imported(source).markdown
    assert "* * *" in page and len([line for line in page.splitlines() if line.startswith("#")]) == 3


def test_a_heading_attribute_block_is_markup_not_text():
    assert headings("## 6. Archery {#archery}\n\n### 6.1 Range {#range .wide}\n\nArchers shoot.\n") == [
        '# 6. Archery {: #6 .rr-rule data-rule="6" }', '## 6.1 Range {: #6.1 .rr-rule data-rule="6.1" }']
    # pandoc's "{-}" (unnumbered) showed as "\{-\}" in the heading (a helper's Word export)
    assert headings("## 6. Archery {-}\n\n**6.1** Range.\n")[0] == '# 6. Archery {: #6 .rr-rule data-rule="6" }'


def test_bullets_with_bold_numbers_stay_items():
    # A rule is never read from a bullet: "- **2.5** Woods" is a cost in a list as often as a rule.
    page = imported("## 2. Movement\n\n**2.1** Roads. Half.\n\n**2.2** Costs. Terrain costs in MP:\n\n"
                    "- **2.5** Woods\n- **3** Hills\n").markdown
    assert rule_headings(page) == ["# 2. Movement", "## 2.1 Roads.", "## 2.2 Costs."]
    assert '<li markdown="span">**2.5** Woods</li>' in page


def test_an_html_comment_on_lines_of_its_own_is_left_out_and_reported():
    book = imported("# Longbow\n\n<!-- page 3 -->\n\n## 5. Movement\n\n**5.1** Units move <!-- inline --> here.\n"
                    "<!--\nA note over\ntwo lines.\n-->\n**5.2** Roads.\n\n<!-- never closed\n**5.3** Rivers.\n")
    page = book.markdown
    assert "page 3" not in page and "A note over" not in page
    assert "Units move here." in page  # inside a line of text: left out too, as CommonMark shows none
    assert "&lt;!-- never closed" in page and "5.3 {: #5.3 .rr-rule" in page  # never closed: text
    assert [warning.split(": ", 1)[0] for warning in book.report.warnings] == [
        "rulesets/lb/sources/lb.md:3", "rulesets/lb/sources/lb.md:7", "rulesets/lb/sources/lb.md:8"]


def _definitions(html: str) -> list[tuple[str, str]]:
    """Each item of the page's definition lists: ("dt" or "dd", its HTML with spaces made one)."""
    lists = re.findall(r'<dl class="rr-definitions">(.*?)</dl>', html, re.S)
    return [(tag, re.sub(r"\s+", " ", text).strip()) for block in lists
            for tag, text in re.findall(r"<(dt|dd)>(.*?)</\1>", block, re.S)]


def test_a_definition_list_is_a_list_of_terms_and_definitions():
    # A transcription's glossary ("Zone of Control" over ": The six hexes …") showed as one paragraph,
    # "Zone of Control : The six hexes …", its terms and definitions run together.
    book = imported("## 5. Terms\n\n**5.1** Words. These are used in 5.2:\n\nZone of Control\n"
                    ": The six hexes around a unit (see 5.2).\n\nFortified *hex*\nStronghold\n\n: A hex with a fort.\n"
                    "  It halts movement.\n~ Also a hex with a castle.\n\nRout\n:   A unit that fled.\n\n"
                    "    It may rally per 5.2.\n\n**5.2** Rally. Units rally.\n")
    assert rule_headings(book.markdown) == ["# 5. Terms", "## 5.1 Words.", "## 5.2 Rally."]
    assert _definitions(render(book.markdown)) == [
        ("dt", "Zone of Control"), ("dd", "The six hexes around a unit (see 5.2)."),
        ("dt", "Fortified <em>hex</em>"), ("dt", "Stronghold"), ("dd", "A hex with a fort. It halts movement."),
        ("dd", "Also a hex with a castle."), ("dt", "Rout"),
        ("dd", "<p>A unit that fled.</p> <p>It may rally per 5.2.</p>")]
    assert not book.report.warnings


def test_a_rule_is_never_a_term_nor_more_of_a_definition():
    # A rule's number over a ": " line, or right under a definition, is that rule: read into the list, it was lost.
    book = imported("## 5. Terms\n\n**5.1** Words. Units move.\n: not a definition\n\nRout\n: A unit that fled.\n"
                    "**5.2** Rally. Units rally.\n\n### 5.3 Fords\n: Shallow water.\n\n- a list item\n: text\n")
    assert rule_headings(book.markdown) == ["# 5. Terms", "## 5.1 Words.", "## 5.2 Rally.", "## 5.3 Fords"]
    assert _definitions(render(book.markdown)) == [("dt", "Rout"), ("dd", "A unit that fled.")]


def test_a_colon_line_in_a_paragraph_or_in_code_is_no_definition():
    book = imported("## 5. Terms\n\n**5.1** Words. A unit\nthat fled\n: is routed.\n\n```\nRout\n: fled\n```\n")
    assert "<dl" not in book.markdown and "Rout\n: fled" in book.markdown


def test_a_bold_number_closed_after_a_space_is_a_bold_number():
    # A converter wrote "**5.13 **Movement …" and "**5.2 Restrictions on Movement **": the rules' headings were
    # "*5.13 *" and "*5.2 Restrictions on Movement *", asterisks and all, in the contents, search and jump too.
    book = imported("## 5. Movement\n\n**5.1** Units move.\n\n**5.13 **Movement Points may not be saved.\n\n"
                    "**5.2 Restrictions on Movement **\n\nNo unit may move twice.\n\n## **5.3 Roads **\n\n"
                    "Half. A **bold **word and **6 **hexes stay as written.\n")
    assert rule_headings(book.markdown) == ["# 5. Movement", "## 5.1", "### 5.13", "## 5.2 Restrictions on Movement",
                                            "## 5.3 Roads"]
    assert "Movement Points may not be saved." in book.markdown
    assert "A **bold **word and **6 **hexes stay as written." in book.markdown


def test_an_indented_code_block_is_code_and_a_rule_number_in_it_is_listed():
    # "    2.3 Roads cost half." after a blank line is an indented code block, as CommonMark reads it; it was read as
    # rule 2.3, then failed with "rule 1.5 comes after 2.3: out of order" for the line under it (a helper's book).
    # It is shown as written, and the rule number in it is listed: a transcriber who meant a rule takes off the indent.
    book = imported("## 2. Movement\n\n**2.1** Costs. One MP:\n\n    2.3 Roads cost half.\n\n    1.5 MP total\n\n"
                    "**2.2** Roads. Half.\n\n- A list\n\n    its item's paragraph\n\n(a) Total them.\n\n"
                    "    The attacker adds every unit; see 2.1.\n")
    assert rule_headings(book.markdown) == ["# 2. Movement", "## 2.1 Costs.", "## 2.2 Roads."]
    assert "```text\n2.3 Roads cost half.\n\n1.5 MP total\n```" in book.markdown
    assert "its item's paragraph" in book.markdown and book.markdown.count("```text") == 1
    assert "The attacker adds every unit; see 2.1." in book.markdown  # an item's paragraph (a review)
    assert [(miss.line, "indented code block" in miss.reason) for miss in book.report.not_rules] == [(5, True)]


def test_a_title_set_in_emphasis_after_a_bold_number_is_the_title_in_any_case():
    # "**8.3** *Advance after combat.* One unit …" showed "8.3" alone in the contents, while "*Retreats.*" was a title
    # (a helper's wiki transcription): emphasis sets the title apart, whatever its case.
    book = imported("## 8. Combat\n\n**8.1** *Retreats.* A unit retreats.\n\n**8.3** *Advance after combat.* One unit "
                    "may advance.\n\n**8.4** _Losses:_ Remove them.\n\n**8.5** *Only* one unit may attack.\n\n"
                    "**8.6** *Pursuit*. One unit may pursue.\n\n**8.7** _Do not roll twice._ The first roll stands."
                    "\n\n**8.8** *Note:* the attacker chooses.\n")
    assert rule_headings(book.markdown) == ["# 8. Combat", "## 8.1 *Retreats.*", "## 8.3 *Advance after combat.*",
                                            "## 8.4 _Losses:_", "## 8.5", "## 8.6 *Pursuit*.", "## 8.7", "## 8.8"]
    assert "\n\nOne unit may advance.\n" in book.markdown and "\n\n*Only* one unit may attack.\n" in book.markdown


def test_a_notion_callouts_aside_tags_are_layout():
    # Notion exports a callout as "<aside>" … "</aside>" on lines of their own: the page showed the tags as text
    # (a helper's Notion export). They wrap the callout's text, which stays.
    book = imported("## 4. Movement\n\n**4.1** Roads. Half.\n\n<aside>\n💡 Bridges are roads (see 4.1).\n</aside>\n\n"
                    "**4.2** Rivers. Stop.\n")
    assert "aside>" not in book.markdown and "Bridges are roads (see 4.1)." in book.markdown
    assert rule_headings(book.markdown) == ["# 4. Movement", "## 4.1 Roads.", "## 4.2 Rivers."]


def test_a_heading_with_its_rules_number_at_its_end_is_that_rule_shown_as_printed():
    # "## Movement (2.0)" and "### Speed (2.1)" were sub-headings of rule 1.0, reported nowhere, and references to
    # them went unresolved (a helper's Markdown book)
    book = decimal_book("## 1.0 General\n\nText, see 2.1 and 2.2.\n\n## Movement (2.0)\n\nUnits move.\n\n"
                        "### Speed (2.1)\n\nOne hex.\n\n### Wind [2.2]\n\nDrift.\n\n## Combat — 3.0\n\nRoll.\n\n"
                        "## Notes (see 2.1)\n\nNone.\n")
    assert list(book.report.rule_lines) == ["1.0", "2.0", "2.1", "2.2", "3.0"]
    assert rule_headings(book.markdown)[:5] == ["# 1.0 General", "# Movement (2.0)", "## Speed (2.1)", "## Wind [2.2]",
                                                "# Combat — 3.0"]  # ("Notes (see 2.1)" is a heading, no rule)
    assert '# Movement (2.0) {: #2.0 .rr-rule data-rule="2.0" }' in book.markdown


def test_a_heading_with_its_number_at_its_end_may_have_its_sub_rules_right_under_it():
    # "## Introduction (1.0)" over "**1.1** Units move." failed as a rule with no text (a helper's book)
    book = decimal_book("# Book\n\n## Introduction (1.0)\n\n**1.1** Units move. See 2.1.\n\n## Movement (2.0)\n\n"
                        "### Speed (2.1)\n\nA ship moves (1.1).\n")
    assert list(book.report.rule_lines) == ["1.0", "1.1", "2.0", "2.1"]


def test_a_bold_rule_number_in_an_indented_code_block_is_listed():
    # "\t**5.2**" after a blank line crashed the import (hypothesis): a bold number is read as bold
    book = import_book("## 5. Movement\n\nText.\n\n\t**5.2** Roads.\n", path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert [miss.line for miss in book.report.not_rules] == [5]


def test_an_html_comment_inside_a_line_is_left_out_and_cites_nothing():
    # "Text <!-- was: see 2.2 --> continues here." showed the comment and counted 2.2 as cited (a helper's book)
    book = import_book("## 1. Movement\n\n**1.1** Roads cost half <!-- was: see 1.2 --> a hex.\n\n**1.2** Rivers.\n",
                       path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert "Roads cost half a hex." in book.markdown and "was:" not in book.markdown
    ruleset = SimpleNamespace(id="lb", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    assert [rule.references for rule in rules_in_markdown(book.markdown, ruleset, "lb/lb.md")] == [(), (), ()]
    assert book.report.warnings == ["rulesets/lb/sources/lb.md:3: left out an HTML comment (line 3), a transcriber's "
                                    "note, not the book's text"]


def test_an_html_comment_a_line_of_text_opens_and_a_later_line_of_its_paragraph_closes_is_left_out():
    # "Units move <!-- old wording:" over "see 1.2 --> one hex." showed the comment and cited 1.2 (stop 45's list);
    # CommonMark shows neither, and the paragraph goes on after it
    book = import_book("## 1. Movement\n\n**1.1** Units move <!-- old wording:\nsee 1.2 --> one hex.\n\n"
                       "**1.2** Roads cost half <!-- was\none third\n-->\na hex. %% draft\nsee 1.1 %% Fords too.\n\n"
                       "**1.3** A bridge <!-- never\n\ncloses --> here. Type `<!--` and\nthen --> that.\n",
                       path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert "Units move\none hex." in book.markdown and "old wording" not in book.markdown
    assert "Roads cost half\na hex.\nFords too." in book.markdown and "one third" not in book.markdown
    assert "A bridge &lt;!-- never\n\ncloses --&gt; here." in book.markdown.replace("-->", "--&gt;")
    assert "Type <code>&lt;!--</code> and\nthen --> that." in book.markdown
    ruleset = SimpleNamespace(id="lb", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)
    assert [rule.references for rule in rules_in_markdown(book.markdown, ruleset, "lb/lb.md")] == [(), (), (), ()]
    assert [warning.split(": ", 1)[1] for warning in book.report.warnings] == [
        "left out an HTML comment (lines 3-4), a transcriber's note, not the book's text",
        "left out an HTML comment (lines 6-8), a transcriber's note, not the book's text",
        "left out an Obsidian comment (lines 9-10), a transcriber's note, not the book's text"]


@pytest.mark.parametrize("source, kept", [
    # a heading is one line: the text under it is no comment's ("A" was lost: a review)
    ("## 1.0 Movement <!-- TODO\nUnits move. Arrows show paths: A --> B.\n", "Units move. Arrows show paths: A --> B."),
    # nor is a setext heading's underline, nor a table's rows, nor what a code span across the lines holds
    ("## 1.0 Movement\n\nMoving <!-- TODO\n--------\nA --> B.\n", "A --> B."),
    ("## 1.0 Movement\n\nTerrain | Cost <!-- was 3\n--- | ---\nWoods | 2 -->\n", "Woods"),
    ("## 1.0 Movement\n\n**1.1** Type `<!-- note\n-->` in the source.\n", "in the source."),
    # a thematic break or an HTML block ends the paragraph, and an escaped opener is no comment's (a second review)
    ("## 1.0 Movement\n\nUnits move <!-- old\n***\nwording --> one hex.\n", "wording --> one hex."),
    ("## 1.0 Movement\n\nUnits fly <!-- old\n<div>x</div>\nwording --> far.\n", "wording --> far."),
    ("## 1.0 Movement\n\nUnits fly <!-- old\n<!doctype html>\nwording --> far.\n", "wording --> far."),
    ("## 1.0 Movement\n\nUnits swim \\<!-- not a comment\nreally --> at all.\n", "really --> at all."),
])
def test_a_comment_opened_in_a_line_that_is_no_paragraphs_is_shown_as_before(source, kept):
    book = import_book(source, path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert kept in book.markdown and not book.report.warnings


@pytest.mark.parametrize("source, shown", [
    # an inline tag or an autolink at a line's start interrupts no paragraph: the comment closes (a third review)
    ("Units move <!-- old\n<b>wording</b> --> one hex.\n", "Units move\none hex."),
    ("Units move <!-- old\n<https://example.com> --> one hex.\n", "Units move\none hex."),
    ("Units move <!-- old\n<Pre-game> wording --> one hex.\n", "Units move\none hex."),
    # an escaped backslash before the opener escapes no opener
    ("Path C:\\\\<!-- old\nwording --> one hex.\n", "Path C:\\\\\none hex."),
])
def test_a_comment_across_lines_of_a_paragraph_with_inline_html_or_escapes_is_left_out(source, shown):
    book = import_book(f"## 1.0 Movement\n\n{source}", path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert shown in book.markdown and "old" not in book.markdown


def test_a_comment_opened_in_a_line_of_text_that_holds_a_rule_fails_the_import():
    with pytest.raises(SourceError, match=r"lb.md:3: the HTML comment on lines 3-4 holds a line that reads as a rule "
                                          r"\(line 4: '\*\*1\.2\*\* Roads"):
        import_book("## 1. Movement\n\n**1.1** Units move <!-- old\n**1.2** Roads. --> one hex.\n",
                    path="rulesets/lb/sources/lb.md", fmt="markdown")


@pytest.mark.parametrize("heading", ["## Errata (1.1)", "## Designer's Notes [1.1]", "## Version History — 1.1",
                                     "## Release Notes (1.2)", "## Changes in (2.0)", "## Table (2.1)",
                                     "## Terrain Effects Chart — 2.0", "## Example of Play [1.3]", "## Odds — 1.5"])
def test_a_heading_naming_a_rule_at_its_end_out_of_the_books_order_stays_a_heading(heading):
    # each was read as a rule, and failed the import (a duplicate, out of order, no parent) or made a false rule
    # (a review)
    book = decimal_book(f"## 1. Roads\n\n**1.1 Roads.** Half.\n\n{heading}\n\nText.\n\n**1.2 Rivers.** Two.\n")
    assert list(book.report.rule_lines) == ["1", "1.1", "1.2"]
    assert f"{heading.lstrip('# ')} {{: .rr-subhead }}" in book.markdown


def test_a_labelled_heading_with_no_text_still_fails_as_an_empty_rule():
    # "## Rule 1.2" right over "## Rule 1.3" became an empty rule 1.2 once a heading naming its rule at its end
    # could have no text (a review)
    with pytest.raises(SourceError, match="rule number 1.2 with no rule text"):
        decimal_book("## 1. Roads\n\n**1.1** Half.\n\n## Rule 1.2\n\n## Rule 1.3\n\nText.\n")


@pytest.mark.parametrize("title", ["Combat Odds", "Game Contents", "Combat Results Table", "Designer Notes",
                                   "Terrain Effects Chart"])
def test_a_heading_with_its_number_at_its_end_in_the_books_order_is_a_rule_whatever_its_words(title):
    # a list of words kept "### Combat Results Table (1.2)" a heading, and rule 1.2 was lost without a word (a review)
    book = decimal_book(f"## Introduction (1.0)\n\nText.\n\n### Scale (1.1)\n\nOne.\n\n### {title} (1.2)\n\nTwo.\n\n"
                        "## Movement (2.0)\n\nUnits move in these steps:\n\n1. Pick a unit.\n2. Move it.\n\n"
                        "### Speed (2.1)\n\nFour.\n")
    # (the steps' numbers are no rules after 2.0: a review)
    assert list(book.report.rule_lines) == ["1.0", "1.1", "1.2", "2.0", "2.1"]


@pytest.mark.parametrize("contents", [
    # the contents' lines became the rules and the book's headings plain headings (a review): a heading naming an
    # earlier rule by that rule's own title is the rule printed twice
    "1.0 Introduction\n2.0 Movement\n",
    # "## 1.0 Introduction" and "## 2.0 Movement" with no text, over the book's "## Introduction (1.0)", imported
    # as empty rules and the book's headings as plain headings (a review)
    "## 1.0 Introduction\n## 2.0 Movement\n",
])
def test_a_list_of_contents_over_headings_with_their_numbers_at_their_end_fails_as_a_duplicate(contents):
    with pytest.raises(SourceError, match="duplicate rule ID 1.0"):
        decimal_book(f"{contents}\n## Introduction (1.0)\n\nText.\n\n## Movement (2.0)\n\nMove.\n")


@pytest.mark.parametrize("section", ["## Section 1", "## Chapter 1"])
def test_a_labelled_section_heading_may_have_its_first_rule_right_under_it(section):
    book = decimal_book(f"{section}\n\n### 1.1 Scale\n\nEach hex is a mile.\n")
    assert list(book.report.rule_lines) == ["1", "1.1"]


@pytest.mark.parametrize("line, kept", [("Half <!-- a -->x hex.", "Half x hex."),
                                        ("Half <!-- a --> hex.", "Half hex.")])
def test_an_html_comment_between_words_leaves_a_space(line, kept):
    # "Half <!-- a -->x hex." became "Halfx hex." (a review)
    book = import_book(f"## 1. Roads\n\n**1.1** Half.\n\n{line}\n", path="rulesets/lb/sources/lb.md", fmt="markdown")
    assert kept in book.markdown


def test_an_html_comment_in_inline_code_stays():
    # "`<!-- x -->`" was left out, the code span left empty (a review): CommonMark keeps a comment inside code
    book = import_book("## 1. Roads\n\n**1.1** Half.\n\nUse `<!-- x -->` in code.\n", path="rulesets/lb/sources/lb.md",
                       fmt="markdown")
    assert "Use <code>&lt;!-- x --></code> in code." in book.markdown and not book.report.warnings


def test_an_html_comment_in_an_indented_code_block_stays():
    book = import_book("## 1. Roads\n\n**1.1** Half.\n\n    code <!-- x --> here\n", path="rulesets/lb/sources/lb.md",
                       fmt="markdown")
    assert "code &lt;!-- x --> here" in book.markdown or "code <!-- x --> here" in book.markdown


@pytest.mark.parametrize("headings, rules", [
    # an out-of-order heading after a heading took that heading's rule away (a review)
    (["## Introduction (1.0)", "## Movement (2.0)", "## Errata (1.1)", "## Combat (3.0)"], ["1.0", "2.0", "3.0"]),
    (["## Introduction (1.0)", "## Movement (2.0)", "## Combat (3.0)", "## Errata (1.1)"], ["1.0", "2.0", "3.0"]),
    (["## Movement (2.0)", "### Roads (2.1)", "### Example (1.1)", "### Rivers (2.2)"], ["2.0", "2.1", "2.2"]),
    (["## 1.0 Intro", "### Scale (1.1)", "## Movement (2.0)", "### Errata (1.2)", "### Roads (2.1)"],
     ["1.0", "1.1", "2.0", "2.1"]),
    # a section numbered bare after one is a later rule to it (a review: it failed as out of order)
    (["## 1. Intro", "## Ambush (4.0)", "## 2. Movement", "## 3. Combat"], ["1", "2", "3"]),
    # a heading naming an earlier rule by its words is no list of contents when that rule has text (a review)
    (["## 1.0 Introduction", "## 2.0 Movement", "# Designer's Notes", "### Movement (2.0)"], ["1.0", "2.0"]),
    # a heading that skips ahead, where the next heading goes on from the rule before it, is out of order (a review)
    (["## Intro (1.0)", "## Errata (3.0)", "## Movement (2.0)", "## Combat (3.0)"], ["1.0", "2.0", "3.0"]),
    (["## Movement (2.0)", "### Roads (2.1)", "### Errata (2.5)", "### Rivers (2.2)"], ["2.0", "2.1", "2.2"]),
    # a book that skips a rule (taken out by errata) keeps the one after the gap
    (["## Movement (2.0)", "### Roads (2.1)", "### Rivers (2.3)", "### Fords (2.4)"], ["2.0", "2.1", "2.3", "2.4"]),
    (["## Movement (2.0)", "### Roads (2.1)", "### Rivers (2.3)", "## Combat (3.0)"], ["2.0", "2.1", "2.3", "3.0"]),
    (["## 5 Movement", "### Roads (5.1)", "### Rivers (5.3)", "## Combat (6.0)"], ["5", "5.1", "5.3", "6.0"]),
])
def test_only_the_heading_out_of_the_books_order_stays_a_heading(headings, rules):
    book = decimal_book("\n\n".join(f"{heading}\n\nText." for heading in headings) + "\n")
    assert list(book.report.rule_lines) == rules


def test_an_empty_labelled_section_between_two_still_fails():
    # "## Section 2" right over "## Section 3" was accepted as an empty rule (a review)
    with pytest.raises(SourceError, match="rule number 2 with no rule text"):
        decimal_book("## Section 1\n\nText.\n\n## Section 2\n\n## Section 3\n\nText.\n")


@pytest.mark.parametrize("under", ["- Clear: 1 MP.\n- Woods: 2 MP.", "| Terrain | MP |\n|---|---|\n| Clear | 1 |",
                                   "1. Pick a unit.\n2. Move it."])
def test_a_heading_with_its_number_at_its_end_may_have_a_list_or_a_table_for_its_text(under):
    # "## Terrain (2.0)" over a list or a table failed as a rule with no text (a review)
    book = decimal_book(f"## Intro (1.0)\n\nText.\n\n## Terrain (2.0)\n\n{under}\n\n## Combat (3.0)\n\nRoll.\n")
    assert list(book.report.rule_lines) == ["1.0", "2.0", "3.0"]


def test_a_heading_repeating_an_earlier_headings_words_is_no_list_of_contents():
    # "## 2.0 Movement" over "### 2.1 Roads", then "### Movement (2.0)" failed as an entry of a list of contents
    book = decimal_book("## 1.0 Introduction\n\nText.\n\n## 2.0 Movement\n\n### 2.1 Roads\n\nHalf.\n\n"
                        "# Designer's Notes\n\n### Movement (2.0)\n\nWhy.\n")
    assert list(book.report.rule_lines) == ["1.0", "2.0", "2.1"]


def test_an_empty_labelled_section_over_an_unnumbered_heading_fails():
    with pytest.raises(SourceError, match="rule number 2 with no rule text"):
        decimal_book("## Section 1\n\nText.\n\n## Section 2\n\n## Appendix\n\nText.\n")


@pytest.mark.parametrize("under", ["### Introduction\n\nText.\n\n### 1.1 Scale\n\nText.", "### Overview\n\nText."])
def test_a_labelled_section_over_a_deeper_heading_without_a_number_is_no_empty_rule(under):
    # "## Section 1" over "### Introduction" failed as a rule with no text (a review)
    book = decimal_book(f"## Section 1\n\n{under}\n")
    assert list(book.report.rule_lines)[0] == "1"


@pytest.mark.parametrize("body", ["- Roads: half.", "| Terrain | MP |\n|---|---|\n| Clear | 1 |", "units move.",
                                  "### Example\n\nText."])
def test_a_heading_repeating_a_rule_with_a_list_or_a_table_for_its_text_is_no_list_of_contents(body):
    # "## 2.0 Movement" over a list, then "### Movement (2.0)" failed as a duplicate (a review)
    book = decimal_book(f"## 1.0 Introduction\n\nText.\n\n## 2.0 Movement\n\n{body}\n\n# Designer's Notes\n\n"
                        "### Movement (2.0)\n\nWe wanted.\n")
    assert list(book.report.rule_lines) == ["1.0", "2.0"]


@pytest.mark.parametrize("contents", ["## 1.0 Introduction\n### Scale\n## 2.0 Movement\n### Roads",
                                      "1.0 Introduction\n- Scale\n- Dice\n\n2.0 Movement\n- Roads",
                                      "1.0 Introduction\nscale and dice\n2.0 Movement\nroads"])
def test_a_list_of_contents_of_any_shape_over_headings_naming_its_rules_fails_as_a_duplicate(contents):
    # entries with sub-headings, sub-lists or a line under each imported as the rules, the book's headings as plain
    # headings (a review): every heading repeating an earlier rule's words is what a list of contents makes
    with pytest.raises(SourceError, match="duplicate rule ID 1.0"):
        decimal_book(f"{contents}\n\n## Introduction (1.0)\n\nText one.\n\n## Movement (2.0)\n\nText two.\n")


def test_one_heading_repeating_a_rule_whose_text_starts_with_a_number_is_a_heading():
    book = decimal_book("## 1.0 Introduction\n\nText.\n\n## 2.0 Movement\n\n6 MP for each unit.\n\n# Notes\n\n"
                        "### Movement (2.0)\n\nWhy.\n")
    assert list(book.report.rule_lines) == ["1.0", "2.0"]


def test_an_obsidian_highlight_is_marked_and_a_run_in_title_before_it_or_a_quotation_is_the_title():
    # A helper's Obsidian vault: "==Hidden units==" showed its equals signs, and the title before it (and before a
    # quotation) was read as the text's first words.
    book = import_book("# B\n\n## 1. Units\n\n1.1 Hidden. ==Hidden units== are placed last.\n\n"
                       "1.2 Quoted. \"Spotted\" units are shown.\n", path="rulesets/o/sources/o.md",
                       numbering="decimal", fmt="markdown")
    assert rule_headings(book.markdown) == ["# B", "## 1. Units", "### 1.1 Hidden.", "### 1.2 Quoted."]
    assert "<p><mark>Hidden units</mark> are placed last.</p>" in render(book.markdown)


def test_a_titles_escaped_characters_are_the_rule_indexs_characters():
    # "1.1 Odds == Ratio." gave the rule index (jump, search, What's new) the title "1.1 Odds =&#61; Ratio.", and
    # "### Q&A" "Q&amp;A" (a review, a helper's FAQ book): a title holds the characters the page shows
    book = import_book("1.0 START\n1.1 Odds == Ratio. Text.\n1.2 Q&A. Text.\n", path="rulesets/t/sources/t.txt",
                       numbering="decimal")
    ruleset = SimpleNamespace(id="t", numbering=numbering_of("decimal"), grammar=numbering_of("decimal").grammar)
    assert [rule.title for rule in rules_in_markdown(book.markdown, ruleset, "t/t.md")] == [
        "1.0 START", "1.1 Odds == Ratio.", "1.2 Q&A."]
