"""Links within a Markdown source's own document: an export's list of contents ("[1.0 Setup](#10-setup)")
and its cross-references ("[Movement](#20-movement)", "[see Rivers](#river-rule)", "[that](#_Ref77)").

An export names a heading by a slug of its text, each tool its own way (``slugs``). Which rule a slug
is, is known only once every heading is read, and a list of contents comes before them: the reader
marks each such link (``markdown_text.IN_DOCUMENT_LINK``), and the importer, once done, makes each an
explicit rule link to the rule whose heading has that slug (``[[2.0|Movement]]``, linked by the
build), or leaves its text alone, as any other link of a source (an anchor no rule's heading has:
"Designer's notes"). An anchor set by hand on a rule's heading or just over it names that rule too. A link to
another page of the export ("[Combat](Combat%20a1b2.md)", Notion's) is read so as well: by the anchor after its
path, else by its text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import NamedTuple
from urllib.parse import unquote

from build_tools.importer.markdown_text import IN_DOCUMENT_LINK, slug

_OPEN, _MIDDLE, _CLOSE = IN_DOCUMENT_LINK
_MARKED = re.compile(f"{_OPEN}([^{_MIDDLE}]*){_MIDDLE}([^{_CLOSE}]*){_CLOSE}")
# Markup in a link's text would be left as written inside an explicit link: such a link keeps its text only.
_MARKUP = re.compile(r"[*_`<\\]")


def slugs(heading: str) -> set[str]:
    """The anchors the tools that export Markdown give a heading of this plain text, casefolded:
    GitHub's and MkDocs' (``5.4 Zones of Control`` -> ``54-zones-of-control``), pandoc's
    (``zones-of-control``, from the first letter) and ruleref's own (``5-4-zones-of-control``)."""
    text = heading.strip().casefold()
    github = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    mkdocs = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_text).strip())
    pandoc = re.sub(r"^[^a-z]+", "", re.sub(r"\s+", "-", re.sub(r"[^\w\s.-]", "", text)))
    return {anchor for anchor in (github, mkdocs, pandoc, slug(heading)) if anchor}


# An anchor a transcriber or an export set by hand: a heading's attribute block ("### 5.2 Rivers {#river-rule}"),
# pandoc's bookmark ("[]{#_Ref77 .anchor}") or an empty HTML anchor ("<a id="ford-rule"></a>"), at a line's start
# (after a heading's marks), or the heading's attribute block at its end.
_HEADING_ATTRIBUTES = re.compile(r"#{1,6}[ \t].*?\{[^{}]*?#(?P<id>[^\s{}]+)[^{}]*\}[ \t]*#*[ \t]*$")
_LEADING_ANCHOR = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:\[\]\{#(?P<pandoc>[^{}\s]+)[^{}]*\}"
                             r"|<(?P<tag>a|span)\s[^<>]*?\b(?:id|name)=\"(?P<html>[^\"<>]+)\"[^<>]*>\s*</(?P=tag)>)"
                             r"[ \t]*", re.IGNORECASE)
# The same on a span wrapping the rule's start, which the reader keeps the text of ('<span id="ford">5.3 Fords.</span>',
# pandoc's "[5.3 Fords.]{#ford}").
_WRAPPING_ANCHOR = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:<span\s[^<>]*?\bid=\"(?P<html>[^\"<>]+)\"[^<>]*>[^<]*</span>"
                              r"|\[[^\[\]]+\]\{[^{}]*?#(?P<pandoc>[^\s{}]+)[^{}]*\})", re.IGNORECASE)


def explicit_anchors(raw_lines: list[str], rule_lines: dict[int, str]) -> dict[str, str]:
    """Each anchor set by hand on a rule's line, or alone on a line over it (blank lines between), -> that rule's ID.
    ``rule_lines``: the rule starting on each (0-based) line of the source."""
    found: dict[str, str] = {}
    for index, raw in enumerate(raw_lines):
        if "#" not in raw and "<" not in raw:
            continue
        ids, rest = [], raw
        while (leading := _LEADING_ANCHOR.match(rest)) is not None:
            ids.append(leading["pandoc"] or leading["html"])
            rest = rest[leading.end():]
        attributes = _HEADING_ATTRIBUTES.match(raw)
        if attributes:
            ids.append(attributes["id"])
        wrapping = _WRAPPING_ANCHOR.match(rest)
        if wrapping:
            ids.append(wrapping["html"] or wrapping["pandoc"])
        if not ids:
            continue
        target = index
        if not rest.strip():  # an anchor alone on its line: the rule on the next line with text
            target = next((after for after in range(index + 1, len(raw_lines)) if raw_lines[after].strip()), index)
        if target in rule_lines:
            for anchor in ids:
                found.setdefault(anchor.casefold(), rule_lines[target])
    return found


def has_links(markdown: str) -> bool:
    """Whether ``markdown`` holds a marked link (most pages hold none: ``resolve`` is not needed)."""
    return _OPEN in markdown


