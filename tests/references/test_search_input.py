"""Material's search reads pages without our reference markup, and indexes
exactly what it indexes from the full page."""

from __future__ import annotations

from types import SimpleNamespace

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


def test_the_index_reads_the_lean_content_and_the_page_keeps_its_own():
    read = []
    index = SimpleNamespace(add_entry_from_context=lambda page: read.append(page.content))
    config = SimpleNamespace(plugins={"material/search": SimpleNamespace(search_index=index)})
    search_input.index_lean_pages(config)
    search_input.index_lean_pages(config)  # a second build of `serve`: wrapped once
    page = SimpleNamespace(content=PAGE, url="asl/g15/")
    index.add_entry_from_context(page)
    assert read == [search_input.lean_html(PAGE)]
    assert page.content == PAGE


def test_the_search_index_is_the_one_material_builds_from_the_full_pages(built_site, project, tmp_path, monkeypatch):
    monkeypatch.setattr(search_input, "index_lean_pages", lambda config: None)
    full_pages_site = tmp_path / "site"
    build_into(full_pages_site, config_file=project / "mkdocs.yml", strict=True)
    index = "search/search_index.json"
    assert (built_site / index).read_bytes() == (full_pages_site / index).read_bytes()
    page = "asl/g15-bulldozers/index.html"  # and the pages themselves are not changed
    assert (built_site / page).read_bytes() == (full_pages_site / page).read_bytes()
    assert b'class="rr-cited-by"' in (built_site / page).read_bytes()
