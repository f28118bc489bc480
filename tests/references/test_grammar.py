"""The reference grammar of numbering asl (build_tools/references/chapter_dotted.py),
case by case from the three rule texts in rulesets/*/sources/."""

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from build_tools.numbering import numbering_of
from build_tools.references.chapter_dotted import ChapterDotted

SOURCES = Path(__file__).resolve().parents[2] / "rulesets"
ASL = "ABCDEFGH"


def find_references(text, *, chapter, chapters):
    return ChapterDotted(chapters).find(text, chapter)


def cited_rule_ids(text, *, chapter, chapters):
    return ChapterDotted(chapters).cited(text, chapter)


def replace_references(text, replacement, *, chapter, chapters):
    return ChapterDotted(chapters).replace(text, replacement, chapter)


def cited(text, chapter):
    return [reference.rule_ids for reference in find_references(text, chapter=chapter, chapters=ASL)]


@pytest.mark.parametrize("text, chapter, expected", [
    # G15.11: a bracketed absolute reference to another chapter
    ('specified as "soft, mud, or snow-covered" [D8.21] does not apply', "G", [("D8.21",)]),
    # G15.13: a range written as the tail after the dot
    ("one > its otherwise-applicable (i.e., as per A26.2-.3) value.", "G", [("A26.2", "A26.3")]),
    # the same range written in full
    ("as per A26.2-A26.3", "G", [("A26.2", "A26.3")]),
    # G15.2: a list of chapter-relative references means chapter G
    ("creating a TB as it does so (2.21; 3.1);", "G", [("G2.21",), ("G3.1",)]),
    # G15.2: a relative range with a tail
    ("to a non-Covered hexside (9.73-.731);", "G", [("G9.73", "G9.731")]),
    ("to a non-Covered hexside (9.73-9.731);", "G", [("G9.73", "G9.731")]),
    # G15.2: an absolute reference after a DRM in the same parentheses
    ("Clear Flames, roadblocks and rubble (with a -5 DRM; B24.7)", "G", [("B24.7",)]),
    # G15.2: "(9.5)" is a reference, unlike the quoted weight "9.5" of G15.11
    ("change position from beneath a Panji counter to above it or vice-versa (9.5);", "G", [("G9.5",)]),
    # G15.21: chapter-level rule number B.9, and a reference after "as per"
    ("and/or Artificial Terrain (B.9); and", "G", [("B.9",)]),
    ("they must exit the tunnel as per B8.61].", "G", [("B8.61",)]),
    # G15.111 / G15.261 / G15.12: "see also", sentence start, "as per"
    ("[EXC: ...(and thus becomes a wreck; D8.1)]. See also 15.27.", "G", [("D8.1",), ("G15.27",)]),
    ("as per F8.41 as if it were an AFV. 15.26 still applies.", "G", [("F8.41",), ("G15.26",)]),
    ("Otherwise it is treated as per 15.11.", "G", [("G15.11",)]),
    ("the dozer must also be in Crest status (F5.42) when it declares", "G", [("F5.42",)]),
    # D.2, D.3, D.5A: chapter-relative references in chapter D
    ("governed by different rules of movement (12.1).", "D", [("D12.1",)]),
    ("(although Passengers/Riders that have not yet fired may unload in the MPh; 6.5).", "D", [("D6.5",)]),
    ("If both a DR and a dr are required (as per 8.23), use two white dice", "D", [("D8.23",)]),
    # D.8A: ".8" is D.8, the chapter's own numbering
    ("subject to a full strength Specific Collateral Attack as per .8 above.", "D", [("D.8",)]),
    # D.6: relative reference inside an EXC bracket, and D.8 written absolutely
    ("by ordnance [EXC: motorcyclists; 15.5], but", "D", [("D15.5",)]),
    ("affected Collaterally by such attacks (D.8).", "D", [("D.8",)]),
    ("(D.8A) and (D.8B)", "D", [("D.8A",), ("D.8B",)]),
    # Collateral Attack Table footnotes 3, 6, 8
    ("since the AFV is unaffected (A7.3,A9.6-.611).", "D", [("A7.3",), ("A9.6", "A9.611")]),
    ("If a Final Position DR (C7.346) was ≤ 9, a new DR is made", "D", [("C7.346",)]),
    ("If the MOL Check dr (A22.611) is successful", "D", [("A22.611",)]),
    ("on the MOL column of the C7.34 HE & Flame To Kill Table", "D", [("C7.34",)]),
    # D.8: a bracketed EXC with several references and a "See"
    ("(D5.6). If the crew/Passenger(s) are/become shocked (C7.42) or stunned (D5.34), "
     "a Collateral Attack applies only to the vehicle's Riders (D6.23). See D6.84 for crews",
     "D", [("D5.6",), ("C7.42",), ("D5.34",), ("D6.23",), ("D6.84",)]),
    # without a chapter, absolute references are still found
    ("(D8.21) and (12.1)", None, [("D8.21",)]),
])
def test_references_in_rule_text(text, chapter, expected):
    assert cited(text, chapter) == expected


