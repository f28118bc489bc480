"""Dozer Clearance vs a Pillbox, Entrenchment, tunnel entrance/exit or cave
(G15.21, G15.22), succeeding on a Final DR <= 2 (B24.7)."""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping

from calculators.asl.inputs import LABOR, labor_step, signed
from calculators.dice import dr_total
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

# B24.7 (not in our texts): a Clearance attempt succeeds on a Final DR <= 2.
CLEARANCE_SUCCESS_AT_MOST = 2
DOZER_DRM = -5  # G15.21 "-5 for the dozer"

NON_CAVE = ("pillbox", "entrenchment", "tunnel")
NON_DEPRESSION_CAVE = (("target", ("cave",)), ("depression_hex", (False,)))

INPUTS = (
    ChoiceInput(
        name="target",
        label="Target",
        default="pillbox",
        choices=(
            ("pillbox", "Pillbox"),
            ("entrenchment", "Entrenchment"),
            ("tunnel", "tunnel entrance/exit"),
            ("cave", "cave"),
        ),
        rule="G15.21",
    ),
    ChoiceInput(
        name="position",
        label="Dozer position",
        default="same-hex",
        choices=(
            ("same-hex", "in the same hex as the target"),
            ("adjacent-entrance", "ADJACENT (11.6) to the cave, in its Entrance Hex"),
            ("other", "elsewhere"),
        ),
        help="Where the dozer is when its owner declares (and makes) the attempt.",
        rule="G15.21",
    ),
    BooleanInput(
        name="mobile",
        label="Dozer is Mobile (and still Mobile at the end of the CCPh)",
        default=True,
        rule="G15.21",
    ),
    BooleanInput(name="melee", label="Melee exists in its hex", default=False, rule="G15.21"),
    BooleanInput(
        name="in_building",
        label="Target is in a building Location",
        default=False,
        rule="G15.21",
        show_if=(("target", NON_CAVE),),
    ),
    BooleanInput(
        name="tunnel_friendly",
        label="Tunnel entrance/exit is friendly (or Recovered enemy; B8.61)",
        default=True,
        rule="G15.21",
        show_if=(("target", ("tunnel",)),),
    ),
    BooleanInput(
        name="upper_cliff",
        label="Cave is an Upper-Cliff cave (11.113)",
        default=False,
        rule="G15.22",
        show_if=(("target", ("cave",)),),
    ),
    BooleanInput(
        name="depression_hex",
        label="Cave is in a Depression hex",
        default=False,
        rule="G15.22",
        show_if=(("target", ("cave",)),),
    ),
    BooleanInput(
        name="cave_in_vca",
        label="Cave is within the dozer's VCA",
        default=True,
        rule="G15.22",
        show_if=NON_DEPRESSION_CAVE,
    ),
    BooleanInput(
        name="same_elevation",
        label="Cave and dozer are at the same elevation",
        default=True,
        rule="G15.22",
        show_if=NON_DEPRESSION_CAVE,
    ),
    BooleanInput(
        name="crest",
        label="Dozer is in Crest status (F5.42) when it declares and when it makes the attempt",
        default=False,
        rule="G15.22",
        show_if=NON_DEPRESSION_CAVE + (("same_elevation", (False,)),),
    ),
    LABOR,
    IntegerInput(
        name="leadership",
        label="Leadership DRM",
        default=0,
        minimum=-3,
        maximum=2,
        help="The leader's modifier (e.g. -1 for a 9-1 leader); 0 without a leader.",
        source="the leader's counter",
        rule="G15.21",
    ),
    IntegerInput(
        name="tem",
        label="+TEM of the terrain in that hex",
        default=0,
        minimum=0,
        maximum=5,
        help="e.g. +2 for dense jungle; 0 for Open Ground or kunai; excluding any TEM caused by the "
        "presence of shellholes, a bridge, Fortification(s), and/or Artificial Terrain (B.9).",
        rule="G15.21",
    ),
    IntegerInput(
        name="printed_mp",
        label="Printed MP allotment",
        default=8,
        minimum=4,
        maximum=40,
        help="8 for an unarmored or armored bulldozer (G15.11, G15.12); a tankdozer's from its counter.",
        source="the dozer's counter",
        rule="G15.21",
    ),
    IntegerInput(
        name="delay_mp",
        label="MP spent in Delay that MPh while TI",
        default=0,
        minimum=0,
        maximum=40,
        help="At most the printed MP allotment.",
        rule="G15.21",
        at_most="printed_mp",
    ),
)


