"""Rulebooks written for these tests (tests/rulebooks/), in every numbering and source
format, import to the pages a reader expects: many top-level rules per file, rules
nested by number, titles in any case, lists, tables, and never a silent failure."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from build_tools import zensical_config
from build_tools.errors import SourceError
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets
from importer_pages import render, visible_words
from projects import RULEBOOKS, build, import_all, make_project, rulebook_names

UPDATE = os.environ.get("RULEREF_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> Path:
    return make_project(tmp_path_factory.mktemp("rulebooks") / "project",
                        {name: RULEBOOKS / name for name in rulebook_names()})


@pytest.mark.parametrize("name", ["ferry-chapter", "ironclad", "riverline"])  # the books in plain text
def test_a_text_rulebooks_page_shows_every_word_of_its_source_as_printed(books, name):
    # Rule numbers too, with their brackets and marks ("[5.31]", "1.1."): a heading shows the number as printed.
    source = next((RULEBOOKS / name / "sources").iterdir()).read_text(encoding="utf-8")
    words = [word for line in source.splitlines() for word in re.sub(r"^- ", "", line.strip()).split()
             if not re.fullmatch(r"\|(-+\|)*", word)]  # a bullet's mark and a pipe table's bars are markup
    page = next((books / "docs" / name).glob("*.md")).read_text(encoding="utf-8")
    assert visible_words(render(page)) == words


@pytest.fixture(scope="module")
def index(books) -> RuleIndex:
    return RuleIndex.from_docs(books / "docs", load_rulesets(books / "rulesets"))


@pytest.mark.parametrize("name", rulebook_names())
def test_each_rulebook_imports_to_its_golden_page(books, name):
    # Golden pages, read line by line when they were made. To accept a deliberate
    # change: RULEREF_UPDATE_GOLDEN=1 pytest tests/importer/test_rulebooks.py, then read the diff.
    for page in sorted((books / "docs" / name).glob("*.md")):
        golden = RULEBOOKS / name / "expected" / page.name
        if UPDATE:
            golden.parent.mkdir(exist_ok=True)
            shutil.copy(page, golden)
        assert page.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8"), page.name


def ids(index, ruleset):
    return [rule.id for rule in index.rules if rule.ruleset == ruleset]


def test_a_decimal_book_has_its_sections_as_printed_and_one_level_per_group(index):
    assert ids(index, "riverline") == ["1.0", "1.1", "2.0", "2.1", "2.1.1", "2.1.2", "2.2", "2.3", "3.0", "3.1",
                                       "3.2", "3.2.1", "3.2.2", "4.0", "4.1", "4.2", "4.3"]
    levels = {rule.id: rule.level for rule in index.rules if rule.ruleset == "riverline"}
    # The document's title is the h1; sections printed 2.0 are h2, 2.1 under them h3, 2.1.1 h4.
    assert (levels["2.0"], levels["2.1"], levels["2.1.1"]) == (2, 3, 4)


def test_a_book_that_opens_with_a_section_0_reads_it_and_cites_its_rules(index):
    # "0.0 INTRODUCTION", "0.1 …" (a modern book's opening, a helper's card game): "0.0 is not a rule number", and
    # "(see 0.1)" cited nothing. With first_section: 0 they are rules, cited as any other; "0.5 MP", "0.5 or less"
    # and hex "0812" stay amounts.
    assert ids(index, "zero-hour") == ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "2.0", "2.1"]
    assert index.get("zero-hour", "0.1").references == ()
    assert index.get("zero-hour", "0.2").references == ("0.1", "1.1", "0.2")
    assert index.get("zero-hour", "2.1").references == ("0.1", "0.2", "1.1")
    assert [key for key in index.unresolved_references() if key[0] == "zero-hour"] == []


def test_a_markdown_case_book_reads_headings_and_bold_numbers_as_rules(index):
    assert ids(index, "marsh-fort") == ["5", "5.1", "5.11", "5.12", "5.2", "5.3", "5.4", "5.41", "5.42", "5.43",
                                        "5.44", "6", "6.1", "6.2", "6.3", "9", "9.1", "9.2"]
    # A heading shows the number as printed, its decorations too (the rule ID leaves them out).
    assert index.get("marsh-fort", "5").title == "5) Movement Phase"  # "## 5) Movement Phase"
    assert index.get("marsh-fort", "5.1").title == "5.1) General Rule."  # "**5.1) General Rule.** In the ..."
    assert index.get("marsh-fort", "5.11").text.startswith("Units move one at a time.")  # "**5.11)** Units ..."


def test_spi_cases_in_brackets_nest_by_digit(index):
    rules = {rule.id: rule for rule in index.rules if rule.ruleset == "ironclad"}
    assert list(rules)[:4] == ["5.0", "5.1", "5.2", "5.3"]
    assert (rules["5.0"].level, rules["5.3"].level, rules["5.31"].level) == (1, 2, 3)
    assert (rules["9.23"].level, rules["9.231"].level) == (3, 4)  # [9.2] > [9.23] > [9.231]


def test_an_asl_numbered_file_holds_several_top_level_rules(index):
    # "1. Ferries ... 1.21, then 2. Cables, 2.1": two top-level rules of chapter Z in one file.
    assert ids(index, "ferry-chapter") == ["Z1", "Z1.1", "Z1.2", "Z1.21", "Z2", "Z2.1", "Z2.2"]
    assert index.get("ferry-chapter", "Z2").level == 1
    assert index.get("ferry-chapter", "Z2.1").references == ("Z1.1", "Z1.21")  # "(1.1-.21)"


@pytest.mark.parametrize("ruleset, rule_id, title", [
    ("riverline", "2.3", "2.3 Zones of Control"),  # title case, on its own line
    ("riverline", "1.0", "1.0 INTRODUCTION"),
    ("riverline", "2.1.1", "2.1.1 Roads:"),  # a title before a colon
    ("riverline", "2.1.2", "2.1.2 Fresh units:"),  # sentence case before a new sentence
    ("ironclad", "5.3", "[5.3] MOVEMENT COSTS"),  # the number as printed
    ("ironclad", "5.42", "[5.42] Eddies."),  # a run-in title before a new sentence
    ("causeway", "4.1", "4.1 Fair and Foul"),
    ("ferry-chapter", "Z1.21", "1.21 UNLOADING:"),
])
def test_titles_are_read_in_any_case(index, ruleset, rule_id, title):
    assert index.get(ruleset, rule_id).title == title


@pytest.mark.parametrize("ruleset, rule_id, number", [
    ("riverline", "3.2.1", "3.2.1"),  # "3.2.1 Light bridges carry one unit per turn."
    ("ironclad", "5.31", "[5.31]"),  # "[5.31] A ship pays 1 Movement Point per river hex, ..."
    ("ironclad", "9.23", "[9.23]"),  # "[9.23] Night turns." is a sentence
    ("ironclad", "5.43", "[5.43]"),  # "[5.43] St. Louis is ...": an abbreviation, not a title
])
def test_a_rule_whose_line_is_a_sentence_has_no_title(index, ruleset, rule_id, number):
    assert index.get(ruleset, rule_id).title == number


def page_of(books, ruleset):
    return (books / "docs" / ruleset / f"{ruleset}.md").read_text(encoding="utf-8")


def test_lists_keep_their_printed_markers(books):
    riverline = page_of(books, "riverline")
    assert '<span class="rr-list__marker">1.</span> Bring an engineer unit to the bank.' in riverline
    assert '<li markdown="span">A bridge hex has no zone of control.</li>' in riverline
    assert '<span class="rr-list__marker">(b)</span> He moves it, paying the costs of [5.3].' in page_of(books, "ironclad")


def test_markdown_lists_nest_by_indentation(books):
    causeway = page_of(books, "causeway")
    outer = causeway.index("Wet ground dries after two fair turns.")
    inner = causeway.index("Dried ground is clear terrain.")
    assert causeway.count('<ul class="rr-list"', outer - 60, inner) == 2  # the inner list opens inside the item


def test_pipe_tables_become_tables(books):
    marsh = page_of(books, "marsh-fort")
    assert '<td markdown="span">Marsh</td><td markdown="span">3</td><td markdown="span">Not for wagons (5.44)</td>' in marsh
    assert "| Marsh |" not in marsh


def test_markdown_keeps_emphasis_and_drops_no_words(books):
    marsh = page_of(books, "marsh-fort")
    assert "*except* by the\nOverrun procedure (6.3)." in marsh
    assert "A result of *Retreat* moves the defender" in marsh


def test_the_import_report_counts_rules_references_and_numbered_lines(books):
    said = "\n".join(import_all(books))
    assert "imported rulesets/riverline/sources/riverline.txt -> docs/riverline/riverline.md" in said
    assert "  rules: 17 (level 1: 4, level 2: 9, level 3: 4)" in said
    assert "  references: 15 found, 14 resolved, 0 unresolved in this ruleset's sections, 1 to rules it does not have" in said
    assert "numbered list items: 3 (lines starting like section numbers, read as list items: " \
           "first at rulesets/riverline/sources/riverline.txt:38)" in said
    assert "riverline.txt:62: '1 hex per turn.': continues the sentence of the line before" in said
    assert "read as markdown (detected: the file name ends .md; set format: to override)" in said


def copy_book(tmp_path, name, **settings) -> Path:
    """A project of one test rulebook whose source entry has ``settings``."""
    project = tmp_path / "project"
    shutil.copytree(RULEBOOKS / name, project / "rulesets" / name, ignore=shutil.ignore_patterns("expected"))
    if settings:
        path = project / "rulesets" / name / "ruleset.yml"
        path.write_text(path.read_text(encoding="utf-8")
                        + "".join(f"    {key}: {value}\n" for key, value in settings.items()), encoding="utf-8")
    (project / "docs").mkdir()
    return project


def test_a_markdown_source_read_as_plain_text_fails_loudly(tmp_path):
    project = copy_book(tmp_path, "marsh-fort", format="text")
    with pytest.raises(SourceError) as error:
        import_all(project)
    assert "no rules found" in error.value.reason
    assert "is this a Markdown source? (format: markdown)" in error.value.reason
    assert list((project / "docs").iterdir()) == []  # nothing written


def test_a_case_book_under_decimal_numbering_fails_and_says_which_numbering_fits(tmp_path):
    project = copy_book(tmp_path, "marsh-fort")
    path = project / "rulesets" / "marsh-fort" / "ruleset.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("numbering: case", "numbering: decimal"), encoding="utf-8")
    with pytest.raises(SourceError) as error:
        import_all(project)
    assert error.value.line == 19
    assert "rule 5.2 comes after 5.12 (line 16): out of order" in error.value.reason
    assert "set numbering: case" in error.value.reason


def test_a_book_of_decorated_numbers_under_asl_numbering_names_the_section_line(tmp_path):
    project = copy_book(tmp_path, "marsh-fort")
    path = project / "rulesets" / "marsh-fort" / "ruleset.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("numbering: case", "numbering: asl\nchapters: [R]")
                    + "    chapter: R\n", encoding="utf-8")
    with pytest.raises(SourceError) as error:
        import_all(project)
    assert "rule 5.1 has no parent: no rule R5 comes before it" in error.value.reason
    assert "line 8 ('5) Movement Phase') looks like it but was not read as a rule" in error.value.reason


def test_the_printed_report_says_how_many_lines_it_left_out_and_a_file_lists_them_all(tmp_path):
    # A book with seven page numbers left in: the report shows five, says "… and 2 more", and the
    # file beside docs/ lists all seven (before, the other two were nowhere).
    folder = tmp_path / "paged"
    (folder / "sources").mkdir(parents=True)
    (folder / "ruleset.yml").write_text("name: Paged\nshort_name: PG\nnumbering: case\nsources:\n"
                                        "  - file: sources/paged.txt\n    page: paged\n", encoding="utf-8")
    rules = "12\n".join(f"5.{n} Rule {n}. Text.\n" for n in range(1, 9))
    (folder / "sources" / "paged.txt").write_text(f"5. MOVEMENT\n{rules}", encoding="utf-8")
    project = make_project(tmp_path / "project", {"paged": folder})
    said = "\n".join(import_all(project))
    assert said.count("rulesets/paged/sources/paged.txt:") == 5
    assert "    ... and 2 more lines (all in .ruleref/import-report.txt)" in said
    full = (project / ".ruleref" / "import-report.txt").read_text(encoding="utf-8")
    assert full.count("a page number?") == 7 and "more lines" not in full


def two_sources(tmp_path: Path, first: str, second: str) -> Path:
    folder = tmp_path / "ashfall"
    (folder / "sources").mkdir(parents=True)
    (folder / "ruleset.yml").write_text("name: Ashfall\nshort_name: AF\nnumbering: case\nsources:\n"
                                        "  - file: sources/a.txt\n    page: combat\n"
                                        "  - file: sources/b.txt\n    page: advanced\n", encoding="utf-8")
    (folder / "sources" / "a.txt").write_text(first, encoding="utf-8")
    (folder / "sources" / "b.txt").write_text(second, encoding="utf-8")
    return folder


def test_a_section_continued_in_the_next_source_nests_there_and_links_across(tmp_path):
    # A big book cut into files mid-section: b.txt opens with 6.5 after a.txt's 6.4. It was refused
    # ("rule 6.5 has no parent") with no way through (a helper's book, Ashfall).
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare.\n6. RESULTS\n6.1 Retreat. Back.\n6.4 Gone. Out.\n",
                         "6.5 Disruption. No fire (see 6.1).\n6.51 Recovery. Roll.\n6.6 Rout. Run.\n7. SUPPLY\n"
                         "7.1 Lines. Trace (6.5).\n")
    project = make_project(tmp_path / "project", {"ashfall": folder})
    said = "\n".join(import_all(project))
    assert "opens inside section 6, which another source of the ruleset holds (line 1" in said
    page = (project / "docs" / "ashfall" / "advanced.md").read_text(encoding="utf-8")
    assert [line.split(" {")[0] for line in page.splitlines() if line.startswith("#")] == [
        "# 6.5 Disruption.", "## 6.51 Recovery.", "# 6.6 Rout.", "# 7. SUPPLY", "## 7.1 Lines."]
    index = RuleIndex.from_docs(project / "docs", load_rulesets(project / "rulesets"))
    assert index.referenced_by(index.get("ashfall", "6.1")) == ["6.5"]  # across the two pages


def test_a_rulesets_pages_follow_its_sources_in_the_navigation_and_next_links(tmp_path):
    # Its sources list "combat" before "advanced": the navigation listed the pages by file name, advanced
    # first, and the pages' "next" links (in each page's head) went from the second chapter to the first.
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare.\n", "6. RESULTS\n6.1 Retreat. Back.\n")
    project = make_project(tmp_path / "project", {"ashfall": folder})
    site = build(project, tmp_path / "site")
    home = (site / "index.html").read_text(encoding="utf-8")
    navigation = home[home.index("md-nav--primary"):]
    assert navigation.index('href="ashfall/combat/"') < navigation.index('href="ashfall/advanced/"')
    combat = (site / "ashfall" / "combat" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="next" href="../advanced/">' in combat
    assert '<link rel="prev" href="../combat/">' in (site / "ashfall" / "advanced" / "index.html").read_text(encoding="utf-8")
    config = zensical_config.write(project / "mkdocs.yml")[0].read_text(encoding="utf-8")  # Zensical's own nav
    assert config.index("ashfall/index.md") < config.index("ashfall/combat.md") < config.index("ashfall/advanced.md")


def test_the_import_that_removes_a_source_counts_references_without_its_rules(tmp_path):
    # combat cites 6.1, which only the source taken out of ruleset.yml held: the import that removed
    # its page counted the reference as resolved, against the page it was about to remove.
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare (see 6.1).\n", "6. RESULTS\n6.1 Retreat. Back.\n")
    project = make_project(tmp_path / "project", {"ashfall": folder})
    settings = project / "rulesets" / "ashfall" / "ruleset.yml"
    settings.write_text(settings.read_text(encoding="utf-8").split("  - file: sources/b.txt")[0], encoding="utf-8")
    said = import_all(project)
    assert "removed docs/ashfall/advanced.md (no source in rulesets/ produces it any more)" in said
    assert "  references: 1 found, 0 resolved, 0 unresolved in this ruleset's sections, 1 to rules it does not have" \
        in said


def test_the_report_counts_references_outside_the_rules(tmp_path):
    # A preamble's "replace 9.9" and designer's notes' "see 8.8" (under a heading that is no rule's) were linked
    # and marked absent on the page, but the import's report said "0 found" (a helper's book).
    folder = two_sources(tmp_path, "TINDERBOX RULES\n\nThese rules replace 9.9 of the old edition.\n\n5. FIRE\n"
                                   "5.1 Odds. Compare.\n\nDESIGNER'S NOTES\n\nRule 5.1 was hard; see 6.1 and 5.7.\n",
                         "6. RESULTS\n6.1 Retreat. Back.\n")
    said = import_all(make_project(tmp_path / "project", {"ashfall": folder}))
    assert "  references: 4 found, 2 resolved, 1 unresolved in this ruleset's sections, 1 to rules it does not have" \
        in said
    assert "    unresolved: 5.7" in said


def test_lettered_items_count_as_resolved_where_their_rule_or_sub_rule_is(tmp_path):
    # combat cites 6.1a (a sub-rule of the other source), 6.1b (an item printed in 6.1's text) and 6.2c (of
    # a rule the book does not have): the first two resolve, and the third is named as unresolved.
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare (see 6.1a, 6.1b and 6.2c).\n",
                         "6. RESULTS\n6.1 Retreat. Back.\n6.1a Rout. Run.\n")
    project = make_project(tmp_path / "project", {"ashfall": folder})
    said = "\n".join(import_all(project))
    assert "  references: 3 found, 2 resolved, 1 unresolved in this ruleset's sections, 0 to rules it does not have" \
        in said
    assert "    unresolved: 6.2c" in said
    index = RuleIndex.from_docs(project / "docs", load_rulesets(project / "rulesets"))
    assert index.get("ashfall", "6.1a").title == "6.1a Rout." and index.get("ashfall", "6.1b").id == "6.1"
    assert index.referenced_by(index.get("ashfall", "6.1a")) == index.referenced_by(index.get("ashfall", "6.1")) == \
        ["5.1"]


def test_the_import_report_counts_links_by_title_and_names_those_naming_no_rule(tmp_path):
    # "[[Retreat]]" (a title in the other source) and "[[Nowhere]]" were in no count of the report: a
    # link naming no rule was found only by the build, which failed.
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare, then [[Retreat]], [[Nowhere]], [[5.1]], [[reed:1.0]] "
                         "and [[1.0.1]].\n",
                         "6. RESULTS\n6.1 Retreat. Back, as [[Fire#Odds]] says.\n")
    reed = tmp_path / "reed"  # another book: links to its rules are judged by the build, which knows them
    (reed / "sources").mkdir(parents=True)
    (reed / "ruleset.yml").write_text("name: Reed\nshort_name: RD\nnumbering: decimal\nsources:\n"
                                      "  - file: sources/reed.txt\n    page: reed\n", encoding="utf-8")
    (reed / "sources" / "reed.txt").write_text("1.0 SETUP\n1.0.1 Place. Units.\n", encoding="utf-8")
    said = import_all(make_project(tmp_path / "project", {"ashfall": folder, "reed": reed}))
    assert said.count("  links by title: 1 found, 0 naming no rule") == 1
    assert "  links by title: 4 found, 1 naming no rule (the build fails on them): [[Nowhere]]" in said


def test_the_import_report_counts_links_by_title_outside_the_rules(tmp_path):
    # "See [[Changelog]]" in a preamble and "[[Playtesters]]" under designer's notes were in no count: the import
    # said nothing, and the strict build failed on them (a helper's wiki book)
    folder = two_sources(tmp_path, "TINDERBOX RULES\n\nSee [[Changelog]] and [[Retreat]].\n\n5. FIRE\n"
                                   "5.1 Odds. Compare.\n\nDESIGNER'S NOTES\n\nThanks to [[Playtesters]].\n",
                         "6. RESULTS\n6.1 Retreat. Back.\n")
    said = import_all(make_project(tmp_path / "project", {"ashfall": folder}))
    assert ("  links by title: 3 found, 2 naming no rule (the build fails on them): [[Changelog]], [[Playtesters]]"
            in said)


def test_a_section_no_source_holds_is_still_refused(tmp_path):
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare.\n", "6.5 Disruption. No fire.\n")
    with pytest.raises(SourceError) as error:
        make_project(tmp_path / "project", {"ashfall": folder})
    assert (error.value.path, error.value.line) == ("rulesets/ashfall/sources/b.txt", 1)
    assert error.value.reason.startswith("rule 6.5 has no parent: no rule 6 or 6.0 comes before it, nor does another "
                                         "source of this ruleset hold section 6 or 6.0")


def test_a_rule_id_in_two_sources_is_refused_naming_both_sources(tmp_path):
    # It imported without a word; the build then named the generated pages, not the sources (Ashfall).
    folder = two_sources(tmp_path, "1. SUPPLY\n1.1 Lines. Trace.\n1.2 Depots. Store.\n",
                         "1.2 Depots. Store.\n1.3 Ports. Ship.\n")
    with pytest.raises(SourceError) as error:
        make_project(tmp_path / "project", {"ashfall": folder})
    assert (error.value.path, error.value.line) == ("rulesets/ashfall/sources/b.txt", 1)
    assert error.value.reason == ("duplicate rule ID 1.2 (first in rulesets/ashfall/sources/a.txt:3): each rule may "
                                  "stand in one source only; if the book numbers a part's rules again (Standard Rules, "
                                  "then Exclusive Rules from 1), give each part a ruleset of its own")


def test_a_footnote_shows_at_the_page_end_and_its_citation_is_its_marks_rule(books_site):
    # Causeway 3.1 carries the mark [^road]; its note, written under 4.2, cites 4.2.
    page = (books_site / "causeway" / "causeway" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<sup id="fnref:road"><a class="footnote-ref" href="#fn:road">1</a></sup>', page)
    note = re.search(r'<li id="fn:road">(.*?)</li>', page, re.S).group(1)
    assert re.search(r'as in <a class="rr-ref" data-rule="4.2" href="#4.2">4.2</a>', note)
    cited_by = re.search(r'id="4.2".*?<p class="rr-cited-by"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert re.findall(r'data-rule="([^"]+)"', cited_by) == ["3.1"]  # 3.1 cites it, 4.2 does not cite itself


def test_a_definition_list_shows_as_one_and_its_references_are_cited(books_site):
    # Marsh Fort 5.2 explains its table's terrain in a definition list ("Causeway" over ": A raised road …").
    page = (books_site / "marsh-fort" / "marsh-fort" / "index.html").read_text(encoding="utf-8")
    terms = re.search(r'<dl class="rr-definitions">(.*?)</dl>', page, re.S).group(1)
    assert re.findall(r"<dt>(.*?)</dt>", terms) == ["Causeway", "Marsh", "Fen"]
    assert re.search(r'<dd>A raised road across the marsh; a unit on it is safe from\s+attacks out of the marsh '
                     r'\(<a class="rr-ref" data-rule="5.43" href="#5.43">5.43</a>\)\.</dd>', terms)
    cited_by = re.search(r'id="5.43".*?<p class="rr-cited-by"[^>]*>(.*?)</p>', page, re.S).group(1)
    assert "5.2" in re.findall(r'data-rule="([^"]+)"', cited_by)  # the rule holding the list cites what it cites


def test_a_number_after_another_books_name_cites_nothing(books_site):
    # Ironclad names its series' rules (other_books: River Series Rules, RSR): "(RSR 5.44 and 5.2; River Series
    # Rules 5.1)" in its 5.41 cited its own 5.44, 5.2 and 5.1, whose "Referenced by" then listed 5.41.
    page = (books_site / "ironclad" / "ironclad" / "index.html").read_text(encoding="utf-8")
    rule = re.search(r'id="5.41".*?</h3>(.*?)<h', page, re.S).group(1)
    assert re.search(r"series\s+\(RSR 5\.44 and 5\.2; River Series Rules 5\.1\), but see "
                     r'<a class="rr-ref" data-rule="5.42" href="#5.42">5.42</a>\.', rule)
    for cited in ("5.44", "5.2", "5.1"):
        by = re.search(rf'id="{cited}".*?(?:<p class="rr-cited-by"[^>]*>(.*?)</p>|<h)', page, re.S).group(1) or ""
        assert 'data-rule="5.41"' not in by


@pytest.mark.parametrize("fire, refused", [
    # most of ten references unresolved: rules were not read (one of ten resolving is not enough)
    ("".join(f"5.{n} Rule. See 6.{n}.\n" for n in range(1, 10)) + "5.9a Extra. See 5.1.\n",
     r"only 1 of 10 references to this ruleset's own sections resolve \(unresolved: 6\.1, 6\.2"),
    # none of five resolving, and no rule below a section read: a word processor numbered the sub-rules, and its
    # export lost their numbers
    ("Fire (see 6.1, 6.2, 6.3, 6.4 and 6.5).\n", r"none of 5 references to this ruleset's own sections resolves "
                                                 r"\(unresolved: 6\.1, 6\.2, .*\), and no rule below a section"),
    ("Fire (see 6.1, 6.2, 6.3 and 6.4).\n", None),  # four: a small book's few slips
    # an excerpt of rules citing those it leaves out (a review: it was refused)
    ("".join(f"5.{n} Rule. See 6.{n}.\n" for n in range(1, 6)), None),
])
def test_a_book_whose_references_to_its_own_sections_do_not_resolve_is_refused(tmp_path, fire, refused):
    folder = two_sources(tmp_path, f"5. FIRE\n{fire}", "6. RESULTS\nThe sub-rules lost their numbers.\n")
    if refused is None:
        said = import_all(make_project(tmp_path / "project", {"ashfall": folder}))
        assert any(line.startswith("    unresolved: 6.1, 6.2, 6.3, 6.4") for line in said)
        return
    with pytest.raises(SourceError, match=rf"implausible import: {refused}"):
        make_project(tmp_path / "project", {"ashfall": folder})


@pytest.mark.parametrize("setting, reason", [("title: 2024-01-01", "'title' must be a non-empty string"),
                                             ("titles: [1944]", "titles must be a list of words")])
def test_a_sources_title_that_yaml_reads_as_no_text_is_refused_with_its_line(tmp_path, setting, reason):
    # "title: 2024-01-01" is a date to YAML: the import crashed with a traceback (a review)
    folder = two_sources(tmp_path, "5. FIRE\n5.1 Odds. Compare.\n", "6. RESULTS\n6.1 Retreat. Back.\n")
    settings = folder / "ruleset.yml"
    # (the second source's line, after a first source's setting of that key and a not_titles: of its own, a setting
    # before its file: too; a review)
    text = settings.read_text(encoding="utf-8").replace("page: combat\n",
                                                        "page: combat\n    titles: [Fire]\n    title: Fire\n")
    settings.write_text(text.replace("  - file: sources/b.txt\n", f"  - not_titles: [X]\n    {setting}\n"
                                                                   "    file: sources/b.txt\n"), encoding="utf-8")
    with pytest.raises(SourceError, match=re.escape(reason)) as error:
        load_rulesets(tmp_path)
    assert error.value.path.endswith("ruleset.yml") and error.value.line == 10
