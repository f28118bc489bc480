"""Material's search plugin reads each page without our markup.

The search plugin parses every page's HTML to index its text, and a rule page
holds a reference element (``<a class="rr-ref" …>G15.21</a>``) every few words,
a "Referenced by" line per cited rule, and exceptions and abbreviations set
apart: twice the tags of the same text without them, and the parse took more
build time than finding the references. The index holds text, not those tags
(the text of a link, span or abbr is indexed as text, and "Referenced by"
lines and a text's history, its word diffs and tombstones, are
``data-search-exclude``), so the plugin is given the page with each of those
elements replaced by its text and those lines and blocks left out: the same
index, built from HTML as lean as a plain page's; the page keeps its own
content. ``tests/references/test_search_input.py`` checks that the index is
the same byte for byte.

Two things are added, so that a search for a rule ID lists that rule first:

* a heading that shows a rule's number relative to its chapter ("15.21 vs
  PILLBOX…" for G15.21) gets the full rule ID in the copy the index reads
  (the page shows the heading as printed), so either finds the rule by its
  title, which the index weighs most;
* a broader rule weighs more than the rules inside it. Material's search
  matches every typed word as a prefix, so "5.4" finds 5.41 and 5.42 by
  their titles as well as 5.4 itself; and every rule citing 5.4 makes "5.4"
  a commoner, lighter word in the index than "5.41". Doubling the boost at
  each heading level up (the heading depth follows the numbering) lists 5.4
  first; among words it favours the section over its sub-rules.

And two things are made faster. Material finds each indexed heading's entry
in the page's table of contents by walking the table from its start, which
is quadratic in the headings of a page (thousands in one big rule page); the
walk is replaced, for that page, by a lookup of the same entries. And each
rule heading is read bare: its anchor and its title, without its permalink
and copy-link button (which the index leaves out) or its class and rule
attributes; a third of the tags of a rule page, and of the parse's time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial

from build_tools.markdown.exceptions import CLASSES as NOTE_CLASSES
from build_tools.numbering import heading_number
from build_tools.plugin.search_process import IndexingProcess, can_index_apart

# The markup of a reference (build_tools.markdown.references.reference_attributes, in that order).
_REFERENCE = re.compile(r'<(a|span) class="rr-ref(?: rr-ref--missing| rr-ref--removed)?" [^>]*>([^<]*)</\1>')
_CITED_BY = re.compile(r'<p class="rr-cited-by" data-search-exclude="">.*?</p>', re.DOTALL)
# A rule's history as the import writes it (build_tools.history_pages): "Changed in …" with its word
# diff, "New in …", a removed rule's tombstone; each data-search-exclude, each one line with no
# element of its own kind inside.
_HISTORY = re.compile(r'<(details|p|div) class="rr-(?:change|new|tombstone)"[^>]*\bdata-search-exclude\b[^>]*>'
                      r'.*?</\1>', re.DOTALL)
# An exception or errata span (build_tools.markdown.exceptions) around text and tags other than spans.
_NOTE = re.compile(r'<span class="(?:%s)">([^<]*(?:<(?!/?span\b)[^<]*)*)</span>' % "|".join(NOTE_CLASSES.values()))
# A glossary tooltip (build_tools.markdown.glossary).
_ABBREVIATION = re.compile(r'<abbr title="[^"]*">([^<]*)</abbr>')
# What a rule heading holds besides its title: its permalink (text Material leaves out of the index), its
# copy-link button (no text; build_tools.markdown.references) and attributes other than its anchor.
_HEADING_CHROME = re.compile(r'<a class="headerlink" href="[^"]*" title="[^"]*">&para;</a>'
                             r'(?:<button [^>]*class="rr-copy-link"[^>]*></button>)?')
_RULE_HEADING_ATTRIBUTES = re.compile(r'<h([1-6]) class="rr-rule" data-rule="[^"]*" id=')


# A rule heading (attr_list writes class, data-rule, id in that order) and its text up to the permalink.
_RULE_HEADING = re.compile(r'(<h([1-6]) class="rr-rule" data-rule="([^"]+)"[^>]*>)(.*?)(?=<a class="headerlink"|</h\2>)')
# Each heading level up doubles a rule's weight in the search index.
RULE_LEVEL_BOOST = 2


def lean_html(html: str) -> str:
    # Functions, not r"\2" templates: Python 3.11 expands a template in Python code, match by match.
    html = _REFERENCE.sub(lambda element: element[2], _CITED_BY.sub("", _HISTORY.sub("", html)))
    return _ABBREVIATION.sub(lambda element: element[1], _NOTE.sub(lambda element: element[1], html))


def _with_full_id(heading: re.Match) -> str:
    rule_id, text = heading[3], heading[4]
    printed = heading_number(text)
    if not printed or printed == rule_id or not rule_id.endswith(printed):
        return heading[0]  # the heading shows the whole ID, or no number at all
    return f"{heading[1]}{text.rstrip()} ({rule_id})"


def with_full_rule_ids(html: str) -> str:
    """Rule headings showing a chapter-relative number get the rule ID: "15.21 vs PILLBOX… (G15.21)"."""
    return _RULE_HEADING.sub(_with_full_id, html)


def bare_headings(html: str) -> str:
    """Rule headings as the index reads them: the anchor and the title, nothing Material would skip."""
    return _RULE_HEADING_ATTRIBUTES.sub(lambda heading: f"<h{heading[1]} id=", _HEADING_CHROME.sub("", html))


def boost_broader_rules(entries: list[dict], html: str) -> None:
    """Multiply the boost of the index entries of a page's rules by RULE_LEVEL_BOOST per
    heading level above h6. The page's own entry (Material's for its first h1) counts as h1."""
    levels = {heading[3]: int(heading[2]) for heading in _RULE_HEADING.finditer(html)}
    if not levels:
        return
    for entry in entries:
        anchor = entry["location"].partition("#")[2]
        level = levels.get(anchor) if anchor else 1
        if level:
            entry["boost"] = entry.get("boost", 1) * RULE_LEVEL_BOOST ** (6 - level)


def toc_by_id(toc) -> dict:
    """The entries of a table of contents by anchor: the first in document order
    (a heading before its sub-headings) for an anchor given twice, as Material's walk finds it."""
    by_id: dict = {}
    stack = list(toc)[::-1]
    while stack:
        item = stack.pop()
        by_id.setdefault(item.id, item)
        stack.extend(reversed(item.children))
    return by_id


