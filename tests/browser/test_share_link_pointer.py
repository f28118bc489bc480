"""A share link opened on a page that does not hold its calculator (issue 15): the
page names the page that does, and a link there with the same inputs; from a
page with other calculators, from a page with none (which still starts no
Python), and from a sub-path. An id the site does not place gets no pointer,
and nothing from the link becomes markup or script."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from static_server import serve
from test_calculators_in_page import assert_shows, cli, wait_live

pytestmark = pytest.mark.browser

HOME = "asl/g15-bulldozers/"  # where dozer-clearance is placed
OTHER_CALCULATORS = "asl/chapter-d-vehicles/"  # three calculators, none of them dozer-clearance
NO_CALCULATORS = "asl/"  # the ruleset's landing page
LINK = "?dozer-clearance.labor=-1&dozer-clearance.tem=2#calc-dozer-clearance"
POINTER = ("This link's calculator, Dozer Clearance vs Pillbox/Entrenchment/Tunnel/Cave, "
           "is on the page G15 Bulldozers: open it there.")


def follow_pointer_and_see_the_inputs_applied(page, site_url: str) -> None:
    page.locator(".rr-link-pointer a").click()
    page.wait_for_url(f"{site_url}{HOME}{LINK}")
    wait_live(page, 5)
    section = page.locator("#calc-dozer-clearance")
    expect(section.locator("#calc-dozer-clearance-labor")).to_have_value("-1")
    expect(section.locator("#calc-dozer-clearance-tem")).to_have_value("2")
    assert_shows(section, cli("dozer-clearance", {"labor": "-1", "tem": "2"}))
    expect(page.locator(".rr-link-pointer")).to_have_count(0)


def test_a_link_opened_among_other_calculators_points_to_its_page_and_opens_there_with_its_inputs(page, site_url):
    page.goto(f"{site_url}{OTHER_CALCULATORS}{LINK}")
    wait_live(page, 3)
    expect(page.locator(".rr-link-pointer")).to_have_text(POINTER)
    # The pointer says it once, instead of a "not on this page" line per key of the link.
    expect(page.locator(".rr-calc__message:visible")).to_have_count(0)
    follow_pointer_and_see_the_inputs_applied(page, site_url)
    assert page.console_errors == []


def test_a_link_opened_on_a_page_without_calculators_points_there_and_starts_no_python(page, site_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{site_url}{NO_CALCULATORS}{LINK}")
    expect(page.locator(".rr-link-pointer")).to_have_text(POINTER)
    page.wait_for_load_state("networkidle")
    assert [url for url in requests if "pyodide" in url or "calculator-worker" in url] == []
    assert [worker for worker in page.workers if "calculator-worker" in worker.url] == []
    follow_pointer_and_see_the_inputs_applied(page, site_url)


HOSTILE = [
    "?" + quote("<img src=x onerror=alert(1)>") + ".x=1#calc-" + quote("<script>alert(1)</script>"),
    "?%E2%80%AEdozer-clearance.labor=-1#calc-%E2%80%AEdozer-clearance",  # a right-to-left override before the id
    "?" + "dozer-clearance" * 300 + ".labor=-1#calc-" + "a" * 5000,
    "?__proto__.x=1&constructor.x=1&hasOwnProperty.x=1#calc-__proto__",
    "#calc-%ZZdozer-clearance",  # not percent-encoded text
]


def dom_state(page) -> dict:
    return page.evaluate("""() => ({
        elements: document.querySelectorAll(".md-main *").length,
        pointers: document.querySelectorAll(".rr-link-pointer").length,
        scripts: document.querySelectorAll("script").length,
        images: document.querySelectorAll(".md-content img").length,
        handlers: document.querySelectorAll("[onerror], [onload], [onclick], [onmouseover]").length,
    })""")


@pytest.mark.parametrize("query", HOSTILE, ids=["markup", "bidi", "very-long", "prototype", "bad-escape"])
def test_an_id_the_site_does_not_place_gets_no_pointer_and_injects_nothing(page, site_url, query):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{site_url}{NO_CALCULATORS}")
    page.wait_for_load_state("networkidle")
    clean = dom_state(page)
    page.goto(f"{site_url}{NO_CALCULATORS}{query}")
    page.wait_for_load_state("networkidle")
    assert dom_state(page) == clean  # no pointer, no new element in the page's content
    assert dialogs == []
    assert page.console_errors == []


def test_an_unknown_calculator_keeps_its_message_and_gets_no_pointer(page, site_url):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    query = "?" + quote("<img src=x onerror=alert(1)>") + ".x=1&no-such-calc.x=1#calc-no-such-calc"
    page.goto(f"{site_url}{OTHER_CALCULATORS}{query}")
    wait_live(page, 3)
    message = page.locator("#calc-secret-dr .rr-calc__message")
    expect(message).to_contain_text("no-such-calc.x: no calculator 'no-such-calc' on this page")
    expect(message).to_contain_text("<img src=x onerror=alert(1)>.x: no calculator")
    state = dom_state(page)
    assert (state["pointers"], state["images"], state["handlers"]) == (0, 0, 0)
    assert dialogs == []


def test_from_a_sub_path_the_pointer_stays_under_it(page, built_site):
    server, url = serve(built_site, prefix="/ruleref")
    try:
        page.goto(f"{url}{NO_CALCULATORS}{LINK}")
        expect(page.locator(".rr-link-pointer a")).to_have_attribute("href", f"{url}{HOME}{LINK}")
    finally:
        server.shutdown()
