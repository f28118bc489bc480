"""Write ``sw.js``: the service worker template with this build's precache list filled in.

Runs as the last step of the build, after every other step has written its
files, because the list is whatever is on disk then.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from build_tools.offline.budget import MB
from build_tools.offline.precache import SERVICE_WORKER, Precache, digest, read_precache

TEMPLATE = Path(__file__).resolve().parent / "service-worker.js"
MARKER = "/* PRECACHE */ null"


def precache_json(precache: Precache, budget_mb: int, changes: Sequence[dict] = ()) -> dict:
    """The list the worker reads: cache names (content digests) and ``[url, integrity, size]`` per file,
    the offline budget in bytes (above it the worker waits for the reader's go-ahead), and the versions
    of the texts this build holds (``changes.py``), which the update prompt names."""
    return {
        "version": precache.version,
        "bytes": precache.size,
        "budget": budget_mb * MB,
        "changes": list(changes),
        "caches": [
            {"name": f"ruleref-{kind}-{digest(entries)}",
             "entries": [[entry.url, entry.integrity, entry.size] for entry in entries]}
            for kind, entries in (("site", precache.site), ("runtime", precache.runtime)) if entries
        ],
    }


def render_service_worker(precache: Precache, budget_mb: int, changes: Sequence[dict] = ()) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    if template.count(MARKER) != 1:
        raise ValueError(f"{TEMPLATE}: expected the marker {MARKER!r} exactly once")
    return template.replace(MARKER, json.dumps(precache_json(precache, budget_mb, changes), separators=(",", ":"),
                                               ensure_ascii=False))


def write_service_worker(site_dir: Path, budget_mb: int, changes: Sequence[dict] = ()) -> Precache:
    """Write ``site_dir/sw.js`` for the files now in ``site_dir``; returns what it keeps offline.
    ``changes``: the versions of the texts this build holds (none for a site whose texts have one)."""
    precache = read_precache(site_dir)
    (site_dir / SERVICE_WORKER).write_text(render_service_worker(precache, budget_mb, changes), encoding="utf-8")
    return precache
