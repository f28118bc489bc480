"""Rule references become links: the ``build_tools.markdown.references`` extension.

Every rule reference in a page's text (``B24.7``, ``(2.21; 3.1)``,
``A26.2-.3``, found by :mod:`build_tools.references`) and every explicit link
(``[[G15.21]]``, ``[[15.21|the Clearance rule]]``, ``[[Engineering Action]]``)
becomes an element with class ``rr-ref`` and ``data-rule="<rule ID>"``: a link
to the rule when the site contains it, a ``rr-ref--missing`` span when it does
not. Each rule heading cited by other rules gets a "Referenced by" line.

Configuration (``mdx_configs``):

* ``docs_dir``: the MkDocs docs folder.
* ``current_page``: docs-relative path of the page being rendered
  (``asl/g15-bulldozers.md``). MkDocs makes a Markdown instance per page from
  ``mdx_configs``; the ruleref plugin sets this before each page. Without it,
  links are written as seen from the docs root.
* ``rule_index``: the site's :class:`~build_tools.rule_index.RuleIndex`
  (the plugin builds it once per build). Without it the index is built from
  ``docs_dir`` and ``rulesets_dir`` and cached until a file there changes.
* ``rulesets_dir``: the ``rulesets/`` folder (only used to build the index).

Links are written as relative ``.md`` paths (``chapter-d-vehicles.md#D8.21``)
so MkDocs' own link processing turns them into URLs and validates them.
"""

from __future__ import annotations

import functools
import logging
import posixpath
import re
import xml.etree.ElementTree as etree
from pathlib import Path

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markdown.util import STX, ETX, AtomicString

from build_tools.markdown import page_options
from build_tools.references import find_references
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

log = logging.getLogger("mkdocs.plugins.ruleref")

# Elements whose text is never a reference: code, existing links, headings
# (a heading's number is the rule itself), and our own output.
_SKIP = frozenset({"code", "pre", "kbd", "samp", "a", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PLACEHOLDER = re.compile(f"{STX}([^{ETX}]*){ETX}")
_EXPLICIT = re.compile(r"\[\[([^\[\]|\n]+?)(?:\|([^\[\]\n]+?))?\]\]")
# Stands in for a stashed-HTML placeholder while matching: no match may contain it.
_OPAQUE = "\x00"
# Every reference has a digit and every explicit link "[[": text with neither is skipped
# (an escaped digit or bracket is a placeholder, and placeholders hold digits).
_MAY_HOLD_REFERENCE = re.compile(r"\d|\[\[")
_RAW_SKIP_OPEN = re.compile(r"<(?:a|code|pre|kbd|samp|script|style)\b[^>]*(?<!/)>$", re.IGNORECASE)
_RAW_SKIP_CLOSE = re.compile(r"</(?:a|code|pre|kbd|samp|script|style)\s*>$", re.IGNORECASE)
_STASH_KEY = re.compile(r"wzxhzdk:(\d+)$")


def _stashed(placeholder: str, stash: list[str]) -> str:
    """The raw HTML an ``STX wzxhzdk:N ETX`` placeholder stands for ("" for other placeholders)."""
    key = _STASH_KEY.match(placeholder)
    if key and int(key.group(1)) < len(stash):
        block = stash[int(key.group(1))]
        return block if isinstance(block, str) else ""
    return ""

_index_cache: dict[tuple, RuleIndex] = {}


def _cached_index(docs_dir: str, rulesets_dir: str) -> RuleIndex:
    """The index of ``docs_dir``, rebuilt only when a page or ruleset file changes."""
    stamp = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size)
                  for folder, pattern in ((docs_dir, "*.md"), (rulesets_dir, "*.yml"))
                  for path in sorted(Path(folder).rglob(pattern)))
    key = (docs_dir, rulesets_dir, stamp)
    if key not in _index_cache:
        _index_cache.clear()
        _index_cache[key] = RuleIndex.from_docs(Path(docs_dir), load_rulesets(Path(rulesets_dir)))
    return _index_cache[key]


@functools.lru_cache(maxsize=4096)
def _relative_page(target: str, current: str) -> str:
    """``target`` as a relative .md link from ``current`` (both docs-relative)."""
    return posixpath.relpath(target, posixpath.dirname(current) or ".")


