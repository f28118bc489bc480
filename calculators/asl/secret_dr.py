"""Secret DR/dr (D.5): the D.5B card decks, how their odds compare with
dice, and a verifiable secret roll (a SHA-256 commitment, revealed later).

``compute`` is pure (the odds, and checking a reveal). Drawing a secret card
is the one impure act; it lives in ``draw`` with its random source injected,
and the CLI exposes it as ``python -m calculators secret-draw``.
"""

from __future__ import annotations

import hashlib
from typing import Callable, Mapping

from calculators.dice import Distribution, d6, dr_total
from calculators.model import (
    Calculator,
    ChoiceInput,
    InputError,
    IntegerInput,
    Output,
    Result,
    Step,
    TextInput,
)

# D.5B: "one 2, two 3's, three 4's, four 5's, five 6's, six 7's, five 8's, four 9's, three 10's,
# two Jacks (11's), and one Queen (12)" and "four each of Ace through 6".
DECKS = {
    "DR": {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1},
    "dr": {value: 4 for value in range(1, 7)},
}
DICE = {"DR": ("2d6 DR", dr_total), "dr": ("d6 dr", d6)}
SALT_HEX_DIGITS = 32

MODE_ODDS = (("mode", ("odds",)),)
MODE_VERIFY = (("mode", ("verify",)),)

INPUTS = (
    ChoiceInput(
        name="mode",
        label="Mode",
        default="odds",
        choices=(("odds", "odds of the next card"), ("verify", "verify a revealed secret roll")),
        rule="D.5",
    ),
    ChoiceInput(
        name="deck",
        label="Deck",
        default="DR",
        choices=(("DR", "DR deck (36 cards)"), ("dr", "dr deck (24 cards)")),
        rule="D.5B",
    ),
    TextInput(
        name="drawn",
        label="Cards already drawn (not reshuffled)",
        default="",
        pattern="([0-9]{1,2}(,[0-9]{1,2})*)?",
        max_length=120,
        allowed="card values separated by commas, e.g. 7,7,12 (Ace = 1, Jack = 11, Queen = 12), or nothing",
        rule="D.5B",
        show_if=MODE_ODDS,
    ),
    IntegerInput(
        name="threshold",
        label="Chance of a card at most",
        default=7,
        minimum=1,
        maximum=12,
        rule="D.5B",
        show_if=MODE_ODDS,
    ),
    IntegerInput(
        name="value",
        label="Revealed roll",
        default=7,
        minimum=1,
        maximum=12,
        rule="D.5",
        show_if=MODE_VERIFY,
    ),
    TextInput(
        name="salt",
        label="Revealed salt",
        default="",
        pattern=f"([0-9a-f]{{{SALT_HEX_DIGITS}}})?",
        max_length=SALT_HEX_DIGITS,
        allowed=f"{SALT_HEX_DIGITS} lowercase hex digits",
        rule="D.5",
        show_if=MODE_VERIFY,
    ),
    TextInput(
        name="commitment",
        label="Commitment published before the reveal",
        default="",
        pattern="([0-9a-f]{64})?",
        max_length=64,
        allowed="64 lowercase hex digits (a SHA-256)",
        rule="D.5",
        show_if=MODE_VERIFY,
    ),
)


def commitment(deck: str, value: int, salt: str) -> str:
    """The SHA-256 (hex) a player publishes before revealing ``value`` and ``salt``."""
    return hashlib.sha256(f"ruleref secret {deck}:{value}:{salt}".encode()).hexdigest()


def remaining_cards(deck: str, drawn: str) -> dict[int, int]:
    """Card value -> count left in ``deck`` after the cards listed in ``drawn`` ("7,7,12")."""
    left = dict(DECKS[deck])
    for text in filter(None, drawn.split(",")):
        card = int(text)
        if card not in left:
            raise InputError("drawn", f"{card} is not a card of the {deck} deck (cards: {min(left)}-{max(left)})")
        if left[card] == 0:
            raise InputError("drawn", f"the {deck} deck has only {DECKS[deck][card]} card(s) of {card}")
        left[card] -= 1
    if not any(left.values()):
        raise InputError("drawn", f"every card of the {deck} deck is drawn: reshuffle")
    return left


