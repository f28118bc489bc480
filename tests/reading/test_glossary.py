"""Glossary tooltips: each ruleset's abbreviations, explained only on its own pages."""

from __future__ import annotations

import logging
import re
import xml.etree.ElementTree as etree

import pytest

from reading_project import project_dir, render, write  # noqa: F401 (fixture)

ABBR = re.compile(r'<abbr title="([^"]*)">([^<]*)</abbr>')


def abbreviations(html: str) -> list[tuple[str, str]]:
    """(text, expansion) of every abbr, in order."""
    return [(text, title) for title, text in ABBR.findall(html)]


def test_dr_is_a_die_roll_in_asl_and_a_discipline_rating_in_battlefront(project_dir):
    asl = render(project_dir, "asl/g15.md", "The dr of the unit.")
    battlefront = render(project_dir, "battlefront/engineering.md", "The dr of the unit.")
    assert abbreviations(asl) == [("dr", "die roll (one die)")]
    assert abbreviations(battlefront) == [("dr", "discipline rating")]


def test_abbreviations_are_case_sensitive(project_dir):
    # D.5: "Secret DR/dr" - two dice and one die are different rolls.
    html = render(project_dir, "asl/g15.md", "make a DR/dr for him")
    assert abbreviations(html) == [("DR", "Dice Roll (two dice)"), ("dr", "die roll (one die)")]


def test_a_ruleset_explains_only_its_own_abbreviations(project_dir):
    assert abbreviations(render(project_dir, "battlefront/engineering.md", "a -5 DRM; AT ditch")) == [
        ("AT", "anti-tank")]
    assert abbreviations(render(project_dir, "asl/g15.md", "a -5 DRM; AT ditch")) == [
        ("DRM", "Dice Roll Modifier")]


def test_pages_outside_a_ruleset_get_no_abbreviations(project_dir):
    write(project_dir / "docs", {"index.md": "Type a DR here.\n"})
    assert "<abbr" not in render(project_dir, "index.md", "Type a DR here.")


def test_only_whole_words_are_abbreviations(project_dir):
    # "DRM" is not "DR" + "M", "MPh" not "MP" + "h", "DRs" is no entry.
    html = render(project_dir, "asl/g15.md", "DRM, MPh, DRs, xDR, DR_1 and DR. Also CS#.")
    assert abbreviations(html) == [("DRM", "Dice Roll Modifier"), ("MPh", "Movement Phase"),
                                   ("DR", "Dice Roll (two dice)"), ("CS#", "Crew Survival number")]


def test_nothing_inside_code_links_headings_or_references_is_explained(project_dir):
    text = """\
        ## 15.21 vs DR {: #G15.21 .rr-rule data-rule="G15.21" }

        `DR` and [a DR link](https://example.org/) and <abbr title="ours">DR</abbr> and 15.21.

            DR in a code block
        """
    html = render(project_dir, "asl/g15.md", text)
    assert abbreviations(html) == [("DR", "ours")]
    assert '<code>DR</code>' in html
    assert '<a href="https://example.org/">a DR link</a>' in html
    assert "15.21 vs DR" in html


def test_text_after_a_rule_reference_is_still_explained(project_dir):
    # References are finished HTML in the stash: a whole <a>...</a> hides nothing after it.
    html = render(project_dir, "asl/g15.md", "As per 15.21 the DR, and B24.7 the MP.")
    assert abbreviations(html) == [("DR", "Dice Roll (two dice)"), ("MP", "Movement Points")]
    assert 'data-rule="G15.21"' in html and 'data-rule="B24.7"' in html


def test_text_around_an_abbreviation_is_kept_in_order(project_dir):
    html = render(project_dir, "asl/g15.md", "a *DR* then 2 MP, DRM; end")
    paragraph = etree.fromstring(html)
    assert "".join(paragraph.itertext()) == "a DR then 2 MP, DRM; end"
    assert [a.text for a in paragraph.iter("abbr")] == ["DR", "MP", "DRM"]


def test_exceptions_and_annotations_get_tooltips_too(project_dir):
    html = render(project_dir, "asl/g15.md", "may not fire [EXC: a DR of 12]")
    assert '<span class="rr-exc">[EXC: a <abbr title="Dice Roll (two dice)">DR</abbr> of 12]</span>' in html


def test_the_glossary_page_lists_the_rulesets_abbreviations_in_order(project_dir):
    html = render(project_dir, "asl/glossary.md", "# Glossary\n\n::: glossary\n")
    table = etree.fromstring(f"<div>{html}</div>").find("table")
    assert table.get("class") == "rr-glossary"
    rows = [(row.find("th").text, row.find("td").text) for row in table.find("tbody")]
    assert rows == [("CS#", "Crew Survival number"), ("DR", "Dice Roll (two dice)"), ("dr", "die roll (one die)"),
                    ("DRM", "Dice Roll Modifier"), ("MP", "Movement Points"), ("MPh", "Movement Phase")]
    assert "<abbr" not in html  # the table explains itself


def test_the_battlefront_glossary_page_shows_battlefront_meanings(project_dir):
    html = render(project_dir, "battlefront/glossary.md", "::: glossary\n")
    assert "<th scope=\"row\">dr</th>\n<td>discipline rating</td>" in html
    assert "Dice Roll" not in html


def test_a_glossary_marker_outside_a_ruleset_is_a_warning(project_dir, caplog):
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        html = render(project_dir, "about.md", "::: glossary\n")
    assert "<table" not in html
    assert "about.md: '::: glossary' is only meaningful on a page inside a ruleset folder" in caplog.text


@pytest.mark.parametrize("glossary, line, reason", [
    ("DR: Dice Roll\nDR: again\n", 2, "DR is listed twice"),
    ("DR: Dice Roll\ndr:\n", 2, "dr needs its expansion as text"),
    ("DR: Dice Roll\nTwo words: no\n", 2, "must be one word without spaces"),
    ("DR: Dice Roll\nBF: Battlefront: WWII\n", 2, "invalid YAML"),
    ("- DR\n", 1, "expected a mapping of abbreviation: expansion"),
])
def test_a_bad_glossary_entry_is_a_warning_naming_file_and_line(project_dir, caplog, glossary, line, reason):
    path = project_dir / "rulesets/asl/glossary.yml"
    path.write_text(glossary, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        render(project_dir, "asl/g15.md", "A DR.")
    assert f"{path}:{line}: " in caplog.text
    assert reason in caplog.text
    # The "mkdocs" logger is the one strict mode counts: a bad entry fails a strict build.
    assert all(record.name.startswith("mkdocs.") for record in caplog.records)
