"""Calculators under their rules: calculators.yml validated, each form right after
its rule's own text, the default result written in by the build, the index page (by ruleset)."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
from html.parser import HTMLParser

import markdown
import pytest

import calculators
from build_tools.bundle import csp
from build_tools.errors import SourceError
from build_tools.markdown.calculators import NO_CALCULATORS, calculator_table, load_placements, render_calculator
from build_tools.release_check import missing_calculators
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets
from calculators import result_json

from newgame.hit import HIT
from projects import build, make_project


@pytest.fixture(scope="module")
def index(project):
    return RuleIndex.from_docs(project / "docs", load_rulesets(project / "rulesets"))


def index_with_placements(index, tmp_path, placements: dict[str, str], extra_rules=()) -> RuleIndex:
    """The real rule index (plus ``extra_rules``), each ruleset's calculators.yml replaced by
    ``placements[ruleset id]`` (none for a ruleset not named)."""
    folders = {}
    for ruleset_id, text in placements.items():
        folders[ruleset_id] = tmp_path / ruleset_id
        folders[ruleset_id].mkdir()
        (folders[ruleset_id] / "calculators.yml").write_text(text, encoding="utf-8")
    rulesets = {rid: dataclasses.replace(rs, folder=folders.get(rid, tmp_path / "none"))
                for rid, rs in index.rulesets.items()}
    return RuleIndex([*index.rules, *extra_rules], index.pages, rulesets)


def index_of_rulesets(index, ruleset_ids) -> RuleIndex:
    """The real rule index cut down to ``ruleset_ids``: what a site holding only those rulesets reads."""
    return RuleIndex([rule for rule in index.rules if rule.ruleset in ruleset_ids],
                     {path: page for path, page in index.pages.items() if page.ruleset in ruleset_ids},
                     {rid: rs for rid, rs in index.rulesets.items() if rid in ruleset_ids})


def test_every_calculator_is_placed_once_under_a_rule_of_its_ruleset(index):
    # calculators/README.md, "Adding a calculator": a calculator is placed in its ruleset's calculators.yml.
    placed = [p for items in load_placements(index).values() for p in items]
    assert sorted(p.calculator for p in placed) == sorted(calc.id for calc in calculators.all_calculators())
    assert [p.calculator for p in load_placements(index)[("asl", "G15.21")]] == ["dozer-clearance"]
    for placement in placed:
        assert placement.ruleset == calculators.get(placement.calculator).ruleset
        assert index.get(placement.ruleset, placement.rule).id == placement.rule


@pytest.mark.parametrize("text, line, message", [
    ("G15.21: dozer-clearance\nG15.25: no-such-calculator\n", 2, "no calculator 'no-such-calculator'"),
    ("G15.21: dozer-clearance\n\nG99.9: dozer-house\n", 3, "'G99.9' is not a rule of asl"),
    ("G15.21:\n  - dozer-clearance\n  - roadblock\n", 3, "roadblock is a battlefront calculator"),
    ("G15.21: dozer-clearance\nG15.25: dozer-clearance\n", 2, "already placed under G15.21"),
    ("G15.21: [dozer-clearance\n", 2, "invalid YAML"),
    ("- dozer-clearance\n", 1, "expected a mapping"),
])
def test_bad_placement_fails_the_build_naming_file_and_line(index, tmp_path, text, line, message):
    bad = index_with_placements(index, tmp_path, {"asl": text})
    with pytest.raises(SourceError) as raised:
        load_placements(bad)
    assert raised.value.path.endswith("asl/calculators.yml")
    assert raised.value.line == line
    assert message in raised.value.reason


def test_battlefront_section_slug_from_another_ruleset_is_rejected(index, tmp_path):
    bad = index_with_placements(index, tmp_path, {"battlefront": "G15.21: roadblock\n"})
    with pytest.raises(SourceError, match="'G15.21' is not a rule of battlefront"):
        load_placements(bad)


def test_a_rule_id_two_rulesets_share_shows_each_ruleset_only_its_own_calculator(index, tmp_path):
    # Rule IDs are unique within a ruleset only: a second book may number a rule G15.21 too.
    asl_rule = index.get("asl", "G15.21")
    page = next(path for path, page in index.pages.items() if page.ruleset == "battlefront")
    twin = asl_rule._replace(ruleset="battlefront", page=page)
    both = index_with_placements(index, tmp_path, {"asl": "G15.21: dozer-clearance\n",
                                                   "battlefront": "G15.21: roadblock\n"}, [twin])

    def calculators_on(page):
        md = markdown.Markdown(extensions=["attr_list", "build_tools.markdown.calculators"], extension_configs={
            "build_tools.markdown.calculators": {"current_page": page, "rule_index": both}})
        return re.findall(r'data-calc="([^"]+)"', md.convert('### G15.21 {: #G15.21 .rr-rule data-rule="G15.21" }'))

    assert calculators_on(asl_rule.page) == ["dozer-clearance"]
    assert calculators_on(page) == ["roadblock"]


def table_titles(lines: list[str]) -> list[str]:
    return [line.split(" | ")[0].removeprefix("| ") for line in lines
            if line.startswith("| ") and not line.startswith(("| Calculator |", "| ---"))]


def test_calculators_index_lists_only_the_rulesets_the_site_holds_each_under_its_name(index):
    # A project may keep a ruleset's calculators while dropping its rule texts: they have no rules to
    # link to and nowhere to be placed, so the index leaves them out (and loading placements copes).
    for ruleset_id, ruleset in index.rulesets.items():
        held = index_of_rulesets(index, {ruleset_id})
        lines = calculator_table(held, load_placements(held), "calculators.md")
        own = [calc.title for calc in calculators.all_calculators() if calc.ruleset == ruleset_id]
        assert [line for line in lines if line.startswith("## ")] == ([f"## {ruleset.name}"] if own else [])
        assert table_titles(lines) == own
        assert "not placed" not in "\n".join(lines)


def test_calculators_index_of_a_site_with_no_rulesets_says_it_has_none():
    empty = RuleIndex([], {}, {})
    assert load_placements(empty) == {}
    assert calculator_table(empty, {}, "calculators.md") == ["", NO_CALCULATORS, ""]


def test_a_project_with_no_rulesets_builds_a_calculators_page_that_says_it_has_none(tmp_path):
    site = build(make_project(tmp_path / "project", {}), tmp_path / "site")
    html = (site / "calculators" / "index.html").read_text(encoding="utf-8")
    assert NO_CALCULATORS in html
    assert "<table" not in html


def test_release_check_of_a_site_without_a_ruleset_passes_over_that_rulesets_calculators(index, built_site,
                                                                                           tmp_path):
    for ruleset_id in index.rulesets:
        project = tmp_path / ruleset_id
        placements = project / "rulesets" / ruleset_id / "calculators.yml"
        placements.parent.mkdir(parents=True)
        placements.write_text((index.rulesets[ruleset_id].folder / "calculators.yml").read_text(encoding="utf-8"))
        held = index_of_rulesets(index, {ruleset_id})
        assert missing_calculators(project, held, built_site, directory_urls=True) == []


def test_a_calculator_with_no_inputs_shows_its_result_under_a_form_with_no_fields():
    section = render_calculator(HIT, RuleIndex([], {}, {}), "newgame/rules.md")
    form = section.find("form")
    assert [element for element in form.iter() if element.get("data-input")] == []
    assert "takes no inputs" in "".join(form.itertext())
    values = ["".join(element.itertext()) for element in section.iter() if element.get("class") == "rr-calc__value"]
    assert values == [item["text"] for item in result_json(HIT, {}, HIT.run({}))["display"]] == ["1/6 (16.67%)"]


class Blocks(HTMLParser):
    """The top-level blocks of a page's article, in order: ('h3', 'G15.21'), ('section', 'calc-…'), …"""

    def __init__(self):
        super().__init__()
        self.blocks, self.depth = [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.depth = 0
            return
        if self.depth is None:
            return
        if self.depth == 0 and tag in ("h1", "h2", "h3", "h4", "h5", "h6", "section", "aside", "p"):
            self.blocks.append((tag, attrs.get("id") or attrs.get("class", "")))
        if tag not in ("input", "br", "hr", "img", "meta", "link"):
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth is not None and tag not in ("input", "br", "hr", "img"):
            self.depth -= 1
            if self.depth < 0:
                self.depth = None


def blocks(built_site, page):
    parser = Blocks()
    parser.feed((built_site / page / "index.html").read_text(encoding="utf-8"))
    return parser.blocks


def test_g15_21_clearance_calculator_follows_its_rule_text_before_the_next_rule(built_site):
    page = blocks(built_site, "asl/g15-bulldozers")
    at = page.index(("section", "calc-dozer-clearance"))
    previous_heading = next(b for b in reversed(page[:at]) if b[0].startswith("h"))
    next_heading = next(b for b in page[at:] if b[0].startswith("h"))
    assert previous_heading == ("h3", "G15.21")
    assert next_heading == ("h3", "G15.22")
    assert ("p", "") in page[page.index(previous_heading):at]  # the rule's own text comes first


def test_g15_11_shows_two_calculators_before_its_first_sub_rule(built_site):
    page = blocks(built_site, "asl/g15-bulldozers")
    start, end = page.index(("h3", "G15.11")), page.index(("h4", "G15.111"))
    sections = [b[1] for b in page[start:end] if b[0] == "section"]
    assert sections == ["calc-dozer-fire-drm", "calc-dozer-vp"]


def cli_json(calc_id, *assignments):
    out = subprocess.run([sys.executable, "-m", "calculators", "run", calc_id, *assignments, "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def section_html(built_site, page, calc_id):
    html = (built_site / page / "index.html").read_text(encoding="utf-8")
    start = html.index(f'id="calc-{calc_id}"')
    return html[start:html.index("</section>", start)]


def texts(html, class_name):
    found = re.findall(rf'<[a-z]+ class="{class_name}"[^>]*>(.*?)</', html, re.DOTALL)
    return [re.sub(r"<[^>]+>", "", text).replace("&lt;", "<").replace("&gt;", ">")
            .replace("&quot;", '"').replace("&amp;", "&") for text in found]


def test_every_page_carries_the_cli_result_for_the_default_inputs(built_site, index):
    for (ruleset_id, rule_id), placed in load_placements(index).items():
        page = index.get(ruleset_id, rule_id).page.removesuffix(".md")
        for placement in placed:
            expected = cli_json(placement.calculator)
            html = section_html(built_site, page, placement.calculator)
            assert texts(html, "rr-calc__value") == [item["text"] for item in expected["display"]]


def test_calculators_index_links_every_calculator_to_its_rules_and_place(built_site):
    html = (built_site / "calculators" / "index.html").read_text(encoding="utf-8")
    for calc in calculators.all_calculators():
        assert calc.title.replace("&", "&amp;").replace('"', "&quot;") in html or calc.title in html
    assert 'href="../asl/g15-bulldozers/#calc-dozer-clearance"' in html
    assert 'href="../asl/g15-bulldozers/#G15.21"' in html
    assert 'href="../battlefront/engineering-rules/#calc-roadblock"' in html
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert 'href="calculators/"' in home


@pytest.mark.parametrize("page, calculators", [("asl/g15-bulldozers/index.html", True),
                                               ("asl/glossary/index.html", False), ("index.html", False),
                                               ("calculators/index.html", False), ("404.html", False)])
def test_every_page_allows_only_the_site_and_its_hashed_inline_scripts(built_site, page, calculators):
    html = (built_site / page).read_text(encoding="utf-8")
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1)
    script_src = next(part for part in policy.split("; ") if part.startswith("script-src "))
    hashes = csp.inline_script_hashes(html)
    wasm = ["'wasm-unsafe-eval'"] if calculators else []  # WebAssembly only where Python runs
    assert hashes and script_src == " ".join(["script-src", "'self'", *wasm, *hashes])
    assert "unsafe-inline" not in script_src and "unsafe-eval'" not in script_src.replace("wasm-unsafe-eval", "")
    assert html.index("Content-Security-Policy") < html.index("<script")


def test_a_script_in_a_pages_content_is_named_and_never_hashed():
    assert csp.unwritten_script("<p>fine</p><aside><SCRIPT src=x>") == "<SCRIPT src=x>"
    assert csp.unwritten_script("<p>a <code>&lt;script&gt;</code> shown as text</p>") is None


def test_calculator_pages_start_the_worker_from_the_head_and_other_pages_do_not(built_site):
    html = (built_site / "asl" / "g15-bulldozers" / "index.html").read_text(encoding="utf-8")
    head = html[:html.index("</head>")]
    early = re.search(r"<script>(\(function\(\)\{var i=window\.rulerefRuleIndex=fetch\(\"([^\"]+)\"\)"
                      r".*?var w=new Worker\(\"([^\"]+)\".*?)</script>", head)
    assert early and early.group(3) == "../../assets/ruleref/ruleref/calculator-worker.js"
    assert (built_site / "asl" / "g15-bulldozers" / early.group(3)).resolve().is_file()
    assert head.index("Content-Security-Policy") < head.index(early.group(0))
    assert csp.inline_script_hashes(early.group(0))[0] in head  # allowed by its hash
    # Where the link holds inputs of the page's calculators (named in page order), it asks at once what they mean.
    ids = re.search(r"var ids=(\[[^\]]*\]);if\(!ids\.some\(function\(id\)\{return location\.search\.indexOf"
                    r"\(id\+\"\.\"\)>=0\}\)\)return;", early.group(1))
    assert ids and json.loads(ids.group(1)) == re.findall(r'<section [^>]*class="rr-calc"[^>]*data-calc="([^"]+)"', html)
    assert "opened={seq:0,ids:ids,query:location.search}" in early.group(1)
    assert 'w.postMessage({seq:0,type:"open",ids:opened.ids,query:opened.query})' in early.group(1)
    # It fetches the rule index a live result's citations need (rules.js takes that fetch): no preload.
    assert (built_site / "asl" / "g15-bulldozers" / early.group(2)).resolve() == (built_site / "rule-index.json").resolve()
    assert 'rel="preload"' not in html
    for page in ("index.html", "asl/glossary/index.html", "calculators/index.html"):
        assert "rulerefCalculators" not in (built_site / page).read_text(encoding="utf-8")
        assert 'rel="preload"' not in (built_site / page).read_text(encoding="utf-8")


def _script_sources(html: str) -> list[str]:
    return re.findall(r"<script ([^>]*src=[^>]*)>", html)


def test_calculator_pages_run_the_calculators_before_materials_bundle_and_other_pages_keep_its_order(built_site):
    # Material's bundle blocked the parser for 0.2-0.4 s of a phone's main thread, and every module waited for
    # it: on a calculator page calculators.js comes first and the bundle is deferred (page_head.py).
    scripts = _script_sources((built_site / "asl" / "g15-bulldozers" / "index.html").read_text(encoding="utf-8"))
    named = [next(name for name in ("calculators.js", "bundle.", "offline.js", "ruleref.js") if name in script)
             for script in scripts]
    assert named == ["calculators.js", "bundle.", "offline.js", "ruleref.js"], scripts
    assert scripts[0] == 'src="../../assets/ruleref/calculators.js" type="module"'
    assert re.fullmatch(r'defer src="\.\./\.\./assets/javascripts/bundle\.[0-9a-f]+\.min\.js"', scripts[1])
    for page in ("index.html", "asl/glossary/index.html"):
        scripts = _script_sources((built_site / page).read_text(encoding="utf-8"))
        assert "bundle." in scripts[0] and "defer" not in scripts[0] and "calculators.js" in scripts[1], scripts
