"""Where a page is published, from its docs-relative source path.

The references extension writes finished links (``../chapter-d-vehicles/#D8.21``)
instead of ``.md`` links for MkDocs to rewrite: a rulebook has tens of
thousands of references, each valid by construction (its target comes from the
rule index), and MkDocs' link processing of them cost more than finding them.
These are MkDocs' own rules (``File.url``, ``utils.get_relative_url``), so the
links are the ones MkDocs would have written; tests compare the two.
"""

from __future__ import annotations

import functools
import posixpath
from urllib.parse import quote


@functools.lru_cache(maxsize=4096)
def page_url(src_uri: str, use_directory_urls: bool = True) -> str:
    """``asl/g15-bulldozers.md`` -> ``asl/g15-bulldozers/`` (or ``asl/g15-bulldozers.html``)."""
    parent, filename = posixpath.split(src_uri)
    stem = posixpath.splitext(filename)[0]
    if stem == "README":
        stem = "index"
    if stem == "index":
        return quote(f"{parent}/" if use_directory_urls and parent else
                     "./" if use_directory_urls else posixpath.join(parent, "index.html"))
    return quote(posixpath.join(parent, f"{stem}/" if use_directory_urls else f"{stem}.html"))


def relative_url(url: str, from_url: str) -> str:
    """``url`` as seen from the page at ``from_url`` (both site-relative)."""
    directory, _, basename = from_url.rpartition("/")
    if "." in basename:  # a file (page.html): its folder
        from_url = directory
    from_parts = _parts(from_url)
    to_parts = _parts(url)
    common = 0
    for a, b in zip(from_parts, to_parts):
        if a != b:
            break
        common += 1
    relative = "/".join((("..",) * (len(from_parts) - common)) + to_parts[common:]) or "."
    return relative + "/" if url.endswith("/") else relative


@functools.lru_cache(maxsize=4096)
def _parts(url: str) -> tuple[str, ...]:
    path = posixpath.normpath("/" + url.lstrip("/"))[1:]
    return tuple(path.split("/")) if path else ()
