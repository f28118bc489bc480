"""Exact dice: small immutable distributions with ``Fraction`` probabilities.

ASL rolls a single die (``dr``, 1-6) or two dice (``DR``, 2-12), and some
rules read one of the two dice separately (the "colored dr" of a DR), so a
DR can be kept as the joint outcome ``(white, colored)``. Battlefront: WWII
rolls a d10. Arithmetic is exact throughout; floats appear only at display.

    >>> dr_total().at_most(2 + 5)        # Final DR <= 2 with a -5 DRM
    Fraction(7, 12)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from fractions import Fraction
from functools import cache

__all__ = ["Distribution", "die", "d6", "d10", "dr_total", "dr_colored"]


class Distribution:
    """Outcomes with exact probabilities (each > 0, summing to 1), sorted by outcome."""

    __slots__ = ("_items",)

    def __init__(self, weights: Mapping[Hashable, int | Fraction]):
        """From outcome -> weight (counts or probabilities); weights are normalised."""
        total = sum(weights.values())
        if total <= 0 or any(weight < 0 for weight in weights.values()):
            raise ValueError("a distribution needs non-negative weights with a positive total")
        self._items = tuple(
            (outcome, Fraction(weight) / total)
            for outcome, weight in sorted(weights.items())
            if weight
        )

    @classmethod
    def uniform(cls, outcomes) -> Distribution:
        """Each listed outcome equally likely (an outcome listed twice counts twice)."""
        counts: dict = {}
        for outcome in outcomes:
            counts[outcome] = counts.get(outcome, 0) + 1
        return cls(counts)

    def __iter__(self) -> Iterator[tuple[Hashable, Fraction]]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        inner = ", ".join(f"{outcome!r}: {p}" for outcome, p in self._items)
        return f"Distribution({{{inner}}})"

    def outcomes(self) -> tuple:
        return tuple(outcome for outcome, _ in self._items)

    def probability_of(self, outcome: Hashable) -> Fraction:
        for candidate, p in self._items:
            if candidate == outcome:
                return p
        return Fraction(0)

    def map(self, function: Callable[[Hashable], Hashable]) -> Distribution:
        """The distribution of ``function(outcome)`` (outcomes that map together add up)."""
        weights: dict = {}
        for outcome, p in self._items:
            key = function(outcome)
            weights[key] = weights.get(key, 0) + p
        return Distribution(weights)

    def __add__(self, other: int | Distribution) -> Distribution:
        """Shift by a modifier (``+ 3``) or add an independent roll (``d6() + d6()``)."""
        if isinstance(other, bool) or not isinstance(other, (int, Distribution)):
            return NotImplemented
        if isinstance(other, int):
            return self.map(lambda outcome: outcome + other)
        weights: dict = {}
        for a, p in self._items:
            for b, q in other._items:
                weights[a + b] = weights.get(a + b, 0) + p * q
        return Distribution(weights)

    __radd__ = __add__

    def shift(self, modifier: int) -> Distribution:
        return self + modifier

    def probability(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        """P(predicate(outcome))."""
        return sum((p for outcome, p in self._items if predicate(outcome)), Fraction(0))

    def at_most(self, threshold: int) -> Fraction:
        return self.probability(lambda outcome: outcome <= threshold)

    def at_least(self, threshold: int) -> Fraction:
        return self.probability(lambda outcome: outcome >= threshold)


@cache
def die(sides: int) -> Distribution:
    """One fair die numbered 1..sides."""
    return Distribution.uniform(range(1, sides + 1))


def d6() -> Distribution:
    """An ASL dr: one six-sided die."""
    return die(6)


def d10() -> Distribution:
    """The Battlefront: WWII d10 (numbered 1-10)."""
    return die(10)


@cache
def dr_colored() -> Distribution:
    """An ASL DR kept as its two dice: outcomes ``(white, colored)``, 36 x 1/36."""
    return Distribution.uniform((white, colored) for white in range(1, 7) for colored in range(1, 7))


@cache
def dr_total() -> Distribution:
    """An ASL DR: the total of two six-sided dice (2-12)."""
    return dr_colored().map(sum)
