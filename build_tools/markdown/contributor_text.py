"""What a contributor's field (an annotation, a glossary entry) may hold: Markdown text, nothing active.

Annotation fields are rendered as Markdown into rule pages, and glossary
expansions become tooltip attributes, so a field is refused, with its
file:line, when it holds:

* raw HTML (``<script>``, ``<img onerror=…>``, ``<iframe srcdoc=…>``, comments):
  Markdown says everything a note needs, and a ``<`` that starts no tag
  (``DR < 2``) stays text;
* a link or image whose address runs code or carries its own content
  (``javascript:``, ``vbscript:``, ``data:``), however it is spelled;
* control or bidirectional-formatting characters, which are invisible, can
  reorder what a reader sees, and include the markers Python-Markdown keeps
  its placeholders in (``\\x02``, ``\\x03``).

A refused field fails the build (the strict build turns the warning into an
error) and leaves the last good site in place.
"""

from __future__ import annotations

import html
import re

from build_tools.importer.characters import BIDI

# A "<" that Python-Markdown would pass through as markup: a tag, a comment, a
# declaration; not its web autolinks (<https://…>), not a "<" before a space.
_RAW_HTML = re.compile(r"<(?!(?:[Hh][Tt][Tt][Pp][Ss]?|[Ff][Tt][Pp])://)[A-Za-z/!?]")
# The sources' own list of bidirectional controls (importer/characters.py), and every C0/C1 control
# but tab and line ends: a form feed has no place in a YAML field.
_CONTROL = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI}]")
# Markdown link and image destinations: [text](dest), ![alt](dest), [ref]: dest, <dest>.
_DESTINATION = re.compile(r"\]\(\s*<?([^)\s>]*)|^\s*\[[^\]]*\]:\s*<?(\S*)", re.MULTILINE)
_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:")


def _scheme_of(address: str) -> str:
    """The address as a browser reads its scheme: entities decoded, whitespace and controls dropped, any case."""
    decoded = html.unescape(address)
    return re.sub(r"[\s\x00-\x1f]+", "", decoded).lower()


def problem(text: str) -> str | None:
    """Why ``text`` cannot be published as a contributor's field, or None."""
    control = _CONTROL.search(text)
    if control:
        return (f"holds the control or bidirectional character U+{ord(control.group(0)):04X}, "
                "which readers cannot see; remove it")
    raw = _RAW_HTML.search(text)
    if raw:
        shown = text[raw.start(): raw.start() + 30]
        return (f"holds raw HTML ({shown!r}); annotation and glossary text is Markdown only "
                "(write a literal < as &lt;)")
    for match in _DESTINATION.finditer(text):
        address = _scheme_of(match.group(1) or match.group(2) or "")
        if address.startswith(_UNSAFE_SCHEMES):
            return f"links to {address.split(':', 1)[0]}: addresses, which can run code; link to a web page instead"
    return None