@pytest.mark.parametrize("text", [
    'Its weight is "9.5".',                          # G15.11: a quoted value
    'an OT AFV with a weight of "10"',               # G15.12
    "two Jacks (11's), and one Queen (12).",         # D.5B: card counts
    "MG/IFE/Small Arms2\tG3\tG",                     # table row: footnote digits glued to cells
    "DC6\tS7\tG",
    "Armor Assault into X1.",                        # EX: hexes
    "the halftrack changes VCA to Y1-Y2",            # EX: a hexside
    "The American 7-4-7 attempts To Hit",            # EX: squad ratings
    "the German SPW 251/1 and 4-6-8 squad",          # EX: vehicle designation
    "see U.S. Vehicle Note 18 and British Vehicle Note 23",  # G15.13
    "(Base 4 + 1 Case D - 1 AF)",                    # EX
    "(Modified TH# 10 - 4 [+1 Wreck Hindrance, +2 Moving Target]",  # EX
    "If a Final Position DR was ≤ 9, a new DR",      # footnote 6
    "one SMC (and the < 2PP he possesses) as a Rider",  # G15.11
    "rubble (with a -5 DRM)",                        # G15.2
    'as signified by "+2 for HH" on the counter',   # G15.11
    "it may not use the ½-MP road rate",             # G15.11
    "using both the Small Arms FP and the MOL's 4 FP",  # footnote 8
    "all hull AF > 0",                               # footnote 9
    "15. Bulldozers",                                # a chapter title's number has no digits after the dot
    "MOL8 attacks, ver2.5b, x1.5",                   # numbers inside words
    'a 0.5 chance, a 1.5" move, 2.5% more, +1.5 DRM, -1.5, release 1.2.3',  # quantities
    "Grain costs 1.5 MP to enter; a crest costs 1.1 MF more",  # quantity words (a helper's book)
    "a level 2.5 or more, and 2.5 times the ML",     # a comparison, a quantity word
    # amounts and other numberings' numbers, as in case numbering (a helper's typed book, chapter B)
    "It adds 1.5 to the roll; see Table 1.2 and Figure 1.3.", "p. 1.1, Module 1.3, Version 1.1, rated 1.2",
    "on page 1.3 of the chart 1.2 for Release 1.1", "reduced to 1.5, at least 2.5",
])
def test_numbers_that_are_not_rule_references(text):
    assert cited(text, "G") == []


def test_a_rules_title_after_its_number_is_no_quantity():
    # "Morale", "Shifts", "Victory" start rules' titles: "(see A10.3 Morale Check)" cited nothing after a change that
    # made them quantity words (a review). In lower case they are still amounts: "loses 1.5 morale".
    assert cited("(see A10.3 Morale Check), per A10.2 Morale, see D3.7 Shifts and A26.2 Victory Conditions", "G") == [
        ("A10.3",), ("A10.2",), ("D3.7",), ("A26.2",)]
    assert cited("A unit loses 1.5 morale and 2.5 shifts", "G") == []


def test_range_parts_cover_their_own_text():
    # G15.13 "A26.2-.3": two elements, the second covers only ".3"
    text = "as per A26.2-.3) value"
    (reference,) = find_references(text, chapter="G", chapters=ASL)
    assert [(text[p.start:p.end], p.rule_id) for p in reference.parts] == [("A26.2", "A26.2"), (".3", "A26.3")]
    assert text[reference.start:reference.end] == "A26.2-.3"


def test_relative_numbers_need_a_chapter_and_absolute_ones_need_a_known_letter():
    assert cited("(12.1)", None) == []
    assert find_references("(J12.1) (G12.1)", chapter=None, chapters="G")[0].rule_ids == ("G12.1",)
    assert len(find_references("(J12.1) (G12.1)", chapter=None, chapters="G")) == 1


G15_REFERENCES = [  # every reference in the text of G15, rule by rule (rule numbers themselves are headings)
    ("15.11", ["D8.21", "G15.13"]),
    ("15.111", ["D8.1", "G15.27"]),
    ("15.12", ["G15.11"]),
    ("15.13", ["A26.2", "A26.3"]),
    ("15.2", ["B24.7", "B24.8", "B9.541", "G2.21", "G3.1", "G2.211", "G3.1", "G5.4", "G8.8", "G9.42",
              "G9.5", "G9.6", "G9.73", "G9.731", "G13.624"]),
    ("", ["G15.26"]),  # the second paragraph of 15.2
    ("15.21", ["B24.7", "B8.61", "B.9", "B8.61"]),
    ("15.22", ["G15.21", "G11.113", "G11.6", "F5.42", "G11.76"]),
    ("15.23", ["B26.53"]),
    ("15.24", ["B13.421", "B28.61"]),
    ("15.25", ["B23.21"]),
    ("15.261", ["F8.41", "G15.26"]),
    ("15.27", ["A21.21"]),
]


def test_every_reference_in_g15():
    lines = (SOURCES / "asl/sources/g15-bulldozers.txt").read_text(encoding="utf-8").splitlines()
    found = []
    for line in lines[1:]:  # line 1 is the title "15. Bulldozers"
        number = re.match(r"(\d+\.\d+) ", line)
        body = line[number.end():] if number else line
        ids = [rule_id for reference in find_references(body, chapter="G", chapters=ASL)
               for rule_id in reference.rule_ids]
        if ids:
            found.append((number.group(1) if number else "", ids))
    assert found == G15_REFERENCES


