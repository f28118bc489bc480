"""ASL texts (G15 Bulldozers, Chapter D Vehicles) -> rule pages: every rule a heading with its ID."""

from __future__ import annotations

import re

import yaml

from importer_pages import import_page, raw_text, render, structure


def expected_rules(text: str, chapter: str) -> list[tuple[str, int]]:
    """(rule ID, heading level) for every rule line of a raw text, read straight off the
    numbers: "15.261 ..." is G15.261 at h4 (one level per digit after the dot),
    "D.8A ..." is D.8A at h3 (the letter is one level more)."""
    lines = text.splitlines()
    top = re.match(r"([A-Z]?)(\d*)\. ", lines[0])
    rules = [(f"{chapter}{top.group(2)}", 1)]
    for line in lines[1:]:
        found = re.match(r"(?:[A-Z]\.|(\d+)\.)(\d+)([A-Z]?) ", line)
        if found:
            major, minor, letter = found.groups()
            rules.append((f"{chapter}{major or ''}.{minor}{letter}", 1 + len(minor) + bool(letter)))
    return rules


def rule_headings(page: str) -> list[tuple[str, int]]:
    return [(h["id"], h["level"]) for h in structure(render(import_page(page))).headings]


def heading(page: str, rule_id: str) -> dict:
    return next(h for h in structure(render(import_page(page))).headings if h["id"] == rule_id)


def test_every_g15_rule_is_a_heading_with_its_id_and_depth():
    assert rule_headings("g15-bulldozers") == expected_rules(raw_text("g15-bulldozers"), "G")
    assert len(rule_headings("g15-bulldozers")) == 15  # G15 and its 14 numbered rules, 15.1 to 15.27


def test_every_chapter_d_rule_is_a_heading_with_its_id_and_depth():
    assert rule_headings("chapter-d-vehicles") == expected_rules(raw_text("chapter-d-vehicles"), "D")
    assert len(rule_headings("chapter-d-vehicles")) == 13  # D, D.1-D.8, D.5A-B, D.8A-B


def test_rule_headings_carry_the_rule_class_and_data_rule():
    for page in ("g15-bulldozers", "chapter-d-vehicles"):
        for h in structure(render(import_page(page))).headings:
            assert h["classes"] == ["rr-rule"] and h["data-rule"] == h["id"]


def test_hand_checked_headings():
    # G15 is the page's h1; G15.1 TYPES opens the rule; G15.111 and G15.261 are third-level sub-rules.
    assert (heading("g15-bulldozers", "G15")["level"], heading("g15-bulldozers", "G15")["text"]) == (1, "15. Bulldozers")
    assert (heading("g15-bulldozers", "G15.1")["level"], heading("g15-bulldozers", "G15.1")["text"]) == (2, "15.1 TYPES:")
    assert (heading("g15-bulldozers", "G15.111")["level"], heading("g15-bulldozers", "G15.111")["text"]) == (4, "15.111 ATTACKS vs:")
    assert (heading("g15-bulldozers", "G15.261")["level"], heading("g15-bulldozers", "G15.261")["text"]) == (4, "15.261 vs SANGAR:")
    assert (heading("chapter-d-vehicles", "D")["level"], heading("chapter-d-vehicles", "D")["text"]) == (1, "D. VEHICLES")
    assert (heading("chapter-d-vehicles", "D.5B")["level"], heading("chapter-d-vehicles", "D.5B")["text"]) == (3, "D.5B CARDS:")
    assert (heading("chapter-d-vehicles", "D.8B")["level"], heading("chapter-d-vehicles", "D.8B")["text"]) == (3, "D.8B GENERAL:")


def test_rule_titles_include_lower_case_title_words():
    # "vs" (G15.21, G15.25), "/immobile" (D.7), "DR/dr" (D.5) and two-letter CA (D.4) are title words.
    assert heading("g15-bulldozers", "G15.21")["text"] == "15.21 vs PILLBOX/ENTRENCHMENT/TUNNEL:"
    assert heading("g15-bulldozers", "G15.25")["text"] == "15.25 vs SINGLE-STORYHOUSE:"
    assert heading("chapter-d-vehicles", "D.7")["text"] == "D.7 MOBILE/immobile:"
    assert heading("chapter-d-vehicles", "D.5")["text"] == "D.5 SECRET DR/dr:"
    assert heading("chapter-d-vehicles", "D.4")["text"] == "D.4 CA:"
    assert heading("chapter-d-vehicles", "D.6")["text"] == "D.6 VEHICULAR-TARGET HITS vs PRC:"


def test_g15_2_second_paragraph_stays_under_g15_2():
    # G15.2's second paragraph ("A dozer engaged in Clearance ...") has no number of its own.
    html = render(import_page("g15-bulldozers"))
    assert html.index('id="G15.2"') < html.index("<p>A dozer engaged in Clearance") < html.index('id="G15.21"')


