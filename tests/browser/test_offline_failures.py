"""Offline messages a reader can act on (issue 15): when saving the offline copy or a new version of
it fails, the page names the file, by its path in the site, and what went wrong, and offers a retry
that works once the host serves the file again."""

from __future__ import annotations

import functools
import shutil
import threading

import pytest
from projects import RULEBOOKS, make_project
from static_server import QuietServer, StaticHandler
from test_offline import visit_once, wait_until_saved

from build_tools.offline.precache import read_precache
from build_tools.site_build import build_into

pytestmark = pytest.mark.browser


@pytest.fixture
def project(tmp_path):
    return make_project(tmp_path / "project", {"riverline": RULEBOOKS / "riverline"})


@pytest.fixture
def site(project, tmp_path):
    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=True)
    return site


@pytest.fixture
def host(site):
    """The site served as a static host would, except the URL paths in ``host.faults`` (path -> HTTP
    status), answered with that error, as a host half-way through publishing or misconfigured does."""
    faults: dict[str, int] = {}

    class Faulty(StaticHandler):
        def do_GET(self):
            status = faults.get(self.path.split("?")[0])
            if status:
                self.send_error(status)
            else:
                super().do_GET()

    server = QuietServer(("127.0.0.1", 0), functools.partial(Faulty, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.base = f"http://127.0.0.1:{server.server_address[1]}/"
    server.faults = faults
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    yield context
    context.close()


def a_page_not_opened(site) -> str:
    """A page of the offline copy other than the home page, by its URL relative to the site root."""
    return next(entry.url for entry in read_precache(site).site if entry.url.endswith("/") and entry.url != "./")


def test_a_file_the_host_fails_to_serve_is_named_with_its_status_and_retry_saves_the_copy(phone, site, host):
    broken = a_page_not_opened(site)
    host.faults["/" + broken] = 500
    page = phone.new_page()
    page.goto(host.base)
    footer = page.locator('.rr-offline[data-state="failed"]')
    footer.wait_for(timeout=120_000)
    assert footer.locator(".rr-offline__text").inner_text() == "Could not save for offline:"
    assert footer.locator(".rr-offline__reason").inner_text() == f"{broken}: HTTP 500 Internal Server Error"

    host.faults.clear()
    footer.get_by_role("button", name="Retry").click()
    wait_until_saved(page)
    assert page.inner_text(".rr-offline") == "Available offline"


def test_a_file_whose_bytes_are_not_this_builds_is_named_as_such(phone, site, host):
    # The host serves another version's file (half-way through publishing the next build).
    changed = a_page_not_opened(site)
    html = site / changed / "index.html"
    html.write_text(html.read_text(encoding="utf-8") + "<!-- the next build -->", encoding="utf-8")
    page = phone.new_page()
    page.goto(host.base)
    page.locator('.rr-offline[data-state="failed"]').wait_for(timeout=120_000)
    assert page.inner_text(".rr-offline__reason") == (
        f"{changed}: not this version's file (sha256 differs): the host may be half-way through publishing")


def test_a_failed_update_says_why_and_retry_installs_it_once_the_file_is_served(phone, project, site, host):
    page = visit_once(phone, host.base)

    home = project / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\nVersion two of this reference.\n", encoding="utf-8")
    build_into(site, config_file=project / "mkdocs.yml", strict=True)
    broken = a_page_not_opened(site)
    host.faults["/" + broken] = 500

    page.reload()  # the browser finds the new sw.js; saving the new version fails at the broken file
    prompt = page.locator('.rr-update[data-state="failed"]')
    prompt.wait_for(timeout=60_000)
    assert prompt.locator(".rr-update__text").inner_text() == (
        "The new version could not be saved; this one still works.")
    assert prompt.locator(".rr-update__reason").inner_text() == f"{broken}: HTTP 500 Internal Server Error"
    assert "Version two" not in page.inner_text("article")  # the copy in use still serves its version

    host.faults.clear()
    prompt.get_by_role("button", name="Retry").click()
    ready = page.locator('.rr-update[data-state="waiting"]')
    ready.wait_for(timeout=60_000)
    assert ready.locator(".rr-update__text").inner_text() == "A new version is available — reload"
    ready.get_by_role("button", name="Reload").click()
    page.wait_for_function("() => document.querySelector('article')?.innerText.includes('Version two')",
                           timeout=30_000)
    wait_until_saved(page)
