"""The references Markdown extension (build_tools/markdown/references.py):
rendered fixture pages, in the Markdown setup of the site's mkdocs.yml."""

import logging
import re
import shutil
from pathlib import Path

import markdown
import pytest

from build_tools.markdown.references import FinishedHtml
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

FIXTURE_DOCS = Path(__file__).resolve().parent / "fixtures" / "docs"

EXTENSIONS = ["attr_list", "md_in_html", "tables", "admonition", "toc", "pymdownx.superfences",
              "build_tools.markdown.references"]


def render(index, page, text=None, docs_dir=FIXTURE_DOCS, extensions=EXTENSIONS, use_directory_urls=True):
    if text is None:
        text = (docs_dir / page).read_text(encoding="utf-8").split("---\n", 2)[2]
    md = markdown.Markdown(extensions=extensions, extension_configs={"build_tools.markdown.references": {
        "docs_dir": str(docs_dir), "current_page": page, "rule_index": index,
        "use_directory_urls": use_directory_urls}})
    return md.convert(text)


def link(rule_id, text, href=None):
    return f'<a class="rr-ref" data-rule="{rule_id}" href="{href or "#" + rule_id}">{text}</a>'


def missing(rule_id, text):
    return f'<span class="rr-ref rr-ref--missing" data-rule="{rule_id}" title="{rule_id} is not in this reference">{text}</span>'


@pytest.fixture(scope="module")
def g15(index):
    return render(index, "asl/g15-bulldozers.md")


@pytest.fixture(scope="module")
def chapter_d(index):
    return render(index, "asl/chapter-d-vehicles.md")


def test_relative_reference_links_to_the_rule_on_the_same_page(g15):
    # G15.12 "Otherwise it is treated as per 15.11."
    assert f"treated as per {link('G15.11', '15.11')}." in g15
    # G15.11 "(see also 15.13)"
    assert f"(see also {link('G15.13', '15.13')})" in g15


def test_rules_not_in_this_reference_are_marked_missing(g15):
    # G15.11 "[D8.21]", G15.2 "(2.21; 3.1)": rules of other chapters and of G outside G15
    assert f'[{missing("D8.21", "D8.21")}] does not apply' in g15
    assert f'({missing("G2.21", "2.21")}; {missing("G3.1", "3.1")})' in g15


def test_a_range_is_two_elements(g15):
    # G15.13 "A26.2-.3", G15.2 "(9.73-.731)"
    assert f'as per {missing("A26.2", "A26.2")}-{missing("A26.3", ".3")})' in g15
    assert f'({missing("G9.73", "9.73")}-{missing("G9.731", ".731")})' in g15


def test_quantities_stay_text(g15):
    # G15.11 'Its weight is "9.5"', G15.12 'a weight of "10"', "the < 2PP he possesses"
    assert 'Its weight is "9.5".' in g15
    assert 'with a weight of "10" and' in g15
    assert "(and the &lt; 2PP he possesses)" in g15


def copy_button(rule_id):
    return (f'<button aria-label="Copy link to {rule_id}" class="rr-copy-link" title="Copy link to this rule" '
            'type="button"></button>')


def test_headings_keep_their_rule_numbers_as_text(g15, chapter_d):
    assert f'<h3 class="rr-rule" data-rule="G15.11" id="G15.11">15.11 UNARMORED:{copy_button("G15.11")}</h3>' in g15
    assert f'<h3 class="rr-rule" data-rule="D.8A" id="D.8A">D.8A SPECIFIC:{copy_button("D.8A")}</h3>' in chapter_d


def test_every_rule_heading_ends_with_its_copy_link_button_and_no_other_heading_has_one(g15):
    # Written by the build, so the heading has its final size at first paint (no script adds it later).
    headings = re.findall(r'<h[1-6] class="rr-rule" data-rule="([^"]+)" id="[^"]+">.*?</h[1-6]>', g15)
    assert len(headings) >= 8
    assert g15.count('class="rr-copy-link"') == len(headings)
    for rule_id in ("G15", "G15.11", "G15.12"):
        assert re.search(rf'id="{re.escape(rule_id)}">[^<]*{re.escape(copy_button(rule_id))}</h', g15)


def test_chapter_d_own_numbering_and_dot_relative_references(chapter_d):
    # D.6 "(D.8)" and D.8A "as per .8 above"
    assert f"by such attacks ({link('D.8', 'D.8')})." in chapter_d
    assert f"Collateral Attack as per {link('D.8', '.8')} above." in chapter_d
    # D.6 "[EXC: motorcyclists; 15.5]" is D15.5 in chapter D
    assert f'[EXC: motorcyclists; {missing("D15.5", "15.5")}]' in chapter_d


