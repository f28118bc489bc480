"""The calculators' start-up memory image, made at build time: a first visit restores it.

Without it, a reader's first calculator waits for Pyodide to start and the
rules core to be imported in their browser. The pinned runtime does that once,
at build time, under Node (``snapshot.mjs``), and the site ships the result:
``pyodide/snapshots/<digest>.bin.gz``. It is a memory image of about 31 MB,
shipped gzipped (about 5 MB), since static hosts seldom compress binary files;
the worker checks its sha256 (in the lock), unpacks it with the browser's
``DecompressionStream`` and restores it (``calculator-worker.js``), or starts
cold if anything fails.

An image is good only for the exact runtime, standard library and wheel it
was made with, so it is keyed by all three, and cached in
``node_modules/.cache/ruleref/`` by that key: a rebuild with unchanged
calculators makes none. Two builds make the same bytes (``snapshot.mjs``).
It relies on Pyodide's private ``_makeSnapshot``/``_loadSnapshot``, pinned with
the runtime version; Pyodide itself refuses an image of another build.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from build_tools.bundle.node_runtime import run_node

_SCRIPT = Path(__file__).with_name("snapshot.mjs")


def _key(runtime: Path, wheel: Path) -> str:
    digest = hashlib.sha256(_SCRIPT.read_bytes())
    # The loader too: the clock reads it makes while Python starts are written into the image.
    for part in (runtime / "pyodide.asm.wasm", runtime / "python_stdlib.zip", runtime / "pyodide.asm.mjs",
                 runtime / "pyodide.mjs", wheel):
        digest.update(hashlib.sha256(part.read_bytes()).digest())
    return digest.hexdigest()[:24]


@dataclass(frozen=True)
class Snapshot:
    """A made image: the gzipped file, and the sha256 of it and of the image inside."""

    path: Path
    sha256: str
    image_sha256: str


def build_snapshot(runtime: Path, wheel: Path, wheel_mount: str, cache: Path) -> Snapshot:
    """The gzipped image for the runtime files in ``runtime`` and ``wheel`` (at ``wheel_mount`` in the page).

    Its digests are kept beside it in the cache, so a build that reuses it reads neither file again."""
    cached = cache / f"snapshot-{_key(runtime, wheel)}.bin.gz"
    digests = cached.with_suffix(".json")
    if cached.is_file() and digests.is_file():
        return Snapshot(cached, **json.loads(digests.read_text(encoding="utf-8")))
    cache.mkdir(parents=True, exist_ok=True)
    raw = cached.with_name(f"{cached.name}.{os.getpid()}.raw")
    run_node(_SCRIPT, [str(runtime), str(wheel), wheel_mount, str(raw)], raw, about=wheel,
             task="make the calculators' start-up snapshot", doing="making the calculators' start-up snapshot")
    image = raw.read_bytes()
    raw.unlink()
    packed = gzip.compress(image, compresslevel=6, mtime=0)
    made = {"sha256": hashlib.sha256(packed).hexdigest(), "image_sha256": hashlib.sha256(image).hexdigest()}
    # Each written whole, then renamed (atomic): a build running alongside sees a whole file or none,
    # and the digests only once the image they describe is there.
    for target, data in ((cached, packed), (digests, json.dumps(made).encode())):
        partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
        partial.write_bytes(data)
        partial.replace(target)
    return Snapshot(cached, **made)
