"""A site Zensical built, in Chromium: a share link goes live with its inputs, and the site then works offline.

(tests/engines/test_zensical.py checks the same build's pages, links and anchors.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from build_tools.engines import ENGINES
from static_server import serve

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not ENGINES["zensical"].available(),
                                 reason="Zensical could not be installed here (pip install -e '.[zensical]')")]

LIVE_TIMEOUT = 120_000  # a cold Pyodide start on a busy 2-core machine, with margin


def test_a_share_link_goes_live_with_its_inputs_and_the_site_then_works_offline(browser, project, tmp_path):
    from build_tools.site_build import build_into

    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=True, engine="zensical")
    server, base = serve(site)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base}asl/g15-bulldozers/?dozer-clearance.labor=-1#calc-dozer-clearance")
        section = page.locator("#calc-dozer-clearance")
        expect(section).to_have_attribute("data-state", "live", timeout=LIVE_TIMEOUT)
        expect(section.locator("[name=labor]")).to_have_value("-1")
        page.wait_for_function("() => document.querySelector('.rr-offline')?.dataset.state === 'ready'",
                               timeout=LIVE_TIMEOUT)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LIVE_TIMEOUT)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        page.goto(f"{base}battlefront/engineering-rules/")
        expect(page.locator("h1").first).to_be_visible()
        page.goto(f"{base}asl/chapter-d-vehicles/")
        expect(page.locator(".rr-calc[data-state=live]").first).to_be_visible(timeout=LIVE_TIMEOUT)
        assert errors == []
    finally:
        context.close()
