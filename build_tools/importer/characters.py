"""Characters a reader cannot see, in a source: removed and reported, or refused.

A zero-width space or a byte-order mark before ``15.23 vs WIRE:`` would hide
the rule number from the importer and silently merge the rule into the one
before; control characters would pass into the pages and ``rule-index.json``.
So before a source is read:

* invisible format characters (zero-width space and joiners, word joiner,
  byte-order mark, soft hyphen) are removed, and the report says where;
* a form feed (a page break in text copied from a PDF) becomes a line break;
* bidirectional controls (which can make text read differently from how it
  is stored) and other control characters are refused, naming line and column.
"""

from __future__ import annotations

import re

from build_tools.errors import SourceError

INVISIBLE = "\u00ad\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_REFUSED = re.compile(f"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f{BIDI}]")


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def clean_text(text: str, path: str) -> tuple[str, list[str]]:
    """``text`` without invisible characters, and a warning per line they were removed from.

    Raises SourceError at the first control or bidirectional character."""
    refused = _REFUSED.search(text)
    if refused:
        line, column = _position(text, refused.start())
        kind = "a bidirectional control" if refused.group() in BIDI else "a control character"
        raise SourceError(path, line, f"{kind} (U+{ord(refused.group()):04X}) at column {column}: remove it; "
                                      "rule text must read as it is stored")
    text = text.replace("\f", "\n")
    warnings = []
    line, line_start, counted = 1, 0, 0  # lines are counted on from the last character found, not from the start
    warned_line = 0
    for match in _INVISIBLE.finditer(text):
        offset = match.start()
        newlines = text.count("\n", counted, offset)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, offset) + 1
        counted = offset
        if line != warned_line:
            warned_line = line
            warnings.append(f"{path}:{line}: removed an invisible character (U+{ord(match.group()):04X}) at "
                            f"column {offset - line_start + 1}")
    return (_INVISIBLE.sub("", text), warnings) if warnings else (text, warnings)
