"""DD Sherman swimming (dd-shermans), worked by hand from the Engineering rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

import calculators

DD = calculators.get("dd-tank")


# dd-shermans
def test_a_dd_tank_sinks_on_a_1():
    # "At the end of every movement phase that a DD tank moves amphibiously, roll a d10. On a roll of 1,
    # the tank sinks and is destroyed."
    result = DD.run({"moves": 1})
    assert result.output("sink_chance") == Fraction(1, 10)
    assert result.output("survival_chance") == Fraction(9, 10)


def test_rough_water_makes_a_2_sink_too_so_8_in_10_survive_each_move():
    # "Modify the die roll by -1 if the scenario specifies rough water": a natural 2 becomes a 1.
    result = DD.run({"moves": 1, "rough_water": True})
    assert result.output("sink_chance") == Fraction(2, 10)
    assert result.output("survival_chance") == Fraction(8, 10)


@pytest.mark.parametrize("rough, afloat", [(False, Fraction(9, 10)), (True, Fraction(8, 10))])
def test_survival_over_several_moves_multiplies(rough, afloat):
    result = DD.run({"moves": 3, "rough_water": rough})
    assert result.output("survival_chance") == afloat**3
    distribution = dict(result.distribution)
    assert distribution["sinks at the end of movement phase 2"] == afloat * (1 - afloat)
    assert sum(distribution.values()) == 1
