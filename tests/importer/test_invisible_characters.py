"""A character a reader cannot see never drops a rule: it is removed and reported, or refused,
with file and line (build_tools/importer/characters.py)."""

from __future__ import annotations

import pytest

from build_tools.errors import SourceError
from build_tools.importer import import_text
from build_tools.numbering import numbering_of

G15 = "15. Bulldozers\n15.2 CAPABILITES: A Mobile dozer may.\n15.22 vs CAVE: A dozer may.\n{}15.23 vs WIRE: A dozer may remove wire.\n"
CASE = "5. MOVEMENT\n5.1 General: Units move.\n{}5.2 Terrain\nTerrain costs.\n"


def imported(text, numbering="asl", chapter="G"):
    return import_text(text, path="rulesets/x/sources/x.txt", ruleset="x",
                       numbering=numbering_of(numbering, chapters="G"), chapter=chapter, format="text")


@pytest.mark.parametrize("invisible", ["\ufeff", "\u200b", "\u200c", "\u200d", "\u2060", "\u00ad"])
def test_an_invisible_character_before_a_rule_number_keeps_the_rule_and_is_reported(invisible):
    result = imported(G15.format(invisible))
    assert '{: #G15.23 .rr-rule data-rule="G15.23" }' in result.markdown
    assert f"rulesets/x/sources/x.txt:4: removed an invisible character (U+{ord(invisible):04X}) at column 1" \
        in result.report.warnings
    case = imported(CASE.format(invisible), "case", None)
    assert '{: #5.2 .rr-rule data-rule="5.2" }' in case.markdown


def test_an_invisible_character_inside_a_number_or_a_word_is_removed():
    result = imported("15. Bulldozers\n15.2 CAPA\u200bBILITES: See 15.2\u200b3.\n15.23 vs WIRE: text.\n")
    assert "15.2 CAPABILITES:" in result.markdown and "See 15.23." in result.markdown
    assert result.report.warnings == ["rulesets/x/sources/x.txt:2: removed an invisible character (U+200B) at column 10"]


def test_invisible_characters_are_reported_once_per_line_at_the_first_ones_column():
    # Soft hyphens from a PDF copy come several to a line, over thousands of lines: each line is reported once.
    result = imported("15. Bulldozers\n15.2 CAPA\u00adBILITES: A dozer\u00ad may.\n15.22 vs CAVE: A dozer may.\n"
                      "\u200b15.23 vs WIRE: re\u00admoves wire.\n")
    assert result.report.warnings == [
        "rulesets/x/sources/x.txt:2: removed an invisible character (U+00AD) at column 10",
        "rulesets/x/sources/x.txt:4: removed an invisible character (U+200B) at column 1"]


@pytest.mark.parametrize("character, kind", [("\x00", "a control character (U+0000)"), ("\x10", "a control character (U+0010)"),
                                             ("\x1b", "a control character (U+001B)"), ("\x7f", "a control character (U+007F)"),
                                             ("\u202e", "a bidirectional control (U+202E)"),
                                             ("\u2066", "a bidirectional control (U+2066)")])
def test_a_control_or_bidirectional_character_is_refused_with_line_and_column(character, kind):
    with pytest.raises(SourceError) as error:
        imported(G15.format(f"x{character}y\n"))
    assert (error.value.path, error.value.line) == ("rulesets/x/sources/x.txt", 4)
    assert error.value.reason.startswith(f"{kind} at column 2: remove it")


def test_a_form_feed_is_a_page_break_between_lines():
    result = imported(G15.format("").replace("\n15.23", "\f15.23"))
    assert '{: #G15.23 .rr-rule data-rule="G15.23" }' in result.markdown


def test_a_ligature_is_written_as_its_letters_and_reported():
    # A PDF copy keeps "ﬁ" as one character: search for "fire" and the reader's title test would miss it.
    result = imported("15. Bulldozers\n15.2 CAPABILITES: A dozer may \ufb01re, or \ufb02ee the \ufb00ect.\n"
                      "15.23 vs WIRE: text.\n")
    assert "A dozer may fire, or flee the ffect." in result.markdown
    assert result.report.warnings == [
        "rulesets/x/sources/x.txt:2: wrote a ligature (\ufb01, U+FB01) as its letters, 'fi' at column 31"]


def test_a_word_a_soft_hyphen_broke_at_a_lines_end_is_joined_on_the_first_line():
    result = imported("15. Bulldozers\n15.2 CAPABILITES: A dozer pays a move\u00ad\nment cost of two.\n"
                      "15.23 vs WIRE: A dozer re\u00ad\nmoves\u00ad\n15.24 vs MINES: text.\n")
    # Each line stays a line (reports keep their line numbers); "movement" is one word for search.
    assert "A dozer pays a movement\ncost of two." in result.markdown
    # Not joined: a part that is all its line (it would leave the line blank), nor a rule number.
    assert "A dozer re\nmoves" in result.markdown and '{: #G15.24 .rr-rule data-rule="G15.24" }' in result.markdown
    assert result.report.warnings == [
        "rulesets/x/sources/x.txt:2: joined a word a soft hyphen broke at the line's end with its end from the next "
        "line, 'ment' at column 38",
        "rulesets/x/sources/x.txt:4: removed an invisible character (U+00AD) at column 26",
        "rulesets/x/sources/x.txt:5: removed an invisible character (U+00AD) at column 6"]


def test_a_word_broken_after_a_printed_hyphen_is_joined_on_the_first_line_hyphen_kept():
    # A hard-wrapped copy read "counter- attack" and "Non- phasing" on the page: the line break became a space.
    result = imported("15. Bulldozers\n15.2 CAPABILITES: A dozer may counter-\nattack once. Non-\nphasing units "
                      "wait (15.1-\n15.3 apply), a 4-\n6-8 squad. A long-\nrange gun-\nfires.\n15.23 vs WIRE: text.\n")
    assert "A dozer may counter-attack\nonce. Non-phasing\nunits wait" in result.markdown
    # Not joined: a range or a rating (a digit before the hyphen), nor a part that is all its line.
    assert "(15.1-\n15.3 apply), a 4-\n6-8 squad. A long-range\ngun-\nfires." in result.markdown
    assert result.report.warnings == []  # only the line break moved: every character is as printed


def test_a_word_whose_end_is_all_its_next_line_holds_is_joined_on_that_line():
    # "zone of con-" over "trol." stayed "con- trol." on the page and in search (a helper's OCR'd book): moving the
    # end up would leave a blank line, which ends a paragraph, so the word's start moves down instead.
    result = imported("15. Bulldozers\n15.2 CAPABILITES: A unit in a zone of con-\ntrol.\n15.23 vs WIRE: a gun-\n"
                      "fires.\n")
    assert "A unit in a zone of\ncon-trol.\n" in result.markdown and "a\ngun-fires.\n" in result.markdown
    assert result.report.warnings == []
