"""Run by tests/references/test_search_input.py in a fresh process: ``python apart_indexing.py CASE [SITE]``.

The search index is made apart only where forking is safe (no other thread), and a test session may
have threads of its own (a browser test's server): each case runs here, where it can fork, and prints
what it saw as JSON.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from types import SimpleNamespace

from build_tools.plugin import search_input, search_process

PAGE = '<h2 class="rr-rule" data-rule="5.1" id="5.1">5.1 Costs</h2>\n<p>One MP.</p>'


def pages_indexed_by(rules: int, add_entry) -> list[dict]:
    index = SimpleNamespace(entries=[])
    indexing = search_input.LeanIndexing(index, lambda page: add_entry(index, page), rules)
    for number in range(3):
        indexing.add(SimpleNamespace(content=PAGE, url=f"page-{number}/", title=None, toc=[], meta={}))
    indexing.finish()
    return index.entries


def order() -> dict:
    def add_entry(index, page):
        index.entries.append({"location": page.url, "process": os.getpid()})

    return {"parent": os.getpid(), "apart": pages_indexed_by(search_process.APART_FROM_RULES, add_entry),
            "small": pages_indexed_by(search_process.APART_FROM_RULES - 1, add_entry)}


def failure() -> dict:
    def add_entry(index, page):
        raise ValueError("no room in the index")

    try:
        pages_indexed_by(search_process.APART_FROM_RULES, add_entry)
    except RuntimeError as error:
        return {"error": str(error)}
    return {"error": None}


def abandon() -> dict:
    indexing = search_input.LeanIndexing(SimpleNamespace(entries=[]), lambda page: None,
                                         search_process.APART_FROM_RULES)
    process = indexing._process._process
    indexing.abandon()
    return {"alive": process.is_alive()}


def site(target: str) -> dict:
    """The real site built with its pages indexed apart (the real rulesets are a small book)."""
    from build_tools.site_build import build_into

    search_process.APART_FROM_RULES = 1
    started = []
    original = search_process.IndexingProcess.__init__

    def counted(self, *args):
        started.append(True)
        original(self, *args)

    search_process.IndexingProcess.__init__ = counted
    build_into(Path(target), config_file=Path(__file__).resolve().parents[2] / "mkdocs.yml", strict=True)
    return {"processes": len(started)}


if __name__ == "__main__":
    case, *rest = sys.argv[1:]
    print(json.dumps({"order": order, "failure": failure, "abandon": abandon, "site": site}[case](*rest)))
