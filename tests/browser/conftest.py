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
def profile_page(browser, tmp_path):
    """A page in a browser profile of its own on disk, as a reader's is: what it keeps in Cache Storage
    stays for its next visit. (A context of the session's browser keeps its storage in memory, shared
    with every test before it, and a kept start-up image was now and then gone by the next visit.)
    Service workers are blocked: the offline copy has its own tests."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, service_workers="block",
        viewport={"width": 1280, "height": 900})
    page = context.pages[0] if context.pages else context.new_page()
    page.console_errors = []
    page.on("console", lambda m: m.type == "error" and page.console_errors.append(m.text))
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    yield page
    context.close()


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
