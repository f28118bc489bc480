"""A share link says "Live" only once the result shown is the link's.

The status line of a calculator is the reader's one hint that the numbers
are the sender's: on a warm start Python is often ready before the page's
script runs, and the result for the link's inputs comes one reply later.
Each status change is recorded, with the inputs and result shown at that
moment, by an observer installed before the page's own scripts.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from test_calculators_in_page import LIVE_TIMEOUT, cli, stored_snapshot_sizes, wait_live

pytestmark = pytest.mark.browser

PAGE = "asl/g15-bulldozers/"
LINK = f"{PAGE}?dozer-clearance.labor=-1&dozer-clearance.tem=2#calc-dozer-clearance"
LINKED = {"labor": "-1", "tem": "2"}
RECORD_STATUS = """
window.__statuses = [];
new MutationObserver(() => {
  const section = document.getElementById("calc-dozer-clearance");
  const line = section && section.querySelector(".rr-calc__status");
  if (!line || !line.textContent) return; // still being parsed
  const last = window.__statuses[window.__statuses.length - 1];
  if (last && last.text === line.textContent) return;
  window.__statuses.push({
    text: line.textContent,
    labor: section.querySelector("[name=labor]").value,
    tem: section.querySelector("[name=tem]").value,
    values: [...section.querySelectorAll(".rr-calc__value")].map((v) => v.textContent),
  });
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def throttle(page, rate: int) -> None:
    """Slow the page's main thread as a phone's would be (the worker keeps this machine's speed)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def statuses(page) -> list[dict]:
    return page.evaluate("window.__statuses")


def assert_live_only_with_the_links_result(page) -> None:
    section = page.locator("#calc-dozer-clearance")
    expect(section).to_have_attribute("data-state", "live", timeout=LIVE_TIMEOUT)
    wanted = [item["text"] for item in cli("dozer-clearance", LINKED)["display"]]
    expect(section.locator(".rr-calc__value")).to_have_text(wanted)
    seen = statuses(page)
    built, scripted = seen[0], seen[1:]
    assert built["text"] == "Result for the default inputs, computed when this page was built.", seen
    # From the script's first word on, the form shows the link's values: before Python, as a prefill.
    assert scripted and all((entry["labor"], entry["tem"]) == ("-1", "2") for entry in scripted), seen
    waiting = [entry for entry in scripted if not entry["text"].startswith("Live")]
    assert waiting and all("the link's inputs" in entry["text"] for entry in waiting), seen
    live = [entry for entry in scripted if entry["text"].startswith("Live")]
    assert live, seen
    for entry in live:
        assert entry["values"] == wanted, seen


@pytest.mark.parametrize("rate", [1, 4])
def test_a_cold_share_link_is_live_only_with_its_own_result(page, site_url, rate):
    page.context.add_init_script(RECORD_STATUS)
    throttle(page, rate)
    page.goto(site_url + LINK)
    assert_live_only_with_the_links_result(page)
    assert page.console_errors == []


@pytest.mark.parametrize("rate", [1, 4])
def test_a_warm_share_link_is_live_only_with_its_own_result(profile_page, site_url, rate):
    page = profile_page
    page.goto(site_url + PAGE)  # the first visit keeps the warm-start snapshot
    wait_live(page, 5)
    expect(page.locator("#calc-dozer-clearance .rr-calc__status")).to_contain_text("first start")
    assert len(stored_snapshot_sizes(page)) == 1
    page.context.add_init_script(RECORD_STATUS)
    throttle(page, rate)
    page.goto(site_url + LINK)
    assert_live_only_with_the_links_result(page)
    expect(page.locator("#calc-dozer-clearance .rr-calc__status")).to_contain_text("warm start")
    assert page.console_errors == []


def test_a_share_link_whose_python_fails_goes_back_to_the_defaults_it_shows_the_result_of(page, site_url):
    # The worker cannot start (as where a host blocks it): the build's result is for the default inputs,
    # so the link's values leave the form again and the page says why.
    page.context.add_init_script("window.Worker = class { constructor() { throw new Error('no workers here'); } };")
    page.goto(site_url + LINK)
    section = page.locator("#calc-dozer-clearance")
    expect(section.locator(".rr-calc__status")).to_contain_text("Live results are unavailable")
    expect(section.locator("[name=labor]")).to_have_value("0")
    expect(section.locator("[name=tem]")).to_have_value("0")
    expect(section.locator(".rr-calc__value").first).to_be_visible()
    assert section.get_attribute("data-pending") is None


RECORD_REQUESTS = """
window.__requests = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  window.__requests.push({ type: message.type, seq: message.seq, ids: message.ids, query: message.query,
                           parsed: document.readyState !== "loading" });
  return post.call(this, message, ...rest);
};
"""


def test_the_head_asks_for_the_links_reading_while_the_page_is_parsed_and_the_page_uses_that_answer(page, site_url):
    # The head's early start sends the page's one "open" request (build_tools/bundle/page_head.py), before the
    # body is parsed, so Python reads the link while a phone is still busy with the page; the page's script
    # takes that answer instead of asking again.
    page.context.add_init_script(RECORD_STATUS + RECORD_REQUESTS)
    throttle(page, 4)
    page.goto(site_url + LINK)
    assert_live_only_with_the_links_result(page)
    opens = [request for request in page.evaluate("window.__requests") if request["type"] == "open"]
    ids = page.eval_on_selector_all("section.rr-calc", "sections => sections.map((s) => s.dataset.calc)")
    assert opens == [{"type": "open", "seq": 0, "ids": ids, "query": LINK[len(PAGE):LINK.index("#")],
                      "parsed": False}]
    assert page.console_errors == []


RECORD_WORKER_START = """
window.__workerStarts = [];
const NativeWorker = window.Worker;
window.Worker = function (url, options) {  // the calculators' worker, not Material's search
  if (options?.name === "ruleref-calculators") window.__workerStarts.push(document.readyState);
  return new NativeWorker(url, options);
};
"""


@pytest.mark.parametrize("path, started", [
    (LINK, "loading"),  # a share link: Python starts from the head, before the page is parsed
    (PAGE, "interactive"),  # a rule looked up: once the page is parsed, not alongside Material's bundle
    (f"{PAGE}?h=dozer", "interactive"),  # a query that holds no calculator's inputs (a search's highlight)
])
def test_python_starts_from_the_head_only_for_a_link_holding_the_pages_inputs(page, site_url, path, started):
    # Pyodide's start competes for a phone's cores with Material's bundle, which ran 274 ms instead of 199 ms on
    # G15 under 4x throttling (page_head.py); a page opened without a share link does not need it that early.
    page.context.add_init_script(RECORD_WORKER_START)
    page.goto(site_url + path)
    wait_live(page, 5)
    assert page.evaluate("window.__workerStarts") == [started]
    assert page.console_errors == []


def test_the_rule_index_a_result_needs_is_fetched_once_while_the_page_is_parsed(page, site_url):
    # A result's citations link to their rules by rule-index.json: fetched by the head's early start, it is
    # there when the first live result is shown, not requested once the page is parsed; rules.js takes
    # that fetch instead of making its own (page_head.py).
    page.context.add_init_script(RECORD_STATUS)
    throttle(page, 4)
    page.goto(site_url + LINK)
    assert_live_only_with_the_links_result(page)
    fetched = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith("/rule-index.json"))
        .map((entry) => ({ start: entry.startTime, by: entry.initiatorType }))""")
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domInteractive")
    assert len(fetched) == 1 and fetched[0]["by"] == "fetch" and fetched[0]["start"] < parsed, (fetched, parsed)
    assert page.console_errors == []