def test_table_footnotes_and_examples_are_linked_but_footnote_markers_are_not(chapter_d):
    # Collateral Attack Table footnote 3 "(A7.3,A9.6-.611)"; cells "Small Arms2", "G3"
    assert f'({missing("A7.3", "A7.3")},{missing("A9.6", "A9.6")}-{missing("A9.611", ".611")})' in chapter_d
    assert '<td>MG/IFE/Small Arms<sup class="rr-fn"><a href="#D-cat-fn-2">2</a></sup></td>' in chapter_d
    assert '<td>G<sup class="rr-fn"><a href="#D-cat-fn-3">3</a></sup></td>' in chapter_d
    # the EX: "Armor Assault (D9.31) into X1 ... Y1-Y2"
    assert f'Armor Assault ({missing("D9.31", "D9.31")}) into X1. The halftrack changes VCA to Y1-Y2.' in chapter_d


def test_referenced_by_follows_each_cited_rule_heading(g15, chapter_d):
    assert (f'id="G15.11">15.11 UNARMORED:{copy_button("G15.11")}</h3>\n'
            f'<p class="rr-cited-by" data-search-exclude="">Referenced by: {link("G15.12", "G15.12")}</p>') in g15
    assert (f'id="D.8">D.8 COLLATERAL ATTACKS:{copy_button("D.8")}</h2>\n'
            f'<p class="rr-cited-by" data-search-exclude="">Referenced by: {link("D.6", "D.6")}, {link("D.8A", "D.8A")}</p>') in chapter_d
    assert f'id="G15.12">15.12 ARMORED:{copy_button("G15.12")}</h3>\n<p>' in g15  # nobody cites G15.12


def test_code_links_and_fenced_blocks_are_left_alone(index):
    html = render(index, "asl/g15-bulldozers.md",
                  "Code `B24.7`, a link [as per 15.21](https://example.org/), and\n\n```\nsee 15.21\n```\n")
    assert "<code>B24.7</code>" in html
    assert '<a href="https://example.org/">as per 15.21</a>' in html
    assert "see 15.21" in html and "rr-ref" not in html


def test_raw_html_links_and_code_are_left_alone(index):
    html = render(index, "asl/g15-bulldozers.md",
                  'as per (<a href="https://example.org/">15.21</a>) and <code>B24.7</code>, '
                  'not [[G15.21|<b>this</b>]], but <b>15.12</b>')
    assert '(<a href="https://example.org/">15.21</a>) and <code>B24.7</code>' in html
    assert "not [[G15.21|<b>this</b>]]" in html  # a placeholder inside: left as written
    assert f"<b>{link('G15.12', '15.12')}</b>" in html


def test_escaped_characters_count_as_the_characters_they_are(index):
    # the importer escapes Markdown syntax (a "+" opening a line); "+1.5" is still a modifier
    html = render(index, "asl/g15-bulldozers.md", "\\+1.5 DRM; \\[EXC: see 15.21\\] and \\*15.12")
    assert "<p>+1.5 DRM;" in html
    assert f"[EXC: see {link('G15.21', '15.21')}]" in html
    assert f"*{link('G15.12', '15.12')}" in html


def test_text_marked_atomic_by_another_extension_is_left_alone(index):
    # the abbr extension wraps "A26.2" in <abbr> with AtomicString text
    html = render(index, "asl/g15-bulldozers.md", "as per A26.2 and A26.3\n\n*[A26.2]: Casualty VP",
                  extensions=EXTENSIONS + ["abbr"])
    assert f'<abbr title="Casualty VP">A26.2</abbr> and {missing("A26.3", "A26.3")}' in html


def test_battlefront_numbers_are_never_references(index):
    html = render(index, "battlefront/engineering-rules.md")
    assert "roll a d10.\nOn any roll but a 1, the action succeeds" in html
    assert "rr-ref" not in html