# A rule's heading as the importer writes it: "### 4.1 Costs. {: #4.1 .rr-rule data-rule="4.1" }".
_RULE_HEADING = re.compile(r"^#{1,6} (?P<text>.*?) \{: #(?P<id>\S+) \.rr-rule\b", re.MULTILINE)
# An id that says nothing of its heading, which the export does not hold either: Google Docs' ("#heading=h.3znysh7",
# "#bookmark=id.x1"), Word's through pandoc ("#_Toc148231", "#_Ref77" where no bookmark of it was kept).
_OPAQUE_ANCHOR = re.compile(r"heading=h\.[\w-]+|bookmark=[\w.-]+|_(?:Toc|Ref)\d+", re.IGNORECASE)
# A heading's number, with the word and the marks printed around it, and its title: "Rule 6.1 — Morale Checks",
# "[5.2] Rivers", "6.1 — Morale Checks".
_NUMBER_AND_TITLE = re.compile(r"(?P<number>(?:[^\W\d]+[ \t]+)?[\[(]?\d[\w.]*[\])]?)[.:)]?"
                               r"(?:[ \t]+[—–-])?(?:[ \t]+(?P<title>\S.*))?")
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a Markdown backslash escape: "1\. Introduction"
# The path of another page of the export, and the anchor on it (``markdown_text.LINK_TO_EXPORT_PAGE``).
_EXPORT_PAGE = re.compile(r"(?P<page>[^#]+\.md)(?:#(?P<anchor>.*))?", re.IGNORECASE)


def to_export_page(anchor: str) -> bool:
    """Whether a marked link's ``anchor`` is another page of the export (``Rules.md#42-retreat``), not an anchor of
    the document itself."""
    return _EXPORT_PAGE.fullmatch(anchor) is not None


class LostLink(NamedTuple):
    """A link to an opaque anchor whose text names no one rule: kept as text (``resolve``)."""
    anchor: str
    text: str
    occurrence: int  # how many links to this anchor came before it in the document
    named: tuple[str, ...]  # the rules its text names, when more than one


def resolve(markdown: str, headings: Iterable[tuple[str, str]],
            explicit: dict[str, str]) -> tuple[str, list[LostLink]]:
    """``markdown`` with each marked link a link to the rule its anchor names, else its text; and each link to an
    opaque anchor (``_OPAQUE_ANCHOR``) or to another page of the export that names no rule, kept as text.

    ``headings``: (rule ID, the heading's plain text) of each rule a heading starts, in document
    order; a slug two headings share names the first, as the tools number the second (``-1``).
    ``explicit``: each anchor set by hand (``explicit_anchors``), which a slug never overrides.
    A link to an opaque anchor no rule has, or to another page, is named by its text (an export writes the heading's there): the
    rule whose whole heading it is (``4.1 Costs.``) or its number, else the one rule whose title it is (``costs``)."""
    rules: dict[str, str] = dict(explicit)
    for rule_id, heading in headings:
        for anchor in (*slugs(heading), rule_id.casefold()):
            rules.setdefault(anchor, rule_id)
    texts = _TextsOfRules(markdown)
    lost: list[LostLink] = []
    seen: dict[str, int] = {}

    def link(marked: re.Match[str]) -> str:
        anchor, text = marked.groups()
        occurrence = seen[anchor] = seen.get(anchor, -1) + 1
        page = _EXPORT_PAGE.fullmatch(anchor)  # "Rules.md#42-retreat": its anchor names the rule as one here would
        rule_id = rules.get(unquote((page["anchor"] or "") if page else anchor).casefold())
        if rule_id is None and (page or _OPAQUE_ANCHOR.fullmatch(anchor)):
            plain = _ESCAPED.sub(r"\1", text)  # "[1\. Introduction](#heading=h.gjdgxs)", as Google Docs writes it
            named = texts.named(plain)
            if len(named) != 1:  # the text as written: "9\. Designer Notes" at a line's start is no list's item
                lost.append(LostLink(anchor, plain, occurrence, named))
                return text
            rule_id, text = named[0], plain
        return f"[[{rule_id}\\|{text}]]" if rule_id and not _MARKUP.search(text) else text

    return _MARKED.sub(link, markdown), lost


class _TextsOfRules:
    """Which rules a link's text names: by the whole heading or the number, else by the title alone."""

    def __init__(self, markdown: str):
        self.whole: dict[str, list[str]] = {}
        self.titles: dict[str, list[str]] = {}
        # (every rule's heading, bold-numbered ones too, "**4.1 Costs.** …": only the page written holds them all)
        for written in _RULE_HEADING.finditer(markdown):
            rule_id, heading = written["id"], _ESCAPED.sub(r"\1", written["text"])
            numbered = _NUMBER_AND_TITLE.match(heading)
            for key in {_key(heading), _key(rule_id), _key(numbered["number"]) if numbered else ""} - {""}:
                self.whole.setdefault(key, []).append(rule_id)
            if numbered and numbered["title"]:
                self.titles.setdefault(_key(numbered["title"]), []).append(rule_id)

    def named(self, text: str) -> tuple[str, ...]:
        key = _key(text)
        return tuple(dict.fromkeys(self.whole.get(key) or self.titles.get(key) or ()))


def _key(text: str) -> str:
    """A heading or a link's text as compared: case and spacing aside, without its closing period."""
    return " ".join(text.casefold().split()).rstrip(" .:")
