"""A ruleset's pages in the navigation follow its ``sources:``, not their file names.

Without a ``nav:`` of the site's own, MkDocs (and our navigation for Zensical)
lists a folder's pages by file name: a book cut into ``movement``, ``combat``
and ``advanced`` would read ``advanced`` first, and "Next" would lead from the
last chapter back to the first. The places the source pages hold are filled
again in the order ``ruleset.yml`` lists the sources; every other page (the
landing page, a glossary, What's new) keeps its place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

Item = TypeVar("Item")


def in_sources_order(items: Sequence[Item], rulesets: Mapping, path_of: Callable[[Item], str | None]) -> list[Item]:
    """``items`` (one folder's navigation entries) with the rulesets' source pages in ``sources:``
    order; ``path_of`` gives an entry's docs-relative page path (None for a section or link)."""
    rank = {f"{ruleset.id}/{source.page}.md": number for ruleset in rulesets.values()
            for number, source in enumerate(ruleset.sources)}
    sources = iter(sorted((item for item in items if path_of(item) in rank), key=lambda item: rank[path_of(item)]))
    return [next(sources) if path_of(item) in rank else item for item in items]
