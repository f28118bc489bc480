"""Attacks vs an unarmored bulldozer that kill its Inherent Driver instead
of eliminating or immobilizing the dozer (G15.111)."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from calculators.dice import d6
from calculators.model import BooleanInput, Calculator, ChoiceInput, Output, Result, Step

DRIVER_KILLED = "Inherent Driver killed (dozer Abandoned)"
ELIMINATED = "dozer eliminated"
WRECK = "dozer immobilized (a wreck; D8.1)"
COLORED_BELOW = 3  # G15.111 prints "< 3"

READINGS = {
    "printed": ("< 3, as printed", lambda dr: dr < COLORED_BELOW),
    "le": ("≤ 3 (the printed \"<\" read as \"≤\")", lambda dr: dr <= COLORED_BELOW),
}

INPUTS = (
    ChoiceInput(
        name="attack",
        label="Attack",
        default="small-arms",
        choices=(
            ("small-arms", "Small-Arms/MG attack whose IFT DR would eliminate the dozer"),
            ("small-arms-mol", "Small-Arms/MG attack that also uses MOL"),
            ("sniper", "a \"1\" sniper dr attack"),
        ),
        rule="G15.111",
    ),
    BooleanInput(name="abandoned", label="Dozer is already Abandoned", default=False, rule="G15.111"),
    ChoiceInput(
        name="reading",
        label="Colored dr threshold",
        default="le",
        choices=(("printed", "colored dr < 3 (as printed)"), ("le", "colored dr ≤ 3")),
        help="Our copy of G15.111 prints \"< 3\"; a \"<\" in these copies often stands where the printed "
        "rulebook has \"≤\" (as with G15.25 vs B24.7), so ≤ is the default. Choose the reading to use.",
        rule="G15.111",
        show_if=(("attack", ("small-arms",)), ("abandoned", (False,))),
    ),
)


def _small_arms(inputs: Mapping[str, object]) -> tuple[Fraction, str, list[Step]]:
    if inputs["attack"] == "small-arms-mol":
        return Fraction(0), ELIMINATED, [
            Step("An attack that also uses MOL is excepted: the eliminating result stands", "G15.111"),
        ]
    if inputs["abandoned"]:
        return Fraction(0), ELIMINATED, [
            Step("The driver rule applies only vs a non-Abandoned unarmored bulldozer: the eliminating "
                 "result stands", "G15.111"),
        ]
    reading_text, kills = READINGS[inputs["reading"]]
    probability = d6().probability(kills)
    return probability, f"{DRIVER_KILLED} on an Original colored dr {reading_text}; otherwise {ELIMINATED}", [
        Step("A Small-Arms/MG IFT DR that would eliminate the dozer kills its Inherent Driver instead "
             f"(leaving the dozer Abandoned) if that DR's Original colored dr is {reading_text}", "G15.111"),
        Step(f"P(colored dr {reading_text}) = {probability * 6}/6", "G15.111"),
    ]


def _sniper(inputs: Mapping[str, object]) -> tuple[Fraction, str, list[Step]]:
    if inputs["abandoned"]:
        return Fraction(0), WRECK, [
            Step("A \"1\" sniper dr vs an already Abandoned dozer immobilizes it", "G15.111"),
            Step("An Abandoned immobilized dozer becomes a wreck", "D8.1"),
        ]
    return Fraction(1), DRIVER_KILLED, [
        Step("A \"1\" sniper dr attack kills its Inherent Driver instead of immobilizing it", "G15.111"),
    ]


def compute(inputs: Mapping[str, object]) -> Result:
    resolve = _sniper if inputs["attack"] == "sniper" else _small_arms
    probability, outcome, steps = resolve(inputs)
    if inputs["attack"] == "sniper":
        distribution = ((outcome, Fraction(1)),)
    else:
        distribution = ((DRIVER_KILLED, probability), (ELIMINATED, 1 - probability))
    return Result(
        outputs=(
            Output("driver_killed_probability", "Probability the Inherent Driver is killed instead",
                   probability, "G15.111"),
            Output("outcome", "Outcome", outcome, "G15.111"),
        ),
        steps=tuple(steps),
        distribution=distribution,
    )


DRIVER = Calculator(
    id="dozer-driver",
    title="Unarmored dozer: Inherent Driver killed instead",
    ruleset="asl",
    rules=("G15.111",),
    summary="Chance that an attack which would eliminate (or, by sniper, immobilize) an unarmored bulldozer "
    "kills its Inherent Driver instead.",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (DRIVER,)
