"""Files of JSON in ``.ruleref/``, each named by the SHA-256 of everything it was made from.

The caches (``rule_index_cache``: the rule index's reading of each page;
``import_cache``: what the import made of each source) keep work a build would
otherwise do again. A name is a digest of every input, the code that does the
work among them, so a kept file is never stale: a changed input gets a new
name. A file that cannot be read or written is no error; the work is done again.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path

_BUILD_TOOLS = Path(__file__).parent


def load(folder: Path, name: str) -> dict | None:
    """The data kept as ``name``, or None when there is none (or it cannot be read)."""
    try:
        data = json.loads((folder / f"{name}.json").read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def store(folder: Path, name: str, data: dict, *, replace: bool = False) -> None:
    """Keep ``data`` as ``name``; a folder that cannot be written keeps nothing (the work is done again).

    A name is its content's digest, so data kept already is this data and is left as it is, unless
    ``replace`` (it could not be read): on ext4, renaming over a file waits for the new one's blocks,
    and an import that wrote 56 pages waited a quarter of a second."""
    target = folder / f"{name}.json"
    if not replace and target.exists():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{name}.{os.getpid()}.partial"
        partial.write_text(json.dumps(data), encoding="ascii")  # json.dumps escapes all but ASCII
        os.replace(partial, target)
    except OSError:
        pass


def keep_only(folder: Path, names: set[str]) -> None:
    """Remove the files not named in ``names`` (made from inputs since changed or removed)."""
    try:
        kept = list(folder.iterdir())
    except OSError:
        return
    for path in kept:
        if path.suffix == ".json" and path.stem not in names:
            path.unlink(missing_ok=True)


@cache
def code_digest(patterns: tuple[str, ...]) -> bytes:
    """The SHA-256 of the files of ``build_tools/`` matching ``patterns`` (globs relative to it):
    the code whose output a cache keeps."""
    digest = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(_BUILD_TOOLS.glob(pattern)):
            digest.update(path.relative_to(_BUILD_TOOLS).as_posix().encode("utf-8") + b"\0" + path.read_bytes())
    return digest.digest()
