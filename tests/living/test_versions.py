"""Versions of a text (issue 13): ``ruleref import FILE --ruleset ID --chapter Z --version LABEL`` keeps the
text it replaces, and the import writes what changed into the pages: a changed rule with its word diff,
a new rule, tombstones for removed rules (one moved, one gone), a page for the earlier version, What's new.

``ferries/`` is the first printing of a rulebook written for these tests, ``z1-ferries-second-printing.txt``
its second printing: Z1.1 changes a word ("all" -> "half"), Z1.3 moves to Z1.6 under a new title, Z1.4 is
dropped, Z1.7 is new (and cites the dropped Z1.4).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from projects import PROJECT, build, import_all, make_project, two_printings

HERE = Path(__file__).resolve().parent
SECOND_PRINTING = HERE / "z1-ferries-second-printing.txt"
EXPECTED = HERE / "expected"
UPDATE = os.environ.get("RULEREF_UPDATE_GOLDEN") == "1"
# Fixed dates, so the pages compare byte for byte (the command writes today's date and the file's).
DATED = """sources/z1-ferries.txt:
- label: first import
  date: '2026-01-15'
  file: sources/versions/z1-ferries.first-import.txt
- label: Second printing
  date: '2026-06-01'
"""


def ruleref(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "build_tools.cli", *args], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})


def new_version(project: Path, label: str = "Second printing") -> subprocess.CompletedProcess:
    return ruleref("import", str(SECOND_PRINTING), "--ruleset", "ferries", "--chapter", "Z", "--version", label,
                   cwd=project)


@pytest.fixture
def ferries(tmp_path) -> Path:
    """The first printing imported, then the second recorded as its new version."""
    return two_printings(tmp_path / "project")


def pages(project: Path) -> dict[str, str]:
    docs = project / "docs" / "ferries"
    return {path.relative_to(docs).as_posix(): path.read_text(encoding="utf-8") for path in sorted(docs.rglob("*.md"))}


def test_the_new_version_is_current_and_the_text_it_replaces_is_kept(ferries):
    ruleset = ferries / "rulesets" / "ferries"
    assert (ruleset / "sources/z1-ferries.txt").read_text() == SECOND_PRINTING.read_text()
    assert (ruleset / "sources/versions/z1-ferries.first-import.txt").read_text() == \
        (HERE / "ferries/sources/z1-ferries.txt").read_text()
    versions = (ruleset / "versions.yml").read_text()
    assert "- label: first import\n" in versions and "- label: Second printing\n" in versions
    assert "  file: sources/versions/z1-ferries.first-import.txt\n" in versions


def test_history_diffs_and_tombstones_are_exactly_the_expected_pages_and_survive_import_all(ferries):
    (ferries / "rulesets/ferries/versions.yml").write_text(DATED, encoding="utf-8")
    import_all(ferries)  # what `ruleref import --all` does: the versions are data, so nothing is lost
    written = pages(ferries)
    assert sorted(written) == ["index.md", "versions/first-import.md", "whats-new.md", "z1-ferries.md"]
    for name, text in written.items():
        golden = EXPECTED / name
        if UPDATE:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(text, encoding="utf-8")
        assert text == golden.read_text(encoding="utf-8"), name


def test_a_changed_rule_shows_its_word_diff(ferries):
    page = pages(ferries)["z1-ferries.md"]
    assert ('## 1.1 LOADING: {: #Z1.1 .rr-rule data-rule="Z1.1" data-changed="second-printing" '
            'data-earlier-text="first-import" }') in page
    assert "spending <del>all</del> <ins>half</ins> its MF" in page


def test_a_moved_rule_says_where_its_text_went_and_where_it_came_from(ferries):
    page = pages(ferries)["z1-ferries.md"]
    assert 'id="Z1.3"' in page and 'Its text is now at <a href="#Z1.6">Z1.6</a>.' in page
    assert '(moved from <a href="#Z1.3">Z1.3</a>)' in page
    # The tombstones stand where the rules were: after Z1.2, before Z1.5.
    assert page.index("## 1.2 CROSSING") < page.index('id="Z1.3"') < page.index('id="Z1.4"') < \
        page.index("## 1.5 SINKING")


def test_the_history_is_not_part_of_the_rules_text(ferries):
    from build_tools.rule_index import RuleIndex
    from build_tools.rulesets import load_rulesets

    index = RuleIndex.from_docs(ferries / "docs", load_rulesets(ferries / "rulesets"))
    assert index.get("ferries", "Z1.1").text == "A unit loads onto a ferry by spending half its MF in the ferry's hex."
    assert index.get("ferries", "Z1.3") is None  # removed: a tombstone, not a rule


def test_a_removed_rule_is_a_link_target_not_a_rule_and_citing_it_is_not_unresolved(ferries):
    from build_tools.rule_index import RuleIndex
    from build_tools.rulesets import load_rulesets

    index = RuleIndex.from_docs(ferries / "docs", load_rulesets(ferries / "rulesets"))
    tombstone = index.tombstone("ferries", "Z1.4")
    assert (tombstone.page, tombstone.removed_in) == ("ferries/z1-ferries.md", "Second printing")
    assert (ferries / "docs/ferries/z1-ferries.md").read_text().split("\n")[tombstone.line - 1].startswith(
        '<div class="rr-tombstone" id="Z1.4"')
    assert "Z1.4" not in index.rules_of("ferries")  # jump-to-rule and search know the rules in force
    assert index.unresolved_references() == {}  # Z1.7 cites the removed Z1.4: it lands on the tombstone


def test_the_import_says_which_references_cite_a_removed_rule(ferries):
    said = "\n".join(import_all(ferries))
    assert "references: 3 found, 2 resolved, 0 unresolved in this ruleset's sections" in said
    assert "    to removed rules, linked to where they stood: Z1.4" in said


def test_a_reference_to_a_removed_rule_links_to_its_tombstone_and_the_release_check_passes(ferries):
    from build_tools.release_check import check_site

    site = build(ferries, ferries / "site")
    page = (site / "ferries/z1-ferries/index.html").read_text()
    # Z1.7: "It may cross at night (formerly 1.4)."
    assert ('(formerly <a class="rr-ref rr-ref--removed" data-rule="Z1.4" href="#Z1.4" '
            'title="Z1.4 was removed in Second printing">1.4</a>)') in page
    assert check_site(ferries, site) == []


def test_a_markdown_link_to_a_removed_rule_passes_mkdocs_anchor_validation_in_a_strict_build(ferries):
    # The tombstone's anchor is in a line of finished HTML that MkDocs' own raw-HTML reading never sees.
    (ferries / "docs" / "notes.md").write_text("# Notes\n\nSee [the old rule](ferries/z1-ferries.md#Z1.4).\n",
                                               encoding="utf-8")
    site = build(ferries, ferries / "site")
    assert 'href="../ferries/z1-ferries/#Z1.4"' in (site / "notes/index.html").read_text()


def test_jump_to_rule_knows_where_each_removed_rule_stood_and_the_release_check_opens_it(ferries):
    import json

    from build_tools.release_check import check_site

    site = build(ferries, ferries / "site")
    index = json.loads((site / "rule-index.json").read_text())
    assert index["removed"] == {"ferries": {"Z1.3": {"url": "ferries/z1-ferries/#Z1.3", "version": "Second printing"},
                                            "Z1.4": {"url": "ferries/z1-ferries/#Z1.4", "version": "Second printing"}}}
    assert "Z1.4" not in index["rules"]["ferries"]  # search and hover previews read the rules in force
    damaged = (site / "rule-index.json").read_text().replace('"ferries/z1-ferries/#Z1.4"', '"ferries/z1-ferries/#Z1.40"')
    (site / "rule-index.json").write_text(damaged)
    assert ("rule-index.json: removed rule Z1.4 (ferries): 'ferries/z1-ferries/#Z1.40': "
            "no element id 'Z1.40' on ferries/z1-ferries/index.html") in check_site(ferries, site)


def test_importing_the_same_text_again_records_nothing(ferries):
    ruleset = ferries / "rulesets" / "ferries"
    before = {path: path.read_bytes() for path in [*ruleset.rglob("*"), *(ferries / "docs").rglob("*")]
              if path.is_file()}
    result = new_version(ferries, "Third printing")
    assert result.returncode == 0, result.stderr
    assert "no version recorded" in result.stdout
    after = {path: path.read_bytes() for path in [*ruleset.rglob("*"), *(ferries / "docs").rglob("*")]
             if path.is_file()}
    assert after == before


def test_a_label_used_before_is_refused(ferries):
    (ferries / "second.txt").write_text(SECOND_PRINTING.read_text().replace("half", "a third of"))
    result = ruleref("import", str(ferries / "second.txt"), "--ruleset", "ferries", "--chapter", "Z",
                     "--version", "Second printing", cwd=ferries)
    assert result.returncode == 1
    assert "already has a version 'Second printing'" in result.stderr


def test_a_source_without_versions_imports_as_before(tmp_path):
    project = make_project(tmp_path / "project", {"ferries": HERE / "ferries"})
    page = (project / "docs/ferries/z1-ferries.md").read_text()
    assert "rr-versions" not in page and "data-changed" not in page
    assert not (project / "docs/ferries/whats-new.md").exists()


def test_the_service_worker_lists_how_many_rules_each_version_changed_for_the_update_prompt(ferries):
    import json
    import re

    site = build(ferries, ferries / "site")
    precache = json.loads(re.search(r"^const PRECACHE = (\{.*\});$", (site / "sw.js").read_text(), re.MULTILINE)[1])
    assert precache["changes"] == [{"key": "ferries/z1-ferries/second-printing", "title": "Z1 Ferries",
                                    "version": "Second printing", "rules": 5,
                                    "url": "ferries/whats-new/#z1-ferries-second-printing"}]


# Annotations written against a version of the text (README, "Versions of a text").
ANNOTATIONS = HERE / "annotations.yml"


def test_an_annotation_says_which_text_it_applies_to_and_whether_a_later_one_resolved_it(ferries):
    import re

    (ferries / "rulesets/ferries/versions.yml").write_text(DATED, encoding="utf-8")
    shutil.copy(ANNOTATIONS, ferries / "rulesets/ferries/annotations.yml")
    import_all(ferries)
    page = (build(ferries, ferries / "site") / "ferries/z1-ferries/index.html").read_text()
    said = {title: version for version, title in
            re.findall(r'rr-annotation__version[^"]*">([^<]*)</p><p class="rr-annotation__title">([^<]*)</p>', page)}
    assert said == {
        # The data says the second printing incorporates the erratum.
        "Loading costs half the MF": "Resolved in Second printing (2026-06-01): its text incorporates this.",
        # Z1.1 changed since the note was written: whether the change covers it, only a person can tell.
        "Loading from a bridge": "Written for first import. May be resolved: the rule changed in Second printing "
                                 "(2026-06-01).",
        "Crossing twice": "Written for first import; the rule's text has not changed since.",
        "Sinking": "Written for Second printing, the current text.",
    }
    assert 'class="rr-annotation__version rr-annotation__version--resolved"' in page


@pytest.mark.parametrize("entry, problem", [
    ("  version: Third printing\n", "version: 'Third printing' is not a version of the text of Z1.2 "
                                    "(docs/ferries/z1-ferries.md; its versions in versions.yml: first import, "
                                    "Second printing)"),
    ("  version: Second printing\n  resolved_in: first import\n",
     "resolved_in: 'first import' must be a version after version: 'Second printing'"),
])
def test_an_annotation_naming_a_version_the_text_does_not_have_fails_the_build_naming_its_line(ferries, entry,
                                                                                                problem):
    annotations = ferries / "rulesets/ferries/annotations.yml"
    annotations.write_text("- rule: Z1.2\n  kind: note\n  title: Crossing\n  text: Crossing takes a phase.\n" + entry,
                           encoding="utf-8")
    result = ruleref("build", cwd=ferries)
    assert result.returncode == 1
    line = 5 if "Third" in entry else 6
    assert f"rulesets/ferries/annotations.yml:{line}: {problem}" in result.stderr


def test_the_history_blocks_reach_the_page_exactly_as_python_markdown_would_have_parsed_them(ferries, tmp_path):
    # build_tools.markdown.history stashes them unparsed: a cost cut that must not change a byte.
    stashed = build(ferries, tmp_path / "stashed")
    config = ferries / "mkdocs.yml"
    config.write_text(config.read_text().replace("  - build_tools.markdown.history\n", ""), encoding="utf-8")
    parsed = build(ferries, tmp_path / "parsed")
    page = "ferries/z1-ferries/index.html"
    # ...but for the links of the versions line: MkDocs leaves a raw block's .md links as they are, and
    # the extension makes them the pages' URLs, as MkDocs makes those of Markdown links.
    parsed_page = ((parsed / page).read_text(encoding="utf-8")
                   .replace('href="versions/first-import.md"', 'href="../versions/first-import/"')
                   .replace('href="whats-new.md"', 'href="../whats-new/"'))
    assert (stashed / page).read_text(encoding="utf-8") == parsed_page
    assert '<details class="rr-change"' in parsed_page and '<p class="rr-versions"' in parsed_page


def test_on_an_earlier_versions_page_each_rule_links_to_where_its_text_is_now(ferries):
    # Written by the import as finished HTML; the link is the current page's URL, as MkDocs writes one.
    page = (build(ferries, ferries / "site") / "ferries/versions/first-import/index.html").read_text()
    assert ('<p class="rr-earlier-link"><em>This is its text as of first import; a newer version exists:</em> '
            '<a href="../../z1-ferries/#Z1.1">the current text</a></p>') in page
    assert ('<em>This is its text as of first import; removed in Second printing:</em> '
            '<a href="../../z1-ferries/#Z1.4">what became of it</a>') in page


def test_on_zensical_too_an_earlier_versions_page_links_each_rule_to_its_current_text(ferries):
    pytest.importorskip("zensical")
    from build_tools.release_check import check_site
    from build_tools.site_build import build_into

    site = ferries / "site"
    build_into(site, config_file=ferries / "mkdocs.yml", engine="zensical")
    assert '<a href="../../z1-ferries/#Z1.1">the current text</a>' in \
        (site / "ferries/versions/first-import/index.html").read_text()
    assert check_site(ferries, site) == []
