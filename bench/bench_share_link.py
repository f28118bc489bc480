"""The shared link on a phone, in headless Chromium (Debian's /usr/bin/chromium).

In one run, interleaved, service workers allowed, a fresh profile per cold run:
(a) to the link's live result, cold: the bare-Pyodide baseline page (the
    stock runtime, one Python call) and the share link; at full speed and
    under 4x CPU throttling (``Emulation.setCPUThrottlingRate``).
(b) the same, warm: a second visit in the same profile.
(c) the main thread under 4x throttling, fresh profile: the long tasks' total
    (all of each task, and the TBT-like part over 50 ms) and cumulative layout
    shift, on G15, chapter D and the share link, until 3 s after load (the
    share link: after its live result too).

Targets (issue 12): cold share link <= 0.5x the bare cold start; warm <= 0.25x
the bare warm start; long tasks on rule pages <= 300 ms in total under 4x
throttling; CLS <= 0.02.
"""

from __future__ import annotations

import os
import statistics

from bench.bench_pyodide import TIMEOUT, site_in_browser

LINK = "asl/g15-bulldozers/?dozer-clearance.labor=-1&dozer-clearance.tem=2#calc-dozer-clearance"
RULE_PAGES = ("asl/g15-bulldozers/", "asl/chapter-d-vehicles/")
RUNS = 3
RATES = (1, 4)

WATCH = """
window.__longTasks = [];
new PerformanceObserver((list) => { for (const t of list.getEntries()) window.__longTasks.push(t.duration); })
  .observe({ type: "longtask" });
window.__cls = 0;
new PerformanceObserver((list) => { for (const s of list.getEntries()) if (!s.hadRecentInput) window.__cls += s.value; })
  .observe({ type: "layout-shift", buffered: true });
new MutationObserver(() => {
  const linked = document.getElementById("calc-dozer-clearance");
  if (linked && linked.dataset.state === "live" && !window.__live) window.__live = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def _open(context, url: str, rate: int, flag: str) -> dict:
    page = context.new_page()
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url)
    if flag == "__done":  # the baseline page has no CSP, so a polled predicate may run there
        page.wait_for_function("() => window.__done !== undefined", timeout=TIMEOUT, polling=50)
    elif flag == "__live":
        page.locator("#calc-dozer-clearance[data-state=live]").wait_for(timeout=TIMEOUT)
    page.wait_for_load_state("load")
    page.wait_for_timeout(3000 if flag == "main thread" else 0)
    figures = page.evaluate("""() => ({ done: window.__done ?? window.__live ?? null,
                                         tasks: window.__longTasks ?? [], cls: window.__cls ?? 0 })""")
    page.close()
    return figures


def _starts(browser, base: str) -> dict:
    """{(what, rate): (cold runs, warm runs)} in ms from navigation start, interleaved."""
    runs = {"baseline": (base + "bench-baseline/", "__done"), "share link": (base + LINK, "__live")}
    times = {(name, rate): ([], []) for name in runs for rate in RATES}
    for _ in range(RUNS):
        for rate in RATES:
            for name, (url, flag) in runs.items():
                context = browser.new_context()
                context.add_init_script(WATCH)
                try:
                    cold, warm = times[(name, rate)]
                    cold.append(_open(context, url, rate, flag)["done"])
                    if name == "share link":  # the warm-start snapshot is written just after the live result
                        context.new_page().wait_for_timeout(1500)
                    warm.append(_open(context, url, rate, flag)["done"])
                finally:
                    context.close()
    return times


def _main_thread(browser, base: str) -> dict:
    """{page: (long-task total ms, TBT-like ms, CLS)}, medians over RUNS, at 4x."""
    pages = {path: [] for path in (*RULE_PAGES, LINK)}
    for _ in range(RUNS):
        for path in pages:
            context = browser.new_context(viewport={"width": 390, "height": 800})
            context.add_init_script(WATCH)
            try:
                pages[path].append(_open(context, base + path, 4, "main thread"))
            finally:
                context.close()
    return {path: (statistics.median(sum(f["tasks"]) for f in runs),
                   statistics.median(sum(max(0, t - 50) for t in f["tasks"]) for f in runs),
                   statistics.median(f["cls"] for f in runs)) for path, runs in pages.items()}


def main() -> None:
    with site_in_browser("bench-share-link-") as (browser, base, version):
        starts = _starts(browser, base)
        main_thread = _main_thread(browser, base)

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"Pyodide {version}, headless Chromium, service workers allowed; ms from navigation start, medians of "
          f"{RUNS}; load average {load} on {os.cpu_count()} CPUs")
    median = {key: (statistics.median(cold), statistics.median(warm)) for key, (cold, warm) in starts.items()}
    for (name, rate), (cold, warm) in sorted(median.items(), key=lambda item: (item[0][1], item[0][0])):
        runs = starts[(name, rate)]
        print(f"(a/b) {name:<10} {rate}x CPU   cold {cold:7.0f}   warm {warm:7.0f}"
              f"   runs cold {', '.join(f'{t:.0f}' for t in runs[0])}; warm {', '.join(f'{t:.0f}' for t in runs[1])}")
    for path, (total, blocking, cls) in main_thread.items():
        print(f"(c) /{path[:40]:<40} 4x CPU, 390 px   long tasks {total:6.0f} ms (over 50 ms: {blocking:6.0f})"
              f"   CLS {cls:.3f}")
    print("targets:")
    for rate in RATES:
        cold = median[("share link", rate)][0] / median[("baseline", rate)][0]
        warm = median[("share link", rate)][1] / median[("baseline", rate)][1]
        print(f"  {rate}x: cold share link / bare cold = {cold:.2f} (target <= 0.5): {'met' if cold <= 0.5 else 'NOT met'}")
        print(f"  {rate}x: warm share link / bare warm = {warm:.2f} (target <= 0.25): "
              f"{'met' if warm <= 0.25 else 'NOT met'}")
    for path in RULE_PAGES:
        total = main_thread[path][0]
        print(f"  long tasks on /{path}, 4x = {total:.0f} ms (target <= 300): {'met' if total <= 300 else 'NOT met'}")
    for path, (_, _, cls) in main_thread.items():
        print(f"  CLS on /{path[:40]} = {cls:.3f} (target <= 0.02): {'met' if cls <= 0.02 else 'NOT met'}")


if __name__ == "__main__":
    main()
