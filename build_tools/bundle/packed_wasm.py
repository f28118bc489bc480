"""The runtime's WebAssembly shipped gzipped: ``pyodide.asm.wasm.gz`` instead of ``pyodide.asm.wasm``.

The wasm is the largest file of a first visit, 9.6 MB, and static hosts
seldom compress binary files (nginx's defaults, object stores): gzipped it is
3.5 MB, 2.4 s less on a phone's 20 Mbit/s link. The worker unpacks it with
the browser's ``DecompressionStream`` as it streams in, and hands Pyodide the
unpacked bytes as its ``pyodide.asm.wasm`` (``calculator-worker.js``); a host
that sends the file "gzip-encoded" has the browser unpack it on the way, and
the worker takes those bytes as they are.

The site's runtime folder holds the plain wasm only while the build makes the
start-up snapshot with it (``snapshot.py`` runs the runtime from that folder):
:func:`pack_wasm` then puts the packed file in its place. The packed file is
made once per runtime, byte-identical from build to build (no name, no time
in the gzip header), and kept in the build cache.
"""

from __future__ import annotations

import gzip
import hashlib
import os
from pathlib import Path

from build_tools.bundle.runtime import link_or_copy

WASM = "pyodide.asm.wasm"
PACKED = f"{WASM}.gz"


def pack_wasm(runtime_dir: Path, cache: Path) -> str:
    """Replace ``runtime_dir/pyodide.asm.wasm`` by its gzipped copy; the copy's name."""
    wasm = (runtime_dir / WASM).read_bytes()
    cached = cache / f"pyodide.asm-{hashlib.sha256(wasm).hexdigest()[:24]}.wasm.gz"
    if not cached.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f"{cached.name}.{os.getpid()}.partial")
        partial.write_bytes(gzip.compress(wasm, compresslevel=9, mtime=0))
        partial.replace(cached)  # atomic: a build running alongside sees the whole file or none
    link_or_copy(cached, runtime_dir / PACKED)
    (runtime_dir / WASM).unlink()
    return PACKED
