"""Every Battlefront calculator cites sections that exist and quotes the text word for word."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

import calculators

SOURCE = Path(__file__).resolve().parents[2] / "rulesets/battlefront/sources/engineering-rules.txt"
RAW = SOURCE.read_text(encoding="utf-8")
# Table rows read as their cells: "| Dense field | -1 |" is quoted as "Dense field -1".
TEXT = re.sub(r"\s+", " ", RAW.replace("|", " "))
BATTLEFRONT = [calc for calc in calculators.all_calculators() if calc.ruleset == "battlefront"]
QUOTE = re.compile(r'"(.+?)"(?=[\s.,:;)]|$)')


def slug(line: str) -> str:
    """A section's ID (ARCHITECTURE.md): lower case, non-alphanumerics collapsed to "-",
    a stray trailing "Table of Contents" removed."""
    line = line.strip()
    if line.endswith(" Table of Contents"):
        line = line[: -len(" Table of Contents")]
    return re.sub(r"[^a-z0-9]+", "-", line.lower()).strip("-")


SECTIONS = {slug(line) for line in RAW.splitlines() if line.strip()}

# Inputs that exercise every branch that writes steps.
RUNS = {
    "minefield-passage": [{"field": f, "unit": u, "mixed_roll": m} for f, u, m in itertools.product(
        ("at", "ap", "mixed", "dummy"), ("troops", "tracked"), ("at", "ap", "denser"))],
    "engineering-task": [{"task": value} for value, _ in calculators.get("engineering-task").inputs[0].choices],
    "demolition": [{"task": value, "prepared": True} for value, _ in calculators.get("demolition").inputs[0].choices],
    "fort-demolition": [{"charges": 2}, {"method": "avre"}],
}


def test_there_are_battlefront_calculators():
    assert {calc.id for calc in BATTLEFRONT} >= {
        "minefield-passage", "engineering-task", "demolition", "dd-tank", "fort-demolition", "bridge-span",
        "roadblock", "minefield-artillery",
    }


@pytest.mark.parametrize("calc", BATTLEFRONT, ids=lambda calc: calc.id)
def test_every_cited_rule_is_a_section_title_of_the_text(calc):
    results = [calc.run(raw) for raw in RUNS.get(calc.id, [{}])]
    cited = set(calc.rules) | {item.rule for item in calc.inputs if item.rule}
    for result in results:
        cited |= {step.rule for step in result.steps} | {output.rule for output in result.outputs}
        assert all(step.rule for step in result.steps)
    assert cited <= SECTIONS, cited - SECTIONS


@pytest.mark.parametrize("calc", BATTLEFRONT, ids=lambda calc: calc.id)
def test_every_quotation_in_the_steps_is_verbatim(calc):
    for raw in RUNS.get(calc.id, [{}]):
        for step in calc.run(raw).steps:
            for quoted in QUOTE.findall(step.text):
                assert quoted in TEXT, (step.text, quoted)
