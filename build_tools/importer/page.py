"""What a text-shape module hands back: the page body and the facts its front matter needs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    title: str
    chapter: str | None
    markdown: str
