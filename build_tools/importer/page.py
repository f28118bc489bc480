"""What a text-shape module hands back: the page body and the facts its front matter needs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    title: str | None  # None: the page has no title of its own (many top-level rules)
    chapter: str | None
    markdown: str
