"""Demolitions and the AVRE against a fort (attacking-the-fort, setting-up-the-fort)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import calculators

FORT = calculators.get("fort-demolition")


@pytest.mark.parametrize("charges, attack", [(1, 4), (2, 6), (3, 8), (5, 12)])
def test_a_demolition_attacks_at_4_plus_2_per_additional_charge(charges, attack):
    # "Each demolition has an attack value of 4" ... "Each additional demolition adds +2 to the attack."
    result = FORT.run({"charges": charges, "armour": 3})
    assert result.output("attack_value") == attack
    assert result.output("preparation_actions") == charges  # one engineering action to prepare each


def test_the_armour_is_a_negative_modifier():
    # "Attacks are resolved using the structure's armour value as a negative modifier."
    result = FORT.run({"charges": 2, "armour": 5})
    assert result.output("modifier") == -5
    assert result.output("modified_attack") == 1


def test_the_charges_go_off_on_any_roll_but_a_1():
    # demolition-action: "a successful demolition action to detonate it"
    assert FORT.run({}).output("detonation_chance") == Fraction(9, 10)


def test_suppressed_or_better_reduces_the_armour_by_1():
    # "Like the AVRE's petard, a result of suppressed or better will permanently reduce the armour value of
    # the fort by 1."
    result = FORT.run({"armour": 4})
    assert result.output("armour_after") == 3
    assert result.output("rubble") is False


def test_avre_reducing_the_armour_to_1_leaves_rubble():
    # "If the armour value is reduced to 1, the fort is reduced to rubble, but the occupants survive."
    result = FORT.run({"method": "avre", "avre_attack": 5, "armour": 2})
    assert result.output("armour_after") == 1
    assert result.output("rubble") is True
    assert result.output("attack_value") == 5
    assert result.output("preparation_actions") is None


def test_avre_strength_below_the_armour_has_no_effect():
    # "The unmodified strength of the weapon must equal or exceed the armour rating of the fort to have any effect."
    assert FORT.run({"method": "avre", "avre_attack": 3, "armour": 4}).output("strength_meets_armour") is False
    assert FORT.run({"method": "avre", "avre_attack": 4, "armour": 4}).output("strength_meets_armour") is True


def test_one_charge_against_heavy_armour_warns_about_the_strength_rule():
    # A single charge (4) against armour 6: the text does not say whether the direct-fire strength rule binds it.
    result = FORT.run({"charges": 1, "armour": 6})
    assert result.output("strength_meets_armour") is False
    assert any("does not say whether it binds demolitions" in warning for warning in result.warnings)
    assert FORT.run({"charges": 2, "armour": 6}).warnings == ()
