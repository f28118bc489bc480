"""Material's search plugin reads each page without our markup.

The search plugin parses every page's HTML to index its text, and a rule page
holds a reference element (``<a class="rr-ref" …>G15.21</a>``) every few words,
a "Referenced by" line per cited rule, and exceptions and abbreviations set
apart: twice the tags of the same text without them, and the parse took more
build time than finding the references. The index holds text, not those tags
(the text of a link, span or abbr is indexed as text, and "Referenced by"
lines are ``data-search-exclude``), so the plugin is given the page with each
of those elements replaced by its text and those lines left out: the same
index, built from HTML as lean as a plain page's; the page keeps its own
content. ``tests/references/test_search_input.py`` checks that the index is
the same byte for byte.
"""

from __future__ import annotations

import re

from build_tools.markdown.exceptions import CLASSES as NOTE_CLASSES

# The markup of a reference (build_tools.markdown.references.reference_attributes, in that order).
_REFERENCE = re.compile(r'<(a|span) class="rr-ref(?: rr-ref--missing)?" [^>]*>([^<]*)</\1>')
_CITED_BY = re.compile(r'<p class="rr-cited-by" data-search-exclude="">.*?</p>', re.DOTALL)
# An exception or errata span (build_tools.markdown.exceptions) around text and tags other than spans.
_NOTE = re.compile(r'<span class="(?:%s)">([^<]*(?:<(?!/?span\b)[^<]*)*)</span>' % "|".join(NOTE_CLASSES.values()))
# A glossary tooltip (build_tools.markdown.glossary).
_ABBREVIATION = re.compile(r'<abbr title="[^"]*">([^<]*)</abbr>')


def lean_html(html: str) -> str:
    # Functions, not r"\2" templates: Python 3.11 expands a template in Python code, match by match.
    html = _REFERENCE.sub(lambda element: element[2], _CITED_BY.sub("", html))
    return _ABBREVIATION.sub(lambda element: element[1], _NOTE.sub(lambda element: element[1], html))


def index_lean_pages(config) -> None:
    """Have Material's search index read each page's content as :func:`lean_html`.

    The page holds the lean content only while the index reads it (a view
    object delegating every other attribute cost more than it saved). Call
    after the plugins' ``on_config`` (the search plugin makes its index
    there). Without Material's search plugin this does nothing."""
    search = config.plugins.get("material/search") or config.plugins.get("search")
    index = getattr(search, "search_index", None)
    add_entry = getattr(index, "add_entry_from_context", None)
    if add_entry is None or getattr(add_entry, "reads_lean_pages", False):
        return

    def add_lean_entry(page):
        content = page.content
        page.content = lean_html(content)
        try:
            return add_entry(page)
        finally:
            page.content = content

    add_lean_entry.reads_lean_pages = True
    index.add_entry_from_context = add_lean_entry
