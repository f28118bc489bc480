"""Offline at the table (issue 5): a reader who opened the site once, at home, uses all of it with no network.

"No network" is real here: the test's own web server is shut down after the
first visit. (Playwright's ``set_offline`` also runs, for ``navigator.onLine``
and the page's "Offline" badge, but it does not cut a service worker's own
fetches, so on its own it would prove nothing.)
"""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from static_server import StaticHandler, serve

import calculators
from calculators.model import result_json
from build_tools.site_build import build_into

pytestmark = pytest.mark.browser

PROJECT = Path(__file__).resolve().parents[2]
CALC_SECTION = re.compile(r'<section\b[^>]*\bclass="rr-calc"[^>]*>')
ATTRIBUTE = re.compile(r'\b(id|data-calc)="([^"]+)"')
PYODIDE_START_MS = 120_000  # a cold Pyodide start on a busy 2-core machine, with margin


# ---------------------------------------------------------------- helpers

def visit_once(context, url: str):
    """Open ``url`` online and wait until the offline copy is complete and controls the page."""
    page = context.new_page()
    page.set_default_timeout(60_000)  # the machine running the tests may be busy with other work
    page.failed_requests = []
    # A request cut short by leaving the page (ERR_ABORTED: a calculator page's runtime download
    # when the test moves on) is not a request the offline copy failed to answer.
    page.on("requestfailed", lambda request: request.failure != "net::ERR_ABORTED"
            and page.failed_requests.append((request.url, request.failure)))
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.goto(url)
    wait_until_saved(page)
    return page


def wait_until_saved(page, timeout: float = 120_000) -> None:
    # Predicates as functions, not strings: calculator pages' CSP forbids eval.
    page.wait_for_function("() => document.querySelector('.rr-offline')?.dataset.state === 'ready'", timeout=timeout)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)


# A device without a network says so to every page it loads (navigator.onLine is false).
# Chromium's network emulation (150 and later) tells only the documents open when it is
# switched on: a page loaded afterwards says "online" while nothing can reach the network.
DEVICE_OFFLINE = "Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });"


def go_offline(context, server) -> None:
    server.shutdown()
    server.server_close()  # connections are now refused: nothing can come from the network
    context.set_offline(True)  # the pages open now hear "offline"
    context.add_init_script(DEVICE_OFFLINE)  # the pages loaded from now on start offline, as on a device


def cache_names(page) -> list[str]:
    return sorted(page.evaluate("caches.keys()"))


def rule_entries(site: Path) -> list[tuple[str, dict]]:
    """Every rule of rule-index.json (rule IDs are unique within a ruleset): (rule ID, entry)."""
    rulesets = json.loads((site / "rule-index.json").read_text(encoding="utf-8"))["rules"]
    return [(rule_id, entry) for rules in rulesets.values() for rule_id, entry in rules.items()]


def rule_url(site: Path, rule_id: str) -> str:
    [url] = [entry["url"] for found, entry in rule_entries(site) if found == rule_id]
    return url


def share_link(site: Path, exclude: set[str] = frozenset()) -> tuple[str, str, str, list[dict]] | None:
    """A share link to a calculator on a page not in ``exclude``: (page path + query, section id,
    calculator id, what Python displays for the link's inputs), or None while the site has no
    calculator. The inputs are chosen so the result differs from the defaults the page shows
    before its script runs."""
    for html in sorted(site.rglob("index.html")):
        path = html.relative_to(site).parent.as_posix() + "/"
        if path in exclude:
            continue
        for tag in CALC_SECTION.findall(html.read_text(encoding="utf-8")):
            attributes = dict(ATTRIBUTE.findall(tag))
            section_id, calc_id = attributes["id"], attributes["data-calc"]
            calc = calculators.get(calc_id)
            default = result_json(calc, calc.parse({}), calc.run({}))["display"]
            for name, value in alternative_inputs(calc):
                try:
                    result = calc.run({name: value})
                except calculators.InputError:
                    continue
                display = result_json(calc, calc.parse({name: value}), result)["display"]
                if display != default:
                    return f"{path}?{quote(f'{calc_id}.{name}')}={quote(value)}", section_id, calc_id, display
    return None


def alternative_inputs(calc):
    """(name, value as a link writes it) for every input, each value other than its default."""
    for item in calc.declaration()["inputs"]:
        if item["kind"] == "boolean":
            yield item["name"], "false" if item["default"] else "true"
        elif item["kind"] == "choice":
            for choice in item["choices"]:
                if choice["value"] != item["default"]:
                    yield item["name"], choice["value"]
        elif item["kind"] == "integer":
            for value in (item["default"] + 1, item["default"] - 1):
                if (item["min"] is None or value >= item["min"]) and (item["max"] is None or value <= item["max"]):
                    yield item["name"], str(value)


