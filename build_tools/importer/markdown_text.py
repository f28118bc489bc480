"""Writing rule text as Markdown: escaping plain text, and the blocks the importer emits.

Rule text is data. Everything here keeps its characters visible after
Python-Markdown (with attr_list, md_in_html, tables, admonition, toc,
superfences and mark) has rendered it, while leaving alone what later steps must still
see: ``[EXC: ...]`` / ``[ERRATA: ...]`` brackets stay bare, so the extension
that styles them finds them as written.
"""

from __future__ import annotations

import html
import re

# Characters Python-Markdown (or an enabled extension) gives a meaning inside a
# line: emphasis, code, escapes, attribute lists, table cells.
_BACKSLASHED = re.compile(r"([\\`*_{}|])")
# "<" only starts raw HTML, an autolink or a comment when a letter, "/", "!" or
# "?" follows; "< 2PP" stays as it is.
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")
# "&" only matters where it could start an entity ("&amp;", "&#38;", "&#" too:
# md_in_html's HTML parser takes a lone "&#" for the start of one); "A & B" stays.
_ENTITY_START = re.compile(r"&(?=[#A-Za-z0-9])")
# "[text](" would become a link; breaking the "](" keeps the brackets intact.
_LINK_TAIL = re.compile(r"\]\(")

# Line starts that open a block: heading, list, quote, admonition, fence,
# setext underline, link reference definition.
_LINE_STARTS = (
    (re.compile(r"^(#)"), r"\\\1"),
    (re.compile(r"^(\d+)\.(?=\s|$)"), r"\1\\."),
    (re.compile(r"^([-+*])(?=\s|$)"), r"\\\1"),
    (re.compile(r"^-(?=[-\s]*$)"), r"\\-"),  # "---", "--- ---": a rule across the page, as Markdown reads it
    (re.compile(r"^=(?==*\s*$)"), "&#61;"),
    (re.compile(r"^(>)"), r"\\\1"),
    (re.compile(r"^(!!!)"), r"\\\1"),
    (re.compile(r"^~(?=~~)"), "&#126;"),
    (re.compile(r"^\[(?=[^\]]*\]:)"), r"\\["),
)


# Most rule text holds none of the characters any escape is about: it is checked once.
_MAY_NEED_ESCAPES = re.compile(r"[\\`*_{}|&<\]]|==")
_MAY_OPEN_A_BLOCK = frozenset("#0123456789-+*=>!~[")


def escape_inline(text: str) -> str:
    """Plain text -> Markdown that renders as exactly that text inside a block."""
    if not _MAY_NEED_ESCAPES.search(text):
        return text
    text = _BACKSLASHED.sub(r"\\\1", text)
    text = _ENTITY_START.sub("&amp;", text)
    text = _TAG_START.sub("&lt;", text)
    text = text.replace("==", "=&#61;")  # a highlight's mark (pymdownx.mark), which no backslash escapes
    return _LINK_TAIL.sub(r"]\\(", text)


# In a Markdown source, emphasis, code spans and backslash escapes are the
# transcriber's and stay; what could start HTML, an attribute list, a table
# cell or a link is escaped as in plain text, so a source can add no markup
# beyond emphasis (a link within the document keeps its text, see below).
_MARKDOWN_BACKSLASHED = re.compile(r"([{}|])")
# An entity the transcriber wrote (&amp;, &#8212;) is text already; any other "&" is escaped.
_MARKDOWN_ENTITY_START = re.compile(r"&(?!(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);)(?=[#A-Za-z0-9])")


# A code span: a run of backticks, then the same run again (CommonMark), on one line.
_CODE_SPAN = re.compile(r"(?<!`)(?P<ticks>`+)(?!`)(?P<code>.+?)(?<!`)(?P=ticks)(?!`)")


def escape_markdown_inline(text: str) -> str:
    """A Markdown source's inline text -> the same emphasis and code, nothing else active.

    A code span's text is shown exactly as written (``&amp;``, ``{x}``, ``<b>`` and all): it is
    written as ``<code>`` with its text escaped, as Markdown's own code span could not be
    inside the HTML blocks that lists and tables are (md_in_html reads those as HTML first)."""
    if "`" not in text:
        return _escape_markdown_text(text)
    out, at = [], 0
    for span in _CODE_SPAN.finditer(text):
        code = span.group("code")
        if code.startswith(" ") and code.endswith(" ") and code.strip():
            code = code[1:-1]  # CommonMark: one space inside each end is padding
        out += [_escape_markdown_text(text[at:span.start()]), f"<code>{escape_inline(code)}</code>"]
        at = span.end()
    out.append(_escape_markdown_text(text[at:]))
    return "".join(out)


