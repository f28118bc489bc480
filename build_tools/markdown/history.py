"""A text's history goes into the page as the import wrote it: the ``build_tools.markdown.history`` extension.

The import writes a rule's history (``build_tools.history_pages``: the
"Changed in …" block with its word diff, "New in …", the tombstone of a
removed rule) as one line of finished, escaped HTML between a rule's heading
and its text (``rule_index.HISTORY_LINES``). Python-Markdown would read each
such line with its HTML parser, tag by tag, to find where the block ends and
whether it holds Markdown; these need neither, so each is stashed as it
stands, as Python-Markdown stashes the raw HTML blocks it has parsed. No
later step looks inside: not the inline patterns, not the rule references.
The page is the same, byte for byte (tested); the parsing is what goes (it
was most of what a history adds to the build of a rule page).
"""

from __future__ import annotations

from markdown import Markdown
from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor

from build_tools.rule_index import HISTORY_LINES


class HistoryBlocksPreprocessor(Preprocessor):
    # Each stashed with the newline Python-Markdown keeps after a raw block: the page is the same, byte for byte.
    def run(self, lines: list[str]) -> list[str]:
        stash = self.md.htmlStash
        return [stash.store(line + "\n") if line.startswith(HISTORY_LINES) else line for line in lines]


class HistoryExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # Priority 20.5: after MkDocs' own reading of raw HTML (21), which finds the tombstones' anchors
        # for its link validation, and before 'html_block' (20), which would parse them.
        md.preprocessors.register(HistoryBlocksPreprocessor(md), "rr_history", 20.5)


def makeExtension(**kwargs) -> HistoryExtension:
    return HistoryExtension(**kwargs)
