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
