"""Exact numbers as text, for outputs that are counts rather than probabilities.

The model shows a ``Fraction`` output as a probability ("5/12 (41.67%)"), so
an expected number of actions is given as text instead: the exact fraction
and its decimal, rounded half up without floats.
"""

from __future__ import annotations

from fractions import Fraction


def count_text(value: Fraction) -> str:
    """``"10/9 (1.111)"``; a whole number reads as itself (``"2"``)."""
    if value.denominator == 1:
        return str(value.numerator)
    thousandths = (value * 1000 + Fraction(1, 2)).__floor__()
    whole, part = divmod(thousandths, 1000)
    return f"{value.numerator}/{value.denominator} ({whole}.{part:03d})"


def signed(modifier: int) -> str:
    """A modifier as the text prints them: ``+1``, ``-1``, ``+0``."""
    return f"{modifier:+d}"