def open_share_link_and_wait_for_live_result(page, base: str, link: tuple[str, str, str, list[dict]] | None) -> None:
    if link is None:
        pytest.skip("no calculator pages yet")  # everything before this line has passed
    path, section_id, calc_id, display = link
    page.goto(base + path)
    section = page.locator(f'section.rr-calc[id="{section_id}"]')
    page.locator(f'section.rr-calc[id="{section_id}"][data-state="live"]').wait_for(timeout=PYODIDE_START_MS)
    for item in display:
        value = section.locator(f'.rr-calc__output[data-output="{item["name"]}"] .rr-calc__value')
        assert value.inner_text() == item["text"], (calc_id, item["name"])


# ---------------------------------------------------------------- the table, no network

def test_after_one_visit_every_page_search_jump_reference_and_calculator_work_offline(browser, built_site):
    server, base = serve(built_site)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = visit_once(context, base)
        assert page.inner_text(".rr-offline") == "Available offline"
        assert page.locator(".rr-connection").is_hidden()
        go_offline(context, server)

        # Five pages never opened before (full page loads, from the cache), none of them the
        # calculator page the share link below points into.
        link = share_link(built_site, exclude={"./"})
        calculator_page = link[0].split("?")[0] if link else None
        pages = {}
        for _, rule in rule_entries(built_site):
            pages.setdefault(rule["url"].split("#")[0], rule["url"])
        opened = [url for page_url, url in sorted(pages.items()) if page_url != calculator_page]
        opened += ["asl/glossary/", "battlefront/glossary/", "calculators/"]
        assert len({url.split("#")[0] for url in opened}) >= 5
        for url in opened:
            page.goto(base + url)
            assert page.locator("article h1").count() == 1, url
            if "#" in url:
                assert page.locator(f'[id="{url.split("#", 1)[1]}"]').is_visible(), url
        assert page.locator(".rr-connection").is_visible()  # the "Offline" badge


        # A calculator from a friend's share link, on a page the reader never opened.
        if link:
            open_share_link_and_wait_for_live_result(page, base, link)

        # Material's search, from its precached index.
        page.goto(base)
        page.locator("input.md-search__input").press_sequentially("bulldozer")  # Material reacts to keys
        result = page.locator(".md-search-result__item a").first
        result.wait_for()
        result.click()
        page.wait_for_url(re.compile(r"g15-bulldozers"))

        # Jump to rule.
        page.goto(base + "battlefront/glossary/")
        page.locator(".rr-jump input").fill("G15.25")
        page.locator(".rr-jump input").press("Enter")
        page.wait_for_url(re.compile(r"asl/g15-bulldozers/#G15\.25$"))
        page.locator('[id="G15.25"]').wait_for()

        # A cross-reference, to another page if the page has one (G15's live calculators cite
        # D.7 in their working, inside a closed <details>, opened as a reader would).
        page.locator('section.rr-calc:not([data-state="live"])').first.wait_for(state="detached",
                                                                              timeout=PYODIDE_START_MS)
        target = page.evaluate("""() => {
            const links = [...document.querySelectorAll("article a.rr-ref")];
            const link = links.find((a) => new URL(a.href).pathname !== location.pathname)
              || links.find((a) => a.checkVisibility());
            link.closest("details")?.setAttribute("open", "");
            link.dataset.followed = "yes";
            return link.dataset.rule;
        }""")
        page.locator('a.rr-ref[data-followed="yes"]').click()
        page.wait_for_url(re.compile(re.escape(rule_url(built_site, target).split("#")[0])))
        page.locator(f'[id="{target}"]').wait_for()

        assert page.failed_requests == [], "requests the offline copy could not answer"
        assert page.console_errors == []

        # A page this build does not have: the site's 404 page, with a real 404 status (which the
        # browser logs, as it would online).
        missing = page.goto(base + "asl/no-such-page/")
        assert missing.status == 404
        assert page.locator("article h1").count() == 1
        if link is None:
            pytest.skip("no calculator pages yet: pages, search, jump and references passed")
    finally:
        context.close()


