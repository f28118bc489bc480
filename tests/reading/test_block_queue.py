"""A page of a hundred thousand paragraphs parses in time linear in them
(build_tools/markdown/block_queue.py), into the same HTML as before."""

from __future__ import annotations

from pathlib import Path

import markdown
from hypothesis import given
from hypothesis import strategies as st

from build_tools.markdown.block_queue import Blocks

PROJECT = Path(__file__).resolve().parent.parent.parent
# The block-level extensions of mkdocs.yml; ours that need the rule index only work on the finished tree.
EXTENSIONS = ["attr_list", "md_in_html", "tables", "admonition", "toc", "pymdownx.superfences"]

EVERY_KIND_OF_BLOCK = """\
# 5 Movement {: #5 .rr-rule data-rule="5" }

Setext Title
------------

A paragraph
that goes on.

* an item
    * a nested item

        its second paragraph

1. Roll a die.
2) Add the DRM.

> A quote
> that goes on.

    an indented code block

```text
a fenced block
```

!!! example "EX:"
    An example with
    two lines.

| a | b |
|---|---|
| 1 | 2 |

<div markdown="1">
**Markdown** in HTML
</div>

[ref]: https://example.org "a link reference"

***

Text after a rule [ref].
"""


def html(text: str, *, block_queue: bool) -> str:
    extensions = EXTENSIONS + (["build_tools.markdown.block_queue"] if block_queue else [])
    return markdown.markdown(text, extensions=extensions)


def test_every_kind_of_block_parses_to_the_same_html():
    assert html(EVERY_KIND_OF_BLOCK, block_queue=True) == html(EVERY_KIND_OF_BLOCK, block_queue=False)


def test_the_imported_pages_parse_to_the_same_html():
    pages = sorted((PROJECT / "docs").rglob("*.md")) + sorted((PROJECT / "tests" / "rulebooks").rglob("*.md"))
    assert pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert html(text, block_queue=True) == html(text, block_queue=False), page


OPERATIONS = st.tuples(st.sampled_from(["pop", "insert", "read", "replace"]), st.integers(0, 7), st.text(max_size=3))


@given(st.lists(st.text(max_size=3), max_size=6), st.lists(OPERATIONS, max_size=20))
def test_the_blocks_answer_as_the_list_of_blocks_does(blocks, operations):
    queue, plain = Blocks(list(blocks)), list(blocks)
    for operation, index, block in operations:
        if operation == "insert":
            index = min(index, len(plain))
            queue.insert(index, block)
            plain.insert(index, block)
        elif plain:
            index = index % len(plain)
            if operation == "pop":
                assert queue.pop(index) == plain.pop(index)
            elif operation == "replace":
                queue[index] = plain[index] = block
            else:
                assert queue[index] == plain[index]
        assert len(queue) == len(plain) and bool(queue) == bool(plain)
    assert [queue[i] for i in range(len(queue))] == plain
