"""Offline at the table: what the service worker keeps, and how fast a calculator answers with no network.

Builds the real site, reports the precache (files, MB raw and gzip, per
cache), then in headless Chromium visits the home page once, waits until the
offline copy is complete, shuts the web server down and times, from that
moment, a share link to a calculator on a page never visited: first with no
Pyodide snapshot (cold start), then on a second unvisited page (warm start
from the snapshot the first run stored).
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import re
import shutil
import tempfile
import threading
import time
from pathlib import Path

from build_tools.offline.precache import read_precache
from build_tools.site_build import build_into

PROJECT = Path(__file__).resolve().parent.parent
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
CALC_SECTION = re.compile(r'<section\b[^>]*\bclass="rr-calc"[^>]*>')
SECTION_ID = re.compile(r'\bid="([^"]+)"')
MB = 1e6


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass


def precache_figures(site: Path) -> None:
    precache = read_precache(site)
    print(f"precache: {len(precache.entries)} files, "
          f"{precache.size / MB:.1f} MB raw, {gzipped(site, precache.entries) / MB:.1f} MB gzip")
    for name, entries in (("site (pages, assets, search, rule index, calculators wheel)", precache.site),
                          ("runtime (Pyodide, kept across site updates)", precache.runtime)):
        raw = sum(entry.size for entry in entries)
        print(f"  {name}: {len(entries)} files, {raw / MB:.1f} MB raw, {gzipped(site, entries) / MB:.1f} MB gzip")


def gzipped(site: Path, entries) -> int:
    """Bytes over the wire if the host gzips everything (level 6, as most servers do)."""
    return sum(len(gzip.compress((site / entry.path).read_bytes(), compresslevel=6, mtime=0)) for entry in entries)


def calculator_pages(site: Path) -> list[tuple[str, str]]:
    """(page path, calculator section id) of the first calculator on each page that has one."""
    pages = []
    for html in sorted(site.rglob("index.html")):
        found = CALC_SECTION.search(html.read_text(encoding="utf-8"))
        if found:
            pages.append((html.relative_to(site).parent.as_posix() + "/", SECTION_ID.search(found.group(0)).group(1)))
    return pages


def offline_calculator_times(site: Path) -> None:
    from playwright.sync_api import sync_playwright

    pages = calculator_pages(site)
    if len(pages) < 2:
        print("offline calculator timing: needs two calculator pages, found", len(pages))
        return
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(base)
        page.locator('.rr-offline[data-state="ready"]').wait_for(timeout=300_000)
        print(f"first visit to 'Available offline' (loopback, no throttling): {time.perf_counter() - start:.1f} s")
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        for label, (path, section) in (("cold start, no snapshot yet", pages[0]), ("warm start", pages[1])):
            start = time.perf_counter()
            page.goto(f"{base}{path}#{section}")
            page.locator(f'section.rr-calc[id="{section}"][data-state="live"]').wait_for(timeout=300_000)
            status = page.locator(f'section.rr-calc[id="{section}"] .rr-calc__status').inner_text()
            print(f"offline -> live calculator result on an unvisited page ({label}): "
                  f"{time.perf_counter() - start:.1f} s  [{path}; page says: {status}]")
        browser.close()


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ruleref-bench-offline-") as tmp:
        site = Path(tmp) / "site"
        build_into(site, config_file=PROJECT / "mkdocs.yml", strict=False)
        precache_figures(site)
        version = json.loads(re.search(r"^const PRECACHE = (\{.*\});$", (site / "sw.js").read_text(encoding="utf-8"),
                                       re.MULTILINE).group(1))["version"]
        print(f"service worker version (digest of the precache list): {version}")
        offline_calculator_times(site)


if __name__ == "__main__":
    main()
