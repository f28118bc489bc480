"""Is a vehicle Mobile (D.7), and can it move in this MPh (D.7, D.3)?"""

from __future__ import annotations

from typing import Mapping

from calculators.model import BooleanInput, Calculator, Output, Result, Step

NOT_ABANDONED = (("abandoned", (False,)),)

INPUTS = (
    BooleanInput(name="bogged", label="Bogged", default=False, rule="D.7"),
    BooleanInput(name="immobilized", label="Immobilized", default=False, rule="D.7"),
    BooleanInput(name="abandoned", label="Abandoned", default=False, rule="D.7"),
    BooleanInput(name="crew_broken", label="Inherent crew is broken", default=False, rule="D.7",
                 show_if=NOT_ABANDONED),
    BooleanInput(name="crew_shocked", label="Inherent crew is Shocked", default=False, rule="D.7",
                 show_if=NOT_ABANDONED),
    BooleanInput(name="crew_stunned", label="Inherent crew is Stunned", default=False, rule="D.7",
                 show_if=NOT_ABANDONED),
    BooleanInput(name="radioless", label="Cannot move in its MPh due to being radioless (14.23)", default=False,
                 rule="D.7"),
    BooleanInput(name="ti", label="TI", default=False, rule="D.7"),
    BooleanInput(name="prep_fired", label="It or its PRC fired in its PFPh", default=False, rule="D.3"),
)

IMMOBILE = (
    ("bogged", "bogged"),
    ("immobilized", "immobilized"),
    ("abandoned", "Abandoned"),
)
CREW = (
    ("crew_broken", "Inherent crew is broken"),
    ("crew_shocked", "Inherent crew is Shocked"),
    ("crew_stunned", "Inherent crew is Stunned"),
)
STILL_MOBILE = (
    ("radioless", "cannot move in its MPh due to being radioless (14.23)", "D.7"),
    ("ti", "TI", "D.7"),
)


def compute(inputs: Mapping[str, object]) -> Result:
    causes = [text for name, text in IMMOBILE if inputs[name]]
    if not inputs["abandoned"]:
        causes += [text for name, text in CREW if inputs[name]]
    mobile = not causes
    steps = [Step(f"Immobile: {text}", "D.7") for text in causes]
    if mobile:
        steps.append(Step("Mobile: not bogged, immobilized or Abandoned, and its Inherent crew is not broken, "
                          "Shocked or Stunned", "D.7"))

    held = [(text, rule) for name, text, rule in STILL_MOBILE if inputs[name]]
    if inputs["prep_fired"]:
        held.append(("has already Prep Fired: it may neither move in the subsequent MPh nor fire during that MPh "
                     "or the subsequent AFPh", "D.3"))
    for text, rule in held:
        steps.append(Step(f"Cannot move this MPh: {text}" + (" (still considered Mobile)" if mobile else ""), rule))
    can_move = mobile and not held
    return Result(
        outputs=(
            Output("mobile", "Mobile", mobile, "D.7"),
            Output("can_move_this_mph", "Can move in this MPh", can_move, held[0][1] if held else "D.7"),
        ),
        steps=tuple(steps),
    )


MOBILE = Calculator(
    id="vehicle-mobile",
    title="Vehicle: Mobile or immobile?",
    ruleset="asl",
    rules=("D.7", "D.3"),
    summary="Whether a vehicle is Mobile, and whether it can move in this MPh.",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (MOBILE,)
