"""Collateral Attacks vs a vehicle's Vulnerable PRC (D.8, D.8A, D.8B and
the Collateral Attack Table with its notes 1-10)."""

from __future__ import annotations

from typing import Mapping

from calculators.model import BooleanInput, Calculator, ChoiceInput, IntegerInput, Output, Result, Step

TABLE = "D.8"  # the Collateral Attack Table follows D.8-D.8B; its notes cite as D.8
AT_MINE_FP = "16 FP"  # note 10
MOL_FP = "the Small Arms FP plus the MOL's 4 FP"  # note 8
NEW_DR_IF_POSITION_AT_MOST = 9  # note 6

# The table: weapon -> (AFV cell, Unarmored Vehicle cell). "S/G" (MOL vs AFV) is settled by note 8.
CELLS = {
    "mg": ("G", "G"),
    "ft": ("S", "G"),
    "dc": ("S", "G"),
    "mol": ("S/G", "G"),
    "ap-mines": ("S", "S"),
    "at-mines": ("S", "S"),
    "area": ("G", "G"),
    "ordnance": ("S", "S"),
}

# The table's rows, as the weapon choices.
WEAPONS = (
    ("mg", "MG/IFE/Small Arms (incl. ATR used as Small Arms)"),
    ("ft", "FT"),
    ("dc", "DC"),
    ("mol", "MOL"),
    ("ap-mines", "A-P Mines"),
    ("at-mines", "A-T Mines"),
    ("area", "OBA/Area Target Type/Canister"),
    ("ordnance", "Ordnance (Vehicle Target Type)"),
)

INPUTS = (
    ChoiceInput(
        name="weapon",
        label="Weapon",
        default="ordnance",
        choices=WEAPONS,
        rule="D.8",
    ),
    ChoiceInput(
        name="target",
        label="Vehicle",
        default="afv",
        choices=(("afv", "AFV"), ("unarmored", "Unarmored Vehicle")),
        rule="D.8",
    ),
    BooleanInput(name="destroyed", label="Vehicle is destroyed by the attack", default=False, rule="D.8"),
    BooleanInput(
        name="crew_shocked_stunned",
        label="Crew/Passengers are/become shocked (C7.42) or stunned (D5.34)",
        default=False,
        rule="D.8",
    ),
    BooleanInput(
        name="prc_on_ift",
        label="Firing at the Vulnerable PRC directly on the IFT (not To Hit/To Kill DR vs the AFV)",
        default=True,
        help="Collateral Attack Table note 3 (A7.3, A9.6-.611). Otherwise the MG makes a To Hit/To Kill DR vs the "
        "AFV as its predesignated target.",
        rule="D.8",
        show_if=(("weapon", ("mg",)), ("target", ("afv",))),
    ),
    BooleanInput(
        name="dud",
        label="Hit results in a Dud (C7.35)",
        default=False,
        rule="D.8",
        show_if=(("weapon", ("ordnance",)),),
    ),
    BooleanInput(
        name="motorcyclist",
        label="Target is motorcyclist(s)",
        default=False,
        rule="D.8",
        show_if=(("weapon", ("ordnance",)), ("target", ("unarmored",))),
    ),
    BooleanInput(
        name="deliberate_immobilization",
        label="The hit is a Deliberate Immobilization hit",
        default=False,
        rule="D.8A",
        show_if=(("weapon", ("ordnance",)),),
    ),
    IntegerInput(
        name="dc_effects_dr",
        label="DC Original Effects DR",
        default=7,
        minimum=2,
        maximum=12,
        rule="D.8",
        show_if=(("weapon", ("dc",)),),
    ),
    IntegerInput(
        name="dc_position_dr",
        label="DC Final Position DR (C7.346)",
        default=10,
        minimum=-10,
        maximum=20,
        rule="D.8",
        show_if=(("weapon", ("dc",)), ("target", ("afv",))),
    ),
    BooleanInput(
        name="mol_check",
        label="MOL Check dr (A22.611) is successful",
        default=True,
        rule="D.8",
        show_if=(("weapon", ("mol",)), ("target", ("afv",))),
    ),
    BooleanInput(
        name="immobilized",
        label="Vehicle becomes immobilized",
        default=True,
        rule="D.8",
        show_if=(("weapon", ("ap-mines",)),),
    ),
    BooleanInput(
        name="hull_af_positive",
        label="All hull AF > 0",
        default=True,
        rule="D.8",
        show_if=(("weapon", ("ap-mines", "at-mines")), ("target", ("afv",))),
    ),
)


