"""Compile every ``.py`` of a zip archive to ``.pyc``, run by the pinned Pyodide itself.

This file is not imported by the build: ``precompile.mjs`` runs it inside
the runtime the page uses, so the bytecode has that runtime's magic number
and compiler. ``SOURCE``, ``TARGET`` and ``PREFIX`` are set by the caller.

Each module becomes an *unchecked hash-based* ``.pyc`` (PEP 552): zipimport
loads it without looking for its source, and its bytes depend only on the
source, not on a file time, so two builds write the same archive. Code
objects name the file where the source used to be (``/lib/python314.zip/os.py``),
as they would had Python compiled it in the page. Sources are dropped, as
Pyodide does for its own packages: nothing in the page reads them.

Modules are compiled as ``python -OO`` would (``optimize=2``): without
docstrings and asserts. That takes 0.6 MB off the archive (4.5 -> 3.9 MB) and
0.3 MB off the build's gzipped memory image (``snapshot.mjs``); nothing in
the page reads docstrings, and the stdlib is written to run under ``-OO``.
The rules core is not compiled here, so its own asserts and docstrings stay.
"""

import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

EPOCH = (1980, 1, 1, 0, 0, 0)


def entry(name):
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16
    info.create_system = 3
    return info


def compile_zip(source, target, prefix):
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as compiled:
        for name in sorted(original.namelist()):
            data = original.read(name)
            if name.endswith(".py"):
                code = compile(data, f"{prefix}/{name}", "exec", dont_inherit=True, optimize=2)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
                name += "c"
            compiled.writestr(entry(name), data, compresslevel=9)


compile_zip(SOURCE, TARGET, PREFIX)  # noqa: F821 (set by precompile.mjs)
