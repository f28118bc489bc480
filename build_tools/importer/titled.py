"""Titled rule text: no rule numbers, sections headed by title lines (the Battlefront supplement).

The first line is the document's title (h1). After it, a line is a section
title when it reads like one: short, capitalised, without a comma or
sentence-ending punctuation, not a bullet, not wrapped into the next line
(which would start lower-case or with "(") and not wrapped from the line
before (which must end a sentence, be a title, a bullet or a table row;
words in capitals, "LAYING MINES DURING PLAY", head a part whatever precedes).
A heuristic cannot be right for every text: the source's ``titles`` and
``not_titles`` (in ruleset.yml) settle single lines either way.

Everything else is kept as written: "- " lines are list items (their wrapped
lines join them: a line is wrapped when the one before ends mid-sentence and it
does not start with a capitalised word; a lone "-" takes the line after it as
its text), numbered or lettered steps after a line ending on a colon
("1. Draw two cards.", "A. Allied Player Turn") a list with their markers, other
lines are paragraphs, and ``|``-lines form a table.
"""

from __future__ import annotations

import re

from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md
from build_tools.importer.page import Page
from build_tools.importer.pipe_tables import read_pipe_table

# The longest real title is 53 characters ("Attacking the occupants of the Fort
# using Direct Fire"); the shortest unpunctuated sentence line that otherwise
# looks like a title is 69 ("Units may attempt to move through a minefield ...").
MAX_TITLE_LENGTH = 60
# A leftover of the web page the text was copied from; dropped from titles only.
TOC_MARK = " Table of Contents"
_SENTENCE_END = re.compile(r"[.!?:;][\"')]*$")
# A line starting with a capitalised word starts anew; a wrapped line starts
# lower-case or with a word in capitals for emphasis ("NOR may they ...").
_CAPITALISED = re.compile(r"[A-Z](?![A-Z])")


def _is_bullet(line: str) -> bool:
    return line == "-" or line.startswith("- ")


# A numbered or lettered step: "1. Draw two cards.", "b) Play one.", "(2) Discard."
_ORDERED = re.compile(r"(?P<marker>\(?(?:\d{1,2}|[A-Za-z])[.)])\s+(?P<text>\S.*)")


def _ordered_items(lines: list[str]) -> set[int]:
    """The lines that are steps of a numbered or lettered list: after a line ending on a colon, and
    each after such a step ("Each round has three steps:", "1. Draw two cards.", "2. Play one.")."""
    items: set[int] = set()
    for index, line in enumerate(lines):
        if index and _ORDERED.fullmatch(line) and (lines[index - 1].endswith(":") or index - 1 in items):
            items.add(index)
    return items


def _title_name(line: str) -> tuple[str, bool]:
    """``"AVRE"`` -> ``("AVRE", False)``; ``"... Table of Contents"`` -> (the rest, True)."""
    if line.endswith(TOC_MARK) and len(line) > len(TOC_MARK):
        return line[: -len(TOC_MARK)].rstrip(), True
    return line, False


def looks_like_title(line: str, previous: str, previous_is_title: bool, following: str | None) -> bool:
    """Whether ``line`` (stripped) is a section title, judged from its shape and neighbours
    (``previous`` is "" after a blank line, ``following`` None at the end)."""
    name, _ = _title_name(line)
    if not name or len(name) > MAX_TITLE_LENGTH or not name[0].isupper():
        return False
    if "," in name or _SENTENCE_END.search(name) or line.startswith("|"):
        return False
    if following and (following[0].islower() or following[0] == "("):
        return False
    if previous and not (previous_is_title or _SENTENCE_END.search(previous) or _is_bullet(previous)
                         or previous.startswith("|") or _in_capitals(name)):
        return False
    return True


def heading_level(line: str) -> int:
    """Part headings (h2) are marked "Table of Contents" or written in capitals
    over several words ("LAYING MINES DURING PLAY"); a single capitalised word is
    a name ("AVRE", "ARK") and, like the other titles, a section (h3)."""
    name, marked = _title_name(line)
    return 2 if marked or _in_capitals(name) else 3


def _in_capitals(name: str) -> bool:
    return not any(c.islower() for c in name) and len(name.split()) > 1


