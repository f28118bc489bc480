"""At the table on a phone (issue 5, "Phone layout"): nothing scrolls sideways, wide tables
scroll in their own box, calculator controls take a thumb."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

PHONES = {"360x740": (360, 740), "390x844": (390, 844)}
THUMB_PX = 44  # smallest comfortable tap target (WCAG 2.5.5, Apple and Material guidance)


def phone_context(browser, width: int, height: int):
    return browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                               is_mobile=True, has_touch=True)


def site_pages(site: Path) -> list[str]:
    """Every page of the site (404.html aside: MkDocs gives it absolute URLs for any path)."""
    pages = [p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html"]
    return sorted(p[: -len("index.html")] if p.endswith("index.html") else p for p in pages)


def page_with_calculator(site: Path) -> str:
    for html in sorted(site.rglob("index.html")):
        if 'class="rr-calc"' in html.read_text(encoding="utf-8"):
            return html.relative_to(site).parent.as_posix() + "/"
    pytest.skip("no calculator pages yet")


def horizontal_overflow(page) -> dict:
    """How far the page is wider than the screen, and the widest elements that stick out."""
    return page.evaluate("""() => {
        const width = window.innerWidth;
        const culprits = [...document.querySelectorAll("body *")]
          .filter((e) => e.getBoundingClientRect().right > width + 1 && e.checkVisibility())
          .filter((e) => !e.closest(".md-typeset__scrollwrap, .md-sidebar, pre, .md-search, .rr-table-scroll"))
          .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`.slice(0, 80));
        return {scroll: document.documentElement.scrollWidth, width, culprits};
    }""")


@pytest.mark.parametrize("phone", sorted(PHONES))
def test_no_page_scrolls_sideways_on_a_phone(browser, site_url, built_site, phone):
    pages = site_pages(built_site)
    assert len(pages) >= 5
    context = phone_context(browser, *PHONES[phone])
    try:
        page = context.new_page()
        wide = {}
        for path in pages:
            page.goto(site_url + path)
            page.wait_for_load_state("load")
            overflow = horizontal_overflow(page)
            if overflow["scroll"] > overflow["width"]:
                wide[path] = overflow
        assert wide == {}
    finally:
        context.close()


def collateral_attack_table(page):
    return page.locator("article table", has_text="COLLATERAL ATTACK TABLE")


def test_collateral_attack_table_scrolls_inside_its_own_box(browser, site_url):
    # D.8's table may be wider than a phone: then its own box scrolls, never the page.
    context = phone_context(browser, 360, 740)
    try:
        page = context.new_page()
        page.goto(site_url + "asl/chapter-d-vehicles/#D.8")
        table = collateral_attack_table(page)
        assert table.count() == 1
        box = table.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        # Readable across a game table: the table's text is as large as the rule text around it.
        sizes = page.evaluate("""(t) => [parseFloat(getComputedStyle(t.querySelector('td')).fontSize),
                                        parseFloat(getComputedStyle(t.closest('.md-typeset')).fontSize)]""",
                              table.element_handle())
        assert sizes[0] >= sizes[1], sizes
    finally:
        context.close()


def test_calculator_controls_take_a_thumb(browser, site_url, built_site):
    path = page_with_calculator(built_site)
    context = phone_context(browser, 390, 844)
    try:
        page = context.new_page()
        page.goto(site_url + path)
        # A checkbox is tapped through its label too: the label is the target that must be big.
        small = page.evaluate(f"""() => [...document.querySelectorAll(
              "section.rr-calc input, section.rr-calc select, section.rr-calc button, section.rr-calc summary")]
            .filter((e) => e.checkVisibility())
            .map((e) => {{
              const box = e.type === "checkbox" || e.type === "radio" ? e.labels[0] : e;
              const r = box.getBoundingClientRect();
              return {{name: e.name || e.textContent.trim().slice(0, 30), width: r.width, height: r.height}};
            }})
            .filter((r) => r.height < {THUMB_PX} || r.width < {THUMB_PX})""")
        assert small == []
    finally:
        context.close()


def test_phone_screenshots(browser, site_url, built_site, tmp_path_factory):
    """Home, a rule page, the Collateral Attack Table and a calculator at 390x844, for a person to look at."""
    folder = tmp_path_factory.mktemp("phone-screenshots")
    calculator = page_with_calculator(built_site)
    context = phone_context(browser, 390, 844)
    try:
        page = context.new_page()
        shots = {"home": "", "rule-page": "asl/g15-bulldozers/#G15.21",
                 "collateral-attack-table": "asl/chapter-d-vehicles/#D.8", "calculator": calculator}
        for name, path in shots.items():
            page.goto(site_url + path)
            page.wait_for_load_state("load")
            if name == "collateral-attack-table":
                collateral_attack_table(page).scroll_into_view_if_needed()
            if name == "calculator":
                page.locator("section.rr-calc").first.scroll_into_view_if_needed()
            page.screenshot(path=str(folder / f"{name}.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), name
        print(f"phone screenshots: {folder}")
    finally:
        context.close()


def test_a_results_table_wider_than_a_phone_keeps_its_odds_whole_and_its_dice_in_sight(browser, books_url):
    # Ironclad's FIRE TABLE (tests/rulebooks): nine columns of odds, wider than 390 px.
    context = phone_context(browser, 390, 844)
    try:
        page = context.new_page()
        page.goto(books_url + "ironclad/ironclad/")
        table = page.locator("article table", has_text="FIRE TABLE")
        assert table.evaluate("t => t.scrollWidth > t.clientWidth")  # it scrolls in its own box
        # "11-12" on one line, as tall as a one-word heading cell.
        heights = table.evaluate("""t => [...t.querySelectorAll('thead tr:last-child th')]
                                         .map(th => th.getBoundingClientRect().height)""")
        assert len(set(heights)) == 1, heights
        dice = table.locator("tbody td").first
        before = dice.bounding_box()["x"]
        table.evaluate("t => { t.scrollLeft = t.scrollWidth; }")
        page.wait_for_function("t => t.scrollLeft > 0", arg=table.element_handle())
        assert abs(dice.bounding_box()["x"] - before) < 1  # the dice column stays where it was
        assert table.locator("th", has_text="15-16").bounding_box()["x"] + 20 < 390  # the last odds are in sight
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


def test_a_die_roll_column_beside_phrases_keeps_each_roll_on_one_line(browser, books_url):
    # Causeway's storm table (tests/rulebooks): "1–3" beside sentences broke after its dash at 390 px.
    context = phone_context(browser, 390, 844)
    try:
        page = context.new_page()
        page.goto(books_url + "causeway/causeway/")
        lines = page.locator("article table", has_text="Squall").locator("tbody td").evaluate_all(
            """cells => cells.map(cell => {
                const range = document.createRange();
                range.selectNodeContents(cell);
                return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size;
            })""")
        assert lines[0::3] == [1, 1]  # the rolls
        assert min(lines[2::3]) > 1  # the phrases beside them wrap: the table is as narrow as the screen
    finally:
        context.close()
