"""Abbreviations explained where they are read: the ``build_tools.markdown.glossary`` extension.

Each ruleset's ``rulesets/<id>/glossary.yml`` maps an abbreviation to its
expansion. Matching is case-sensitive and per ruleset, because the games
disagree: in ASL ``DR`` is a Dice Roll and ``dr`` a die roll; in Battlefront:
WWII ``dr`` is a unit's discipline rating.

* On a page of a ruleset (its ``ruleset:`` front matter, else the first folder
  of its path) every whole-word occurrence of an abbreviation in the text
  becomes ``<abbr title="expansion">`` (the page's preview popup shows the
  expansion on hover or tap: ``assets/ruleref/preview.js``) - never inside
  code, links, headings, rule references or an existing ``abbr``.
* A paragraph that is exactly ``::: glossary`` becomes the ruleset's glossary
  as a table (``docs/<id>/glossary.md``).

Configuration (``mdx_configs``): ``rule_index`` (the site's RuleIndex, which
knows the rulesets and their folders) and ``current_page`` (docs-relative path
of the page being rendered), set by the ruleref plugin, or found without it
(:mod:`build_tools.markdown.site_context`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as etree
from pathlib import Path

import yaml
from markdown import Markdown
from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import HTML_PLACEHOLDER_RE, AtomicString

from build_tools.markdown import contributor_text
from build_tools.markdown.site_context import current_page, page_options, site_index
from build_tools.markdown.ruleset_data import PerBuild, compose, line_of, page_ruleset, scalar_text, warn

GLOSSARY_FILE = "glossary.yml"
MARKER = "::: glossary"

# Never explain inside code, links (rule references included), headings (a
# heading is the rule's printed title) or what is already an abbreviation;
# nor where HTML allows no markup (form options and fields).
_SKIP = frozenset({"code", "pre", "kbd", "samp", "a", "abbr", "script", "style", "option", "textarea",
                   "h1", "h2", "h3", "h4", "h5", "h6"})
# The same elements written as raw inline HTML (``<abbr title="...">DR</abbr>``)
# reach us as stash placeholders around plain text.
_RAW_SKIP = "a|abbr|code|kbd|samp|script|style"
# An opening tag on its own (a whole element such as a rule reference's <a>…</a> hides nothing after it).
_RAW_OPEN = re.compile(rf"<(?:{_RAW_SKIP})\b[^>]*(?<!/)>", re.IGNORECASE)
_RAW_CLOSE = re.compile(rf"</(?:{_RAW_SKIP})\s*>", re.IGNORECASE)


def load_glossary(path: Path) -> dict[str, str]:
    """``glossary.yml`` -> {abbreviation: expansion}; each bad entry is warned
    about (file:line) and left out."""
    root = compose(path)
    if root is None:
        return {}
    if not isinstance(root, yaml.MappingNode):
        warn(path, line_of(root), "expected a mapping of abbreviation: expansion")
        return {}
    glossary: dict[str, str] = {}
    for key_node, value_node in root.value:
        abbreviation, expansion = scalar_text(key_node), scalar_text(value_node)
        if not abbreviation or not abbreviation.strip() or abbreviation != abbreviation.strip() or " " in abbreviation:
            warn(path, line_of(key_node), f"abbreviation {key_node.value!r} must be one word without spaces")
        elif abbreviation in glossary:
            warn(path, line_of(key_node), f"{abbreviation} is listed twice (abbreviations are case-sensitive: "
                                          "DR and dr are different entries)")
        elif not expansion or not expansion.strip():
            warn(path, line_of(value_node), f"{abbreviation} needs its expansion as text: '{abbreviation}: ...'")
        elif why := contributor_text.problem(f"{abbreviation} {expansion}"):
            warn(path, line_of(value_node), f"{abbreviation}: {why}")
        else:
            glossary[abbreviation] = expansion.strip()
    return glossary


_glossaries = PerBuild(load_glossary)


def page_glossary(index, page: str) -> tuple[dict[str, str], object]:
    """The glossary of the ruleset ``page`` belongs to (empty outside rulesets), and that ruleset."""
    ruleset = page_ruleset(index, page)
    if ruleset is None:
        return {}, None
    return _glossaries.get(index, Path(ruleset.folder) / GLOSSARY_FILE), ruleset


class AbbreviationTreeprocessor(Treeprocessor):
    def __init__(self, md: Markdown, extension: GlossaryExtension):
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        config = self.extension.getConfigs()
        self.glossary, _ = page_glossary(site_index(config), current_page(self.md, config))
        if not self.glossary:
            return
        # Longest first, so "DRM" is not read as "DR" + "M"; whole words only,
        # so "DR" in "DRM" or "MP" in "MPh" stay as they are.
        names = sorted(self.glossary, key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")
        self._walk(root)

    def _walk(self, element: etree.Element) -> None:
        children = list(element)
        if element.text:
            element.text = self._wrap(element.text, element, 0)
        for child in children:
            if child.tag not in _SKIP and "rr-ref" not in child.get("class", "").split():
                self._walk(child)
            if child.tail:
                child.tail = self._wrap(child.tail, element, list(element).index(child) + 1)

    def _wrap(self, text: str, parent: etree.Element, position: int) -> str:
        """Insert an ``abbr`` into ``parent`` at ``position`` for each match in
        ``text``; return the text before the first match."""
        if isinstance(text, AtomicString):
            return text
        hidden = self._inside_raw_html(text)
        matches = [m for m in self.pattern.finditer(text) if not any(a <= m.start() < b for a, b in hidden)]
        if not matches:
            return text
        for number, match in enumerate(matches):
            abbr = etree.Element("abbr", {"title": self.glossary[match.group(0)]})
            abbr.text = AtomicString(match.group(0))
            end = matches[number + 1].start() if number + 1 < len(matches) else len(text)
            abbr.tail = text[match.end():end]
            parent.insert(position + number, abbr)
        return text[:matches[0].start()]

    def _inside_raw_html(self, text: str) -> list[tuple[int, int]]:
        """Spans of ``text`` between a stashed raw ``<a>``/``<abbr>``/``<code>``...
        opening tag and its closing tag."""
        spans, depth, start = [], 0, 0
        for placeholder in HTML_PLACEHOLDER_RE.finditer(text):
            raw = self.md.htmlStash.rawHtmlBlocks[int(placeholder.group(1))]
            raw = raw if isinstance(raw, str) else ""
            if _RAW_OPEN.fullmatch(raw):
                if depth == 0:
                    start = placeholder.end()
                depth += 1
            elif _RAW_CLOSE.match(raw) and depth:
                depth -= 1
                if depth == 0:
                    spans.append((start, placeholder.start()))
        if depth:
            spans.append((start, len(text)))
        return spans


class GlossaryTableProcessor(BlockProcessor):
    """``::: glossary`` -> the page's ruleset glossary as a two-column table."""

    def __init__(self, parser, extension: GlossaryExtension):
        super().__init__(parser)
        self.extension = extension

    def test(self, parent: etree.Element, block: str) -> bool:
        return block.strip() == MARKER

    def run(self, parent: etree.Element, blocks: list[str]) -> None:
        blocks.pop(0)
        config = self.extension.getConfigs()
        page = current_page(self.parser.md, config)
        glossary, ruleset = page_glossary(site_index(config), page)
        if ruleset is None:
            warn(Path(page), None,
                 f"'{MARKER}' is only meaningful on a page inside a ruleset folder (docs/<ruleset>/)")
            return
        if not glossary:
            warn(Path(ruleset.folder) / GLOSSARY_FILE, None,
                 f"the glossary page {page} needs abbreviations here")
            return
        table = etree.SubElement(parent, "table", {"class": "rr-glossary"})
        head = etree.SubElement(etree.SubElement(table, "thead"), "tr")
        for label in ("Abbreviation", "Meaning"):
            etree.SubElement(head, "th").text = AtomicString(label)
        body = etree.SubElement(table, "tbody")
        # Case-insensitive order; "DR" before "dr".
        for abbreviation in sorted(glossary, key=lambda name: (name.casefold(), name)):
            row = etree.SubElement(body, "tr")
            etree.SubElement(row, "th", {"scope": "row"}).text = AtomicString(abbreviation)
            etree.SubElement(row, "td").text = AtomicString(glossary[abbreviation])


class GlossaryExtension(Extension):
    def __init__(self, **kwargs):
        # No None defaults: Python-Markdown would coerce them to booleans.
        self.config = page_options("the site's RuleIndex, which knows each ruleset's folder (set by the plugin; "
                                   "else built from docs_dir)")
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Before the paragraph processor (10), which would take the marker as text,
        # and after the link-reference one (15).
        md.parser.blockprocessors.register(GlossaryTableProcessor(md.parser, self), "rr_glossary", 12)
        # Priority 2: after 'inline' (20), so code spans and links are elements
        # to skip; after the references (3), so rule references are elements
        # too; after 'toc' (5), so table-of-contents titles stay plain text;
        # before 'unescape' (0), which makes every AtomicString a plain one.
        md.treeprocessors.register(AbbreviationTreeprocessor(md, self), "rr_glossary", 2)


def makeExtension(**kwargs) -> GlossaryExtension:
    return GlossaryExtension(**kwargs)
