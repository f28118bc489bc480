"""Material's search reads pages without our reference markup, and indexes
exactly what it indexes from the full page."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest
from material.plugins.search.plugin import SearchIndex
from mkdocs.structure.toc import get_toc

from build_tools.plugin import search_input
from build_tools.site_build import build_into

PAGE = ('<h2 class="rr-rule" data-rule="G15.2" id="G15.2">15.2 CLEARANCE:</h2>\n'
        '<p class="rr-cited-by" data-search-exclude="">Referenced by: '
        '<a class="rr-ref" data-rule="G15.21" href="#G15.21">G15.21</a></p>\n'
        '<p>As per <a class="rr-ref" data-rule="G15.21" href="#G15.21">15.21</a> and '
        '<span class="rr-ref rr-ref--missing" data-rule="B24.7" title="B24.7 is not in this reference">B24.7</span>, '
        'see <a href="other/">an author\'s link</a> '
        '<span class="rr-exc">[EXC: <em>not</em> <abbr title="Close Combat">CC</abbr> '
        '(<a class="rr-ref" data-rule="G15.21" href="#G15.21">15.21</a>)]</span> '
        '<span class="rr-errata">[ERRATA: <span class="author">kept</span>]</span>.</p>')


def test_our_elements_become_their_text_and_referenced_by_lines_go():
    assert search_input.lean_html(PAGE) == (
        '<h2 class="rr-rule" data-rule="G15.2" id="G15.2">15.2 CLEARANCE:</h2>\n\n'
        '<p>As per 15.21 and B24.7, see <a href="other/">an author\'s link</a> [EXC: <em>not</em> CC (15.21)] '
        '<span class="rr-errata">[ERRATA: <span class="author">kept</span>]</span>.</p>')


def test_a_rules_history_goes_and_a_reference_to_a_removed_rule_becomes_its_text():
    # Material leaves data-search-exclude elements out of the index: search finds the current text.
    page = ('<h2 class="rr-rule" data-rule="Z1.1" id="Z1.1">1.1 LOADING:</h2>\n'
            '<details class="rr-change" data-search-exclude><summary>Changed in Second printing: what changed'
            '</summary><div class="rr-diff"><p>spending <del>all</del> <ins>half</ins></p></div></details>\n'
            '<p>Spending half its MF.</p>\n'
            '<div class="rr-tombstone" id="Z1.4" data-rule="Z1.4" data-removed="second-printing" '
            'data-search-exclude><p class="rr-tombstone__note"><strong>Z1.4</strong> was removed.</p>'
            '<blockquote><p>Ferries may not cross at night.</p></blockquote></div>\n'
            '<p class="rr-new" data-search-exclude>New in Second printing</p>\n'
            '<p>It may cross at night (formerly <a class="rr-ref rr-ref--removed" data-rule="Z1.4" href="#Z1.4" '
            'title="Z1.4 was removed in Second printing">1.4</a>).</p>')
    assert search_input.lean_html(page) == ('<h2 class="rr-rule" data-rule="Z1.1" id="Z1.1">1.1 LOADING:</h2>\n'
                                            '\n<p>Spending half its MF.</p>\n\n\n'
                                            '<p>It may cross at night (formerly 1.4).</p>')


def test_the_index_reads_the_lean_content_and_the_page_keeps_its_own():
    read = []
    index = SimpleNamespace(add_entry_from_context=lambda page: read.append(page.content), entries=[])
    config = SimpleNamespace(plugins={"material/search": SimpleNamespace(search_index=index)})
    search_input.index_lean_pages(config, rules=1)
    search_input.index_lean_pages(config, rules=1)  # a second build of `serve`: Material's own entry, once
    page = SimpleNamespace(content=PAGE, url="asl/g15/", title="G15", toc=[], meta={})
    index.add_entry_from_context(page)
    assert read == [search_input.bare_headings(search_input.with_full_rule_ids(search_input.lean_html(PAGE)))]
    assert page.content == PAGE
    # A page left out of search (an earlier version's text) is not made lean for an index that skips it.
    earlier = SimpleNamespace(content=PAGE, url="asl/versions/first/", title="G15", toc=[],
                              meta={"search": {"exclude": True}})
    index.add_entry_from_context(earlier)
    assert len(read) == 1 and earlier.content == PAGE


def apart(case: str, *args: str) -> dict:
    """``case`` of apart_indexing.py, run in a fresh process (this one may have threads: no fork then)."""
    done = subprocess.run([sys.executable, str(Path(__file__).with_name("apart_indexing.py")), case, *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_a_big_books_pages_are_indexed_in_a_second_process_in_page_order():
    seen = apart("order")
    assert [entry["location"] for entry in seen["apart"]] == ["page-0/", "page-1/", "page-2/"]
    assert {entry["process"] for entry in seen["apart"]} != {seen["parent"]}
    assert [entry["process"] for entry in seen["small"]] == [seen["parent"]] * 3  # a smaller book: in that process


def test_a_failure_in_the_indexing_process_fails_the_build_with_its_cause():
    assert re.search(r"(?s)the search index failed:.*no room in the index", apart("failure")["error"])


def test_a_failed_build_ends_the_indexing_process():
    assert apart("abandon") == {"alive": False}


def heading(rule_id: str, text: str, level: int = 3) -> str:
    return (f'<h{level} class="rr-rule" data-rule="{rule_id}" id="{rule_id}">{text}'
            f'<a class="headerlink" href="#{rule_id}" title="Link to this rule">&para;</a></h{level}>')


def test_a_heading_showing_a_chapter_relative_number_is_indexed_with_the_full_rule_id():
    # G15.21 is printed "15.21 vs PILLBOX…"; a search for G15.21 must find it by its title.
    assert search_input.with_full_rule_ids(heading("G15.21", "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:")) \
        == heading("G15.21", "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL: (G15.21)")
    assert search_input.with_full_rule_ids(heading("G15", "15. Bulldozers", 1)) \
        == heading("G15", "15. Bulldozers (G15)", 1)


@pytest.mark.parametrize("rule_id, text", [
    ("D.5B", "D.5B CARDS:"),  # shows the whole ID
    ("D", "D. VEHICLES"),
    ("5.44", "5.44"),  # case and decimal numbers are the rule IDs
    ("3.2.1", "3.2.1"),
    ("engineering-action", "Engineering Action"),  # a title slug is no number
])
def test_a_heading_showing_its_whole_id_or_no_number_is_indexed_as_it_is(rule_id, text):
    assert search_input.with_full_rule_ids(heading(rule_id, text)) == heading(rule_id, text)


def test_a_rule_heading_is_read_bare_and_indexed_as_material_indexes_it_whole():
    button = '<button aria-label="Copy link to 5.4" class="rr-copy-link" title="Copy link" type="button"></button>'
    page = (heading("5", "5 Movement", 2) + "\n<p>Units move.</p>\n"
            + heading("5.4", "5.4 Special &amp; <em>Units</em>.", 3).replace("</h3>", button + "</h3>")
            + '\n<p>Ferries <sup>2</sup>.</p>\n<h2 id="notes">Notes<a class="headerlink" href="#notes">x</a></h2>')
    bare = search_input.bare_headings(page)
    assert bare.startswith('<h2 id="5">5 Movement</h2>\n<p>Units move.</p>\n<h3 id="5.4">5.4 Special &amp; '
                           '<em>Units</em>.</h3>\n')

    def entries(html):
        index = SearchIndex()
        index.add_entry_from_context(SimpleNamespace(content=html, toc=[], url="mf/", meta={}, title="MF"))
        return index.entries

    assert entries(bare) == entries(page)


def test_broader_rules_weigh_more_in_the_index():
    # "5.4" is a prefix of 5.41's ID too: the section must outweigh its cases.
    page = "\n".join([heading("5", "5 Movement", 2), heading("5.4", "5.4 Special Units.", 3),
                      heading("5.41", "5.41", 4), '<h2 id="notes">Notes</h2>'])
    entries = [{"location": "mf/", "boost": 3}, {"location": "mf/#5", "boost": 3},
               {"location": "mf/#5.4", "boost": 3}, {"location": "mf/#5.41", "boost": 3},
               {"location": "mf/#notes", "boost": 3}]
    search_input.boost_broader_rules(entries, page)
    assert [entry["boost"] for entry in entries] == [3 * 32, 3 * 16, 3 * 8, 3 * 4, 3]


def test_pages_without_rules_keep_their_boost():
    entries = [{"location": ""}, {"location": "#rulesets"}]
    search_input.boost_broader_rules(entries, '<h1 id="home">Home</h1><h2 id="rulesets">Rulesets</h2>')
    assert entries == [{"location": ""}, {"location": "#rulesets"}]


def test_each_indexed_heading_finds_the_table_of_contents_entry_materials_walk_finds():
    # Material walks the table of contents from its start for every heading; the lookup must agree,
    # also for an anchor given twice (the first in document order) and for one the table lacks.
    md = markdown.Markdown(extensions=["attr_list", "toc"])
    md.convert("# 5 Movement {: #5 }\n\n## 5.4 Units {: #5.4 }\n\n### 5.41 Again {: #5 }\n\n"
               "## 5.5 Roads {: #5.5 }\n\n# 6 Combat {: #6 }\n\n### 6.11 Deep {: #6.11 }\n")
    toc = get_toc(md.toc_tokens)
    found = search_input.toc_by_id(toc)
    for anchor in ("5", "5.4", "5.5", "6", "6.11", "7", None):
        assert found.get(anchor) is SearchIndex()._find_toc_by_id(toc, anchor)
    assert found["5"].title == "5 Movement"


def test_the_search_index_is_the_one_material_builds_from_the_full_pages(built_site, project, tmp_path, monkeypatch):
    # The same build with the full pages: only the lean markup differs, not what is added for rules.
    monkeypatch.setattr(search_input, "lean_html", lambda html: html)
    monkeypatch.setattr(search_input, "bare_headings", lambda html: html)
    full_pages_site = tmp_path / "site"
    build_into(full_pages_site, config_file=project / "mkdocs.yml", strict=True)
    index = "search/search_index.json"
    assert (built_site / index).read_bytes() == (full_pages_site / index).read_bytes()
    page = "asl/g15-bulldozers/index.html"  # and the pages themselves are not changed
    assert (built_site / page).read_bytes() == (full_pages_site / page).read_bytes()
    assert b'class="rr-cited-by"' in (built_site / page).read_bytes()


def test_the_site_indexed_in_a_second_process_has_the_same_search_index(built_site, tmp_path):
    assert apart("site", str(tmp_path / "site")) == {"processes": 1}
    index = "search/search_index.json"
    assert (built_site / index).read_bytes() == (tmp_path / "site" / index).read_bytes()


def test_a_text_with_versions_has_the_search_index_material_builds_from_the_full_pages(tmp_path, monkeypatch):
    from projects import build, two_printings

    project = two_printings(tmp_path / "project")
    lean = build(project, tmp_path / "lean")
    monkeypatch.setattr(search_input, "lean_html", lambda html: html)
    monkeypatch.setattr(search_input, "bare_headings", lambda html: html)
    full = build(project, tmp_path / "full")
    index = "search/search_index.json"
    assert (lean / index).read_bytes() == (full / index).read_bytes()
    assert b"Changed in Second printing" not in (lean / index).read_bytes()  # the page shows it; search finds rules


def test_a_heading_printed_with_decorations_gets_its_rule_id_too():
    # A chapter-relative number printed "[15.21]" or "15.21)" is the same number as "15.21".
    for printed in ("[15.21] vs PILLBOX:", "15.21) vs PILLBOX:"):
        assert search_input.with_full_rule_ids(heading("G15.21", printed)) == heading("G15.21", f"{printed} (G15.21)")
