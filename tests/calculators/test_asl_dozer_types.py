"""dozer-fire-drm and dozer-vp, from G15.11, G15.12 and G15.13 (with its errata)."""

from __future__ import annotations

import pytest

import calculators

FIRE = calculators.get("dozer-fire-drm")
VP = calculators.get("dozer-vp")


def drm(**raw):
    result = FIRE.run(raw)
    return result.output("to_hit_drm"), result.output("ift_drm")


@pytest.mark.parametrize("dozer", ["unarmored", "armored"])
def test_g15_11_plus_2_for_hh_on_a_direct_fire_front_hull_hit(dozer):
    # G15.11 "+2 for HH"; G15.12 an armored dozer is "Otherwise ... treated as per 15.11".
    assert drm(dozer=dozer, attack="ordnance") == (2, 0)


@pytest.mark.parametrize("raw", [{"firer_higher": True}, {"front_hull": False}])
def test_g15_11_hh_needs_a_front_hull_hit_from_a_firer_not_a_full_level_higher(raw):
    assert drm(attack="ordnance", **raw) == (0, 0)


def test_g15_13_errata_hh_of_the_us_m4_tankdozer_is_na_vs_mortar_fire():
    assert drm(dozer="tankdozer", attack="ordnance") == (2, 0)
    result = FIRE.run({"dozer": "tankdozer", "attack": "mortar"})
    assert result.output("to_hit_drm") == 0
    assert any("[ERRATA:" in step.text and step.rule == "G15.13" for step in result.steps)


def test_g15_13_the_british_sherman_dozer_has_hh_only_if_its_vehicle_note_says_so():
    assert drm(dozer="tankdozer", tankdozer="british-sherman") == (0, 0)
    assert drm(dozer="tankdozer", tankdozer="british-sherman", note_hh=True) == (2, 0)


def test_g15_11_mortar_fire_is_not_a_direct_fire_hit():
    assert drm(attack="mortar") == (0, 0)


@pytest.mark.parametrize("dozer", ["unarmored", "armored"])
def test_g15_11_plus_2_vs_non_ordnance_direct_fire_from_another_hex_in_its_vca(dozer):
    assert drm(dozer=dozer, attack="non-ordnance") == (0, 2)


@pytest.mark.parametrize("raw", [{"firer_in_vca": False}, {"firer_higher": True}, {"dozer": "tankdozer"}])
def test_g15_11_no_plus_2_outside_the_vca_from_a_higher_firer_or_for_a_tankdozer(raw):
    assert drm(**{"attack": "non-ordnance", **raw}) == (0, 0)


@pytest.mark.parametrize("attack", ["ft", "dc", "mol"])
def test_g15_11_ft_dc_and_mol_are_excepted(attack):
    result = FIRE.run({"attack": attack})
    assert result.output("ift_drm") == 0
    assert any("[EXC: FT; DC; MOL]" in step.text for step in result.steps)


@pytest.mark.parametrize("dozer, vp", [("unarmored", 2), ("armored", 4)])
def test_g15_11_12_casualty_vp_of_non_tank_dozers(dozer, vp):
    assert VP.run({"dozer": dozer}).output("casualty_vp") == vp


def test_g15_13_a_tankdozer_is_worth_one_more_than_otherwise():
    # "one > its otherwise-applicable (i.e., as per A26.2-.3) value"
    assert VP.run({"dozer": "tankdozer", "otherwise_vp": "5"}).output("casualty_vp") == 6


def test_g15_13_the_otherwise_applicable_value_is_labelled_as_not_in_our_texts():
    otherwise = [item for item in VP.declaration()["inputs"] if item["name"] == "otherwise_vp"][0]
    assert otherwise["source"] == "A26.2-.3 (not in our texts)"
    assert otherwise["show_if"] == {"dozer": ["tankdozer"]}
