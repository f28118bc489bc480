"""Creating a roadblock (an Improve Position check, then a demolition roll)
and what clearing one takes."""

from __future__ import annotations

from typing import Mapping

from calculators.battlefront.demolitions import SUCCESS
from calculators.battlefront.numbers import signed
from calculators.battlefront.tasks import TASKS_BY_VALUE
from calculators.dice import d10
from calculators.model import Calculator, ChoiceInput, IntegerInput, Output, Result, Step

RULE = "creating-a-roadblock"
ROADS = {
    "clear": ("-1 road through a clear area with no trees", -1),
    "forested": ("+1 road through a forested area or tree-lined lane.", +1),
}
DOZER = TASKS_BY_VALUE["roadblock-dozer"]
EXPLOSIVES = TASKS_BY_VALUE["roadblock-explosives"]


def _compute(inputs: Mapping[str, object]) -> Result:
    line, road = ROADS[inputs["road"]]
    other, target = inputs["other_modifiers"], inputs["ip_target"]
    total = other + road
    check = (d10() + total).at_least(target)
    roadblock = check * SUCCESS
    steps = [
        Step(
            '"To create a roadblock using explosives requires a successful Improve Position check, further '
            'modified by:"',
            RULE,
        ),
        Step(f"Improve Position modifiers from the main rules (your figure): {signed(other)}", RULE),
        Step(f'"{line}": {signed(road)}', RULE),
        Step(
            f"d10 {signed(total)} succeeds on a modified {target} or more (the table's figure you entered): {check}.",
            RULE,
        ),
        Step(
            f'"A successful demolition roll will result in the creation of a roadblock." {check} x {SUCCESS} = '
            f"{roadblock}.",
            RULE,
        ),
        Step(f'"{DOZER.quote}"', DOZER.rule),
        Step(f'"{EXPLOSIVES.quote}" Then a demolition action.', EXPLOSIVES.rule),
    ]
    return Result(
        outputs=(
            Output("total_modifier", "Improve Position check modifier", total, RULE),
            Output("check_chance", "Improve Position check succeeds", check, RULE),
            Output("roadblock_chance", "Roadblock created (check, then demolition)", roadblock, RULE),
            Output("clear_dozer_actions", "Clearing it by bulldozer: engineering actions", DOZER.actions, DOZER.rule),
            Output(
                "clear_explosives_actions",
                "Clearing it with explosives: engineering actions before the demolition",
                EXPLOSIVES.actions,
                EXPLOSIVES.rule,
            ),
        ),
        steps=tuple(steps),
    )


CALCULATORS = (
    Calculator(
        id="roadblock",
        title="Creating and Clearing a Roadblock",
        ruleset="battlefront",
        rules=(RULE, DOZER.rule, EXPLOSIVES.rule),
        summary="The Improve Position check to create a roadblock (-1 clear area, +1 forested or tree-lined), "
        "the chance it is created, and the actions to clear one.",
        inputs=(
            ChoiceInput(
                "road",
                "Road",
                "forested",
                (
                    ("clear", "Through a clear area with no trees"),
                    ("forested", "Through a forested area or tree-lined lane"),
                ),
                rule=RULE,
            ),
            IntegerInput(
                "other_modifiers",
                "Other Improve Position modifiers",
                0,
                -5,
                5,
                help="The check's usual modifiers from the main rules (for example the unit's dr).",
                source="Battlefront: WWII rulebook, Improve Position check (not in our texts)",
                rule=RULE,
            ),
            IntegerInput(
                "ip_target",
                "Lowest modified roll that passes the Improve Position check",
                6,
                1,
                15,
                help="Placeholder: enter your rulebook's figure.",
                source="Battlefront: WWII rulebook, Improve Position table (not in our texts)",
                rule=RULE,
            ),
        ),
        compute=_compute,
    ),
)
