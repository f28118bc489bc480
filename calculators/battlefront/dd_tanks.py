"""DD Shermans moving amphibiously: a d10 at the end of each movement phase,
and a 1 sinks the tank."""

from __future__ import annotations

from typing import Mapping

from calculators.dice import d10
from calculators.model import BooleanInput, Calculator, IntegerInput, Output, Result, Step

RULE = "dd-shermans"


def _compute(inputs: Mapping[str, object]) -> Result:
    moves, rough = inputs["moves"], inputs["rough_water"]
    modifier = -1 if rough else 0
    # "On a roll of 1, the tank sinks": with the -1 a modified 1 or less sinks, so a natural 2 as well.
    sinks = (d10() + modifier).at_most(1)
    floats = 1 - sinks
    steps = [
        Step(
            '"At the end of every movement phase that a DD tank moves amphibiously, roll a d10. On a roll of 1, '
            'the tank sinks and is destroyed."',
            RULE,
        ),
    ]
    if rough:
        steps.append(
            Step(
                '"Modify the die roll by -1 if the scenario specifies rough water." A modified 1 or less sinks: '
                "natural 1 or 2.",
                RULE,
            )
        )
    steps.append(Step(f"Sinks at the end of a movement phase: {sinks}; stays afloat: {floats}.", RULE))
    survives = floats**moves
    steps.append(Step(f"Afloat after {moves} movement phase(s): ({floats})^{moves} = {survives}.", RULE))
    steps.append(
        Step(
            '"Any DISORDER result combat result will also destroy a DD tank using amphibious movement." Not '
            "counted here.",
            RULE,
        )
    )
    distribution = tuple(
        (f"sinks at the end of movement phase {k}", floats ** (k - 1) * sinks) for k in range(1, moves + 1)
    ) + ((f"afloat after {moves} movement phase(s)", survives),)
    return Result(
        outputs=(
            Output("sink_chance", "Sinks at the end of a movement phase", sinks, RULE),
            Output("survival_chance", f"Afloat after {moves} movement phase(s)", survives, RULE),
        ),
        steps=tuple(steps),
        distribution=distribution,
    )


CALCULATORS = (
    Calculator(
        id="dd-tank",
        title="DD Sherman Swimming",
        ruleset="battlefront",
        rules=(RULE,),
        summary="Chance a DD tank sinks at the end of each movement phase it moves amphibiously (d10, a 1 "
        "sinks, -1 in rough water), and its chance to stay afloat over several.",
        inputs=(
            IntegerInput(
                "moves", "Movement phases moving amphibiously", 1, 1, 20, rule=RULE
            ),
            BooleanInput(
                "rough_water",
                "Rough water (scenario)",
                False,
                rule=RULE,
            ),
        ),
        compute=_compute,
    ),
)
