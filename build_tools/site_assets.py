"""The files ruleref puts into every site, whatever engine builds it: our stylesheets and ES
modules (``assets/``, served under ``assets/ruleref/``) and our theme overrides (``theme/``)."""

from __future__ import annotations

from pathlib import Path

ASSETS = Path(__file__).resolve().parent / "assets"
THEME = Path(__file__).resolve().parent / "theme"
ASSET_PREFIX = "assets/ruleref"


def asset_names() -> list[str]:
    return sorted(p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*") if p.is_file())
