"""Characters a reader cannot see, in a source: removed and reported, or refused.

A zero-width space or a byte-order mark before ``15.23 vs WIRE:`` would hide
the rule number from the importer and silently merge the rule into the one
before; control characters would pass into the pages and ``rule-index.json``.
So before a source is read:

* invisible format characters (zero-width space and joiners, word joiner,
  byte-order mark, soft hyphen) are removed, and the report says where (a
  joiner between two emoji, which makes them one, stays); a
  word a soft hyphen broke at a line's end (``move\u00ad`` over ``ment is
  slow``) is joined on the first line, so that search finds it, and the
  line count stays as it was; a word broken after a printed hyphen
  (``counter-`` over ``attack at once``) is joined the same way, hyphen
  kept (``counter-attack``, not ``counter- attack``), and not reported: the
  characters stay as printed, only the line break moves (before the word's start,
  where its end is all the next line holds: ``zone of con-`` over ``trol.``);
* a ligature a PDF copy keeps (``ﬁ``, ``ﬂ``, ``ﬀ``: one character for two
  letters, which search and the reference grammar cannot read) is written
  as its letters, and the report says where: the same words, in letters;
* a form feed (a page break in text copied from a PDF) becomes a line break, or, at a line's start, where
  pdftotext writes it, nothing (an editor shows it on that line: the line numbers stay the editor's); the lines
  that start a page are told to the importer (``page_breaks``), which keeps a running head there apart;
* bidirectional controls (which can make text read differently from how it
  is stored) and other control characters are refused, naming line and column.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from build_tools.errors import SourceError

INVISIBLE = "\u00ad\u180e\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff"
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# A zero-width joiner between two emoji joins them into one ("👨‍👩‍👧", a family): it stays.
_EMOJI = "\u2600-\u27bf\U0001f000-\U0001faff"
_INVISIBLE = re.compile(f"(?!(?<=[{_EMOJI}\ufe0f])\u200d(?=[{_EMOJI}]))[{INVISIBLE}]")
LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb05": "st",
             "\ufb06": "st"}
_LIGATURE = re.compile(f"[{''.join(LIGATURES)}]")
# A soft hyphen ending a line, and the rest of the word (a lower-case letter first: never a rule
# number or a new sentence) on the next line, when more text follows it there.
_BROKEN_WORD = re.compile(r"\u00ad[ \t]*\n([ \t]*)([^\W\d_A-Z][^\s\u00ad]*)[ \t]+(?=\S)")
# The same after a printed hyphen at a line's end, with a letter before it (never a range "6.1-").
_HYPHENATED_WORD = re.compile(r"(?<=[^\W\d_])-[ \t]*\n([ \t]*)([^\W\d_A-Z][^\s\u00ad]*)[ \t]+(?=\S)")
# The same where the word's end is all its next line holds ("zone of con-" over "trol."): the word's start moves
# down instead, as moving its end up would leave a blank line, which ends a paragraph.
_HYPHENATED_LAST_WORD = re.compile(r"[ \t]+([^\W\d_][^\s\u00ad]*?(?<=[^\W\d_]))-[ \t]*\n([ \t]*)([^\W\d_A-Z]\S*)"
                                   r"[ \t]*(?=\n|\Z)")
_REFUSED = re.compile(f"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f{BIDI}]")


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def clean_text(text: str, path: str) -> tuple[str, list[str]]:
    """``text`` without invisible characters or ligatures, and a warning per line for each kind
    removed or rewritten there.

    Raises SourceError at the first control or bidirectional character."""
    refused = _REFUSED.search(text)
    if refused:
        line, column = _position(text, refused.start())
        kind = "a bidirectional control" if refused.group() in BIDI else "a control character"
        raise SourceError(path, line, f"{kind} (U+{ord(refused.group()):04X}) at column {column}: remove it; "
                                      "rule text must read as it is stored")
    if "-\n" in text or "- \n" in text:
        text = _HYPHENATED_WORD.sub(lambda found: f"-{found.group(2)}\n{found.group(1)}", text)
        text = _HYPHENATED_LAST_WORD.sub(lambda found: f"\n{found.group(2)}{found.group(1)}-{found.group(3)}", text)
    if text.isascii():  # every character below is outside ASCII: most sources have none of them
        return text, []
    joined = _where(text, _BROKEN_WORD, lambda found: "joined a word a soft hyphen broke at the line's end "
                                                       f"with its end from the next line, {found.group(2)!r}")
    text = _BROKEN_WORD.sub(lambda found: f"{found.group(2)}\n{found.group(1)}", text) if joined else text
    removed = _where(text, _INVISIBLE, lambda found: f"removed an invisible character (U+{ord(found.group()):04X})")
    text = _INVISIBLE.sub("", text) if removed else text
    written = _where(text, _LIGATURE, lambda found: f"wrote a ligature ({found.group()}, U+{ord(found.group()):04X}) "
                                                    f"as its letters, {LIGATURES[found.group()]!r}")
    text = _LIGATURE.sub(lambda found: LIGATURES[found.group()], text) if written else text
    return text, [f"{path}:{line}: {message}" for line, message in sorted(joined + removed + written,
                                                                           key=lambda found: found[0])]


def page_breaks(text: str) -> tuple[str, frozenset[int]]:
    """``text`` without its form feeds, and the lines (counted from 0) each page after the first starts on."""
    if "\f" not in text:
        return text, frozenset()
    pages = text.split("\f")
    out, tops = [pages[0]], []
    lines = pages[0].count("\n")
    for page in pages[1:]:
        if out[-1] and not out[-1].endswith("\n"):  # "text\fnext": the page break is a line break
            out.append("\n")
            lines += 1
        tops.append(lines)
        out.append(page)
        lines += page.count("\n")
    return "".join(out), frozenset(tops)


def _where(text: str, pattern: re.Pattern, what: Callable[[re.Match], str]) -> list[tuple[int, str]]:
    """(line, ``what(match)`` at column N) for the first match of ``pattern`` on each line: soft
    hyphens from a PDF copy come several to a line, over thousands of lines."""
    found_on = []
    line, line_start, counted = 1, 0, 0  # lines are counted on from the last match, not from the start
    for match in pattern.finditer(text):
        offset = match.start()
        newlines = text.count("\n", counted, offset)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted, offset) + 1
        counted = offset
        if not found_on or found_on[-1][0] != line:
            found_on.append((line, f"{what(match)} at column {offset - line_start + 1}"))
    return found_on