def test_from_a_sub_path_the_offline_copy_covers_the_site(browser, built_site):
    # The same site served at /ruleref/, as on a project page of a static host.
    server, base = serve(built_site, "/ruleref")
    assert base.endswith("/ruleref/")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = visit_once(context, base)
        registration = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert registration == base
        # Chromium's own verdict on the manifest: parsed without errors, the app is
        # /ruleref/ (not the whole host), and installable (Playwright's contexts
        # are incognito, the one thing that stops an install here).
        devtools = context.new_cdp_session(page)
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["manifest"]["startUrl"] == manifest["manifest"]["scope"] == base
        assert devtools.send("Page.getAppId")["appId"] == base
        errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert [error["errorId"] for error in errors] in ([], ["in-incognito"])
        assert all(name.endswith(" /ruleref/") for name in cache_names(page))
        go_offline(context, server)
        page.goto(base + rule_url(built_site, "D.8"))
        assert page.locator('[id="D.8"]').count() == 1
        page.goto(base + "asl/glossary/?from=share#top")  # query and fragment: still the cached page
        assert page.locator("article h1").count() == 1
        open_share_link_and_wait_for_live_result(page, base, share_link(built_site))
        # Cached responses are the host's own, headers included.
        lock = json.loads((built_site / "pyodide" / "calculators-lock.json").read_text(encoding="utf-8"))
        runtime = f"pyodide/{lock['runtime']['path']}"
        types = page.evaluate("""(urls) => Promise.all(urls.map((url) =>
            fetch(url).then((r) => r.headers.get("content-type"))))""",
                              [base + runtime + "pyodide.asm.wasm.gz", base + runtime + "pyodide.mjs",
                               base + "rule-index.json", base + "asl/glossary/"])
        assert types[0] == "application/gzip" and types[1] == "text/javascript"
        assert types[2] == "application/json" and types[3].startswith("text/html")
        assert page.failed_requests == []
    finally:
        context.close()


# ---------------------------------------------------------------- a new version

def project_copy(target: Path) -> Path:
    """The project's content in a folder a test may change; code and runtime are shared."""
    target.mkdir(parents=True)
    shutil.copytree(PROJECT / "docs", target / "docs")
    shutil.copy(PROJECT / "mkdocs.yml", target / "mkdocs.yml")
    for name in ("rulesets", "calculators", "pyproject.toml", "node_modules"):
        (target / name).symlink_to(PROJECT / name)
    return target


def service_worker_version(site: Path) -> str:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const PRECACHE = (\{.*\});$", text, re.MULTILINE).group(1))["version"]


def test_a_new_build_replaces_the_old_one_whole_after_the_reader_accepts(browser, tmp_path):
    project = project_copy(tmp_path / "project")
    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=False)
    v1 = service_worker_version(site)
    server, base = serve(site)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = visit_once(context, base)
        # The calculators' warm-start snapshot lives in its own cache: an update must keep it.
        page.evaluate("caches.open('ruleref-pyodide-snapshots').then(c => c.put('snapshot', new Response('s')))")
        v1_caches = cache_names(page)

        home = project / "docs" / "index.md"
        home.write_text(home.read_text(encoding="utf-8") + "\nVersion two of this reference.\n", encoding="utf-8")
        build_into(site, config_file=project / "mkdocs.yml", strict=False)
        v2 = service_worker_version(site)
        assert v2 != v1

        # The reload finds v2; v2 installs fully in the background while v1 keeps serving v1.
        page.reload()
        prompt = page.locator(".rr-update")
        prompt.wait_for(state="visible", timeout=60_000)
        assert "A new version is available" in prompt.inner_text()
        assert "Version two" not in page.inner_text("article")
        page.goto(base + "asl/glossary/")  # still v1 until the reader says so: no v1 page with v2 files
        page.goto(base)
        assert "Version two" not in page.inner_text("article")
        search_index = "() => fetch('search/search_index.json').then((r) => r.text())"
        assert "Version two" not in page.evaluate(search_index)  # v1's search index, though v2's is on the host

        page.locator(".rr-update__reload").click()
        page.wait_for_function("() => document.querySelector('article')?.innerText.includes('Version two')",
                               timeout=30_000)
        wait_until_saved(page)
        assert "Version two" in page.evaluate(search_index)
        assert page.evaluate(
            """new Promise(resolve => {
                 const channel = new MessageChannel();
                 channel.port1.onmessage = (e) => resolve(e.data.version);
                 navigator.serviceWorker.controller.postMessage({type: 'status'}, [channel.port2]);
               })""") == v2
        after = cache_names(page)
        assert "ruleref-pyodide-snapshots" in after
        site_caches = [name for name in after if name.startswith("ruleref-site-")]
        assert len(site_caches) == 1 and site_caches[0] not in v1_caches  # v1's pages are gone
        runtime = [name for name in after if name.startswith("ruleref-runtime-")]
        assert runtime == [name for name in v1_caches if name.startswith("ruleref-runtime-")]  # kept, not refetched

        # Offline, every page is v2's.
        go_offline(context, server)
        page.goto(base + "asl/chapter-d-vehicles/")
        page.goto(base)
        assert "Version two" in page.inner_text("article")
    finally:
        context.close()


