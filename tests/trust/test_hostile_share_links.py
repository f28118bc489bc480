"""Hostile share links never break a calculator (issue 6): thousands of
generated links per calculator, decoded by the same code the page's worker
runs, each end in "applied" or "rejected with the field named"."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import calculators
from hostile_links import PAYLOADS, Link, hostile_links, open_page, outcome
from newgame.hit import HIT

LINKS_PER_CALCULATOR = 2000
CALCULATORS = calculators.all_calculators()


def hostile_outcomes(calc) -> dict[str, int]:
    """How many generated hostile links ``calc``'s page applied and how many it rejected."""
    seen = {"applied": 0, "rejected": 0}

    @settings(max_examples=LINKS_PER_CALCULATOR, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(link=hostile_links(calc))
    def decode(link: Link):
        seen[outcome(calc, link)] += 1

    decode()
    return seen


@pytest.mark.parametrize("calc", CALCULATORS, ids=[calc.id for calc in CALCULATORS])
def test_every_hostile_link_is_applied_or_rejected_with_its_field_named(calc):
    seen = hostile_outcomes(calc)
    assert seen["rejected"] > 0 and seen["applied"] > 0, seen
    assert sum(seen.values()) >= LINKS_PER_CALCULATOR


def test_every_hostile_link_to_a_calculator_with_no_inputs_is_applied_or_rejected_with_its_field_named(
        newgame_found):
    seen = hostile_outcomes(HIT)
    assert seen["rejected"] > 0 and seen["applied"] > 0, seen


def test_a_payload_in_a_choice_is_rejected_by_name_and_the_rest_of_the_link_still_applies():
    payload = "<img src=x onerror=alert(1)>"
    reply = open_page(["dozer-clearance"], f"?dozer-clearance.target={payload}&dozer-clearance.labor=-1")
    mine = reply["calculators"]["dozer-clearance"]
    assert [error["field"] for error in mine["errors"]] == ["target"]
    assert mine["result"]["inputs"]["target"] == "pillbox"  # the default
    assert mine["result"]["inputs"]["labor"] == "-1"


def test_negative_zero_huge_and_float_numbers_are_rejected_by_name():
    for value in ("-0", "9" * 1000, "2.0", "1e1", "\uff13"):
        reply = open_page(["dd-tank"], f"?dd-tank.moves={value}")
        assert [error["field"] for error in reply["calculators"]["dd-tank"]["errors"]] == ["moves"], value[:20]


def test_a_link_too_long_to_be_ours_is_rejected_whole_and_every_input_keeps_its_default():
    reply = open_page(["dd-tank"], "?dd-tank.rough_water=true&dd-tank.moves=" + "9" * 5000)
    assert [error["field"] for error in reply["errors"]] == ["link"]
    assert reply["calculators"]["dd-tank"]["result"]["inputs"] == {"moves": 1, "rough_water": False}


def test_a_repeated_field_keeps_its_default_and_is_named():
    reply = open_page(["dd-tank"], "?dd-tank.moves=3&dd-tank.moves=4")
    mine = reply["calculators"]["dd-tank"]
    assert [error["field"] for error in mine["errors"]] == ["moves"]
    assert mine["result"]["inputs"]["moves"] == 1


def test_payloads_come_back_only_as_error_text_never_as_an_input():
    for payload in PAYLOADS:
        reply = open_page(["secret-dr"], "?secret-dr.salt=" + payload)
        assert reply["calculators"]["secret-dr"]["result"]["inputs"]["salt"] == ""
