"""Rules are quoted verbatim: every quoted fragment in an ASL calculator's steps
and warnings ("...", [EXC: ...], [ERRATA: ...]) is in the source text."""

from __future__ import annotations

import itertools
import re

import pytest

import calculators
from calculators import InputError
from calculators.model import BooleanInput, ChoiceInput, IntegerInput

ASL = [calc for calc in calculators.all_calculators() if calc.ruleset == "asl"]
QUOTED = re.compile(r"\[(?:EXC|ERRATA): .*?\]|\"[^\"]+\"")


def domain(item):
    if isinstance(item, ChoiceInput):
        return [value for value, _ in item.choices]
    if isinstance(item, BooleanInput):
        return [True, False]
    if isinstance(item, IntegerInput):
        return [item.minimum, item.default, item.maximum]
    return [item.default]


def pair_changes(calc):
    """The defaults with every pair of inputs set to every pair of their values (choices, booleans, limits)."""
    for first, second in itertools.combinations(calc.inputs, 2):
        for a, b in itertools.product(domain(first), domain(second)):
            yield {first.name: a, second.name: b}


def texts(calc):
    seen = []
    for raw in pair_changes(calc):
        try:
            result = calc.run(raw)
        except InputError:
            continue
        seen += [step.text for step in result.steps] + list(result.warnings)
    return seen


@pytest.mark.parametrize("calc", ASL, ids=[calc.id for calc in ASL])
def test_quoted_rule_text_is_verbatim(calc, project):
    sources = "\n".join(path.read_text(encoding="utf-8")
                        for path in sorted((project / "rulesets/asl/sources").glob("*.txt")))
    quoted = {match.group(0).strip('"') for text in texts(calc) for match in QUOTED.finditer(text)}
    for fragment in quoted:
        for piece in fragment.split(" ... "):
            assert piece in sources, f"{calc.id}: {piece!r} is not in the rule text"
