"""With Material's instant navigation, one calculator worker serves the whole visit.

Material only navigates instantly between URLs its sitemap lists, and the
sitemap needs ``site_url``; ruleref's mkdocs.yml leaves it unset (relative
URLs, any host), so this test builds the site once more with ``site_url`` set
to where it is served."""

from __future__ import annotations

import functools
import http.server
import re
import threading

import pytest
from playwright.sync_api import expect

from static_server import StaticHandler
from test_calculators_in_page import LIVE_TIMEOUT, assert_shows, cli, set_input

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def instant_site_url(project, tmp_path_factory):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    root = tmp_path_factory.mktemp("instant")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticHandler, directory=str(root)))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(root), site_url=url, strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield url
    server.shutdown()


def test_one_worker_serves_every_calculator_page_of_the_visit(page, instant_site_url):
    page.goto(instant_site_url + "asl/g15-bulldozers/")
    expect(page.locator("section.rr-calc[data-state=live]")).to_have_count(5, timeout=LIVE_TIMEOUT)
    page.evaluate("window.__same_document = true")
    page.locator("a.md-nav__link[href$='chapter-d-vehicles/']").first.click()
    page.wait_for_url("**/chapter-d-vehicles/")
    expect(page.locator("section.rr-calc[data-state=live]")).to_have_count(3, timeout=LIVE_TIMEOUT)
    assert page.evaluate("window.__same_document") is True  # no reload happened
    assert len([w for w in page.workers if "calculator-worker" in w.url]) == 1
    section = page.locator("#calc-collateral-attack")
    set_input(section, "collateral-attack", "destroyed", "true")
    assert_shows(section, cli("collateral-attack", {"destroyed": "true"}))
    expect(page).to_have_url(re.compile(r"\?collateral-attack\.destroyed=true$"))
    assert page.console_errors == []