def test_explicit_links_by_id_number_title_and_slug(index):
    html = render(index, "asl/g15-bulldozers.md", "[[G15.21]], [[15.21]] and [[G15.21|the Clearance rule]]; [[D.8A]]")
    assert (f"{link('G15.21', 'G15.21')}, {link('G15.21', '15.21')} and {link('G15.21', 'the Clearance rule')}; "
            f"{link('D.8A', 'D.8A', '../chapter-d-vehicles/#D.8A')}") in html
    html = render(index, "battlefront/engineering-rules.md", "[[Engineering Action]] or [[demolition-action|demolitions]]")
    assert f"{link('engineering-action', 'Engineering Action')} or {link('demolition-action', 'demolitions')}" in html


@pytest.mark.parametrize("page, use_directory_urls, href", [
    ("index.md", True, "asl/g15-bulldozers/#G15.21"),
    ("asl/chapter-d-vehicles.md", True, "../g15-bulldozers/#G15.21"),
    ("battlefront/engineering-rules.md", True, "../../asl/g15-bulldozers/#G15.21"),
    ("index.md", False, "asl/g15-bulldozers.html#G15.21"),
    ("asl/chapter-d-vehicles.md", False, "g15-bulldozers.html#G15.21"),
    ("battlefront/engineering-rules.md", False, "../asl/g15-bulldozers.html#G15.21"),
])
def test_links_are_page_urls_relative_to_the_current_page(index, page, use_directory_urls, href):
    html = render(index, page, "[[G15.21]]", use_directory_urls=use_directory_urls)
    assert link("G15.21", "G15.21", href) in html


def test_labels_and_names_are_escaped(index, caplog):
    # A label is text ("<b>" would be raw HTML, which no explicit link may hold).
    html = render(index, "asl/g15-bulldozers.md", '[[G15.21|Clearance & "co" > 2]] [[No "such" & rule]]')
    assert link("G15.21", 'Clearance &amp; "co" &gt; 2') in html
    assert 'data-rule="No &quot;such&quot; &amp; rule"' in html


def test_an_explicit_link_that_names_no_rule_warns_with_page_and_line(tmp_path, rulesets, caplog):
    docs = tmp_path / "docs"
    shutil.copytree(FIXTURE_DOCS, docs)
    (docs / "asl" / "notes.md").write_text("---\nruleset: asl\n---\n\nFirst.\n\nSee [[15.99]] and [[Bulldozer]].\n")
    index = RuleIndex.from_docs(docs, rulesets)
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.ruleref"):
        html = render(index, "asl/notes.md", docs_dir=docs)
    assert missing("Bulldozer", "Bulldozer") in html  # a missing reference, not a dead link
    assert [record.getMessage().split(":")[:2] for record in caplog.records] == [
        ["asl/notes.md", "7"], ["asl/notes.md", "7"]]
    assert "[[Bulldozer]] names no rule" in caplog.records[1].getMessage()


def test_an_imported_pages_bad_link_names_the_line_of_its_source(tmp_path, caplog):
    # "[[Terrain Table]]" in an imported book failed the build naming line 15 of the generated page, which no one
    # edits, not line 10 of the source; "[[Scenarios#Setup]]", an Obsidian note link, got advice that cannot apply
    # (helpers' vaults).
    docs, index = one_page_book(tmp_path, "reed", "case", "## 4.1 Costs. {: #4.1 .rr-rule data-rule=\"4.1\" }\n\n"
                                "Pay.\n\nSee [[Terrain Table]] and [[Scenarios#Setup]].\n")
    (tmp_path / "rulesets" / "reed" / "sources").mkdir()
    (tmp_path / "rulesets" / "reed" / "sources" / "x.md").write_text(
        "# Reed\n\n## 4. Movement\n\n4.1 Costs. Pay.\n\nSee [[Terrain Table]] and [[Scenarios#Setup]].\n")
    page = docs / "reed" / "p.md"
    page.write_text(page.read_text().replace("ruleset: reed\n", "ruleset: reed\nsource: rulesets/reed/sources/x.md\n"))
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.ruleref"):
        render(index, "reed/p.md", docs_dir=docs)
    said = [record.getMessage() for record in caplog.records]
    assert [message.split(": the rule link")[0] for message in said] == [
        "rulesets/reed/sources/x.md:7 (imported into reed/p.md:10)"] * 2
    assert "write its text without [[ ]]" in said[1] and "without [[ ]]" not in said[0]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le"])
