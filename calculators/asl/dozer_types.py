"""What the three dozer types (G15.11 unarmored, G15.12 armored, G15.13
tankdozer) change: the special DRM vs fire at them, and their Casualty VP."""

from __future__ import annotations

from typing import Mapping

from calculators.asl.inputs import signed
from calculators.model import BooleanInput, Calculator, ChoiceInput, IntegerInput, Output, Result, Step

HH_DRM = 2  # "+2 for HH"
VCA_DRM = 2  # "+2 vs non-ord DirF in VCA"

DOZER = ChoiceInput(
    name="dozer",
    label="Dozer type",
    default="unarmored",
    choices=(("unarmored", "unarmored bulldozer"), ("armored", "armored non-tank bulldozer"), ("tankdozer", "tankdozer")),
    rule="G15.1",
)

FIRE_INPUTS = (
    DOZER,
    ChoiceInput(
        name="tankdozer",
        label="Tankdozer",
        default="us-m4",
        choices=(
            ("us-m4", "U.S. M4 Tankdozer (U.S. Vehicle Note 18)"),
            ("british-sherman", "British Sherman Dozer(a) (British Vehicle Note 23)"),
        ),
        rule="G15.13",
        show_if=(("dozer", ("tankdozer",)),),
    ),
    BooleanInput(
        name="note_hh",
        label="British Vehicle Note 23 gives \"+2 for HH\"",
        default=False,
        help="Our texts do not say; the G15.13 errata shows that U.S. Vehicle Note 18 does.",
        source="British Vehicle Note 23 (not in our texts)",
        rule="G15.13",
        show_if=(("dozer", ("tankdozer",)), ("tankdozer", ("british-sherman",))),
    ),
    ChoiceInput(
        name="attack",
        label="Attack",
        default="ordnance",
        choices=(
            ("ordnance", "ordnance Direct Fire (To Hit)"),
            ("mortar", "mortar fire"),
            ("non-ordnance", "non-ordnance Direct Fire (IFT)"),
            ("ft", "FT"),
            ("dc", "DC"),
            ("mol", "MOL"),
        ),
        rule="G15.11",
    ),
    BooleanInput(
        name="front_hull",
        label="The hit is vs the dozer's front hull",
        default=True,
        rule="G15.11",
        show_if=(("attack", ("ordnance",)),),
    ),
    BooleanInput(
        name="firer_higher",
        label="Firer is at least one full level higher than the dozer",
        default=False,
        rule="G15.11",
        show_if=(("attack", ("ordnance", "non-ordnance")),),
    ),
    BooleanInput(
        name="firer_in_vca",
        label="Attack emanates from another hex within the dozer's VCA",
        default=True,
        rule="G15.11",
        show_if=(("attack", ("non-ordnance",)),),
    ),
)


def _type_steps(inputs: Mapping[str, object]) -> list[Step]:
    if inputs["dozer"] == "armored":
        return [Step("An armored non-tank bulldozer is \"Otherwise ... treated as per 15.11\"", "G15.12")]
    if inputs["dozer"] == "tankdozer":
        note = "U.S. Vehicle Note 18" if inputs["tankdozer"] == "us-m4" else "British Vehicle Note 23"
        return [Step(f"A tankdozer gets its special DRM from its Vehicle Note ({note}), not from 15.11", "G15.13")]
    return []


def _has_hh(inputs: Mapping[str, object]) -> bool:
    if inputs["dozer"] != "tankdozer":
        return True
    # The errata to U.S. Vehicle Note 18 shows that note gives "+2 for HH".
    return inputs["tankdozer"] == "us-m4" or inputs["note_hh"]


def _to_hit(inputs: Mapping[str, object]) -> tuple[int, Step]:
    attack = inputs["attack"]
    if not _has_hh(inputs):
        return 0, Step("TH DRM +0: the tankdozer's Vehicle Note gives no \"+2 for HH\" (as entered)", "G15.13")
    if attack == "mortar":
        if inputs["dozer"] == "tankdozer":
            return 0, Step("TH DRM +0: [ERRATA: \"+2 for HH\" in U.S. Vehicle Note 18 is NA vs mortar fire.]",
                           "G15.13")
        return 0, Step("TH DRM +0: the +2 applies to a Direct-Fire front-hull hit; mortar fire is taken as not "
                       "Direct Fire here, as the G15.13 errata makes it for the tankdozer", "G15.11")
    if attack != "ordnance":
        return 0, Step("TH DRM +0: this attack makes no To Hit DR", "G15.11")
    if not inputs["front_hull"]:
        return 0, Step("TH DRM +0: the +2 applies only to a front-hull hit", "G15.11")
    if inputs["firer_higher"]:
        return 0, Step("TH DRM +0: the firer is at least one full level higher than it", "G15.11")
    return HH_DRM, Step(f"TH DRM {signed(HH_DRM)} for HH: a Direct-Fire front-hull hit, firer not at least one "
                        "full level higher", "G15.13" if inputs["dozer"] == "tankdozer" else "G15.11")


