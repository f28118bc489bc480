"""Size is linear and announced (issue 15): above the site's offline budget the offline copy does
not download on its own; the page says how large it is and asks, and saves it after the reader's yes.
Below the budget it saves on its own, as tests/browser/test_offline.py shows."""

from __future__ import annotations

import pytest
from projects import RULEBOOKS, make_project, set_offline_budget
from static_server import serve
from test_offline import cache_names, go_offline, wait_until_saved

from build_tools.offline.precache import read_precache
from build_tools.site_build import build_into

pytestmark = pytest.mark.browser


def test_over_its_budget_the_offline_copy_asks_first_and_saves_after_the_yes(browser, tmp_path):
    project = set_offline_budget(make_project(tmp_path / "project", {"riverline": RULEBOOKS / "riverline"}), 1)
    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=True)  # over its budget, and still correct
    size = read_precache(site).size
    server, base = serve(site)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    runtime = []  # the bulk of the copy, which the home page itself never loads
    context.on("request", lambda request: "/pyodide/" in request.url and runtime.append(request.url))
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(base)
        footer = page.locator('.rr-offline[data-state="ask"]')
        footer.wait_for(timeout=120_000)
        assert footer.locator(".rr-offline__text").inner_text() == f"Save {size / 1e6:.1f} MB for offline use?"
        assert not [name for name in cache_names(page) if name.startswith("ruleref-")]  # nothing saved unasked
        assert runtime == []

        page.reload()  # it keeps asking, and still saves nothing
        footer.wait_for()
        assert not [name for name in cache_names(page) if name.startswith("ruleref-")]
        assert runtime == []

        button = footer.get_by_role("button", name="Save offline copy")
        assert button.bounding_box()["height"] >= 44
        button.click()
        wait_until_saved(page)
        assert runtime  # now it downloaded
        go_offline(context, server)
        page.goto(base + "riverline/")
        assert page.locator("article h1").count() == 1
    finally:
        context.close()
