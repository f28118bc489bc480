"""The calculator model: strict parsing, declarations and the JSON of a run."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import calculators
from calculators.model import (
    BooleanInput,
    Calculator,
    ChoiceInput,
    InputError,
    IntegerInput,
    Output,
    Result,
    Step,
    TextInput,
    display_value,
    percent_text,
    result_json,
)

LABOR = ChoiceInput("labor", "Labor Status DRM", "0", (("0", "none"), ("-1", "one failure"), ("-2", "two failures")))
DELAY = IntegerInput("delay_mp", "MP in Delay", 0, 0, 8, rule="G15.21")
STONE = BooleanInput("stone", "Stone", False, show_if=(("labor", ("0", "-1")),))
DRAWN = TextInput("drawn", "Cards drawn", "", "([0-9]{1,2}(,[0-9]{1,2})*)?", 20, "card values separated by commas")


def echo(inputs):
    return Result(
        outputs=(Output("inputs", "Inputs", repr(sorted(inputs.items()))), Output("p", "P", Fraction(5, 12), "B24.7")),
        steps=(Step("-5 for the dozer", "G15.21"),),
        distribution=(("success", Fraction(5, 12)), ("failure", Fraction(7, 12))),
    )


CALC = Calculator("echo", "Echo", "asl", ("G15.21",), "Echoes its inputs.", (LABOR, DELAY, STONE, DRAWN), echo)


def test_missing_inputs_take_their_defaults():
    assert CALC.parse({}) == {"labor": "0", "delay_mp": 0, "stone": False, "drawn": ""}


def test_strings_from_urls_and_the_cli_parse_to_typed_values():
    assert CALC.parse({"labor": "-1", "delay_mp": "5", "stone": "true", "drawn": "7,7,12"}) == {
        "labor": "-1",
        "delay_mp": 5,
        "stone": True,
        "drawn": "7,7,12",
    }


def test_typed_values_are_accepted_as_they_are():
    assert CALC.parse({"delay_mp": 3, "stone": True}) == {"labor": "0", "delay_mp": 3, "stone": True, "drawn": ""}


def test_choice_error_names_the_field_and_lists_the_values():
    with pytest.raises(InputError) as caught:
        CALC.parse({"labor": "5"})
    assert caught.value.field == "labor"
    assert str(caught.value) == "labor: must be one of 0, -1, -2 (got '5')"


@pytest.mark.parametrize("raw", ["+3", " 3", "3 ", "1e3", "03", "3.0", "", "-", "٣", 3.0, Fraction(3), True, None, "9"])
def test_integers_are_strict(raw):
    with pytest.raises(InputError) as caught:
        CALC.parse({"delay_mp": raw})
    assert caught.value.field == "delay_mp"
    assert "from 0 to 8" in caught.value.message


def test_an_integer_beyond_python_conversion_limits_is_an_input_error():
    with pytest.raises(InputError, match="delay_mp"):
        CALC.parse({"delay_mp": "9" * 5000})


@pytest.mark.parametrize("raw", ["True", "1", "yes", 1, 0, None, ""])
def test_booleans_are_true_or_false_only(raw):
    with pytest.raises(InputError, match="stone: must be true or false"):
        CALC.parse({"stone": raw})


@pytest.mark.parametrize("raw", ["7,", ",7", "7;7", "a", ",".join(["7"] * 11), 7])
def test_text_must_match_its_pattern_in_full_within_its_length(raw):
    with pytest.raises(InputError, match="drawn: must be card values separated by commas"):
        CALC.parse({"drawn": raw})


def test_unknown_input_is_an_error_naming_it():
    with pytest.raises(InputError) as caught:
        CALC.parse({"labour": "0"})
    assert caught.value.field == "labour"


def test_unknown_calculator_id_is_an_input_error_on_field_id():
    with pytest.raises(InputError) as caught:
        calculators.get("no-such-calculator")
    assert caught.value.field == "id"


def test_declaration_is_json_with_every_key_for_every_input():
    declaration = json.loads(json.dumps(CALC.declaration()))
    assert declaration["id"] == "echo" and declaration["rules"] == ["G15.21"]
    keys = {"name", "kind", "label", "default", "min", "max", "at_most", "choices", "pattern", "max_length", "help",
            "source", "rule", "show_if"}
    assert all(set(item) == keys for item in declaration["inputs"])
    labor, delay, stone, drawn = declaration["inputs"]
    assert labor["choices"][1] == {"value": "-1", "label": "one failure"} and labor["min"] is None
    assert (delay["kind"], delay["min"], delay["max"], delay["rule"]) == ("integer", 0, 8, "G15.21")
    assert stone["show_if"] == {"labor": ["0", "-1"]}
    assert (drawn["kind"], drawn["max_length"]) == ("text", 20)


def test_result_json_shows_fractions_as_p_over_q_and_percent():
    inputs = CALC.parse({})
    data = json.loads(json.dumps(result_json(CALC, inputs, CALC.compute(inputs))))
    assert data["outputs"]["p"] == "5/12"
    assert data["display"][1] == {"name": "p", "label": "P", "text": "5/12 (41.67%)", "rule": "B24.7"}
    assert data["steps"] == [{"text": "-5 for the dozer", "rule": "G15.21"}]
    assert data["distribution"][0] == {"outcome": "success", "probability": "5/12", "percent": "41.67%"}
    assert data["warnings"] == [] and data["inputs"] == inputs


@pytest.mark.parametrize(
    "value, text",
    [(Fraction(1, 36), "2.78%"), (Fraction(1, 8), "12.50%"), (Fraction(1, 200), "0.50%"), (Fraction(1), "100.00%"),
     (Fraction(0), "0.00%"), (Fraction(1, 3), "33.33%"), (Fraction(2, 3), "66.67%")],
)
def test_percent_rounds_half_up_exactly(value, text):
    assert percent_text(value) == text


@pytest.mark.parametrize("value, text", [(True, "yes"), (False, "no"), (None, "—"), (-5, "-5"), ("S", "S")])
def test_display_of_plain_values(value, text):
    assert display_value(value) == text
