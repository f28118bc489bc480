"""collateral-attack, from D.8, D.8A, D.8B, the Collateral Attack Table and its notes 1-10, and the EX."""

from __future__ import annotations

import pytest

import calculators

COLLATERAL = calculators.get("collateral-attack")


def run(**raw):
    return COLLATERAL.run(raw)


def cites(result, text):
    return any(text in step.text for step in result.steps)


def test_ex_hmg_firing_as_ordnance_at_the_halftrack_is_specific_with_only_the_ce_drm():
    # EX: "The CE Crew immediately undergo a Specific Collateral Attack using the HMG's 6 IFT FP ...
    # Modified only by the +2 CE DRM"; D.8 names "MG vs AFV" as a predesignated-target attack.
    result = run(weapon="mg", target="afv", prc_on_ift=False)
    assert result.output("attack") == "specific"
    assert result.output("drm") == "only the CE DRM (if CE)"
    assert result.output("dr") == "the same Original Effects DR that resolved the attack vs the vehicle"


def test_ex_mg_on_the_ift_is_a_general_collateral_attack_modified_normally():
    # EX second paragraph and note 3: the AFV is unaffected; the attack is modified by Hindrance and CE.
    result = run(weapon="mg", target="afv")
    assert result.output("attack") == "general"
    assert result.output("drm") == "modified normally (range, Hindrances, TEM/CE DRM, etc.)"
    assert cites(result, "note 3:") and cites(result, "note 2:")


@pytest.mark.parametrize("weapon, afv, unarmored", [
    ("mg", "general", "general"),
    ("ft", "specific", "general"),
    ("dc", "specific", "general"),
    ("mol", "specific", "general"),
    ("ap-mines", "specific", "specific"),
    ("at-mines", "specific", "specific"),
    ("area", "general", "general"),
    ("ordnance", "specific", "specific"),
])
def test_d_8_collateral_attack_table_cells(weapon, afv, unarmored):
    assert run(weapon=weapon, target="afv").output("attack") == afv
    assert run(weapon=weapon, target="unarmored").output("attack") == unarmored


@pytest.mark.parametrize("weapon", ["mg", "ft", "dc", "mol", "ap-mines", "at-mines", "area", "ordnance"])
def test_d_8_note_1_no_collateral_attack_if_the_vehicle_is_destroyed(weapon):
    result = run(weapon=weapon, destroyed=True)
    assert result.output("attack") == "none"
    assert result.steps[0].text.startswith("Collateral Attack Table note 1:")


def test_d_8_note_1_shocked_or_stunned_crew_leaves_only_the_riders():
    result = run(weapon="ordnance", crew_shocked_stunned=True)
    assert result.output("attack") == "specific"
    assert result.output("affected") == "this vehicle's Riders only"


@pytest.mark.parametrize("raw, note", [
    ({"dud": True}, "note 4:"),
    ({"target": "unarmored", "motorcyclist": True}, "note 5:"),
])
def test_d_8_notes_4_5_no_collateral_attack_on_a_dud_or_vs_motorcyclists(raw, note):
    result = run(weapon="ordnance", **raw)
    assert result.output("attack") == "none" and cites(result, note)


def test_d_8a_a_deliberate_immobilization_hit_never_causes_a_specific_collateral_attack():
    result = run(weapon="ordnance", deliberate_immobilization=True)
    assert result.output("attack") == "none" and result.steps[0].rule == "D.8A"


def test_d_8a_specific_affects_no_other_unit_in_the_location():
    result = run(weapon="ft")
    assert result.output("affected") == "this vehicle's Vulnerable PRC"
    assert cites(result, "No other unit in the same Location")


def test_d_8b_general_also_attacks_the_prc_of_other_vehicles_in_the_location():
    result = run(weapon="area")
    assert "any other vehicle in the same Location" in result.output("affected")
    assert result.outputs[1].rule == "D.8B"


def test_d_8_note_6_no_collateral_attack_on_a_dc_original_effects_dr_of_12():
    assert run(weapon="dc", dc_effects_dr=12).output("attack") == "none"
    assert run(weapon="dc", target="unarmored", dc_effects_dr=12).output("attack") == "none"


@pytest.mark.parametrize("position, dr", [(9, "a new DR"), (10, "the same Original Effects DR that resolved the "
                                                                "attack vs the vehicle")])
def test_d_8_note_6_a_final_position_dr_of_9_or_less_takes_a_new_dr(position, dr):
    result = run(weapon="dc", dc_position_dr=position)
    assert result.output("dr") == dr
    assert cites(result, "note 7:")


def test_d_8_note_8_a_successful_mol_check_adds_the_mol_fp_and_hits_the_location():
    result = run(weapon="mol")
    assert result.output("fp") == "the Small Arms FP plus the MOL's 4 FP"
    assert result.output("dr") == "the same To Kill DR (MOL column, C7.34)"
    assert "normal IFT attack (Small Arms FP only)" in result.output("affected")


def test_d_8_note_8_a_failed_mol_check_is_the_g_of_s_g():
    result = run(weapon="mol", mol_check=False)
    assert result.output("attack") == "general"
    assert result.output("fp").startswith("the attacking weapon's/ammo type's IFT FP")


def test_d_8_note_9_a_p_mines_only_if_the_vehicle_becomes_immobilized():
    assert run(weapon="ap-mines", immobilized=False).output("attack") == "none"


@pytest.mark.parametrize("weapon, note", [("ap-mines", "note 9:"), ("at-mines", "note 10:")])
def test_d_8_notes_9_10_crew_of_an_afv_with_all_hull_af_above_0_is_not_vulnerable(weapon, note):
    result = run(weapon=weapon)
    assert result.output("affected") == "this vehicle's Vulnerable Passengers/Riders (not its crew)"
    assert cites(result, note)
    assert run(weapon=weapon, hull_af_positive=False).output("affected") == "this vehicle's Vulnerable PRC"
    assert run(weapon=weapon, target="unarmored").output("affected") == "this vehicle's Vulnerable PRC"


def test_d_8_note_10_a_t_mines_attack_the_prc_with_16_fp():
    assert run(weapon="at-mines").output("fp") == "16 FP"
    assert run(weapon="at-mines", target="unarmored").output("fp") == "16 FP"


def test_d_8_a_collateral_attack_leaves_no_residual_fp():
    assert cites(run(weapon="area"), "no Residual FP (A8.2)")


def test_d_8_every_table_note_cited_is_quoted_from_the_source(project):
    # The note text in a "Collateral Attack Table note N:" step is verbatim from chapter D.
    source = (project / "rulesets/asl/sources/chapter-d-vehicles.txt").read_text(encoding="utf-8")
    combos = [dict(weapon=w, target=t) for w in ("mg", "ft", "dc", "mol", "ap-mines", "at-mines", "area", "ordnance")
              for t in ("afv", "unarmored")]
    combos += [dict(weapon="ordnance", dud=True), dict(weapon="ordnance", target="unarmored", motorcyclist=True),
               dict(weapon="dc", dc_position_dr=5), dict(weapon="dc", dc_effects_dr=12), dict(destroyed=True),
               dict(crew_shocked_stunned=True), dict(weapon="ap-mines", immobilized=False)]
    quoted = {step.text.split(": ", 1)[1] for raw in combos for step in COLLATERAL.run(raw).steps
              if step.text.startswith("Collateral Attack Table note")}
    assert len(quoted) >= 12
    for text in quoted:
        assert text in source, text