class _Text:
    """A text node as matching sees it: escapes restored, stashed HTML opaque.

    Python-Markdown keeps backslash escapes (``\\[``) and raw HTML tags as
    ``STX…ETX`` placeholders until the end. Matching runs on a view where an
    escape is its character again (so ``\\+1.5`` still reads as a modifier),
    any other placeholder is one opaque character no match may contain, and so
    is all text inside raw ``<a>``/``<code>`` tags (never a link inside a link)."""

    def __init__(self, text: str, stash: list[str]):
        self.source = text
        if STX not in text:  # the common case: plain text is its own view
            self.view, self._offsets = text, None
            return
        view, offsets = [], []
        inside = 0  # depth of raw <a>/<code>/... tags around the current text
        position = 0
        for match in _PLACEHOLDER.finditer(text):
            for index in range(position, match.start()):
                view.append(_OPAQUE if inside else text[index])
                offsets.append(index)
            content = match.group(1)
            if content.isdigit():
                view.append(_OPAQUE if inside else chr(int(content)))
            else:
                view.append(_OPAQUE)
                raw = _stashed(content, stash)
                if _RAW_SKIP_OPEN.match(raw):
                    inside += 1
                elif _RAW_SKIP_CLOSE.match(raw):
                    inside = max(0, inside - 1)
            offsets.append(match.start())
            position = match.end()
        for index in range(position, len(text)):
            view.append(_OPAQUE if inside else text[index])
            offsets.append(index)
        offsets.append(len(text))
        self.view = "".join(view)
        self._offsets = offsets

    def clean(self, start: int, end: int) -> bool:
        return _OPAQUE not in self.view[start:end]

    def source_slice(self, start: int, end: int) -> str:
        """The original text (placeholders intact) between two view positions."""
        if self._offsets is None:
            return self.source[start:end]
        return self.source[self._offsets[start]:self._offsets[end]]