def test_battlefront_text_has_no_references():
    # Battlefront: WWII has no rule numbers (ruleset.yml: references: none)
    text = (SOURCES / "battlefront/sources/engineering-rules.txt").read_text(encoding="utf-8")
    assert re.search(r"\d", text)  # it does have numbers: d10 rolls, inches, modifiers
    assert find_references(text, chapter=None, chapters=()) == []


_ALPHABET = "0123456789.-–;,()[]\"'+<≤ ABDGXabcz½#/%\n\x02\x03"


@given(st.text(alphabet=_ALPHABET, max_size=80), st.sampled_from([None, "G", "D"]))
def test_find_references_never_raises_and_spans_lie_within_the_text(text, chapter):
    for reference in find_references(text, chapter=chapter, chapters=ASL):
        assert 0 <= reference.start < reference.end <= len(text)
        for part in reference.parts:
            assert reference.start <= part.start < part.end <= reference.end
            assert text[part.start:part.end] == part.text
            assert re.fullmatch(r"[A-H]\d*\.\d+[A-Z]?", part.rule_id)


@given(st.text(alphabet=_ALPHABET, max_size=80), st.sampled_from([None, "G", "D"]))
def test_replacing_references_replaces_exactly_what_find_references_finds(text, chapter):
    expected, cursor = [], 0
    for reference in find_references(text, chapter=chapter, chapters=ASL):
        for part in reference.parts:
            expected += [text[cursor:part.start], f"<{part.rule_id}|{part.text}>"]
            cursor = part.end
    expected.append(text[cursor:])
    assert replace_references(text, lambda rule_id, printed: f"<{rule_id}|{printed}>",
                              chapter=chapter, chapters=ASL) == "".join(expected)


@given(st.text(alphabet=_ALPHABET, max_size=80), st.sampled_from([None, "G", "D"]))
def test_cited_rule_ids_are_the_ids_find_references_finds(text, chapter):
    assert cited_rule_ids(text, chapter=chapter, chapters=ASL) == [
        rule_id for reference in find_references(text, chapter=chapter, chapters=ASL) for rule_id in reference.rule_ids]


def test_replacing_references_keeps_a_range_dash_and_the_text_around():
    assert replace_references("as per A26.2-.3 and (2.21; 3.1).", lambda rule_id, printed: f"[{rule_id}]",
                              chapter="G", chapters=ASL) == "as per [A26.2]-[A26.3] and ([G2.21]; [G3.1])."


def test_a_ruleset_without_chapter_letters_still_has_relative_references():
    (reference,) = find_references("see 1.2-.3 or G1.2", chapter="X", chapters=())
    assert reference.rule_ids == ("X1.2", "X1.3")
    assert find_references("see 1.2-.3 or G1.2", chapter=None, chapters=()) == []


def test_a_rulesets_own_quantity_words_are_quantities_in_asl_numbering_too():
    # quantity_words in ruleset.yml did nothing for numbering: asl (a helper's book): "1.5 CF" linked to A1.5.
    assert numbering_of("asl", chapters="A").grammar.cited("takes 1.5 CF to cross", "A") == ["A1.5"]
    assert numbering_of("asl", chapters="A", quantity_words=["CF"]).grammar.cited("takes 1.5 CF to cross", "A") == []


@pytest.mark.parametrize("numbering, chapters, text, expected", [
    ("case", (), "Trains stack alone (SR 7.12, 7.14 and 7.16); see 7.13.", ["7.13"]),  # a list after the name
    ("case", (), "doubled (Basic Game 7.12) and 7.13 applies", ["7.13"]),  # the list ends at its bracket
    ("case", (), "see series  rules section 14, not rule 14", ["14"]),  # any case and spacing; a cue after the name
    ("decimal", (), "as in SRS 7.1.2 and TSR 7.1.3", ["7.1.2", "7.1.3"]),  # names are whole words
    ("asl", "AG", "see SASL A12.3 and G15.1, but A26.2", ["A26.2"]),
    # the name in the singular, possessive, or before a bracket (a helper's book)
    ("case", (), "see Series Rule 7.12, the Series Rules' 7.14, Basic Game (7.16); see 7.13.", ["7.13"]),
])
def test_a_number_after_another_books_name_cites_nothing(numbering, chapters, text, expected):
    # "(see Series Rules 7.12)" cited this book's 7.12 (a helper's book): ruleset.yml names the other books.
    books = ["Series Rules", "SR", "Basic Game", "SASL"]
    grammar = numbering_of(numbering, chapters=chapters, other_books=books).grammar
    assert grammar.cited(text, "G") == expected
    assert [part for reference in grammar.find(text, "G") for part in reference.rule_ids] == expected
    linked = grammar.replace(text, lambda rule_id, printed: f"<{printed}>", "G")
    assert re.findall(r"<([^>]+)>", linked) == expected
