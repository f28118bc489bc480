"""A word-level diff of two texts, as HTML: removed words in ``<del>``, added words in ``<ins>``.

Paragraphs (blank-line separated, as the rule index reads a rule's text) stay
paragraphs; everything else is escaped, so the diff of any rule text is safe
to put into a page as is.
"""

from __future__ import annotations

import difflib
import html
import re

_TOKEN = re.compile(r"\n\n|\S+")
_PARAGRAPH = "\n\n"


def word_diff_html(before: str, after: str) -> str:
    """``<p>The <del>old</del><ins>new</ins> words</p>``: one ``<p>`` per paragraph of the newer text's shape."""
    old, new = _TOKEN.findall(before), _TOKEN.findall(after)
    pieces: list[tuple[str, str]] = []  # (kind: "" | "del" | "ins", token)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            pieces += [("", token) for token in old[i1:i2]]
            continue
        pieces += [("del", token) for token in old[i1:i2]]
        pieces += [("ins", token) for token in new[j1:j2]]
    paragraphs: list[list[str]] = [[]]
    run_kind, run = "", []

    def flush():
        if run:
            words = html.escape(" ".join(run), quote=False)
            paragraphs[-1].append(f"<{run_kind}>{words}</{run_kind}>" if run_kind else words)
            run.clear()

    for kind, token in pieces:
        if token == _PARAGRAPH:
            flush()
            if kind != "del":
                paragraphs.append([])
            continue
        if kind != run_kind:
            flush()
            run_kind = kind
        run.append(token)
    flush()
    return "".join(f"<p>{' '.join(words)}</p>" for words in paragraphs if words)
