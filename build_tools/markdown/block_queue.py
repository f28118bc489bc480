"""Python-Markdown parses a page's blocks in time linear in their number.

The block parser holds a page's blocks (its text split at blank lines) in a
list, and every block processor takes the first off it (``blocks.pop(0)``)
and often puts a rest back in front (``blocks.insert(0, rest)``): each moves
every block after it, so a page of 100,000 paragraphs (one long rule) spent
seconds moving them, time growing with the square of the page. Here the
blocks are kept last-first, where taking the first and putting one back cost
the same however many follow; the processors see the same blocks in the same
order, so the page is the same.

Only what the block processors use of the list is offered (its length, an
item by position, read or replaced, ``pop`` and ``insert``): anything else
fails loudly rather than seeing the blocks in the wrong order.
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.blockparser import BlockParser


class Blocks:
    """A page's blocks, first block last in ``_reversed``."""

    def __init__(self, blocks: list[str]):
        self._reversed = blocks[::-1]

    def __len__(self) -> int:
        return len(self._reversed)

    def __getitem__(self, index: int) -> str:
        return self._reversed[-1 - index]

    def __setitem__(self, index: int, block: str) -> None:
        self._reversed[-1 - index] = block

    def pop(self, index: int) -> str:
        return self._reversed.pop(-1 - index)

    def insert(self, index: int, block: str) -> None:
        self._reversed.insert(len(self._reversed) - index, block)


def _parse_chunk(parser: BlockParser):
    def parse_chunk(parent, text: str) -> None:
        parser.parseBlocks(parent, Blocks(text.split("\n\n")))

    return parse_chunk


class BlockQueueExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        md.parser.parseChunk = _parse_chunk(md.parser)


def makeExtension(**kwargs) -> BlockQueueExtension:
    return BlockQueueExtension(**kwargs)
