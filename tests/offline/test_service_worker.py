"""The generated service worker keeps exactly the files the build wrote (issue 5, "Service worker")."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from pathlib import Path

from build_tools.offline.budget import DEFAULT_BUDGET_MB
from build_tools.offline.precache import read_precache, url_for
from build_tools.offline.service_worker import write_service_worker
from build_tools.site_build import build_into

PRECACHE_LINE = re.compile(r"^const PRECACHE = (\{.*\});$", re.MULTILINE)


def precache_of(site: Path) -> dict:
    """The list sw.js carries, read back from the generated JavaScript."""
    return json.loads(PRECACHE_LINE.search((site / "sw.js").read_text(encoding="utf-8")).group(1))


def entries_by_url(site: Path) -> dict[str, tuple[str, int, str]]:
    return {url: (integrity, size, cache["name"])
            for cache in precache_of(site)["caches"] for url, integrity, size in cache["entries"]}


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_precache_is_every_file_on_disk_with_its_sha256(built_site):
    # Everything a reader can open offline: pages, assets, search index,
    # rule-index.json, the calculators' bundle. Not kept: sw.js itself (the
    # browser fetches it to look for updates), source maps, and the search
    # engines' sitemap.xml.gz (dated by its gzip header).
    entries = entries_by_url(built_site)
    on_disk = {p.relative_to(built_site).as_posix(): p for p in built_site.rglob("*") if p.is_file()}
    expected = {path for path in on_disk if path not in ("sw.js", "sitemap.xml.gz") and not path.endswith(".map")}
    assert {entry_path(url) for url in entries} == expected
    for url, (integrity, size, _) in entries.items():
        data = on_disk[entry_path(url)].read_bytes()
        assert (integrity, size) == (sri(data), len(data)), url


def entry_path(url: str) -> str:
    """The file behind a precached URL (directory URLs are their index.html)."""
    return "index.html" if url == "./" else url + "index.html" if url.endswith("/") else url


def test_precache_holds_what_the_table_needs_offline(built_site):
    entries = entries_by_url(built_site)
    lock = json.loads((built_site / "pyodide" / "calculators-lock.json").read_text(encoding="utf-8"))
    runtime = f"pyodide/{lock['runtime']['path']}"
    for url in ("./", "search/search_index.json", "rule-index.json", "asl/glossary/", "battlefront/glossary/",
                "asl/g15-bulldozers/", "asl/chapter-d-vehicles/", "manifest.webmanifest",
                "pyodide/calculators-lock.json", f"pyodide/{lock['wheel']['file']}",
                f"{runtime}pyodide.asm.wasm.gz", f"{runtime}pyodide.mjs", f"{runtime}python_stdlib.zip"):
        assert url in entries, url
    # The Pyodide runtime has its own cache, so a rebuild that keeps it keeps the download.
    caches = {name for _, _, name in entries.values()}
    assert {name.split("-")[1] for name in caches} == {"site", "runtime"}
    assert all(entries[url][2].startswith("ruleref-runtime-") == url.startswith(runtime) for url in entries)


def test_unchanged_site_gives_byte_identical_service_worker(built_site, tmp_path, monkeypatch):
    # A second build of the same project, on another day: same sw.js bytes, so
    # returning readers download nothing and see no "new version" prompt.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14: MkDocs dates sitemap.xml.gz by it
    again = tmp_path / "site"
    build_into(again, config_file=Path(__file__).resolve().parents[2] / "mkdocs.yml", strict=True)
    assert (again / "sw.js").read_bytes() == (built_site / "sw.js").read_bytes()


def make_site(root: Path, page_text: str = "<p>G15.21</p>") -> Path:
    (root / "asl" / "g15").mkdir(parents=True)
    (root / "index.html").write_text("<h1>home</h1>", encoding="utf-8")
    (root / "asl" / "g15" / "index.html").write_text(page_text, encoding="utf-8")
    (root / "assets").mkdir()
    (root / "assets" / "bundle.js").write_text("console.log(1)", encoding="utf-8")
    (root / "assets" / "bundle.js.map").write_text("{}", encoding="utf-8")
    runtime = root / "pyodide" / "314.0.7"
    runtime.mkdir(parents=True)
    (runtime / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    (root / "pyodide" / "calculators-lock.json").write_text(
        json.dumps({"runtime": {"version": "314.0.7", "path": "314.0.7/"}}), encoding="utf-8")
    return root


def test_same_files_give_the_same_sw_js_wherever_they_are(tmp_path):
    first = make_site(tmp_path / "one")
    second = make_site(tmp_path / "two")
    write_service_worker(first, DEFAULT_BUDGET_MB)
    write_service_worker(second, DEFAULT_BUDGET_MB)
    write_service_worker(first, DEFAULT_BUDGET_MB)  # a rerun over its own output: sw.js is not in its own list
    assert (first / "sw.js").read_bytes() == (second / "sw.js").read_bytes()


def test_a_changed_page_renames_the_site_cache_and_keeps_the_runtime_cache(tmp_path):
    old = precache_of_site(make_site(tmp_path / "v1"))
    new = precache_of_site(make_site(tmp_path / "v2", page_text="<p>G15.21, corrected</p>"))
    assert old["version"] != new["version"]
    assert old["caches"][0]["name"] != new["caches"][0]["name"]
    assert old["caches"][1] == new["caches"][1]  # same runtime: same cache name, no second download


def precache_of_site(site: Path) -> dict:
    write_service_worker(site, DEFAULT_BUDGET_MB)
    return precache_of(site)


def test_urls_are_relative_to_the_site_root_so_a_sub_path_works(tmp_path):
    # The worker resolves each URL against its own location (the site root),
    # so "/ruleref/" hosting needs URLs without a leading slash or host.
    precache = read_precache(make_site(tmp_path / "site"))
    urls = [entry.url for entry in precache.entries]
    assert urls == ["asl/g15/", "assets/bundle.js", "./", "pyodide/calculators-lock.json",  # sorted by file path
                    "pyodide/314.0.7/pyodide.asm.wasm"]
    assert [entry.url for entry in precache.runtime] == ["pyodide/314.0.7/pyodide.asm.wasm"]
    assert all(not url.startswith(("/", "http:", "https:")) and ".." not in url for url in urls)


def test_directory_urls_are_the_urls_pages_link_to():
    assert url_for("index.html") == "./"
    assert url_for("asl/g15-bulldozers/index.html") == "asl/g15-bulldozers/"
    assert url_for("404.html") == "404.html"
    assert url_for("search/search_index.json") == "search/search_index.json"


def test_site_without_calculators_has_one_cache(tmp_path):
    site = make_site(tmp_path / "site")
    shutil.rmtree(site / "pyodide")
    precache = precache_of_site(site)
    assert [cache["name"].split("-")[1] for cache in precache["caches"]] == ["site"]
