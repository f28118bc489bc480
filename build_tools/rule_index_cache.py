"""What the rule index read from each rule page, kept under the page's content.

Reading a page for the rule index (its rules, their plain text and the rules
each cites) is most of an index's cost: a quarter of a second for a
10,000-rule book, paid by every build, every ``ruleref check`` and every
rebuild of ``ruleref serve``. A page's reading depends only on its text, its
path, its ruleset's ``ruleset.yml`` and the code that reads it, so it is kept
in ``.ruleref/rule-index/`` beside ``docs/``, in a file named by the SHA-256
of all of these. ``ruleref import`` writes the reading of each page it writes
(it has the page in hand), and a build writes the reading of any page it had
to read itself (a page edited by hand). A changed page, ruleset or reader
gets a new name, never an old reading; a cache file that cannot be read is
read from the page again.
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache
from pathlib import Path

FOLDER = Path(".ruleref") / "rule-index"
# The files whose code decides what a page's reading holds.
_READER_FILES = ("rule_index.py", "rule_index_cache.py", "numbering.py", "rulesets.py", "references/*.py",
                 "importer/markdown_text.py")
_BUILD_TOOLS = Path(__file__).parent


def folder_of(docs_dir: Path) -> Path:
    """Where the readings of the pages of ``docs_dir`` are kept: beside it, as the project's ``.ruleref/``."""
    return Path(docs_dir).parent / FOLDER


def ruleset_digest(ruleset) -> bytes | None:
    """What a page's reading takes from its ruleset: its id and ``ruleset.yml`` (None: a ruleset
    without a ``ruleset.yml`` to go by, whose readings are not kept)."""
    try:
        settings = (Path(ruleset.folder) / "ruleset.yml").read_bytes()
    except OSError:
        return None
    return hashlib.sha256(ruleset.id.encode("utf-8") + b"\0" + settings).digest()


def key(text: str, page_path: str, ruleset_digest: bytes | None) -> str | None:
    """The name of the reading of page ``page_path`` with ``text`` in the ruleset of ``ruleset_digest``."""
    if ruleset_digest is None:
        return None
    digest = hashlib.sha256(_reader_digest())
    digest.update(ruleset_digest)
    digest.update(page_path.encode("utf-8") + b"\0")
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()


def load(folder: Path, name: str) -> dict | None:
    """The reading kept as ``name``, or None when there is none (or it cannot be read)."""
    try:
        reading = json.loads((folder / f"{name}.json").read_bytes())
    except (OSError, ValueError):
        return None
    return reading if isinstance(reading, dict) else None


def store(folder: Path, name: str, reading: dict, *, replace: bool = False) -> None:
    """Keep ``reading`` as ``name``; a folder that cannot be written keeps nothing (the next build reads again).

    A name is its content's digest, so a reading kept already is this one and is left as it is, unless
    ``replace`` (it could not be read): on ext4, renaming over a file waits for the new one's blocks,
    and an import that wrote 56 pages waited a quarter of a second."""
    target = folder / f"{name}.json"
    if not replace and target.exists():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{name}.{os.getpid()}.partial"
        partial.write_text(json.dumps(reading), encoding="ascii")  # json.dumps escapes all but ASCII
        os.replace(partial, target)
    except OSError:
        pass


def keep_only(folder: Path, names: set[str]) -> None:
    """Remove the readings not named in ``names`` (pages since changed or removed)."""
    try:
        kept = list(folder.iterdir())
    except OSError:
        return
    for path in kept:
        if path.suffix == ".json" and path.stem not in names:
            path.unlink(missing_ok=True)


@cache
def _reader_digest() -> bytes:
    digest = hashlib.sha256()
    for pattern in _READER_FILES:
        for path in sorted(_BUILD_TOOLS.glob(pattern)):
            digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.digest()