def test_a_bad_link_in_a_utf_16_source_names_its_line(tmp_path, caplog, encoding):
    # The import reads UTF-16 sources; the build re-read the source as UTF-8 to name the line, and failed on a
    # byte-order mark or, without one, named no line (a review)
    docs, index = one_page_book(tmp_path, "reed", "case", "## 4.1 Costs. {: #4.1 .rr-rule data-rule=\"4.1\" }\n\n"
                                "Pay.\n\nSee [[Terrain Table]].\n")
    (tmp_path / "rulesets" / "reed" / "sources").mkdir()
    (tmp_path / "rulesets" / "reed" / "sources" / "x.txt").write_bytes(
        "4. MOVEMENT\n\n4.1 Costs. Pay.\n\nSee [[Terrain Table]].\n".encode(encoding))
    page = docs / "reed" / "p.md"
    page.write_text(page.read_text().replace("ruleset: reed\n", "ruleset: reed\nsource: rulesets/reed/sources/x.txt\n"))
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.ruleref"):
        render(index, "reed/p.md", docs_dir=docs)
    assert [record.getMessage().split(": the rule link")[0] for record in caplog.records] == [
        "rulesets/reed/sources/x.txt:5 (imported into reed/p.md:10)"]


def test_relative_explicit_link_without_a_chapter_does_not_resolve(index, caplog):
    # asl/notes.md has no chapter: "[[15.21]]" could be any chapter's 15.21
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.ruleref"):
        html = render(index, "index.md", "[[15.21]]")
    assert 'class="rr-ref rr-ref--missing" data-rule="15.21"' in html
    assert len(caplog.records) == 1


def test_finished_html_comes_back_in_place_and_in_order():
    finished = FinishedHtml()
    markers = [finished.store(f"<b>{n}</b>") for n in range(1200)]
    text = "a " + " b ".join(reversed(markers)) + " \x02wzxhzdk:3\x03 \x0212\x03"
    assert finished.restore(text) == ("a " + " b ".join(f"<b>{n}</b>" for n in reversed(range(1200)))
                                      + " \x02wzxhzdk:3\x03 \x0212\x03")  # Python-Markdown's own placeholders stay


def test_a_finished_html_marker_holds_nothing_later_passes_read_as_digits_or_words():
    finished = FinishedHtml()
    for n in range(1200):
        marker = finished.store("x")
        assert not re.search(r"\w", marker), repr(marker)  # the glossary explains words; unescaping reads digits


def test_one_markdown_instance_renders_pages_one_after_another(index):
    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs={"build_tools.markdown.references": {
        "docs_dir": str(FIXTURE_DOCS), "current_page": "asl/g15-bulldozers.md", "rule_index": index}})
    first = md.convert("See 15.21 and B24.7.")
    md.reset()
    assert md.convert("Only 15.2 here.") == f"<p>Only {link('G15.2', '15.2')} here.</p>"
    assert first == f"<p>See {link('G15.21', '15.21')} and {missing('B24.7', 'B24.7')}.</p>"


def test_a_number_in_one_book_never_links_to_another_books_rule(tmp_path):
    # Alpha cites 8.1, which it does not have; Beta has an 8.1. The number is Alpha's missing rule,
    # not a link into Beta (found by a helper's books: "see 8.1" went to the other game, silently).
    # An explicit [[8.1]] still finds the one rule of that ID in the site.
    docs = tmp_path / "docs"
    for name, body in (("alpha", "## 5.1 Odds {: #5.1 .rr-rule data-rule=\"5.1\" }\n\nSee 8.1 and [[8.1]].\n"),
                       ("beta", "## 8.1 Rally {: #8.1 .rr-rule data-rule=\"8.1\" }\n\nRoll.\n")):
        folder = tmp_path / "rulesets" / name
        folder.mkdir(parents=True)
        (folder / "ruleset.yml").write_text(f"name: {name}\nshort_name: {name}\nnumbering: case\n", encoding="utf-8")
        (docs / name).mkdir(parents=True)
        (docs / name / "p.md").write_text(f"---\nruleset: {name}\n---\n\n{body}", encoding="utf-8")
    index = RuleIndex.from_docs(docs, load_rulesets(tmp_path / "rulesets"))
    html = render(index, "alpha/p.md", docs_dir=docs)
    assert f"See {missing('8.1', '8.1')} and " in html
    assert link("8.1", "8.1", "../../beta/p/#8.1") in html


