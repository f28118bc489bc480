"""Properties every calculator keeps, whatever its ruleset.

The calculators are taken from ``calculators.all_calculators()``, so a new
calculator is checked as soon as its module is in a ruleset's sub-package;
a made-up one with no inputs (``tests/newgame``) is checked with them, so
the checks hold for a shape no ruleset of this project has.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import calculators
from calculators import InputError, result_json
from calculators.model import BooleanInput, ChoiceInput, IntegerInput, TextInput

from calculator_values import typed_values
from newgame.hit import HIT

ALL = (*calculators.all_calculators(), HIT)
IDS = [calc.id for calc in ALL]
WITH_INPUTS = [calc for calc in ALL if calc.inputs]
WITH_SHOW_IF = [calc for calc in ALL if any(item.show_if for item in calc.inputs)]
PROPERTY = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def as_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def raw_values(item):
    """A valid value for ``item``, typed or as the string a URL or the CLI would carry."""
    typed = typed_values(item)
    return st.one_of(typed, typed.map(as_text))


def valid_raw(calc):
    return st.fixed_dictionaries({}, optional={item.name: raw_values(item) for item in calc.inputs})


def outcome(calc, raw):
    """("result", outputs, warnings) or ("error", field): what a user sees."""
    try:
        result = calc.run(raw)
    except InputError as error:
        return ("error", error.field)
    return ("result", result.outputs, result.warnings)


def shown(item, inputs):
    return all(inputs[name] in values for name, values in item.show_if)


@pytest.mark.parametrize("calc", ALL, ids=IDS)
def test_declaration_is_consistent_and_json(calc):
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", calc.id)
    assert calc.ruleset and calc.rules and calc.title and calc.summary
    names = [item.name for item in calc.inputs]
    assert len(names) == len(set(names))
    declaration = calc.declaration()
    assert json.loads(json.dumps(declaration)) == declaration
    defaults = calc.parse({})
    for item in calc.inputs:
        assert item.parse_value(as_text(item.default)) == item.default == defaults[item.name]
        for name, values in item.show_if:
            assert name in names and name != item.name
            other = calc.inputs[names.index(name)]
            assert all(other.parse_value(value) == value for value in values)


def test_calculator_ids_are_unique():
    assert len(IDS) == len(set(IDS))


@pytest.mark.parametrize("calc", ALL, ids=IDS)
@PROPERTY
@given(data=st.data())
def test_valid_inputs_give_exact_probabilities_cited_steps_and_json(calc, data):
    raw = data.draw(valid_raw(calc))
    try:
        result = calc.run(raw)
    except InputError as error:
        assert error.field in {item.name for item in calc.inputs}
        return
    for item in result.outputs:
        if isinstance(item.value, Fraction):
            assert 0 <= item.value <= 1, item
        assert not isinstance(item.value, float)
    if result.distribution is not None:
        assert sum(p for _, p in result.distribution) == 1
        assert all(0 < p <= 1 for _, p in result.distribution)
    assert all(step.rule and step.text for step in result.steps)
    inputs = calc.parse(raw)
    assert json.loads(json.dumps(result_json(calc, inputs, result)))["id"] == calc.id
    assert calc.run(raw) == result  # pure: the same inputs, the same result


@pytest.mark.parametrize("calc", WITH_SHOW_IF, ids=[calc.id for calc in WITH_SHOW_IF])
@PROPERTY
@given(data=st.data())
def test_a_hidden_input_never_changes_the_result(calc, data):
    # show_if: the form hides an input whose conditions fail; a share link may still carry it.
    raw = data.draw(st.fixed_dictionaries({item.name: typed_values(item) for item in calc.inputs}))
    hidden = [item for item in calc.inputs if not shown(item, raw)]
    assume(hidden)
    item = data.draw(st.sampled_from(hidden))
    changed = {**raw, item.name: data.draw(typed_values(item))}
    assert outcome(calc, changed) == outcome(calc, raw)


@pytest.mark.parametrize("calc", WITH_INPUTS, ids=[calc.id for calc in WITH_INPUTS])
@PROPERTY
@given(data=st.data())
def test_out_of_range_and_unknown_values_are_rejected_with_the_field(calc, data):
    item = data.draw(st.sampled_from(calc.inputs))
    if isinstance(item, IntegerInput):
        bad = data.draw(st.one_of(st.integers(max_value=item.minimum - 1), st.integers(min_value=item.maximum + 1)))
        bad = data.draw(st.sampled_from([bad, str(bad)]))
    elif isinstance(item, ChoiceInput):
        bad = data.draw(st.text().filter(lambda text: text not in dict(item.choices)))
    elif isinstance(item, BooleanInput):
        bad = data.draw(st.one_of(st.integers(), st.text().filter(lambda text: text not in ("true", "false"))))
    else:
        assert isinstance(item, TextInput)
        bad = data.draw(st.text(min_size=item.max_length + 1, max_size=item.max_length + 5))
    with pytest.raises(InputError) as caught:
        calc.run({item.name: bad})
    assert caught.value.field == item.name


@pytest.mark.parametrize("calc", ALL, ids=IDS)
@PROPERTY
@given(name=st.text(max_size=10))
def test_an_input_the_calculator_does_not_declare_is_rejected_by_its_name(calc, name):
    assume(name not in {item.name for item in calc.inputs})
    with pytest.raises(InputError) as caught:
        calc.run({name: "1"})
    assert caught.value.field == name


def input_names(calc):
    """Names a raw mapping may carry: the declared ones, if any, and any text."""
    declared = [item.name for item in calc.inputs]
    anything = st.text(max_size=10)
    return st.one_of(st.sampled_from(declared), anything) if declared else anything


ANYTHING = st.one_of(st.text(max_size=30), st.integers(), st.booleans(), st.floats(), st.none(),
                     st.fractions(), st.lists(st.integers(), max_size=2))


@pytest.mark.parametrize("calc", ALL, ids=IDS)
@PROPERTY
@given(data=st.data())
def test_nothing_but_input_error_escapes_for_arbitrary_inputs(calc, data):
    raw = data.draw(st.dictionaries(input_names(calc), st.one_of(ANYTHING, st.text(alphabet="-0123456789,truefals", max_size=8)),
                                    max_size=6))
    try:
        calc.run(raw)
    except InputError as error:
        assert str(error) == f"{error.field}: {error.message}"


# Success never falls as the DRM improves: (calculator, input, values from worst to best DRM, output).
IMPROVING = [
    ("dozer-clearance", "leadership", [2, 1, 0, -1, -2, -3], "success_probability"),  # G15.21 +y for leadership
    ("dozer-clearance", "tem", [5, 4, 3, 2, 1, 0], "success_probability"),  # G15.21 +TEM
    ("dozer-clearance", "labor", ["0", "-1", "-2"], "success_probability"),  # B24.8 Labor Status
    ("dozer-clearance", "delay_mp", list(range(0, 41)), "success_probability"),  # G15.21 -1 per 25% in Delay
    ("dozer-house", "labor", ["0", "-1", "-2"], "rubble_probability"),
    ("dozer-house", "stone", [True, False], "rubble_probability"),  # G15.25 +3 if stone
    ("dozer-house", "reading", ["printed", "le"], "rubble_probability"),  # < 2 is harder than <= 2
    ("dozer-driver", "reading", ["printed", "le"], "driver_killed_probability"),
]


@pytest.mark.parametrize("calc_id, name, worst_to_best, output", IMPROVING,
                         ids=[f"{calc_id}-{name}" for calc_id, name, _, _ in IMPROVING])
@PROPERTY
@given(data=st.data())
def test_success_never_falls_as_the_drm_improves(calc_id, name, worst_to_best, output, data):
    calc = calculators.get(calc_id)
    raw = data.draw(st.fixed_dictionaries({item.name: typed_values(item) for item in calc.inputs
                                           if item.name != name}))
    chances = []
    for value in worst_to_best:
        try:
            chances.append(calc.run({**raw, name: value}).output(output))
        except InputError:
            continue  # e.g. more Delay MP than the printed MP allotment
    assert chances == sorted(chances)


AT_MOST = [(calc, item) for calc in ALL for item in calc.inputs if isinstance(item, IntegerInput) and item.at_most]


def test_some_calculator_declares_an_at_most_tie():
    assert AT_MOST  # else the property below checks nothing


@pytest.mark.parametrize("calc, item", AT_MOST, ids=[f"{calc.id}.{item.name}" for calc, item in AT_MOST])
@given(data=st.data())
@settings(PROPERTY)
def test_compute_rejects_exactly_what_at_most_declares(calc, item, data):
    # The page's share-link prefill trusts the declaration: Python must agree with it.
    limit = next(other for other in calc.inputs if other.name == item.at_most)
    assert isinstance(limit, IntegerInput)
    inputs = {other.name: data.draw(typed_values(other), label=other.name) for other in calc.inputs}
    try:
        calc.compute(inputs)
        rejected = None
    except InputError as error:
        rejected = error.field
    if inputs[item.name] > inputs[item.at_most]:
        assert rejected == item.name
    else:
        assert rejected != item.name
