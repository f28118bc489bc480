"""secret-dr, from D.5B's decks, and the commit-reveal secret roll of D.5."""

from __future__ import annotations

from fractions import Fraction

import pytest

import calculators
from calculators import InputError
from calculators.asl import secret_dr
from calculators.dice import d6, dr_total

SECRET = calculators.get("secret-dr")
ALL_BUT_THE_SIXES = ",".join(str(value) for value in range(1, 6) for _ in range(4))


def test_d_5b_the_dr_deck_has_36_cards_that_reproduce_2d6_exactly():
    result = SECRET.run({"deck": "DR"})
    assert result.output("fresh_deck_matches_dice") is True
    assert result.output("cards_left") == 36
    assert dict(result.distribution) == {str(total): p for total, p in dr_total()}


def test_d_5b_the_dr_deck_of_24_cards_reproduces_a_d6_exactly():
    result = SECRET.run({"deck": "dr"})
    assert result.output("fresh_deck_matches_dice") is True
    assert result.output("cards_left") == 24
    assert dict(result.distribution) == {str(face): p for face, p in d6()}


def test_d_5b_drawing_without_reshuffling_changes_the_odds():
    # 21 of the 36 cards are <= 7; after two 7's and the Queen (12): 19 of 33.
    result = SECRET.run({"drawn": "7,7,12", "threshold": "7"})
    assert result.output("cards_left") == 33
    assert result.output("deck_probability") == Fraction(19, 33)
    assert result.output("dice_probability") == Fraction(21, 36)
    assert "12" not in dict(result.distribution)


@pytest.mark.parametrize("deck, drawn", [("DR", "13"), ("DR", "1"), ("DR", "12,12"), ("dr", "7"),
                                         ("dr", "6,6,6,6,6"), ("dr", ALL_BUT_THE_SIXES + ",6,6,6,6")])
def test_d_5b_drawn_cards_must_come_from_the_deck(deck, drawn):
    with pytest.raises(InputError) as caught:
        SECRET.run({"deck": deck, "drawn": drawn})
    assert caught.value.field == "drawn"


def fixed(index, salt="ab" * 16):
    return dict(randbelow=lambda n: index % n, token_hex=lambda nbytes: salt[: 2 * nbytes])


def test_d_5_a_secret_draw_is_revealed_and_verified_against_its_commitment():
    drawn = secret_dr.draw("DR", **fixed(0))
    value, salt, commitment = (drawn.output(name) for name in ("value", "salt", "commitment"))
    assert value == 2  # the first card of the fresh deck, in card order: the lone 2
    reveal = {"mode": "verify", "deck": "DR", "value": value, "salt": salt, "commitment": commitment}
    assert SECRET.run(reveal).output("verified") is True


@pytest.mark.parametrize("change", [{"value": 12}, {"salt": "cd" * 16}, {"deck": "dr"}])
def test_d_5_a_changed_reveal_does_not_verify(change):
    drawn = secret_dr.draw("DR", **fixed(1))
    reveal = {"mode": "verify", "deck": "DR", "value": drawn.output("value"), "salt": drawn.output("salt"),
              "commitment": drawn.output("commitment"), **change}
    result = SECRET.run(reveal)
    assert result.output("verified") is False
    assert result.warnings


def test_d_5b_a_draw_comes_only_from_the_cards_left():
    for index in range(4):
        assert secret_dr.draw("dr", ALL_BUT_THE_SIXES, **fixed(index)).output("value") == 6


def test_d_5_the_same_roll_with_another_salt_has_another_commitment():
    assert secret_dr.commitment("DR", 7, "00" * 16) != secret_dr.commitment("DR", 7, "01" * 16)


@pytest.mark.parametrize("raw, field", [
    ({"mode": "verify", "value": 7, "commitment": "0" * 64}, "salt"),
    ({"mode": "verify", "value": 7, "salt": "0" * 32}, "commitment"),
    ({"mode": "verify", "deck": "dr", "value": 7, "salt": "0" * 32, "commitment": "0" * 64}, "value"),
    ({"mode": "verify", "salt": "0" * 31}, "salt"),
])
def test_d_5_verify_needs_a_card_of_the_deck_a_salt_and_a_commitment(raw, field):
    with pytest.raises(InputError) as caught:
        SECRET.run(raw)
    assert caught.value.field == field