def one_page_book(tmp_path, name: str, numbering: str, body: str):
    """docs/ and the rule index of a ruleset ``name`` of one page, ``<name>/p.md``, holding ``body``."""
    docs = tmp_path / "docs"
    folder = tmp_path / "rulesets" / name
    folder.mkdir(parents=True)
    (folder / "ruleset.yml").write_text(f"name: {name}\nshort_name: {name}\nnumbering: {numbering}\n", encoding="utf-8")
    (docs / name).mkdir(parents=True)
    (docs / name / "p.md").write_text(f"---\nruleset: {name}\n---\n\n{body}", encoding="utf-8")
    return docs, RuleIndex.from_docs(docs, load_rulesets(tmp_path / "rulesets"))


def one_page_html(tmp_path, name: str, numbering: str, body: str) -> str:
    """The HTML of ``one_page_book``'s page."""
    docs, index = one_page_book(tmp_path, name, numbering, body)
    return render(index, f"{name}/p.md", docs_dir=docs)


def test_an_explicit_link_names_a_numbered_rule_by_the_words_of_its_title(tmp_path):
    # "[[Zones of Control]]", the README's example, failed the strict build in a case-numbered book: a title
    # was known only with its number ("5.4 Zones of Control"), as no one writes it (a helper's book).
    html = one_page_html(tmp_path, "reed", "case", (
        "## 5.4 Zones of Control {: #5.4 .rr-rule data-rule=\"5.4\" }\n\nSix hexes.\n\n"
        "## [5.5] Bridges. {: #5.5 .rr-rule data-rule=\"5.5\" }\n\nSee [[Zones of Control]], [[zones-of-control]], "
        "[[Bridges]] and [[zones of control|the ZOC rule]].\n"))
    assert (f"See {link('5.4', 'Zones of Control')}, {link('5.4', 'zones-of-control')}, {link('5.5', 'Bridges')} "
            f"and {link('5.4', 'the ZOC rule')}.") in html


def test_a_link_by_title_counts_in_referenced_by(tmp_path):
    # "[[Combat]]" linked to 6.0, but 6.0's "Referenced by" left out the rule holding the link: only rule
    # numbers counted as citations (a helper's vault, linked by note and heading titles).
    html = one_page_html(tmp_path, "reed", "decimal", (
        "## 6.0 Combat {: #6.0 .rr-rule data-rule=\"6.0\" }\n\nFire.\n\n"
        "## 6.2 Fire Zones {: #6.2 .rr-rule data-rule=\"6.2\" }\n\nSee [[Combat|the fire]] and [[#Fire Zones]].\n\n"
        "## 6.3 Smoke {: #6.3 .rr-rule data-rule=\"6.3\" }\n\nSee [[Rules#Fire Zones]] and [[Nowhere]].\n"))
    cited_by = re.findall(r'<h2 [^>]*\bid="([^"]+)".*?</h2>\s*(?:<p class="rr-cited-by"[^>]*>(.*?)</p>)?', html, re.S)
    assert [(rule_id, re.findall(r'data-rule="([^"]+)"', citing)) for rule_id, citing in cited_by] == \
        [("6.0", ["6.2"]), ("6.2", ["6.3"]), ("6.3", [])]  # a rule linking its own title does not cite itself


@pytest.mark.parametrize("numbering", ["case", "decimal"])
def test_a_lettered_item_links_to_its_sub_rule_where_the_book_has_one(tmp_path, numbering):
    # "see 6.2a" linked to 6.2 though the book has a sub-rule 6.2a, whose "Referenced by" then left the
    # citing rule out. An item the book prints as text of its rule ("6.3b") still links to the rule,
    # and one of a rule the book does not have is marked so.
    html = one_page_html(tmp_path, "reed", numbering, (
        "## 6.2 Roads {: #6.2 .rr-rule data-rule=\"6.2\" }\n\nHalf.\n\n"
        "### 6.2a Bridges {: #6.2a .rr-rule data-rule=\"6.2a\" }\n\nA road.\n\n"
        "## 6.3 Fords {: #6.3 .rr-rule data-rule=\"6.3\" }\n\nSee 6.2a, 6.3b and 6.4c.\n"))
    assert f"See {link('6.2a', '6.2a')}, {link('6.3', '6.3b')} and {missing('6.4c', '6.4c')}." in html
    cited_by = re.findall(r'<h[23] [^>]*\bid="([^"]+)".*?</h[23]>\s*(?:<p class="rr-cited-by"[^>]*>(.*?)</p>)?',
                          html, re.S)
    assert [(rule_id, re.findall(r'data-rule="([^"]+)"', citing)) for rule_id, citing in cited_by] == \
        [("6.2", []), ("6.2a", ["6.3"]), ("6.3", [])]  # 6.3 citing its own item 6.3b does not cite itself


