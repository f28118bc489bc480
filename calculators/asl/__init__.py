"""Advanced Squad Leader calculators (chapter D vehicles, G15 bulldozers)."""

# The order the calculator index and `python -m calculators list` show them (calculators/registry.py).
ORDER = ("dozer_clearance", "dozer_house", "dozer_driver", "dozer_types", "vehicle_mobile", "collateral_attack",
         "secret_dr")
