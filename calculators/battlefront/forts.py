"""Attacking a fort with demolitions or the AVRE's petard: the attack value,
the fort's armour as a negative modifier, and the armour a suppressed-or-better
result leaves. The combat results table is in the main rules, not in our text,
so the calculator stops at the modified attack."""

from __future__ import annotations

from typing import Mapping

from calculators.battlefront.demolitions import SUCCESS
from calculators.model import Calculator, ChoiceInput, IntegerInput, Output, Result, Step

RULE = "attacking-the-fort"
SETUP = "setting-up-the-fort"
DEMOLITION = "demolition-action"
CHARGE = 4  # "Each demolition has an attack value of 4"
EXTRA_CHARGE = 2  # "Each additional demolition adds +2 to the attack."


def _compute(inputs: Mapping[str, object]) -> Result:
    armour = inputs["armour"]
    steps: list[Step] = []
    warnings: list[str] = []
    if inputs["method"] == "demolitions":
        charges = inputs["charges"]
        attack = CHARGE + EXTRA_CHARGE * (charges - 1)
        steps += [
            Step(
                '"It takes one engineering action to prepare a demolition and a successful demolition action to '
                f'detonate it." {charges} demolition(s): {charges} engineering action(s) to prepare.',
                RULE,
            ),
            Step(
                '"Each demolition has an attack value of 4" "Each additional demolition adds +2 to the attack." '
                f"{CHARGE} + {EXTRA_CHARGE} x {charges - 1} = {attack}.",
                RULE,
            ),
            Step(f'"On any roll but a 1, the action succeeds": the charges go off with chance {SUCCESS}.', DEMOLITION),
            Step(
                '"Like the AVRE\'s petard, a result of suppressed or better will permanently reduce the armour value '
                'of the fort by 1." Read with the petard\'s "If the armour value is reduced to 1, the fort is '
                'reduced to rubble, but the occupants survive."',
                RULE,
            ),
        ]
        if charges > 1:
            steps.insert(
                2,
                Step(
                    '"all those which are ready must be set off at one time": one demolition action for all '
                    f"{charges}.",
                    RULE,
                ),
            )
        if attack < armour:
            warnings.append(
                f'"The unmodified strength of the weapon must equal or exceed the armour rating of the fort to have '
                f'any effect": {attack} is below armour {armour}. The text states this for direct fire by units and '
                f"does not say whether it binds demolitions; if it does, this attack has no effect. ({RULE})"
            )
        detonation, preparation = SUCCESS, charges
    else:
        attack = inputs["avre_attack"]
        steps += [
            Step(
                '"The British AVRE (BR-13) is a special case. it fires a 40lb demolition charge specifically '
                f'designed to reduce concrete structures to rubble." Attack strength {attack} (your figure).',
                RULE,
            ),
            Step(
                '"The unmodified strength of the weapon must equal or exceed the armour rating of the fort to have '
                f'any effect": {attack} vs armour {armour}: ' + ("it may." if attack >= armour else "no effect."),
                RULE,
            ),
            Step(
                '"any result of suppressed or better will not only affect the occupants, but will also '
                'permanently reduce the armour value of the fort by 1. If the armour value is reduced to 1, the '
                'fort is reduced to rubble, but the occupants survive."',
                RULE,
            ),
        ]
        detonation, preparation = None, None
    modifier = -armour
    modified = attack + modifier
    after = armour - 1
    rubble = after <= 1
    steps += [
        Step(
            '"Attacks are resolved using the structure\'s armour value as a negative modifier." '
            f"{attack} - {armour} = {modified}.",
            RULE,
        ),
        Step(
            f"After a suppressed-or-better result: armour {armour} -> {after}"
            + (": rubble, the occupants survive." if rubble else "."),
            RULE,
        ),
        Step(
            '"A kill result will collapse the structure and destroy any occupants." "The fort has a discipline '
            'rating of 0 regardless of the dr of any of its occupants."',
            RULE,
        ),
    ]
    return Result(
        outputs=(
            Output("attack_value", "Attack value", attack, RULE),
            Output("modifier", "Armour modifier", modifier, RULE),
            Output("modified_attack", "Modified attack", modified, RULE),
            Output("strength_meets_armour", "Unmodified strength equals or exceeds the armour", attack >= armour, RULE),
            Output("armour_after", "Armour after a suppressed-or-better result", after, RULE),
            Output("rubble", "Reduced to rubble by a suppressed-or-better result", rubble, RULE),
            Output("preparation_actions", "Engineering actions to prepare", preparation, RULE),
            Output("detonation_chance", "Chance the demolition action succeeds", detonation, DEMOLITION),
        ),
        steps=tuple(steps),
        warnings=tuple(warnings),
    )


CALCULATORS = (
    Calculator(
        id="fort-demolition",
        title="Demolitions and the AVRE Against a Fort",
        ruleset="battlefront",
        rules=(RULE, SETUP, DEMOLITION),
        summary="The attack value of demolitions set off together (4, +2 per additional charge) or of an AVRE's "
        "petard, the fort's armour as a negative modifier, and the armour left after a suppressed-or-better "
        "result.",
        inputs=(
            ChoiceInput(
                "method",
                "Attack by",
                "demolitions",
                (("demolitions", "Engineer demolitions"), ("avre", "AVRE petard (BR-13)")),
                rule=RULE,
            ),
            IntegerInput(
                "charges",
                "Demolitions set off together",
                1,
                1,
                10,
                rule=RULE,
                show_if=(("method", ("demolitions",)),),
            ),
            IntegerInput(
                "avre_attack",
                "AVRE attack strength (T,G,sV)",
                4,
                0,
                10,
                help="Placeholder: enter the T,G,sV strength printed on the AVRE's card (BR-13).",
                source="AVRE unit card BR-13, Battlefront: WWII (not in our texts)",
                rule=RULE,
                show_if=(("method", ("avre",)),),
            ),
            IntegerInput(
                "armour",
                "Fort armour",
                3,
                2,
                6,
                help="Larger structures 4-6, small concrete bunkers 3, log bunkers 2.",
                source="the scenario",
                rule=SETUP,
            ),
        ),
        compute=_compute,
    ),
)
