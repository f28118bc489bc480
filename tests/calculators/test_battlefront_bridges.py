"""Pontoon bridge spans (building-pontoon-bridges), worked by hand from the Engineering rules."""

from __future__ import annotations

from fractions import Fraction

import calculators

BRIDGE = calculators.get("bridge-span")


# building-pontoon-bridges
def test_primary_builders_dr_swollen_river_and_helpers():
    # "+- dr discipline rating of primary bridge builder." "-1 attempting to bridge a swollen river"
    # "+1 more than one unit working on the same bridge span (max modifier of +1)"
    assert BRIDGE.run({"dr": -2}).output("total_modifier") == -2
    assert BRIDGE.run({"dr": 1, "swollen_river": True}).output("total_modifier") == 0
    assert BRIDGE.run({"dr": 1, "swollen_river": True, "more_than_one_unit": True}).output("total_modifier") == 1


def test_one_span_per_successful_roll():
    # Table target 6 (entered), +1: a d10 succeeds on 5-10, 6/10 a roll.
    # Two spans within four rolls: at least two successes of four, 1 - (2/5)^4 - 4 x 3/5 x (2/5)^3 = 513/625.
    result = BRIDGE.run({"dr": 1, "spans": 2, "turns": 4, "ip_target": 6})
    assert result.output("span_chance") == Fraction(3, 5)
    assert result.output("completion_chance") == Fraction(513, 625)
    assert result.output("expected_rolls") == "10/3 (3.333)"  # 2 spans / (3/5)
    assert dict(result.distribution) == {
        "0 of 2 span(s) built": Fraction(16, 625),
        "1 of 2 span(s) built": Fraction(96, 625),
        "bridge built (2 span(s))": Fraction(513, 625),
    }


def test_a_bridge_that_can_never_be_built():
    # dr -3 and a swollen river against a table target of 10: no d10 reaches it.
    result = BRIDGE.run({"dr": -3, "swollen_river": True, "ip_target": 10})
    assert result.output("span_chance") == 0
    assert result.output("expected_rolls") is None
    assert result.output("completion_chance") == 0
