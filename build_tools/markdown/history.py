"""A text's history goes into the page as the import wrote it: the ``build_tools.markdown.history`` extension.

The import writes a rule's history (``build_tools.history_pages``: the
"Changed in …" block with its word diff, "New in …", the tombstone of a
removed rule, and on an earlier version's page the line that says where the
rule's text is now) as one line of finished, escaped HTML
(``rule_index.HISTORY_LINES``). Python-Markdown would read each such line
with its HTML parser, tag by tag, to find where the block ends and whether
it holds Markdown; these need neither, so each is stashed as it stands, as
Python-Markdown stashes the raw HTML blocks it has parsed. No later step
looks inside: not the inline patterns, not the rule references. A link in
one to a page (``href="../g15.md#G15.21"``) becomes that page's URL from
this page, as MkDocs makes it (``page_urls``): MkDocs leaves raw HTML as it
is; Zensical makes such links URLs itself, wherever they are.

An earlier version's page holds one such line per rule: as Markdown, its
emphasis and link cost the build more than the rule's text did.

The lines are stashed before MkDocs reads the page's raw HTML for the
anchors its link validation knows (``mkdocs_raw_html``, priority 21): that
reading parses the whole page with Python's HTML parser, and a page's word
diffs held more tags than the rest of it. The anchors these lines hold (a
tombstone's ``id``) are handed to that reading after it has run.

Configuration (``mdx_configs``), both set by the ruleref plugin under MkDocs:
``current_page`` and ``use_directory_urls`` (MkDocs' setting).
"""

from __future__ import annotations

import html
import posixpath
import re

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from build_tools.markdown.page_urls import page_url, relative_url
from build_tools.rule_index import HISTORY_LINES

_PAGE_LINK = re.compile(r'href="([^"#:]+\.md)(#[^"]*)?"')
_ID = re.compile(r'\sid="([^"]*)"')


class HistoryBlocksPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, extension: HistoryExtension):
        super().__init__(md)
        self.extension = extension
        self.anchors: list[str] = []  # of the lines stashed from the page last run

    def run(self, lines: list[str]) -> list[str]:
        config = self.extension.getConfigs()
        page = config["current_page"]
        from_url = page_url(page, bool(config["use_directory_urls"]))

        def url(link: re.Match) -> str:
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), html.unescape(link[1])))
            to_url = relative_url(page_url(target, bool(config["use_directory_urls"])), from_url)
            return f'href="{html.escape(to_url)}{link[2] or ""}"'

        def finished(line: str) -> str:
            # MkDocs leaves raw HTML as it is: told the page by the plugin, we write its links' URLs.
            # Zensical makes a page's .md links URLs wherever they are, raw HTML included.
            return _PAGE_LINK.sub(url, line) if page else line

        stash = self.md.htmlStash
        self.anchors = []
        out = []
        for line in lines:
            if line.startswith(HISTORY_LINES):
                self.anchors += [html.unescape(anchor) for anchor in _ID.findall(line)]
                # With the newline Python-Markdown keeps after a raw block: the page is the same, byte for byte.
                line = stash.store(finished(line) + "\n")
            out.append(line)
        return out


class HistoryAnchorsPreprocessor(Preprocessor):
    """Adds the anchors of the stashed history lines to those MkDocs found in the page's raw HTML."""

    def __init__(self, md: Markdown, blocks: HistoryBlocksPreprocessor):
        super().__init__(md)
        self.blocks = blocks

    def run(self, lines: list[str]) -> list[str]:
        if "mkdocs_raw_html" in self.md.preprocessors:  # MkDocs only
            self.md.preprocessors["mkdocs_raw_html"].present_anchor_ids.update(self.blocks.anchors)
        return lines


class HistoryExtension(Extension):
    def __init__(self, **kwargs):
        # No None defaults: Python-Markdown would coerce them to booleans.
        self.config = {
            "current_page": ["", "docs-relative path of the page being rendered (set per page by the plugin; "
                                 "without it, .md links are left to the engine)"],
            "use_directory_urls": [True, "MkDocs' use_directory_urls: page URLs are folders (g15/) or files "
                                         "(g15.html)"],
        }
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 21.5: before MkDocs' own reading of raw HTML (21) and 'html_block' (20), which would
        # parse them; the anchors MkDocs' reading would have found are added right after it (20.9).
        blocks = HistoryBlocksPreprocessor(md, self)
        md.preprocessors.register(blocks, "rr_history", 21.5)
        md.preprocessors.register(HistoryAnchorsPreprocessor(md, blocks), "rr_history_anchors", 20.9)


def makeExtension(**kwargs) -> HistoryExtension:
    return HistoryExtension(**kwargs)