class ReferencesTreeprocessor(Treeprocessor):
    def __init__(self, md: Markdown, extension: ReferencesExtension):
        super().__init__(md)
        self.extension = extension

    def run(self, root: etree.Element) -> None:
        config = self.extension.getConfigs()
        index = config["rule_index"] or _cached_index(config["docs_dir"], config["rulesets_dir"])
        self.index = index
        self.docs_dir = index.docs_dir or config["docs_dir"]
        self.page = config["current_page"]
        page = index.pages.get(self.page)
        ruleset_id = page.ruleset if page else self.page.split("/", 1)[0]
        self.ruleset = index.rulesets.get(ruleset_id)
        grammar = self.ruleset is not None and self.ruleset.references == "chapter-dotted"
        self.chapters = tuple(self.ruleset.chapters) if grammar else ()
        self.grammar = grammar
        # The chapter relative references resolve against: the page's until
        # the first rule heading, then the current rule's.
        self.chapter = page.chapter if page and grammar else None
        self._walk(root)

    # -- walking the tree in document order --------------------------------

    def _walk(self, element: etree.Element) -> None:
        children = list(element)  # the elements we insert are never walked again
        if element.text:
            element.text = self._link_text(element.text, element, None)
        for child in children:
            if child.tag in _HEADINGS:
                child = self._enter_heading(element, child)
            elif child.tag not in _SKIP and "rr-ref" not in child.get("class", "").split():
                self._walk(child)
            if child.tail:
                child.tail = self._link_text(child.tail, element, child)

    def _enter_heading(self, parent: etree.Element, heading: etree.Element) -> etree.Element:
        """Follow the current rule; add its "Referenced by" line. Returns the
        element the text after the heading now follows."""
        if "rr-rule" not in heading.get("class", "").split():
            return heading
        rule = self.index.get(heading.get("data-rule") or heading.get("id", ""))
        if rule is None:
            return heading
        if self.grammar:
            self.chapter = rule.chapter
        citing = self.index.referenced_by(rule.id)
        if not citing:
            return heading
        # Not rule text: kept out of the search index, so a search for a rule ID finds the rule itself.
        cited_by = etree.Element("p", {"class": "rr-cited-by", "data-search-exclude": ""})
        cited_by.text = AtomicString("Referenced by: ")
        for number, rule_id in enumerate(citing):
            link = self._element(rule_id, rule_id)
            link.tail = AtomicString(", " if number < len(citing) - 1 else "")
            cited_by.append(link)
        # Keep whatever followed the heading after the new line.
        cited_by.tail, heading.tail = heading.tail, "\n"
        parent.insert(list(parent).index(heading) + 1, cited_by)
        return cited_by

    # -- one text node ------------------------------------------------------

    def _link_text(self, text: str, parent: etree.Element, after: etree.Element | None) -> str:
        """Replace the references in ``text`` (``parent.text`` when ``after`` is None,
        else ``after.tail``) by elements; return what stays as that text."""
        if isinstance(text, AtomicString) or not _MAY_HOLD_REFERENCE.search(text):
            return text
        node = _Text(text, self.md.htmlStash.rawHtmlBlocks)
        found = self._find(node.view)
        found = [(start, end, parts) for start, end, parts in found if node.clean(start, end)]
        if not found:
            return text
        position = list(parent).index(after) + 1 if after is not None else 0
        parts = [part for _start, _end, reference_parts in found for part in reference_parts]
        head = node.source_slice(0, parts[0][0])
        previous, cursor = None, 0
        for part_start, part_end, rule_id, label, explicit_text in parts:
            if previous is not None:
                previous.tail = node.source_slice(cursor, part_start)
            element = self._element(rule_id, label, explicit_text)
            parent.insert(position, element)
            position += 1
            previous, cursor = element, part_end
        previous.tail = node.source_slice(cursor, len(node.view))
        return head

    def _find(self, view: str) -> list[tuple[int, int, list]]:
        """(start, end, parts) of each explicit link and automatic reference, in order;
        a part is (start, end, rule ID or None, label, explicit link text or None)."""
        found = []
        position = 0
        for match in _EXPLICIT.finditer(view):
            found += self._automatic(view, position, match.start())
            target, label = match.group(1).strip(), match.group(2)
            rule_id = self._resolve(target)
            found.append((match.start(), match.end(),
                          [(match.start(), match.end(), rule_id, (label or target).strip(), target)]))
            position = match.end()
        found += self._automatic(view, position, len(view))
        return found

    def _automatic(self, view: str, start: int, end: int) -> list[tuple[int, int, list]]:
        if not self.grammar:
            return []
        return [(start + ref.start, start + ref.end,
                 [(start + p.start, start + p.end, p.rule_id, p.text, None) for p in ref.parts])
                for ref in find_references(view[start:end], chapter=self.chapter, chapters=self.chapters)]

    def _resolve(self, target: str) -> str | None:
        """The rule ID an explicit link names: an ID, a chapter-relative number
        (in the current rule's chapter) or a title/slug in the page's ruleset."""
        if target in self.index:
            return target
        if self.grammar:
            references = find_references(target, chapter=self.chapter, chapters=self.chapters)
            if len(references) == 1 and references[0].start == 0 and references[0].end == len(target):
                parts = references[0].parts
                if len(parts) == 1:
                    return parts[0].rule_id
        if self.ruleset is not None:
            rule = self.index.find_title(self.ruleset.id, target)
            if rule is not None:
                return rule.id
        return None

    # -- the elements -------------------------------------------------------

    def _element(self, rule_id: str | None, label: str, explicit_text: str | None = None) -> etree.Element:
        rule = self.index.get(rule_id) if rule_id else None
        if rule is not None:
            element = etree.Element("a", {"class": "rr-ref", "data-rule": rule.id, "href": self._href(rule)})
        else:
            shown = rule_id or explicit_text
            element = etree.Element("span", {"class": "rr-ref rr-ref--missing", "data-rule": shown,
                                             "title": f"{shown} is not in this reference"})
            if explicit_text is not None:
                self._warn_unresolved(explicit_text)
        element.text = AtomicString(label)
        return element

    def _href(self, rule) -> str:
        if rule.page == self.page:
            return f"#{rule.id}"
        return f"{_relative_page(rule.page, self.page)}#{rule.id}"

    def _warn_unresolved(self, target: str) -> None:
        where = self.page or "(page not set)"
        line = self._line_of(f"[[{target}")
        if line:
            where = f"{where}:{line}"
        log.warning("%s: the rule link [[%s]] names no rule in this reference "
                    "(use a rule ID, a number in the current chapter, or a section title)", where, target)

    def _line_of(self, needle: str) -> int | None:
        if not self.page:
            return None
        try:
            text = (Path(self.docs_dir) / self.page).read_text(encoding="utf-8")
        except OSError:
            return None
        for number, line in enumerate(text.splitlines(), start=1):
            if needle in line:
                return number
        return None


class ReferencesExtension(Extension):
    def __init__(self, **kwargs):
        # No None defaults: Python-Markdown would coerce the values to booleans.
        # Without the plugin (another MkDocs-compatible tool), the extension builds
        # the index itself from docs_dir and rulesets_dir.
        self.config = {
            **page_options("the site's RuleIndex; built from docs_dir and rulesets_dir when empty"),
            "docs_dir": ["docs", "MkDocs docs folder"],
            "rulesets_dir": ["rulesets", "folder of rulesets/<id>/ruleset.yml (to build the index)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 6: after 'inline' (20), so text nodes are final and links and
        # code spans are elements we can skip, and after 'attr_list' (8), which
        # gives rule headings their id/data-rule; before 'toc' and MkDocs' anchor
        # extraction (5) and MkDocs' 'relpath' (0), which rewrites our relative
        # .md hrefs into page URLs and reports any that point nowhere.
        md.treeprocessors.register(ReferencesTreeprocessor(md, self), "rr_references", 6)


def makeExtension(**kwargs) -> ReferencesExtension:
    return ReferencesExtension(**kwargs)