def _note(number: int, text: str) -> Step:
    """A Collateral Attack Table note, quoted verbatim."""
    return Step(f"Collateral Attack Table note {number}: {text}", TABLE)


def _per_note(number: int, text: str) -> Step:
    """What a note means for this case (our words, naming the note)."""
    return Step(f"{text} (Collateral Attack Table note {number})", TABLE)


def _no_attack(inputs: Mapping[str, object]) -> Step | None:
    """The step that makes the Collateral Attack NA, if any."""
    weapon = inputs["weapon"]
    if inputs["destroyed"]:
        return _note(1, "Collateral Attack is NA if vehicle is destroyed.")
    if weapon == "ordnance":
        if inputs["dud"]:
            return _note(4, "Collateral Attack is NA if hit results in Dud (C7.35).")
        if inputs["target"] == "unarmored" and inputs["motorcyclist"]:
            return _note(5, "Collateral Attack is NA if target is motorcyclist(s).")
        if inputs["deliberate_immobilization"]:
            return Step("A Deliberate Immobilization hit never causes a Specific Collateral Attack.", "D.8A")
    if weapon == "dc" and inputs["dc_effects_dr"] == 12:
        return _note(6, "Collateral Attack is NA if Original Effects DR is a 12.")
    if weapon == "ap-mines" and not inputs["immobilized"]:
        return _note(9, "Only applies if vehicle becomes immobilized")
    return None


def _kind(inputs: Mapping[str, object]) -> tuple[str, list[Step]]:
    """("S" or "G", the steps that read the table cell)."""
    weapon, afv = inputs["weapon"], inputs["target"] == "afv"
    cell = CELLS[weapon][0 if afv else 1]
    column = "AFV" if afv else "Unarmored Vehicle"
    steps = [Step(f"Collateral Attack Table, {dict(WEAPONS)[weapon]} vs {column}: {cell}", TABLE)]
    if weapon == "mg":
        steps.append(_note(2, "Includes ATR when used as Small Arms (C13.24)."))
        if afv and not inputs["prc_on_ift"]:
            steps.append(Step("An MG making a To Hit/To Kill DR vs the AFV must specify the vehicle as its "
                              "predesignated target (\"MG vs AFV\"): Specific Collateral Attack", "D.8"))
            return "S", steps
        if afv:
            steps.append(_note(3, "Firing at Vulnerable PRC directly on the IFT (rather than making To Hit/To Kill "
                                  "DR vs the AFV) is termed a General Collateral Attack since the AFV is "
                                  "unaffected (A7.3,A9.6-.611)."))
    if weapon == "ordnance":
        steps.append(_note(4, "Applies only if using the Vehicle Target Types"))
        steps.append(Step("With the Area Target Type, use the OBA/Area Target Type/Canister row", TABLE))
    if weapon == "dc" and afv:
        steps.append(_note(7, "Collateral Attack applies as determined by Position DR (C7.346)."))
    if cell == "S/G":
        if inputs["mol_check"]:
            steps.append(_note(8, "If the MOL Check dr (A22.611) is successful, the ensuing Small Arms-MOL attack is resolved vs the AFV by "
                                  "means of a To Kill DR on the MOL column of the C7.34 HE & Flame To Kill Table This same DR "
                                  "also serves as a Specific Collateral Attack (using both the Small Arms FP and the MOL's 4 "
                                  "FP) vs the AFV's Vulnerable PRC, and as a normal IFT attack (using only the Small Arms FP) "
                                  "vs all other non-armored units in the AFV's Location."))
            return "S", steps
        steps.append(_per_note(8, "The MOL Check dr failed: no Small Arms-MOL To Kill DR vs the AFV; the Small Arms "
                                  "attack on the Location is the G of S/G"))
        return "G", steps
    return cell, steps


def _affected(inputs: Mapping[str, object], kind: str) -> tuple[str, list[Step]]:
    weapon, afv = inputs["weapon"], inputs["target"] == "afv"
    steps = []
    if inputs["crew_shocked_stunned"]:
        own = "this vehicle's Riders only"
        steps.append(_note(1, "If crew/Passengers are/become stunned or shocked, Collateral Attack applies only to "
                              "the vehicle's Riders."))
    elif weapon in ("ap-mines", "at-mines") and afv and inputs["hull_af_positive"]:
        own = "this vehicle's Vulnerable Passengers/Riders (not its crew)"
        if weapon == "ap-mines":
            steps.append(_note(9, "crew (only) is not Vulnerable if vehicle is AFV with all hull AF > 0 (B28.43)."))
        else:
            steps.append(_note(10, "NA vs crew if vehicle is AFV with all hull AF > 0; B28.52"))
    else:
        own = "this vehicle's Vulnerable PRC"
    if kind == "S":
        steps.append(Step("No other unit in the same Location is affected by the FP of a Specific Collateral "
                          "Attack.", "D.8A"))
        affected = own
        if weapon == "mol":
            affected += "; the same DR is a normal IFT attack (Small Arms FP only) vs all other non-armored units " \
                        "in the AFV's Location"
            steps.append(_per_note(8, "The same DR is a normal IFT attack (Small Arms FP only) vs all other "
                                      "non-armored units in the AFV's Location"))
        return affected, steps
    steps.append(Step("The Vulnerable PRC of any other vehicle in the same Location are also subject to the same "
                      "General Collateral Attack.", "D.8B"))
    return f"{own}, and the Vulnerable PRC of any other vehicle in the same Location", steps


