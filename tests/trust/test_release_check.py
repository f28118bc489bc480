"""``ruleref check``: the built site is checked like a release (issue 6).

The real site passes every check; each kind of damage a release must not
ship (a dead link, a lost rule anchor, a missing or wrong calculator, a stale
offline list) is found, named by file, and fails the command. The third-party
``linkchecker``, crawling the site over loopback HTTP with its AnchorCheck
plugin, agrees that no internal link is broken.
"""

from __future__ import annotations

import logging
import shutil
import socket
from pathlib import Path

import pytest

from build_tools.release_check import check_site
from link_checking import linkchecker_broken_links
from trust_project import PROJECT, ruleref

G15_PAGE = "asl/g15-bulldozers/index.html"


@pytest.fixture
def site(tmp_path, built_site) -> Path:
    """A copy of the real built site that a test may damage."""
    return Path(shutil.copytree(built_site, tmp_path / "site"))


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_built_site_passes_every_release_check(built_site):
    assert check_site(PROJECT, built_site) == []


def test_a_link_to_a_page_that_is_gone_is_reported_with_the_linking_page_and_line(site):
    (site / "asl/glossary/index.html").unlink()
    problems = check_site(PROJECT, site)
    dead = [p for p in problems if "opens no file in the site" in p and p.split(":")[0].endswith(".html")]
    assert dead and all(p.split(":")[1].isdigit() for p in dead), problems
    assert any("glossary/" in p for p in dead)


def test_a_rule_that_lost_its_anchor_is_reported_and_so_are_links_to_it(site):
    edit(site / G15_PAGE, 'id="G15.21"', 'id="G15-21"')
    problems = check_site(PROJECT, site)
    assert f"{G15_PAGE}: rule G15.21 has no anchor" in "\n".join(problems)
    assert any("no element id 'G15.21'" in p for p in problems), problems


def test_jump_to_rule_and_search_targets_that_lead_nowhere_are_reported(site):
    edit(site / "rule-index.json", '"url":"asl/g15-bulldozers/#G15.21"', '"url":"asl/g15-bulldozers/#G15.2l"')
    edit(site / "search/search_index.json", '"location":"asl/g15-bulldozers/"', '"location":"asl/g15-bulldozer/"')
    problems = check_site(PROJECT, site)
    assert "rule-index.json: rule G15.21 (asl): 'asl/g15-bulldozers/#G15.2l': no element id 'G15.2l'" in "\n".join(problems)
    assert any(p.startswith("search/search_index.json: search entry") and "opens no file" in p for p in problems)


def test_a_share_link_pointer_that_leads_nowhere_is_reported(site):
    edit(site / "rule-index.json", '"url":"asl/g15-bulldozers/#calc-dozer-clearance"',
         '"url":"asl/chapter-d-vehicles/#calc-dozer-clearance"')
    problems = check_site(PROJECT, site)
    assert ("rule-index.json: calculator dozer-clearance: 'asl/chapter-d-vehicles/#calc-dozer-clearance': "
            "no element id 'calc-dozer-clearance'") in "\n".join(problems)


def test_a_calculator_missing_from_its_rule_page_is_reported(site):
    edit(site / G15_PAGE, 'data-calc="dozer-house"', 'data-calc="removed"')
    problems = check_site(PROJECT, site)
    assert any(p.startswith(f"{G15_PAGE}: calculator dozer-house (placed under G15.25") for p in problems), problems


def test_a_calculator_showing_another_result_than_the_rules_core_is_reported(site):
    page = site / G15_PAGE
    text = page.read_text(encoding="utf-8")
    start = text.index('data-calc="dozer-clearance"')
    value = text.index('data-output="success_probability"', start)
    value = text.index('rr-calc__value">', value) + len('rr-calc__value">')
    page.write_text(text[:value] + "1/1 (100.00%)" + text[text.index("<", value):], encoding="utf-8")
    problems = check_site(PROJECT, site)
    assert any("dozer-clearance shows success_probability = '1/1 (100.00%)'" in p for p in problems), problems


def test_a_stale_offline_list_is_reported_file_by_file(site):
    (site / "rule-index.json").write_text("{}", encoding="utf-8")
    (site / "late-addition.html").write_text("<p>written after sw.js</p>", encoding="utf-8")
    (site / "404.html").unlink()
    problems = "\n".join(check_site(PROJECT, site))
    assert "rule-index.json: sw.js lists" in problems
    assert "late-addition.html: on disk but not in sw.js's precache list" in problems
    assert "404.html: in sw.js's precache list but not in the site" in problems


def test_external_links_are_listed_and_never_requested(built_site, monkeypatch, caplog):
    def no_network(*args, **kwargs):
        raise AssertionError("the release check tried to open a connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    with caplog.at_level(logging.INFO, logger="ruleref.check"):
        assert check_site(PROJECT, built_site) == []
    assert any(record.getMessage().startswith("  external: https://") for record in caplog.records)


def test_ruleref_check_prints_each_problem_and_exits_1(site):
    edit(site / G15_PAGE, 'id="G15.25"', 'id="gone"')
    result = ruleref("check", "--no-build", "-d", str(site), cwd=PROJECT)
    assert result.returncode == 1
    assert f"{G15_PAGE}: rule G15.25 has no anchor" in result.stderr
    assert result.stdout.strip().endswith("problem(s)") and not result.stdout.startswith("ruleref check: 0")


def test_linkchecker_finds_no_broken_internal_link_or_anchor(built_site, tmp_path):
    assert linkchecker_broken_links(built_site, tmp_path) == []


def test_a_hand_edited_or_left_over_rule_page_is_reported(tmp_path, built_site):
    from trust_project import copy_project

    project = copy_project(tmp_path / "project")
    edit(project / "docs/asl/g15-bulldozers.md", "A Mobile dozer may", "A Mobile dozer must")
    left_over = project / "docs/asl/g16-old.md"
    left_over.write_text("---\nruleset: asl\nchapter: G\nsource: rulesets/asl/sources/g16-old.txt\ntitle: G16\n---\n\n"
                         '# 16. Old {: #G16 .rr-rule data-rule="G16" }\n\nA rule whose source was removed.\n',
                         encoding="utf-8")
    problems = check_site(project, built_site)
    assert ("docs/asl/g15-bulldozers.md: not what rulesets/asl/sources/g15-bulldozers.txt imports to "
            "(run ruleref import --all; imported pages are not edited by hand)") in problems
    assert ("docs/asl/g16-old.md: no source in rulesets/ produces it any more "
            "(run ruleref import --all to remove it)") in problems


def test_an_implausible_source_is_reported(tmp_path, built_site):
    from trust_project import copy_project

    project = copy_project(tmp_path / "project")
    source = project / "rulesets/asl/sources/g15-bulldozers.txt"
    # A whole chapter of rule text under one rule number: the other numbers lost their line starts.
    text = source.read_text(encoding="utf-8")
    source.write_text(text.split("\n", 1)[0] + "\n15.1 TYPES: " + " ".join(text.split("\n")[1:]) * 3, encoding="utf-8")
    problems = "\n".join(check_site(project, built_site))
    assert "rulesets/asl/sources/g15-bulldozers.txt: implausible import: 2 rule(s) from" in problems
