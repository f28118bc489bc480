"""A calculator implements rules; when one of them changes in the current version, or a version removes
one, ``ruleref check`` fails until the calculator's declaration says it was reviewed against that version
(issue 13, item 4), and a citation of a removed rule links to where it stood, marked removed.

The ferries rulebook's second printing changes Z1.1 ("all its MF" -> "half its MF") and drops Z1.4.
"""

from __future__ import annotations

import xml.etree.ElementTree as etree
from dataclasses import replace
from fractions import Fraction

import pytest

from build_tools.calculator_review import unreviewed
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets
from calculators.model import Calculator, Output, Result, Step

from test_versions import ferries  # noqa: F401 (the fixture: both printings imported)


def compute(inputs):
    # Z1.1 (second printing): "A unit loads onto a ferry by spending half its MF in the ferry's hex."
    return Result(outputs=(Output("share", "Share of its MF spent to load", Fraction(1, 2), "Z1.1"),),
                  steps=(Step("Loading costs half the unit's MF", "Z1.1"),))


LOADING = Calculator(id="ferry-loading", title="Loading a Ferry", ruleset="ferries", rules=("Z1.1", "Z1.2"),
                     summary="What loading costs.", inputs=(), compute=compute)


def cross_at_night(inputs):
    # Z1.4 (first printing, dropped in the second): "Ferries may not cross at night."
    return Result(outputs=(Output("crossings", "Crossings at night", 0, "Z1.4"),),
                  steps=(Step("A ferry may not cross at night", "Z1.4"),))


NIGHT = Calculator(id="ferry-night", title="Crossing at Night", ruleset="ferries", rules=("Z1.4",),
                   summary="Whether a ferry crosses at night.", inputs=(), compute=cross_at_night)


def problems(project, calc):
    return unreviewed(RuleIndex.from_docs(project / "docs", load_rulesets(project / "rulesets")), [calc])


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


def test_a_calculator_of_a_removed_rule_fails_the_check_until_it_is_reviewed(ferries):
    [problem] = problems(ferries, NIGHT)
    assert ("ferry-night implements Z1.4, which was removed in Second printing "
            "(see docs/ferries/z1-ferries.md#Z1.4); update the calculator to the rules in force and take Z1.4 out "
            "of its rules, or, if the rule's last text still applies, add reviewed={'Z1.4': 'Second printing'} "
            "to its declaration") in problem
    assert problem.startswith("tests/living/test_calculators_notice.py:")
    assert problems(ferries, replace(NIGHT, reviewed={"Z1.4": "Second printing"})) == []


def test_a_calculator_citing_a_removed_rule_links_to_its_tombstone_marked_removed(ferries):
    from build_tools.markdown.calculators import render_calculator
    from build_tools.rule_index import RuleIndex

    index = RuleIndex.from_docs(ferries / "docs", load_rulesets(ferries / "rulesets"))
    section = render_calculator(NIGHT, index, "ferries/z1-ferries.md")
    [output] = section.iterfind(".//dd")
    [step] = section.iterfind(".//details/ol/li")
    removed = ('(<a class="rr-ref rr-ref--removed" data-rule="Z1.4" href="#Z1.4" '
               'title="Z1.4 was removed in Second printing">Z1.4</a>)')
    assert etree.tostring(output, encoding="unicode") == f'<dd><span class="rr-calc__value">0</span> {removed}</dd>'
    assert etree.tostring(step, encoding="unicode") == f"<li>A ferry may not cross at night {removed}</li>"


def test_the_calculators_table_links_a_removed_rule_to_where_it_stood(ferries, monkeypatch):
    import calculators
    from build_tools.markdown.calculators import calculator_table
    from build_tools.rule_index import RuleIndex

    monkeypatch.setattr(calculators, "all_calculators", lambda: [NIGHT])
    index = RuleIndex.from_docs(ferries / "docs", load_rulesets(ferries / "rulesets"))
    row = next(line for line in calculator_table(index, {}, "calculators.md") if line.startswith("| Crossing"))
    assert row == "| Crossing at Night | [Z1.4 (removed in Second printing)](ferries/z1-ferries.md#Z1.4) | not placed |"
