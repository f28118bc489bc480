"""Calculators in the page, in headless Chromium: the build's result without
JavaScript, the live result from Pyodide matching `python -m calculators run
... --json` for every calculator, share links (also tampered ones), one
worker across Material's instant navigation, warm start, and nothing loaded
from outside the site."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import sys
from urllib.parse import quote
from urllib.request import urlopen

import pytest
from playwright.sync_api import expect

import calculators

pytestmark = pytest.mark.browser

PAGES = {  # page -> its calculators, in page order
    "asl/g15-bulldozers/": ["dozer-fire-drm", "dozer-vp", "dozer-driver", "dozer-clearance", "dozer-house"],
    "asl/chapter-d-vehicles/": ["secret-dr", "vehicle-mobile", "collateral-attack"],
    "battlefront/engineering-rules/": ["demolition", "minefield-passage", "engineering-task", "minefield-artillery",
                                       "roadblock", "bridge-span", "fort-demolition", "dd-tank"],
}
LIVE_TIMEOUT = 90_000  # a cold Pyodide start on a busy 2-core machine
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def cli(calc_id: str, inputs: dict) -> dict | None:
    """`python -m calculators run ID name=value ... --json`; None when the CLI rejects the inputs."""
    args = [f"{name}={value}" for name, value in inputs.items()]
    out = subprocess.run([sys.executable, "-m", "calculators", "run", calc_id, *args, "--json"],
                         capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else None


def cited(text: str, rule: str) -> str:
    return f"{text} ({rule})" if rule else text


def shown(section) -> dict:
    """What the page shows in a calculator's result, as text."""
    return section.evaluate("""(s) => ({
        labels: [...s.querySelectorAll(".rr-calc__output dt")].map((e) => e.textContent),
        values: [...s.querySelectorAll(".rr-calc__output dd")].map((e) => e.textContent),
        warnings: [...s.querySelectorAll(".rr-calc__warnings li")].map((e) => e.textContent),
        steps: [...s.querySelectorAll(".rr-calc__steps li")].map((e) => e.textContent),
        distribution: [...s.querySelectorAll(".rr-calc__distribution tbody tr")].map((r) => r.innerText.split("\\t")),
    })""")


def expected(result: dict) -> dict:
    return {
        "labels": [item["label"] for item in result["display"]],
        "values": [cited(item["text"], item["rule"]) for item in result["display"]],
        "warnings": result["warnings"],
        "steps": [cited(step["text"], step["rule"]) for step in result["steps"]],
        "distribution": [[row["outcome"], f"{row['probability']} ({row['percent']})"]
                         for row in result["distribution"] or []],
    }


def assert_shows(section, result: dict) -> None:
    expect(section.locator(".rr-calc__value")).to_have_text([item["text"] for item in result["display"]])
    assert shown(section) == expected(result)


def watch(page, site_url: str) -> list[str]:
    """Record every request that leaves the site's origin."""
    offsite: list[str] = []
    page.context.on("request", lambda request: None if request.url.startswith(site_url) or
                    request.url.startswith(("data:", "blob:")) else offsite.append(request.url))
    page.context.add_init_script(WATCH)
    return offsite


def wait_live(page, count: int) -> None:
    # A locator, not wait_for_function: the page's CSP (rightly) forbids the eval that one uses.
    expect(page.locator("section.rr-calc[data-state=live]")).to_have_count(count, timeout=LIVE_TIMEOUT)


def changes(calc) -> list[tuple[str, object]]:
    """Non-default values for one or two visible inputs, each accepted by the CLI."""
    chosen: dict = {}
    for item in calc.inputs:
        visible = all(chosen.get(name, calc.parse({})[name]) in values for name, values in item.show_if)
        if not visible or item.kind == "text":
            continue
        if item.kind == "boolean":
            value = not item.default
        elif item.kind == "choice":
            value = next(v for v, _ in item.choices if v != item.default)
        else:
            value = item.default + 1 if item.default < item.maximum else item.default - 1
        text = str(value).lower() if isinstance(value, bool) else str(value)
        if cli(calc.id, {**{k: v for k, v in chosen.items()}, item.name: text}) is not None:
            chosen[item.name] = text
        if len(chosen) == 2:
            break
    assert chosen, f"no non-default input set found for {calc.id}"
    return list(chosen.items())


