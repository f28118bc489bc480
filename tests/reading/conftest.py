"""The small two-ruleset project each reading-aid test starts from."""

from __future__ import annotations

from pathlib import Path

import pytest

from reading_project import PAGES, RULESETS, write


@pytest.fixture
def project_dir(tmp_path) -> Path:
    write(tmp_path / "rulesets", RULESETS)
    write(tmp_path / "docs", PAGES)
    return tmp_path
