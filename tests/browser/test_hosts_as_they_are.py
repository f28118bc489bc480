"""Static hosts as they are: labels and encodings the calculators must start under anyway."""

from __future__ import annotations

import functools
import threading

import pytest
from playwright.sync_api import expect
from static_server import QuietServer, StaticHandler

from test_calculators_in_page import LIVE_TIMEOUT, assert_shows, cli

pytestmark = pytest.mark.browser


class OctetStreamWasm(StaticHandler):
    """Many hosts' default for a type they do not know (the wasm, gzipped, and the image)."""

    extensions_map = {**StaticHandler.extensions_map, ".wasm": "application/octet-stream",
                      ".gz": "application/octet-stream"}


class GzipAsContentEncoding(StaticHandler):
    """Hosts (and CDNs) that send a .gz file as "its content, gzip-encoded": the browser unpacks it on the way
    (the site's image, and the runtime's wasm)."""

    def end_headers(self):
        if self.path.endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def served(site, handler):
    server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.mark.parametrize("handler, start", [
    (OctetStreamWasm, "first start, from the site's snapshot"),
    (GzipAsContentEncoding, "first start, from the site's snapshot"),  # not a cold start every visit
])
def test_the_calculators_start_as_fast_on_this_host(browser, built_site, handler, start):
    server, base = served(built_site, handler)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        warnings: list[str] = []
        page.on("console", lambda m: m.type == "warning" and "ruleref" in m.text and warnings.append(m.text))
        page.goto(base + "asl/g15-bulldozers/?dozer-clearance.labor=-1")
        section = page.locator("#calc-dozer-clearance")
        expect(section).to_have_attribute("data-state", "live", timeout=LIVE_TIMEOUT)
        expect(section.locator(".rr-calc__status")).to_contain_text(start)
        assert_shows(section, cli("dozer-clearance", {"labor": "-1"}))
        assert warnings == []
    finally:
        context.close()
        server.shutdown()


def test_an_octet_stream_wasm_still_starts_cold_where_no_image_will_do(browser, built_site):
    # The relabelled response must also serve Pyodide's own full start (it hung there before).
    server, base = served(built_site, OctetStreamWasm)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route("**/pyodide/snapshots/*", lambda route: route.fulfill(status=404, body=b""))
        page.goto(base + "asl/g15-bulldozers/")
        status = page.locator("#calc-dozer-clearance .rr-calc__status")
        expect(status).to_contain_text("first start", timeout=LIVE_TIMEOUT)
        expect(status).not_to_contain_text("snapshot")
    finally:
        context.close()
        server.shutdown()
