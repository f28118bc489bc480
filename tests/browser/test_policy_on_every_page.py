"""Every page carries a Content-Security-Policy that allows only the scripts the build wrote.

The policy's inline-script hashes come from the page around its content, so
a script that reaches a built page any other way (a tampered file, a host
injecting one) is refused by the browser, and the site's own scripts run
with no violation on any kind of page."""

from __future__ import annotations

import shutil

import pytest
from static_server import serve

pytestmark = pytest.mark.browser

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""
PAGES = ["", "asl/", "asl/glossary/", "calculators/", "404.html", "asl/g15-bulldozers/", "battlefront/engineering-rules/"]


@pytest.mark.parametrize("path", PAGES)
def test_the_sites_own_scripts_run_under_the_policy(page, site_url, path):
    page.context.add_init_script(WATCH)
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    page.locator(".md-search__input").click()  # Material's search worker starts
    page.keyboard.type("dozer")
    page.locator(".md-search-result__item").first.wait_for()
    assert page.evaluate("window.__violations") == []
    assert page.console_errors == []


def test_a_script_injected_into_a_built_page_does_not_run(browser, built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site, symlinks=True)
    for path in ("index.html", "asl/glossary/index.html", "asl/g15-bulldozers/index.html"):
        page_file = site / path
        html = page_file.read_text(encoding="utf-8")
        page_file.write_text(html.replace("</article>", "<script>window.__pwned = 1</script>"
                                          "<img src=x onerror=\"window.__pwned = 2\"></article>", 1), encoding="utf-8")
    server, url = serve(site)
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script(WATCH)
        tab = context.new_page()
        for path in ("", "asl/glossary/", "asl/g15-bulldozers/"):
            tab.goto(url + path)
            tab.wait_for_load_state("load")
            assert tab.evaluate("window.__pwned") is None, path
            assert any(v.startswith("script-src") for v in tab.evaluate("window.__violations")), path
    finally:
        context.close()
        server.shutdown()
