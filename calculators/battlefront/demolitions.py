"""Demolition actions: a d10 where only a 1 fails, and a failure must be
prepared again before the next attempt."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from calculators.battlefront.numbers import count_text
from calculators.battlefront.tasks import TASKS, TASKS_BY_VALUE
from calculators.dice import d10
from calculators.model import BooleanInput, Calculator, ChoiceInput, IntegerInput, Output, Result, Step

RULE = "demolition-action"
SUCCESS = d10().at_least(2)  # "On any roll but a 1, the action succeeds"
DUD = 1 - SUCCESS
PREPARED_TASKS = tuple(task for task in TASKS if task.demolition)
REPEATABLE = tuple(task.value for task in PREPARED_TASKS if not task.next_turn)


def _compute(inputs: Mapping[str, object]) -> Result:
    task = TASKS_BY_VALUE[inputs["task"]]
    once = task.next_turn  # the Conger: one shot, fired over two consecutive turns
    attempts = 1 if once else inputs["attempts"]
    prepared = False if once else inputs["prepared"]
    steps = [
        Step('"To perform a demolition action, roll a d10."', RULE),
        Step(f'"On any roll but a 1, the action succeeds": {SUCCESS} an attempt.', RULE),
        Step(
            '"On a roll of 1, the demolition was a dud or failed to have the desired effect. It must be '
            f'prepared again before another demolition action can be attempted." A dud: {DUD}.',
            RULE,
        ),
        Step(f'Preparing: "{task.quote}" ({task.actions} engineering action(s) each time).', task.rule),
    ]
    if once:
        steps.append(
            Step(
                '"Using this vehicle requires 2 actions that must be performed in consectutive turns:" the '
                "engineering action, then the demolition action in the next turn. \"The Conger can only be used "
                'once. Once it has been used (including in unsuccessful demoliton actions), the vehicle reverts to '
                'being a normal AVRE." One attempt.',
                task.rule,
            )
        )
    if prepared:
        steps.append(
            Step(
                '"you can specify in a scenario that demolitions are already prepared": the first attempt '
                "needs no preparation.",
                RULE,
            )
        )
    # Attempt k happens only if the k-1 before it were duds.
    reached = [DUD ** (k - 1) for k in range(1, attempts + 1)]
    expected_attempts = sum(reached, Fraction(0))
    expected_preparations = expected_attempts - (1 if prepared else 0)
    success_within = 1 - DUD**attempts
    steps.append(
        Step(
            f"Within {attempts} attempt(s): success {success_within}; expected demolition actions "
            f"{count_text(expected_attempts)} (attempt k is made only after k-1 duds), each but a "
            f"scenario-prepared first one preceded by a preparation of {task.actions} action(s).",
            RULE,
        )
    )
    distribution = tuple(
        (f"succeeds on attempt {k}", reach * SUCCESS) for k, reach in enumerate(reached, start=1)
    ) + ((f"no success in {attempts} attempt(s)", DUD**attempts),)
    return Result(
        outputs=(
            Output("success_chance", "Success chance per demolition action", SUCCESS, RULE),
            Output("success_within", f"Success within {attempts} attempt(s)", success_within, RULE),
            Output(
                "expected_demolition_actions", "Expected demolition actions", count_text(expected_attempts), RULE
            ),
            Output(
                "expected_preparation_actions",
                "Expected engineering actions preparing",
                count_text(expected_preparations * task.actions),
                task.rule,
            ),
        ),
        steps=tuple(steps),
        distribution=distribution,
    )


CALCULATORS = (
    Calculator(
        id="demolition",
        title="Demolition Action",
        ruleset="battlefront",
        rules=(RULE,) + tuple(dict.fromkeys(task.rule for task in PREPARED_TASKS)),
        summary="Chance a demolition succeeds (d10, a 1 is a dud) over several attempts, and the engineering "
        "actions spent preparing it again after each dud.",
        inputs=(
            ChoiceInput(
                "task",
                "Demolition",
                PREPARED_TASKS[0].value,
                tuple((task.value, task.label) for task in PREPARED_TASKS),
                rule=RULE,
            ),
            IntegerInput(
                "attempts",
                "Attempts (each dud prepared again)",
                1,
                1,
                10,
                rule=RULE,
                show_if=(("task", REPEATABLE),),
            ),
            BooleanInput(
                "prepared",
                "First demolition already prepared (scenario)",
                False,
                rule=RULE,
                show_if=(("task", REPEATABLE),),
            ),
        ),
        compute=_compute,
    ),
)