@dataclass(frozen=True)
class IndexedPage:
    """What Material's index reads of a page, as plain values (the indexing process gets it through a pipe)."""
    content: str  # as rendered; made lean when it is indexed
    url: str
    title: str | None
    meta: dict
    toc_urls: dict[str, str]  # anchor -> the URL of its table of contents entry (``toc_by_id``)
    toc: tuple = ()  # what Material hands its table-of-contents lookup, which ``index_page`` replaces

    @classmethod
    def of(cls, page) -> IndexedPage:
        return cls(page.content, page.url, page.title, page.meta,
                   {anchor: item.url for anchor, item in toc_by_id(page.toc).items()})


def index_page(index, add_entry, page: IndexedPage) -> None:
    """Material's ``add_entry`` of ``page`` to ``index``, reading :func:`lean_html` with
    :func:`with_full_rule_ids` and bare headings, boosting broader rules, looking headings up in
    the page's table of contents at once rather than by Material's walk from its start."""
    lean = with_full_rule_ids(lean_html(page.content))
    index._find_toc_by_id = lambda toc, anchor: _TocEntry(page.toc_urls[anchor]) if anchor in page.toc_urls else None
    first = len(index.entries)
    try:
        add_entry(replace(page, content=bare_headings(lean)))
    finally:
        del index._find_toc_by_id
    boost_broader_rules(index.entries[first:], lean)


@dataclass(frozen=True)
class _TocEntry:
    url: str  # all Material reads of the entry it finds


class LeanIndexing:
    """The pages of one build, indexed as :func:`index_page` says: in a second process for a big book
    (``search_process``), else in this one. ``finish`` before the search plugin writes its index."""

    def __init__(self, index, add_entry, rules: int):
        self._index = index
        self._index_page = partial(index_page, index, add_entry)
        self._process = IndexingProcess(index, self._index_page) if can_index_apart(rules) else None

    def add(self, page) -> None:
        if (page.meta.get("search") or {}).get("exclude"):
            return  # Material indexes nothing of it (an earlier version's text, say): nothing to make lean
        indexed = IndexedPage.of(page)
        if self._process is None:
            self._index_page(indexed)
        else:
            self._process.add(indexed)

    def finish(self) -> None:
        if self._process is not None:
            self._index.entries.extend(self._process.entries())
            self._process = None

    def abandon(self) -> None:
        if self._process is not None:
            self._process.abandon()
            self._process = None


def index_lean_pages(config, rules: int) -> LeanIndexing | None:
    """Have Material's search index read each page through a :class:`LeanIndexing` for a book of
    ``rules`` rules; the page itself keeps its content. Call after the plugins' ``on_config`` (the
    search plugin makes its index there). Without Material's search plugin this does nothing."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    index = getattr(search, "search_index", None)
    add_entry = getattr(index, "add_entry_from_context", None)
    if add_entry is None:
        return None
    add_entry = getattr(add_entry, "materials", add_entry)  # a second build of `serve`: Material's own, once
    indexing = LeanIndexing(index, add_entry, rules)

    def add_lean_entry(page):
        indexing.add(page)

    add_lean_entry.materials = add_entry
    index.add_entry_from_context = add_lean_entry
    return indexing