# A line break an export wrote as HTML (a wiki's, a table cell's): the one tag a source may add, as
# ``<br />``, which has no attributes and runs nothing.
_LINE_BREAK = re.compile(r"<br[ \t]*/?>", re.IGNORECASE)


# A link to an anchor of the source document itself ("[Movement](#20-movement)", an export's cross-reference
# or list of contents): marked, for the importer to make a link to the rule whose heading the anchor names,
# once it has read them all, or to leave its text (importer.anchors). The marks are control characters: a
# source holding one is refused (importer.characters).
LINK_IN_DOCUMENT = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\(#([^()\s]*)\)")  # its text may hold "[1]"
# The same to another page of the same export, a relative path to a Markdown file (a Notion or wiki export's
# "[Combat](Combat%20a1b2c3.md)", "[4.2 Retreat](Rules.md#42-retreat)"): marked with its path, which the site does not
# hold, so that its text names the rule as an opaque anchor's does.
# (not a path out of the export's folder, "../series/Rules.md": another book's page)
LINK_TO_EXPORT_PAGE = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\((?![A-Za-z][\w+.-]*:|/|\.\./)([^()\s#]+\.md"
                                 r"(?:#[^()\s]*)?)\)", re.IGNORECASE)
IN_DOCUMENT_LINK = ("\x02", "\x03", "\x04")  # before the anchor, between it and the text, after the text
_MARKED_LINK = rf"{IN_DOCUMENT_LINK[0]}\2{IN_DOCUMENT_LINK[1]}\1{IN_DOCUMENT_LINK[2]}"


def _escape_markdown_text(text: str) -> str:
    if "<" in text and _LINE_BREAK.search(text):
        return "<br />".join(_escape_markdown_text(piece) for piece in _LINE_BREAK.split(text))
    if "](#" in text:
        text = LINK_IN_DOCUMENT.sub(_MARKED_LINK, text)
    if ".md" in text or ".MD" in text:
        text = LINK_TO_EXPORT_PAGE.sub(_MARKED_LINK, text)
    text = _MARKDOWN_BACKSLASHED.sub(r"\\\1", text)
    text = _MARKDOWN_ENTITY_START.sub("&amp;", text)
    text = _TAG_START.sub("&lt;", text)
    return _LINK_TAIL.sub(r"]\\(", text)


# A footnote's definition ("[^2]: text"): the one block a Markdown source's line may open, as the
# footnotes extension renders it (its mark, "[^2]", is inline text it links).
FOOTNOTE_LABEL = r"[^\]\s]+"
FOOTNOTE_DEFINITION = re.compile(rf"\[\^({FOOTNOTE_LABEL})\]:(?=\s|$)")
# A footnote's mark in the text ("[^2]", not a definition's start), its label a group.
FOOTNOTE_MARK = re.compile(rf"\[\^({FOOTNOTE_LABEL})\](?!:)")
# A printed book's footnote marks in superscript ("hex.¹"), and the digits they stand for.
SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
SUPERSCRIPT_VALUES = str.maketrans(SUPERSCRIPT_DIGITS, "0123456789")


def escape_markdown_line(text: str) -> str:
    """One line of a Markdown source's paragraph (its start may open no block but a footnote's definition)."""
    text = escape_markdown_inline(text.strip())
    footnote = FOOTNOTE_DEFINITION.match(text)
    if footnote:
        return footnote.group(0) + text[footnote.end():]
    return _escape_line_start(text)


# Before a plain-text source's note, as importer.text_footnotes writes it ("\x05[^1]: Only on roads."): the one
# line of such a source that opens a footnote's definition (its own "[^1]: …" is text). A source holding a control
# character is refused (importer.characters), so none can fake it.
TEXT_NOTE = "\x05"


def escape_text_line(text: str) -> str:
    """One line of a plain-text source's paragraph: as ``escape_line``, but a note stays a footnote's definition."""
    if not text.startswith(TEXT_NOTE):
        return escape_line(text)
    definition = FOOTNOTE_DEFINITION.match(text, len(TEXT_NOTE))
    return definition.group(0) + " " + escape_inline(text[definition.end():].strip())


def escape_line(text: str) -> str:
    """One source line -> Markdown for a line of a paragraph (its start may open no block)."""
    return _escape_line_start(escape_inline(text.strip()))


def _escape_line_start(text: str) -> str:
    if text[:1] not in _MAY_OPEN_A_BLOCK:
        return text
    for pattern, replacement in _LINE_STARTS:
        text = pattern.sub(replacement, text, count=1)
    return text


def paragraph(lines: list[str]) -> str:
    """Wrapped source lines kept as written; Markdown joins them with a space."""
    return "\n".join(escape_line(line) for line in lines)


def rule_heading(level: int, text: str, rule_id: str) -> str:
    """A rule heading: ``## 15.1 TYPES: {: #G15.1 .rr-rule data-rule="G15.1" }``."""
    return heading(level, escape_inline(text.strip()), f'#{rule_id} .rr-rule data-rule="{rule_id}"')


def heading(level: int, content: str, attributes: str) -> str:
    """A heading of inline Markdown ``content`` with an attribute list (``.rr-subhead``)."""
    # A trailing "#" would be read as a closing heading sequence.
    content = content.strip()
    if content.endswith("#"):
        content = content[:-1] + "\\#"
    return f'{"#" * level} {content} {{: {attributes} }}'


def admonition(kind: str, title: str, paragraphs: list[str]) -> str:
    """A Material admonition whose body is the given (already escaped) paragraphs."""
    body = "\n\n".join("\n".join(f"    {line}" for line in block.split("\n")) for block in paragraphs)
    return f'!!! {kind} "{title}"\n\n{body}'


def bullet_list(items: list[str]) -> str:
    """A "- " list; each item is already-escaped Markdown, continuation lines indented."""
    return "\n".join("- " + item.replace("\n", "\n  ") for item in items)


# The glyphs a PDF copy or a word processor's text export gives for a bullet (U+F0B7 and U+F0A7 from the Symbol and
# Wingdings fonts; Google Docs' "●", "○", "■" by level).
BULLET_GLYPHS = "•▪●◦‣○■□◆◇➢➤✓✔♦\uf0b7\uf0a7"
# The markers of a bullet item, in either reader ("-", "*", "•" in plain text, and the en dash French lists use;
# Markdown's "+").
BULLETS = frozenset("-–*+" + BULLET_GLYPHS)  # the list's own marks: the page's list shows its bullet


def html_list(items: list[tuple[int, str, str]]) -> str:
    """A list of ``(depth, marker, inline Markdown)`` items, nested by depth (1 = outermost).

    HTML rather than a Markdown list: the printed marker (``a)``, ``(2)``,
    ``3.``) is rule text and stays as printed, where a Markdown list would
    renumber it; ``markdown`` attributes keep the items' text processed."""
    lines: list[str] = []
    levels = _nesting_levels([depth for depth, _, _ in items])
    open_depth = 0
    for position, ((_, marker, text), depth) in enumerate(zip(items, levels)):
        while open_depth > depth:
            lines += ["</ul>", "</li>"]
            open_depth -= 1
        if open_depth < depth:
            lines.append('<ul class="rr-list" markdown="1">')
            open_depth = depth
        has_children = position + 1 < len(items) and levels[position + 1] > depth
        # A bullet is the list's own; any other marker is printed text.
        marker_html = "" if marker in BULLETS else f'<span class="rr-list__marker">{escape_inline(marker)}</span> '
        css = ' class="rr-list__item--marked"' if marker_html else ""
        # An item of several paragraphs is read as blocks (md_in_html reads "1" in an <li> as span).
        read_as = "block" if "\n\n" in text else "1" if has_children else "span"
        lines.append(f'<li{css} markdown="{read_as}">{marker_html}{text}'
                     + ("" if has_children else "</li>"))
    while open_depth > 0:
        lines.append("</ul>")
        open_depth -= 1
        if open_depth:
            lines.append("</li>")
    return "\n".join(lines)


def _nesting_levels(depths: list[int]) -> list[int]:
    """Each item's level in the list (1 = outermost) from its depth as read: an item is one level
    under the nearest item before it that is less deep, and a sibling of one as deep. Depths read
    from indents may skip (``- a`` then ``    - b``, ``    - c``): b and c are both level 2."""
    open_depths: list[int] = []
    levels = []
    for depth in depths:
        while open_depths and open_depths[-1] > depth:
            open_depths.pop()
        if not open_depths or open_depths[-1] < depth:
            open_depths.append(depth)
        levels.append(len(open_depths))
    return levels


def quotation(blocks: list[str]) -> str:
    """A Markdown source's ``>`` lines as one quotation of its Markdown blocks (paragraphs, lists)."""
    body = "\n\n".join(blocks)
    return f'<blockquote markdown="1">\n\n{body}\n\n</blockquote>'


RUNNING_HEAD = "rr-running-head"  # the class of a running page header's paragraph


def running_head(text: str) -> str:
    """A PDF's running page header or footer copied into the text (inline Markdown): kept, shown apart,
    and citing nothing (``SALTMARSH RULES 7`` is no rule 7: the references and the rule index skip it)."""
    return f'<p class="{RUNNING_HEAD}" markdown="span">{text}</p>'


def verbatim(lines: list[str]) -> str:
    """Lines shown exactly as written (a Markdown source's fenced block)."""
    longest = max((len(run) for line in lines for run in re.findall(r"`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return "\n".join([f"{fence}text", *lines, fence])


def horizontal_rule() -> str:
    return "* * *"


def attribute(value: str) -> str:
    return html.escape(value, quote=True)


WHOLE_COLUMNS = 6  # the columns a table may mark as kept whole, or aligned (ruleref.css has a rule for each)


def html_table(*, columns: int, title: str | None, header: list[str] | None, rows: list[list[str]],
               aligned: list[str | None] = ()) -> str:
    """A table whose cells hold inline Markdown (escaped text, maybe footnote links); ``aligned``: each
    column's alignment, ``center``, ``right`` or None, as a pipe table's ``|:---:|`` line gives it.

    Raw HTML rather than a pipe table because a title row spans all columns;
    ``markdown`` attributes (md_in_html) keep the cells' text processed like
    any other text, so references and glossary terms still work in them.
    """
    def row(cells: list[str], tag: str) -> str:
        inner = "".join(f'<{tag} markdown="span">{cell}</{tag}>' for cell in cells)
        return f'<tr markdown="1">{inner}</tr>'

    head = []
    if title is not None:
        head.append(f'<tr markdown="1"><th class="rr-table__title" colspan="{columns}" markdown="span">{title}</th></tr>')
    if header is not None:
        head.append(row(header, "th"))
    # A table of single words and numbers (a results table: "1-3", "AE") keeps each cell on one line; in a
    # table of phrases, a column of them does, under any heading (a die roll's "1–2", which a phone would
    # break after its dash).
    grid = all(cell and not _spaced(cell) for cells in (header or [], *rows) for cell in cells)
    kind = " rr-table--grid" if grid else "".join(
        f" rr-table--whole-{column + 1}" for column in range(min(columns, WHOLE_COLUMNS))
        if not any(_spaced(cells[column]) for cells in rows if column < len(cells)))
    kind += "".join(f" rr-table--{align}-{column + 1}" for column, align in enumerate(aligned[:WHOLE_COLUMNS])
                    if align)
    lines = [f'<table class="rr-table{kind}" markdown="1">']
    if head:
        lines += ['<thead markdown="1">', *head, "</thead>"]
    lines += ['<tbody markdown="1">', *(row(cells, "td") for cells in rows), "</tbody>", "</table>"]
    return "\n".join(lines)


def _spaced(cell: str) -> bool:
    return any(character.isspace() for character in cell)


def definition_list(css_class: str, entries: list[tuple[str | None, str, str]]) -> str:
    """``<dl>`` of (element id or None, term, definition); term and definition are inline Markdown."""
    return definition_items(css_class, [item for element_id, term, definition in entries
                                        for item in (("dt", term, element_id), ("dd", definition, None))])


def definition_items(css_class: str, items: list[tuple[str, str, str | None]]) -> str:
    """``<dl>`` of (``dt`` or ``dd``, its Markdown, element id or None): inline Markdown, or paragraphs
    (blank lines apart) in a ``dd`` of several."""
    lines = [f'<dl class="{css_class}" markdown="1">']
    for tag, text, element_id in items:
        id_attr = f' id="{attribute(element_id)}"' if element_id else ""
        if "\n\n" in text:
            lines.append(f'<{tag}{id_attr} markdown="block">\n{text}\n</{tag}>')
        else:
            lines.append(f'<{tag}{id_attr} markdown="span">{text}</{tag}>')
    lines.append("</dl>")
    return "\n".join(lines)


def slug(text: str) -> str:
    """Stable ID from a title: ``Hobart's "Funnies"-Special`` -> ``hobarts-funnies-special``."""
    text = re.sub(r"['\"\u2018\u2019\u201c\u201d]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")
