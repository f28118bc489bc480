"""dozer-driver, from G15.111 (and D8.1 for the wreck)."""

from __future__ import annotations

from fractions import Fraction

import calculators

DRIVER = calculators.get("dozer-driver")


def run(**raw):
    return DRIVER.run(raw)


def test_g15_111_colored_dr_less_than_3_kills_the_driver_instead():
    # Original colored dr < 3 (as printed): a 1 or a 2, 2 of 6.
    result = run(reading="printed")
    assert result.output("driver_killed_probability") == Fraction(1, 3)
    assert dict(result.distribution) == {"Inherent Driver killed (dozer Abandoned)": Fraction(1, 3),
                                         "dozer eliminated": Fraction(2, 3)}


def test_g15_111_read_as_at_most_3_it_is_half_and_that_is_the_default():
    # The ≤ reading agrees with the rest of the rulebook (seeds README), so it is the default.
    assert run(reading="le").output("driver_killed_probability") == Fraction(1, 2)
    assert run().output("driver_killed_probability") == Fraction(1, 2)


def test_g15_111_an_attack_that_also_uses_mol_is_excepted():
    # "[EXC: one that also uses MOL]"
    assert run(attack="small-arms-mol").output("driver_killed_probability") == 0


def test_g15_111_an_abandoned_dozer_is_simply_eliminated():
    # "vs a non-Abandoned unarmored bulldozer"
    result = run(abandoned=True)
    assert result.output("driver_killed_probability") == 0
    assert result.output("outcome") == "dozer eliminated"


def test_g15_111_a_1_sniper_dr_kills_the_driver_instead_of_immobilizing():
    result = run(attack="sniper")
    assert result.output("driver_killed_probability") == 1
    assert result.output("outcome") == "Inherent Driver killed (dozer Abandoned)"


def test_g15_111_a_1_sniper_dr_vs_an_abandoned_dozer_makes_a_wreck():
    # "[EXC: if the dozer is already Abandoned, it is immobilized (and thus becomes a wreck; D8.1)]"
    result = run(attack="sniper", abandoned=True)
    assert result.output("driver_killed_probability") == 0
    assert result.output("outcome") == "dozer immobilized (a wreck; D8.1)"
    assert [step.rule for step in result.steps] == ["G15.111", "D8.1"]
