"""Nothing moves once a page is on screen: cumulative layout shift, as a
`PerformanceObserver` in the page counts it, on a phone with a phone's CPU
(4x throttling) and on a desktop. A share link is measured until its
calculator is live, as that is when the most changes: the status lines and
copy buttons of every calculator above the linked one."""

from __future__ import annotations

import pytest

from test_calculators_in_page import LIVE_TIMEOUT

pytestmark = pytest.mark.browser

MAX_CLS = 0.02
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push({
      value: entry.value,
      moved: entry.sources.map((s) => s.node ? (s.node.className || s.node.nodeName) : "?"),
    });
  }
}).observe({ type: "layout-shift", buffered: true });
"""
SHARE_LINK = "asl/g15-bulldozers/?dozer-clearance.labor=-1#calc-dozer-clearance"


@pytest.mark.parametrize("width, rate", [(390, 4), (1280, 1)])
@pytest.mark.parametrize("path", ["", "asl/g15-bulldozers/", "asl/chapter-d-vehicles/", SHARE_LINK])
def test_nothing_moves_after_first_paint(browser, site_url, path, width, rate):
    context = browser.new_context(viewport={"width": width, "height": 800})
    try:
        context.add_init_script(RECORD_SHIFTS)
        page = context.new_page()
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(site_url + path, wait_until="load")
        if "#calc-" in path:
            page.locator("#calc-dozer-clearance[data-state=live]").wait_for(timeout=LIVE_TIMEOUT)
        page.wait_for_timeout(1500)  # the reading aids and the offline line settle after load
        shifts = page.evaluate("window.__shifts")
        assert sum(shift["value"] for shift in shifts) <= MAX_CLS, shifts
    finally:
        context.close()
