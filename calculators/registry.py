"""Every calculator module, in the order the site and ``list`` show them.

Each module exposes ``CALCULATORS = (...)``. Modules are imported by name
here (no plugin discovery), so the set of calculators is plain to read and
the browser bundle holds exactly these.
"""

from calculators.asl import (
    collateral_attack,
    dozer_clearance,
    dozer_driver,
    dozer_house,
    dozer_types,
    secret_dr,
    vehicle_mobile,
)

ASL: tuple = (dozer_clearance, dozer_house, dozer_driver, dozer_types, vehicle_mobile, collateral_attack, secret_dr)

# ---- Battlefront: WWII (calculators/battlefront/*.py) ----------------------
# Import the Battlefront modules here and list them in BATTLEFRONT, in the
# order they should be shown.
from calculators.battlefront import bridges, dd_tanks, demolitions, forts, minefields, roadblocks, tasks  # noqa: E402

BATTLEFRONT: tuple = (minefields, tasks, demolitions, forts, dd_tanks, bridges, roadblocks)
# ---------------------------------------------------------------------------

MODULES = ASL + BATTLEFRONT
