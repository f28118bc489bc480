"""Battlefront: WWII engineering calculators (the fan "Engineering rules").

Battlefront sections have no numbers: every step cites the slug of its
section's title line (``laying-mines-during-play``). The die is a d10, and
"dr" is a unit's discipline rating, not a die roll. Numbers the supplement
takes from the main rulebook (the original minefield passage chart, the
Improve Position table, combat results) are asked for as labelled inputs.
"""

# The order the calculator index and `python -m calculators list` show them (calculators/registry.py).
ORDER = ("minefields", "tasks", "demolitions", "forts", "dd_tanks", "bridges", "roadblocks")
