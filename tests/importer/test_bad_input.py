"""Malformed rule texts stop the import with SourceError naming the file, the line and the fix."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from build_tools.errors import SourceError
from build_tools.importer import import_file, import_text
from build_tools.numbering import numbering_of

ASL = numbering_of("asl", chapters="ABCDEFGH")
NONE = numbering_of("none")


def asl(text: str, chapter: str | None = "G") -> str:
    return import_text(text, path="rulesets/asl/sources/bad.txt", ruleset="asl", numbering=ASL, chapter=chapter,
                       format="text").markdown


def asl_report(text: str, chapter: str = "G"):
    return import_text(text, path="rulesets/asl/sources/bad.txt", ruleset="asl", numbering=ASL, chapter=chapter,
                       format="text").report


def titled(text: str) -> str:
    return import_text(text, path="rulesets/bf/sources/bad.txt", ruleset="bf", numbering=NONE,
                       format="text").markdown


def error_of(call, *args) -> SourceError:
    with pytest.raises(SourceError) as caught:
        call(*args)
    return caught.value


def test_source_error_prints_path_line_reason():
    assert str(SourceError("a/b.txt", 3, "bad row")) == "a/b.txt:3: bad row"
    assert str(SourceError("a/b.txt", None, "empty file")) == "a/b.txt: empty file"


@pytest.mark.parametrize("call", [asl, titled])
def test_empty_file(call):
    error = error_of(call, "\n \n")
    assert error.path.endswith("bad.txt") and error.line is None and "empty" in error.reason


@pytest.mark.parametrize("text, line, reason", [
    # A rule number line with no rule text.
    ("15. Bulldozers\n15.1 TYPES: text\n15.2\n", 3, "no rule text: give it its text, or say on its line what "
                                                     "the book means by an empty rule (15.2 [Reserved], 15.2 (Deleted))"),
    ("15. Bulldozers\n15.1 TYPES: text\n15.2   \n", 3, "no rule text"),
    # Rule 16.1 does not belong under 15: its section 16 never comes.
    ("15. Bulldozers\n16.1 TYPES: text\n", 2, "rule 16.1 has no parent: no rule G16 comes before it"),
    # A first line that is a title, not the rule: 15.1 then has no section.
    ("Bulldozers\n15.1 TYPES: text\n", 2, "rule 15.1 has no parent: no rule G15 comes before it"),
    # The section's line is there, in a shape the numbering does not read.
    ("15) Bulldozers\n15.1 TYPES: text\n", 2, "line 1 ('15) Bulldozers') looks like it"),
    ("15. Bulldozers\n15.1 TYPES: text\n15.2 A: text\n15.1 TYPES: again\n", 4, "duplicate rule ID G15.1"),
    ("15. Bulldozers\n15.1 TYPES: text\n15.3 A: text\n15.2 B: text\n", 4, "out of order"),
    ("15. Bulldozers\n15.1 TYPES: text\nEX:\n", 3, "EX: with no example text"),
])
def test_malformed_numbering(text, line, reason):
    error = error_of(asl, text, "D" if text.startswith("D.") else "G")
    assert (error.path, error.line) == ("rulesets/asl/sources/bad.txt", line)
    assert reason in error.reason


DECIMAL = numbering_of("decimal")


@pytest.mark.parametrize("text, line, reason", [
    # A hard-wrapped reference at the start of a line reads as a rule number: the error says how to keep it text.
    # (A line such as "1.1 through 1.2." goes on with the sentence: tests/importer/test_source_traps.py.)
    ("[1.0] Boats\n[1.1] Loading. A boat loads, as in\n1.1 (Loading) and 1.2.\n", 3,
     "duplicate rule ID 1.1 (first on line 2); if this line goes on from the sentence before it, "
     "start it with a backslash: \\1.1 (Loading) and 1.2."),
    ("[1.0] Boats\n[1.1] Loading.\n[1.2] Crews. A crew rows, as under\n1.1 To land too.\n", 4,
     "if this line goes on from the sentence before it, start it with a backslash: \\1.1 To land too."),
    # A line after a finished sentence gets no such hint.
    ("[1.0] Boats\n[1.1] Loading. A boat loads.\n1.1 Again: text\n", 3, "duplicate rule ID 1.1 (first on line 2)"),
    # The first of the two went on from a sentence: the hint is for it, not for the real rule (a helper's book).
    ("1.0 VICTORY\n1.4 Dice. At the end the Red player adds\n1.5 Dice Rolls: one for each town.\n1.5 Limits. None.\n",
     4, "duplicate rule ID 1.5 (first on line 3); line 3 may go on from the sentence before it: if so, start it "
        "with a backslash to keep it text, \\1.5 Dice Rolls: one for"),
    # A rule with no parent on a line that goes on from a sentence says so too (a helper's book).
    ("1.0 SUPPLY\n1.1 Depots. A depot gives the holder\n2.5 Supply Points at the start.\n", 3,
     "; if this line goes on from the sentence before it, start it with a backslash: \\2.5 Supply Points at the"),
])
def test_a_refused_rule_number_on_a_wrapped_line_says_how_to_keep_it_text(text, line, reason):
    with pytest.raises(SourceError) as caught:
        import_text(text, path="rulesets/sr/sources/bad.txt", ruleset="sr", numbering=DECIMAL, format="text")
    error = caught.value
    assert error.line == line and reason in error.reason
    assert ("goes on from the sentence" in error.reason) == ("goes on" in reason)


@pytest.mark.parametrize("text, chapter, warning", [
    # 15.21 before its parent 15.2: kept, under 15, and said so.
    ("15. Bulldozers\n15.1 TYPES: text\n15.21 vs X: text\n", "G",
     "bad.txt:3: rule 15.21: its parent G15.2 is not in the text; placed under G15"),
    # D.5A without D.5.
    ("D. VEHICLES\nD.4 CA: text\nD.5A DICE CUP: text\n", "D",
     "bad.txt:3: rule D.5A: its parent D.5 is not in the text; placed under D"),
])
def test_a_rule_whose_parent_is_missing_nests_under_its_nearest_ancestor_with_a_warning(text, chapter, warning):
    report = asl_report(text, chapter)
    assert any(line.endswith(warning) for line in report.warnings), report.warnings


def test_rule_number_from_another_chapter():
    error = error_of(asl, "D. VEHICLES\nD.1 LISTINGS: text\n", "G")
    assert error.line == 1 and "chapter D" in error.reason and "chapter G" in error.reason


def test_a_part_numbering_its_rules_again_is_told_to_be_a_ruleset():
    # "EXCLUSIVE RULES" then "1.0 SETUP" after the Standard Rules' 1.0 offered only the backslash of a list of changes
    # (a helper's book): the fix is a ruleset for each part.
    with pytest.raises(SourceError, match="give each part a ruleset of its own"):
        import_text("STANDARD RULES\n1.0 INTRODUCTION\n1.1 Scale. One.\n\nEXCLUSIVE RULES\n1.0 SETUP\n1.1 Place. Two.\n",
                    path="rulesets/x/sources/x.txt", ruleset="x", numbering=DECIMAL, format="text")


@pytest.mark.parametrize("chapter, line", [("A", 5), (None, 6)])
def test_a_source_holding_two_chapters_is_told_to_split(chapter, line):
    # Chapters A and B in one file failed as "B1.1 comes after A2.1: out of order; … start it with a backslash" (no
    # chapter given), or "fix the number or the source's chapter" (a helper's typed book): a source holds one chapter.
    error = error_of(asl, "A1. Scale\nA1.1 One hex is 40 m.\nA2. Setup\nA2.1 Place units.\nB1. Shooting\n"
                          "B1.1 Roll two dice.\n", chapter)
    assert error.line == line and "give chapter B a source of its own" in error.reason and "chapter: B" in error.reason


TABLE = "15. X\n15.1 A: text\n\nTHE TABLE\n\nWeapon:\tAFV\tOther\nMG2\tG\tG\n{row}\n\n1\tNote one.\n2\tNote two.\n"


def test_ragged_tab_table_row():
    error = error_of(asl, TABLE.format(row="FT\tS"))
    assert error.line == 8 and "2 cells, its header has 3" in error.reason


def test_tab_table_row_without_tabs():
    error = error_of(asl, TABLE.format(row="FT S G"))
    assert error.line == 8 and "without tabs" in error.reason


def test_footnote_marker_with_no_footnote():
    error = error_of(asl, TABLE.format(row="DC3\tS\tG"))
    assert error.line == 8 and "footnote marker 3" in error.reason


def test_superscript_marker_with_no_footnote():
    error = error_of(asl, "15. X\n15.1 A: text\n\nTHE TABLE²\n\nA\tB\nc\td\n")
    assert error.line == 4 and "footnote marker 2" in error.reason


def test_duplicate_footnote():
    error = error_of(asl, TABLE.format(row="FT\tS\tG") + "2\tAgain.\n")
    assert error.line == 12 and "duplicate footnote 2" in error.reason


def test_ragged_pipe_table():
    error = error_of(titled, "Rules\nModifiers\n| Mods |\n|---|\n| Dense | -1 |\n| Scattered | +1 | x |\n")
    assert error.line == 6 and "3 cells" in error.reason


def test_pipe_table_without_rule_line():
    error = error_of(titled, "Rules\nModifiers\n| Mods |\n| Dense | -1 |\n")
    assert error.line == 4 and "|---|" in error.reason


def test_lone_bullet_without_text():
    error = error_of(titled, "Rules\nSome text.\n-\n")
    assert error.line == 3 and "lone '-'" in error.reason


def test_invalid_utf8_names_the_line_of_the_bad_byte(tmp_path):
    path = tmp_path / "g15.txt"
    path.write_bytes("15. Bulldozers\n15.1 TYPES: ok\n15.2 CAPABILITES: caf\xe9 ".encode("latin-1"))
    error = error_of(lambda: import_file(path, ruleset="asl", numbering=ASL, chapter="G", format="text",
                                         source_label="rulesets/asl/sources/g15.txt"))
    assert (error.path, error.line) == ("rulesets/asl/sources/g15.txt", 3)
    assert "UTF-8" in error.reason and "0xe9" in error.reason


def test_unknown_format():
    error = error_of(lambda: import_text("x", path="a.txt", ruleset="a", numbering=ASL, format="pdf"))
    assert "unknown source format 'pdf'" in error.reason



def test_missing_file_names_the_file(tmp_path):
    error = error_of(lambda: import_file(tmp_path / "no-such.txt", ruleset="asl", numbering=ASL, chapter="G",
                                         format="text", source_label="rulesets/asl/sources/no-such.txt"))
    assert (error.path, error.line) == ("rulesets/asl/sources/no-such.txt", None)
    assert "cannot read" in error.reason


# The shapes sources come in, spliced at random: any text imports, or fails with file, line and reason.
SOURCE_PIECES = st.sampled_from([
    "5.", "5.1", "5.1.", "5.11", "12", "[5.3]", "6.0 COMBAT", "**5.2**", "5.11)", "Section 5:", "Chapter 6 –", "Part",
    "\t", " ", "\n", "\n\n", "## ", "- ", "1. ", "|a|b|", "|---|---|", "Movement", "*Optional:*", "Units move.",
    "(see 5.1)", ". ", ": ", "St.", "2-5", "EX: ", "---", "\\", "\u00a0", "5.4Bridges", "===", "{#id}", "- **5.1** ", "<!--", "-->", "PART 1: ", " — ", "[^1]", "> "])


@settings(max_examples=400, deadline=None)
@given(st.lists(SOURCE_PIECES, max_size=40), st.sampled_from(["case", "decimal"]), st.sampled_from(["text", "markdown"]))
def test_any_source_imports_or_fails_with_a_source_error(pieces, numbering, fmt):
    try:
        import_text("".join(pieces), path="rulesets/x/sources/x.txt", ruleset="x", numbering=numbering_of(numbering),
                    format=fmt)
    except SourceError as error:
        assert error.path == "rulesets/x/sources/x.txt" and error.reason