def test_the_link_goes_live_while_materials_bundle_is_still_on_its_way(page, site_url):
    # On a calculator page calculators.js runs before Material's bundle, which is deferred (page_head.py): on a
    # phone the bundle takes 0.2-0.4 s of the main thread, and the link's result no longer waits for it. Held
    # here until the result is live; the old order never went live while it was held.
    held = []
    page.route("**/assets/javascripts/bundle.*.min.js", lambda route: held.append(route))
    page.context.add_init_script(RECORD_STATUS)
    page.goto(site_url + LINK, wait_until="commit")
    assert_live_only_with_the_links_result(page)
    assert held and page.evaluate("typeof window.document$") == "undefined"  # Material has not run
    for route in held:
        route.continue_()
    # Material then mounts as on any page: its page stream, and its search, which opens on "/".
    page.wait_for_load_state("load")
    assert page.evaluate("typeof window.document$") == "object"
    page.keyboard.press("/")
    expect(page.locator(".md-search__input")).to_be_focused()
    assert page.console_errors == []


RECORD_LIVE_ORDER = """
window.__liveOrder = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.dataset.state !== "live" || window.__liveOrder.some((s) => s.id === change.target.id)) continue;
    // The task each calculator goes live in: a count that a message to itself moves on in each task.
    window.__liveOrder.push({ id: change.target.id, task: window.__task });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
window.__task = 0;
const ticks = new MessageChannel();
ticks.port1.onmessage = () => { window.__task++; if (window.__liveOrder.length < 5) ticks.port2.postMessage(0); };
ticks.port2.postMessage(0);
"""


def test_a_links_calculator_goes_live_first_and_each_calculator_in_a_task_of_its_own(page, site_url):
    # G15 shows five calculators: all five shown in one task took 0.1 s of a phone's main thread (4x
    # throttling). The one the link points to comes first, and each goes live in a task of its own.
    page.context.add_init_script(RECORD_LIVE_ORDER)
    throttle(page, 4)
    page.goto(site_url + LINK)
    expect(page.locator("section.rr-calc:not([data-state=live])")).to_have_count(0, timeout=LIVE_TIMEOUT)
    order = page.evaluate("window.__liveOrder")
    ids = page.eval_on_selector_all("section.rr-calc", "sections => sections.map((s) => s.id)")
    assert [entry["id"] for entry in order] == ["calc-dozer-clearance", *(i for i in ids if i != "calc-dozer-clearance")]
    tasks = [entry["task"] for entry in order]
    assert len(set(tasks)) == len(tasks), order
    assert page.console_errors == []
