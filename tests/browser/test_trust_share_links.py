"""Hostile share links in Chromium (issue 6): a sample of the generated links
the trust fuzz decodes in Python, opened on a calculator page. The page keeps
working (every calculator goes live with a result), shows each rejected field
by name, and nothing from the link becomes markup or script."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from playwright.sync_api import expect

import calculators

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "trust"))
from hostile_links import PAYLOADS, hostile_links, open_page  # noqa: E402

pytestmark = pytest.mark.browser

PAGE = "asl/g15-bulldozers/"
TARGET = "dozer-clearance"
SAMPLE = 20
LIVE_TIMEOUT = 90_000  # a cold Pyodide start on a busy 2-core machine
MARKUP = tuple(payload for payload in PAYLOADS if "<" in payload)
PWN = "<img src=x onerror=\"window.__pwned=1\">"


def sample_links() -> list[str]:
    """SAMPLE queries, the same on every run: half carrying markup or script, plus a script-setting one."""
    links = []

    @settings(max_examples=300, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(link=hostile_links(calculators.get(TARGET)))
    def collect(link):
        links.append(link.query)

    collect()
    # In a URL the query starts at "?"; keep each distinct link once, and mostly links short enough to be
    # decoded field by field (a longer one is refused whole, which one or two in the sample show).
    links = list(dict.fromkeys("?" + query.removeprefix("?") for query in links if query.strip("?")))
    hostile = [query for query in links if any(marker in query for marker in ("%3C", "%3c", "<", "javascript"))]
    rest = [query for query in links if query not in hostile]
    hostile.sort(key=lambda query: len(query) > 4096)
    rest.sort(key=lambda query: len(query) > 4096)
    chosen = hostile[: SAMPLE // 2 - 1] + rest[: SAMPLE // 2]
    chosen.append(f"?{TARGET}.target={PWN}&{TARGET}.labor=-1")
    assert len(chosen) == SAMPLE
    return chosen


def page_state(page) -> dict:
    return page.evaluate("""() => ({
        search: location.search,
        ids: [...document.querySelectorAll("section.rr-calc[data-calc]")].map((s) => s.dataset.calc),
        scripts: document.querySelectorAll("script").length,
        handlers: document.querySelectorAll("[onerror], [onload], [onclick], [onmouseover]").length,
        javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
        html: document.body.innerHTML,
        pwned: window.__pwned === undefined ? null : window.__pwned,
    })""")


def text_of(page, selector: str) -> str:
    return page.evaluate("(s) => [...document.querySelectorAll(s)].map((e) => e.textContent).join('\\n')", selector)


def test_hostile_links_keep_the_page_working_name_each_rejected_field_and_inject_nothing(page, site_url):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{site_url}{PAGE}")
    clean = page_state(page)
    for query in sample_links():
        page.goto(f"{site_url}{PAGE}{query}")
        expect(page.locator("section.rr-calc[data-state=live]")).to_have_count(len(clean["ids"]),
                                                                               timeout=LIVE_TIMEOUT)
        state = page_state(page)
        where = f"link {query[:120]!r}"
        # What the page's worker answers for what the browser actually passed it (location.search).
        reply = open_page(state["ids"], state["search"])
        mine = reply["calculators"][TARGET]
        values = page.locator(f"#calc-{TARGET} .rr-calc__value").all_text_contents()
        assert values == [item["text"] for item in mine["result"]["display"]], where
        declared = {item.name for item in calculators.get(TARGET).inputs}
        for error in mine["errors"]:
            if error["field"] in declared:
                slot = text_of(page, f"#calc-{TARGET}-{error['field']}-error")
                assert slot == error["message"], f"{where}: field {error['field']} shows {slot!r}"
            else:
                message = text_of(page, f"#calc-{TARGET} .rr-calc__message")
                assert f"{error['field']}: {error['message']}" in message, f"{where}: {error['field']} not named"
        page_messages = text_of(page, ".rr-calc__message")
        for error in reply["errors"]:
            assert f"{error['field']}: {error['message']}" in page_messages, f"{where}: {error['field']} not named"
        assert (state["scripts"], state["handlers"], state["javascriptLinks"]) == \
            (clean["scripts"], clean["handlers"], clean["javascriptLinks"]), where
        assert not [payload for payload in MARKUP + (PWN,) if payload in state["html"]], where
        assert state["pwned"] is None and dialogs == [], where
    assert page.console_errors == []
