"""Engineering tasks: how many engineering actions each task takes, and how
many turns that is at the earliest.

The table below is every task the Engineering rules measure in engineering
actions, each with the sentence that gives its count, quoted verbatim. Tasks
that are settled by a roll instead (a bridge span, a roadblock, gaps cut
with wire cutters) have calculators of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from calculators.model import Calculator, ChoiceInput, IntegerInput, Output, Result, Step


@dataclass(frozen=True)
class Task:
    value: str
    label: str
    rule: str
    quote: str  # the sentence that gives the count, verbatim
    actions: int  # engineering actions for one field / one preparation
    fields: int = 1  # fields laid one after another (a mixed minefield is two)
    combine: bool = False  # "Up to three engineer stands may combine their efforts"
    demolition: bool = False  # a demolition action follows the preparation
    next_turn: bool = False  # the demolition action must come in the next turn (Conger)


TASKS: tuple[Task, ...] = (
    Task(
        "minefield",
        "Lay a minefield (one type of mine, 1\"x2\")",
        "laying-mines-during-play",
        'It takes 9 engineering actions to lay a field 1"x2" field of one type of mine.',
        9,
        combine=True,
    ),
    Task(
        "mixed-minefield",
        "Lay a mixed minefield (an AT field, then an AP field)",
        "laying-mines-during-play",
        "To lay a mixed field, you first lay either the AT or AP field, then lay the other.",
        9,
        fields=2,
        combine=True,
    ),
    Task(
        "dummy-minefield",
        "Create a dummy minefield",
        "dummy-minefields",
        "It takes 5 engineering actions to create a dummy field.",
        5,
    ),
    Task(
        "line-charge",
        "Prepare a line charge",
        "engineers-using-line-charges",
        "It takes engineering action to lay the prepare the line charge for demolition and a successful "
        "demolition action to explode it.",
        1,
        demolition=True,
    ),
    Task(
        "discard-flail",
        "Discard a damaged flail",
        "flail-tanks",
        "It takes one engineering action to discard a damaged flail.",
        1,
    ),
    Task(
        "wire-gap-demolition",
        "Blow a gap in wire (demolitions)",
        "creating-gaps-in-wire-with-demolitions",
        "The demolitions are prepared by expending one engineering action while conformed to the wire.",
        1,
        demolition=True,
    ),
    Task(
        "at-ditch-dozer",
        "Fill in an anti-tank ditch (bulldozer)",
        "neutralizing-an-anti-tank-ditch-using-bulldozers",
        "It then performs an engineering action. After performing the engineering action, treat the ditch "
        "as having been manually filled by troops.",
        1,
    ),
    Task(
        "at-ditch-demolition",
        "Fill in an anti-tank ditch (demolitions)",
        "neutralizing-an-anti-tank-ditch-using-demolitions",
        "To prepare the explosive requires one Engineering action performed while conformed to the ditch.",
        1,
        demolition=True,
    ),
    Task(
        "at-ditch-bridge",
        "Bridge an anti-tank ditch (bridge-laying vehicle)",
        "bridging-an-anti-tank-ditch",
        "To create a bridge over a linear obstacle, the vehicle must conform to the ditch and perform an "
        "engineering action.",
        1,
    ),
    Task(
        "at-obstacle-dozer",
        "Reduce an AT obstacle (bulldozer)",
        "reducing-at-obstacles-with-bulldozers",
        "It then performs two engineering actions. After performing the engineering actions, treat the "
        "effect of the obstacle is reduced as follows:",
        2,
    ),
    Task(
        "at-obstacle-demolition",
        "Reduce an AT obstacle (demolitions)",
        "reducing-at-obstacles-with-demolitions",
        "It takes one engineering action to prepare the charge.",
        1,
        demolition=True,
    ),
    Task(
        "bocage-dozer",
        "Gap a bocage hedgerow (bulldozer)",
        "breaching-the-bocage-with-bulldozers",
        "It then performs two engineering actions. After the second action is complete, a gap is created "
        "in the hedgerow",
        2,
    ),
    Task(
        "bocage-demolition",
        "Gap a bocage hedgerow (demolitions)",
        "breaching-the-bocage-with-demolitions",
        "Engineers can clear a gap as above, but require two engineering actions to prepare a charge.",
        2,
        demolition=True,
    ),
    Task(
        "bocage-demolition-cutter",
        "Gap a bocage hedgerow (demolitions, after a hedgerow cutter tank)",
        "breaching-the-bocage-with-demolitions",
        "The number of actions needed to lay the charge can be reduced to one engineering action if a tank "
        "with a cullin hedgerow cutter spends one maneuver action conformed to the hedgerow at the point "
        "where the charge is being laid.",
        1,
        demolition=True,
    ),
    Task(
        "roadblock-dozer",
        "Clear a roadblock (bulldozer)",
        "clearing-a-roadblock-with-bulldozers",
        "Conform the dozer to the roadblock and perform two engineering actions. After the second action "
        "is complete, the block is removed.",
        2,
    ),
    Task(
        "roadblock-explosives",
        "Clear a roadblock (explosives, combat engineer)",
        "clearing-a-roadblock-with-explosives",
        "Prepare the roadblock for demolition requires two engineering actions by a combat engineer.",
        2,
        demolition=True,
    ),
    Task(
        "fort-demolition",
        "Prepare a demolition on a fort",
        "attacking-the-fort",
        "It takes one engineering action to prepare a demolition and a successful demolition action to "
        "detonate it.",
        1,
        demolition=True,
    ),
    Task(
        "ark",
        "Emplace an ARK",
        "ark",
        "They must conform to the obstacle and perform one engineering action.",
        1,
    ),
    Task(
        "conger",
        "Fire a Conger",
        "conger",
        "An engineering action is performed to simulate the firing of the rocket and the pumping of the "
        "nitro-glycerine.",
        1,
        demolition=True,
        next_turn=True,
    ),
    Task(
        "remove-demolition",
        "Remove a prepared demolition",
        "remove-demolition-action",
        "It may then perform an engineering action to remove the prepared demolition.",
        1,
    ),
)

TASKS_BY_VALUE = {task.value: task for task in TASKS}
COMBINED = tuple(task.value for task in TASKS if task.combine)
MAX_STANDS = 3  # "Up to three engineer stands may combine their efforts to lay a minefield."


def turns_per_field(task: Task, stands: int) -> int:
    """Earliest turns for one field: each stand does at most one engineering
    action a turn (the text's 9 / 5 / 3 turns for one / two / three stands)."""
    return -(-task.actions // stands)


def turns_needed(task: Task, stands: int) -> int:
    """Earliest turns for the task: a mixed minefield's fields are laid one after the other."""
    return task.fields * turns_per_field(task, stands)


def _compute(inputs: Mapping[str, object]) -> Result:
    task = TASKS_BY_VALUE[inputs["task"]]
    stands = inputs["stands"] if task.combine else 1
    actions = task.actions * task.fields
    turns = turns_needed(task, stands)
    steps = [Step(f'"{task.quote}"', task.rule)]
    if task.fields > 1:
        steps.append(
            Step(
                f'"Only one type of field can be laid at a time." {task.fields} fields of {task.actions} '
                f"engineering actions: {actions} actions.",
                "laying-mines-during-play",
            )
        )
    if task.combine:
        steps.append(
            Step(
                '"Up to three engineer stands may combine their efforts to lay a minefield." The text\'s '
                "own figures (one stand 9 turns, two 5, three 3) mean each stand performs at most one "
                f"engineering action a turn: {stands} stand(s) lay {task.actions} actions in "
                f"{turns_per_field(task, stands)} turn(s)"
                + (f" per field, {turns} turns in all." if task.fields > 1 else "."),
                "laying-mines-during-play",
            )
        )
    else:
        steps.append(
            Step(
                "A unit performs at most one engineering action a turn (one stand lays a minefield's 9 "
                f"actions in 9 turns): {actions} action(s) take {turns} turn(s) at the earliest.",
                "laying-mines-during-play",
            )
        )
    steps.append(
        Step(
            '"Units performing engineering action may not perform any other action during a turn." '
            '"A disorder or knocked-out result will cancel the engineering action for that turn."',
            "restrictions-on-engineering-actions",
        )
    )
    if task.next_turn:
        steps.append(
            Step(
                '"Using this vehicle requires 2 actions that must be performed in consectutive turns:" '
                '"In the next turn, a successful demolition action will result in a lane through the '
                'obstacle that is 3" long by 2" wide."',
                "conger",
            )
        )
    elif task.demolition:
        steps.append(
            Step(
                '"Preparing a demolition is a separate process from the demolition action itself." A '
                "demolition action follows (d10: any roll but a 1 succeeds).",
                "demolition-action",
            )
        )
    warnings = ()
    if task.fields > 1:
        warnings = (
            '"Typically, an engineering platoon has sufficient mines to lay one scattered field of one type '
            'either AT or AP, but this could be modified by the scenario." (laying-mines-during-play)',
        )
    return Result(
        outputs=(
            Output("actions", "Engineering actions", actions, task.rule),
            Output("turns", "Turns at the earliest", turns, task.rule),
            Output("demolition_follows", "Then a demolition action", task.demolition, task.rule),
        ),
        steps=tuple(steps),
        warnings=warnings,
    )


CALCULATORS = (
    Calculator(
        id="engineering-task",
        title="Engineering Task: Actions and Turns",
        ruleset="battlefront",
        rules=("engineering-action", "restrictions-on-engineering-actions")
        + tuple(dict.fromkeys(task.rule for task in TASKS)),
        summary="How many engineering actions a task takes, how many turns that is at the earliest, "
        "and whether a demolition action follows.",
        inputs=(
            ChoiceInput(
                "task",
                "Task",
                "minefield",
                tuple((task.value, task.label) for task in TASKS),
            ),
            IntegerInput(
                "stands",
                "Engineer stands working together",
                1,
                1,
                MAX_STANDS,
                help="Only minefields may be laid by several stands at once.",
                rule="laying-mines-during-play",
                show_if=(("task", COMBINED),),
            ),
        ),
        compute=_compute,
    ),
)
