"""The dice procedures of ASL's calculators, written out from the rule text for
``test_dice_simulation.py``: calculator id -> ``Procedure``."""

from __future__ import annotations

from dice_procedures import Procedure, d6


def dozer_clearance(rng, i) -> dict[str, bool]:
    # G15.21: the Clearance DR is made only if the dozer is still Mobile and no Melee exists in its hex.
    # DRM: +x Labor, +y leadership, -5 for the dozer, +TEM, -1 for each 25% (FRD) of its printed MP
    # allotment spent in Delay. B24.7 (not in our texts): a Final DR <= 2 succeeds.
    if not i["mobile"] or i["melee"]:
        return {"success_probability": False}
    quarter = i["printed_mp"] // 4  # 25%, fractions dropped
    drm = int(i["labor"]) + i["leadership"] - 5 + i["tem"] - i["delay_mp"] // quarter
    white, colored = d6(rng), d6(rng)
    return {"success_probability": white + colored + drm <= 2}


def dozer_house(rng, i) -> dict[str, bool]:
    # G15.25: one Original DR is the Bog DR (bogs only on 12) and the Original Clearance DR; DRM -5 for a
    # dozer, Labor Status, +3 if stone; rubbled if the Final DR is < 2 (or <= 2, the B24.7 reading) and the
    # dozer remains Mobile (a bogged dozer is not).
    original = d6(rng) + d6(rng)
    final = original - 5 + int(i["labor"]) + (3 if i["stone"] else 0)
    low_enough = final < 2 if i["reading"] == "printed" else final <= 2
    bogged = original == 12
    return {"rubble_probability": low_enough and not bogged, "bog_probability": bogged}


def dozer_driver(rng, i) -> dict[str, bool]:
    # G15.111: a Small-Arms/MG IFT DR [EXC: MOL] that would eliminate a non-Abandoned unarmored dozer kills
    # its Inherent Driver instead if that DR's Original colored dr is < 3; a "1" sniper dr kills the driver
    # unless the dozer is already Abandoned.
    white, colored = d6(rng), d6(rng)
    if i["attack"] == "sniper":
        return {"driver_killed_probability": not i["abandoned"]}
    if i["attack"] == "small-arms-mol" or i["abandoned"]:
        return {"driver_killed_probability": False}
    return {"driver_killed_probability": colored < 3 if i["reading"] == "printed" else colored <= 3}


# D.5B: "The DR deck consists of 36 cards (one 2, two 3's, three 4's, four 5's, five 6's, six 7's, five 8's,
# four 9's, three 10's, two Jacks (11's), and one Queen (12). The dr deck will consist of 24 cards (four each
# of Ace through 6)".
DR_DECK = [2] + [3] * 2 + [4] * 3 + [5] * 4 + [6] * 5 + [7] * 6 + [8] * 5 + [9] * 4 + [10] * 3 + [11] * 2 + [12]
DR_CARDS_DECK = [card for card in range(1, 7) for _ in range(4)]


def secret_dr(rng, i) -> dict[str, bool]:
    deck = list(DR_DECK if i["deck"] == "DR" else DR_CARDS_DECK)
    for card in filter(None, i["drawn"].split(",")):
        deck.remove(int(card))
    card = rng.choice(deck)
    roll = d6(rng) + d6(rng) if i["deck"] == "DR" else d6(rng)
    return {"deck_probability": card <= i["threshold"], "dice_probability": roll <= i["threshold"]}


PROCEDURES = {
    "dozer-clearance": Procedure(dozer_clearance, (
        {},
        {"labor": "-2", "leadership": -1, "tem": 2, "printed_mp": 8, "delay_mp": 6},
        {"target": "cave", "position": "adjacent-entrance", "tem": 3, "printed_mp": 13, "delay_mp": 9},
        {"melee": True},
    )),
    "dozer-house": Procedure(dozer_house, (
        {}, {"stone": True, "labor": "-2"}, {"reading": "printed", "labor": "-1"},
    )),
    "dozer-driver": Procedure(dozer_driver, (
        {}, {"reading": "le"}, {"attack": "sniper"}, {"attack": "small-arms-mol"},
    )),
    "secret-dr": Procedure(secret_dr, (
        {}, {"deck": "DR", "drawn": "7,7,12,2", "threshold": 6}, {"deck": "dr", "drawn": "1,1,6", "threshold": 2},
    )),
}
