"""Engineering tasks: actions and earliest turns, from the Engineering rules' own figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import calculators
from calculators.battlefront.tasks import TASKS

TASK = calculators.get("engineering-task")
SOURCE = Path(__file__).resolve().parents[2] / "rulesets/battlefront/sources/engineering-rules.txt"


def run(task, stands=1):
    result = TASK.run({"task": task, "stands": stands})
    return result.output("actions"), result.output("turns"), result.output("demolition_follows")


@pytest.mark.parametrize("stands, turns", [(1, 9), (2, 5), (3, 3)])
def test_laying_a_minefield_takes_9_actions_in_9_5_or_3_turns(stands, turns):
    # laying-mines-during-play: "if one engineer stand were to lay a minefield, it be completed at the
    # earliest in 9 turns. Two stands could get it done in 5 turns, and 3 stands in 3 turns."
    assert run("minefield", stands) == (9, turns, False)


def test_no_more_than_three_stands_combine():
    # "Up to three engineer stands may combine their efforts to lay a minefield."
    with pytest.raises(calculators.InputError) as error:
        TASK.run({"task": "minefield", "stands": 4})
    assert error.value.field == "stands"


@pytest.mark.parametrize("stands, turns", [(1, 18), (2, 10), (3, 6)])
def test_a_mixed_field_is_two_fields_laid_one_after_the_other(stands, turns):
    # "Only one type of field can be laid at a time. To lay a mixed field, you first lay either the AT or
    # AP field, then lay the other." Two stands: 5 turns per field (the ninth action leaves one stand idle).
    actions, got_turns, _ = run("mixed-minefield", stands)
    assert (actions, got_turns) == (18, turns)


def test_stands_only_combine_on_minefields():
    # dummy-minefields: "It takes 5 engineering actions to create a dummy field." No combining is given.
    assert run("dummy-minefield", 3) == (5, 5, False)


@pytest.mark.parametrize(
    "task, expected",
    [
        ("line-charge", (1, 1, True)),  # engineers-using-line-charges
        ("discard-flail", (1, 1, False)),  # flail-tanks: "one engineering action to discard a damaged flail"
        ("wire-gap-demolition", (1, 1, True)),  # creating-gaps-in-wire-with-demolitions
        ("at-ditch-dozer", (1, 1, False)),  # neutralizing-an-anti-tank-ditch-using-bulldozers
        ("at-ditch-demolition", (1, 1, True)),  # neutralizing-an-anti-tank-ditch-using-demolitions
        ("at-ditch-bridge", (1, 1, False)),  # bridging-an-anti-tank-ditch
        ("at-obstacle-dozer", (2, 2, False)),  # reducing-at-obstacles-with-bulldozers: "two engineering actions"
        ("at-obstacle-demolition", (1, 1, True)),  # reducing-at-obstacles-with-demolitions
        ("bocage-dozer", (2, 2, False)),  # breaching-the-bocage-with-bulldozers
        ("bocage-demolition", (2, 2, True)),  # breaching-the-bocage-with-demolitions: two actions
        ("bocage-demolition-cutter", (1, 1, True)),  # ... "reduced to one engineering action" (cutter)
        ("roadblock-dozer", (2, 2, False)),  # clearing-a-roadblock-with-bulldozers
        ("roadblock-explosives", (2, 2, True)),  # clearing-a-roadblock-with-explosives: by a combat engineer
        ("fort-demolition", (1, 1, True)),  # attacking-the-fort
        ("ark", (1, 1, False)),  # ark: "perform one engineering action"
        ("conger", (1, 1, True)),  # conger: engineering action, then a demolition action next turn
        ("remove-demolition", (1, 1, False)),  # remove-demolition-action
    ],
)
def test_each_task_takes_the_actions_the_text_gives(task, expected):
    assert run(task) == expected


def test_conger_demolition_comes_in_the_next_turn():
    # conger: "Using this vehicle requires 2 actions that must be performed in consectutive turns"
    steps = TASK.run({"task": "conger"}).steps
    assert any(step.rule == "conger" and "In the next turn" in step.text for step in steps)


def test_every_task_quotes_its_sentence_verbatim():
    # Rules are data: each count comes with the sentence that gives it, word for word.
    text = re.sub(r"\s+", " ", SOURCE.read_text(encoding="utf-8"))
    for task in TASKS:
        assert task.quote in text, task.value
