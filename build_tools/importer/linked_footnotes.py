"""Footnotes a converter wrote as links, read as the Markdown footnotes they are.

mammoth and markitdown (Word to Markdown) write a footnote's mark as a link
to its note, ``unit<sup>[[1]](#footnote-1)</sup>``, and the notes as a
numbered list at the end, each item ending in a link back to its mark:
``1. <a id="footnote-1"></a> Not a leader. [↑](#footnote-ref-1)``. Read as
written, the mark's ``[[1]]`` looked like a link to rule 1 and the notes were
text of the book's last rule, which then cited what they cite. Here each
becomes the footnote it stands for, ``unit[^1]`` and ``[^1]: Not a leader.``,
line for line (the report's line numbers stay the source's); a mark whose
note is not in the source stays as written.
"""

from __future__ import annotations

import re

# A note: a numbered item holding its anchor (mammoth) or not (markitdown), its text, then the link back.
_NOTE = re.compile(r"^[ \t]*\d+[.)][ \t]+(?:<a[ \t]+(?:id|name)=\"footnote-\d+\"[ \t]*>[ \t]*</a>[ \t]*)?"
                   r"(?P<text>.*?)[ \t]*\[↑\]\(#footnote-ref-(?P<id>\d+)\)[ \t]*$", re.MULTILINE)
# A mark: "[[1]](#footnote-1)", its brackets maybe escaped, maybe raised in "<sup>…</sup>".
_MARK = re.compile(r"(?:<sup>)?\[\\?\[\d+\\?\]\]\(#footnote-(?P<id>\d+)\)(?:</sup>)?")


def linked_footnotes(text: str) -> str:
    """``text`` with each linked note and its marks written as a Markdown footnote."""
    if "](#footnote-ref-" not in text:  # most sources: checked at C speed
        return text
    notes = {note["id"] for note in _NOTE.finditer(text)}
    if not notes:
        return text
    text = _NOTE.sub(lambda note: f"[^{note['id']}]: {note['text']}", text)
    return _MARK.sub(lambda mark: f"[^{mark['id']}]" if mark["id"] in notes else mark[0], text)
