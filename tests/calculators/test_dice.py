"""Exact dice: the ASL dr and DR, the colored die of a DR, the Battlefront d10."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.dice import Distribution, d6, d10, die, dr_colored, dr_total


def test_a_dr_is_one_sixth_each():
    assert list(d6()) == [(face, Fraction(1, 6)) for face in range(1, 7)]


def test_a_d10_is_one_tenth_each_from_1_to_10():
    assert d10().outcomes() == tuple(range(1, 11))
    assert {p for _, p in d10()} == {Fraction(1, 10)}


def test_a_dr_is_the_sum_of_two_dr():
    assert d6() + d6() == dr_total()


@pytest.mark.parametrize("total, ways", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 5), (9, 4), (10, 3),
                                         (11, 2), (12, 1)])
def test_dr_totals_count_the_ways_of_36(total, ways):
    assert dr_total().probability_of(total) == Fraction(ways, 36)


def test_a_dr_kept_as_white_and_colored_has_36_equal_outcomes():
    assert len(dr_colored()) == 36
    assert dr_colored().probability_of((1, 2)) == Fraction(1, 36)


def test_colored_die_of_a_dr_is_a_plain_dr():
    # G15.111 reads the Original colored dr of an IFT DR.
    assert dr_colored().map(lambda dice: dice[1]) == d6()


def test_shifting_by_a_drm_moves_every_outcome():
    shifted = dr_total() + -5
    assert shifted.outcomes() == tuple(range(-3, 8))
    assert shifted.at_most(2) == dr_total().at_most(7) == Fraction(21, 36)
    assert dr_total().shift(3) == 3 + dr_total()


def test_thresholds_are_inclusive_and_complementary():
    for threshold in range(1, 14):
        assert dr_total().at_most(threshold) + dr_total().at_least(threshold + 1) == 1


def test_probability_of_a_predicate():
    assert d6().probability(lambda face: face % 2 == 0) == Fraction(1, 2)


def test_outcomes_that_map_together_add_up():
    assert d10().map(lambda roll: roll == 1) == Distribution({True: 1, False: 9})


def test_weights_are_normalised_and_zero_weights_dropped():
    assert list(Distribution({"a": 2, "b": 0, "c": 6})) == [("a", Fraction(1, 4)), ("c", Fraction(3, 4))]


def test_uniform_counts_repeated_outcomes():
    assert Distribution.uniform([7, 7, 12]).probability_of(7) == Fraction(2, 3)


@pytest.mark.parametrize("weights", [{}, {1: 0}, {1: -1, 2: 2}])
def test_a_distribution_needs_positive_total_weight(weights):
    with pytest.raises(ValueError):
        Distribution(weights)


def test_no_floats_anywhere():
    assert all(type(p) is Fraction for sides in (6, 10) for _, p in die(sides))
    assert all(type(p) is Fraction for _, p in dr_total() + d10())
