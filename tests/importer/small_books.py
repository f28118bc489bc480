"""Import a small book written inline in a test, and read the headings of its rules."""

from __future__ import annotations

from build_tools.importer import Imported, import_text
from build_tools.numbering import numbering_of


def import_book(source: str, *, path: str, numbering: str = "case", fmt: str = "text") -> Imported:
    """``source`` imported as ``path`` (``rulesets/<ruleset>/sources/…``) says, in ``numbering``, read as ``fmt``."""
    return import_text(source, path=path, ruleset=path.split("/")[1], numbering=numbering_of(numbering), format=fmt)


def rule_headings(page: str) -> list[str]:
    """The page's heading lines without their attribute lists: ``## 5.1 Costs.``."""
    return [line.split(" {")[0] for line in page.splitlines() if line.startswith("#")]
