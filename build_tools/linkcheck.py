"""An independent link checker over a built site: every internal ``href``/``src``
must name a file in the site, and every ``#fragment`` an element id on the
page it points to.

It reads the HTML files as a browser would (``html.parser``, URLs resolved
against the page's own URL), not the Markdown or MkDocs' idea of the site, so
a link broken by a template, a plugin or a post-build step is caught too.
External links (any scheme, or ``//host``) are collected, never requested:
the check runs offline and must not depend on someone else's server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

# Attributes that make the browser fetch or navigate to a URL.
URL_ATTRIBUTES = {
    "a": ("href",),
    "area": ("href",),
    "link": ("href",),
    "script": ("src",),
    "img": ("src",),
    "iframe": ("src",),
    "source": ("src",),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "form": ("action",),
}
# Any origin stands in for the site's: only the path below it matters.
_ORIGIN = "http://site.invalid/"


@dataclass
class Link:
    url: str  # as written in the page
    line: int  # 1-based line of the tag in the HTML file


@dataclass
class HtmlPage:
    ids: set[str] = field(default_factory=set)
    links: list[Link] = field(default_factory=list)


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = HtmlPage()

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if values.get("id"):
            self.page.ids.add(values["id"])
        if tag == "a" and values.get("name"):  # the older anchor form browsers still honour
            self.page.ids.add(values["name"])
        for name in URL_ATTRIBUTES.get(tag, ()):
            url = values.get(name)
            if url is not None:
                self.page.links.append(Link(url.strip(), self.getpos()[0]))
        srcset = values.get("srcset")
        if srcset:
            for candidate in srcset.split(","):
                if candidate.strip():
                    self.page.links.append(Link(candidate.split()[0], self.getpos()[0]))

    handle_startendtag = handle_starttag


def parse_page(path: Path) -> HtmlPage:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser.page


def read_site(site: Path) -> dict[str, HtmlPage]:
    """Every HTML file of the site, by its site-relative POSIX path, in path order."""
    return {path.relative_to(site).as_posix(): parse_page(path) for path in sorted(site.rglob("*.html"))}


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme or parts.netloc)


def target_file(site: Path, page_path: str, url: str) -> tuple[str | None, str]:
    """(site-relative file the URL opens, or None if none; its fragment), as a static host serves it."""
    resolved = urlsplit(urljoin(_ORIGIN + page_path, url))
    path = unquote(resolved.path).lstrip("/")
    fragment = unquote(resolved.fragment)
    candidate = site / path
    if path == "" or path.endswith("/"):
        candidate = candidate / "index.html"
    elif candidate.is_dir():
        candidate = candidate / "index.html"
    if not candidate.is_file():
        return None, fragment
    return candidate.relative_to(site).as_posix(), fragment


@dataclass
class LinkReport:
    broken: list[str]  # "page.html:12: reason", one per broken link
    external: list[str]  # every distinct external URL, sorted
    checked: int  # internal links checked


def check_links(site: Path, pages: dict[str, HtmlPage] | None = None) -> LinkReport:
    """Resolve every internal link of every page; list the external ones."""
    pages = read_site(site) if pages is None else pages
    broken: list[str] = []
    external: set[str] = set()
    checked = 0
    for page_path, page in pages.items():
        for link in page.links:
            if not link.url or link.url.startswith(("javascript:", "data:", "blob:")):
                continue
            if is_external(link.url):
                external.add(link.url)
                continue
            checked += 1
            where = f"{page_path}:{link.line}"
            target, fragment = target_file(site, page_path, link.url)
            if target is None:
                broken.append(f"{where}: link {link.url!r} opens no file in the site")
                continue
            if not fragment or not target.endswith(".html"):
                continue
            ids = pages[target].ids if target in pages else parse_page(site / target).ids
            if fragment not in ids:
                broken.append(f"{where}: link {link.url!r}: no element id {fragment!r} on {target}")
    return LinkReport(broken=broken, external=sorted(external), checked=checked)
