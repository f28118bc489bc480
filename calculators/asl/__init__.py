"""Advanced Squad Leader calculators (chapter D vehicles, G15 bulldozers)."""
