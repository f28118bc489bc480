"""vehicle-mobile, from D.7 (Mobile/immobile) and D.3 (Prep Fire)."""

from __future__ import annotations

import pytest

import calculators

MOBILE = calculators.get("vehicle-mobile")


def run(**raw):
    result = MOBILE.run(raw)
    return result.output("mobile"), result.output("can_move_this_mph")


def test_d_7_a_vehicle_with_nothing_wrong_is_mobile_and_moves():
    assert run() == (True, True)


@pytest.mark.parametrize("cause", ["bogged", "immobilized", "abandoned", "crew_broken", "crew_shocked",
                                   "crew_stunned"])
def test_d_7_bogged_immobilized_abandoned_or_a_broken_shocked_stunned_crew_is_immobile(cause):
    assert run(**{cause: True}) == (False, False)


@pytest.mark.parametrize("cause, rule", [("radioless", "D.7"), ("ti", "D.7"), ("prep_fired", "D.3")])
def test_d_7_radioless_ti_or_prep_fired_cannot_move_but_is_still_mobile(cause, rule):
    result = MOBILE.run({cause: True})
    assert (result.output("mobile"), result.output("can_move_this_mph")) == (True, False)
    assert result.outputs[1].rule == rule


def test_d_7_an_abandoned_vehicle_has_no_crew_to_break():
    result = MOBILE.run({"abandoned": True, "crew_broken": True})
    assert [step.text for step in result.steps] == ["Immobile: Abandoned"]
