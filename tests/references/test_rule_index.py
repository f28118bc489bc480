"""The rule index (build_tools/rule_index.py) over fixture pages in the importer's format."""

import re
from pathlib import Path

import pytest

from bench.synthetic import write_rulebook, write_ruleset
from build_tools.errors import SourceError
from build_tools.references.chapter_dotted import ChapterDotted
from build_tools.importer.markdown_text import slug as importer_slug
from build_tools.rule_index import RuleIndex, slugify
from build_tools.rulesets import load_ruleset, load_rulesets


def test_every_rule_heading_is_a_rule_in_document_order(index):
    ids = [rule.id for rule in index.rules]
    assert ids[:4] == ["D", "D.6", "D.8", "D.8A"]  # asl/chapter-d-vehicles.md sorts first
    assert ids[4:7] == ["G15", "G15.1", "G15.11"]
    assert ids[-3:] == ["engineering-rules", "engineering-action", "demolition-action"]


def test_a_rule_knows_its_page_line_title_level_and_chapter(index):
    rule = index.get("asl", "G15.11")
    assert (rule.ruleset, rule.chapter, rule.page, rule.line, rule.title, rule.level) == (
        "asl", "G", "asl/g15-bulldozers.md", 13, "15.11 UNARMORED:", 3)
    assert index.get("asl", "D.8A").chapter == "D"  # D.8A: chapter D's own numbering
    assert index.get("battlefront", "engineering-action").chapter is None  # Battlefront has no chapters
    assert index.get("asl", "B24.7") is None


def test_rule_text_is_its_own_body_up_to_the_first_sub_rule(index):
    # G15.2's text ends where 15.21 begins
    text = index.get("asl", "G15.2").text
    assert text.startswith("A Mobile dozer may: Clear Flames")
    assert text.endswith("and Breach a low seawall (13.624).")
    assert "Clearance (B24.7)" not in text


def test_rule_text_is_plain_text(index):
    # D.8A: the Collateral Attack Table's cells and the EX: admonition, without markup
    text = index.get("asl", "D.8A").text
    assert "<td" not in text and "!!!" not in text and "markdown=" not in text
    assert "MG/IFE/Small Arms2 G3 G" in text  # footnote markers read as in the source text
    assert "3 Firing at Vulnerable PRC directly on the IFT" in text
    assert "EX:\n\nDuring their MPh, the German SPW 251/1" in text


def test_references_resolve_against_the_rules_chapter(index):
    # G15.2 "(2.21; 3.1)" and "(9.73-.731)" are chapter G; D.8A ".8 above" is D.8
    assert index.get("asl", "G15.2").references == ("B24.7", "B24.8", "G2.21", "G3.1", "G9.73", "G9.731", "G13.624")
    assert index.get("asl", "D.8A").references == ("D.8", "C13.24", "A7.3", "A9.6", "A9.611", "D9.31")
    assert index.get("battlefront", "engineering-action").references == ()


def test_referenced_by_lists_citing_rules_once_in_document_order(index):
    assert index.referenced_by(index.get("asl", "D.8")) == ["D.6", "D.8A"]
    assert index.referenced_by(index.get("asl", "G15.21")) == ["G15.22"]
    assert index.referenced_by(index.get("asl", "G15.1")) == []


def test_unresolved_references_name_the_citing_rules(index):
    unresolved = index.unresolved_references()
    assert unresolved["asl", "B24.7"] == ["G15.2", "G15.21"]
    assert unresolved["asl", "D15.5"] == ["D.6"]  # D.6 "[EXC: motorcyclists; 15.5]"
    assert ("asl", "G15.21") not in unresolved and ("asl", "D.8") not in unresolved


@pytest.mark.parametrize("query", ["Engineering Action", "engineering action", "engineering-action"])
def test_find_title_by_title_or_slug(index, query):
    assert index.find_title("battlefront", query).id == "engineering-action"


def test_slugs_match_the_importers_section_ids():
    # build_tools/importer: a section's ID is its title, quotes dropped, other runs of punctuation "-"
    assert slugify('Hobart\'s "Funnies"-Special') == importer_slug('Hobart\'s "Funnies"-Special') == "hobarts-funnies-special"


def test_find_title_stays_in_its_ruleset(index):
    assert index.find_title("asl", "Engineering Action") is None


def _page(folder, name, body):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(body, encoding="utf-8")


