"""Jump to rule, hover previews and the rules a calculator cites, on a site of several numbered
rulebooks (issue "Any numbered rulebook imports faithfully"): rule IDs repeat across rulebooks
(Marsh Fort and Ironclad both have a 5.44), so the page's own rulebook comes first, and a rule
found elsewhere says where it is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from jump_form import jump, open_page

pytestmark = pytest.mark.browser

MARSH_FORT = "marsh-fort/marsh-fort/"
IRONCLAD = "ironclad/ironclad/"
RIVERLINE = "riverline/riverline/"
FERRY_Z = "ferry-chapter/chapter-z/"
G15 = "asl/g15-bulldozers/"
LIVE_TIMEOUT = 90_000  # a cold Pyodide start on a busy 2-core machine


@pytest.fixture
def reader(page):
    yield page
    assert page.console_errors == []


def message(page):
    return page.locator(".rr-jump__message")


def notice(page):
    return page.locator(".rr-notice")


def test_5_44_on_a_marsh_fort_page_is_marsh_forts(reader, books_url):
    open_page(reader, f"{books_url}{MARSH_FORT}")
    jump(reader, "5.44")
    reader.wait_for_url(f"{books_url}{MARSH_FORT}#5.44")
    assert reader.evaluate("document.activeElement.id") == "5.44"
    expect(notice(reader)).to_be_hidden()


def test_5_44_on_an_ironclad_page_is_ironclads(reader, books_url):
    open_page(reader, f"{books_url}{IRONCLAD}")
    jump(reader, "5.44")
    reader.wait_for_url(f"{books_url}{IRONCLAD}#5.44")


def test_a_rule_only_another_rulebook_has_is_followed_and_the_landing_says_so(reader, books_url):
    # Marsh Fort has no 2.1.1; Riverline (decimal numbering) alone has one.
    open_page(reader, f"{books_url}{MARSH_FORT}")
    jump(reader, "2.1.1")
    reader.wait_for_url(f"{books_url}{RIVERLINE}#2.1.1")
    expect(notice(reader).locator(".rr-notice__text")).to_have_text("2.1.1 is in Riverline, not in Marsh Fort.")
    expect(notice(reader)).to_be_in_viewport()
    expect(reader.locator('[id="2.1.1"]')).to_be_in_viewport()
    notice(reader).get_by_role("button", name="Dismiss").click()
    expect(notice(reader)).to_be_hidden()


def test_the_landing_notice_is_for_that_landing_only(reader, books_url):
    open_page(reader, f"{books_url}{MARSH_FORT}")
    jump(reader, "2.1.1")
    reader.wait_for_url(f"{books_url}{RIVERLINE}#2.1.1")
    expect(notice(reader)).to_be_visible()
    open_page(reader, f"{books_url}{IRONCLAD}")
    expect(notice(reader)).to_have_count(0)


def test_a_rule_several_other_rulebooks_have_is_offered_as_links(reader, books_url):
    # Riverline has no 5.44; Ironclad and Marsh Fort (both case numbering) do.
    open_page(reader, f"{books_url}{RIVERLINE}")
    jump(reader, "5.44")
    expect(message(reader)).to_have_text("5.44 is not in Riverline. It is in Ironclad: River Forts and Marsh Fort.")
    assert reader.url == f"{books_url}{RIVERLINE}"
    message(reader).get_by_role("link", name="Marsh Fort", exact=True).click()
    reader.wait_for_url(f"{books_url}{MARSH_FORT}#5.44")


def test_on_the_home_page_an_id_of_several_rulebooks_lists_them(reader, books_url):
    open_page(reader, books_url)
    jump(reader, "3.2.1")
    expect(message(reader)).to_have_text("3.2.1 is in several rulesets: Causeway and Riverline.")
    links = message(reader).locator("a")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        f"{books_url}causeway/causeway/#3.2.1", f"{books_url}{RIVERLINE}#3.2.1"]
    assert reader.url == books_url


@pytest.mark.parametrize("typed", ["5.42a", "5.42A"])
def test_a_lettered_sub_rule_is_jumped_to_by_its_id(reader, books_url, typed):
    open_page(reader, f"{books_url}{IRONCLAD}")
    jump(reader, typed)
    reader.wait_for_url(f"{books_url}{IRONCLAD}#5.42a")
    assert reader.evaluate("document.activeElement.id") == "5.42a"


def test_on_the_home_page_an_id_of_one_rulebook_goes_there(reader, books_url):
    open_page(reader, books_url)
    jump(reader, "9.231")  # Ironclad's night rule: no other book numbers that deep
    reader.wait_for_url(f"{books_url}{IRONCLAD}#9.231")
    expect(notice(reader)).to_have_count(0)


@pytest.mark.parametrize("start, typed, landing", [
    ("", "zones of control", f"{RIVERLINE}#2.3"),  # the title's words, not "2.3 Zones …"
    ("", "control zones", f"{RIVERLINE}#2.3"),  # in any order
    (RIVERLINE, "bridges", f"{RIVERLINE}#3.0"),  # "3.0 BRIDGES", in any case
    (RIVERLINE, "bridg", f"{RIVERLINE}#3.0"),  # the start of a word
    (MARSH_FORT, "movement", f"{MARSH_FORT}#5"),  # the page's own rulebook first: "5 Movement Phase"
])
def test_jump_to_a_rule_by_words_of_its_title(reader, books_url, start, typed, landing):
    open_page(reader, f"{books_url}{start}")
    jump(reader, typed)
    reader.wait_for_url(f"{books_url}{landing}")


def test_a_title_found_in_another_rulebook_says_so(reader, books_url):
    open_page(reader, f"{books_url}{MARSH_FORT}")
    jump(reader, "zones of control")
    reader.wait_for_url(f"{books_url}{RIVERLINE}#2.3")
    expect(notice(reader).locator(".rr-notice__text")).to_have_text("“2.3 Zones of Control” is in Riverline, not in Marsh Fort.")


def test_the_rule_a_jump_lands_on_in_another_page_has_the_keyboard_focus(reader, books_url):
    # The reader goes on with Tab from the rule, not from the top of the new page.
    open_page(reader, f"{books_url}{MARSH_FORT}")
    jump(reader, "2.3")
    reader.wait_for_url(f"{books_url}{RIVERLINE}#2.3")
    expect(reader.locator('[id="2.3"]')).to_be_focused()


def test_a_chapter_relative_number_is_a_rule_of_the_pages_chapter(reader, books_url):
    # Ferry Chapter numbers as ASL does: "1.21 UNLOADING:" is Z1.21; Riverline's 1.1 does not interfere.
    open_page(reader, f"{books_url}{FERRY_Z}")
    jump(reader, "1.21")
    reader.wait_for_url(f"{books_url}{FERRY_Z}#Z1.21")
    # The jump is over when its heading has the focus: Material may render the page anew on a hash change.
    expect(reader.locator('[id="Z1.21"]')).to_be_focused()
    jump(reader, "1.1")
    reader.wait_for_url(f"{books_url}{FERRY_Z}#Z1.1")


@pytest.mark.parametrize("start, placeholder", [
    (MARSH_FORT, "5.1 or a title"),  # an ID of the page, as the reader will type one
    (FERRY_Z, "Z1.1 or a title"),
    ("", "Rule ID or title"),  # a page of no rulebook
])
def test_the_placeholder_shows_an_id_of_the_page(reader, books_url, start, placeholder):
    open_page(reader, f"{books_url}{start}")
    assert reader.locator(".rr-jump input").get_attribute("placeholder") == placeholder


def test_a_5_44_reference_in_marsh_fort_previews_marsh_forts_5_44(reader, books_url):
    # Marsh Fort 5.2's terrain table: "Not for wagons (5.44)". Ironclad's 5.44 is about ships.
    open_page(reader, f"{books_url}{MARSH_FORT}#5.2")
    reader.locator('td a.rr-ref[data-rule="5.44"]').first.hover()
    preview = reader.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert preview.locator(".rr-preview__id").inner_text() == "5.44"
    assert preview.locator(".rr-preview__text").inner_text() == "Wagons never enter marsh."


def test_a_live_result_links_the_rules_it_cites_in_its_own_rulebook(reader, books_url):
    # The result is recomputed in the page; its working cites G15.21, a rule of this page's ruleset.
    open_page(reader, f"{books_url}{G15}?dozer-clearance.labor=-1#calc-dozer-clearance")
    calculator = reader.locator("section#calc-dozer-clearance")
    expect(calculator).to_have_attribute("data-state", "live", timeout=LIVE_TIMEOUT)
    cited = calculator.locator('.rr-calc__result a.rr-ref[data-rule="G15.21"]').first
    assert cited.get_attribute("href") == f"{books_url}{G15}#G15.21"
    cited.hover()
    preview = reader.locator(".rr-preview")
    preview.wait_for(state="visible")
    assert preview.locator(".rr-preview__title").inner_text() == "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:"


def test_the_landing_notice_fits_a_phone(browser, books_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        phone = context.new_page()
        open_page(phone, f"{books_url}{MARSH_FORT}")
        jump(phone, "2.1.1")
        phone.wait_for_url(f"{books_url}{RIVERLINE}#2.1.1")
        box = notice(phone).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        close = notice(phone).get_by_role("button", name="Dismiss").bounding_box()
        assert close["width"] >= 44 and close["height"] >= 44  # a finger-sized target
        notice(phone).get_by_role("button", name="Dismiss").tap()
        expect(notice(phone)).to_be_hidden()
    finally:
        context.close()
