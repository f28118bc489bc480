"""Each dice calculator's procedure, written out from the rule text (``test_dice_simulation.py``).

One module per ruleset, named as its folder under ``rulesets/``
(``dice_procedures/<ruleset>.py``), holding ``PROCEDURES``: calculator id ->
``Procedure(run, cases)``. ``run(rng, inputs)`` rolls real dice with ``rng``
(``d6(rng)``, ``d10(rng)``), applies the rule as its text states it and
returns, for each probability output it checks, whether that event happened
on this roll; ``inputs`` are the calculator's parsed inputs. ``cases`` are raw
inputs to check (missing ones take their defaults). Write ``run`` from the
rule text alone, never from ``calculators/``: it is the independent half of
the cross-check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

__all__ = ["Procedure", "d6", "d10"]


@dataclass(frozen=True)
class Procedure:
    run: Callable[[random.Random, dict], dict[str, bool]]
    cases: tuple[dict, ...]  # raw inputs (missing ones take their defaults)


def d6(rng: random.Random) -> int:
    return rng.randint(1, 6)


def d10(rng: random.Random) -> int:
    return rng.randint(1, 10)
