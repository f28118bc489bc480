"""Calculators in the page, in headless Chromium (Debian's /usr/bin/chromium).

(a) baseline: a bare page whose module worker loads the same Pyodide, as npm
    ships it, and runs one Python call; cold (new browser profile) and warm (same
    profile, HTTP and compiled-code caches full).
(b) our calculator page (G15): time to live results, cold, and warm (memory
    snapshot restored from Cache Storage).
(c) recompute latency per input change (input event -> result in the page),
    p50 and p95 over 200 changes.
(d) bytes transferred by pages without calculators and by a calculator page,
    with the site's service worker (sw.js, which may keep the site offline)
    and with service workers blocked (what the pages themselves load).

Times (a)-(c) are taken with service workers blocked, so the baseline and our
page start under the same conditions.

Targets: warm live result <= 1/3 of the baseline's warm time; recompute p95 <
16 ms; zero Pyodide bytes on pages without calculators. Times are measured in
the page (performance.now() from navigation start).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
CALC_PAGE = "asl/g15-bulldozers/"
CALCS_ON_PAGE = 5
PAGES_WITHOUT = ("", "calculators/", "asl/glossary/")
WARM_RUNS = 5
CHANGES = 200
TIMEOUT = 120_000

# The baseline: nothing of ours but the vendored runtime.
BASELINE_HTML = """<!doctype html><meta charset="utf-8"><title>Pyodide baseline</title>
<script type="module" src="baseline.js"></script>"""
BASELINE_JS = """const worker = new Worker(new URL("baseline-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => { window.__done = performance.now(); window.__answer = event.data; };"""
# The runtime as npm ships it (its stdlib as sources), not the site's bytecode copy.
BASELINE_WORKER = """const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", import.meta.url));
const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("sum(range(10))"));"""

# When every calculator of the page is live (measured in the page; init scripts are not subject to its CSP).
WATCH_LIVE = """
new MutationObserver(() => {
  const live = document.querySelectorAll("section.rr-calc[data-state=live]").length;
  if (live && live === document.querySelectorAll("section.rr-calc").length && !window.__live) {
    window.__live = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""

RECOMPUTE = """async ([count]) => {
  const section = document.querySelector("#calc-dozer-clearance");
  const field = section.querySelector("#calc-dozer-clearance-tem");
  const times = [];
  for (let i = 0; i < count; i++) {
    const done = new Promise((resolve) => section.addEventListener("rr-calc-result", resolve, { once: true }));
    const start = performance.now();
    field.value = String((i + 1) % 6);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    await done;
    times.push(performance.now() - start);
  }
  return times;
}"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


def build_site(root: Path) -> tuple[Path, str]:
    """The site, plus ``bench-baseline/``: a bare page running the stock runtime."""
    from build_tools.bundle.runtime import RUNTIME_FILES, runtime_folder, runtime_version
    from build_tools.site_build import build_into

    site = root / "site"
    build_into(site, config_file=PROJECT / "mkdocs.yml", strict=True)
    version = runtime_version(PROJECT)
    baseline = site / "bench-baseline"
    baseline.mkdir()
    (baseline / "index.html").write_text(BASELINE_HTML, encoding="utf-8")
    (baseline / "baseline.js").write_text(BASELINE_JS, encoding="utf-8")
    (baseline / "baseline-worker.js").write_text(BASELINE_WORKER, encoding="utf-8")
    (baseline / "pyodide").mkdir()
    for name in RUNTIME_FILES:
        shutil.copyfile(runtime_folder(PROJECT) / name, baseline / "pyodide" / name)
    return site, version


def wait_live(page) -> None:
    page.locator("section.rr-calc[data-state=live]").nth(CALCS_ON_PAGE - 1).wait_for(timeout=TIMEOUT)


def _timed(context, url: str, flag: str) -> float:
    page = context.new_page()
    page.goto(url)
    if flag == "__done":  # the baseline page has no CSP, so a polled predicate may run there
        page.wait_for_function(f"() => window.{flag} !== undefined", timeout=TIMEOUT, polling=50)
    else:
        wait_live(page)
    value = page.evaluate(f"window.{flag}")
    page.close()
    return value


def _cold_and_warm(browser, base: str) -> dict[str, tuple[float, list[float]]]:
    """Cold, then warm runs of the baseline and of our page, alternating, so a
    change in machine load between runs weighs on both alike."""
    runs = {"baseline": (base + "bench-baseline/", "__done"), "ours": (base + CALC_PAGE, "__live")}
    contexts = {name: browser.new_context(service_workers="block") for name in runs}
    contexts["ours"].add_init_script(WATCH_LIVE)
    try:
        cold = {name: _timed(contexts[name], url, flag) for name, (url, flag) in runs.items()}
        warm: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(WARM_RUNS):
            for name, (url, flag) in runs.items():
                warm[name].append(_timed(contexts[name], url, flag))
    finally:
        for context in contexts.values():
            context.close()
    return {name: (cold[name], warm[name]) for name in runs}


def _bytes(browser, url: str, until_live: bool, service_workers: str) -> tuple[int, int]:
    """(all bytes, Pyodide bytes) a fresh profile transfers over the network to show ``url``.

    A response the site's service worker served was counted when the service
    worker fetched it (its own request), so it is not counted twice."""
    context = browser.new_context(service_workers=service_workers)
    page = context.new_page()
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    page.goto(url)
    if until_live:
        wait_live(page)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)  # the snapshot is written after the live result
    sizes = []
    for request in finished:
        response = request.response()
        if response is None or response.from_service_worker:
            continue
        transferred = request.sizes()
        sizes.append((request.url, transferred["responseBodySize"] + transferred["responseHeadersSize"]))
    context.close()
    total = sum(size for _, size in sizes)
    pyodide = sum(size for request_url, size in sizes if "/pyodide/" in request_url)
    return total, pyodide


def _ms(value: float) -> str:
    return f"{value:8.0f} ms"


class _QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser dropping a download it no longer needs (a page closed mid-way) is not a fault to print."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def site_in_browser(prefix: str):
    """Build the site (and the baseline page) into a temporary folder, serve it on loopback
    and launch Debian's Chromium: yields (browser, base URL, runtime version)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix=prefix) as temp:
        site, version = build_site(Path(temp))
        server = _QuietServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                yield browser, f"http://127.0.0.1:{server.server_address[1]}/", version
                browser.close()
        finally:
            server.shutdown()


def main() -> None:
    with site_in_browser("bench-pyodide-") as (browser, base, version):
        starts = _cold_and_warm(browser, base)

        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.goto(base + CALC_PAGE)
        wait_live(page)
        times = page.evaluate(RECOMPUTE, [CHANGES])
        context.close()

        transfers = {
            (path, workers): _bytes(browser, base + path, path == CALC_PAGE, workers)
            for workers in ("allow", "block") for path in (*PAGES_WITHOUT, CALC_PAGE)
        }

    (base_cold, base_runs), (ours_cold, ours_runs) = starts["baseline"], starts["ours"]
    base_warm, ours_warm = statistics.median(base_runs), statistics.median(ours_runs)
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    p50, p95 = statistics.median(times), cuts[94]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Pyodide {version}, headless Chromium; times from navigation start, warm = median of {WARM_RUNS};"
          f" load average {load} on {os.cpu_count()} CPUs")
    print(f"(a) baseline (bare page, one Python call)   cold {_ms(base_cold)}   warm {_ms(base_warm)}"
          f"   runs {', '.join(f'{t:.0f}' for t in base_runs)}")
    print(f"(b) {CALC_PAGE} live ({CALCS_ON_PAGE} calcs)   cold {_ms(ours_cold)}   warm {_ms(ours_warm)}"
          f"   runs {', '.join(f'{t:.0f}' for t in ours_runs)}")
    print(f"(c) recompute per input change ({CHANGES})     p50 {p50:6.2f} ms   p95 {p95:6.2f} ms   max {max(times):6.2f} ms")
    for (path, workers), (total, pyodide) in transfers.items():
        sw = "with sw.js" if workers == "allow" else "no sw.js  "
        print(f"(d) /{path:<30} {sw} {total / 1024:9.1f} KiB   of it Pyodide {pyodide / 1024:9.1f} KiB")
    print("targets:")
    ratio = ours_warm / base_warm
    print(f"  warm live / baseline warm = {ratio:.2f} (target <= 0.33): {'met' if ratio <= 1 / 3 else 'NOT met'}")
    print(f"  recompute p95 = {p95:.2f} ms (target < 16 ms; {p95 / 16:.2f} of it): {'met' if p95 < 16 else 'NOT met'}")
    for workers, label in (("block", "the pages themselves"), ("allow", "with the site's service worker")):
        pyodide_without = sum(transfers[(path, workers)][1] for path in PAGES_WITHOUT)
        print(f"  Pyodide bytes on pages without calculators, {label} = {pyodide_without} (target 0): "
              f"{'met' if pyodide_without == 0 else 'NOT met'}")


if __name__ == "__main__":
    main()
