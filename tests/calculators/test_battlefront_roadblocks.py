"""Creating and clearing a roadblock (creating-a-roadblock), worked by hand from the Engineering rules."""

from __future__ import annotations

from fractions import Fraction

import calculators

ROADBLOCK = calculators.get("roadblock")


# creating-a-roadblock
def test_roadblock_clear_area_is_minus_1_forested_plus_1():
    # "-1 road through a clear area with no trees" "+1 road through a forested area or tree-lined lane."
    assert ROADBLOCK.run({"road": "clear"}).output("total_modifier") == -1
    assert ROADBLOCK.run({"road": "forested", "other_modifiers": 1}).output("total_modifier") == 2


def test_roadblock_needs_the_check_and_then_a_demolition_roll():
    # Check on 6+ with +1: 6/10; "A successful demolition roll will result in the creation of a roadblock": 9/10.
    result = ROADBLOCK.run({"road": "forested", "ip_target": 6})
    assert result.output("check_chance") == Fraction(3, 5)
    assert result.output("roadblock_chance") == Fraction(27, 50)


def test_clearing_a_roadblock_takes_two_actions_either_way():
    # clearing-a-roadblock-with-bulldozers: "perform two engineering actions"
    # clearing-a-roadblock-with-explosives: "requires two engineering actions by a combat engineer"
    result = ROADBLOCK.run({})
    assert result.output("clear_dozer_actions") == 2
    assert result.output("clear_explosives_actions") == 2
