"""Minefield passage and artillery clearing, worked by hand from the Engineering rules
(rulesets/battlefront/sources/engineering-rules.txt)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calculators
from calculators import InputError
from calculators.model import BooleanInput, ChoiceInput

PASSAGE = calculators.get("minefield-passage")
ARTILLERY = calculators.get("minefield-artillery")

# A pure AP field, normal density, buried, troops with dr 0: every modifier is off.
PLAIN = {"field": "ap", "density": "normal", "unit": "troops"}


def modifier(**raw):
    return PASSAGE.run({**PLAIN, **raw}).output("total_modifier")


# new-mine-passage-modifiers: one test per line of the table.
def test_dense_field_is_minus_1():
    # "Dense field | -1"
    assert modifier(density="dense") == -1


def test_scattered_minefield_is_plus_1():
    # "Scattered minefield | +1"
    assert modifier(density="scattered") == 1


def test_normal_density_has_no_line_in_the_table():
    assert modifier() == 0


def test_surface_laid_mines_are_plus_1():
    # "Surface laid mines | +1"
    assert modifier(surface_laid=True) == 1


def test_following_a_traversed_path_or_marked_lane_is_plus_1():
    # "Following a traversed path or marked lane | +1"
    assert modifier(lane=True) == 1


def test_tracked_vehicle_moving_through_ap_minefield_is_plus_1():
    # "Tracked vehicle moving through AP minefield | +1"
    assert modifier(unit="tracked") == 1
    assert modifier(unit="wheeled") == 0


def test_tracked_vehicle_gets_no_ap_bonus_in_a_pure_at_field():
    assert PASSAGE.run({"field": "at", "density": "normal", "unit": "tracked"}).output("total_modifier") == 0


def test_discipline_rating_is_added_as_plus_dr():
    # "Discipline Rating | +dr": a dr of -2 subtracts 2.
    assert modifier(dr=2) == 2
    assert modifier(dr=-2) == -2


def test_combat_engineer_stand_is_plus_1():
    # "Combat Engineer stand | +1"
    assert modifier(combat_engineer=True) == 1


def test_using_rapid_advance_is_minus_1():
    # "Using Rapid Advance | -1"
    assert modifier(rapid_advance=True) == -1


def test_every_modifier_together_adds_up_and_cites_the_table():
    # dense -1, surface +1, lane +1, tracked in AP +1, dr +2, engineer +1, rapid advance -1 = +4
    result = PASSAGE.run(
        {"field": "ap", "density": "dense", "surface_laid": True, "lane": True, "unit": "tracked", "dr": 2,
         "combat_engineer": True, "rapid_advance": True}
    )
    assert result.output("total_modifier") == 4
    table_steps = [step.text for step in result.steps if step.text.startswith('"') and '": ' in step.text]
    assert len(table_steps) == 7
    assert all(step.rule == "new-mine-passage-modifiers" for step in result.steps if step.text in table_steps)


def test_higher_is_better_a_modified_roll_at_or_above_the_chart_target_traverses():
    # The modifiers push the d10 up for the unit: with the chart's traverse at 6 or more,
    # a plain roll traverses on 6-10 (5/10); a dense field (-1) on 7-10 (4/10).
    assert PASSAGE.run({**PLAIN, "traverse_target": 6}).output("traverse_chance") == Fraction(1, 2)
    assert PASSAGE.run({**PLAIN, "density": "dense", "traverse_target": 6}).output("traverse_chance") == Fraction(2, 5)


# Each modifier of the table, from worse to better for the unit ("Dense field -1" ... "Combat Engineer stand +1").
IMPROVING = [
    ("density", ["dense", "normal", "scattered"]),
    ("surface_laid", [False, True]),
    ("lane", [False, True]),
    ("unit", ["wheeled", "tracked"]),
    ("dr", [-3, -2, -1, 0, 1, 2, 3]),
    ("combat_engineer", [False, True]),
    ("rapid_advance", [True, False]),
]


def values(item):
    if isinstance(item, ChoiceInput):
        return st.sampled_from([value for value, _ in item.choices])
    if isinstance(item, BooleanInput):
        return st.booleans()
    return st.integers(item.minimum, item.maximum)


@pytest.mark.parametrize("name, worse_to_better", IMPROVING, ids=[name for name, _ in IMPROVING])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_traverse_chance_never_falls_as_a_modifier_improves(name, worse_to_better, data):
    # new-mine-passage-modifiers: modifiers add to the d10, and a higher roll is better for the unit.
    others = {item.name: values(item) for item in PASSAGE.inputs if item.name not in (name, "field", "unit")}
    raw = data.draw(st.fixed_dictionaries(others))
    raw = {**raw, "field": "ap", "unit": "wheeled"}
    chances = [PASSAGE.run({**raw, name: value}).output("traverse_chance") for value in worse_to_better]
    assert chances == sorted(chances)


def test_distribution_is_the_modified_d10():
    result = PASSAGE.run({**PLAIN, "combat_engineer": True})
    assert result.distribution == tuple((f"modified roll {roll}", Fraction(1, 10)) for roll in range(2, 12))


# minefield-types-and-restrictions
def test_troops_never_roll_in_a_pure_at_field():
    # "All units roll for passage through AP or mixed fields. Only Vehicles only roll for AT fields."
    result = PASSAGE.run({"field": "at", "unit": "troops"})
    assert result.output("roll_required") is False
    assert result.output("total_modifier") is None
    assert result.output("traverse_chance") is None
    assert result.distribution is None


@pytest.mark.parametrize("unit", ["wheeled", "tracked"])
def test_vehicles_roll_in_an_at_field(unit):
    assert PASSAGE.run({"field": "at", "unit": unit}).output("roll_required") is True


@pytest.mark.parametrize("field", ["ap", "mixed", "dummy"])
def test_troops_roll_in_ap_mixed_and_dummy_fields(field):
    assert PASSAGE.run({"field": field, "unit": "troops"}).output("roll_required") is True


@pytest.mark.parametrize("name", ["density_at", "density_ap"])
def test_a_mixed_field_may_not_be_dense_in_either_mine_type(name):
    # "the maximum density that may be specified for either type in a mixed field is Normal"
    with pytest.raises(InputError) as error:
        PASSAGE.run({"field": "mixed", name: "dense"})
    assert error.value.field == name
    assert "Normal" in str(error.value)


def test_a_dense_density_is_fine_for_a_pure_field_and_hidden_mixed_densities_are_ignored():
    # "Pure AT or AP fields may be of any density."
    assert PASSAGE.run({"field": "ap", "density": "dense", "density_at": "dense"}).output("total_modifier") == -1


def test_mixed_field_reading_is_explicit_and_warned():
    # Scattered AT mines, normal AP mines: each reading picks its density, and a warning says which.
    mixed = {"field": "mixed", "density_at": "scattered", "density_ap": "normal", "unit": "tracked"}
    assert PASSAGE.run({**mixed, "mixed_roll": "at"}).output("total_modifier") == 1  # scattered, no AP bonus
    assert PASSAGE.run({**mixed, "mixed_roll": "ap"}).output("total_modifier") == 1  # normal, tracked in AP +1
    assert PASSAGE.run({**mixed, "mixed_roll": "denser"}).output("total_modifier") == 1  # normal, tracked +1
    for reading in ("at", "ap", "denser"):
        warnings = PASSAGE.run({**mixed, "mixed_roll": reading}).warnings
        assert any("does not say how" in warning for warning in warnings)


def test_troops_do_not_roll_against_the_at_mines_of_a_mixed_field():
    result = PASSAGE.run({"field": "mixed", "unit": "troops", "mixed_roll": "at"})
    assert result.output("roll_required") is False


# dummy-minefields
def test_dummy_field_is_treated_as_surface_laid_normal_density():
    # "A Dummy minefield is treated as surface laid/normal density minefield in all respects"
    result = PASSAGE.run({"field": "dummy", "unit": "troops", "density": "dense", "surface_laid": False})
    assert result.output("total_modifier") == 1  # surface laid +1, normal density +0: hidden inputs ignored
    assert any("revealed to be a dummy" in warning for warning in result.warnings)


# clearing-minefields-with-artillery-fire
def test_a_knocked_out_result_reduces_the_density_one_category():
    # "If a knocked-out result is rolled, then reduce the field density by one category."
    assert ARTILLERY.run({"density": "dense"}).output("density_after_knockout") == "normal"
    assert ARTILLERY.run({"density": "normal"}).output("density_after_knockout") == "scattered"


def test_density_is_never_reduced_below_scattered():
    # 'A field may not have its density reduced below "scattered."'
    result = ARTILLERY.run({"density": "scattered", "knockout_faces": 10, "strikes": 3})
    assert result.output("density_after_knockout") == "scattered"
    assert result.output("reduced_chance") == 0
    assert result.distribution == (("scattered", Fraction(1)),)


def test_two_strikes_on_a_dense_field():
    # Knocked-out on 3 faces in 10: dense stays dense (7/10)^2 = 49/100, drops to scattered (3/10)^2 = 9/100,
    # ends normal otherwise: 2 x 3/10 x 7/10 = 42/100.
    result = ARTILLERY.run({"density": "dense", "knockout_faces": 3, "strikes": 2})
    assert result.distribution == (
        ("dense", Fraction(49, 100)),
        ("normal", Fraction(42, 100)),
        ("scattered", Fraction(9, 100)),
    )
    assert result.output("reduced_chance") == Fraction(51, 100)
