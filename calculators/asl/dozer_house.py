"""A dozer rubbling a Single-Story House (G15.25): one Original DR is both
the Bog DR and the Original Clearance DR."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from calculators.asl.inputs import LABOR, labor_step, signed
from calculators.dice import dr_total
from calculators.model import BooleanInput, Calculator, ChoiceInput, Output, Result, Step

BOG_ONLY_ON = 12  # "Bog due to its entry/VCA-change can occur only on an Original Bog DR of 12."
DOZER_DRM = -5
STONE_DRM = 3
RUBBLE_BELOW = 2  # G15.25 prints "< 2"; B24.7's Clearance reads <= 2

READINGS = {
    "printed": ("Final Clearance DR < 2, as printed in G15.25", lambda final: final < RUBBLE_BELOW),
    "le": ("Final Clearance DR ≤ 2 (the printed \"<\" read as \"≤\", agreeing with B24.7)",
           lambda final: final <= RUBBLE_BELOW),
}

INPUTS = (
    BooleanInput(name="mobile", label="Dozer is Mobile", default=True, rule="G15.25"),
    BooleanInput(name="ti", label="Dozer is TI", default=False, rule="G15.25"),
    BooleanInput(
        name="friendly_inside",
        label="House contains another friendly unit",
        default=False,
        rule="G15.25",
    ),
    BooleanInput(name="stone", label="Stone Single-Story House", default=False, rule="G15.25"),
    LABOR,
    ChoiceInput(
        name="reading",
        label="Rubble threshold",
        default="le",
        choices=(("le", "Final DR ≤ 2 (agrees with B24.7)"), ("printed", "Final DR < 2 (as printed)")),
        help="Our copy of G15.25 prints \"< 2\"; B24.7 Clearance succeeds on a Final DR ≤ 2, and a \"<\" "
        "in these copies often stands where the printed rulebook has \"≤\".",
        rule="G15.25",
    ),
)


def _not_allowed(inputs: Mapping[str, object]) -> list[str]:
    reasons = []
    if not inputs["mobile"]:
        reasons.append("Rubbling NA: only a Mobile dozer may attempt to rubble a Single-Story House (G15.25).")
    if inputs["ti"]:
        reasons.append("Rubbling NA: only a non-TI dozer may attempt to rubble a Single-Story House (G15.25).")
    if inputs["friendly_inside"]:
        reasons.append("Rubbling NA: the Single-Story House must contain no (other) friendly unit (G15.25).")
    return reasons


def compute(inputs: Mapping[str, object]) -> Result:
    labor = int(inputs["labor"])
    stone = STONE_DRM if inputs["stone"] else 0
    final_drm = DOZER_DRM + labor + stone
    reading_text, rubbles = READINGS[inputs["reading"]]

    def outcome(original: int) -> str:
        bogged = original == BOG_ONLY_ON
        # A bogged dozer is not Mobile (D.7), and rubbling needs it to remain Mobile.
        rubbled = rubbles(original + final_drm) and not bogged
        if bogged:
            return "bogged, house stands"
        return "house rubbled" if rubbled else "no effect"

    steps = [
        Step("The Original Bog DR also serves as an Original Clearance DR", "G15.25"),
        Step(f"{signed(DOZER_DRM)} for a dozer", "G15.25"),
        labor_step(labor, "G15.25"),
        Step(f"{signed(stone)} for a stone Single-Story House" if stone else "+0: the house is not stone", "G15.25"),
        Step(f"Final DRM {signed(final_drm)}", "G15.25"),
        Step(f"Rubbled on a {reading_text}", "G15.25" if inputs["reading"] == "printed" else "B24.7"),
        Step(f"Bog only on an Original Bog DR of {BOG_ONLY_ON}", "G15.25"),
        Step(f"An Original DR of 12 gives Final DR {12 + final_drm}, which would "
             f"{'' if rubbles(12 + final_drm) else 'not '}rubble; a bogged dozer is not Mobile (D.7), and the house "
             "is rubbled only if the dozer remains Mobile, so a DR that bogs never rubbles", "D.7"),
    ]
    reasons = _not_allowed(inputs)
    if reasons:
        steps.append(Step("The attempt is NA: nothing is rubbled, and G15.25's Bog DR does not apply", "G15.25"))
        rubble, bog, distribution = Fraction(0), None, None
    else:
        results = dr_total().map(outcome)
        rubble, bog = results.probability_of("house rubbled"), dr_total().probability_of(BOG_ONLY_ON)
        steps.append(Step(f"P(rubbled) = {rubble * 36}/36, before any Defensive First Fire vs the dozer "
                          "(it must remain Mobile after all of it)", "G15.25"))
        steps.append(Step(f"P(bog) = {bog * 36}/36", "G15.25"))
        distribution = tuple(results)
    return Result(
        outputs=(
            Output("final_drm", "Final Clearance DRM", final_drm, "G15.25"),
            Output("rubble_probability", "Probability the house is rubbled", rubble, "G15.25"),
            Output("bog_probability", "Probability the dozer bogs", bog, "G15.25"),
        ),
        steps=tuple(steps),
        warnings=tuple(reasons),
        distribution=distribution,
    )


HOUSE = Calculator(
    id="dozer-house",
    title="Dozer vs Single-Story House",
    ruleset="asl",
    rules=("G15.25",),
    summary="Chance that a dozer rubbles a Single-Story House, and that it bogs doing so (one DR: Bog DR and "
    "Original Clearance DR).",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (HOUSE,)