def test_rule_body_follows_its_title_verbatim():
    html = render(import_page("g15-bulldozers"))
    assert "<p>A Mobile dozer may: Clear Flames, roadblocks and rubble" in html  # G15.2: only the first ": " splits
    assert "15.2 CAPABILITES:" in html  # typo kept


def test_exc_and_errata_brackets_stay_as_written():
    page = import_page("g15-bulldozers")
    assert "[EXC: one that also uses MOL]" in page  # G15.111, for the EXC extension to find
    assert '[ERRATA: "+2 for HH" in U.S. Vehicle Note 18 is NA vs mortar fire.]' in page  # G15.13
    assert "[EXC: one that also uses MOL]" in render(page)


def test_less_than_stays_text():
    # G15.11 "the < 2PP he possesses": the "<" is text, not the start of a tag.
    assert "the &lt; 2PP he possesses" in render(import_page("g15-bulldozers"))


def test_front_matter_names_ruleset_chapter_source_and_title():
    def front(page):
        return yaml.safe_load(re.match(r"---\n(.*?)\n---\n", import_page(page), re.S).group(1))

    assert front("g15-bulldozers") == {"ruleset": "asl", "chapter": "G", "title": "G15 Bulldozers",
                                       "source": "rulesets/asl/sources/g15-bulldozers.txt"}
    assert front("chapter-d-vehicles") == {"ruleset": "asl", "chapter": "D", "title": "Chapter D: Vehicles",
                                           "source": "rulesets/asl/sources/chapter-d-vehicles.txt"}


def test_chapter_d_example_is_an_example_block_with_both_paragraphs():
    html = render(import_page("chapter-d-vehicles"))
    block = html[html.index('<div class="admonition example">'):]
    block = block[: block.index("</div>")]
    assert '<p class="admonition-title">EX:</p>' in block
    assert "<p>During their MPh, the German SPW 251/1" in block
    assert "<p>The halftrack and squad continue moving in X1" in block


def collateral_attack_table():
    page = structure(render(import_page("chapter-d-vehicles")))
    (table,) = page.tables
    return table, page.terms


def test_collateral_attack_table_has_header_and_seven_rows_of_three_columns():
    table, _ = collateral_attack_table()
    title, header, *body = table
    assert [(c["tag"], c["colspan"], c["text"]) for c in title] == [("th", 3, "COLLATERAL ATTACK TABLE1")]
    assert [c["text"] for c in header] == ["Weapon/Target:", "AFV", "Unarmored Vehicle"]
    assert [[c["text"] for c in row] for row in body] == [
        ["MG/IFE/Small Arms2", "G3", "G"],
        ["FT", "S", "G"],
        ["DC6", "S7", "G"],
        ["MOL8", "S/G", "G"],
        ["A-P Mines9/A-T Mines10", "S", "S"],
        ["OBA/Area Target Type/Canister", "G", "G"],
        ["Ordnance4", "S", "S5"],
    ]
    assert all(c["tag"] == "td" for row in body for c in row)


def test_collateral_attack_footnotes_1_to_10_are_linked_from_their_markers():
    table, terms = collateral_attack_table()
    links = {}
    for row in table:
        for cell in row:
            for href in cell["links"]:
                links.setdefault(href, []).append(cell["text"])
    assert links == {
        "#D-cat-fn-1": ["COLLATERAL ATTACK TABLE1"],  # the title's "¹"
        "#D-cat-fn-2": ["MG/IFE/Small Arms2"],
        "#D-cat-fn-3": ["G3"],
        "#D-cat-fn-4": ["Ordnance4"],
        "#D-cat-fn-5": ["S5"],
        "#D-cat-fn-6": ["DC6"],
        "#D-cat-fn-7": ["S7"],
        "#D-cat-fn-8": ["MOL8"],
        "#D-cat-fn-9": ["A-P Mines9/A-T Mines10"],
        "#D-cat-fn-10": ["A-P Mines9/A-T Mines10"],
    }
    footnotes = [t for t in terms if t["list"] == "rr-footnotes"]
    assert [(t["id"], t["text"]) for t in footnotes] == [(f"D-cat-fn-{n}", str(n)) for n in range(1, 11)]
    assert footnotes[1]["definition"] == "Includes ATR when used as Small Arms (C13.24)."


def test_rule_numbers_in_footnotes_are_not_footnote_markers():
    # Footnote 3 cites "A9.6-.611", footnote 6 "C7.346" and "≤ 9": none of them is a marker.
    _, terms = collateral_attack_table()
    assert all(not t["definition_links"] for t in terms)
    assert "(A7.3,A9.6-.611)" in terms[4]["definition"]


def test_collateral_attack_legend_is_a_two_column_list():
    _, terms = collateral_attack_table()
    legend = [(t["text"], t["definition"]) for t in terms if t["list"] == "rr-legend"]
    assert legend == [("S", "Specific Collateral Attack applies vs Vulnerable PRC of that vehicle."),
                      ("G", "General Collateral Attack applies vs all PRC in that Location.")]
