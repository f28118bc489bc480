"""Demolition actions (demolition-action, conger), worked by hand from the Engineering rules."""

from __future__ import annotations

from fractions import Fraction

import calculators

DEMOLITION = calculators.get("demolition")


# demolition-action
def test_a_1_fails_on_the_d10_so_a_demolition_succeeds_9_in_10():
    # "On any roll but a 1, the action succeeds"
    result = DEMOLITION.run({})
    assert result.output("success_chance") == Fraction(9, 10)
    assert result.distribution == (("succeeds on attempt 1", Fraction(9, 10)), ("no success in 1 attempt(s)", Fraction(1, 10)))


def test_three_attempts_fail_only_on_three_duds():
    # Each dud "must be prepared again before another demolition action can be attempted":
    # attempt k is made with chance (1/10)^(k-1); all three fail with (1/10)^3.
    result = DEMOLITION.run({"task": "line-charge", "attempts": 3})
    assert result.output("success_within") == Fraction(999, 1000)
    assert result.output("expected_demolition_actions") == "111/100 (1.110)"  # 1 + 1/10 + 1/100
    assert result.output("expected_preparation_actions") == "111/100 (1.110)"  # one action each (line charge)
    assert dict(result.distribution)["succeeds on attempt 3"] == Fraction(9, 1000)


def test_a_two_action_preparation_costs_twice_per_re_preparation():
    # clearing-a-roadblock-with-explosives: "requires two engineering actions by a combat engineer"
    result = DEMOLITION.run({"task": "roadblock-explosives", "attempts": 2})
    assert result.output("expected_preparation_actions") == "11/5 (2.200)"  # 2 x (1 + 1/10)


def test_a_scenario_prepared_demolition_needs_no_first_preparation():
    # "you can specify in a scenario that demolitions are already prepared"
    result = DEMOLITION.run({"task": "bocage-demolition", "attempts": 2, "prepared": True})
    assert result.output("expected_preparation_actions") == "1/5 (0.200)"  # 2 actions, only after a dud (1/10)
    assert DEMOLITION.run({"prepared": True}).output("expected_preparation_actions") == "0"


def test_the_conger_is_one_shot_over_two_consecutive_turns():
    # conger: "The Conger can only be used once. Once it has been used (including in unsuccessful demoliton
    # actions), the vehicle reverts to being a normal AVRE." Hidden attempts/prepared change nothing.
    result = DEMOLITION.run({"task": "conger", "attempts": 5, "prepared": True})
    assert result.output("success_within") == Fraction(9, 10)
    assert result.output("expected_preparation_actions") == "1"
    assert any("consectutive turns" in step.text for step in result.steps)
