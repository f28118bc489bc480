"""Tab-separated tables in plain-text sources: generic rules, shown on small tables."""

from __future__ import annotations

from build_tools.importer import import_text
from build_tools.numbering import numbering_of


def asl(text: str) -> str:
    return import_text(text, path="rulesets/asl/sources/t.txt", ruleset="asl", numbering=numbering_of("asl", chapters="G"),
                       chapter="G", format="text").markdown


TABLE = "15. X\n15.1 A: text\n\nTHE TABLE\n\nWeapon:\tAFV\tOther\nMG2\tG\tG\n{row}\n\n1\tNote one.\n2\tNote two.\n"


def test_rule_numbers_next_to_a_table_are_not_markers():
    # Only digits glued to a letter and not followed by "." count: "C7.346", "A9.6-.611" and "≤ 9" do not.
    page = asl(TABLE.format(row="C7.346 A9.6-.611\t≤ 9\tG"))
    assert '<a href="#G15-tt-fn-2">2</a>' in page  # "MG2"
    assert page.count('class="rr-fn"') == 1


def test_an_empty_corner_cell_is_still_a_column():
    # A header row that starts with a tab has an empty first cell, not one column fewer.
    page = asl("15. X\n15.1 A: text\n\nTHE TABLE\n\n\tAFV\tOther\nMG\tG\tG\n")
    assert '<tr markdown="1"><th markdown="span"></th><th markdown="span">AFV</th>' in page


def test_notes_after_a_table_split_into_legend_and_footnotes():
    # "key<TAB>text" lines after a table: numbered keys are footnotes (with IDs), the rest a legend.
    page = asl("15. X\n15.1 A: text\n\nTHE TABLE\n\nA\tB\nS1\tG\n\nS\tSpecific.\n1\tOnly once.\n")
    assert '<dl class="rr-legend" markdown="1">\n<dt markdown="span">S</dt>' in page
    assert '<dt id="G15-tt-fn-1" markdown="span">1</dt>\n<dd markdown="span">Only once.</dd>' in page
    assert '<td markdown="span">S<sup class="rr-fn"><a href="#G15-tt-fn-1">1</a></sup></td>' in page


def test_footnote_ids_stay_unique_per_page():
    # Two tables whose titles share initials, and an untitled table, each get their own footnote IDs.
    table = "\n\n{title}A\tB\nc1\td\n\n1\tNote.\n"
    page = asl("15. X\n15.1 A: text\n" + table.format(title="THE TABLE\n\n") + table.format(title="TWO TIMES\n\n")
               + "\n15.2 B: text\n" + table.format(title=""))
    assert ['G15-tt-fn-1', 'G15-tt2-fn-1', 'G15-table-fn-1'] == [
        line.split('"')[1] for line in page.splitlines() if line.startswith("<dt id=")]


def test_a_tab_after_a_rule_number_or_before_a_rule_is_not_a_table():
    # Text copied from a PDF: "1.1.<TAB>Scale. …", sub-rules indented with a tab. Inside a
    # table, a row may still start with a dotted number ("1.5<TAB>Half").
    page = import_text("1. GENERAL\n1.1.\tScale. Each hex is a mile.\n\t1.1.1 Roads. A road costs 1/2 MP.\n\n"
                       "SPEEDS\n\nRate\tMove\n1.5\tHalf\n",
                       path="rulesets/ks/sources/ks.txt", ruleset="ks", numbering=numbering_of("decimal"),
                       format="text").markdown
    assert [line.split(" {")[0] for line in page.splitlines() if line.startswith("#")] == [
        "# 1. GENERAL", "## 1.1. Scale.", "### 1.1.1 Roads."]
    assert "Each hex is a mile." in page and "A road costs 1/2 MP." in page
    assert '<tr markdown="1"><td markdown="span">1.5</td><td markdown="span">Half</td></tr>' in page