def set_input(section, calc_id: str, name: str, value: str) -> None:
    control = section.locator(f"#calc-{calc_id}-{name}")
    kind = control.evaluate("(c) => c.tagName === 'SELECT' ? 'select' : c.type")
    if kind == "select":
        control.select_option(value)
    elif kind == "checkbox":
        control.set_checked(value == "true")
    else:
        control.fill(value)


def test_pages_show_the_builds_result_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        for path, ids in PAGES.items():
            page.goto(site_url + path)
            assert page.eval_on_selector_all("section.rr-calc", "(s) => s.map((e) => e.dataset.calc)") == ids
            for calc_id in ids:
                section = page.locator(f"#calc-{calc_id}")
                assert_shows(section, cli(calc_id, {}))
                expect(section.locator(".rr-calc__status")).to_have_text(
                    "Result for the default inputs, computed when this page was built.")
                expect(section.locator(".rr-calc__copy")).to_be_hidden()
    finally:
        context.close()


@pytest.mark.parametrize("path", list(PAGES))
def test_live_results_match_the_cli_for_every_calculator(page, site_url, path):
    # A first visit: Python starts from the memory image the build made (build_tools/bundle/snapshot.py).
    offsite = watch(page, site_url)
    page.goto(site_url + path)
    wait_live(page, len(PAGES[path]))
    for calc_id in PAGES[path]:
        calc = calculators.get(calc_id)
        section = page.locator(f"#calc-{calc_id}")
        expect(section.locator(".rr-calc__status")).to_contain_text("Live: computed in your browser")
        expect(section.locator(".rr-calc__status")).to_contain_text("first start, from the site's snapshot")
        applied: dict = {}
        for name, value in changes(calc):
            set_input(section, calc_id, name, value)
            applied[name] = value
            assert_shows(section, cli(calc_id, applied))
        for name, value in applied.items():  # the address bar follows within a moment
            expect(page).to_have_url(re.compile(re.escape(f"{calc_id}.{name}={quote(value, safe='-._')}")))
    assert page.console_errors == []
    assert page.evaluate("window.__csp") == []
    assert offsite == []


def test_share_link_opens_with_the_same_inputs_and_result(browser, site_url):
    sender = browser.new_context()
    sender.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    page = sender.new_page()
    page.goto(site_url + "asl/g15-bulldozers/")
    wait_live(page, 5)
    section = page.locator("#calc-dozer-clearance")
    set_input(section, "dozer-clearance", "labor", "-1")
    set_input(section, "dozer-clearance", "tem", "2")
    result = cli("dozer-clearance", {"labor": "-1", "tem": "2"})
    assert_shows(section, result)
    section.locator(".rr-calc__copy").click()
    expect(section.locator(".rr-calc__status")).to_have_text("Link copied: it opens this calculator with these inputs.")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link == (f"{site_url}asl/g15-bulldozers/?dozer-clearance.labor=-1&dozer-clearance.tem=2"
                    "#calc-dozer-clearance")
    sender.close()

    opponent = browser.new_context()
    page = opponent.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(link)
    wait_live(page, 5)
    section = page.locator("#calc-dozer-clearance")
    assert_shows(section, result)
    expect(section.locator("#calc-dozer-clearance-labor")).to_have_value("-1")
    expect(section.locator("#calc-dozer-clearance-tem")).to_have_value("2")
    expect(section.locator(".rr-calc__message")).to_be_hidden()
    assert errors == []
    opponent.close()


def test_tampered_link_names_each_rejected_field_keeps_defaults_and_injects_nothing(page, site_url):
    offsite = watch(page, site_url)
    query = "&".join([
        "dozer-clearance.tem=9",
        "dozer-clearance.nope=1",
        "dozer-clearance.leadership=" + quote("<script>window.__pwned=1</script>"),
        "dozer-clearance.printed_mp=" + quote('<img src=x onerror="window.__pwned=1">'),
        "no-such-calc.x=1",
        "dozer-house.stone=true",
    ])
    page.goto(f"{site_url}asl/g15-bulldozers/?{query}")
    wait_live(page, 5)
    section = page.locator("#calc-dozer-clearance")
    assert_shows(section, cli("dozer-clearance", {}))
    expect(section.locator("#calc-dozer-clearance-tem-error")).to_contain_text("from 0 to 5 (got '9')")
    expect(section.locator("#calc-dozer-clearance-leadership-error")).to_contain_text("'<script>window.__pwned=1</sc")
    expect(section.locator("#calc-dozer-clearance-printed_mp-error")).to_contain_text("<img src=x onerror=")
    expect(section.locator("#calc-dozer-clearance-tem")).to_have_attribute("aria-invalid", "true")
    message = section.locator(".rr-calc__message")
    expect(message).to_contain_text("nope: not an input of dozer-clearance")
    # A calculator that is not on the page: said once, at the page's first calculator.
    expect(page.locator("#calc-dozer-fire-drm .rr-calc__message")).to_contain_text(
        "no-such-calc.x: no calculator 'no-such-calc' on this page")
    # The valid part of the same link still applies, to its own calculator.
    assert_shows(page.locator("#calc-dozer-house"), cli("dozer-house", {"stone": "true"}))
    assert page.locator("section.rr-calc script, section.rr-calc img").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert page.evaluate("window.__csp") == []
    assert offsite == []