class _Writer:
    """Collects Markdown blocks; open paragraphs and lists close at the next block."""

    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.paragraph: list[str] = []
        self.items: list[list[str]] = []
        self.markers: list[str] = []  # each item's: "-" for a bullet, else as printed ("1.", "b)")

    def close(self) -> None:
        if self.paragraph:
            self.blocks.append(md.paragraph(self.paragraph))
        if self.items and set(self.markers) == {"-"}:
            self.blocks.append(md.bullet_list(["\n".join(md.escape_line(line) for line in item)
                                               for item in self.items]))
        elif self.items:  # a numbered list keeps its printed markers
            self.blocks.append(md.html_list([(1, marker, "\n".join(md.escape_inline(line) for line in item))
                                             for marker, item in zip(self.markers, self.items)]))
        self.paragraph, self.items, self.markers = [], [], []

    def block(self, markdown: str) -> None:
        self.close()
        self.blocks.append(markdown)


def import_titled(text: str, *, path: str, titles: list[str], not_titles: list[str]) -> Page:
    lines = [line.strip() for line in text.split("\n")]
    for key, entries in (("titles", titles), ("not_titles", not_titles)):
        for entry in entries:
            if entry not in lines:
                raise SourceError(path, None, f"{key}: {entry!r} matches no line of the text; "
                                              "fix or remove it in ruleset.yml")
    first = next((i for i, line in enumerate(lines) if line), None)
    if first is None:
        raise SourceError(path, None, "empty file: no rules to import")
    document_title = lines[first]
    if _SENTENCE_END.search(document_title) or len(document_title) > MAX_TITLE_LENGTH:
        raise SourceError(path, first + 1, "the first line must be the document's title, not a sentence")

    ids: dict[str, int] = {}

    def heading(level: int, line: str, index: int) -> str:
        name, _ = _title_name(line)
        base = md.slug(name)
        if not base:
            raise SourceError(path, index + 1, f"title {line!r} has no letters or digits to make an ID from")
        ids[base] = ids.get(base, 0) + 1
        rule_id = base if ids[base] == 1 else f"{base}-{ids[base]}"
        return md.rule_heading(level, name, rule_id)

    steps = _ordered_items(lines)
    title_lines = {first}
    for index in range(first + 1, len(lines)):
        line = lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else None
        after_lone_dash = lines[index - 1] == "-"  # the item's text, whatever it looks like
        if line in titles or (line and line not in not_titles and not _is_bullet(line) and index not in steps
                              and not after_lone_dash
                              and looks_like_title(line, lines[index - 1], index - 1 in title_lines, following)):
            title_lines.add(index)

    out = _Writer()
    out.block(heading(1, document_title, first))
    index = first + 1
    while index < len(lines):
        line = lines[index]
        if not line:
            out.close()
        elif index in title_lines:
            out.block(heading(heading_level(line), line, index))
        elif line.startswith("|"):
            table, index = read_pipe_table(lines, index, path)
            out.block(table)
            continue
        elif index in steps:
            if out.paragraph or (out.items and out.markers[-1] == "-"):
                out.close()
            step = _ORDERED.fullmatch(line)
            out.items.append([step.group("text")])
            out.markers.append(step.group("marker"))
        elif _is_bullet(line):
            if out.paragraph or (out.items and out.markers[-1] != "-"):
                out.close()
            item_start = index
            if line == "-":
                index += 1
                if index >= len(lines) or not lines[index] or lines[index].startswith(("-", "|")):
                    raise SourceError(path, item_start + 1, "a lone '-' must be followed by its item's text")
                item = [lines[index]]
            else:
                item = [line[2:]]
            while (index + 1 < len(lines) and lines[index + 1] and index + 1 not in title_lines
                   and not _SENTENCE_END.search(lines[index]) and not _CAPITALISED.match(lines[index + 1])
                   and not _is_bullet(lines[index + 1]) and not lines[index + 1].startswith("|")):
                index += 1
                item.append(lines[index])
            out.items.append(item)
            out.markers.append("-")
        else:
            if out.items:
                out.close()
            out.paragraph.append(line)
        index += 1
    out.close()
    return Page(title=_title_name(document_title)[0], chapter=None, markdown="\n\n".join(out.blocks) + "\n")
