"""Markdown transcriptions in the shapes people write them: setext headings, heading
attributes, bold numbers in bullets, comments (build_tools/importer/source_lines.py, read_markdown)."""

from __future__ import annotations

from small_books import import_book, rule_headings


def imported(source: str):
    return import_book(source, path="rulesets/lb/sources/lb.md", fmt="markdown")


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
    assert "Units move &lt;!-- inline --> here." in page  # inside a line of text: shown as written
    assert "&lt;!-- never closed" in page and "5.3 {: #5.3 .rr-rule" in page  # never closed: text
    assert [warning.split(": ", 1)[0] for warning in book.report.warnings] == [
        "rulesets/lb/sources/lb.md:3", "rulesets/lb/sources/lb.md:8"]
