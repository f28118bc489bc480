"""Fixtures of the trust tests: a project copy holding a fresh import of every rule text."""

from __future__ import annotations

from pathlib import Path

import pytest

from trust_project import copy_project, ruleref


@pytest.fixture(scope="session")
def imported_project(tmp_path_factory) -> Path:
    """A project copy whose docs/ hold a fresh import of every source (the three rule texts)."""
    project = copy_project(tmp_path_factory.mktemp("imported") / "project")
    result = ruleref("import", "--all", cwd=project)
    assert result.returncode == 0, result.stderr
    return project