def _ift(inputs: Mapping[str, object]) -> tuple[int, Step]:
    attack = inputs["attack"]
    if attack in ("ft", "dc", "mol"):
        return 0, Step("IFT DRM +0: the +2 vs non-ordnance Direct Fire is [EXC: FT; DC; MOL]", "G15.11")
    if attack != "non-ordnance":
        return 0, Step("IFT DRM +0: the +2 applies vs non-ordnance Direct Fire only", "G15.11")
    if inputs["dozer"] == "tankdozer":
        return 0, Step("IFT DRM +0: \"+2 vs non-ord DirF in VCA\" is an unarmored/armored bulldozer's "
                       "(15.11-.12), not a tankdozer's", "G15.13")
    if not inputs["firer_in_vca"]:
        return 0, Step("IFT DRM +0: the attack does not emanate from another hex within its VCA", "G15.11")
    if inputs["firer_higher"]:
        return 0, Step("IFT DRM +0: [EXC: this DRM is NA if the firer is at least one full level higher than "
                       "the dozer]", "G15.11")
    return VCA_DRM, Step(f"IFT DRM {signed(VCA_DRM)} vs non-ord DirF in VCA", "G15.11")


def compute_fire(inputs: Mapping[str, object]) -> Result:
    to_hit, to_hit_step = _to_hit(inputs)
    ift, ift_step = _ift(inputs)
    return Result(
        outputs=(
            Output("to_hit_drm", "Special To Hit DRM", to_hit, to_hit_step.rule),
            Output("ift_drm", "Special IFT DRM", ift, ift_step.rule),
        ),
        steps=tuple(_type_steps(inputs) + [to_hit_step, ift_step]),
    )


FIRE_DRM = Calculator(
    id="dozer-fire-drm",
    title="Dozer: special DRM vs fire at it",
    ruleset="asl",
    rules=("G15.11", "G15.12", "G15.13"),
    summary="The \"+2 for HH\" To Hit DRM and the \"+2 vs non-ord DirF in VCA\" IFT DRM, by dozer type and attack.",
    inputs=FIRE_INPUTS,
    compute=compute_fire,
)

CASUALTY_VP = {
    "unarmored": (2, "G15.11", "The Casualty VP value of an unarmored bulldozer is \"2\""),
    "armored": (4, "G15.12", "An armored non-tank bulldozer is an OT AFV with ... a Casualty VP value of \"4\""),
}

VP_INPUTS = (
    DOZER,
    IntegerInput(
        name="otherwise_vp",
        label="The tankdozer's otherwise-applicable Casualty VP value",
        default=0,
        minimum=0,
        maximum=20,
        help="The value A26.2-.3 gives this tank were it not a tankdozer.",
        source="A26.2-.3 (not in our texts)",
        rule="G15.13",
        show_if=(("dozer", ("tankdozer",)),),
    ),
)


def compute_vp(inputs: Mapping[str, object]) -> Result:
    dozer = inputs["dozer"]
    if dozer == "tankdozer":
        value, rule = inputs["otherwise_vp"] + 1, "G15.13"
        steps = (Step(f"one > its otherwise-applicable (A26.2-.3) value of {inputs['otherwise_vp']}", rule),)
    else:
        value, rule, quote = CASUALTY_VP[dozer]
        steps = (Step(quote, rule),)
    return Result(outputs=(Output("casualty_vp", "Casualty VP value", value, rule),), steps=steps)


VP = Calculator(
    id="dozer-vp",
    title="Dozer Casualty VP",
    ruleset="asl",
    rules=("G15.11", "G15.12", "G15.13"),
    summary="The Casualty VP value of an unarmored, armored or tank dozer.",
    inputs=VP_INPUTS,
    compute=compute_vp,
)

CALCULATORS = (FIRE_DRM, VP)
