"""The exact maths and the procedure the rule describes cannot drift apart
(issue 6, "correctness cross-check").

For every dice calculator, the procedure is written out here from the rule
text, independently of ``calculators/`` (no ``dice.py``, no calculator
internals): roll real dice with ``random.Random(seed)`` 200,000 times, apply
the rule as the text states it, count. Each exact probability the calculator
reports must lie within 4.5 standard errors of the count (a fixed seed makes
the test repeatable; 4.5 sigma makes a false alarm about 1 in 150,000 per check).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import pytest

import calculators

ROLLS = 200_000
SIGMAS = 4.5
SEED = 20261129


def d6(rng: random.Random) -> int:
    return rng.randint(1, 6)


def d10(rng: random.Random) -> int:
    return rng.randint(1, 10)


# ---- ASL ----------------------------------------------------------------

def dozer_clearance(rng, i) -> dict[str, bool]:
    # G15.21: the Clearance DR is made only if the dozer is still Mobile and no Melee exists in its hex.
    # DRM: +x Labor, +y leadership, -5 for the dozer, +TEM, -1 for each 25% (FRD) of its printed MP
    # allotment spent in Delay. B24.7 (not in our texts): a Final DR <= 2 succeeds.
    if not i["mobile"] or i["melee"]:
        return {"success_probability": False}
    quarter = i["printed_mp"] // 4  # 25%, fractions dropped
    drm = int(i["labor"]) + i["leadership"] - 5 + i["tem"] - i["delay_mp"] // quarter
    white, colored = d6(rng), d6(rng)
    return {"success_probability": white + colored + drm <= 2}


def dozer_house(rng, i) -> dict[str, bool]:
    # G15.25: one Original DR is the Bog DR (bogs only on 12) and the Original Clearance DR; DRM -5 for a
    # dozer, Labor Status, +3 if stone; rubbled if the Final DR is < 2 (or <= 2, the B24.7 reading) and the
    # dozer remains Mobile (a bogged dozer is not).
    original = d6(rng) + d6(rng)
    final = original - 5 + int(i["labor"]) + (3 if i["stone"] else 0)
    low_enough = final < 2 if i["reading"] == "printed" else final <= 2
    bogged = original == 12
    return {"rubble_probability": low_enough and not bogged, "bog_probability": bogged}


def dozer_driver(rng, i) -> dict[str, bool]:
    # G15.111: a Small-Arms/MG IFT DR [EXC: MOL] that would eliminate a non-Abandoned unarmored dozer kills
    # its Inherent Driver instead if that DR's Original colored dr is < 3; a "1" sniper dr kills the driver
    # unless the dozer is already Abandoned.
    white, colored = d6(rng), d6(rng)
    if i["attack"] == "sniper":
        return {"driver_killed_probability": not i["abandoned"]}
    if i["attack"] == "small-arms-mol" or i["abandoned"]:
        return {"driver_killed_probability": False}
    return {"driver_killed_probability": colored < 3 if i["reading"] == "printed" else colored <= 3}


# D.5B: "The DR deck consists of 36 cards (one 2, two 3's, three 4's, four 5's, five 6's, six 7's, five 8's,
# four 9's, three 10's, two Jacks (11's), and one Queen (12). The dr deck will consist of 24 cards (four each
# of Ace through 6)".
DR_DECK = [2] + [3] * 2 + [4] * 3 + [5] * 4 + [6] * 5 + [7] * 6 + [8] * 5 + [9] * 4 + [10] * 3 + [11] * 2 + [12]
DR_CARDS_DECK = [card for card in range(1, 7) for _ in range(4)]


def secret_dr(rng, i) -> dict[str, bool]:
    deck = list(DR_DECK if i["deck"] == "DR" else DR_CARDS_DECK)
    for card in filter(None, i["drawn"].split(",")):
        deck.remove(int(card))
    card = rng.choice(deck)
    roll = d6(rng) + d6(rng) if i["deck"] == "DR" else d6(rng)
    return {"deck_probability": card <= i["threshold"], "dice_probability": roll <= i["threshold"]}


# ---- Battlefront: WWII ------------------------------------------------------

def minefield_passage(rng, i) -> dict[str, bool]:
    # New Minefield Passage Modifiers, added to the d10 (higher is better); the chart's traverse figure is an
    # input. Only the modifiers a plain AT/AP field of one density uses are simulated here.
    modifier = {"dense": -1, "scattered": +1, "normal": 0}[i["density"]]
    modifier += i["surface_laid"] + i["lane"] + (i["unit"] == "tracked" and i["field"] == "ap")
    modifier += i["dr"] + i["combat_engineer"] - i["rapid_advance"]
    return {"traverse_chance": d10(rng) + modifier >= i["traverse_target"]}


def minefield_artillery(rng, i) -> dict[str, bool]:
    # "treat the field as dug-in troops. If a knocked-out result is rolled, then reduce the field density by
    # one category. A field may not have its density reduced below 'scattered.'" Knocked-out on
    # ``knockout_faces`` of the ten d10 results (the main rules' figure, an input).
    order = ["scattered", "normal", "dense"]
    level = order.index(i["density"])
    knocked_out = [d10(rng) <= i["knockout_faces"] for _ in range(i["strikes"])]
    for hit in knocked_out:
        if hit:
            level = max(level - 1, 0)
    return {"knockout_chance": knocked_out[0], "reduced_chance": level < order.index(i["density"])}


def demolition(rng, i) -> dict[str, bool]:
    # "roll a d10. On any roll but a 1, the action succeeds"; after a dud it "must be prepared again before
    # another demolition action can be attempted" (each attempt is one more roll).
    rolls = [d10(rng) for _ in range(i["attempts"])]
    return {"success_chance": rolls[0] != 1, "success_within": any(roll != 1 for roll in rolls)}


def fort_demolition(rng, i) -> dict[str, bool]:
    # "a successful demolition action to detonate it": the demolition action's d10, any roll but a 1.
    return {"detonation_chance": d10(rng) != 1}


def dd_tank(rng, i) -> dict[str, bool]:
    # "At the end of every movement phase that a DD tank moves amphibiously, roll a d10. On a roll of 1, the
    # tank sinks and is destroyed. Modify the die roll by -1 if the scenario specifies rough water."
    modifier = -1 if i["rough_water"] else 0
    rolls = [d10(rng) + modifier for _ in range(i["moves"])]
    return {"sink_chance": rolls[0] <= 1, "survival_chance": all(roll > 1 for roll in rolls)}


def bridge_span(rng, i) -> dict[str, bool]:
    # One Improved Position roll per engineering action: d10 + dr, -1 swollen river, +1 more than one unit;
    # "A successful roll results in the completion of one span."; built when all spans are placed.
    modifier = i["dr"] - i["swollen_river"] + i["more_than_one_unit"]
    first = d10(rng) + modifier >= i["ip_target"]
    spans = first + sum(d10(rng) + modifier >= i["ip_target"] for _ in range(i["turns"] - 1))
    return {"span_chance": first, "completion_chance": spans >= i["spans"]}


def roadblock(rng, i) -> dict[str, bool]:
    # "requires a successful Improve Position check, further modified by: -1 road through a clear area with no
    # trees, +1 road through a forested area or tree-lined lane. A successful demolition roll will result in
    # the creation of a roadblock." (demolition: any d10 roll but a 1)
    road = {"clear": -1, "forested": +1}.get(i["road"], 0)
    check = d10(rng) + road + i["other_modifiers"] >= i["ip_target"]
    return {"check_chance": check, "roadblock_chance": check and d10(rng) != 1}


@dataclass(frozen=True)
class Procedure:
    run: Callable[[random.Random, dict], dict[str, bool]]
    cases: tuple[dict, ...]  # raw inputs (missing ones take their defaults)


PROCEDURES = {
    "dozer-clearance": Procedure(dozer_clearance, (
        {},
        {"labor": "-2", "leadership": -1, "tem": 2, "printed_mp": 8, "delay_mp": 6},
        {"target": "cave", "position": "adjacent-entrance", "tem": 3, "printed_mp": 13, "delay_mp": 9},
        {"melee": True},
    )),
    "dozer-house": Procedure(dozer_house, (
        {}, {"stone": True, "labor": "-2"}, {"reading": "printed", "labor": "-1"},
    )),
    "dozer-driver": Procedure(dozer_driver, (
        {}, {"reading": "le"}, {"attack": "sniper"}, {"attack": "small-arms-mol"},
    )),
    "secret-dr": Procedure(secret_dr, (
        {}, {"deck": "DR", "drawn": "7,7,12,2", "threshold": 6}, {"deck": "dr", "drawn": "1,1,6", "threshold": 2},
    )),
    "minefield-passage": Procedure(minefield_passage, (
        {"field": "ap"},
        {"field": "ap", "density": "dense", "unit": "tracked", "dr": -2, "rapid_advance": True, "traverse_target": 5},
        {"field": "at", "density": "scattered", "unit": "wheeled", "surface_laid": True, "lane": True,
         "combat_engineer": True, "dr": 3, "traverse_target": 12},
    )),
    "minefield-artillery": Procedure(minefield_artillery, (
        {}, {"density": "dense", "knockout_faces": 3, "strikes": 4}, {"density": "scattered", "knockout_faces": 7},
    )),
    "demolition": Procedure(demolition, ({}, {"attempts": 3}, {"attempts": 10, "prepared": True})),
    "fort-demolition": Procedure(fort_demolition, ({}, {"charges": 3})),
    "dd-tank": Procedure(dd_tank, ({}, {"moves": 3, "rough_water": True}, {"moves": 12})),
    "bridge-span": Procedure(bridge_span, (
        {}, {"dr": 2, "more_than_one_unit": True, "spans": 3, "turns": 5},
        {"dr": -1, "swollen_river": True, "spans": 2, "turns": 8, "ip_target": 7},
    )),
    "roadblock": Procedure(roadblock, ({}, {"road": "clear", "other_modifiers": 1, "ip_target": 5})),
}


def is_dice_calculator(calc) -> bool:
    result = calc.run({})
    return result.distribution is not None or any(isinstance(o.value, Fraction) for o in result.outputs)


def test_every_dice_calculator_has_its_procedure_simulated():
    dice = {calc.id for calc in calculators.all_calculators() if is_dice_calculator(calc)}
    assert dice - PROCEDURES.keys() == set(), "write the rule's procedure for these here"


CASES = [(calc_id, raw) for calc_id, procedure in PROCEDURES.items() for raw in procedure.cases]


@pytest.mark.parametrize("calc_id, raw", CASES, ids=[f"{c}-{n}" for n, (c, _) in enumerate(CASES)])
def test_exact_probability_matches_the_rolled_procedure(calc_id, raw):
    calc = calculators.get(calc_id)
    inputs = calc.parse(raw)
    result = calc.run(raw)
    procedure = PROCEDURES[calc_id]
    rng = random.Random(f"{SEED}:{calc_id}:{sorted(raw.items())}")
    counts: dict[str, int] = {}
    for _ in range(ROLLS):
        for name, happened in procedure.run(rng, inputs).items():
            if happened:
                counts[name] = counts.get(name, 0) + 1
    checked = [name for name in procedure.run(random.Random(0), inputs)
               if isinstance(result.output(name), Fraction)]
    assert checked, f"{calc_id} {raw}: no probability output to check"
    for name in checked:
        exact = result.output(name)
        observed = counts.get(name, 0) / ROLLS
        error = math.sqrt(float(exact * (1 - exact)) / ROLLS)
        assert abs(observed - float(exact)) <= SIGMAS * error, (
            f"{calc_id} {raw}: {name} is {exact} = {float(exact):.5f} exactly, but the rule's procedure gave "
            f"{observed:.5f} over {ROLLS} rolls ({(observed - float(exact)) / error if error else math.inf:+.1f} sigma)")
