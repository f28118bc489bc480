"""Building pontoon bridges: one Improved Position roll per span, with the
primary builder's discipline rating and the section's own modifiers. The
table's target is in the main rules, so it is an input."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Mapping

from calculators.battlefront.numbers import count_text, signed
from calculators.dice import d10
from calculators.model import BooleanInput, Calculator, IntegerInput, Output, Result, Step

RULE = "building-pontoon-bridges"


def _compute(inputs: Mapping[str, object]) -> Result:
    dr, spans, turns, target = inputs["dr"], inputs["spans"], inputs["turns"], inputs["ip_target"]
    steps = [
        Step(
            '"Only T class units can build a treadway/pontoon bridge." "They may then expend an engineering '
            'action, roll on the Improved position table with the following modifiers:"',
            RULE,
        ),
        Step(f'"+- dr discipline rating of primary bridge builder.": {signed(dr)}', RULE),
    ]
    total = dr
    if inputs["swollen_river"]:
        total -= 1
        steps.append(Step('"-1 attempting to bridge a swollen river (scenario defined condition)": -1', RULE))
    if inputs["more_than_one_unit"]:
        total += 1
        steps.append(
            Step('"+1 more than one unit working on the same bridge span (max modifier of +1)": +1', RULE)
        )
    span = (d10() + total).at_least(target)
    steps.append(
        Step(
            f"d10 {signed(total)} succeeds on a modified {target} or more (the table's figure you entered): "
            f'{span} a roll. "A successful roll results in the completion of one span."',
            RULE,
        )
    )
    # Spans built after `turns` rolls: binomial, capped at the spans the obstacle needs.
    built = [comb(turns, k) * span**k * (1 - span) ** (turns - k) for k in range(turns + 1)]
    done = sum(built[spans:], Fraction(0))
    steps.append(
        Step(
            f'"A bridge is considered built when the number of spans needed to bridge the obstacle have been '
            f'placed." {spans} span(s) within {turns} roll(s): {done}.',
            RULE,
        )
    )
    expected = count_text(spans / span) if span else None
    distribution = tuple(
        (f"{k} of {spans} span(s) built", built[k]) for k in range(min(spans, turns + 1))
    ) + ((f"bridge built ({spans} span(s))", done),)
    return Result(
        outputs=(
            Output("total_modifier", "Total modifier", total, RULE),
            Output("span_chance", "Chance a roll completes a span", span, RULE),
            Output("completion_chance", f"Bridge built within {turns} roll(s)", done, RULE),
            Output("expected_rolls", "Expected rolls (engineering actions) to build it", expected, RULE),
        ),
        steps=tuple(steps),
        distribution=distribution,
    )


CALCULATORS = (
    Calculator(
        id="bridge-span",
        title="Building a Pontoon Bridge",
        ruleset="battlefront",
        rules=(RULE,),
        summary="The Improved Position roll for each bridge span (primary builder's dr, swollen river, more "
        "than one unit), and the chance the bridge is built within a number of rolls.",
        inputs=(
            IntegerInput(
                "dr",
                "Discipline rating (dr) of the primary bridge builder",
                0,
                -3,
                3,
                source="the unit's card (Battlefront: WWII main rules; not in our texts)",
                rule=RULE,
            ),
            BooleanInput("swollen_river", "Swollen river (scenario)", False, rule=RULE),
            BooleanInput("more_than_one_unit", "More than one unit working on the span", False, rule=RULE),
            IntegerInput("spans", "Spans needed", 1, 1, 10, source="the scenario", rule=RULE),
            IntegerInput("turns", "Rolls (turns of work)", 3, 1, 30, rule=RULE),
            IntegerInput(
                "ip_target",
                "Lowest modified roll that succeeds on the Improved Position table",
                6,
                1,
                15,
                help="Placeholder: enter your rulebook's figure.",
                source="Battlefront: WWII rulebook, Improved Position table (not in our texts)",
                rule=RULE,
            ),
        ),
        compute=_compute,
    ),
)
