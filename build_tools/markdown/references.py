"""Rule references become links: the ``build_tools.markdown.references`` extension.

Every rule reference in a page's text (``B24.7``, ``(2.21; 3.1)``,
``A26.2-.3``, found by :mod:`build_tools.references`) and every explicit link
(``[[G15.21]]``, ``[[15.21|the Clearance rule]]``, ``[[Engineering Action]]``)
becomes an element with class ``rr-ref`` and ``data-rule="<rule ID>"``: a link
to the rule when the site contains it, a ``rr-ref--removed`` link to its
tombstone when a version of the text removed it, a ``rr-ref--missing`` span
when it does not. Each rule heading cited by other rules gets a "Referenced by" line,
and every rule heading its "Copy link" button.

Configuration (``mdx_configs``):

* ``current_page``: docs-relative path of the page being rendered
  (``asl/g15-bulldozers.md``). MkDocs makes a Markdown instance per page from
  ``mdx_configs``; the ruleref plugin sets this before each page. Without the
  plugin it is the page the engine says it renders; without either, links are
  written as seen from the docs root.
* ``rule_index``: the site's :class:`~build_tools.rule_index.RuleIndex`
  (the plugin builds it once per build). Without it the index is built from
  ``docs_dir`` and ``rulesets_dir`` and cached until a file there changes
  (:mod:`build_tools.markdown.site_context`).
* ``use_directory_urls``: MkDocs' setting of that name (the plugin copies it).

A rulebook holds a reference every few words, so they are written the
cheapest way that keeps them out of later passes: as finished HTML
(``<a class="rr-ref" data-rule="D8.21" href="../chapter-d-vehicles/#D8.21">``,
see :mod:`build_tools.markdown.page_urls`) kept aside until the page is
serialized (:class:`FinishedHtml`), which MkDocs' link rewriting, the
unescaping pass and the serializer pass by. Every target comes from the rule
index, so there is nothing for MkDocs to resolve or validate; ``ruleref
check`` checks every link anyway.
"""

from __future__ import annotations

import functools
import html
import logging
import re
import xml.etree.ElementTree as etree
from pathlib import Path

from markdown import Markdown
from markdown.extensions import Extension
from markdown.postprocessors import Postprocessor
from markdown.treeprocessors import Treeprocessor
from markdown.util import STX, ETX, AtomicString

from build_tools.errors import SourceError
from build_tools.importer.markdown_text import RUNNING_HEAD
from build_tools.markdown.page_urls import page_url, relative_url
from build_tools.markdown.site_context import current_page, page_options, site_index
from build_tools.publish import front_matter
from build_tools.rule_index import EXPLICIT_LINK, LONE_NUMBER, link_names, number_of
from build_tools.source_encoding import decoded

log = logging.getLogger("mkdocs.plugins.ruleref")

