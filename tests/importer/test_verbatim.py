"""Rule text is data: the rendered pages say exactly what the sources say, and re-importing
reproduces the committed pages byte for byte."""

from __future__ import annotations

import re

import pytest

from build_tools.importer import import_text
from build_tools.numbering import numbering_of
from importer_pages import PROJECT, import_page, raw_text, render, source, visible_words

PAGES = ("g15-bulldozers", "chapter-d-vehicles", "engineering-rules")
SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def source_words(page: str) -> list[str]:
    """The source's words minus its own markup: pipe-table rules and bars, "- " bullet
    marks, and the stray "Table of Contents" the importer drops from titles.
    A superscript footnote mark ("TABLE¹") reads as its digit."""
    words = []
    for line in raw_text(page).translate(SUPERSCRIPT_DIGITS).splitlines():
        line = re.sub(r" Table of Contents$", "", line.strip())
        line = re.sub(r"^-( |$)", "", line)
        words += [w for w in line.split() if not re.fullmatch(r"\|(-+\|)?", w)]
    return words


@pytest.mark.parametrize("page", PAGES)
def test_rendered_page_says_exactly_what_the_source_says(page):
    assert visible_words(render(import_page(page))) == source_words(page)


def test_typos_are_kept():
    assert "CAPABILITES" in import_page("g15-bulldozers")  # G15.2
    assert "aStop MP" in import_page("g15-bulldozers")  # G15.21
    assert "demoltion" in import_page("engineering-rules")  # Engineers using line charges


@pytest.mark.parametrize("page", PAGES)
def test_importing_twice_gives_the_same_bytes(page):
    assert import_page(page) == import_page(page)


@pytest.mark.parametrize("page", PAGES)
def test_committed_page_is_a_fresh_import(page):
    # docs/<ruleset>/<page>.md is generated: a hand edit fails here; re-import instead.
    ruleset, _ = source(page)
    assert (PROJECT / "docs" / ruleset / f"{page}.md").read_text(encoding="utf-8") == import_page(page)


def test_line_endings_do_not_change_the_page(tmp_path):
    from build_tools.importer import import_file

    text = raw_text("chapter-d-vehicles")
    (tmp_path / "crlf.txt").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    asl = numbering_of("asl", chapters="ABCDEFGH")
    assert import_file(tmp_path / "crlf.txt", ruleset="asl", numbering=asl, chapter="D", format="text",
                       source_label="rulesets/asl/sources/chapter-d-vehicles.txt",
                       default_title="Advanced Squad Leader").markdown == import_page("chapter-d-vehicles")
    assert import_text(text, path="rulesets/asl/sources/chapter-d-vehicles.txt", ruleset="asl", numbering=asl,
                       chapter="D", format="text").markdown == import_page("chapter-d-vehicles")
