"""Exceptions and printed errata set apart: the ``build_tools.markdown.exceptions`` extension.

The rulebook prints exceptions as ``[EXC: ...]`` and errata as
``[ERRATA: ...]`` inside the rule text. Each becomes
``<span class="rr-exc">`` / ``<span class="rr-errata">`` around the bracketed
text, brackets included and wording unchanged. The span's text stays ordinary
Markdown text: emphasis, escapes and the rule references inside it
(``[EXC: ... (D5.6) ...]``) are still processed.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor

CLASSES = {"EXC": "rr-exc", "ERRATA": "rr-errata"}


def closing_bracket(text: str, start: int) -> int | None:
    """Index of the ``]`` that closes the ``[`` at ``start`` (nested brackets
    such as ``[EXC: ... [i.e., unbroken] ...]`` are balanced), or None."""
    depth = 0
    for position in range(start, len(text)):
        if text[position] == "[":
            depth += 1
        elif text[position] == "]":
            depth -= 1
            if depth == 0:
                return position
    return None


class BracketedNoteProcessor(InlineProcessor):
    # Python-Markdown hands the text of our span to the inline patterns again
    # when the span sits inside emphasis or a link; without this the exception
    # would be wrapped twice. (A bracketed note inside another stays plain text.)
    ANCESTOR_EXCLUDES = ("span",)

    def handleMatch(self, m: re.Match, data: str):
        end = closing_bracket(data, m.start())
        if end is None:
            return None, None, None
        span = etree.Element("span", {"class": CLASSES[m.group(1)]})
        # Plain text, not AtomicString: the inline patterns after this one and
        # the references treeprocessor still work inside the brackets.
        span.text = data[m.start():end + 1]
        return span, m.start(), end + 1


class ExceptionsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 175: after code spans (190) and backslash escapes (180), so
        # "[EXC:" inside code or an escaped "\]" is left alone; before
        # reference links (170) and links (160), which would otherwise read the
        # brackets as link text. The span's text is processed by the patterns
        # ranked below this one.
        md.inlinePatterns.register(BracketedNoteProcessor(r"\[(EXC|ERRATA):", md), "rr_exceptions", 175)


def makeExtension(**kwargs) -> ExceptionsExtension:
    return ExceptionsExtension(**kwargs)
