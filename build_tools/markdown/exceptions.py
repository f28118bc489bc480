"""Exceptions and printed errata set apart: the ``build_tools.markdown.exceptions`` extension.

The rulebook prints exceptions as ``[EXC: ...]`` and errata as
``[ERRATA: ...]`` inside the rule text. Each becomes
``<span class="rr-exc">`` / ``<span class="rr-errata">`` around the bracketed
text, brackets included and wording unchanged. Markup inside the brackets
(emphasis, code, links) stays as it is, and the rule references inside them
(``[EXC: ... (D5.6) ...]``) are still linked.

It works on the finished inline tree rather than as an inline pattern: a
rulebook holds thousands of these, and each match of an inline pattern sends
the rest of the paragraph through every pattern again. So a bracket belongs
to the note when Markdown left it as text: ``[EXC: x](url)`` is a link, as in
any Markdown, and a ``]`` inside emphasis or a link does not close a note
opened outside it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import AtomicString

CLASSES = {"EXC": "rr-exc", "ERRATA": "rr-errata"}
_OPENING = re.compile(r"\[(EXC|ERRATA):")
# Never inside code, nor inside a note already set apart (a note within a note stays text).
_SKIP = frozenset({"code", "pre", "kbd", "samp", "script", "style"})
_NOTE_CLASSES = frozenset(CLASSES.values())


def closing_bracket(text: str, start: int, depth: int = 0) -> tuple[int | None, int]:
    """Where the ``[`` open at ``start`` (with ``depth`` brackets already open
    before ``text``) closes: (index of the balancing ``]`` or None, the depth
    left at the end of ``text``). Nested brackets such as
    ``[EXC: ... [i.e., unbroken] ...]`` are balanced."""
    for position in range(start, len(text)):
        if text[position] == "[":
            depth += 1
        elif text[position] == "]":
            depth -= 1
            if depth == 0:
                return position, 0
    return None, depth


def _depth_after_child(child: etree.Element, depth: int) -> int | None:
    """The bracket depth after the text inside ``child`` (not its tail); None
    when the note would close inside it."""
    for text in child.itertext():
        end, depth = closing_bracket(text, 0, depth)
        if end is not None:
            return None
    return depth


class BracketedNoteTreeprocessor(Treeprocessor):
    def run(self, root: etree.Element) -> None:
        self._walk(root)

    def _walk(self, parent: etree.Element) -> None:
        # Text segments of ``parent``: its text (before child 0), then each child's tail.
        position = 0
        while position <= len(parent):
            text = parent.text if position == 0 else parent[position - 1].tail
            if text and "[" in text and self._set_apart_note(parent, position, text):
                position += 1  # the note is now parent[position]: go on in its tail
                continue
            if position < len(parent):
                child = parent[position]
                if child.tag not in _SKIP and not (child.tag == "span" and child.get("class") in _NOTE_CLASSES):
                    self._walk(child)
            position += 1

    def _set_apart_note(self, parent: etree.Element, position: int, text: str) -> bool:
        """Put the first note opening in ``text``, the text before ``parent[position]``,
        in a span inserted at ``position``; False when there is none."""
        if isinstance(text, AtomicString):
            return False
        for opening in _OPENING.finditer(text):
            end, depth = closing_bracket(text, opening.start())
            last = position  # the segment where the note closes
            while end is None and last < len(parent):
                depth = _depth_after_child(parent[last], depth)
                if depth is None:
                    break
                last += 1
                end, depth = closing_bracket(parent[last - 1].tail or "", 0, depth)
            if end is not None:
                self._wrap(parent, position, last, opening, end)
                return True
        return False

    def _wrap(self, parent: etree.Element, first: int, last: int, opening: re.Match, end: int) -> None:
        """Put the text from ``opening`` (segment ``first``) to ``end`` (segment ``last``),
        and the children between, in a span."""
        span = etree.Element("span", {"class": CLASSES[opening.group(1)]})
        text = opening.string
        before = text[:opening.start()]
        if first == last:
            span.text, span.tail = text[opening.start():end + 1], text[end + 1:]
        else:
            span.text = text[opening.start():]
            moved = list(parent)[first:last]
            for child in moved:
                parent.remove(child)
                span.append(child)
            closing_text = moved[-1].tail
            moved[-1].tail, span.tail = closing_text[:end + 1], closing_text[end + 1:]
        if first == 0:
            parent.text = before
        else:
            parent[first - 1].tail = before
        parent.insert(first, span)


class ExceptionsExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 4: after 'inline' (20), so code spans, links and emphasis
        # are elements; before the references (3) and the glossary (2), which
        # link and explain the text inside the notes too.
        md.treeprocessors.register(BracketedNoteTreeprocessor(md), "rr_exceptions", 4)


def makeExtension(**kwargs) -> ExceptionsExtension:
    return ExceptionsExtension(**kwargs)
