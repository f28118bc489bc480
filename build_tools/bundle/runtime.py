"""The pinned Pyodide runtime, copied from ``node_modules/pyodide`` (``npm ci``).

Nothing is fetched from a CDN: package.json/package-lock.json pin the version,
and only the files a module Web Worker loads are copied (no console pages, no
type declarations, no source maps, no CommonJS loader).

The standard library goes in as bytecode made from the installed one
(``stdlib.py``), and the wasm is replaced by its gzipped copy once the
start-up snapshot is made (``packed_wasm.py``). The files are 15 MB that never change for a Pyodide
version, so each is hard-linked into the site where the file system allows it (the same bytes,
none written) and copied where it does not. ``npm ci`` replaces
``node_modules`` with new files, which leaves the site's links untouched; a
tool that edits the site's runtime files in place would edit the installed
ones too.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from build_tools.bundle.stdlib import NAME as STDLIB, precompiled_stdlib
from build_tools.errors import SourceError

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def runtime_folder(project: Path) -> Path:
    return project / "node_modules" / "pyodide"


def build_cache(project: Path) -> Path:
    """Where the build keeps what it makes with the runtime (bytecode stdlib, start-up snapshot):
    next to the install, so ``npm ci`` clears it and copies of the project that link
    ``node_modules`` (tests, benchmarks) share it."""
    return runtime_folder(project).parent / ".cache" / "ruleref"


def runtime_version(project: Path) -> str:
    """The installed Pyodide version; a clear error when ``npm ci`` has not run."""
    package = runtime_folder(project) / "package.json"
    if not package.is_file():
        raise SourceError(str(package), None,
                          "Pyodide is not installed: run `npm ci` (or `make build`) in the project folder")
    return json.loads(package.read_text(encoding="utf-8"))["version"]


def runtime_sources(project: Path) -> dict[str, Path]:
    """Where each runtime file of the site comes from: the install, and the
    stdlib precompiled from it (``stdlib.py``)."""
    source = runtime_folder(project)
    for name in RUNTIME_FILES:
        if not (source / name).is_file():
            raise SourceError(str(source / name), None, "incomplete Pyodide install: run `npm ci` again")
    return {name: precompiled_stdlib(source, build_cache(project)) if name == STDLIB else source / name
            for name in RUNTIME_FILES}


def copy_runtime(project: Path, target: Path) -> None:
    """Put the runtime files in ``target``; unchanged files are left alone (fast rebuilds in serve)."""
    target.mkdir(parents=True, exist_ok=True)
    for name, origin in runtime_sources(project).items():
        copy = target / name
        if not copy.is_file() or copy.stat().st_size != origin.stat().st_size or \
                copy.stat().st_mtime < origin.stat().st_mtime:
            link_or_copy(origin, copy)


def link_or_copy(origin: Path, copy: Path) -> None:
    """``copy`` as a hard link to ``origin``, or a copy where the file system has no hard links."""
    copy.unlink(missing_ok=True)
    try:
        os.link(origin, copy)
    except OSError:  # another file system, or one without hard links
        shutil.copyfile(origin, copy)
