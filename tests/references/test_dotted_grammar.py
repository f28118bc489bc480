"""The reference grammar of numbering case and decimal (build_tools/references/dotted.py):
rule numbers without chapter letters, as the test rulebooks (tests/rulebooks/) print them."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from build_tools.references.dotted import Dotted

CASE = Dotted(groups=False)
DECIMAL = Dotted(groups=True)


def cited(grammar, text):
    return [reference.rule_ids for reference in grammar.find(text)]


@pytest.mark.parametrize("text, expected", [
    ("A unit may move up to its rating (see 5.4).", [("5.4",)]),
    ("Boats move only along channels (9.1, 9.2).", [("9.1",), ("9.2",)]),
    ("may not be attacked from the marsh (Exception: 5.21).", [("5.21",)]),
    ("it is eliminated (see 5 and 6.1).", [("5",), ("6.1",)]),  # a bare section after a cue word
    ("A ship may not move through a hex holding a fort (see Case 5.44).", [("5.44",)]),
    ("Forts fire (Cases 6.11\nand 5.1).", [("6.11",), ("5.1",)]),  # a list that wraps
    ("No gunnery at night (see 6.1 to 6.12).", [("6.1",), ("6.12",)]),
    ("see 9.73-.731", [("9.73", "9.731")]),  # the tail after the dot
    ("per 3; rules 4, 5 and 7.", [("3",), ("4",), ("5",), ("7",)]),
    ("paying the costs of [5.3].", [("5.3",)]),
    ("Section 12.", [("12",)]),
    ("the river rules (6.3ff) and bridges (6.5f.)", [("6.3",), ("6.5",)]),  # "and the rules after it"
    # a list's items printed without their section, SPI's way (a helper's book)
    ("see Cases 6.21, .23 and .24; 6.1 to .2.", [("6.21",), ("6.23",), ("6.24",), ("6.1",), ("6.2",)]),
    # but not a fraction or a rating after a list's joining word (found by hypothesis)
    ("5.4 and .10/16", [("5.4",)]), ("5.4 and .4-4-6", [("5.4",)]),
])
def test_case_references(text, expected):
    assert cited(CASE, text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Rules 3.2.1-3.2.2 replace the ford rules of 2.1", [("3.2.1", "3.2.2"), ("2.1",)]),
    ("Stacking is checked as per 2.1 to 2.3 at the end", [("2.1",), ("2.3",)]),
    ("See 4.2 through 4.3 and rule 5 for what follows.", [("4.2",), ("4.3",), ("5",)]),  # "rule 5": a rule's
    ("a friendly bridge (3.0).", [("3.0",)]),
    ("stops (see 4 and 3.1).", [("4",), ("3.1",)]),
    ("Exception: 3.2.1 applies to heavy units", [("3.2.1",)]),
    ("See 3.2--3.3 and rules 4.1--4.2.", [("3.2", "3.3"), ("4.1", "4.2")]),  # pandoc's "--" for an en dash
    # a number of three groups is no amount, whatever word follows it: "Per 2.4.1 units …" cited nothing (a
    # helper's book)
    ("Per 2.4.1 units may not stack; as in 2.4.2 movement is free; 3.1.1 or more", [("2.4.1",), ("2.4.2",),
                                                                                  ("3.1.1",)]),
    # rules joined by a slash after a cue word: a list, not a fraction (a helper's book)
    ("See rules 1.2/1.3 for details; per 2.1, 2.2.1/2.2.2/2.4.", [("1.2",), ("1.3",), ("2.1",), ("2.2.1",),
                                                                  ("2.2.2",), ("2.4",)]),
    # a range or a list of a number of three groups, its later ends printed as their last group (COIN's way; a
    # helper's book): the first end alone was cited
    ("See 1.4.1-3.", [("1.4.1", "1.4.3")]), ("See 1.4.1-.3 now.", [("1.4.1", "1.4.3")]),
    ("Cubes (1.4.2-3) move.", [("1.4.2", "1.4.3")]), ("See 1.4.1, .2 and .3 now.", [("1.4.1",), ("1.4.2",), ("1.4.3",)]),
    ("See 1.4.1–12, 2.1", [("1.4.1", "1.4.12"), ("2.1",)]),
    # a number of two groups is still no range to a whole number ("rated 4.5-6"), nor a list to a fraction
    ("See 1.1-3 now.", []), ("2.1, .5 and .25", [("2.1",)]),
    # nor a number of three groups before a short tail that is an amount (a review)
    ("Per 1.4.1-2 units stack.", []), ("1.4.1-3rd", []),
    # a title after a rule's number, though a quantity word in lower case, and a number after "No." (a review)
    ("See 8.0 Morale for details.", [("8.0",)]), ("(see 17.0 Victory Conditions)", [("17.0",)]),
    ("see 6.3 Shifts.", [("6.3",)]), ("as in 12.1 Resources and Supply", [("12.1",)]),
    ("See Rule No. 5.2 for details.", [("5.2",)]), ("see 2.1 x 3", [("2.1",)]), ("voir 5.2 : 3 unités", [("5.2",)]),
    # an edition before the reference is none, a rule after "as in" is one; a rule "introduced in" is one (a review)
    ("New in 1.2: see 13.3.", [("13.3",)]), ("As in 1.2, units may fly.", [("1.2",)]),
    ("Supply is introduced in 8.1 and expanded in 8.3.", [("8.1",), ("8.3",)]),
    ("See the changes in 13.3 and 14.1.", [("13.3",), ("14.1",)]),
    # Italian "per" before an article is "for", no rate (a helper's book: the citation was lost)
    ("vedi 4.2 per i dettagli", [("4.2",)]), ("vedi la regola 4.2 per la procedura", [("4.2",)]),
])
def test_decimal_references(text, expected):
    assert cited(DECIMAL, text) == expected


@pytest.mark.parametrize("text, expected", [
    # a rule's number and title after a cue word, the title starting with a quantity word (a helper's book): the
    # number read as an amount ("2.3 movement"), nothing linked
    ("See 2.3 Movement for costs; see 2.6 Victory for points.", [("2.3",), ("2.6",)]),
    ("Morale (see 2.5 Morale) and range (see 2.4 Range) matter; see 2.2 Turns.", [("2.5",), ("2.4",), ("2.2",)]),
    ("Exception: 3.1 Units stay. § 3.2 Turns apply. See 8.3 Steps and Losses.", [("3.1",), ("3.2",), ("8.3",)]),
    # without a cue word, or in lower case, an amount still
    ("It has 2.5 Movement Points and see 1.5 hexes; it spent 4.5 MP.", []),
    # "case" and "exception" are cue words of a list but words of a sentence too; a unit written capitalised (German
    # "Uhr", a ruleset's "Mann") stays a unit after a cue (a review)
    ("In that case 2.5 Movement Points are spent; an exception 1.5 Hexes wide; siehe 18.30 Uhr; per 3.5 Mann.", []),
    ("see Case 6.2 Movement Points; Cases 6.3 Hexes", [("6.2",), ("6.3",)]),  # SPI's "Case", capitalised (a review)
    # a section's lettered sub-rule, printed with a dot or without (a helper's euro-style book)
    ("(see 2.a) and rule 2b; per 2d6, see 2x.", [("2a",), ("2b",)]),
    ("See rules 2a and 2b. Per rule 6, 2d battalion units move.", [("2a",), ("2b",), ("6",)]),  # (a review)
    # a count after "per" in a list with its unit (English and Italian, a review)
    ("A unit may move per 2 or 3 hexes; può muovere per 2 o 3 esagoni; tira per 1 e 2 dadi.", []),
    ("One supply point per 2 to 3 units; one per 2 through 4 steps; per 2 & 3 hexes.", []),
    ("A unit pays 1 MP per 2 or 3 Movement Points; score 1 VP per 2 or 3 Victory Points.", []),  # (a review)
    # a count after a comma is no list's (a review); a lettered section straight after a cue, words after it
    ("Per rule 6, 2 units may stack. As in section 8, 3 hexes is the limit.", [("6",), ("8",)]),
    ("see 2a for details; Per rule 2b units may not stack; see rule 2.a for the cost", [("2a",), ("2b",), ("2a",)]),
    # a number sign after a word naming rules (a helper's book); after another word, a card's or a hex's number
    ("as rule #5.2 says (Case #6.1); Card #5.3 and hex #6.2 and #7.1", [("5.2",), ("6.1",)]),
    # a rule's later items by their letters alone (a helper's book); an article after a comma is none
    ("(4.1a, b) and per 5.2b, c or d; see 6.1a, a unit; 7.1c, b", [("4.1a",), ("4.1b",), ("5.2b",), ("5.2c",),
                                                               ("5.2d",), ("6.1a",), ("7.1c",)]),
    ("see 6.1a, e.g. a unit; 6.2c, d.h. die Einheit; 6.3a, c. 1944 units", [("6.1a",), ("6.2c",), ("6.3a",)]),
    ("(see 4.1a and b.) and see 5.1a and b.\nThen 6.1a, b.” and 7.1a and b.*", [("4.1a",), ("4.1b",), ("5.1a",),
                                                                            ("5.1b",), ("6.1a",), ("6.1b",), ("7.1a",),
                                                                            ("7.1b",)]),
])
@pytest.mark.parametrize("grammar", [CASE, DECIMAL], ids=["case", "decimal"])
def test_a_rules_title_after_a_cue_and_its_number_is_no_unit(grammar, text, expected):
    assert cited(grammar, text) == expected and grammar.cited(text) == [rule for ids in expected for rule in ids]


@pytest.mark.parametrize("text", [
    "Units are rated 4-4-6 or 4-6-12 (attack, defence, movement).",  # unit ratings
    "a map of 0812 hexes",  # a hex number
    "No more than 10/16 of a hex's capacity",  # a fraction
    "Clear terrain costs 1/2 MP on a road",
    "a ford costs 4.5 MP, which only fresh units can pay",  # a decimal with a unit
    "every marsh hex costs 1.5 times its printed cost",
    "A storm lasts 1.5 turns on average",
    "Its weight is \"9.5\".", "a +1.5 modifier", "a 0.5 chance", "9.5mm guns", "at 1:2 odds",
    "Attack at 1.5 to 1 odds or better", "at odds of 2.5 to 1, roll",  # odds, not a range
    # amounts and other numberings' numbers (a helper's books)
    "a unit with strength 3.5", "a modifier of 3.5", "on Turn 3.5", "Game-Turn 7.5", "wadis cost 1.5",
    "see Diagram 4.1", "in box 3.2", "during Phase 2.1", "a map at scale 1:2.5",
    "per 2 MP", "see 4 for details", "per 2 counters", "see 4-4-6", "see 10/16", "in case 2 units attack",
    "A unit with 4 or more movement left", "roll 1-4 fair, 5-6 foul", "rated 4.5-6 hexes",
    "Rain adds 1.5 to the cost", "a river multiplied by 1.5", "plus 2.5 for a bridge", "reduced by 1.5 per turn",
    "Leaders rated 2.1 add one", "Version 2.1 of the rules", "ranges of 5.0 or more hexes", "a roll of 2.5 or less",
    "Updated 14.3.2024.", "Dated 2.1.2024, with errata",
    # Other numberings' numbers, times, measures and ratios (found by helpers' books).
    "each turn is 2.5 days", "at 18.30 hours", "see Table 2.3", "Figure 3.1 shows it", "see page 3.2", "(p. 2.1 of the "
    "playbook)", "see Module 2.1", "in scenario 1.2", "the 1.2 errata", "read the 1.5 column", "a 2.1 ratio",
    "hex 12.08", "a 5.5-inch gun", "odds of 1.5:1", "a 4.5 move", "a 2.5/3.0 rating", "as in 1.2/1.3",
    # rates, counts and odds at a sentence's end (a helper's fan-typed book)
    "Units pay 1.5 per hex.", "pay 2.5/hex in mud", "The odds are 1.5 to 1.", "about 1.2 million men",
    "Fire at 1.5 range.",
    "2.5× the cost", "Rev 1.2: clarified", "Revision 1.3 of the rules", "with 5.5 MA left",  # a helper's README
    "see 1.2/3", "see 1/2.5",
    # amounts compared or reached, a release, tokens and a date written year first (helpers' Word export, fan book)
    "Odds must be at least 1.5", "at most 2.5 hexes away", "a hit unit is reduced to 1.5", "it equals 2.5",
    "a value of 3.2", "a ratio of 2.5", "Release 1.1 fixed it", "place 1.2 tokens", "Updated 2024.05.01.",
    # other languages' other numberings, clock times and head counts (a helper's German and French books)
    "Siehe Tabelle 3.2 und Abb. 3.1", "Seite 3.2, Beispiel 4.1, Karte 4.2", "voir le tableau 3.2", "um 18.30 Uhr",
    "à 18.30 heures", "mit 3.000 Mann",
    # a unit after a list or a range measures all of it; seconds, tons, a column, a ratio, a rating (a helper's book)
    "1.5 or 2.0 MP", "1.5 to 2.0 MP", "1.5-2.0 MP", "1.5, 2.0 or 2.1 hexes", "from 1.5 to 2.1 miles", "Wait 1.5 seconds",
    "weighs 2.1 tons", "use column 2.1", "the ratio 2.1", "the unit's 1.5 rating",
    # a scan's misread number ("2.l2" for 2.12) is no bare section (a helper's OCR'd book cited section 2)
    "(see 2.l2)", "(see 3.l1)",
    # an edition and an amount a value becomes (helpers' FAQ, card-game and OCR'd books)
    "the 1.0 rulebook says 8+", "the 2.0 printing", "in the 1.0 PDF", "in the 1.2 release", "Changes since 3.0.1",
    "5 becomes 2.5, rounded to 2", "rounded to 2.5", "it gives 1.5 prestige", "A margin of 4.5 to 9.5 is marginal.",
    "De verhouding 3.5 wordt naar beneden afgerond",
    # thousands as Dutch, Spanish and Italian write them (a helper's Dutch book)
    "Valdez bracht 12.000 man op de been", "un ejército de 12.000 hombres", "an army of 12.000 men",
    "4.2 per hex",
    # an edition in a living book's history of changes (a helper's living-rules book)
    "New in 1.3: units may fly.", "Italian rates: costa 1.5 per ogni esagono, 1.5 per la fanteria",
    "5.4-08125.4",  # a dash to a number with a leading 0 is never a range: no end is cited (found by hypothesis)
    # odds spaced or dashed, money, a chart's row, scores, versions and other numberings' labels (a helper's books)
    "Attacks at 1.5 : 1 odds shift right.", "Attacks at 1.5 :1 odds", "Attacks at 1.5 – 1 odds shift right.",
    "Odds of 2.5 to 1 or better win.", "A bribe costs £2.5 each.", "It costs €1.5.", "or ¥1.5", "USD 2.5 a day",
    "Use the 2.5 row of the chart.", "A rating of 1.5 applies.", "Reduce to 1.5 if it is night.", "(round 2.5 up)",
    "The line is 1.5″ long.", "Mortars fire at 2.5 x range.", "A town gains 1.5 victory points a turn.",
    "The Union gains 2.5 resources.", "Artillery gets 1.5 shifts.", "Ships sail 1.5 knots faster.",
    "A tank spends 2.5 fuel.", "Troops lose 2.5 morale.", "This is the 2.5 edition.",
    *(f"The unit uses {label} 2.5 now." for label in (
        "Example", "example", "Illustration", "Appendix", "Exhibit", "Card", "Event", "Step", "Stage", "Round",
        "Level", "Track", "Display", "Area", "Mission", "Option", "Vol.", "#", "Item", "Question", "FAQ",
        "CRT", "TEC", "Player Aid", "DRM of", "Die roll")),
    # measures, what a game counts in lower case, gains and weights (a helper's book)
    *(f"Within 1.5 {unit} of it." for unit in (
        "m", "metres", "meters", "paces", "squares", "strength", "PM", "Victory Points")),
    "The 2.0 patch and the 2.1 update changed it.",
    "Halve to 1.5 strength;", "It gains 1.5 now.", "the 2.5 multiplier.", "a weight of 1.5", "loses 2.5 at night",
    # a list after another numbering's word is all of that numbering (a helper's book)
    "from hex 12.08 and 13.09 on", "Hexes 12.08, 13.09 & 14.10", "see Tables 7.1 and 7.2", "Figures 3.1 to 3.4 show",
])
@pytest.mark.parametrize("grammar", [CASE, DECIMAL], ids=["case", "decimal"])
def test_quantities_are_not_references(grammar, text):
    assert grammar.find(text) == [] and grammar.cited(text) == []


@pytest.mark.parametrize("text, expected", [
    ("rules 3, 5 and 7 apply unchanged", [("3",), ("5",), ("7",)]),  # the list's last item, a word after it
    ("See 2 and 4 for details.", [("2",), ("4",)]),
    ("rule 4 applies", [("4",)]),  # a cue word naming rules
    ("Section 12 of the map", [("12",)]),
    ("rules 4 hexes apart", []),  # a quantity still
    # German and French cues and joining words (a helper's books)
    ("Regel 4 gilt", [("4",)]), ("siehe 4 und 6.1", [("4",), ("6.1",)]), ("voir 4 et 6.1", [("4",), ("6.1",)]),
    ("siehe Abschnitt 5", [("5",)]), ("voir le chapitre 7", [("7",)]),
    # Italian and Spanish (a helper's books)
    ("vedi capitoli 5 e 6.", [("5",), ("6",)]), ("il paragrafo 6 vale", [("6",)]), ("véase el capítulo 3.", [("3",)]),
    ("la regla 4 se aplica", [("4",)]), ("la sección 3 y 4.1", [("3",), ("4.1",)]), ("el apartado 4.", [("4",)]),
    # Italian's "cfr.", and a capitalised word after an Italian or Spanish cue is the rule's title, as after an
    # English or German one ("vedi 5.2 Turni di gioco", a title that is also a unit, cited nothing: stop 44's list)
    ("cfr. 5 e 6.", [("5",), ("6",)]), ("cfr. 5.b per i dettagli", [("5b",)]), ("vedi 5.2 Turni di gioco", [("5.2",)]),
    ("véase 5.2 Turnos", [("5.2",)]), ("según la regla 5.2 Turnos", [("5.2",)]), ("dura 5.2 turni", []),
    # Dutch, Portuguese and Polish cue words, joining words and other numberings' names (a helper's books)
    ("zie regels 5 en 6", [("5",), ("6",)]), ("Zie hoofdstuk 4.", [("4",)]), ("Ver regra 2 e 3", [("2",), ("3",)]),
    ("a seção 3 se aplica", [("3",)]), ("rozdział 2 i 3", [("2",), ("3",)]), ("zasady 2 i 3", [("2",), ("3",)]),
    ("Zie 2.1, 2.2 en 3", [("2.1",), ("2.2",), ("3",)]), ("Veja 2.1 e 3", [("2.1",), ("3",)]),
    ("patrz 4.", [("4",)]), ("(Tabel 3.2), Tabela 2.1 e Tabela 2.2", []), ("Versie 1.2 van de regels", []),
    ("Versão 2.1; Wersja 2.1; Tabella 2.1; Tabla 2.1", []),
    # a joining word that is a sentence's word too (French and Spanish "en", Italian "i", Dutch "tot") joins no count
    # or year a word follows (a review); another numbering's list goes on after one
    ("voir 8.1 en 2 phases", [("8.1",)]), ("véase la regla 5.1 en 1944 los alemanes", [("5.1",)]),
    ("vedi la regola 7.1 i 2 giocatori tirano", [("7.1",)]), ("zie regel 4.2 tot 3 hexen", [("4.2",)]),
    ("zie regels 5 en 6.", [("5",), ("6",)]), ("zie regel 4 en 2 spelers", [("4",)]),
    # after words naming many rules, "en" and "i" join the list whatever follows (stop 45's list); not a year
    ("zie regels 5 en 6 gelden", [("5",), ("6",)]), ("zasady 5 i 6 dla piechoty", [("5",), ("6",)]),
    ("regels 2, 3 en 4 gelden", [("2",), ("3",), ("4",)]), ("zie regels 5 en 1944 gelden", [("5",)]),
    ("zasada 5 i 6 jednostek", [("5",)]),
    # but not after a list a joining word ended already: there "en" and "i" are "in" and "the" (a review)
    ("Appliquez les règles 8 et 9 en 2 phases.", [("8",), ("9",)]), ("las reglas 5 y 6 en 2 fases", [("5",), ("6",)]),
    ("Secondo le regole 12 e 13 i 4 segnalini", [("12",), ("13",)]),
    # nor after French, Spanish or Italian words naming many rules, where "en" and "i" are never "and" (a review)
    ("Appliquez les règles 14.2 en 3 phases", [("14.2",)]), ("Les chapitres 5 en 2 volumes", [("5",)]),
    ("Siga las reglas 8.1 en 2 pasos", [("8.1",)]), ("Con le regole 7.1 i 2 giocatori", [("7.1",)]),
    ("Secondo le regole 9 i 3 segnalini", [("9",)]),
    ("Tabel 2.1 en 3.1; Tabela 2.1 e 3.1; wersja 1.2 i 1.3", []),
    # ordinals after a Romance language's cue are no lettered items ("2a fase", "1a edição", "2e partie"; a review)
    ("conforme 2a fase de jogo", []), ("vide 1a edição", []), ("vedi 2a fase", []), ("voir 2e partie", []),
    # but a letter no ordinal ends on, a dotted item or a range of items is one (a review)
    ("voir 5b pour les détails", [("5b",)]), ("véase 5b para detalles", [("5b",)]), ("voir 5.b pour", [("5b",)]),
    ("voir 2a-2c pour", [("2a", "2c")]), ("Solo per 1a-2a fase di gioco.", []),
    # a year is no section ("voir 8.1 en 1944."), nor any number of four digits; Dutch "tot" joins a range
    ("voir 8.1 en 1944.", [("8.1",)]), ("zie 5 tot 7 voor details", [("5",), ("7",)]),
    ("rule 1000 applies", [("1000",)]), ("see 12, 1944 and 15.", [("12",), ("1944",), ("15",)]),
    ("voir 8.1 en 1944 et 1945.", [("8.1",)]), ("voir 8.1 en 10000 et 12.", [("8.1",), ("12",)]),
    ("zie regel 4.2 tot 3 hexen", [("4.2",)]),
    ("see 1.5 or 2.0 for units", [("1.5",), ("2.0",)]),  # a list of rules, no unit after it
    # a whole number after a comma is no list with the rule (a review): "Per 6.2, 3 units may stack"
    ("Per 6.2, 3 units may stack", [("6.2",)]), ("As in 7.1 and 2 units attack", [("7.1",)]),
    # the list after another numbering's word ends where a word comes
    ("Use Table 7.1, see 6.2 and 6.3.", [("6.2",), ("6.3",)]),
    # a bare section before an item printed without its section: no case of it (it crashed the import; hypothesis)
    ("see 5 and .5, or see .5 see 5", [("5",), ("5",)]),
    # items joined by a slash, and rules joined by one in brackets (a helper's book)
    ("per 4.1b/c and (5.1/5.2); 2.5/3.0 alone, or a rating (2.5/3.0)", [("4.1b",), ("5.1",), ("5.2",)]),
    # a range of sections after a word naming rules, chapters, "cf." and a possessive (a helper's book)
    ("as in sections 4-6; Rules 7–8 apply, see Chapters 4, 5 and 6.", [("4", "6"), ("7", "8"), ("4",), ("5",), ("6",)]),
    ("4.1's effect (cf. 4) and cf. 2.3 Movement", [("4.1",), ("4",), ("2.3",)]),
    ("see 4-6 on the die, roll 4-6 again", []),  # a die roll's range: no word naming rules before it
    # a count or a page before a comma is no list with the rule after it (a review)
    ("On a 6, 7.2 applies. On Turn 1, 6.2 does not. On page 12, 3.4 shows it. During Step 3 and 4.1 both move.",
     [("7.2",), ("6.2",), ("3.4",), ("4.1",)]),
    # a value a sentence states is an amount ("the ratio is 1.5" cited 1.5: stop 46's list); only after a word naming
    # what a game reckons with: a rule a copula leads up to is cited (a review)
    ("The ratio is 1.5 for armor. Costs are 2.0 and 3.0 here. Its value becomes 2.5 when wet.", []),
    ("The multiplier is 1.5 (see 4.2); costs are 2.0, 3.0 or 4.0; see 5.1", [("4.2",), ("5.1",)]),
    ("The exceptions are 5.4 and 6.1. The only exception is 7.2.", [("5.4",), ("6.1",), ("7.2",)]),
    ("The exceptions to this are 5.4 and 6.1. Retreat is 7.3, not 7.4. The one exception to 5.3 is 5.4.",
     [("5.4",), ("6.1",), ("7.3",), ("7.4",), ("5.3",), ("5.4",)]),
    # a range joined by Spanish, Italian or Portuguese "a" ("to") cites both ends (it cited the first: stop 46's
    # list); after no cue word of those languages, or going back, or before a unit, "a" is an article
    ("véanse las reglas 3.1 a 3.2 para más.", [("3.1",), ("3.2",)]), ("Consulte de 4.2 a 4.5.", [("4.2",), ("4.5",)]),
    ("regras 3.1 até 3.4; dalla 5.1 alla 5.3; de la 6.1 a la 6.2", [("3.1",), ("3.4",), ("5.1",), ("5.3",),
                                                                     ("6.1",), ("6.2",)]),
    ("see 3.1 a 3.2; see 7.1 a 2.5 shift", [("3.1",), ("7.1",)]), ("véase 5.1 a 3.2", [("5.1",)]),
    ("véase 4.1 a 4.5 PM", [("4.1",)]),  # the end an amount, the start a rule after a cue (but "de 1.5 a 2.5 puntos")
    # the list goes on after a range's end; a lettered item starts no range by "a" (it crashed: a review); an amount
    # in Spanish is none ("de 1.5 a 2.5 puntos")
    ("véanse las reglas 3.1 a 3.4 y 3.6; reglas 4.1 a 4.2 y 4.4 a 4.6.", [("3.1",), ("3.4",), ("3.6",), ("4.1",),
                                                                         ("4.2",), ("4.4",), ("4.6",)]),
    ("véanse las reglas 3.2a a 3.4; see 5.2b a 6.1 modifier; Under 8.3a a 2.1 result", [("3.2a",), ("5.2b",),
                                                                                         ("8.3a",)]),
    ("El coste pasa de 1.5 a 2.5 puntos", []),
    # values paired with what they are for, in a list, are no rules (a terrain chart's line: stop 46's list, a
    # helper's book); after a cue word in their clause, or after a preposition, they are
    ("Costs: clear 1.0, woods 2.0, town 1.5, river; Clear costs 1.0, woods 2.0 and marsh 3.0.", []),
    ("see roads 4.2, bridges 4.3 and fords 4.4; as in 4.2, under 5.1", [("4.2",), ("4.3",), ("4.4",), ("4.2",),
                                                                        ("5.1",)]),
    ("See 5.1 for supply. Costs: clear 1.0, woods 2.0", [("5.1",)]),
    # only after a word naming values: a list of rules by topic is no list of values (a review)
    ("See also: movement 4.2, combat 5.1. Changes in v2.1: movement 4.2, supply 6.3. (bridges 4.3, fords 4.4)",
     [("4.2",), ("5.1",), ("4.2",), ("6.3",), ("4.3",), ("4.4",)]),
    # a rule a title follows after a stated value's verb, or a verb after the list's comma, is a rule (a review)
    ("The relevant modifier is 7.3 (Terrain). Its range is 9.4 Ranged Fire. The multiplier is 2.0, 6.2 explains why.",
     [("7.3",), ("9.4",), ("6.2",)]),
    # a cue of English before a range by "a" of amounts: the rule stays (a review)
    ("De-moralized units suffer, per 6.2 a 1.5 column shift.", [("6.2",)]),
    # Spanish "a" before a rule's number after a word leading up to it is "to" (it cited nothing: a helper's book)
    ("se detiene conforme a 4.1; de acuerdo a 4.2; remítase a 4.3", [("4.1",), ("4.2",), ("4.3",)]),
    ("Remitirse a 4.1 y 4.2; conforme a 5.1 a 5.3 y 5.5", [("4.1",), ("4.2",), ("5.1",), ("5.3",), ("5.5",)]),
    # and a value stated or an amount in the other languages is none (a helper's book)
    ("el coste es 1.0 por hexágono; se multiplica por 1.5; la unidad pierde 2.5 pasos; desplaza 1.5 columnas", []),
    ("il rapporto è 1.5; le rapport est de 1.5; der Wert ist 1.5; la regla es 4.1", [("4.1",)]),
    # German quotation marks close on “, no inch mark after a number ("„siehe 3.2“" cited nothing: a helper's book)
    ("„siehe 3.2“ und „vgl. 4.1 und 4.2“; 5.5“ Rohr", [("3.2",), ("4.1",), ("4.2",)]),
    # German units, capitalised as German nouns are; after a cue a capitalised word may be the title (a helper's book)
    ("Wald 2.0 Punkte; mehr als 2.0 Punkte; 2.0 Siegpunkte; siehe 8.0 Siegpunkte; see 12.1 BP Costs",
     [("8.0",), ("12.1",)]),
    # a word in lower case after a cue word and a rule's number is its title or the sentence's (a review)
    ("see 5.4 zones of control; Per 11.2 strength is halved; see 6.3 box; Under 7.1 cards are drawn.",
     [("5.4",), ("11.2",), ("6.3",), ("7.1",)]),
])
@pytest.mark.parametrize("grammar", [CASE, DECIMAL], ids=["case", "decimal"])
def test_a_bare_number_a_word_follows_is_a_reference_after_a_rule_cue_or_a_list(grammar, text, expected):
    assert cited(grammar, text) == expected


def test_a_bare_number_is_a_reference_only_at_the_end_of_a_cue_list():
    assert cited(CASE, "see 5.4, 6 and 7.") == [("5.4",), ("6",), ("7",)]
    assert cited(CASE, "5.4, 6 and 7.") == [("5.4",)]  # no cue word: 6 and 7 are counts
    assert cited(CASE, "see 5.4 for the 6 units, 7.") == [("5.4",)]  # the list ended at "for"


def test_a_range_by_a_ends_later_in_the_books_order():
    # in case numbering 3.10 is a case of 3.1, before 3.9: no range's end
    text = "véanse las reglas 3.9 a 3.10"
    assert cited(CASE, text) == [("3.9",)] and cited(DECIMAL, text) == [("3.9",), ("3.10",)]
    assert DECIMAL.replace(text, lambda rule_id, printed: f"<{rule_id}>") == "véanse las reglas <3.9> a <3.10>"


def test_a_case_number_has_one_dot_and_a_decimal_number_any():
    assert cited(CASE, "see 1.2.3") == [] and cited(DECIMAL, "see 1.2.3") == [("1.2.3",)]


def test_a_lettered_item_of_a_rule_cites_the_item_linked_with_its_letters():
    # "per 2.1a", "(5.44c)", "3.2a-c": a book's lettered items of a rule stayed text, citing nothing (a helper's
    # book); a measure ("2.5m", "9.5s", "1.5x") and two letters ("2.1ab") still cite nothing. An item is cited
    # by its first letter: a book's lettered sub-rule 2.1a, or else its rule 2.1 (the rule index reads it so).
    text = "per 2.1a and (5.44c), see 3.2a-c; 2.5m, 9.5s, 1.5x, 2.1ab, 6.3f."
    for grammar in (CASE, DECIMAL):
        assert [[(part.rule_id, part.text) for part in found.parts] for found in grammar.find(text)] == [
            [("2.1a", "2.1a")], [("5.44c", "5.44c")], [("3.2a", "3.2a-c")], [("6.3", "6.3")]]
        assert grammar.replace(text, lambda rule_id, printed: f"<{rule_id}|{printed}>").startswith(
            "per <2.1a|2.1a> and (<5.44c|5.44c>), see <3.2a|3.2a-c>; 2.5m")
        assert grammar.cited(text) == ["2.1a", "5.44c", "3.2a", "6.3"]



def test_a_range_or_list_of_lettered_items_cites_its_ends_and_its_later_letters():
    # "see 2a-2c" and "see 2a-c" (a section's lettered sub-rules) cited nothing, "3.2a-3.2c" cited 3.2a alone, and
    # "4.1a-c, d" and "6.1.a, b" left the later letter out (stop 44's list of misreads). As "3.2a-c" is, "2a-c" is
    # one link to its first item; a range's other end is a rule of its own, as "6.1-6.6"'s is.
    text = "see 2a-2c; see 2a-c; per 3.2a-3.2c, 4.1a-c, d and 6.1.a, b. Roll 2a-2c. See 3.1b-3.1.c."
    for grammar in (CASE, DECIMAL):
        assert [[(part.rule_id, part.text) for part in found.parts] for found in grammar.find(text)] == [
            [("2a", "2a"), ("2c", "2c")], [("2a", "2a-c")], [("3.2a", "3.2a"), ("3.2c", "3.2c")],
            [("4.1a", "4.1a-c")], [("4.1d", "d")], [("6.1a", "6.1.a")], [("6.1b", "b")],
            [("3.1b", "3.1b"), ("3.1c", "3.1.c")]]
        assert grammar.cited(text) == ["2a", "2c", "2a", "3.2a", "3.2c", "4.1a", "4.1d", "6.1a", "6.1b", "3.1b", "3.1c"]
        assert grammar.cited("See 3.1b-3.1.c.") == ["3.1b", "3.1c"]  # (without what only find reads)
        assert grammar.replace(text, lambda rule_id, printed: f"<{rule_id}|{printed}>") == (
            "see <2a|2a>-<2c|2c>; see <2a|2a-c>; per <3.2a|3.2a>-<3.2c|3.2c>, <4.1a|4.1a-c>, <4.1d|d> and "
            "<6.1a|6.1.a>, <6.1b|b>. Roll 2a-2c. See <3.1b|3.1b>-<3.1c|3.1.c>.")


@pytest.mark.parametrize("text, expected", [
    # a range from a lettered item ends on a rule, not on the sentence's period (a review: "7.4." was cited)
    ("see 7.2a-7.4. Each unit retreats.", [("7.2a", "7.4")]), ("(see 7.2a-7.4.)", [("7.2a", "7.4")]),
    # a list goes on after a range of lettered items (a review)
    ("see 2a-2c and 3a.", [("2a", "2c"), ("3a",)]), ("see 2a-c, 3 and 4", [("2a",), ("3",), ("4",)]),
    ("see 3.2a-3.2c and 4.", [("3.2a", "3.2c"), ("4",)]), ("see 2.a-c and 3.", [("2a",), ("3",)]),
    ("see 2a-2c for details", [("2a", "2c")]),
    # Italian ordinals after "per" (for) and a sentence's "case" are no lettered items (a review)
    ("Solo per 1a-2a fase di gioco.", []), ("Un punto per 2a-c colonna", []), ("In that case 2a-2c units move.", []),
])
@pytest.mark.parametrize("grammar", [CASE, DECIMAL], ids=["case", "decimal"])
def test_a_range_of_lettered_items_ends_where_its_rule_does(grammar, text, expected):
    assert cited(grammar, text) == expected


def test_a_list_of_numbers_after_a_number_sign_cites_each():
    # "rules #5.2 and #5.3" cited 5.2 alone (stop 44's list of misreads); after another word each is a card's
    text = "see rules #5.2 and #5.3, and Case #6.1, #6.2 or #6.3; Cards #5.2 and #5.3 are drawn."
    for grammar in (CASE, DECIMAL):
        assert [[(part.rule_id, part.text) for part in found.parts] for found in grammar.find(text)] == [
            [("5.2", "5.2")], [("5.3", "5.3")], [("6.1", "6.1")], [("6.2", "6.2")], [("6.3", "6.3")]]
        assert grammar.cited(text) == ["5.2", "5.3", "6.1", "6.2", "6.3"]
        assert grammar.replace(text, lambda rule_id, printed: f"<{rule_id}>") == (
            "see rules #<5.2> and #<5.3>, and Case #<6.1>, #<6.2> or #<6.3>; Cards #5.2 and #5.3 are drawn.")


def test_a_range_of_sections_is_replaced_at_both_ends():
    for grammar in (CASE, DECIMAL):
        assert grammar.replace("as in sections 4-6 apply", lambda rule_id, printed: f"<{rule_id}|{printed}>") == \
            "as in sections <4|4>-<6|6> apply"


def test_a_lettered_item_printed_in_brackets_or_after_a_dot_cites_the_item():
    # "see 4.1(b)" and "per 4.1.b" linked 4.1 and left the item's letter out (a helper's book): the item is 4.1b,
    # as "4.1b" is, linked with its brackets. "(see 4.1)(b)" and "4.1 (b)" stay 4.1, as "7.1(f)" does.
    text = "see 4.1(b), per 4.1.b and 5.2(a)-(c); (see 6.1)(b), 6.2 (b) and 7.1(f)."
    for grammar in (CASE, DECIMAL):
        assert [[(part.rule_id, part.text) for part in found.parts] for found in grammar.find(text)] == [
            [("4.1b", "4.1(b)")], [("4.1b", "4.1.b")], [("5.2a", "5.2(a)-(c)")], [("6.1", "6.1")],
            [("6.2", "6.2")], [("7.1", "7.1")]]
        assert grammar.cited(text) == ["4.1b", "4.1b", "5.2a", "6.1", "6.2", "7.1"]
        assert grammar.replace(text, lambda rule_id, printed: f"<{rule_id}|{printed}>").startswith(
            "see <4.1b|4.1(b)>, per <4.1b|4.1.b> and <5.2a|5.2(a)-(c)>;")

# Text made of the pieces rule text is made of: numbers in every shape, cue words,
# joining words, units, punctuation.
PIECES = st.sampled_from(["5", "5.4", "5.44", "9.231", "3.2.1", "0812", "4-4-6", "10/16", "1/2", "4.5", "0.5", "0.1",
                          " MP", " hexes", " see ", " per ", " rule ", " rules ", " Case ", "Exception: ", " and ",
                          " to ", " through ", ", ", "; ", "(", ")", "[", "]", "-", "–", ".", " ", "\n", "a", "c-e", "m", "x",
                          "§", "'", '"', "+", "#"])
TEXTS = st.lists(PIECES, max_size=30).map("".join)
# A rule ID of the numbering; a lettered item's (5.4a), or a section's lettered sub-rule (5a).
NUMBER = {"case": re.compile(r"[1-9]\d*(?:\.\d+[a-e]?|[a-h])?"),
          "decimal": re.compile(r"[1-9]\d*(?:(?:\.\d+)+[a-e]?|[a-h])?"),
          # a book with a section 0 (first_section: 0): its rules are dotted ("0.1", never "0" nor "0812")
          "case, section 0": re.compile(r"(?:0(?=\.)|[1-9]\d*)(?:\.\d+[a-e]?|[a-h])?"),
          "decimal, section 0": re.compile(r"(?:0(?=\.)|[1-9]\d*)(?:(?:\.\d+)+[a-e]?|[a-h])?")}
ZERO = {"case, section 0": Dotted(groups=False, zero=True), "decimal, section 0": Dotted(groups=True, zero=True)}
DOTTED_AFTER_SLASH = re.compile(r"/[1-9]\d*\.\d")
DOTTED_BEFORE_SLASH = re.compile(r"\d\.\d+/\Z")


@pytest.mark.parametrize("name, grammar", [("case", CASE), ("decimal", DECIMAL), *ZERO.items()])
@given(text=TEXTS)
def test_every_reference_found_is_a_number_of_its_grammar_inside_the_text(name, grammar, text):
    for reference in grammar.find(text):
        assert 0 <= reference.start <= reference.end <= len(text)
        for index, part in enumerate(reference.parts):
            assert text[part.start:part.end] == part.text
            assert NUMBER[name].fullmatch(part.rule_id), part
            # never a piece of a unit rating, hex number or fraction (a range's second end follows its dash;
            # a slash may join two dotted numbers, a list after a cue word)
            assert text[part.end:part.end + 1] != "/" or DOTTED_AFTER_SLASH.match(text, part.end) and "." in part.text
            assert text[part.start - 1:part.start] != "-" or index > 0
            assert text[part.start - 1:part.start] != "/" or "." in part.text and DOTTED_BEFORE_SLASH.search(
                text, 0, part.start)
            assert not (text[part.end:part.end + 1] == "-" and text[part.end + 1:part.end + 2].isdigit()
                        and "." not in text[part.end + 1:part.end + 4]) or (  # a range of sections ("rules 4-6")
                index + 1 < len(reference.parts) and reference.parts[index + 1].start == part.end + 1)


@pytest.mark.parametrize("grammar", [CASE, DECIMAL, *ZERO.values()], ids=["case", "decimal", *ZERO])
@given(text=TEXTS)
def test_the_three_entry_points_agree(grammar, text):
    found = grammar.find(text)
    assert grammar.cited(text) == [rule_id for reference in found for rule_id in reference.rule_ids]
    expected, cursor = [], 0
    for reference in found:
        for part in reference.parts:
            expected.append(text[cursor:part.start] + f"<{part.rule_id}|{part.text}>")
            cursor = part.end
    expected.append(text[cursor:])
    assert grammar.replace(text, lambda rule_id, printed: f"<{rule_id}|{printed}>") == "".join(expected)


@given(rating=st.tuples(*[st.integers(1, 12)] * 3), hexes=st.integers(100, 9999))
def test_no_rating_or_hex_number_is_ever_a_reference(rating, hexes):
    text = f"a {rating[0]}-{rating[1]}-{rating[2]} unit in hex {hexes:04d}; see {rating[0]}-{rating[1]}-{rating[2]}"
    assert CASE.find(text) == [] and DECIMAL.find(text) == [] and all(zero.find(text) == [] for zero in ZERO.values())


@pytest.mark.parametrize("grammar", [*ZERO.values()], ids=[*ZERO])
@pytest.mark.parametrize("text, cited", [
    ("see 0.1 and 4", ["0.1", "4"]), ("rules 0.1-0.3 apply", ["0.1", "0.3"]), ("(see 0.1/0.2)", ["0.1", "0.2"]),
    ("see 0812", []), ("5.4-0812 hex", []), ("a 0.5 chance", []), ("0.5 MP", []), ("a roll of 0.5 or less", []),
    # what only the slow reading finds, behind its fast tests (a review)
    ("Costs: clear 0.5, woods 0.5, town 0.5", []), ("The ratio is 0.5 for this.", []),
    ("rules #0.1 and #0.2", ["0.1", "0.2"]), ("véase 0.1 a 0.3", ["0.1", "0.3"]), ("conforme a 0.1", ["0.1"])])
def test_a_book_with_a_section_0_cites_its_rules_and_no_amount(grammar, text, cited):
    assert grammar.cited(text) == cited


@pytest.mark.parametrize("grammar", [CASE, DECIMAL], ids=["case", "decimal"])
def test_a_book_without_a_section_0_cites_none_of_it(grammar):
    assert grammar.cited("see 0.1 and rules 0.1-0.3") == []
