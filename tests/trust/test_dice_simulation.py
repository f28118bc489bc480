"""The exact maths and the procedure the rule describes cannot drift apart
(issue 6, "correctness cross-check").

For every dice calculator (its result for the default inputs holds a
probability or a distribution), the procedure is written out from the rule
text in ``dice_procedures/<ruleset>.py``, independently of ``calculators/``
(no ``dice.py``, no calculator internals): roll real dice with
``random.Random(seed)`` 200,000 times, apply the rule as the text states it,
count. Each exact probability the calculator reports must lie within 4.5
standard errors of the count (a fixed seed makes the test repeatable; 4.5
sigma makes a false alarm about 1 in 150,000 per check). A dice calculator
with no procedure fails here, naming the file to write it in.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
from fractions import Fraction

import pytest

import calculators

from newgame.hit import HIT

ROLLS = 200_000
SIGMAS = 4.5
SEED = 20261129


def procedures_of(ruleset: str) -> dict:
    """``dice_procedures/<ruleset>.py``'s ``PROCEDURES``; none if there is no such module."""
    name = f"dice_procedures.{ruleset}"
    return importlib.import_module(name).PROCEDURES if importlib.util.find_spec(name) else {}


RULESETS = sorted({calc.ruleset for calc in calculators.all_calculators()})
PROCEDURES = {calc_id: procedure for ruleset in RULESETS for calc_id, procedure in procedures_of(ruleset).items()}


def is_dice_calculator(calc) -> bool:
    result = calc.run({})
    return result.distribution is not None or any(isinstance(o.value, Fraction) for o in result.outputs)


def unsimulated(calcs) -> list[str]:
    """What is left for the authors of these calculators to write: a sentence per dice calculator with no procedure."""
    return [f"{calc.id} reports a probability that no rolled procedure checks: add PROCEDURES[{calc.id!r}] = "
            f"Procedure(run, cases) to tests/trust/dice_procedures/{calc.ruleset}.py (how: that folder's __init__.py "
            f"and calculators/README.md, \"Adding a calculator\")"
            for calc in calcs if is_dice_calculator(calc) and calc.id not in procedures_of(calc.ruleset)]


def test_every_dice_calculator_has_its_procedure_simulated():
    missing = unsimulated(calculators.all_calculators())
    assert not missing, "\n".join(missing)


def test_a_dice_calculator_with_no_procedure_is_named_with_the_file_to_write_it_in():
    [message] = unsimulated([HIT])
    assert message.startswith("newgame-hit reports a probability")
    assert "PROCEDURES['newgame-hit'] = Procedure(run, cases) to tests/trust/dice_procedures/newgame.py" in message


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_procedure_checks_a_dice_calculator_of_its_ruleset(ruleset):
    mine = {calc.id: calc for calc in calculators.all_calculators() if calc.ruleset == ruleset}
    for calc_id in procedures_of(ruleset):
        assert calc_id in mine, f"dice_procedures/{ruleset}.py: {calc_id!r} is no calculator of {ruleset}"
        assert is_dice_calculator(mine[calc_id]), f"dice_procedures/{ruleset}.py: {calc_id} reports no probability"


CASES = [(calc_id, raw) for calc_id, procedure in PROCEDURES.items() for raw in procedure.cases]


@pytest.mark.parametrize("calc_id, raw", CASES, ids=[f"{c}-{n}" for n, (c, _) in enumerate(CASES)])
def test_exact_probability_matches_the_rolled_procedure(calc_id, raw):
    calc = calculators.get(calc_id)
    inputs = calc.parse(raw)
    result = calc.run(raw)
    procedure = PROCEDURES[calc_id]
    rng = random.Random(f"{SEED}:{calc_id}:{sorted(raw.items())}")
    counts: dict[str, int] = {}
    for _ in range(ROLLS):
        for name, happened in procedure.run(rng, inputs).items():
            if happened:
                counts[name] = counts.get(name, 0) + 1
    checked = [name for name in procedure.run(random.Random(0), inputs)
               if isinstance(result.output(name), Fraction)]
    assert checked, f"{calc_id} {raw}: no probability output to check"
    for name in checked:
        exact = result.output(name)
        observed = counts.get(name, 0) / ROLLS
        error = math.sqrt(float(exact * (1 - exact)) / ROLLS)
        assert abs(observed - float(exact)) <= SIGMAS * error, (
            f"{calc_id} {raw}: {name} is {exact} = {float(exact):.5f} exactly, but the rule's procedure gave "
            f"{observed:.5f} over {ROLLS} rolls ({(observed - float(exact)) / error if error else math.inf:+.1f} sigma)")
