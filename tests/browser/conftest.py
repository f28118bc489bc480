"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, over the built site
served on loopback exactly as a static host would serve it."""

from __future__ import annotations

from pathlib import Path

import pytest

from static_server import CHROMIUM, CHROMIUM_ARGS, serve


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = serve(built_site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def books_url(books_site):
    """The site of the real rulesets and the test rulebooks (several share rule IDs such as 5.44), served."""
    server, url = serve(books_site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: apt-get install -y chromium (.ci/run does this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A fresh context per test; console errors and off-origin requests are recorded on the page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    yield page
    context.close()