def test_what_is_wrong_with_the_link_as_a_whole_is_said_at_the_calculator_it_points_to(page, site_url):
    page.goto(f"{site_url}asl/g15-bulldozers/?no-such-calc.x=1&dozer-house.stone=true#calc-dozer-house")
    wait_live(page, 5)
    expect(page.locator("#calc-dozer-house .rr-calc__message")).to_contain_text(
        "no-such-calc.x: no calculator 'no-such-calc' on this page")
    expect(page.locator("#calc-dozer-fire-drm .rr-calc__message")).to_be_hidden()


def test_the_next_visit_starts_warm_from_the_snapshot(profile_page, site_url):
    page = profile_page
    page.goto(site_url + "asl/g15-bulldozers/")
    wait_live(page, 5)
    expect(page.locator("#calc-dozer-clearance .rr-calc__status")).to_contain_text("first start")
    assert len([w for w in page.workers if "calculator-worker" in w.url]) == 1  # one for all five
    # The browser keeps the image just after the first live result: a reader who moves on sooner
    # starts the next page from the site's image (tested below); this test is about the kept one.
    assert len(stored_snapshot_sizes(page)) == 1
    page.goto(site_url + "asl/chapter-d-vehicles/")
    wait_live(page, 3)
    expect(page.locator("#calc-vehicle-mobile .rr-calc__status")).to_contain_text("warm start")
    set_input(page.locator("#calc-vehicle-mobile"), "vehicle-mobile", "bogged", "true")
    assert_shows(page.locator("#calc-vehicle-mobile"), cli("vehicle-mobile", {"bogged": "true"}))
    assert page.console_errors == []


SNAPSHOT_SIZES = """async () => {
  const cache = await caches.open("ruleref-pyodide-snapshots");
  const sizes = [];
  for (const key of await cache.keys()) sizes.push((await (await cache.match(key)).arrayBuffer()).byteLength);
  return sizes;
}"""
CORRUPT_SNAPSHOTS = """async () => {
  const cache = await caches.open("ruleref-pyodide-snapshots");
  for (const key of await cache.keys()) await cache.put(key, new Response(new Uint8Array(1000).fill(7)));
}"""


def image_kept(page) -> None:
    """Wait until this page's worker has kept its start-up image and handed its downloads over
    (``<html data-rr-python>``). Cache Storage lists an entry before it is written for good: a
    page left at that moment lost it now and then (2 visits in 10 on a loaded machine)."""
    page.locator("html[data-rr-python]").wait_for(state="attached", timeout=LIVE_TIMEOUT)


def stored_snapshot_sizes(page, unlike: int = 0) -> list[int]:
    image_kept(page)
    for _ in range(150):  # the snapshot is written just after the first live result
        sizes = page.evaluate(SNAPSHOT_SIZES)
        if sizes and sizes != [unlike]:
            return sizes
        page.wait_for_timeout(200)
    return page.evaluate(SNAPSHOT_SIZES)


def test_a_broken_snapshot_is_dropped_for_a_cold_start_that_keeps_a_good_one(page, site_url):
    page.goto(site_url + "battlefront/engineering-rules/")
    wait_live(page, 8)
    assert len(stored_snapshot_sizes(page)) == 1
    page.evaluate(CORRUPT_SNAPSHOTS)
    page.reload()
    wait_live(page, 8)
    expect(page.locator("#calc-roadblock .rr-calc__status")).to_contain_text("first start")
    sizes = stored_snapshot_sizes(page, unlike=1000)
    assert len(sizes) == 1 and sizes[0] > 1_000_000  # a real memory image again
    assert page.console_errors == []  # the failed restore is a warning, not an error


