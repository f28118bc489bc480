"""Bundle the rules core for the browser: the pinned Pyodide runtime and the
``calculators`` package as a wheel, written into the built site.

    pyodide/<runtime version>/   pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm.gz (packed_wasm.py),
                                 stdlib (as bytecode), lock
    pyodide/wheels/<wheel>       the rules core, a pure-Python py3-none-any wheel
    pyodide/snapshots/<key>.bin.gz the start-up memory image made at build time (snapshot.py)
    pyodide/calculators-lock.json  runtime path, packed wasm and stdlib sha256, wheel file, sha256
                                   and mount path, snapshot file and sha256

The page's worker reads ``calculators-lock.json`` first: it names the runtime
folder, and the wheel's sha256 verifies the download. Both digests key the
warm-start snapshot: a memory image is only good with the very stdlib and
wheel it was made from (see ``build_tools/assets/ruleref/calculator-worker.js``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from build_tools.bundle.packed_wasm import pack_wasm
from build_tools.bundle.runtime import RUNTIME_FILES, build_cache, copy_runtime, link_or_copy, runtime_version
from build_tools.bundle.snapshot import Snapshot, build_snapshot
from build_tools.bundle.stdlib import NAME as STDLIB
from build_tools.bundle.wheel import Wheel, build_wheel

__all__ = ["BUNDLE_DIR", "LOCK_NAME", "RUNTIME_FILES", "Wheel", "build_wheel", "write_bundle"]

BUNDLE_DIR = "pyodide"
LOCK_NAME = "calculators-lock.json"
# Where the page's worker writes the wheel before Python starts (zipimport reads it there);
# the start-up snapshot is made with it at the same path.
WHEEL_MOUNT = "/lib/ruleref"


def write_bundle(site_dir: Path, project: Path) -> dict:
    """Write runtime, wheel and lock into ``site_dir/pyodide/``; returns the lock."""
    bundle = site_dir / BUNDLE_DIR
    version = runtime_version(project)
    copy_runtime(project, bundle / version)
    wheel = build_wheel(project / "calculators", project / "pyproject.toml")
    wheels = bundle / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    (wheels / wheel.filename).write_bytes(wheel.data)
    stdlib = hashlib.sha256((bundle / version / STDLIB).read_bytes()).hexdigest()
    mount = f"{WHEEL_MOUNT}/{wheel.filename}"
    snapshot = _write_snapshot(bundle, build_snapshot(bundle / version, wheels / wheel.filename, mount,
                                                      build_cache(project)))
    packed_wasm = pack_wasm(bundle / version, build_cache(project))  # after the snapshot, made with the plain wasm
    lock = {
        "runtime": {"version": version, "path": f"{version}/", "packed_wasm": packed_wasm, "stdlib_sha256": stdlib},
        "wheel": {"file": f"wheels/{wheel.filename}", "sha256": wheel.sha256, "size": len(wheel.data),
                  "mount": mount},
        "snapshot": snapshot,
    }
    (bundle / LOCK_NAME).write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")
    return lock


def _write_snapshot(bundle: Path, made: Snapshot) -> dict:
    """Put the start-up snapshot in ``bundle/snapshots/`` (the only file there), hard-linked from the
    build cache where it can be, as the runtime is; its lock entry."""
    folder = bundle / "snapshots"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        if old.name != made.path.name:
            old.unlink()
    link_or_copy(made.path, folder / made.path.name)
    # image_sha256: for hosts that serve .gz with Content-Encoding, so the browser hands over the image unpacked.
    return {"file": f"snapshots/{made.path.name}", "sha256": made.sha256, "size": made.path.stat().st_size,
            "image_sha256": made.image_sha256}
