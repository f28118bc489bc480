"""Reading aids in a real browser (issue 2): jump to rule, hover previews,
copy-link buttons, missing references, dark mode - on the built site, served
as a static host would serve it."""

from __future__ import annotations

import re
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from static_server import serve
from jump_form import jump, open_page

pytestmark = pytest.mark.browser

G15 = "asl/g15-bulldozers/"
D = "asl/chapter-d-vehicles/"


@pytest.fixture
def reader(page, site_url):
    """The page, with every request it makes recorded; after the test, nothing
    may have gone wrong in the console or left the site's origin."""
    page.requests = []
    page.context.on("request", lambda request: page.requests.append(request.url))
    yield page
    assert page.console_errors == []
    origin = urlsplit(site_url)[:2]
    assert [url for url in page.requests if urlsplit(url)[:2] != origin and not url.startswith("data:")] == []


def message(page) -> str:
    return page.locator(".rr-jump__message").inner_text()


def test_jump_to_g15_21_from_the_home_page(reader, site_url):
    open_page(reader, site_url)
    jump(reader, "G15.21")
    reader.wait_for_url(f"{site_url}{G15}#G15.21")
    assert reader.locator('h3[id="G15.21"]').is_visible()
    assert reader.evaluate("document.getElementById('G15.21').getBoundingClientRect().top") < 200


def test_a_bare_number_on_a_g_page_is_a_g_rule(reader, site_url):
    # "15.21" typed on the G15 page means G15.21, as the text itself cites it.
    open_page(reader, f"{site_url}{G15}")
    jump(reader, "15.25")
    reader.wait_for_url(f"{site_url}{G15}#G15.25")
    # The rule takes focus just after the URL changes: a loaded machine can read activeElement in between.
    # A locator assertion, not wait_for_function: the page's CSP (rightly) forbids the eval its polling uses.
    expect(reader.locator('[id="G15.25"]')).to_be_focused(timeout=5000)


def test_jump_to_d_5b_in_any_case_from_another_page(reader, site_url):
    open_page(reader, f"{site_url}{G15}")
    jump(reader, "d.5b")
    reader.wait_for_url(f"{site_url}{D}#D.5B")
    assert reader.locator('h3[id="D.5B"]').is_visible()


def test_jump_to_a_battlefront_section_by_title(reader, site_url):
    open_page(reader, site_url)
    jump(reader, "Flail tanks")
    reader.wait_for_url(f"{site_url}battlefront/engineering-rules/#flail-tanks")


@pytest.mark.parametrize("typed", ["G99.9", "B24.7", "constructor"])
def test_an_unknown_rule_is_announced_and_nothing_moves(reader, site_url, typed):
    open_page(reader, f"{site_url}{G15}")
    jump(reader, typed)
    expect(reader.locator(".rr-jump__message")).not_to_have_text("")
    status = reader.locator(".rr-jump__message")
    assert status.get_attribute("aria-live") == "polite"
    assert message(reader) == f"No rule “{typed}” in this reference."
    assert reader.url == f"{site_url}{G15}"


def test_a_bare_number_where_no_chapter_applies_asks_for_the_chapter(reader, site_url):
    open_page(reader, site_url)
    jump(reader, "15.21")
    expect(reader.locator(".rr-jump__message")).not_to_have_text("")
    assert message(reader) == "15.21: which chapter? Type the whole rule ID, such as G15.21."


def test_jump_to_rule_with_the_keyboard_only(reader, site_url):
    open_page(reader, site_url)
    for _ in range(40):
        reader.keyboard.press("Tab")
        if reader.evaluate("document.activeElement.matches('.rr-jump input')"):
            break
    else:
        pytest.fail("Tab never reaches the Jump to rule field")
    reader.keyboard.type("D.8A")
    reader.keyboard.press("Enter")
    reader.wait_for_url(f"{site_url}{D}#D.8A")


def test_the_aids_come_back_when_material_swaps_the_content(reader, site_url):
    # Material's instant navigation replaces the page content without reloading
    # (here on following a table-of-contents link); the aids must be re-attached.
    open_page(reader, f"{site_url}{G15}")
    reader.evaluate("window.rrSamePage = true; document.querySelector('.md-container').rrOld = true")
    reader.locator('.md-sidebar--secondary a.md-nav__link[href$="#G15.26"]:visible').click()
    reader.wait_for_function("() => !document.querySelector('.md-container').rrOld")
    assert reader.evaluate("window.rrSamePage") is True  # swapped, not reloaded
    reader.wait_for_selector('h3[id="G15.26"] .rr-copy-link')
    assert reader.locator(".rr-jump").count() == 1
    assert reader.locator(".rr-copy-link").count() == reader.locator(".md-content .rr-rule[id]").count()
    jump(reader, "d.8a")
    reader.wait_for_url(f"{site_url}{D}#D.8A")


