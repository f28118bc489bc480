"""The runtime's standard library as bytecode: ``python_stdlib.zip`` with ``.pyc`` instead of ``.py``.

Pyodide ships the stdlib as sources, so every first start in the page spends
seconds compiling them (measured under Node on this machine: Pyodide's
bootstrap takes 1.9 s with the shipped zip, 0.7 s with this one; a phone's
browser pays several times that). The bytecode is made by the pinned runtime
itself, under Node (``precompile.mjs`` running ``compile_zip.py``), so it has
the runtime's own magic number. It is made once: the result is kept in the
build cache (``node_modules/.cache/ruleref/``), keyed by the shipped zip and the two
scripts, so ``npm ci`` (a new runtime) or a change to them makes a new one.
The archive is byte-identical from one build to the next.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from build_tools.bundle.node_runtime import run_node

NAME = "python_stdlib.zip"
_HERE = Path(__file__).parent
_SCRIPTS = (_HERE / "precompile.mjs", _HERE / "compile_zip.py")


def zip_prefix(runtime: Path) -> str:
    """Where the page's Pyodide mounts the stdlib zip: ``/lib/python314.zip`` for Python 3.14."""
    python = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    major, minor = python.split(".")[:2]
    return f"/lib/python{major}{minor}.zip"


def _key(original: Path) -> str:
    digest = hashlib.sha256(original.read_bytes())
    for script in _SCRIPTS:
        digest.update(script.read_bytes())
    return digest.hexdigest()[:24]


def precompiled_stdlib(runtime: Path, cache: Path) -> Path:
    """The bytecode stdlib for the Pyodide installed at ``runtime``, made now if not yet in ``cache``."""
    original = runtime / NAME
    cached = cache / f"python_stdlib-{_key(original)}.zip"
    if cached.is_file():
        return cached
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_name(f"{cached.name}.{os.getpid()}.partial")
    run_node(_HERE / "precompile.mjs", [str(runtime), str(original), str(partial), zip_prefix(runtime)], partial,
             about=original, task="precompile Pyodide's standard library", doing="precompiling the standard library")
    partial.replace(cached)  # atomic: a build running alongside sees the whole file or none
    return cached
