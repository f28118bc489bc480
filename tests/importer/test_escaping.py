"""Whatever characters a rule text holds, the rendered page shows them as written."""

from __future__ import annotations

import html as html_lib
import re

import markdown
from hypothesis import example, given, settings, strategies as st

from build_tools.importer import markdown_text as md
from importer_pages import site_extensions, visible_words

# Characters Markdown (and the site's extensions) would otherwise read as syntax.
SYNTAX = list("*_`\\<>&#[](){}|!-+=.:~^\"'/ ;") + ["1. ", "+ ", "> ", "# ", "&amp;", "&#38;", "<b>", "</p>",
                                                  "[x](y)", "{: #id }", "!!! note", "<!--", "```", "~~~", "---"]
text_lines = st.lists(st.sampled_from(SYNTAX) | st.text(alphabet="aZ09 é≤", min_size=1, max_size=3),
                      min_size=1, max_size=12).map("".join).filter(lambda s: s.strip())


def rendered(markdown_text: str) -> str:
    names, configs = site_extensions()
    return markdown.Markdown(extensions=names, extension_configs=configs).convert(markdown_text)


@settings(max_examples=300, deadline=None)
@given(st.lists(text_lines, min_size=1, max_size=3))
def test_paragraph_lines_render_as_their_text(lines):
    assert visible_words(rendered(md.paragraph(lines))) == " ".join(lines).split()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(text_lines, min_size=1, max_size=2), min_size=1, max_size=3))
@example([["--- ---"]])  # dashes with a space between: a rule across the page, found by hypothesis in CI
def test_list_items_render_as_their_text(items):
    html = rendered(md.bullet_list(["\n".join(md.escape_line(line) for line in item) for item in items]))
    assert html.count("<li>") == len(items)
    assert visible_words(html) == " ".join(" ".join(item) for item in items).split()


@settings(max_examples=200, deadline=None)
@given(text_lines)
@example("==*== and x==y==z")  # a highlight's mark since pymdownx.mark (found by hypothesis)
def test_a_heading_renders_as_its_text_with_its_id(title):
    html = rendered(md.rule_heading(2, title, "G15.21"))
    assert re.match(r'<h2 class="rr-rule" data-rule="G15.21" id="G15.21">', html)
    assert visible_words(html) == title.split()


@settings(max_examples=200, deadline=None)
@given(text_lines, text_lines)
def test_a_table_cell_renders_as_its_text(first, second):
    html = rendered(md.html_table(columns=2, title=None, header=None,
                                  rows=[[md.escape_inline(first), md.escape_inline(second)]]))
    cells = [html_lib.unescape(re.sub(r"<[^>]+>", "", c)) for c in re.findall(r"<td>(.*?)</td>", html, re.S)]
    assert [c.split() for c in cells] == [first.split(), second.split()]


def test_straight_quotes_stay_straight():
    # No "smarty" extension: "official" keeps its straight quotes.
    assert '"official"' in html_lib.unescape(rendered(md.paragraph(['definitely not "official" and'])))


def test_less_than_before_a_number_is_text():
    assert visible_words(rendered(md.paragraph(["the < 2PP he possesses"]))) == ["the", "<", "2PP", "he", "possesses"]


code_texts = text_lines.map(lambda s: s.replace("`", "").strip()).filter(bool)


@settings(max_examples=200, deadline=None)
@given(code_texts)
def test_a_markdown_sources_code_span_renders_as_written_in_a_paragraph_and_a_table_cell(code):
    inline = md.escape_markdown_inline(f"see `{code}` here")
    for html in (rendered(inline), rendered(md.html_table(columns=1, title=None, header=None, rows=[[inline]]))):
        assert [html_lib.unescape(c) for c in re.findall(r"<code>(.*?)</code>", html, re.S)] == [code]