def test_jump_works_when_the_site_lives_under_a_sub_path(reader, built_site):
    server, url = serve(built_site, prefix="/ruleref")
    try:
        reader.requests.clear()
        open_page(reader, f"{url}{G15}")
        jump(reader, "D.5B")
        reader.wait_for_url(f"{url}{D}#D.5B")
        assert reader.locator('h3[id="D.5B"]').is_visible()
    finally:
        server.shutdown()
    reader.requests.clear()  # another origin (port) than site_url, on purpose


def g15_21_link(page):
    # G15.22: "A dozer may eliminate a cave as per 15.21".
    return page.locator('p:not(.rr-cited-by) > a.rr-ref[data-rule="G15.21"]', has_text=re.compile(r"^15\.21$")).first


def hover_preview(page, target):
    """Point at ``target`` and return the preview popup, once it shows."""
    target.hover()
    preview = page.locator(".rr-preview")
    preview.wait_for(state="visible")
    return preview


def test_hovering_a_reference_previews_the_rule(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.22")
    link = g15_21_link(reader)
    preview = hover_preview(reader, link)
    assert preview.locator(".rr-preview__id").inner_text() == "G15.21"
    assert preview.locator(".rr-preview__title").inner_text() == "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:"
    assert preview.locator(".rr-preview__text").inner_text().startswith("A Mobile dozer may use Clearance (B24.7)")
    assert link.get_attribute("aria-describedby") == "rr-preview"
    reader.keyboard.press("Escape")
    preview.wait_for(state="hidden")
    assert link.get_attribute("aria-describedby") is None


def test_a_preview_never_blocks_the_click(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.22")
    link = g15_21_link(reader)
    link.hover()
    reader.locator(".rr-preview").wait_for(state="visible")
    link.click()
    reader.wait_for_url(f"{site_url}{G15}#G15.21")


def test_focusing_a_reference_with_the_keyboard_previews_it(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.22")
    g15_21_link(reader).focus()
    preview = reader.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert preview.locator(".rr-preview__title").inner_text() == "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:"
    reader.keyboard.press("Tab")
    preview.wait_for(state="hidden")


def first_term(page):
    # G15.11: "... its CS# is ..." - the first glossary term on the page.
    return page.locator('.md-typeset abbr', has_text=re.compile(r"^CS#$")).first


def test_pointing_at_a_glossary_term_shows_what_it_stands_for_without_a_tooltip_per_element(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.11")
    # Nothing is set up per term: Material's content.tooltips would mount a tooltip on each of them on load.
    features = reader.evaluate("JSON.parse(document.getElementById('__config').textContent).features")
    assert "navigation.instant" in features and "content.tooltips" not in features
    term = first_term(reader)
    preview = hover_preview(reader, term)
    assert preview.locator(".rr-preview__id").inner_text() == "CS#"
    assert preview.locator(".rr-preview__text").inner_text() == "Crew Survival number"
    assert term.get_attribute("title") is None  # not said twice by the native tooltip
    reader.mouse.move(0, 0)
    preview.wait_for(state="hidden")
    assert term.get_attribute("title") == "Crew Survival number"


@contextmanager
def phone(browser):
    """A page on a phone (touch, 390 px); after the test, no script on it may have failed."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        assert errors == []
    finally:
        context.close()


def test_a_tap_on_a_glossary_term_on_a_phone_shows_it_and_a_tap_elsewhere_closes_it(browser, site_url):
    with phone(browser) as page:
        open_page(page, f"{site_url}{G15}#G15.11")
        first_term(page).tap()
        preview = page.locator(".rr-preview")
        preview.wait_for(state="visible")
        assert preview.locator(".rr-preview__text").inner_text() == "Crew Survival number"
        box = preview.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.locator('h3[id="G15.11"]').tap()
        preview.wait_for(state="hidden")


def test_a_tap_on_a_phone_follows_the_reference(browser, site_url):
    with phone(browser) as page:
        open_page(page, f"{site_url}{G15}#G15.22")
        g15_21_link(page).tap()
        page.wait_for_url(f"{site_url}{G15}#G15.21")
        assert page.locator(".rr-preview:not([hidden])").count() == 0


def test_a_reference_to_a_rule_not_in_this_reference_is_marked(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.2")
    missing = reader.locator('.rr-ref--missing[data-rule="B24.7"]').first
    assert missing.evaluate("e => e.tagName") == "SPAN"
    assert missing.get_attribute("title") == "B24.7 is not in this reference"
    assert missing.evaluate("e => getComputedStyle(e, '::after').content").startswith('"⊘"')
    assert missing.evaluate("e => getComputedStyle(e).textDecorationStyle") == "dotted"
    preview = hover_preview(reader, missing)
    assert preview.locator(".rr-preview__title").inner_text() == "Not in this reference"
    # The popup says it; the native tooltip would say it twice.
    assert missing.get_attribute("title") is None
    reader.mouse.move(0, 0)
    preview.wait_for(state="hidden")
    assert missing.get_attribute("title") == "B24.7 is not in this reference"


def test_copy_link_copies_the_rules_address(reader, site_url):
    reader.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_page(reader, f"{site_url}{G15}")
    button = reader.locator('h3[id="G15.21"] .rr-copy-link')
    assert button.get_attribute("aria-label") == "Copy link to G15.21"
    button.click()
    reader.wait_for_function("() => document.querySelector('[role=status].rr-visually-hidden')?.textContent"
                             " === 'Link copied'")
    assert reader.evaluate("navigator.clipboard.readText()") == f"{site_url}{G15}#G15.21"
    shown = "() => getComputedStyle(document.getElementById('G15.21'), '::after').content"
    assert "Link copied" in reader.evaluate(shown)  # beside the button, for two seconds
    reader.wait_for_function(f"() => !({shown})().includes('Link copied')", timeout=5000)


def test_copy_link_falls_back_when_the_clipboard_api_refuses(reader, site_url):
    reader.context.grant_permissions(["clipboard-read", "clipboard-write"])
    reader.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'))")
    open_page(reader, f"{site_url}{D}")
    reader.locator('h3[id="D.5B"] .rr-copy-link').click()
    reader.wait_for_function("() => document.querySelector('[role=status].rr-visually-hidden')?.textContent"
                             " === 'Link copied'")
    assert reader.evaluate("navigator.clipboard.readText()") == f"{site_url}{D}#D.5B"


def test_dark_mode_restyles_the_aids(reader, site_url):
    open_page(reader, f"{site_url}{G15}#G15.25")
    note = reader.locator('aside.rr-annotation[data-rule="G15.25"]')
    field = reader.locator(".rr-jump input")

    def colours():
        return (note.evaluate("e => getComputedStyle(e).backgroundColor"),
                field.evaluate("e => getComputedStyle(e).color"),
                field.evaluate("e => getComputedStyle(e).backgroundColor"))

    light = colours()
    reader.get_by_role("button", name="Switch to dark mode").click()
    reader.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    dark = colours()
    assert all(a != b for a, b in zip(light, dark))
    assert brightness(dark[1]) > brightness(dark[2])  # light text on a dark field
    assert brightness(light[1]) < brightness(light[2])
    assert reader.get_by_role("button", name="Switch to light mode").is_visible()
    assert reader.evaluate("document.querySelector('meta[name=color-scheme]').content") == "dark"
    # The choice is kept: the next page is dark from its first paint, before any module script runs.
    reader.goto(f"{site_url}{D}", wait_until="commit")
    reader.wait_for_selector(".md-header", state="attached")
    assert reader.evaluate("document.body.dataset.mdColorScheme") == "slate"
    reader.get_by_role("button", name="Switch to light mode").click()
    reader.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")


def test_the_colour_scheme_follows_the_system_until_the_reader_picks_one(browser, site_url):
    context = browser.new_context(color_scheme="dark")
    try:
        page = context.new_page()
        open_page(page, f"{site_url}{G15}")
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"
        assert page.get_by_role("button", name="Switch to light mode").is_visible()
        assert page.get_by_role("button", name="Switch to dark mode").is_hidden()
        theme = page.evaluate("document.querySelector('meta[name=theme-color]').content")
        assert theme == page.evaluate("getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    finally:
        context.close()


def brightness(css_colour: str) -> float:
    red, green, blue = (float(v) for v in re.findall(r"[\d.]+", css_colour)[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue
