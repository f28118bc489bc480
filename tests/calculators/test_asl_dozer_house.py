"""dozer-house, worked by hand from G15.25 (one DR: Bog DR and Original Clearance DR)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import calculators

HOUSE = calculators.get("dozer-house")


def run(**raw):
    return HOUSE.run(raw)


@pytest.mark.parametrize(
    "raw, drm, rubble",
    [
        # -5 for a dozer; <= 2 reading: Original DR <= 7 (21 of 36)
        ({}, -5, Fraction(21, 36)),
        # "< 2" as printed: Original DR <= 6 (15 of 36)
        ({"reading": "printed"}, -5, Fraction(15, 36)),
        # "+3 if the Single-Story House is stone": <= 2 needs Original <= 4 (6 of 36)
        ({"stone": True}, -2, Fraction(6, 36)),
        ({"stone": True, "reading": "printed"}, -2, Fraction(3, 36)),
        # accumulated Labor Status -2 with stone: Original <= 6 (15 of 36)
        ({"stone": True, "labor": "-2"}, -4, Fraction(15, 36)),
    ],
)
def test_g15_25_only_the_dozer_labor_and_stone_drm_apply(raw, drm, rubble):
    result = HOUSE.run(raw)
    assert result.output("final_drm") == drm
    assert result.output("rubble_probability") == rubble


def test_g15_25_bog_only_on_an_original_bog_dr_of_12():
    assert run().output("bog_probability") == Fraction(1, 36)
    assert run(stone=True, labor="-1").output("bog_probability") == Fraction(1, 36)


def test_g15_25_a_dr_that_bogs_never_rubbles():
    # With -7 (dozer, Labor -2) an Original 12 is Final 5: not <= 2, and a bogged dozer is not Mobile (D.7).
    result = run(labor="-2")
    outcomes = dict(result.distribution)
    assert outcomes["bogged, house stands"] == Fraction(1, 36)
    assert outcomes["house rubbled"] == Fraction(30, 36)
    assert sum(outcomes.values()) == 1
    assert any(step.rule == "D.7" and "never rubbles" in step.text for step in result.steps)


def test_g15_25_says_which_reading_of_less_than_2_it_used():
    printed = [step for step in run(reading="printed").steps if step.text.startswith("Rubbled on")]
    reading_le = [step for step in run(reading="le").steps if step.text.startswith("Rubbled on")]
    assert printed[0].text.endswith("< 2, as printed in G15.25") and printed[0].rule == "G15.25"
    assert "≤ 2" in reading_le[0].text and reading_le[0].rule == "B24.7"


def test_g15_25_default_reading_agrees_with_b24_7():
    assert HOUSE.parse({})["reading"] == "le"


@pytest.mark.parametrize("raw", [{"ti": True}, {"mobile": False}, {"friendly_inside": True}])
def test_g15_25_only_a_non_ti_mobile_dozer_and_an_empty_house(raw):
    result = HOUSE.run(raw)
    assert result.output("rubble_probability") == 0
    assert result.output("bog_probability") is None
    assert len(result.warnings) == 1 and result.warnings[0].endswith("(G15.25).")
