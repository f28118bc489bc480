"""The dice procedures of Battlefront: WWII's calculators, written out from the rule text for
``test_dice_simulation.py``: calculator id -> ``Procedure``."""

from __future__ import annotations

from dice_procedures import Procedure, d10


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


PROCEDURES = {
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