def test_the_runtime_is_requested_alongside_the_image_not_after_it(page, site_url):
    # A first visit downloads the site's image, checks and unpacks it before Pyodide starts; the
    # runtime files Pyodide then asks for are requested at the start, so that the network does not
    # sit idle meanwhile, and each is downloaded once (Pyodide takes the answer on its way).
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url.rsplit("/", 1)[-1]))
    page.goto(site_url + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
    wait_live(page, 5)
    image = next(number for number, name in enumerate(requested) if name.endswith(".bin.gz"))
    for name in ("pyodide.asm.wasm.gz", "pyodide-lock.json"):
        assert requested.count(name) == 1 and requested.index(name) < image, requested
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-1"}))
    expect(page.locator("html[data-rr-python=ready]")).to_have_count(1)  # handed to the offline copy
    assert requested.count("python_stdlib.zip") == 1, requested
    assert page.console_errors == []


def test_a_first_visit_goes_live_before_the_stdlib_arrives(page, site_url):
    # The site's image holds every module the calculators use: the stdlib's zip (3.9 MB, the largest
    # download after the image) is not waited for. It comes once Python is live, for what else may be
    # imported and for the offline copy.
    held = []
    page.route("**/python_stdlib.zip", lambda route: held.append(route))
    page.goto(site_url + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
    wait_live(page, 5)
    expect(page.locator("#calc-dozer-clearance .rr-calc__status")).to_contain_text("from the site's snapshot")
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-1"}))
    assert len(held) == 1  # asked for, and not answered yet
    assert page.evaluate("document.documentElement.dataset.rrPython") is None  # the offline copy waits for it
    held[0].continue_()
    expect(page.locator("html[data-rr-python=ready]")).to_have_count(1, timeout=10_000)
    set_input(page.locator("#calc-dozer-clearance"), "dozer-clearance", "labor", "-2")
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-2"}))
    assert page.console_errors == []


def test_a_stdlib_that_does_not_arrive_is_reported_and_the_image_keeps_answering(page, site_url):
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body=b"not here"))
    page.goto(site_url + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
    wait_live(page, 5)
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-1"}))
    expect(page.locator("html[data-rr-python=ready]")).to_have_count(1, timeout=10_000)
    assert any("python_stdlib.zip: HTTP 404" in text for text in page.console_errors), page.console_errors
    set_input(page.locator("#calc-dozer-clearance"), "dozer-clearance", "labor", "-2")
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-2"}))


def test_pages_without_calculators_load_no_pyodide(page, site_url):
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    for path in ("", "asl/glossary/"):
        page.goto(site_url + path)
        page.wait_for_load_state("networkidle")
    assert not [url for url in requests if "/pyodide/" in url or "calculator-worker" in url]
    assert page.workers == [] or all("calculator-worker" not in w.url for w in page.workers)


@pytest.mark.parametrize("broken", ["bytes that are not the lock's", "an image that does not restore"])
def test_a_site_snapshot_that_fails_falls_back_to_a_cold_start(page, site_url, broken):
    if broken == "bytes that are not the lock's":
        page.route("**/pyodide/snapshots/*", lambda route: route.fulfill(status=200, body=b"\x1f\x8b" + bytes(1000)))
    else:
        image = gzip.compress(bytes(range(256)) * 4096, mtime=0)
        lock = json.loads(urlopen(site_url + "pyodide/calculators-lock.json").read())
        lock["snapshot"]["sha256"] = hashlib.sha256(image).hexdigest()
        page.route("**/pyodide/calculators-lock.json",
                   lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(lock)))
        page.route("**/pyodide/snapshots/*", lambda route: route.fulfill(status=200, body=image))
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(site_url + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
    wait_live(page, 5)
    status = page.locator("#calc-dozer-clearance .rr-calc__status")
    expect(status).to_contain_text("first start")
    expect(status).not_to_contain_text("snapshot")
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {"labor": "-1"}))
    assert any("site's snapshot did not restore" in text for text in warnings), warnings
    assert page.console_errors == []  # a warning, not an error: the reader lost only time
    assert len(stored_snapshot_sizes(page)) == 1  # the browser keeps its own image for next time


def truncated(route) -> None:
    response = route.fetch()
    route.fulfill(response=response, body=response.body()[:100_000])


