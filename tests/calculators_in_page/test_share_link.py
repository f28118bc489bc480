"""Share links (calculators/share_link.py): what a link says, and what a tampered one cannot do.

The same decoder runs in the page's worker under Pyodide; here it is fuzzed on CPython."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import calculators
from calculators import result_json, share_link, worker

from calculator_values import typed_values
from newgame.hit import HIT

ALL = (*calculators.all_calculators(), HIT)  # and one with no inputs
CLEARANCE = calculators.get("dozer-clearance")
HOUSE = calculators.get("dozer-house")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def errors_of(linked):
    return {error.field: error.message for error in linked.errors}


def test_g15_21_link_sets_labor_and_tem_and_keeps_the_other_defaults():
    linked, page_errors = share_link.decode("?dozer-clearance.labor=-1&dozer-clearance.tem=2", [CLEARANCE])
    inputs = linked["dozer-clearance"].inputs
    assert inputs == {**CLEARANCE.parse({}), "labor": "-1", "tem": 2}
    assert linked["dozer-clearance"].result == CLEARANCE.run({"labor": "-1", "tem": "2"})
    assert linked["dozer-clearance"].errors == () and page_errors == ()


def test_two_calculators_of_one_page_read_their_own_keys():
    query = "?dozer-clearance.labor=-1&dozer-house.labor=-2&h=bulldozer"
    linked, page_errors = share_link.decode(query, [CLEARANCE, HOUSE])
    assert linked["dozer-clearance"].inputs["labor"] == "-1"
    assert linked["dozer-house"].inputs["labor"] == "-2"
    assert page_errors == ()  # ?h= (Material's search highlight) is not ours


def test_out_of_range_value_is_named_and_its_default_kept():
    linked, _ = share_link.decode("?dozer-clearance.tem=9&dozer-clearance.labor=-1", [CLEARANCE])
    assert linked["dozer-clearance"].inputs["tem"] == 0
    assert linked["dozer-clearance"].inputs["labor"] == "-1"
    assert "from 0 to 5" in errors_of(linked["dozer-clearance"])["tem"]


@pytest.mark.parametrize("value", ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "1e3", "+3", " 3"])
def test_markup_or_malformed_number_is_rejected_as_a_value(value):
    linked, _ = share_link.decode(f"?dozer-clearance.tem={quote(value)}", [CLEARANCE])
    assert linked["dozer-clearance"].inputs["tem"] == 0
    assert "must be a whole number" in errors_of(linked["dozer-clearance"])["tem"]


def test_unknown_field_and_unknown_calculator_are_reported_not_applied():
    linked, page_errors = share_link.decode("?dozer-clearance.nope=1&no-such-calc.tem=2", [CLEARANCE])
    assert "not an input of dozer-clearance" in errors_of(linked["dozer-clearance"])["nope"]
    assert [error.field for error in page_errors] == ["no-such-calc.tem"]
    assert linked["dozer-clearance"].inputs == CLEARANCE.parse({})


def test_key_without_an_input_name_is_reported_by_its_whole_key():
    linked, _ = share_link.decode("?dozer-clearance.=1", [CLEARANCE])
    assert "not an input of dozer-clearance" in errors_of(linked["dozer-clearance"])["dozer-clearance."]


def test_keys_a_report_quotes_are_short_and_hide_nothing():
    # 1.6 KB keys were echoed whole, bidi controls included: a report could reorder what the reader sees.
    long_calc = "x\u202e" + "y" * 1600
    query = f"?{quote(long_calc)}.tem=1&dozer-clearance.{quote('n' * 100 + chr(0x2066))}=1"
    linked, page_errors = share_link.decode(query, [CLEARANCE])
    [page_error] = page_errors
    assert page_error.field == "x?" + "y" * 37 + "…" and len(page_error.field) == 40
    assert "\u202e" not in page_error.message and len(page_error.message) < 100
    [field_error] = linked["dozer-clearance"].errors
    assert field_error.field == "n" * 39 + "…"


def test_repeated_field_keeps_the_default():
    linked, _ = share_link.decode("?dozer-clearance.tem=1&dozer-clearance.tem=2", [CLEARANCE])
    assert linked["dozer-clearance"].inputs["tem"] == 0
    assert "more than once" in errors_of(linked["dozer-clearance"])["tem"]


def test_g15_21_delay_above_printed_mp_gives_way_to_its_default():
    # G15.21: MP spent in Delay cannot exceed the printed allotment; each value is valid alone.
    linked, _ = share_link.decode("?dozer-clearance.printed_mp=8&dozer-clearance.delay_mp=12", [CLEARANCE])
    assert linked["dozer-clearance"].inputs["delay_mp"] == 0
    assert "delay_mp" in errors_of(linked["dozer-clearance"])


def test_overlong_link_is_ignored_as_a_whole():
    linked, page_errors = share_link.decode("?dozer-clearance.tem=1&" + "x=1&" * 3000, [CLEARANCE])
    assert [error.field for error in page_errors] == ["link"]
    assert linked["dozer-clearance"].inputs == CLEARANCE.parse({})


def test_encode_writes_only_changed_inputs_and_keeps_other_keys_in_place():
    query = share_link.encode("?h=dozer&dozer-clearance.tem=4&dozer-house.labor=-1", CLEARANCE,
                              CLEARANCE.parse({"labor": "-1", "tem": "2"}))
    assert query == "?h=dozer&dozer-house.labor=-1&dozer-clearance.labor=-1&dozer-clearance.tem=2"
    assert share_link.encode("", CLEARANCE, CLEARANCE.parse({})) == ""


def test_a_calculator_with_no_inputs_links_to_its_one_result_and_names_any_field_given():
    assert share_link.encode("?h=shot", HIT, HIT.parse({})) == "?h=shot"
    linked, page_errors = share_link.decode("?newgame-hit.shots=3&h=shot", [HIT])
    assert linked["newgame-hit"].inputs == {}
    assert linked["newgame-hit"].result == HIT.run({})
    assert "not an input of newgame-hit" in errors_of(linked["newgame-hit"])["shots"] and page_errors == ()


def test_the_page_worker_opens_and_runs_a_calculator_with_no_inputs(newgame_found):
    opened = json.loads(worker.handle(json.dumps({"type": "open", "ids": ["newgame-hit"], "query": "?newgame-hit.x=1"})))
    mine = opened["calculators"]["newgame-hit"]
    assert mine["result"] == result_json(HIT, {}, HIT.run({}))
    assert [error["field"] for error in mine["errors"]] == ["x"]
    ran = json.loads(worker.handle(json.dumps({"type": "run", "id": "newgame-hit", "inputs": {}, "query": "?h=a"})))
    assert ran == {"result": result_json(HIT, {}, HIT.run({})), "query": "?h=a"}


@st.composite
def accepted_inputs(draw, calc):
    while True:
        inputs = {item.name: draw(typed_values(item)) for item in calc.inputs}
        try:
            calc.compute(inputs)
            return inputs
        except calculators.InputError:
            continue


@pytest.mark.parametrize("calc", ALL, ids=[calc.id for calc in ALL])
@FUZZ
@given(data=st.data())
def test_what_encode_writes_decode_reads_back(calc, data):
    inputs = data.draw(accepted_inputs(calc))
    linked, page_errors = share_link.decode(share_link.encode("", calc, inputs), [calc])
    assert linked[calc.id].inputs == inputs
    assert linked[calc.id].errors == () and page_errors == ()


def addressed_to(calc, key):
    """A key of ``calc``: one of its inputs, picked by ``key``, or ``key`` itself if it has no inputs."""
    names = [item.name for item in calc.inputs]
    return f"{calc.id}.{names[len(key) % len(names)] if names else key}"


@pytest.mark.parametrize("calc", ALL, ids=[calc.id for calc in ALL])
@FUZZ
@given(keys=st.lists(st.tuples(st.text(max_size=30), st.text(max_size=30)), max_size=8), noise=st.text(max_size=40))
def test_any_link_gives_inputs_the_calculator_accepts(calc, keys, noise):
    pairs = [(addressed_to(calc, key) if i % 2 else key, value) for i, (key, value) in enumerate(keys)]
    query = "?" + "&".join(f"{quote(k)}={quote(v)}" for k, v in pairs) + noise
    linked, _ = share_link.decode(query, [calc])
    inputs = linked[calc.id].inputs
    assert calc.parse(inputs) == inputs  # every value typed and in range
    assert linked[calc.id].result == calc.compute(inputs)
