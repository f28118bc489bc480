"""A warning for a page too big to read at the table.

A source becomes one page however big it is. Past ``PAGE_HTML_LIMIT`` bytes
of HTML the page is a burden on the phone it is read on, and the build says
so, naming the source, the page's size and the limit, and the fix: split the
source into more pages.

Why 2 MB: the largest page of the books here is 85 KB (G15, with its
calculators); 2 MB is 25 times that, a whole book's text rather than a
chapter's (a page's HTML is 1.5 to 8 times its source: more with more rules,
references, annotations and calculators, so 2 MB is 0.25 to 1.3 MB of source).
A page that big takes 10 s to arrive uncompressed on Lighthouse's "slow 4G"
profile (1.6 Mbit/s), and Material's instant navigation loads and parses it
whole before it shows anything; a phone then lays out tens of thousands of
elements, and the page's text goes whole into the search index every reader
downloads and indexes at their first search.

The warning does not fail a strict build: the site is correct, only heavy.
It is logged outside MkDocs' loggers, whose warnings strict mode counts.
"""

from __future__ import annotations

import logging

PAGE_HTML_LIMIT = 2_000_000  # bytes of one page's HTML

log = logging.getLogger("ruleref.build")


def warn_if_too_big(html: str, *, page_url: str, source: str) -> None:
    """Log one warning when ``html`` (the page at ``page_url``, made from ``source``) is over ``PAGE_HTML_LIMIT``."""
    size = len(html.encode("utf-8"))
    if size > PAGE_HTML_LIMIT:
        log.warning("%s: its page %s is %s of HTML, over the %s a page should stay under (a phone downloads, "
                    "lays out and searches it whole); split the source into more pages: several files, each "
                    "its own sources: entry in ruleset.yml", source, page_url or "./", _megabytes(size),
                    _megabytes(PAGE_HTML_LIMIT))


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"