@pytest.mark.parametrize("pattern, answer, named", [
    ("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=404, body=b"not here"), "pyodide.asm.wasm.gz: HTTP 404"),
    ("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=500, body=b"oops"), "pyodide.asm.wasm.gz: HTTP 500"),
    ("**/pyodide.asm.wasm.gz", truncated, "pyodide.asm.wasm.gz: "),  # cut short: it does not unpack
    ("**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=200, body=gzip.compress(b"\0asm not wasm")),
     "pyodide.asm.wasm: "),  # unpacks, does not compile
    # The stdlib and the rules core are in the site's image; only a start without one needs their files first.
    ("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body=b"not here"), "python_stdlib.zip: HTTP 404"),
    ("**/pyodide/wheels/*.whl", lambda route: route.fulfill(status=404, body=b"not here"), ".whl: HTTP 404"),
    ("**/pyodide/wheels/*.whl", lambda route: route.fulfill(status=200, body=b"PK not the wheel"), "does not match the lock"),
])
def test_a_runtime_that_cannot_load_says_so_within_seconds(page, site_url, pattern, answer, named):
    page.route(pattern, answer)
    if pattern.endswith((".whl", ".zip")):
        page.route("**/pyodide/snapshots/*", lambda route: route.fulfill(status=404, body=b""))
    page.goto(site_url + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
    status = page.locator("#calc-dozer-clearance .rr-calc__status")
    expect(status).to_contain_text("Live results are unavailable", timeout=10_000)
    expect(status).to_contain_text(named)
    # The build's result stays, and the link's values are not shown as if it were theirs.
    assert_shows(page.locator("#calc-dozer-clearance"), cli("dozer-clearance", {}))
    expect(page.locator("#calc-dozer-clearance-labor")).to_have_value("0")
    expect(page.locator("section.rr-calc[data-state=failed]")).to_have_count(5)


FLIP_BYTES = """async () => {
  const cache = await caches.open("ruleref-pyodide-snapshots");
  for (const key of await cache.keys()) {
    const stored = await cache.match(key);
    const bytes = new Uint8Array(await stored.arrayBuffer());
    for (const at of [1000, bytes.length >> 1, bytes.length - 7]) bytes[at] ^= 0x5a;
    await cache.put(key, new Response(bytes, { headers: stored.headers }));
  }
}"""


def test_a_kept_snapshot_with_flipped_bytes_is_refused(page, site_url):
    page.goto(site_url + "asl/g15-bulldozers/")
    wait_live(page, 5)
    assert len(stored_snapshot_sizes(page)) == 1
    page.evaluate(FLIP_BYTES)
    assert_next_page_refuses_the_kept_snapshot(page, site_url, "sha256")


def assert_next_page_refuses_the_kept_snapshot(page, site_url, why: str) -> None:
    """The next page warns that the kept snapshot did not restore (``why`` in the warning), starts
    from the site's snapshot instead, and shows the CLI's result."""
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    page.goto(site_url + "asl/chapter-d-vehicles/")
    wait_live(page, 3)
    expect(page.locator("#calc-vehicle-mobile .rr-calc__status")).to_contain_text("from the site's snapshot")
    assert any("kept snapshot did not restore" in text and why in text for text in warnings), warnings
    assert_shows(page.locator("#calc-vehicle-mobile"), cli("vehicle-mobile", {}))


# Kept images hold only their non-empty pages (calculator-worker.js, withoutEmptyPages).
CUT_PAGES = """async () => {
  const cache = await caches.open("ruleref-pyodide-snapshots");
  for (const key of await cache.keys()) {
    const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
    const cut = bytes.slice(0, bytes.length - 5000);  // its digest matches: only the layout can tell
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", cut));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    await cache.put(key, new Response(cut, { headers: { "X-Ruleref-Sha256": hex } }));
  }
}"""


def test_a_kept_snapshot_is_kept_without_its_empty_pages_and_refused_when_they_do_not_add_up(page, site_url):
    page.goto(site_url + "asl/g15-bulldozers/")
    wait_live(page, 5)
    [kept] = stored_snapshot_sizes(page)
    lock = json.loads(urlopen(site_url + "pyodide/calculators-lock.json").read())
    image = len(gzip.decompress(urlopen(site_url + "pyodide/" + lock["snapshot"]["file"]).read()))
    assert 1_000_000 < kept < image // 2, (kept, image)  # most of Python's memory is empty pages
    page.evaluate(CUT_PAGES)
    assert_next_page_refuses_the_kept_snapshot(page, site_url, "not a kept image")
    assert page.console_errors == []
