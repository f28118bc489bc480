"""A definition list in a Markdown source (PHP Markdown Extra's and pandoc's) read as the list it is.

A term on a line of its own after a blank line, then its definition on a line
starting ``:`` or ``~`` and a space (a blank line between them is allowed)::

    Zone of Control
    : The six hexes around a unit.
      A second line, indented or not.

    Stronghold
    Fort
    :   A hex with a fort (two terms, one definition).

        Its second paragraph, indented.
    : A second definition of the same terms.

Lines of terms one under another are terms of the same definition. A definition
goes on to a blank line or a line that opens a block; after a blank line, an
indented line goes on with a new paragraph of it, a ``:`` line starts another
definition of the same terms, and a term with its definition goes on with the
list. A term is never a line that opens a block or starts with a rule's number
(the reader's ``opens_block``): a rule is never read as a term, nor as more of
a definition.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from build_tools.importer import markdown_text as md

_DEFINITION = re.compile(r" {0,3}[:~][ \t]+(?P<text>\S.*)")
# A source holding a definition's line: the only ones worth looking for a list in.
DEFINITION_LINE = re.compile(r"^ {0,3}[:~][ \t]+\S", re.MULTILINE)
_INDENTED = re.compile(r"(?: {2,}|\t)\S")


def definition_lists(text_lines: list[str], opens_block: Callable[[str], bool],
                     inline: Callable[[str], str], paragraph_line: Callable[[str], str]) -> dict[int, tuple[int, str]]:
    """First line of each definition list -> (its last line, the list as page Markdown).

    ``opens_block(line)``: the line is no term (a heading, an item, a rule's number …);
    ``inline``/``paragraph_line``: the reader's escaping of a term and of a definition's lines."""
    lists: dict[int, tuple[int, str]] = {}
    index = 0
    while index < len(text_lines):
        entry = _entry(text_lines, index, opens_block) if index == 0 or not text_lines[index - 1].strip() else None
        if entry is None:
            index += 1
            continue
        first, entries = index, []
        while entry is not None:
            terms, definitions, index = entry
            entries.append((terms, definitions))
            after = _next_nonblank(text_lines, index)  # the next entry, after a blank line
            entry = _entry(text_lines, after, opens_block) if after > index else None
        lists[first] = (index - 1, _page_markdown(entries, inline, paragraph_line))
    return lists


def _entry(text_lines: list[str], index: int, opens_block: Callable[[str], bool]):
    """(terms, definitions, the line after its last) of the entry starting at ``index``, or None.
    A definition is a list of paragraphs, a paragraph a list of lines."""
    start = index
    while index < len(text_lines) and text_lines[index].strip() and not _DEFINITION.match(text_lines[index]):
        index += 1
    terms = text_lines[start:index]
    if index < len(text_lines) and not text_lines[index].strip():  # a blank line between term and definition
        index += 1
    if not terms or index >= len(text_lines) or not _DEFINITION.match(text_lines[index]) or any(
            opens_block(term) or _INDENTED.match(term) for term in terms):
        return None
    terms = [term.strip() for term in terms]
    definitions: list[list[list[str]]] = []
    while True:
        marker = _DEFINITION.match(text_lines[index])
        if marker:  # a definition of the terms
            definitions.append([[marker.group("text").strip()]])
        else:  # an indented line after a blank one: the definition's next paragraph
            definitions[-1].append([text_lines[index].strip()])
        index += 1
        while _goes_on(text_lines, index, opens_block):  # the paragraph's next line, indented or not
            definitions[-1][-1].append(text_lines[index].strip())
            index += 1
        after = _next_nonblank(text_lines, index)
        if after == len(text_lines) or not (_DEFINITION.match(text_lines[after]) or after > index and _INDENTED.match(
                text_lines[after]) and _goes_on(text_lines, after, opens_block)):
            return terms, definitions, index
        index = after


def _goes_on(text_lines: list[str], index: int, opens_block: Callable[[str], bool]) -> bool:
    """The line goes on with a definition's paragraph: text, not a next definition, nor a line that
    opens a block (a rule's number after a definition is that rule, never more of the definition)."""
    return (index < len(text_lines) and bool(text_lines[index].strip()) and not _DEFINITION.match(text_lines[index])
            and not opens_block(text_lines[index]))


def _next_nonblank(text_lines: list[str], index: int) -> int:
    while index < len(text_lines) and not text_lines[index].strip():
        index += 1
    return index


def _page_markdown(entries, inline: Callable[[str], str], paragraph_line: Callable[[str], str]) -> str:
    items = []
    for terms, definitions in entries:
        items += [("dt", inline(term), None) for term in terms]
        for paragraphs in definitions:
            if len(paragraphs) == 1:
                items.append(("dd", "\n".join(inline(line) for line in paragraphs[0]), None))
            else:  # paragraphs: Markdown blocks inside the item, each line kept from opening another block
                items.append(("dd", "\n\n".join("\n".join(paragraph_line(line) for line in paragraph)
                                                 for paragraph in paragraphs), None))
    return md.definition_items("rr-definitions", items)
