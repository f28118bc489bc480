"""Zensical (Material's successor) builds a site readers can use as they use today's.

Zensical runs our Markdown extensions but no MkDocs plugin: the extensions
build the rule index and learn the page themselves, and ``site_pass`` does
the site-wide steps over the finished folder. So the same rules are linked,
every rule anchor exists, no internal link is broken, calculators go live and
the site works offline. Its theme and search are Zensical's own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from build_tools.engines import ENGINES

pytestmark = pytest.mark.skipif(not ENGINES["zensical"].available(),
                                reason="Zensical could not be installed here (pip install -e '.[zensical]')")

REFERENCE = re.compile(r'<(a|span) class="(rr-ref[^"]*)" data-rule="([^"]*)"(?: href="([^"]*)")?')
RULE_HEADING = re.compile(r'<h[1-6] class="rr-rule" data-rule="([^"]+)" id="([^"]+)"')


@pytest.fixture(scope="module")
def zensical_site(project, tmp_path_factory) -> Path:
    from build_tools.release_check import check_site
    from build_tools.site_build import build_into

    site = tmp_path_factory.mktemp("zensical") / "site"
    # ruleref check's release checks: links, rule anchors, calculators, the offline list, sources.
    build_into(site, config_file=project / "mkdocs.yml", strict=True, engine="zensical",
               verify=lambda staged: check_site(project, staged))
    return site


def _pages(site: Path) -> dict[str, str]:
    return {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8") for path in site.rglob("index.html")}


def test_every_reference_links_to_the_target_the_mkdocs_build_links_it_to(built_site, zensical_site):
    ours, theirs = _pages(built_site), _pages(zensical_site)
    assert sorted(theirs) == sorted(ours)
    references = 0
    for name, html in ours.items():
        expected = REFERENCE.findall(html)
        references += len(expected)
        assert REFERENCE.findall(theirs[name]) == expected, f"{name}: references differ from the MkDocs build"
    assert references > 300


def test_every_rule_has_its_anchor(built_site, zensical_site):
    ours, theirs = _pages(built_site), _pages(zensical_site)
    for name, html in ours.items():
        assert RULE_HEADING.findall(theirs[name]) == RULE_HEADING.findall(html), name


def test_the_page_scripts_read_the_same_rule_index(built_site, zensical_site):
    assert (zensical_site / "rule-index.json").read_bytes() == (built_site / "rule-index.json").read_bytes()


def test_every_page_has_its_policy_and_the_calculator_pages_start_python_early(zensical_site):
    for name, html in _pages(zensical_site).items():
        assert html.count('http-equiv="Content-Security-Policy"') == 1, name
        assert ("ruleref-calculators" in html) == ('class="rr-calc"' in html), name


def test_the_independent_link_checker_finds_no_broken_internal_link(zensical_site, tmp_path):
    from link_checking import linkchecker_broken_links

    assert linkchecker_broken_links(zensical_site, tmp_path) == []


def test_the_navigation_names_each_ruleset_as_mkdocs_does(zensical_site):
    home = (zensical_site / "index.html").read_text(encoding="utf-8")
    navigation = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", home[home.index("md-nav--primary"):]))
    for name in ("Advanced Squad Leader", "Battlefront: WWII"):
        assert name in navigation
    assert " Asl " not in navigation and " Battlefront Battlefront " not in navigation
