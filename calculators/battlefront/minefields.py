"""Minefields: passage through a field, and clearing it with artillery.

The supplement keeps the original rulebook's passage chart ("Die result and
effects from original chart remain the same") and only replaces its
modifiers, so the chart's traverse result is asked for as an input. The
modifiers are die-roll modifiers where higher is better for the unit: a
dense field is -1, a scattered one +1.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from calculators.battlefront.numbers import signed
from calculators.dice import Distribution, d10
from calculators.model import (
    BooleanInput,
    Calculator,
    ChoiceInput,
    InputError,
    IntegerInput,
    Output,
    Result,
    Step,
)

MODIFIERS = "new-mine-passage-modifiers"
TYPES = "minefield-types-and-restrictions"
DUMMY = "dummy-minefields"
ARTILLERY = "clearing-minefields-with-artillery-fire"

DENSITIES = (("scattered", "Scattered"), ("normal", "Normal"), ("dense", "Dense"))
ORDER = tuple(value for value, _ in DENSITIES)
DENSITY_LINES = {"dense": ("Dense field", -1), "scattered": ("Scattered minefield", +1)}

MIXED_READING = (
    '"Mixed fields must specify different densities for AT or AP mines" but the text does not say how '
    "the two densities apply to one passage; this roll reads the field as {reading}. "
    "Pick another reading in the form if your group plays it otherwise. "
    f"({TYPES})"
)
READINGS = {
    "ap": "its AP mines at the AP density",
    "at": "its AT mines at the AT density",
    "denser": "one field at the denser of its two densities",
}


def _mixed_density(inputs: Mapping[str, object], name: str, kind: str) -> str:
    density = inputs[name]
    if ORDER.index(density) > ORDER.index("normal"):
        raise InputError(
            name,
            f"a mixed field's {kind} density may be scattered or normal: \"the maximum density that may be "
            f'specified for either type in a mixed field is Normal" ({TYPES}) (got {density!r})',
        )
    return density


def _passage(inputs: Mapping[str, object]) -> Result:
    field, unit = inputs["field"], inputs["unit"]
    steps: list[Step] = []
    warnings: list[str] = []

    if field == "dummy":
        density, surface, against = "normal", True, "dummy"
        steps.append(
            Step(
                '"A Dummy minefield is treated as surface laid/normal density minefield in all respects until '
                'the first unit attempts passage." It holds no mines, so the AP-only line "Tracked vehicle '
                'moving through AP minefield" does not apply.',
                DUMMY,
            )
        )
        warnings.append(
            '"If the die roll is anything other than traverse, it will be revealed to be a dummy and is '
            'removed." With an umpire rolling in secret instead, "all attempts to traverse a dummy minefield '
            f'would be successful". ({DUMMY})'
        )
    elif field == "mixed":
        density_at = _mixed_density(inputs, "density_at", "AT")
        density_ap = _mixed_density(inputs, "density_ap", "AP")
        against = inputs["mixed_roll"]
        surface = inputs["surface_laid"]
        if against == "ap":
            density = density_ap
        elif against == "at":
            density = density_at
        else:
            density = max(density_at, density_ap, key=ORDER.index)
        steps.append(
            Step(
                f"Mixed field: AT density {density_at}, AP density {density_ap}; this roll is against "
                f"{READINGS[against]} ({density}).",
                TYPES,
            )
        )
        warnings.append(MIXED_READING.format(reading=READINGS[against]))
        if density_at == density_ap:
            warnings.append(
                f'"Mixed fields must specify different densities for AT or AP mines": both are {density} here, '
                f'which this calculator accepts, reading "different" as "separate". ({TYPES})'
            )
    else:
        density, surface, against = inputs["density"], inputs["surface_laid"], field

    if unit == "troops" and against == "at":
        steps.append(Step('"Only Vehicles only roll for AT fields." Troops do not roll.', TYPES))
        return Result(
            outputs=(
                Output("roll_required", "Passage roll required", False, TYPES),
                Output("total_modifier", "Total die-roll modifier", None, MODIFIERS),
                Output("traverse_chance", "Chance to traverse", None, MODIFIERS),
            ),
            steps=tuple(steps),
            warnings=tuple(warnings),
        )
    if field != "dummy":
        steps.append(Step('"All units roll for passage through AP or mixed fields."', TYPES))

    steps.append(
        Step(
            '"Die result and effects from original chart remain the same. Use the following modifiers:" each '
            "is added to the d10 roll, and higher is better for the unit (\"Dense field -1\", \"Scattered "
            'minefield +1").',
            MODIFIERS,
        )
    )
    total = 0

    def apply(line: str, printed: str, value: int) -> None:
        nonlocal total
        total += value
        steps.append(Step(f'"{line} {printed}": {signed(value)}', MODIFIERS))

    if density in DENSITY_LINES:
        line, value = DENSITY_LINES[density]
        apply(line, signed(value), value)
    else:
        steps.append(Step("Normal density: the table has no line for it, +0.", MODIFIERS))
    if surface:
        apply("Surface laid mines", "+1", 1)
    if inputs["lane"]:
        apply("Following a traversed path or marked lane", "+1", 1)
    if unit == "tracked" and against in ("ap", "denser"):
        apply("Tracked vehicle moving through AP minefield", "+1", 1)
    apply("Discipline Rating", "+dr", inputs["dr"])
    if inputs["combat_engineer"]:
        apply("Combat Engineer stand", "+1", 1)
    if inputs["rapid_advance"]:
        apply("Using Rapid Advance", "-1", -1)

    target = inputs["traverse_target"]
    modified = d10() + total
    chance = modified.at_least(target)
    steps.append(
        Step(
            f"d10 {signed(total)} traverses on a modified {target} or more (the original chart's figure "
            f"you entered): {chance}.",
            MODIFIERS,
        )
    )
    return Result(
        outputs=(
            Output("roll_required", "Passage roll required", True, TYPES),
            Output("total_modifier", "Total die-roll modifier", total, MODIFIERS),
            Output("traverse_chance", "Chance to traverse (at the chart figure entered)", chance, MODIFIERS),
        ),
        steps=tuple(steps),
        warnings=tuple(warnings),
        distribution=tuple((f"modified roll {roll}", p) for roll, p in modified),
    )


PASSAGE = Calculator(
    id="minefield-passage",
    title="Minefield Passage",
    ruleset="battlefront",
    rules=(MODIFIERS, TYPES, DUMMY),
    summary="Whether a unit rolls to pass a minefield, its total die-roll modifier from the New Minefield "
    "Passage Modifiers, and its chance to traverse given the original chart's traverse result.",
    inputs=(
        ChoiceInput(
            "field",
            "Field type",
            "mixed",
            (
                ("at", "AT (anti-tank/anti-vehicle)"),
                ("ap", "AP (anti-personnel)"),
                ("mixed", "Mixed"),
                ("dummy", "Dummy"),
            ),
            help='"Unless otherwise specified, minefields are considered Mixed"',
            rule=TYPES,
        ),
        ChoiceInput(
            "density",
            "Density",
            "normal",
            DENSITIES,
            help='"Unless otherwise specified, minefields are normal density."',
            rule=TYPES,
            show_if=(("field", ("at", "ap")),),
        ),
        ChoiceInput(
            "density_at",
            "AT mines density",
            "normal",
            DENSITIES,
            help="At most normal in a mixed field.",
            rule=TYPES,
            show_if=(("field", ("mixed",)),),
        ),
        ChoiceInput(
            "density_ap",
            "AP mines density",
            "normal",
            DENSITIES,
            help="At most normal in a mixed field.",
            rule=TYPES,
            show_if=(("field", ("mixed",)),),
        ),
        ChoiceInput(
            "mixed_roll",
            "Mixed field: roll against",
            "denser",
            (
                ("denser", "the whole field, at the denser of its densities"),
                ("ap", "its AP mines, at the AP density"),
                ("at", "its AT mines, at the AT density"),
            ),
            help="The text does not say how a mixed field's two densities apply; pick your group's reading.",
            rule=TYPES,
            show_if=(("field", ("mixed",)),),
        ),
        BooleanInput(
            "surface_laid",
            "Surface laid mines",
            False,
            help="Buried fields may only be laid before the scenario begins.",
            rule=TYPES,
            show_if=(("field", ("at", "ap", "mixed")),),
        ),
        ChoiceInput(
            "unit",
            "Unit",
            "troops",
            (("troops", "Troops"), ("wheeled", "Wheeled vehicle"), ("tracked", "Tracked vehicle")),
            rule=TYPES,
        ),
        BooleanInput("lane", "Following a traversed path or marked lane", False, rule=MODIFIERS),
        IntegerInput(
            "dr",
            "Discipline rating (dr)",
            0,
            -3,
            3,
            help="The unit's discipline rating, added to the roll.",
            source="the unit's card (Battlefront: WWII main rules; not in our texts)",
            rule=MODIFIERS,
        ),
        BooleanInput("combat_engineer", "Combat Engineer stand", False, rule=MODIFIERS),
        BooleanInput("rapid_advance", "Using Rapid Advance", False, rule=MODIFIERS),
        IntegerInput(
            "traverse_target",
            "Lowest modified roll that traverses",
            6,
            1,
            15,
            help="From the original minefield passage chart, which the supplement keeps: enter your rulebook's figure.",
            source="Battlefront: WWII rulebook, minefield passage chart (not in our texts)",
            rule=MODIFIERS,
        ),
    ),
    compute=_passage,
)


def _artillery(inputs: Mapping[str, object]) -> Result:
    density, faces, strikes = inputs["density"], inputs["knockout_faces"], inputs["strikes"]
    knockout = Fraction(faces, 10)
    reduced = ORDER[max(ORDER.index(density) - 1, 0)]
    steps = [
        Step(
            '"If a minefield is struck by an artillery template, treat the field as dug-in troops. If a '
            'knocked-out result is rolled, then reduce the field density by one category."',
            ARTILLERY,
        ),
        Step(f"Knocked-out on {faces} of the d10's 10 results (your figure): {knockout} a strike.", ARTILLERY),
        Step(
            f'"A field may not have its density reduced below "scattered."" {density} -> {reduced} after a '
            "knocked-out result.",
            ARTILLERY,
        ),
    ]
    after = Distribution({density: 1})
    for _ in range(strikes):
        after = Distribution(_strike(after, knockout))
    reduced_chance = after.probability(lambda outcome: ORDER.index(outcome) < ORDER.index(density))
    steps.append(
        Step(
            f"{strikes} strike(s), each knocked-out with chance {knockout}: density lower than {density} "
            f"with chance {reduced_chance}.",
            ARTILLERY,
        )
    )
    return Result(
        outputs=(
            Output("density_after_knockout", "Density after a knocked-out result", reduced, ARTILLERY),
            Output("knockout_chance", "Knocked-out chance per strike", knockout, ARTILLERY),
            Output(
                "reduced_chance", f"Chance the density is reduced after {strikes} strike(s)", reduced_chance, ARTILLERY
            ),
        ),
        steps=tuple(steps),
        distribution=tuple(
            (name, after.probability_of(name)) for name in reversed(ORDER) if after.probability_of(name)
        ),
    )


def _strike(before: Distribution, knockout: Fraction) -> dict[str, Fraction]:
    """One artillery strike: a knocked-out result lowers the density a category, never below scattered."""
    weights: dict[str, Fraction] = {}
    for density, p in before:
        lower = ORDER[max(ORDER.index(density) - 1, 0)]
        weights[lower] = weights.get(lower, Fraction(0)) + p * knockout
        weights[density] = weights.get(density, Fraction(0)) + p * (1 - knockout)
    return weights


ARTILLERY_CLEARING = Calculator(
    id="minefield-artillery",
    title="Clearing a Minefield with Artillery Fire",
    ruleset="battlefront",
    rules=(ARTILLERY,),
    summary="How artillery knocked-out results reduce a minefield's density, one category each, never below "
    "scattered.",
    inputs=(
        ChoiceInput(
            "density",
            "Density before the fire",
            "normal",
            DENSITIES,
            help="For a mixed field the text does not say whether a knocked-out result reduces the AT density, "
            "the AP density or both: run it for each density your group reduces.",
            rule=TYPES,
        ),
        IntegerInput(
            "knockout_faces",
            "d10 results that knock out dug-in troops",
            1,
            0,
            10,
            help="How many of the ten d10 results give knocked-out for this artillery attack on dug-in troops.",
            source="Battlefront: WWII main rules, artillery attack on dug-in troops (not in our texts)",
            rule=ARTILLERY,
        ),
        IntegerInput("strikes", "Artillery strikes on the field", 1, 1, 10, rule=ARTILLERY),
    ),
    compute=_artillery,
)

CALCULATORS = (PASSAGE, ARTILLERY_CLEARING)
