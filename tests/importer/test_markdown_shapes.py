"""Markdown transcriptions in the shapes people write them: setext headings, heading
attributes, rules printed as bullets (build_tools/importer/source_lines.py, read_markdown)."""

from __future__ import annotations

from build_tools.importer import import_text
from build_tools.numbering import numbering_of


def headings(source: str) -> list[str]:
    page = import_text(source, path="rulesets/lb/sources/lb.md", ruleset="lb", numbering=numbering_of("case"),
                       format="markdown").markdown
    return [line for line in page.splitlines() if line.startswith("#")]


def test_setext_headings_are_headings():
    page = import_text("Longbow\n=======\n\nSection 5: Movement\n-------------------\n\nGeneral Rules\n-------------\n\n"
                       "**5.1** Units move.\n",
                       path="rulesets/lb/sources/lb.md", ruleset="lb", numbering=numbering_of("case"),
                       format="markdown").markdown
    body = page.split("---\n", 2)[2]  # after the front matter
    assert body.split("\n\n") == ["\n# Longbow {: .rr-document-title }", '## Section 5: Movement {: #5 .rr-rule data-rule="5" }',
                                  "### General Rules {: .rr-subhead }", '### 5.1 {: #5.1 .rr-rule data-rule="5.1" }',
                                  "Units move.\n"]


def test_a_rule_across_the_page_after_a_paragraph_of_two_lines_stays_a_rule():
    source = "## 5. Movement\n\n**5.1** Units move\none at a time.\n---\n\n**5.2** Roads.\n"
    page = import_text(source, path="rulesets/lb/sources/lb.md", ruleset="lb", numbering=numbering_of("case"),
                       format="markdown").markdown
    assert "* * *" in page and len([line for line in page.splitlines() if line.startswith("#")]) == 3


def test_a_heading_attribute_block_is_markup_not_text():
    assert headings("## 6. Archery {#archery}\n\n### 6.1 Range {#range .wide}\n\nArchers shoot.\n") == [
        '# 6. Archery {: #6 .rr-rule data-rule="6" }', '## 6.1 Range {: #6.1 .rr-rule data-rule="6.1" }']


def test_rules_printed_as_bullets_with_bold_numbers_are_rules_and_other_bullets_items():
    page = import_text("## 5. Movement\n\n- **5.1** Units move (see 5.2).\n- **5.2** Roads halve costs:\n\n"
                       "- 1.5 MP for woods\n- **Note** only once\n", path="rulesets/lb/sources/lb.md", ruleset="lb",
                       numbering=numbering_of("case"), format="markdown").markdown
    assert [line.split(" {")[0] for line in page.splitlines() if line.startswith("#")] == [
        "# 5. Movement", "## 5.1", "## 5.2"]
    assert "Units move (see 5.2)." in page
    assert '<li markdown="span">1.5 MP for woods</li>' in page and '<li markdown="span">**Note** only once</li>' in page


def test_an_html_comment_on_lines_of_its_own_is_left_out_and_reported():
    imported = import_text("# Longbow\n\n<!-- page 3 -->\n\n## 5. Movement\n\n**5.1** Units move <!-- inline --> here.\n"
                           "<!--\nA note over\ntwo lines.\n-->\n**5.2** Roads.\n\n<!-- never closed\n**5.3** Rivers.\n",
                           path="rulesets/lb/sources/lb.md", ruleset="lb", numbering=numbering_of("case"),
                           format="markdown")
    page = imported.markdown
    assert "page 3" not in page and "A note over" not in page
    assert "Units move &lt;!-- inline --> here." in page  # inside a line of text: shown as written
    assert "&lt;!-- never closed" in page and "5.3 {: #5.3 .rr-rule" in page  # never closed: text
    assert [warning.split(": ", 1)[0] for warning in imported.report.warnings] == [
        "rulesets/lb/sources/lb.md:3", "rulesets/lb/sources/lb.md:8"]