def _fp(inputs: Mapping[str, object], kind: str) -> tuple[str, Step]:
    if inputs["weapon"] == "at-mines":
        return AT_MINE_FP, _note(10, "Collateral Attack is 16 FP vs PRC")
    if inputs["weapon"] == "mol" and kind == "S":
        return MOL_FP, _per_note(8, "The Specific Collateral Attack uses both the Small Arms FP and the MOL's 4 FP")
    return ("the attacking weapon's/ammo type's IFT FP (incl. HE Equivalency; C8.31)"
            + (", full strength" if kind == "S" else ""),
            Step("using the attacking weapon's/ammo type's IFT FP (which includes HE Equivalency; C8.31)", "D.8"))


def _dr(inputs: Mapping[str, object]) -> tuple[str, Step]:
    if inputs["weapon"] == "dc" and inputs["target"] == "afv" \
            and inputs["dc_position_dr"] <= NEW_DR_IF_POSITION_AT_MOST:
        return "a new DR", _note(6, "If a Final Position DR (C7.346) was ≤ 9, a new DR is made to resolve the "
                                    "Collateral Attack.")
    if inputs["weapon"] == "mol" and inputs["target"] == "afv" and inputs["mol_check"]:
        return "the same To Kill DR (MOL column, C7.34)", _per_note(8, "The MOL To Kill DR also resolves the "
                                                                       "Specific Collateral Attack")
    return ("the same Original Effects DR that resolved the attack vs the vehicle",
            Step("resolved immediately subsequent to the attack vs the vehicle, using the same Original Effects DR",
                 "D.8"))


def compute(inputs: Mapping[str, object]) -> Result:
    multiple_hits = Step("Multiple Hits (C3.8) do not cause extra Collateral Attacks; no increased benefit, and no "
                         "Residual FP (A8.2)", "D.8")
    stop = _no_attack(inputs)
    if stop is not None:
        return Result(
            outputs=(
                Output("attack", "Collateral Attack", "none", stop.rule),
                Output("affected", "Affected", "nobody", stop.rule),
                Output("fp", "FP", None, stop.rule),
                Output("drm", "DRM", None, stop.rule),
                Output("dr", "DR", None, stop.rule),
            ),
            steps=(stop,),
        )
    kind, steps = _kind(inputs)
    affected, affected_steps = _affected(inputs, kind)
    fp, fp_step = _fp(inputs, kind)
    dr, dr_step = _dr(inputs)
    if kind == "S":
        drm, drm_step = "only the CE DRM (if CE)", Step("The only DRM which applies is that for any applicable CE "
                                                        "status.", "D.8A")
    else:
        drm, drm_step = ("modified normally (range, Hindrances, TEM/CE DRM, etc.)",
                         Step("modified normally for range, Hindrances, TEM/CE DRM, etc. just as if the Vulnerable "
                              "PRC were the only target being attacked", "D.8B"))
    return Result(
        outputs=(
            Output("attack", "Collateral Attack", "specific" if kind == "S" else "general",
                   "D.8A" if kind == "S" else "D.8B"),
            Output("affected", "Affected", affected, affected_steps[0].rule),
            Output("fp", "FP", fp, fp_step.rule),
            Output("drm", "DRM", drm, drm_step.rule),
            Output("dr", "DR", dr, dr_step.rule),
        ),
        steps=tuple(steps + affected_steps + [fp_step, drm_step, dr_step, multiple_hits]),
    )


COLLATERAL = Calculator(
    id="collateral-attack",
    title="Collateral Attack vs Vulnerable PRC",
    ruleset="asl",
    rules=("D.8", "D.8A", "D.8B"),
    summary="Whether an attack on a vehicle's Location also attacks its Vulnerable PRC (Specific or General), "
    "who is affected, with what FP, DR and DRM.",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (COLLATERAL,)
