"""How the benchmarks compare a build with its baseline on a shared machine."""

from __future__ import annotations

import statistics


def paired_ratio(base: list[float], other: list[float]) -> float:
    """The median of ``other[i] / base[i]``: each run against the baseline run just before it.

    This machine's speed drifts over tens of seconds by more than the effects measured, so the
    medians of separate runs can differ by ±15 % for the same code; two builds run back to back
    see the same machine."""
    return statistics.median(after / before for before, after in zip(base, other))