def test_the_same_rule_id_in_two_rulesets_is_two_rules(tmp_path):
    # Two books numbered the same way both have a 5.44; each ruleset finds its own.
    for name in ("alpha", "beta"):
        folder = tmp_path / "rulesets" / name
        folder.mkdir(parents=True)
        (folder / "ruleset.yml").write_text(f"name: {name}\nshort_name: {name}\nnumbering: case\n", encoding="utf-8")
        _page(tmp_path / "docs", f"{name}/p.md", f"---\nruleset: {name}\n---\n\n# 5 S {{: #5 .rr-rule data-rule=\"5\" }}\n\n"
                                                 f"## 5.44 {name} {{: #5.44 .rr-rule data-rule=\"5.44\" }}\n\nSee 5.\n")
    index = RuleIndex.from_docs(tmp_path / "docs", load_rulesets(tmp_path / "rulesets"))
    assert index.get("alpha", "5.44").title == "5.44 alpha" and index.get("beta", "5.44").title == "5.44 beta"
    assert index.referenced_by(index.get("beta", "5")) == ["5.44"]


def test_a_number_whose_rule_the_book_prints_only_as_lettered_items_finds_the_first(tmp_path):
    # "Cases 5.21, .22 and .23" left 5.21 unresolved, while the book holds 5.21a and 5.21b (a helper's fan-typed
    # book): 5.21 is their rule, whose text they are
    folder = tmp_path / "rulesets" / "book"
    folder.mkdir(parents=True)
    (folder / "ruleset.yml").write_text("name: B\nshort_name: B\nnumbering: case\n", encoding="utf-8")
    _page(tmp_path / "docs", "book/p.md", "---\nruleset: book\n---\n\n# 5. MOVE {: #5 .rr-rule data-rule=\"5\" }\n\n"
                                          "## 5.2 Roads {: #5.2 .rr-rule data-rule=\"5.2\" }\n\nHalf.\n\n"
                                          "### 5.21a Paved {: #5.21a .rr-rule data-rule=\"5.21a\" }\n\nFast.\n\n"
                                          "### 5.21b Dirt {: #5.21b .rr-rule data-rule=\"5.21b\" }\n\nSee 5.21.\n")
    index = RuleIndex.from_docs(tmp_path / "docs", load_rulesets(tmp_path / "rulesets"))
    assert index.get("book", "5.21").id == "5.21a" and index.get("book", "5.2").id == "5.2"
    assert index.unresolved_references() == {}


def test_a_bare_section_number_finds_the_section_printed_with_a_zero(tmp_path):
    folder = tmp_path / "rulesets" / "book"
    folder.mkdir(parents=True)
    (folder / "ruleset.yml").write_text("name: B\nshort_name: B\nnumbering: decimal\n", encoding="utf-8")
    _page(tmp_path / "docs", "book/p.md", "---\nruleset: book\n---\n\n# 4.0 COMBAT {: #4.0 .rr-rule data-rule=\"4.0\" }\n\n"
                                          "## 4.1 Fire {: #4.1 .rr-rule data-rule=\"4.1\" }\n\nAs per 4 (see 4).\n")
    index = RuleIndex.from_docs(tmp_path / "docs", load_rulesets(tmp_path / "rulesets"))
    assert index.get("book", "4").id == "4.0"
    assert index.referenced_by(index.get("book", "4.0")) == ["4.1"]
    assert index.unresolved_references() == {}


def test_duplicate_rule_ids_name_both_files_and_lines(tmp_path, rulesets):
    _page(tmp_path, "asl/a.md", "---\nruleset: asl\n---\n\n## 15.21 X {: #G15.21 .rr-rule data-rule=\"G15.21\" }\n")
    _page(tmp_path, "asl/b.md", "---\nruleset: asl\n---\n\ntext\n\n## 15.21 Y {: #G15.21 .rr-rule data-rule=\"G15.21\" }\n")
    with pytest.raises(SourceError) as error:
        RuleIndex.from_docs(tmp_path, rulesets)
    message = str(error.value)
    assert message.startswith(f"{tmp_path / 'asl/b.md'}:7: duplicate rule ID G15.21")
    assert f"{tmp_path / 'asl/a.md'}:5" in message


