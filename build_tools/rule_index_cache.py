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
from pathlib import Path

from build_tools.json_cache import code_digest

FOLDER = Path(".ruleref") / "rule-index"
# The files whose code decides what a page's reading holds.
_READER_FILES = ("rule_index.py", "rule_index_cache.py", "numbering.py", "rulesets.py", "references/*.py",
                 "importer/markdown_text.py")


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
    digest = hashlib.sha256(code_digest(_READER_FILES))
    digest.update(ruleset_digest)
    digest.update(page_path.encode("utf-8") + b"\0")
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()
