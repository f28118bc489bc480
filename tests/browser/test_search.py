"""Material's search finds a rule by its rule ID (issue 2: "Material search that finds rule IDs").

The search separator in mkdocs.yml keeps dots inside tokens, so "G15.21" is one
word of the index rather than "G15" and "21"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("query, heading", [
    ("G15.21", "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:"),
    ("D.5B", "D.5B CARDS:"),
    ("D.8A", "D.8A SPECIFIC:"),
])
def test_searching_a_rule_id_lists_that_rule_first(page, site_url, query, heading):
    page.goto(site_url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query)
    # Material groups hits by page: the first group's entries are the page and its matching sections.
    hit = page.locator(".md-search-result__item").first.locator("a", has_text=heading)
    expect(hit.first).to_be_visible(timeout=15_000)
    hit.first.click()
    page.wait_for_url(f"**#{query}")
    assert page.console_errors == []


def search(page, url: str, query: str) -> dict[str, str]:
    """Search ``query`` from the home page; for each page in the results, its first section's anchor."""
    page.goto(url)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator("input.md-search__input").press_sequentially(query)
    # Results follow each key: wait for the whole query's (Material writes it, lower case, into each link).
    page.locator(f'.md-search-result__item a[href*="?h={query.lower()}#"]').first.wait_for(timeout=15_000)
    firsts = {}
    for group in page.locator(".md-search-result__item").all():
        links = [link.get_attribute("href") for link in group.locator("a.md-search-result__link").all()]
        page_path = links[0].split("?")[0].removeprefix(url)
        firsts[page_path] = next((link.split("#", 1)[1] for link in links if "#" in link), None)
    return firsts


@pytest.mark.parametrize("query, book, rule", [
    ("9.231", "ironclad/ironclad/", "9.231"),  # a case ID
    ("5.42a", "ironclad/ironclad/", "5.42a"),  # a lettered sub-rule, before 5.42
    ("4.3", "riverline/riverline/", "4.3"),  # a decimal ID
    ("2.1", "riverline/riverline/", "2.1"),  # before its own 2.1.1 and 2.1.2, which start the same
    ("5.4", "marsh-fort/marsh-fort/", "5.4"),  # before 5.41 … 5.44, though rules citing 5.4 make it commoner
    ("Z1.1", "ferry-chapter/chapter-z/", "Z1.1"),  # the full ID of a heading showing "1.1 DEFINITION:"
    ("1.21", "ferry-chapter/chapter-z/", "Z1.21"),  # the number that heading shows
    ("15.26", "asl/g15-bulldozers/", "G15.26"),  # not G15.261, whose text cites 15.26
])
def test_searching_a_rule_number_lists_that_rule_first_on_its_page(page, books_url, query, book, rule):
    found = search(page, books_url, query)
    assert found.get(book) == rule, found
    assert page.console_errors == []


@pytest.mark.parametrize("query, books", [
    ("5.44", ["ironclad/ironclad/", "marsh-fort/marsh-fort/"]),  # case numbering, both books
    ("3.2.1", ["causeway/causeway/", "riverline/riverline/"]),  # decimal numbering, both books
])
def test_an_id_two_books_share_is_found_in_both(page, books_url, query, books):
    found = search(page, books_url, query)
    assert [found.get(book) for book in books] == [query, query], found


def test_the_page_shows_the_heading_as_printed(page, books_url):
    # The full rule ID is for the search index only.
    page.goto(f"{books_url}ferry-chapter/chapter-z/")
    assert page.locator('[id="Z1.1"]').inner_text().startswith("1.1 DEFINITION:")
    assert "Z1.1" not in page.locator('[id="Z1.1"]').inner_text()