# ---------------------------------------------------------------- saving on demand

def test_make_available_offline_button_saves_a_copy_the_browser_evicted(browser, built_site):
    # Under storage pressure a browser may drop the caches; the footer then offers
    # the download again, with its size, and the button brings the copy back.
    from build_tools.offline.precache import read_precache

    server, base = serve(built_site)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = visit_once(context, base)
        page.evaluate("""async () => {
            for (const name of await caches.keys()) if (name.startsWith("ruleref-site-")) await caches.delete(name);
        }""")
        page.reload()
        button = page.locator(".rr-offline__button")
        button.wait_for()
        assert button.inner_text() == f"Make available offline ({read_precache(built_site).size / 1e6:.1f} MB)"
        assert button.bounding_box()["height"] >= 44
        button.click()
        wait_until_saved(page)
        go_offline(context, server)
        page.goto(base + "asl/glossary/")
        assert page.locator("article h1").count() == 1
        assert page.failed_requests == []
    finally:
        context.close()


def test_an_interrupted_download_says_so_and_resumes_where_it_stopped(browser, built_site, tmp_path):
    # The phone loses the signal half-way (here: the host cannot serve the runtime's
    # wasm). The footer says saving failed and offers the download again; the second
    # attempt fetches only what the first did not save.
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    lock = json.loads((site / "pyodide" / "calculators-lock.json").read_text(encoding="utf-8"))
    wasm = site / "pyodide" / lock["runtime"]["path"] / "pyodide.asm.wasm.gz"
    wasm.rename(wasm.with_suffix(".away"))
    requested = []

    class Recording(StaticHandler):
        def do_GET(self):
            requested.append(self.path)
            super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(base)
        page.locator('.rr-offline[data-state="failed"]').wait_for(timeout=120_000)
        reason = page.inner_text(".rr-offline__reason")  # names the file and why
        assert reason.startswith("pyodide/") and reason.endswith("pyodide.asm.wasm.gz: HTTP 404 File not found"), reason
        first_attempt = set(requested)
        assert any(path.endswith("pyodide.asm.wasm.gz") for path in first_attempt)

        wasm.with_suffix(".away").rename(wasm)
        requested.clear()
        page.locator(".rr-offline__button").click()
        wait_until_saved(page)
        fetched_again = {path for path in requested if path != "/sw.js"} & (first_attempt - {"/sw.js"})
        assert all(path.endswith("pyodide.asm.wasm.gz") for path in fetched_again), fetched_again
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_first_visit_downloads_each_large_runtime_file_once_even_from_a_host_that_forbids_keeping_it(browser, built_site):
    # The calculators' worker hands what it downloaded to the offline copy, which checks each file
    # against its list instead of downloading it again (a phone's first visit is its costliest).
    # Counted by the host, which sees the service worker's requests too; a host whose answers the
    # browser may not keep (no-store), so that no download is saved by the HTTP cache.
    sent: list[tuple[str, int]] = []

    class Counting(StaticHandler):
        def log_request(self, code="-", size="-"):
            sent.append((self.path, int(code)))

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(built_site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context()
    try:
        page = visit_once(context, base + "asl/g15-bulldozers/")
        assert page.locator("section.rr-calc[data-state=live]").count() == 5
        downloads: dict[str, int] = {}
        for path, code in sent:
            if path.startswith("/pyodide/") and code == 200:
                downloads[path] = downloads.get(path, 0) + 1
        # The two .mjs are imported by the worker, not fetched, so they are not handed over: a host that
        # forbids keeping them (no-store, as here) serves them to the offline copy again (1.3 MB); any
        # other host's HTTP cache serves it (its runtime files are taken with cache: "force-cache").
        fetched = {path: times for path, times in downloads.items() if not path.endswith(".mjs")}
        large = {path for path in fetched if path.endswith((".wasm.gz", ".zip", ".whl", ".bin.gz"))}
        assert len(large) == 4 and set(fetched.values()) == {1}, downloads
        assert cache_names(page) and page.console_errors == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()
