"""The reading aids on the real pages: the imported G15, Chapter D and Battlefront
texts, built by MkDocs with every extension in mkdocs.yml."""

from __future__ import annotations

import logging
import re
import shutil
from pathlib import Path

import pytest
import yaml
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from build_tools.site_build import build_into


def page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def section(html: str, rule_id: str, next_id: str | None) -> str:
    """The HTML from a rule's heading to the next rule's heading."""
    start = html.index(f'id="{rule_id}"')
    return html[start:html.index(f'id="{next_id}"', start)] if next_id else html[start:]


def test_g15_25_note_on_the_clearance_dr_closes_the_rule(built_site):
    g1525 = section(page(built_site, "asl/g15-bulldozers"), "G15.25", "G15.26")
    rule_text_end = g1525.index("attempting to rubble a Single-Story House.")
    aside = g1525.index('<aside class="rr-annotation rr-annotation--note"')
    assert rule_text_end < aside
    assert "Annotation — not rule text · Note" in g1525[aside:]
    # The rule's own words are untouched: the note says what "< 2" probably means.
    assert "If the Final Clearance <abbr" in g1525 and "</abbr> is &lt; 2 and the dozer" in g1525


def test_g15_111_and_g15_13_carry_their_notes(built_site):
    html = page(built_site, "asl/g15-bulldozers")
    assert 'data-rule="G15.111" role="note"' in section(html, "G15.111", "G15.12")
    g1513 = section(html, "G15.13", "G15.2")
    assert 'data-rule="G15.13" role="note"' in g1513
    assert "The bracketed errata is printed rule text" in g1513
    assert '<span class="rr-errata">[ERRATA: "+2 for <abbr title="Hull Hit">HH</abbr>" in U.S. Vehicle Note 18' in g1513


def test_references_inside_the_exceptions_of_d8_are_linked(built_site):
    d8 = section(page(built_site, "asl/chapter-d-vehicles"), "D.8", "D.8A")
    exc = re.search(r'<span class="rr-exc">\[EXC: No Collateral Attack.*?\]</span>', d8, re.S).group(0)
    cited = re.findall(r'class="rr-ref[^"]*" data-rule="([^"]+)"', exc)
    assert cited == ["D5.6", "C7.42", "D5.34", "D6.23", "D6.84"]
    assert '<abbr title="Buttoned Up">BU</abbr>.]</span>' in exc


def test_g15_21_exception_links_b8_61_as_not_in_this_reference(built_site):
    g1521 = section(page(built_site, "asl/g15-bulldozers"), "G15.21", "G15.22")
    exc = re.search(r'<span class="rr-exc">\[EXC: if a tunnel.*?\]</span>', g1521, re.S).group(0)
    assert 'data-rule="B8.61" title="B8.61 is not in this reference">B8.61</span>' in exc


def test_dr_means_a_die_roll_on_asl_pages_and_discipline_rating_on_battlefront_pages(built_site):
    assert '<abbr title="die roll (one die)">dr</abbr>' in page(built_site, "asl/chapter-d-vehicles")
    assert "discipline rating" not in page(built_site, "asl/chapter-d-vehicles")
    battlefront = page(built_site, "battlefront/engineering-rules")
    assert '<abbr title="discipline rating">dr</abbr>' in battlefront
    assert "die roll (one die)" not in battlefront


def test_rule_headings_carry_no_abbreviations(built_site):
    html = page(built_site, "asl/chapter-d-vehicles")
    heading = re.search(r'<h2 [^>]*id="D.5"[^>]*>(.*?)</h2>', html, re.S).group(1)
    assert heading.startswith("D.5 SECRET DR/dr:") and "<abbr" not in heading


@pytest.mark.parametrize("ruleset", ["asl", "battlefront"])
def test_the_glossary_page_lists_every_abbreviation(built_site, project, ruleset):
    glossary = yaml.safe_load((project / f"rulesets/{ruleset}/glossary.yml").read_text(encoding="utf-8"))
    html = page(built_site, f"{ruleset}/glossary")
    rows = re.findall(r'<th scope="row">([^<]*)</th>\s*<td>([^<]*)</td>', html)
    assert sorted(rows) == sorted((name, meaning) for name, meaning in glossary.items())


@pytest.mark.parametrize("ruleset", ["asl", "battlefront"])
def test_each_glossary_abbreviation_occurs_in_its_rule_texts(project, ruleset):
    """The glossary explains these texts: no entry for a word they never use."""
    texts = "\n".join(p.read_text(encoding="utf-8") for p in (project / f"rulesets/{ruleset}/sources").glob("*.txt"))
    glossary = yaml.safe_load((project / f"rulesets/{ruleset}/glossary.yml").read_text(encoding="utf-8"))
    unused = [name for name in glossary if not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", texts)]
    assert unused == []


def test_an_annotation_on_an_unknown_rule_fails_the_strict_build(project, tmp_path, caplog):
    copy = tmp_path / "project"
    copy.mkdir()
    for name in ("mkdocs.yml", "docs", "rulesets"):
        source = project / name
        (shutil.copytree if source.is_dir() else shutil.copy2)(source, copy / name)
    for name in ("build_tools", "calculators", "pyproject.toml", "node_modules"):
        if (project / name).exists():
            (copy / name).symlink_to(project / name)
    annotations = copy / "rulesets/asl/annotations.yml"
    annotations.write_text(annotations.read_text(encoding="utf-8")
                           + "\n- rule: G15.99\n  kind: note\n  title: t\n  text: x\n", encoding="utf-8")
    line = len(annotations.read_text(encoding="utf-8").splitlines()) - 3
    with caplog.at_level(logging.WARNING, logger="mkdocs"), pytest.raises(Abort, match="warnings in strict mode"):
        build_into(tmp_path / "site", config_file=copy / "mkdocs.yml", strict=True)
    assert f"{annotations}:{line}: rule G15.99 is not in this ruleset's pages" in caplog.text
    assert not (tmp_path / "site").exists()


def test_a_rebuild_in_the_same_process_renders_the_same_pages(project, built_site, tmp_path):
    # `ruleref serve` rebuilds with the same config and plugin; the plugin lets go of
    # the previous build's pages and rule index when a build ends.
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(tmp_path / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        pages = []
        for _ in range(2):
            build(config)
            pages.append((tmp_path / "site/asl/g15-bulldozers/index.html").read_text(encoding="utf-8"))
    finally:
        config.plugins.on_shutdown()
    assert pages[0] == pages[1] == (built_site / "asl/g15-bulldozers/index.html").read_text(encoding="utf-8")
