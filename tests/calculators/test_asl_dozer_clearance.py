"""dozer-clearance, worked by hand from G15.21, G15.22 and B24.7's Final DR <= 2."""

from __future__ import annotations

from fractions import Fraction

import pytest

import calculators
from calculators import InputError

CLEARANCE = calculators.get("dozer-clearance")
CAVE = {"target": "cave", "position": "adjacent-entrance"}


def run(**raw):
    return CLEARANCE.run(raw)


def test_g15_21_the_dozer_alone_gives_minus_5_and_succeeds_on_original_dr_7_or_less():
    # G15.21 "-5 for the dozer"; B24.7 success on a Final DR <= 2: Original DR <= 7 is 21 of 36.
    result = run()
    assert result.output("final_drm") == -5
    assert result.output("success_probability") == Fraction(21, 36)
    assert result.output("max_original_dr") == 7
    assert result.warnings == ()


@pytest.mark.parametrize("delay_mp, drm", [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (7, -3), (8, -4)])
def test_g15_21_delay_counts_each_full_quarter_of_printed_mp(delay_mp, drm):
    # G15.21: "-1 for each 25% (FRD) of its printed MP allotment ... spent in Delay"; 25% of 8 MP is 2 MP.
    assert run(delay_mp=str(delay_mp)).output("final_drm") == -5 + drm


@pytest.mark.parametrize("printed_mp, delay_mp, drm", [(10, 4, -2), (10, 5, -2), (10, 10, -5), (11, 11, -5),
                                                        (12, 11, -3), (12, 12, -4)])
def test_g15_21_a_quarter_of_the_printed_mp_is_rounded_down(printed_mp, delay_mp, drm):
    # G15.21 "25% (FRD)": 25% of 10 MP is 2.5, rounded down to 2 MP per -1; of 12 MP it is 3 MP.
    assert run(printed_mp=printed_mp, delay_mp=delay_mp).output("final_drm") == -5 + drm


def test_g15_21_every_drm_adds_up():
    # +x Labor Status (-1), +y leadership (-1 for a 9-1), -5 dozer, +2 dense jungle, -2 for 4 of 8 MP in Delay.
    result = run(labor="-1", leadership=-1, tem=2, delay_mp=4)
    assert result.output("final_drm") == -7
    # Final DR <= 2 means Original DR <= 9: 30 of 36.
    assert result.output("success_probability") == Fraction(30, 36)
    assert result.output("max_original_dr") == 9
    assert [step.rule for step in result.steps[:5]] == ["G15.21"] * 5


def test_b24_7_a_drm_of_minus_10_or_better_succeeds_on_every_dr():
    result = run(labor="-2", leadership=-3, delay_mp=8)
    assert result.output("final_drm") == -14
    assert result.output("success_probability") == 1
    assert result.output("max_original_dr") == 12


def test_b24_7_a_final_drm_of_plus_1_leaves_no_dr_that_succeeds():
    # -5 dozer +5 TEM +1 leadership: an Original 2 gives Final 3, more than 2.
    result = run(tem=5, leadership=1)
    assert result.output("final_drm") == 1
    assert result.output("success_probability") == 0
    assert result.output("max_original_dr") is None
    assert result.warnings == ()


def test_g15_21_delay_beyond_the_printed_mp_is_an_input_error():
    with pytest.raises(InputError) as caught:
        run(printed_mp=8, delay_mp=9)
    assert caught.value.field == "delay_mp"


@pytest.mark.parametrize(
    "raw, rule",
    [
        ({"mobile": False}, "G15.21"),
        ({"melee": True}, "G15.21"),
        ({"in_building": True}, "G15.21"),
        ({"target": "tunnel", "tunnel_friendly": False}, "G15.21"),
        ({"position": "other"}, "G15.21"),
        ({**CAVE, "upper_cliff": True}, "G15.22"),
        ({**CAVE, "cave_in_vca": False}, "G15.22"),
        ({**CAVE, "same_elevation": False}, "G15.22"),
        ({"target": "cave", "position": "same-hex"}, "G15.22"),
        ({"target": "cave", "depression_hex": True, "position": "adjacent-entrance"}, "G15.22"),
    ],
)
def test_g15_21_22_clearance_na_is_a_warning_citing_the_rule_and_zero_chance(raw, rule):
    result = CLEARANCE.run(raw)
    assert result.output("success_probability") == 0
    assert result.output("max_original_dr") is None
    assert result.warnings and all(warning.startswith("Clearance NA") for warning in result.warnings)
    assert any(rule in warning for warning in result.warnings)


def test_g15_22_a_cave_at_another_elevation_needs_crest_status():
    # G15.22: "the dozer must also be in Crest status (F5.42) when it declares - as well as when it makes"
    assert run(**CAVE, same_elevation=False, crest=True).output("success_probability") == Fraction(21, 36)


def test_g15_22_a_cave_in_a_depression_hex_is_cleared_as_per_15_21_from_the_same_hex():
    # G15.22 limits the ADJACENT/VCA procedure to a cave in a non-Depression hex.
    result = run(target="cave", depression_hex=True, position="same-hex", cave_in_vca=False)
    assert result.output("success_probability") == Fraction(21, 36)


def test_g15_21_a_tunnel_entrance_must_be_friendly_or_recovered():
    assert run(target="tunnel").output("success_probability") == Fraction(21, 36)
    assert run(target="tunnel", tunnel_friendly=False).output("success_probability") == 0


def test_b24_7_a_certain_clearance_lists_only_success():
    assert run(labor="-2", leadership=-3).distribution == (("Clearance succeeds", Fraction(1)),)
