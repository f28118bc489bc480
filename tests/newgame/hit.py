"""Does one shot hit (1.1)? The rule fixes everything, so the calculator takes no inputs."""

from __future__ import annotations

from typing import Mapping

from calculators.dice import d6
from calculators.model import Calculator, Output, Result, Step

from .rolls import HIT_ON


def compute(inputs: Mapping[str, object]) -> Result:
    hit = d6().at_least(HIT_ON)
    return Result(
        outputs=(Output("hit_probability", "Probability of a hit", hit, "1.1"),),
        steps=(Step(f"Roll one die: a {HIT_ON} hits", "1.1"),),
        distribution=(("Hit", hit), ("Miss", 1 - hit)),
    )


HIT = Calculator(
    id="newgame-hit",
    title="One Shot",
    ruleset="newgame",
    rules=("1.1",),
    summary="The chance that one shot hits.",
    inputs=(),
    compute=compute,
)

CALCULATORS = (HIT,)