def _not_allowed(inputs: Mapping[str, object]) -> list[str]:
    """Why Clearance is NA here, each reason citing its rule (empty: allowed)."""
    reasons = []
    target = inputs["target"]
    if not inputs["mobile"]:
        reasons.append("Clearance NA: only a Mobile dozer may use Clearance, and only if it is still Mobile "
                       "at the end of that Player Turn's CCPh (G15.21).")
    if inputs["melee"]:
        reasons.append("Clearance NA: the Clearance DR is made only if no Melee exists in its hex (G15.21).")
    if target in NON_CAVE:
        if inputs["in_building"]:
            reasons.append("Clearance NA: the target must not be in a building Location (G15.21).")
        if target == "tunnel" and not inputs["tunnel_friendly"]:
            reasons.append("Clearance NA: only a friendly (or Recovered enemy; B8.61) tunnel entrance/exit "
                           "may be eliminated (G15.21).")
        if inputs["position"] != "same-hex":
            reasons.append("Clearance NA: the attempt is declared while the dozer is in the same hex with "
                           "that \"target\" (G15.21).")
        return reasons
    if inputs["upper_cliff"]:
        reasons.append("Clearance NA: elimination of an Upper-Cliff-cave (11.113) is NA (G15.22).")
    if inputs["depression_hex"]:
        if inputs["position"] != "same-hex":
            reasons.append("Clearance NA: vs a cave in a Depression hex the attempt is made as per 15.21, "
                           "with the dozer in the same hex with that \"target\" (G15.22, G15.21).")
        return reasons
    if inputs["position"] != "adjacent-entrance":
        reasons.append("Clearance NA: vs a cave in a non-Depression hex the attempt may be declared (and made) "
                       "only while the dozer is ADJACENT (11.6) to the cave in its Entrance Hex (G15.22).")
    if not inputs["cave_in_vca"]:
        reasons.append("Clearance NA: the dozer must have the cave within its VCA (G15.22).")
    if not inputs["same_elevation"] and not inputs["crest"]:
        reasons.append("Clearance NA: if that cave and ADJACENT dozer are not at the same elevation, the dozer "
                       "must also be in Crest status (F5.42) when it declares - as well as when it makes - its "
                       "Clearance attempt (G15.22).")
    return reasons


def _delay_quarters(printed_mp: int, delay_mp: int) -> tuple[int, int]:
    """(MP in 25% FRD of the printed allotment, full quarters spent in Delay)."""
    quarter = printed_mp // 4
    return quarter, delay_mp // quarter


def compute(inputs: Mapping[str, object]) -> Result:
    printed_mp, delay_mp = inputs["printed_mp"], inputs["delay_mp"]
    if delay_mp > printed_mp:
        raise InputError("delay_mp", f"must be at most the printed MP allotment ({printed_mp}) (got {delay_mp})")
    rule = "G15.22" if inputs["target"] == "cave" else "G15.21"
    labor = int(inputs["labor"])
    leadership = inputs["leadership"]
    tem = inputs["tem"]
    quarter, quarters = _delay_quarters(printed_mp, delay_mp)
    final_drm = labor + leadership + DOZER_DRM + tem - quarters

    steps = [
        labor_step(labor, "G15.21"),
        Step(f"{signed(leadership)} for leadership", "G15.21"),
        Step(f"{signed(DOZER_DRM)} for the dozer", "G15.21"),
        Step(f"{signed(tem)} for the +TEM of the terrain in that hex (excluding shellholes, a bridge, "
             "Fortification(s), Artificial Terrain; B.9)", "G15.21"),
        Step(f"{signed(-quarters)} for Delay: 25% (FRD) of {printed_mp} printed MP is {quarter} MP; "
             f"{delay_mp} MP in Delay is {quarters} full 25% share(s)", "G15.21"),
        Step(f"Final DRM {signed(final_drm)}", "G15.21"),
    ]
    if rule == "G15.22":
        steps.insert(0, Step("A dozer may eliminate a cave as per 15.21, with the changes of 15.22", "G15.22"))

    reasons = _not_allowed(inputs)
    highest = CLEARANCE_SUCCESS_AT_MOST - final_drm
    if reasons:
        probability, max_original, distribution = Fraction(0), None, None
        steps.append(Step("Clearance is NA here: no DR can succeed", rule))
    else:
        probability = dr_total().at_most(highest)
        max_original = min(highest, 12) if highest >= 2 else None
        reach = f"an Original DR ≤ {max_original}" if max_original else "no Original DR (2-12)"
        steps.append(Step(f"A Final DR ≤ {CLEARANCE_SUCCESS_AT_MOST} succeeds: {reach}", "B24.7"))
        steps.append(Step(f"P(success) = {probability * 36}/36", "B24.7"))
        distribution = (("Clearance succeeds", probability), ("Clearance fails", 1 - probability))
    return Result(
        outputs=(
            Output("final_drm", "Final DRM", final_drm, "G15.21"),
            Output("success_probability", "Probability of a successful Clearance", probability, "B24.7"),
            Output("max_original_dr", "Highest Original DR that succeeds", max_original, "B24.7"),
        ),
        steps=tuple(steps),
        warnings=tuple(reasons),
        distribution=distribution,
    )


CLEARANCE = Calculator(
    id="dozer-clearance",
    title="Dozer Clearance vs Pillbox/Entrenchment/Tunnel/Cave",
    ruleset="asl",
    rules=("G15.21", "G15.22", "B24.7"),
    summary="Final DRM and chance that a dozer's Clearance DR eliminates a Pillbox, Entrenchment, "
    "tunnel entrance/exit or cave (Final DR ≤ 2 per B24.7).",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (CLEARANCE,)
