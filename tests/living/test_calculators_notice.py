"""A calculator implements rules; when one of them changes in the current version, ``ruleref check``
fails until the calculator's declaration says it was reviewed against that version (issue 13, item 4).

The ferries rulebook's second printing changes Z1.1 ("all its MF" -> "half its MF").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from build_tools.calculator_review import unreviewed
from build_tools.rulesets import load_rulesets
from calculators.model import Calculator, Output, Result, Step

from test_versions import ferries  # noqa: F401 (the fixture: both printings imported)


def compute(inputs):
    # Z1.1 (second printing): "A unit loads onto a ferry by spending half its MF in the ferry's hex."
    return Result(outputs=(Output("share", "Share of its MF spent to load", Fraction(1, 2), "Z1.1"),),
                  steps=(Step("Loading costs half the unit's MF", "Z1.1"),))


LOADING = Calculator(id="ferry-loading", title="Loading a Ferry", ruleset="ferries", rules=("Z1.1", "Z1.2"),
                     summary="What loading costs.", inputs=(), compute=compute)


def problems(project, calc):
    return unreviewed(project / "docs", load_rulesets(project / "rulesets"), [calc])


def test_a_calculator_of_a_changed_rule_fails_the_check_naming_the_rule_version_and_fix(ferries):
    [problem] = problems(ferries, LOADING)
    assert "ferry-loading implements Z1.1, whose text changed in Second printing" in problem
    assert "add reviewed={'Z1.1': 'Second printing'} to its declaration" in problem
    assert problem.startswith("tests/living/test_calculators_notice.py:")  # where the declaration is


def test_the_check_passes_once_the_calculator_is_reviewed_against_the_new_version(ferries):
    assert problems(ferries, replace(LOADING, reviewed={"Z1.1": "Second printing"})) == []


@pytest.mark.parametrize("reviewed", [{}, {"Z1.1": "first import"}, {"Z1.2": "Second printing"}])
def test_a_review_of_another_version_or_rule_does_not_count(ferries, reviewed):
    assert len(problems(ferries, replace(LOADING, reviewed=reviewed))) == 1


def test_a_calculator_of_unchanged_rules_needs_no_review(ferries):
    assert problems(ferries, replace(LOADING, rules=("Z1.2",))) == []


def test_a_reviewed_calculator_says_which_version_of_the_rule_it_implements(ferries):
    from build_tools.markdown.calculators import render_calculator
    from build_tools.rule_index import RuleIndex

    index = RuleIndex.from_docs(ferries / "docs", load_rulesets(ferries / "rulesets"))
    section = render_calculator(replace(LOADING, reviewed={"Z1.1": "Second printing"}), index, "ferries/z1-ferries.md")
    [line] = [p for p in section.iter("p") if p.get("class") == "rr-calc__reviewed"]
    assert "".join(line.itertext()) == "Implements Z1.1 as of Second printing."
