"""What the service worker keeps: the files the build wrote, read back from disk.

The list is taken from the finished site folder, not from MkDocs' file list,
so whatever a step wrote (pages, search index, ``rule-index.json``, the
calculators' bundle) is in it by construction. Each entry carries the sha256
of its bytes; the cache names are digests of the entries, so an unchanged
site gives unchanged cache names and a byte-identical ``sw.js``.

Two caches, because they change at different rates:

* ``site``: every page and asset; a new build replaces it as a whole.
* ``runtime``: the Pyodide runtime folder (``pyodide/<version>/``, ~9.4 MB),
  named after its own entries only, so a rebuild that keeps the runtime
  keeps the cache and a phone downloads the runtime once per Pyodide version.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from build_tools.bundle import BUNDLE_DIR, LOCK_NAME

SERVICE_WORKER = "sw.js"
# Not kept offline: the worker script itself (the browser fetches it to look
# for updates), source maps (only developer tools read them), dotfiles (host
# configuration, not site content), and sitemap.xml.gz: only search engines
# read it, and its gzip header carries the build date, which would make every
# rebuild of an unchanged site look like a new version to returning readers.
SKIPPED_SUFFIXES = (".map",)
SKIPPED_FILES = (SERVICE_WORKER, "sitemap.xml.gz")


@dataclass(frozen=True)
class Entry:
    """One file kept offline, under the URL the pages ask for (relative to the site root)."""

    url: str
    path: str
    integrity: str  # Subresource Integrity form of the sha256: "sha256-<base64>"
    size: int


@dataclass(frozen=True)
class Precache:
    site: tuple[Entry, ...]
    runtime: tuple[Entry, ...]

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.site + self.runtime

    @property
    def size(self) -> int:
        return sum(entry.size for entry in self.entries)

    @property
    def version(self) -> str:
        return digest(self.entries)


def url_for(path: str) -> str:
    """The URL a page links to for a file: directory URLs for ``index.html`` (MkDocs' own links)."""
    if path == "index.html":
        return "./"
    if path.endswith("/index.html"):
        return path[: -len("index.html")]
    return path


def kept_offline(path: str) -> bool:
    name = path.rsplit("/", 1)[-1]
    return path not in SKIPPED_FILES and not name.startswith(".") and not name.endswith(SKIPPED_SUFFIXES)


def runtime_prefix(site_dir: Path) -> str | None:
    """``pyodide/<version>/``: the runtime folder the calculators' lock names, if the site has one."""
    lock = site_dir / BUNDLE_DIR / LOCK_NAME
    if not lock.is_file():
        return None
    return f"{BUNDLE_DIR}/{json.loads(lock.read_text(encoding='utf-8'))['runtime']['path']}"


def read_precache(site_dir: Path) -> Precache:
    """Every file under ``site_dir`` that is kept offline, sorted by path, split into site and runtime."""
    runtime = runtime_prefix(site_dir)
    site_entries, runtime_entries = [], []
    for file in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        path = file.relative_to(site_dir).as_posix()
        if not kept_offline(path):
            continue
        data = file.read_bytes()
        entry = Entry(url_for(path), path, "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode(),
                      len(data))
        (runtime_entries if runtime and path.startswith(runtime) else site_entries).append(entry)
    return Precache(tuple(site_entries), tuple(runtime_entries))


def digest(entries: tuple[Entry, ...]) -> str:
    """A short, stable name for a set of entries: sha256 over their paths and content hashes."""
    hasher = hashlib.sha256()
    for entry in entries:
        hasher.update(f"{entry.path}\0{entry.integrity}\n".encode())
    return hasher.hexdigest()[:16]