def test_a_wiki_link_to_a_heading_names_the_rule_the_heading_is(tmp_path):
    # Obsidian's "[[Combat#Fire Zones|the fire rules]]" failed the strict build, "names no rule", though the
    # vault's note "Combat" is a page of the ruleset and its heading "Fire Zones" a rule (a helper's vault).
    html = one_page_html(tmp_path, "reed", "decimal", (
        "## 6.0 Combat {: #6.0 .rr-rule data-rule=\"6.0\" }\n\nFire.\n\n"
        "## 6.2 Fire Zones {: #6.2 .rr-rule data-rule=\"6.2\" }\n\nSee [[Combat#Fire Zones|the fire rules]], "
        "[[#Fire Zones]] and [[Rules#6.0]].\n"))
    assert f"See {link('6.2', 'the fire rules')}, {link('6.2', '#Fire Zones')} and {link('6.0', 'Rules#6.0')}." in html


@pytest.mark.parametrize("table", [
    "| Odds | Modifier |\n|---|---|\n| 1-1 | 1.5 |\n| 2-1 | 2.5 |\n| Rule | 5.2 |\n| see | 5.2 and 7.3 |\n",
    ('<table markdown="1"><tbody markdown="1">\n<tr markdown="1"><td markdown="span">1-1</td><td markdown="span">'
     '1.5</td></tr>\n<tr markdown="1"><td markdown="span">2-1</td><td markdown="span"> 2.5 </td></tr>\n'
     '<tr markdown="1"><td markdown="span">Rule</td><td markdown="span">5.2</td></tr>\n<tr markdown="1">'
     '<td markdown="span">see</td><td markdown="span">5.2 and 7.3</td></tr>\n</tbody></table>\n'),
])
def test_a_table_cell_holding_only_a_number_and_code_cite_no_rule(tmp_path, table):
    # A table of modifiers in a decimal book: every 1.5 and 2.5 was a missing rule, on the page and in
    # the list of unresolved references (a helper's book). A cell cites a rule with words around it.
    # Code is never linked, and was yet counted as citing (4.4 unresolved in the import's report).
    docs, index = one_page_book(tmp_path, "gull", "decimal", (
        f"## 5.1 Odds {{: #5.1 .rr-rule data-rule=\"5.1\" }}\n\n{table}\nCode: `see 4.4`.\n\n```\nsee 4.4\n```\n\n"
        "## 5.2 Rolls {: #5.2 .rr-rule data-rule=\"5.2\" }\n\nRoll.\n"))
    assert index.get("gull", "5.1").references == ("5.2", "7.3")  # not 4.4 in code, which the page does not link
    assert index.unresolved_references() == {("gull", "7.3"): ["5.1"]}
    html = render(index, "gull/p.md", docs_dir=docs)
    assert re.search(r"<td>\s*1\.5\s*</td>", html) and re.search(r"<td>\s*2\.5\s*</td>", html)
    assert re.search(r"<td>5\.2</td>", html)
    assert f"{link('5.2', '5.2')} and {missing('7.3', '7.3')}" in html


def test_a_wiki_embed_is_shown_as_written_not_a_rule_link(index, caplog):
    # Obsidian's "![[breach-diagram.png]]" warned "names no rule", which fails a strict build (a helper's vault).
    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs={"build_tools.markdown.references": {
        "docs_dir": str(FIXTURE_DOCS), "current_page": "asl/g15-bulldozers.md", "rule_index": index}})
    with caplog.at_level(logging.WARNING):
        html = md.convert("See the diagram ![[breach-diagram.png]] and [[15.21]].")
    assert "![[breach-diagram.png]]" in html and link("G15.21", "15.21", "#G15.21") in html
    assert not caplog.records


def test_a_running_page_header_on_a_page_links_nothing(tmp_path):
    # 'RIVER OF IRON RULES 12', a PDF's page footer the import keeps apart, was marked as a missing rule 12.
    html = one_page_html(tmp_path, "iron", "decimal", (
        "## 7.1 Sources. {: #7.1 .rr-rule data-rule=\"7.1\" }\n\nA road (see rules 7.1).\n\n"
        "<p class=\"rr-running-head\" markdown=\"span\">RIVER OF IRON RULES 12</p>\n"))
    assert '<p class="rr-running-head">RIVER OF IRON RULES 12</p>' in html and "rr-ref--missing" not in html
    assert link("7.1", "7.1") in html