def _odds(inputs: Mapping[str, object]) -> Result:
    deck, threshold = inputs["deck"], inputs["threshold"]
    dice_name, dice = DICE[deck]
    fresh = Distribution(DECKS[deck])
    matches = fresh == dice()
    left = remaining_cards(deck, inputs["drawn"])
    remaining = Distribution(left)
    size, cards_left = sum(DECKS[deck].values()), sum(left.values())
    deck_p, dice_p = remaining.at_most(threshold), dice().at_most(threshold)
    counts = ", ".join(f"{count}x{value}" for value, count in DECKS[deck].items())
    steps = [
        Step(f"The {deck} deck: {size} cards ({counts})", "D.5B"),
        Step(f"A fresh deck gives {'exactly' if matches else 'not'} the odds of a {dice_name}", "D.5B"),
        Step(f"{size - cards_left} card(s) drawn without reshuffling, {cards_left} left", "D.5B"),
        Step(f"P(next card ≤ {threshold}) = {deck_p} from the deck, {dice_p} with dice", "D.5B"),
    ]
    return Result(
        outputs=(
            Output("fresh_deck_matches_dice", f"A fresh deck has the odds of a {dice_name}", matches, "D.5B"),
            Output("cards_left", "Cards left", cards_left, "D.5B"),
            Output("deck_probability", f"Next card ≤ {threshold} (deck)", deck_p, "D.5B"),
            Output("dice_probability", f"Roll ≤ {threshold} (dice)", dice_p, "D.5A"),
        ),
        steps=tuple(steps),
        distribution=tuple((str(value), p) for value, p in remaining),
    )


def _verify(inputs: Mapping[str, object]) -> Result:
    deck, value, salt, published = inputs["deck"], inputs["value"], inputs["salt"], inputs["commitment"]
    if value not in DECKS[deck]:
        raise InputError("value", f"must be a card of the {deck} deck ({min(DECKS[deck])}-{max(DECKS[deck])}) "
                                  f"(got {value})")
    if not salt:
        raise InputError("salt", "is required to verify a reveal")
    if not published:
        raise InputError("commitment", "is required to verify a reveal")
    verified = commitment(deck, value, salt) == published
    return Result(
        outputs=(Output("verified", "The reveal matches the commitment", verified, "D.5"),),
        steps=(
            Step(f"SHA-256 of the revealed {deck} {value} with its salt "
                 f"{'equals' if verified else 'differs from'} the published commitment", "D.5"),
        ),
        warnings=() if verified else ("The reveal does not match the commitment: not the roll committed to (D.5).",),
    )


def compute(inputs: Mapping[str, object]) -> Result:
    return _odds(inputs) if inputs["mode"] == "odds" else _verify(inputs)


def draw(
    deck: str,
    drawn: str = "",
    randbelow: Callable[[int], int] | None = None,
    token_hex: Callable[[int], str] | None = None,
) -> Result:
    """Draw a secret card from what is left of ``deck`` (D.5B) and commit to it.

    The random source defaults to ``secrets``; tests pass their own. The
    result's ``commitment`` is published at once; ``value`` and ``salt`` stay
    secret until verification (``mode=verify``).
    """
    if randbelow is None or token_hex is None:
        import secrets

        randbelow = randbelow or secrets.randbelow
        token_hex = token_hex or secrets.token_hex
    left = remaining_cards(deck, drawn)
    cards = [value for value, count in left.items() for _ in range(count)]
    value = cards[randbelow(len(cards))]
    salt = token_hex(SALT_HEX_DIGITS // 2)
    return Result(
        outputs=(
            Output("commitment", "Commitment (publish now)", commitment(deck, value, salt), "D.5"),
            Output("value", "Secret roll (keep hidden until verification)", value, "D.5B"),
            Output("salt", "Salt (reveal with the roll)", salt, "D.5"),
        ),
        steps=(
            Step(f"Card drawn at random from the {len(cards)} left in the {deck} deck", "D.5B"),
            Step("Leave it face down until verification is necessary: publish only the commitment", "D.5B"),
        ),
    )


SECRET_DR = Calculator(
    id="secret-dr",
    title="Secret DR/dr: card decks and verifiable rolls",
    ruleset="asl",
    rules=("D.5", "D.5A", "D.5B"),
    summary="The D.5B DR and dr decks reproduce 2d6 and d6 exactly; drawing without reshuffling changes the "
    "odds. Check a revealed secret roll against its commitment.",
    inputs=INPUTS,
    compute=compute,
)

CALCULATORS = (SECRET_DR,)
