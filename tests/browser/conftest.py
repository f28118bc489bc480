"""Headless Chromium (Debian's /usr/bin/chromium) driven by Playwright, over the built site
served on loopback exactly as a static host would serve it."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

    def log_message(self, *args):  # keep test output readable
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that drops a download it no longer needs (navigation, test end) is not a server fault."""
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(root: Path, prefix: str = ""):
    """Serve ``root`` on a free loopback port; with ``prefix`` ('/ruleref') the site lives under that sub-path."""
    directory = root
    if prefix:
        holder = root.parent / f"served-{prefix.strip('/')}"
        if not holder.exists():
            holder.mkdir()
            (holder / prefix.strip("/")).symlink_to(root, target_is_directory=True)
        directory = holder
    handler = functools.partial(StaticHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}/"


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = serve(built_site)
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