def test_pages_without_ruleset_and_fenced_headings_are_not_rules(tmp_path, rulesets):
    _page(tmp_path, "index.md", "# Home {: #G1.1 .rr-rule }\n")
    _page(tmp_path, "asl/a.md", "---\nruleset: asl\n---\n\n```\n# 1.2 {: #G1.2 .rr-rule }\n```\n\n"
                                "## 1.3 Z {: #G1.3 .rr-rule data-rule=\"G1.3\" }\n\nSee 1.2.\n")
    index = RuleIndex.from_docs(tmp_path, rulesets)
    assert [rule.id for rule in index.rules] == ["G1.3"]
    assert index.get("asl", "G1.3").references == ("G1.2",)


def test_unknown_ruleset_is_an_error_naming_the_page(tmp_path, rulesets):
    _page(tmp_path, "x.md", "---\nruleset: chess\n---\n")
    with pytest.raises(SourceError, match=r"x\.md:2: unknown ruleset 'chess'"):
        RuleIndex.from_docs(tmp_path, rulesets)


def test_the_synthetic_ten_thousand_rule_rulebook_is_indexed_whole(tmp_path):
    # Its build time is measured by `make bench` (bench_site_build), not asserted here.
    assert write_rulebook(tmp_path / "docs") == 10_000
    write_ruleset(tmp_path / "rulesets")
    index = RuleIndex.from_docs(tmp_path / "docs", load_rulesets(tmp_path / "rulesets"))
    assert len(index.rules) == 10_000
    # five in six synthetic sentences carry a reference (bench/synthetic.py): most rules cite something
    assert sum(1 for rule in index.rules if rule.references) > 0.8 * len(index.rules)


def test_imported_g15_rules_cite_what_their_source_text_cites(rulesets):
    # docs/asl/g15-bulldozers.md (importer output) against rulesets/asl/sources/g15-bulldozers.txt
    root = Path(__file__).resolve().parents[2]
    index = RuleIndex.from_docs(root / "docs", rulesets)
    expected: dict[str, list[str]] = {}
    rule_id = None
    for line in (root / "rulesets/asl/sources/g15-bulldozers.txt").read_text(encoding="utf-8").splitlines()[1:]:
        number = re.match(r"(\d+\.\d+) [^:]*:", line)
        if number:
            rule_id, line = f"G{number.group(1)}", line[number.end():]
        cited = expected.get(rule_id, []) + [
            i for ref in ChapterDotted(rulesets["asl"].chapters).find(line, "G") for i in ref.rule_ids]
        expected[rule_id] = list(dict.fromkeys(cited))
    assert {rule_id: list(index.get("asl", rule_id).references) for rule_id in expected} == expected
    # 15.26 OVR is cited by 15.2 ("only as per 15.26") and 15.261 ("15.26 still applies.")
    assert index.referenced_by(index.get("asl", "G15.26")) == ["G15.2", "G15.261"]


def test_a_rule_heading_with_no_text_is_an_error_naming_page_and_line(tmp_path, rulesets):
    # Markdown drops the id of an empty heading, so the rule would have no anchor.
    _page(tmp_path, "asl/g.md", "---\nruleset: asl\n---\n\n## {: #G15.9 .rr-rule data-rule=\"G15.9\" }\n")
    with pytest.raises(SourceError, match=r"g\.md:5: rule heading #G15\.9 has no text"):
        RuleIndex.from_docs(tmp_path, rulesets)


@pytest.mark.parametrize("numbering, value, error", [
    ("decimal", "2", "first_section must be 0 (the book opens with a section 0: 0.0, 0.1) or 1, not 2"),
    ("decimal", "yes", "first_section must be 0 (the book opens with a section 0: 0.0, 0.1) or 1, not True"),
    ("asl", "0", "numbering asl has no section 0; remove first_section:")])
def test_first_section_is_0_or_1_in_case_and_decimal_numbering_naming_file_and_line(tmp_path, numbering, value, error):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "ruleset.yml").write_text(f"name: Game\nshort_name: G\nnumbering: {numbering}\nfirst_section: {value}\n",
                                        encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(f"ruleset.yml:4: {error}")):
        load_ruleset(folder)


@pytest.mark.parametrize("chapters", ["[A, SSR]", "[A, '1']", "A"])
def test_chapters_must_be_single_letters_naming_file_and_line(tmp_path, chapters):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "ruleset.yml").write_text(
        f"name: Game\nshort_name: G\nreferences: chapter-dotted\nchapters: {chapters}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"ruleset\.yml:4: chapters must be a list of chapter letters, one capital letter each"):
        load_ruleset(folder)
