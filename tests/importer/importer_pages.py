"""Shared helpers: import the project's real sources and render pages the way the site does."""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

from build_tools.importer import import_source
from build_tools.rulesets import load_rulesets

PROJECT = Path(__file__).resolve().parents[2]


@functools.cache
def site_extensions() -> tuple[list, dict]:
    """The Markdown extensions mkdocs.yml enables, minus the project's own
    (``build_tools.*``): the importer's output must survive the standard ones."""
    config = yaml.safe_load((PROJECT / "mkdocs.yml").read_text(encoding="utf-8"))
    names, configs = [], {}
    for entry in config["markdown_extensions"]:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        if name.startswith("build_tools."):
            continue
        names.append(name)
        if options:
            configs[name] = options
    return names, configs


def render(page: str) -> str:
    """Page Markdown (with front matter) -> HTML, as the site's Markdown renders it."""
    body = re.sub(r"\A---\n.*?\n---\n", "", page, flags=re.S)
    names, configs = site_extensions()
    return markdown.Markdown(extensions=names, extension_configs=configs).convert(body)


def ruleset_and_source(page: str):
    """The Ruleset and its ruleset.yml entry (Source) of a page name."""
    for ruleset in load_rulesets(PROJECT / "rulesets").values():
        for entry in ruleset.sources:
            if entry.page == page:
                return ruleset, entry
    raise LookupError(page)


def source(page: str):
    """The ruleset.yml entry (ruleset id, Source) of a page name."""
    ruleset, entry = ruleset_and_source(page)
    return ruleset.id, entry


def import_page(page: str) -> str:
    """Import the source behind ``docs/<ruleset>/<page>.md`` as ``ruleref import`` does."""
    ruleset, entry = ruleset_and_source(page)
    return import_source(ruleset, entry, source_label=entry.path.relative_to(PROJECT).as_posix()).markdown


def raw_text(page: str) -> str:
    return source(page)[1].path.read_text(encoding="utf-8")


class TextOf(HTMLParser):
    """The text a reader sees: block elements separate words, inline ones (sup, a) do not.
    Heading permalinks ("¶", added by toc) are the site's markup, not rule text."""

    BLOCKS = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "table", "thead", "tbody", "tr",
              "th", "td", "dl", "dt", "dd", "div", "br"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if self.skip or (tag == "a" and "headerlink" in (dict(attrs).get("class") or "")):
            self.skip += 1
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if self.skip:
            self.skip -= 1 if tag == "a" else 0
        elif tag in self.BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def visible_words(html: str) -> list[str]:
    parser = TextOf()
    parser.feed(html)
    return "".join(parser.parts).split()


class Structure(HTMLParser):
    """Headings, tables and definition lists of a rendered page, for assertions."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.headings: list[dict] = []  # level, id, data-rule, classes, text
        self.tables: list[list[list[dict]]] = []  # rows of cells: tag, colspan, text, links
        self.terms: list[dict] = []  # definition-list entries: list class, id, term, text, links
        self.open: list[dict] = []
        self.list_class = ""
        self.links: list[str] | None = None
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "a" and "headerlink" in (attrs.get("class") or ""):
            self.skip += 1
            return
        if tag == "a" and self.open:
            self.open[-1]["links"].append(attrs.get("href"))
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.open.append({"kind": "heading", "level": int(tag[1]), "id": attrs.get("id"),
                              "data-rule": attrs.get("data-rule"), "classes": (attrs.get("class") or "").split(),
                              "text": "", "links": []})
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("th", "td"):
            self.open.append({"kind": "cell", "tag": tag, "colspan": int(attrs.get("colspan", 1)),
                              "classes": (attrs.get("class") or "").split(), "text": "", "links": []})
        elif tag == "dl":
            self.list_class = attrs.get("class") or ""
        elif tag == "dt":
            self.open.append({"kind": "term", "list": self.list_class, "id": attrs.get("id"), "text": "",
                              "links": []})
        elif tag == "dd":
            self.open.append({"kind": "definition", "text": "", "links": []})

    def handle_endtag(self, tag):
        if self.skip and tag == "a":
            self.skip -= 1
            return
        if not self.open:
            return
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.headings.append(self.open.pop())
        elif tag in ("th", "td"):
            self.tables[-1][-1].append(self.open.pop())
        elif tag == "dt":
            self.terms.append(self.open.pop())
        elif tag == "dd":
            definition = self.open.pop()
            self.terms[-1]["definition"] = definition["text"]
            self.terms[-1]["definition_links"] = definition["links"]

    def handle_data(self, data):
        if self.open and not self.skip:
            self.open[-1]["text"] += data


def structure(html: str) -> Structure:
    parser = Structure()
    parser.feed(html)
    for heading in parser.headings:
        heading["text"] = heading["text"].strip()
    return parser