# Elements whose text is never a reference: code, existing links, headings
# (a heading's number is the rule itself), and our own output.
_SKIP = frozenset({"code", "pre", "kbd", "samp", "a", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PLACEHOLDER = re.compile(f"{STX}([^{ETX}]*){ETX}")
# Stands in for a stashed-HTML placeholder while matching: no match may contain it.
_OPAQUE = "\x00"
# Every reference has a digit and every explicit link "[[": text with neither is skipped
# (an escaped digit or bracket is a placeholder, and placeholders hold digits).
_MAY_HOLD_REFERENCE = re.compile(r"\d|\[\[")
_RAW_SKIP_OPEN = re.compile(r"<(?:a|code|pre|kbd|samp|script|style)\b[^>]*(?<!/)>$", re.IGNORECASE)
_RAW_SKIP_CLOSE = re.compile(r"</(?:a|code|pre|kbd|samp|script|style)\s*>$", re.IGNORECASE)
_STASH_KEY = re.compile(r"wzxhzdk:(\d+)$")
_CELLS = frozenset({"td", "th"})


def lone_value(cell: etree.Element) -> bool:
    """Whether a table cell holds nothing but a number (``1.5``, ``12``): a value, as in a table of
    modifiers, never a reference (a cell cites a rule as ``see 6.2``, ``(6.2)`` or ``[[6.2]]``);
    ``rule_index`` leaves such cells out of the rules a rule cites."""
    return len(cell) == 0 and bool(cell.text) and LONE_NUMBER.fullmatch(cell.text.strip()) is not None


def reference_attributes(rule_id: str, href: str | None) -> dict[str, str]:
    """The attributes of every reference on the site (the calculators' citations
    too): a link's when ``href`` is given, else a missing rule's span's."""
    if href is not None:
        return {"class": "rr-ref", "data-rule": rule_id, "href": href}
    return {"class": "rr-ref rr-ref--missing", "data-rule": rule_id, "title": f"{rule_id} is not in this reference"}


def removed_reference_attributes(rule_id: str, href: str, removed_in: str) -> dict[str, str]:
    """A reference to a removed rule: a link to its tombstone, which keeps its anchor and its last text."""
    return {"class": "rr-ref rr-ref--removed", "data-rule": rule_id, "href": href,
            "title": f"{rule_id} was removed in {removed_in}"}


_HREF_SLOT = "\x00"


@functools.cache  # unbounded, and so a plain dict: no list node per entry for the garbage collector
def _opening_tag(rule_id: str, resolved: bool) -> tuple[str, str]:
    """The opening tag of a reference to ``rule_id``, split before its href's
    page part (``../chapter-d-vehicles/``): only that part depends on the
    page the reference is on, so the rest is made once per process."""
    tag, attributes = ("a", reference_attributes(rule_id, f"{_HREF_SLOT}#{rule_id}")) if resolved else \
        ("span", reference_attributes(rule_id, None))
    opening = f"<{tag} " + " ".join(f'{name}="{html.escape(value)}"' for name, value in attributes.items()) + ">"
    before, _, after = opening.partition(_HREF_SLOT)
    return before, after


def _stashed(placeholder: str, stash: list[str]) -> str:
    """The raw HTML an ``STX wzxhzdk:N ETX`` placeholder stands for ("" for other placeholders)."""
    key = _STASH_KEY.match(placeholder)
    if key and int(key.group(1)) < len(stash):
        block = stash[int(key.group(1))]
        return block if isinstance(block, str) else ""
    return ""


# Item N's marker: STX, N in digits written as control characters, ETX; made once per process.
_MARKERS: list[str] = []
_MARKER_NUMBERS: dict[str, int] = {}
_MARK = re.compile(f"{STX}[\x10-\x19]+{ETX}")


def _marker(number: int) -> str:
    while len(_MARKERS) <= number:
        marker = STX + "".join(chr(0x10 + int(digit)) for digit in str(len(_MARKERS))) + ETX
        _MARKER_NUMBERS[marker] = len(_MARKERS)
        _MARKERS.append(marker)
    return _MARKERS[number]


class FinishedHtml:
    """Finished HTML kept out of the tree until the page is serialized.

    Python-Markdown's raw-HTML stash does this job at twice the cost per
    item, and a rulebook page holds hundreds of references. A text holds a
    marker instead: STX, the item's number written in control characters,
    ETX. Python-Markdown's own passes leave it alone (their placeholders hold
    decimal digits), and it has no word character the glossary could take
    for an abbreviation."""

    def __init__(self):
        self.items: list[str] = []

    def store(self, finished: str) -> str:
        self.items.append(finished)
        return _marker(len(self.items) - 1)

    def restore(self, text: str) -> str:
        items = self.items
        if not items:
            return text
        return _MARK.sub(lambda marker: items[_MARKER_NUMBERS[marker.group(0)]], text)


class FinishedHtmlPostprocessor(Postprocessor):
    def __init__(self, md: Markdown, finished: FinishedHtml):
        super().__init__(md)
        self.finished = finished

    def run(self, text: str) -> str:
        return self.finished.restore(text)


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
    def __init__(self, md: Markdown, extension: ReferencesExtension, finished: FinishedHtml):
        super().__init__(md)
        self.extension = extension
        self.finished = finished

    def run(self, root: etree.Element) -> None:
        self.finished.items.clear()  # a Markdown instance may convert more than one page
        config = self.extension.getConfigs()
        index = site_index(config)
        self.index = index
        self.docs_dir = index.docs_dir or config["docs_dir"]
        self.page = current_page(self.md, config)
        self.use_directory_urls = bool(config["use_directory_urls"])
        self.page_url = page_url(self.page, self.use_directory_urls)
        page = index.pages.get(self.page)
        ruleset_id = page.ruleset if page else self.page.split("/", 1)[0]
        self.ruleset = index.rulesets.get(ruleset_id)
        self.grammar = self.ruleset.grammar if self.ruleset is not None else None
        self._own_rules = index.rules_of(self.ruleset.id) if self.ruleset is not None else {}
        # The chapter relative references resolve against: the page's until
        # the first rule heading, then the current rule's.
        self.chapter = page.chapter if page and self.grammar is not None else None
        self._references: dict[str, str] = {}  # "<rule ID> <printed text>" -> its HTML
        self._page_hrefs: dict[str, str] = {}  # page path -> its href from this page
        self._tags: dict[str | None, tuple[str, str]] = {}  # rule ID -> the tags of a reference to it from this page
        self._walk(root)

    # -- walking the tree in document order --------------------------------

    def _walk(self, element: etree.Element) -> None:
        if element.text:
            element.text = self._link_text(element.text)
        for child in element:
            classes = child.get("class", "").split()
            rule_heading = child.tag in _HEADINGS and "rr-rule" in classes
            rule = self._enter_rule(child) if rule_heading else None
            if child.tag not in _SKIP and "rr-ref" not in classes and RUNNING_HEAD not in classes and not (
                    child.tag in _CELLS and lone_value(child)):
                self._walk(child)
            if child.tail:
                child.tail = self._link_text(child.tail)
            if rule is not None:
                self._add_cited_by(child, rule)
            if rule_heading and child.get("id"):
                _add_copy_button(child)

    def _enter_rule(self, heading: etree.Element):
        """The rule this rule heading starts, if the index knows it; follow its chapter."""
        rule = self._rule(heading.get("data-rule") or heading.get("id", ""))
        if rule is not None and self.grammar is not None:
            self.chapter = rule.chapter
        return rule

    def _add_cited_by(self, heading: etree.Element, rule) -> None:
        """Put the "Referenced by" line of ``rule`` after its heading."""
        citing = self.index.referenced_by(rule)
        if not citing:
            return
        # Not rule text: kept out of the search index, so a search for a rule ID finds the rule itself.
        line = ('<p class="rr-cited-by" data-search-exclude="">Referenced by: '
                + ", ".join([self._html(rule_id, rule_id) for rule_id in citing]) + "</p>")
        heading.tail = "\n" + self.finished.store(line) + (heading.tail or "")

    # -- one text node ------------------------------------------------------

    def _link_text(self, text: str) -> str:
        """``text`` with each reference in it replaced by a placeholder of its HTML."""
        if isinstance(text, AtomicString) or not _MAY_HOLD_REFERENCE.search(text):
            return text
        if STX not in text and _OPAQUE not in text and "[[" not in text:  # most text: plain, references only
            if self.grammar is None:
                return text
            return self.grammar.replace(text, self._stashed_reference, self.chapter)
        node = _Text(text, self.md.htmlStash.rawHtmlBlocks)
        pieces, cursor = [], 0
        for start, end, parts in self._find(node.view):
            if not node.clean(start, end):
                continue
            for part_start, part_end, rule_id, label, explicit_text in parts:
                pieces.append(node.source_slice(cursor, part_start))
                pieces.append(self.finished.store(self._html(rule_id, label, explicit_text)))
                cursor = part_end
        if not pieces:
            return text
        pieces.append(node.source_slice(cursor, len(node.view)))
        return "".join(pieces)

    def _stashed_reference(self, rule_id: str, label: str) -> str:
        """The marker of an automatic reference's HTML: the grammar asks for one per reference,
        tens of thousands per book, so ``_html`` and ``FinishedHtml.store`` are written out here."""
        key = rule_id + " " + label  # a rule ID has no spaces
        reference = self._references.get(key)
        if reference is None:
            reference = self._references[key] = self._element(rule_id, label, None)
        items = self.finished.items
        items.append(reference)
        return _marker(len(items) - 1)

    def _find(self, view: str) -> list[tuple[int, int, list]]:
        """(start, end, parts) of each explicit link and automatic reference, in order;
        a part is (start, end, rule ID or None, label, explicit link text or None)."""
        found = []
        position = 0
        for match in EXPLICIT_LINK.finditer(view):
            found += self._automatic(view, position, match.start())
            target, label = match.group(1).strip(), match.group(2)
            rule_id = self._resolve(target)
            found.append((match.start(), match.end(),
                          [(match.start(), match.end(), rule_id, (label or target).strip(), target)]))
            position = match.end()
        found += self._automatic(view, position, len(view))
        return found

    def _automatic(self, view: str, start: int, end: int) -> list[tuple[int, int, list]]:
        if self.grammar is None:
            return []
        return [(start + ref.start, start + ref.end,
                 [(start + p.start, start + p.end, p.rule_id, p.text, None) for p in ref.parts])
                for ref in self.grammar.find(view[start:end], self.chapter)]

    def _resolve(self, target: str) -> str | None:
        """The rule ID an explicit link names: an ID, a chapter-relative number
        (in the current rule's chapter) or a title/slug in the page's ruleset; else what the heading
        of a wiki's link to a heading names (``rule_index.link_names``)."""
        for name in link_names(target):
            if self._rule(name) is not None or self._tombstone(name) is not None:
                return name
            number = number_of(name, self.grammar, self.chapter)
            if number is not None:
                return number
            if self.ruleset is not None:
                rule = self.index.find_title(self.ruleset.id, name)
                if rule is not None:
                    return rule.id
        return None

    # -- the HTML ------------------------------------------------------------

    def _html(self, rule_id: str | None, label: str, explicit_text: str | None = None) -> str:
        if explicit_text is None:  # a page cites the same rules again and again
            # A string key, not a tuple: the garbage collector tracks tuples, and a page makes hundreds.
            key = f"{rule_id} {label}"  # a rule ID has no spaces
            reference = self._references.get(key)
            if reference is None:
                reference = self._references[key] = self._element(rule_id, label, None)
            return reference
        return self._element(rule_id, label, explicit_text)  # an explicit link naming no rule warns each time

    def _element(self, rule_id: str | None, label: str, explicit_text: str | None) -> str:
        if explicit_text is None:
            tags = self._tags.get(rule_id)
            if tags is None:
                tags = self._tags[rule_id] = self._tags_of(rule_id, None)
        else:  # an explicit link naming no rule warns each time
            tags = self._tags_of(rule_id, explicit_text)
        if "&" in label or "<" in label or ">" in label:  # a printed number seldom holds any
            label = html.escape(label, quote=False)
        return tags[0] + label + tags[1]

    def _tags_of(self, rule_id: str | None, explicit_text: str | None) -> tuple[str, str]:
        """The opening and closing tags of a reference to ``rule_id`` from this page. An automatic
        reference (``explicit_text`` None: a number in the text) names a rule of the page's ruleset
        only: "see 8.1" in one book is never another book's 8.1."""
        own_only = explicit_text is None
        rule = (self._own_rules.get(rule_id) if own_only else self._rule(rule_id)) if rule_id else None
        tombstone = self._tombstone(rule_id) if rule is None and rule_id else None
        if tombstone is not None:
            attributes = removed_reference_attributes(tombstone.id, f"{_HREF_SLOT}#{tombstone.id}", tombstone.removed_in)
            opening = "<a " + " ".join(f'{name}="{html.escape(value)}"' for name, value in attributes.items()) + ">"
            return opening.replace(_HREF_SLOT, self._page_href(tombstone.page)), "</a>"
        if rule is None:
            if explicit_text is not None:
                self._warn_unresolved(explicit_text)
            return "".join(_opening_tag(rule_id or explicit_text, False)), "</span>"  # a span has no href to split at
        before_page, after_page = _opening_tag(rule.id, True)  # "see 4" cites the section printed 4.0
        return before_page + self._page_href(rule.page) + after_page, "</a>"

    def _rule(self, rule_id: str):
        """The rule an ID names: in the page's ruleset first; else the one rule of that
        ID in another ruleset (``[[G15.21]]`` from a page of another book), or the rule
        a prefixed ID names (``[[asl:G15.21]]``) when several rulesets have the ID."""
        rule = self._own_rules.get(rule_id)
        if rule is not None:
            return rule
        ruleset_id, colon, prefixed = rule_id.partition(":")
        if colon and ruleset_id in self.index.rulesets:
            return self.index.get(ruleset_id, prefixed)
        found = [rule for other in self.index.rulesets if (rule := self.index.get(other, rule_id)) is not None]
        return found[0] if len(found) == 1 else None

    def _tombstone(self, rule_id: str):
        """Where a removed rule of the page's ruleset stood (``[[asl:G15.3]]``: of the ruleset named)."""
        ruleset_id, colon, prefixed = rule_id.partition(":")
        if colon and ruleset_id in self.index.rulesets:
            return self.index.tombstone(ruleset_id, prefixed)
        return self.index.tombstone(self.ruleset.id, rule_id) if self.ruleset is not None else None

    def _page_href(self, page: str) -> str:
        """The href of ``page`` from this page, ready for an attribute ("" for this page: ``#G15.21``)."""
        href = self._page_hrefs.get(page)
        if href is None:
            href = "" if page == self.page else \
                html.escape(relative_url(page_url(page, self.use_directory_urls), self.page_url))
            self._page_hrefs[page] = href
        return href

    def _warn_unresolved(self, target: str) -> None:
        where = self.page or "(page not set)"
        needle = f"[[{target}"
        page_text = self._read(Path(self.docs_dir) / self.page) if self.page else None
        line = _line_of(page_text, needle)
        if line:
            where = f"{where}:{line}"
        # An imported page: the line to edit is its source's.
        source_path = front_matter(page_text or "").get("source")
        if source_path:
            source_line = _line_of(_read_source(Path(self.docs_dir).parent / source_path), needle)
            where = f"{source_path}{f':{source_line}' if source_line else ''} (imported into {where})"
        note = " (a link to another note or a page is no rule link: write its text without [[ ]])" \
            if "#" in target[1:] or "/" in target else ""
        log.warning("%s: the rule link [[%s]] names no rule in this reference "
                    "(use a rule ID, a number in the current chapter, or a section title)%s", where, target, note)

    @staticmethod
    def _read(path: Path) -> str | None:
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            return None


def _read_source(path: Path) -> str | None:
    """A source's text as the import read it (UTF-8 or UTF-16), or None."""
    try:
        return decoded(path.read_bytes(), str(path))
    except (OSError, SourceError):
        return None


def _line_of(text: str | None, needle: str) -> int | None:
    """The first line of ``text`` holding ``needle``, counted from 1."""
    for number, line in enumerate((text or "").splitlines(), start=1):
        if needle in line:
            return number
    return None


def _add_copy_button(heading: etree.Element) -> None:
    """End a rule heading with its "Copy link" button (assets/ruleref/permalink.js copies).
    Written here, not by a script, so the heading has its final size at first paint."""
    rule_id = heading.get("data-rule") or heading.get("id")
    etree.SubElement(heading, "button", {"type": "button", "class": "rr-copy-link",
                                         "title": "Copy link to this rule",
                                         "aria-label": f"Copy link to {rule_id}"})


class ReferencesExtension(Extension):
    def __init__(self, **kwargs):
        # No None defaults: Python-Markdown would coerce the values to booleans.
        # Without the plugin (another MkDocs-compatible tool), the extension builds
        # the index itself from docs_dir and rulesets_dir.
        self.config = {
            **page_options("the site's RuleIndex; built from docs_dir and rulesets_dir when empty"),
            "use_directory_urls": [True, "MkDocs' use_directory_urls: page URLs are folders (g15/) or files (g15.html)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 3: after 'inline' (20), so text nodes are final and links and
        # code spans are elements we can skip; after 'attr_list' (8), which gives
        # rule headings their id/data-rule; after 'toc' and MkDocs' anchor
        # extraction (5), which have no use for our links; before 'unescape' (0),
        # which turns every AtomicString (text to leave alone) into a plain one.
        finished = FinishedHtml()
        md.treeprocessors.register(ReferencesTreeprocessor(md, self, finished), "rr_references", 3)
        # Before 'raw_html' (30): nothing in our HTML is left for it.
        md.postprocessors.register(FinishedHtmlPostprocessor(md, finished), "rr_references", 35)


def makeExtension(**kwargs) -> ReferencesExtension:
    return ReferencesExtension(**kwargs)
