"""Obsidian's block references in a Markdown source: ``… per game. ^hero-rule`` ends a paragraph with an ID, and
``[[#^hero-rule]]`` (or ``[[Rules#^hero-rule|the hero rule]]``) links to that paragraph.

An ID a link names is no text of the book: it is left out of the page. A link to it is a link to the rule holding the
paragraph (``[[6.1\\|the hero rule]]``, linked by the build); one to an ID no line of the source ends with keeps its
text (or the ID, when it has none) and is listed.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from typing import NamedTuple

# An ID after a paragraph's, a list item's or a heading's last word, at the line's end: "^hero-rule" (Obsidian's
# letters, digits and dashes; on the page, before a list item's end tag or a heading's attribute block).
_BLOCK_ID = re.compile(r"(?<=\S)[ \t]+\^(?P<id>[A-Za-z0-9][A-Za-z0-9-]*)(?=[ \t]*(?:</li>|\{:[^{}]*\})?[ \t]*$)",
                       re.MULTILINE)
# A link to one, as the importer writes a wiki link's text ("|" escaped): "[[#^id]]", "[[Note#^id\|text]]".
_LINK_TO_BLOCK = re.compile(r"\[\[[^\[\]|#\\]*#\^(?P<id>[A-Za-z0-9-]+)(?:\\?\|(?P<text>[^\[\]]*))?\]\]")


class LostBlockLink(NamedTuple):
    """A link to a block ID no line of the source ends with: kept as its text."""
    id: str
    text: str


def has_block_ids(markdown: str) -> bool:
    return "^" in markdown and (_BLOCK_ID.search(markdown) is not None or _LINK_TO_BLOCK.search(markdown) is not None)


def resolve(markdown: str, raw_lines: list[str], rule_starts: dict[int, str]) -> tuple[str, list[LostBlockLink]]:
    """``markdown`` without its block IDs, each link to one a link to the rule holding it; and the links to IDs no
    line ends with. ``rule_starts``: the rule starting on each (0-based) line of the source."""
    starts = sorted(rule_starts)
    linked = {found["id"] for found in _LINK_TO_BLOCK.finditer(markdown)}
    holding: dict[str, str] = {}
    for index, raw in enumerate(raw_lines):
        block = _BLOCK_ID.search(raw) if "^" in raw else None
        if block is None or block["id"] not in linked:  # ("Area is r ^2": an exponent, no block no link names)
            continue
        at = bisect_right(starts, index) - 1
        if at >= 0:  # (one before every rule holds no rule)
            holding.setdefault(block["id"], rule_starts[starts[at]])
    lost: list[LostBlockLink] = []

    def link(found: re.Match[str]) -> str:
        text = found["text"] or ""
        rule_id = holding.get(found["id"])
        if rule_id is None:
            lost.append(LostBlockLink(found["id"], text))
            return text or found["id"]
        return f"[[{rule_id}\\|{text}]]" if text else f"[[{rule_id}]]"

    markdown = _LINK_TO_BLOCK.sub(link, markdown)
    return _BLOCK_ID.sub(lambda block: "" if block["id"] in holding else block.group(), markdown), lost
