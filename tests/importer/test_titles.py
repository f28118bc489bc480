"""Where a rule's title ends and its text begins (build_tools/importer/titles.py)."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from build_tools.errors import SourceError
from build_tools.importer.titles import colon_title, run_in_title, whole_line_title
from build_tools.numbering import numbering_of
from build_tools.rule_index import rules_in_markdown
from small_books import import_book, rule_headings

RULESET = SimpleNamespace(id="rl", numbering=numbering_of("case"), grammar=numbering_of("case").grammar)


def imported(source: str, fmt: str = "text"):
    return import_book(source, path="rulesets/rl/sources/rl.txt", fmt=fmt)


@pytest.mark.parametrize("rest, title, body", [
    ("vs PILLBOX/ENTRENCHMENT/TUNNEL: A Mobile dozer", "vs PILLBOX/ENTRENCHMENT/TUNNEL:", "A Mobile dozer"),  # G15.21
    ("MOBILE/immobile: A Mobile vehicle", "MOBILE/immobile:", "A Mobile vehicle"),  # D.7
    ("Zones of Control: units that enter", "Zones of Control:", "units that enter"),
    ("Fresh units: A unit that did not move", "Fresh units:", "A unit that did not move"),
    ("Exception: a unit out of supply", None, "Exception: a unit out of supply"),  # a sentence goes on
    ("A unit may: move, or fire.", None, "A unit may: move, or fire."),
    ("The attacker, if able: Retreats", None, "The attacker, if able: Retreats"),
    # a title in sentence case before a sentence in lower case (a helper's books)
    ("Attacker advance: after a DR result, one unit", "Attacker advance:", "after a DR result, one unit"),
    ("Partita breve: giocate solo 3 turni", "Partita breve:", "giocate solo 3 turni"),
    ("The attacker chooses: either one", None, "The attacker chooses: either one"),
    ("Units may: move or fire", None, "Units may: move or fire"),
    ("For example: a unit with 3 MP", None, "For example: a unit with 3 MP"),  # a sentence's opening (a review)
    ("Each player: draws five cards", None, "Each player: draws five cards"),
    ("Simply put: units move", None, "Simply put: units move"), ("In this case: roll", None, "In this case: roll"),
    ("Supply lines: a unit traces", "Supply lines:", "a unit traces"), ("Rally phase: each player", "Rally phase:",
                                                                        "each player"),
    ("Early withdrawal: a player", "Early withdrawal:", "a player"), ("No retreat: units", "No retreat:", "units"),
    ("Only then: the defender rolls", None, "Only then: the defender rolls"),  # sentence openings (a review)
    ("Strictly speaking: units", None, "Strictly speaking: units"), ("No matter what: the attacker", None,
                                                                     "No matter what: the attacker"),
    ("Move then fire: a unit that moves", "Move then fire:", "a unit that moves"),  # titles again (a review)
    ("Historically accurate setup: each", "Historically accurate setup:", "each"),
    ("Until then: units may not move", None, "Until then: units may not move"), ("Even so: the attacker", None,
                                                                                 "Even so: the attacker"),
    ("Even odds: the attacker", "Even odds:", "the attacker"),
    # openings of two words (stop 44's list of misreads), and a title of two words still one
    ("Put simply: a unit moves", None, "Put simply: a unit moves"),
    ("Above all: a leader", None, "Above all: a leader"),
    ("Combat results: the attacker", "Combat results:", "the attacker"),
    ("Put simply: A unit moves one hex.", None, "Put simply: A unit moves one hex."),
    ("For example: A unit with 3 MP", None, "For example: A unit with 3 MP"),
    # a title opening on a preposition before a capitalised body (a review: lost with the line above)
    ("In supply: A unit is in supply", "In supply:", "A unit is in supply"), ("At night: No unit", "At night:",
                                                                              "No unit"),
    ("With a leader: A stack", "With a leader:", "A stack"), ("Both sides: Each player", "Both sides:", "Each player"),
    # sentence openings before a capitalised body (a review)
    *[(f"{opening}: Each turn", None, f"{opening}: Each turn") for opening in (
        "In addition", "In general", "As a result", "In this case", "Of course", "In fact", "Simply put",
        "Strictly speaking", "Most importantly", "Needless to say", "Even so", "That said", "This means",
        "In conclusion", "To sum up", "For this reason", "As noted", "Thus", "Finally", "Also", "If so", "If not",
        "Even then", "Also note", "Not so", "Hence", "Moreover", "Furthermore", "Indeed")],
    # conditions and things in sentence case before a capitalised body are titles (a review)
    *[(f"{title}: A unit", f"{title}:", "A unit") for title in (
        "Once per turn", "When attacking", "If surrounded", "While moving", "Each hex", "This rule")],
    # titles whose second word ends a sentence's opening elsewhere (a review)
    ("Move again: a unit that", "Move again:", "a unit that"),
    ("Reveal all: each player", "Reveal all:", "each player"),
])
def test_a_title_before_a_colon(rest, title, body):
    assert colon_title(rest) == (title, body)


@pytest.mark.parametrize("rest", ["Zones of Control", "COMBAT", "(Optional) Night Movement", '"Overrun" Attacks',
                                  "Stacking (see 6.1)", "4.0 Rules in Brief",
                                  # lost to the text before (helpers' books in English, German and French)
                                  "Retreat after Combat", "Movement along Roads", "Combat between Stacks",
                                  "Kampf im Wald", "Rückzug über Flüsse", "Zones de Contrôle", "Tir d'Artillerie",
                                  # (helpers' Dutch, Italian and Polish books)
                                  "Vloot van Boisot", "Slag om de Dijk", "Ponte sul Fiume", "Bitwa pod Grunwaldem",
                                  "Ataque sin Apoyo", "Ataque contra Fortificaciones"])
def test_a_line_that_reads_as_a_title_is_one(rest):
    assert whole_line_title(rest, text_follows=False)


@pytest.mark.parametrize("rest", ["Units may not stack", "Night turns.", "lower case start", "Roll a die; add 1",
                                  "Roll the die", "Units met",  # English words, whatever other languages say
                                  "Park the van", "If we", "Load the pod",  # (a review)
                                  "A unit that enters an enemy zone of control stops at once and moves no more"])
def test_a_sentence_is_not_a_title(rest):
    assert not whole_line_title(rest, text_follows=False)


def test_a_sentence_case_title_is_a_title_when_the_rule_text_follows():
    assert whole_line_title("Units in towns", text_follows=True)
    assert not whole_line_title("Units in towns.", text_follows=True)
    assert not whole_line_title("Units in towns (5.2).[^1]", text_follows=True)  # a footnote marker after the period
    assert not whole_line_title("Units in towns.¹", text_follows=True)


def test_a_title_with_its_period_alone_on_its_line_over_the_rules_text_is_a_title():
    # "1.3 Depots." and "[1.1] Supply Depots." over their text lost their titles (a helper's book); a sentence in
    # sentence case stays one, and so does any line when no text follows
    def title(line, text_follows=True):
        return whole_line_title(line, text_follows=text_follows, with_period=True)

    assert title("Depots.") and title("Supply Depots.") and title("SUPPLY DEPOTS.")
    assert not title("Supply Depots.", text_follows=False) and not whole_line_title("Depots.", text_follows=True)
    assert not title("Roll again.") and not title("U.S.") and not title("Depots...") and not title("Depots!")
    assert not title("See 4.1.") and title("Turn 1 Surprise.")
    assert title("Army Group A.") and title("Annex E.") and title("Phase I.") and not title("No.")  # as run-in titles


@pytest.mark.parametrize("rest, title, body", [
    ("Sailing. A boat spends Movement Points", "Sailing.", "A boat spends Movement Points"),
    ("Landing Parties. A crew may land", "Landing Parties.", "A crew may land"),
    ("NIGHT MOVES. Ships move two hexes", "NIGHT MOVES.", "Ships move two hexes"),
    ("(Optional) Fog. 3 turns of fog", "(Optional) Fog.", "3 turns of fog"),
    ("Zones of Control: units that enter", "Zones of Control:", "units that enter"),  # a colon comes first
    ("St. Vith is not in the game", None, "St. Vith is not in the game"),  # an abbreviation
    # A leader's rank: "6.1 Gen." was the rule's title (a helper's book).
    ("Gen. Vance adds two to any attack", None, "Gen. Vance adds two to any attack"),
    ("Capt. Orme may rally one unit", None, "Capt. Orme may rally one unit"),
    ("Ft. Pell holds two supply points", None, "Ft. Pell holds two supply points"),
    ("See 4. Units may", None, "See 4. Units may"),  # a number: a sentence
    ("Units may not sail. Each boat", None, "Units may not sail. Each boat"),  # sentence case
    ("Sailing. a boat spends", None, "Sailing. a boat spends"),  # no new sentence after it
    ("A Unit That Moves Into a Hex With an Enemy. It stops", None,
     "A Unit That Moves Into a Hex With an Enemy. It stops"),  # too long for a run-in title
    # a title with a comma, or an exclamation mark, stayed in the rule's text (a helper's book)
    ("Tanks, Guns and Trucks. Each vehicle moves", "Tanks, Guns and Trucks.", "Each vehicle moves"),
    ("No Retreat! Units hold", "No Retreat!", "Units hold"),
    ("Who Goes First? The Red player moves", "Who Goes First?", "The Red player moves"),  # a question (a helper's book)
    ("May units stack? Yes, two", None, "May units stack? Yes, two"),  # a question in sentence case: text
    ("Yes, units may move. Then", None, "Yes, units may move. Then"), ("Hill 203, Russians hold. The", None,
                                                                       "Hill 203, Russians hold. The"),
    ("Movement Costs — Each hex costs one MP", "Movement Costs —", "Each hex costs one MP"),
    ("ROADS - A road halves costs", "ROADS -", "A road halves costs"),
    ("Units in the same hex - all of them - move", None, "Units in the same hex - all of them - move"),
    ("Rivers – a river stops", None, "Rivers – a river stops"),  # no new sentence after the dash
    ("4-4-6 Units – They move", None, "4-4-6 Units – They move"),  # a rating, not a title
    ("COMBAT - GENERAL", None, "COMBAT - GENERAL"),  # a subtitle: more title after the dash, not a sentence
    ("Zones of Control - Advanced", None, "Zones of Control - Advanced"),
    ("COMBAT - General rules", None, "COMBAT - General rules"),
    # a number inside a title, and a title in capitals run into its text, were the rule's text (a helper's book)
    ("2-Player Rules. With two players", "2-Player Rules.", "With two players"),
    ("Turn 1 Surprise. On the first turn", "Turn 1 Surprise.", "On the first turn"),
    ("Roll 2d6. Add the modifiers", None, "Roll 2d6. Add the modifiers"),
    ("Add 1. Then roll", None, "Add 1. Then roll"),
    ("MOVEMENT POINTS Each unit has a number", "MOVEMENT POINTS", "Each unit has a number"),
    ("SUPPLY Units trace a line", "SUPPLY", "Units trace a line"),
    ("ZOC Units may not move", None, "ZOC Units may not move"), ("US Forces move first", None, "US Forces move first"),
    ("NATO HQ Units stack", None, "NATO HQ Units stack"), ("COMBAT Results Table", None, "COMBAT Results Table"),
    ("ZONES OF CONTROL Each unit", "ZONES OF CONTROL", "Each unit"), ("LINE OF SIGHT A unit sees", "LINE OF SIGHT",
                                                                      "A unit sees"),
    ("SUPPLY & ATTRITION Each turn", "SUPPLY & ATTRITION", "Each turn"),
    # an abbreviation's or initials' period inside a title (a helper's book)
    ("U.S. Forces. Units of the U.S. Army move first", "U.S. Forces.", "Units of the U.S. Army move first"),
    ("A.P. Hill's Corps. It moves first", "A.P. Hill's Corps.", "It moves first"),
    ("Tanks vs. Infantry. Tanks win", "Tanks vs. Infantry.", "Tanks win"),
    ("St. Vith Defense. The town holds", "St. Vith Defense.", "The town holds"),
    ("U.S. units move first. Then", None, "U.S. units move first. Then"),
    ("Plan A. Each side picks", "Plan A.", "Each side picks"), ("Phase I. The attacker", "Phase I.", "The attacker"),
    ("A. P. Hill Arrives. The division", "A. P. Hill Arrives.", "The division"),  # initials spaced (a review)
    ("Robert E. Lee. The army leader", "Robert E. Lee.", "The army leader"),
    ("Lee's Army of N. Virginia. It", "Lee's Army of N. Virginia.", "It"),
    ("U.S. Marines land first. Then the", None, "U.S. Marines land first. Then the"),  # initials, no title (a review)
    ("The U.S. Army moves next; it may", None, "The U.S. Army moves next; it may"),
    ("N.B. Units may move first. Then", None, "N.B. Units may move first. Then"),
    ("Aid to the U.S.S.R. Each turn the", "Aid to the U.S.S.R.", "Each turn the"),  # (a review)
    ("Defending Washington, D.C. The Union", "Defending Washington, D.C.", "The Union"),
    # a middle initial is no title's end (stop 44's list of misreads); a series' lone capital is (A, B, …; I, V, X)
    ("Robert E. Lee commands all units. He may", None, "Robert E. Lee commands all units. He may"),
    ("J. E. B. Stuart rides. He moves", None, "J. E. B. Stuart rides. He moves"),
    ("Annex B. Units of the", "Annex B.", "Units of the"), ("Part V. The attacker", "Part V.", "The attacker"),
    # any letter after a word naming a series' member (a review: "Annex E." and "Force H." were lost)
    ("Annex E. Units of the reserve", "Annex E.", "Units of the reserve"),
    ("Force H. It sails", "Force H.", "It sails"),
    ("Army Group G. It holds", "Army Group G.", "It holds"), ("Plan Z. The fleet", "Plan Z.", "The fleet"),
    ("Mark H. Walker designed these rules. Each", None, "Mark H. Walker designed these rules. Each"),  # a name
    ("Target H. The bomber strikes.", "Target H.", "The bomber strikes."), ("Beach J. Units land.", "Beach J.",
                                                                            "Units land."),    # a step's label and its name are one title (a helper's deep-decimal book: "2.2.1 Step 1: Movement. The moving
    # player …" was titled "Step 1:"); the label alone before a sentence is the title still
    ("Step 1: Movement. The moving player moves.", "Step 1: Movement.", "The moving player moves."),
    ("Phase B: Combat Results. Apply them.", "Phase B: Combat Results.", "Apply them."),
    ("Step 3: Recovery", "Step 3: Recovery", ""),
    ("Step 2: Roll a die for each unit.", "Step 2:", "Roll a die for each unit."),
    # a label a rule's sentence opens with is no title (a helper's OCR'd book: "6.23 Exception: Units in …")
    ("Exception: A unit may stay.", None, "Exception: A unit may stay."),
    ("Exceptions: Towns and forts.", None, "Exceptions: Towns and forts."),
    ("EXCEPTION: Units stay.", None, "EXCEPTION: Units stay."), ("SUPPLY: Units need it.", "SUPPLY:", "Units need it."),
])
def test_a_run_in_title_before_a_colon_a_period_or_a_dash(rest, title, body):
    assert run_in_title(rest) == (title, body)


def test_a_section_number_with_a_run_in_title_fails_loudly_and_says_how_to_print_it():
    # "5. Movement. Units move …" reads like "1. Movement Phase. The phasing player moves." in a
    # sequence of play: a section needs its title alone on its line or before a colon.
    with pytest.raises(SourceError) as error:
        imported("5. Movement. Units move hex by hex (see 5.1).\n\n5.1 Costs. A hex costs one MP.\n")
    assert error.value.line == 3
    assert ("line 1 ('5. Movement. Units move hex by hex (see…') looks like it but was not read as a rule: read as a "
            "numbered list item: a section 5. would need a title after it (alone on its line, or before a colon)"
            in error.value.reason)


@pytest.mark.parametrize("fmt, source", [
    ("text", "SECTION 5 – MOVEMENT\nUnits move, as said in\nSection 6. The attacker waits.\n\n5.1 Costs. One MP.\n\n"
             "Chapter 6: Combat\nRule 5 applies here.\n\n6.1 Odds. Compare.\n"),
    ("markdown", "## SECTION 5 – MOVEMENT\n\nUnits move, as said in\nSection 6. The attacker waits.\n\n"
                 "**5.1** Costs. One MP.\n\n## Chapter 6: Combat\n\nRule 5 applies here.\n\n**6.1** Odds. Compare.\n"),
])
def test_a_section_numbered_with_a_word_before_it_keeps_the_word(fmt, source):
    page = imported(source, fmt).markdown
    assert [line.split(" {")[0].lstrip("#") for line in page.splitlines() if line.startswith("#")] == [
        " SECTION 5 – MOVEMENT", " 5.1 Costs.", " Chapter 6: Combat", " 6.1 Odds."]
    assert "Section 6. The attacker waits." in page and "Rule 5 applies here." in page  # sentences, not sections


def test_a_page_number_between_rules_is_text_and_reported():
    # A text copied from a PDF keeps its page numbers: "12" alone, then 5.2 goes back before section 12.
    book = imported("5. MOVEMENT\n5.1 Costs. A hex costs one MP, and a\n12\nroad hex costs half.\n\n"
                    "5.2 Rivers. A river stops a unit.\n\n13\n\n6. COMBAT\n6.1 Odds. Compare.\n")
    assert rule_headings(book.markdown) == [
        "# 5. MOVEMENT", "## 5.1 Costs.", "## 5.2 Rivers.", "# 6. COMBAT", "## 6.1 Odds."]
    assert "A hex costs one MP, and a\n12\nroad hex costs half." in book.markdown
    said = "\n".join(book.report.lines())
    assert "rl.txt:3: '12': a number alone on its line, and the rule after it (5.2, line 6) comes before it" in said
    assert "rl.txt:8: '13': a number alone on its line, and the rule after it (6.1, line 11)" in said


@pytest.mark.parametrize("line, heading, text", [
    ("**5.12** *Optional:* Caravans ignore salt (5.11).", "## 5.12 *Optional:*", "Caravans ignore salt (5.11)."),
    ("**5.12** *Sailing.* A boat sails. Then it docks.", "## 5.12 *Sailing.*", "A boat sails. Then it docks."),
    ("**5.12** **Night Moves**: Ships move two hexes.", "## 5.12 **Night Moves**:", "Ships move two hexes."),
    ("**5.12** *Night Moves* — Ships move two hexes.", "## 5.12 *Night Moves* —", "Ships move two hexes."),
    # Its mark inside the bold: "**Speed.**" was the rule's text, not its title (a helper's Notion export).
    ("**5.12** **Speed.** Ships move two hexes.", "## 5.12 **Speed.**", "Ships move two hexes."),
])
def test_a_markdown_run_in_title_keeps_its_emphasis_whole(line, heading, text):
    page = imported(f"## 5. Movement\n\n**5.11** Units move.\n\n{line}\n", "markdown").markdown
    assert f'{heading} {{: #5.12 .rr-rule data-rule="5.12" }}\n\n{text}' in page
    # The rule index (jump, previews, rule-index.json) has the title's words, not its emphasis marks.
    title = re.sub(r"\*+", "", heading.removeprefix("## "))
    assert [rule.title for rule in rules_in_markdown(page, RULESET, "rl/rl.md")][-1] == title


def test_a_sentence_starting_with_a_section_word_is_reported_as_text():
    book = imported("SECTION 5 – MOVEMENT\nUnits move, as said in\nSection 6. The attacker waits.\n\n"
                    "5.1 Costs. One MP.\n")
    said = "\n".join(book.report.lines())
    assert "rl.txt:3: 'Section 6. The attacker waits.': continues the sentence of the line before" in said
    assert "numbered list items" not in said


def test_a_no_break_space_after_a_number_is_a_space_and_a_glued_number_is_reported():
    # Text copied from a PDF: "5.2<NBSP>Rivers.", "5.3<THIN SPACE>Roads.", and "5.4Bridges." with no space at all.
    book = imported("5. MOVEMENT\n5.1 Costs. One MP (5.2, 5.3).\n5.2\u00a0Rivers. A river stops a unit.\n"
                    "5.3\u2009Roads. A road halves costs.\n5.4Bridges. A bridge is a road.\n")
    assert rule_headings(book.markdown) == [
        "# 5. MOVEMENT", "## 5.1 Costs.", "## 5.2 Rivers.", "## 5.3 Roads."]
    said = "\n".join(book.report.lines())
    assert "rl.txt:5: '5.4Bridges. A bridge is a road.': no space between the number and the word after it" in said
