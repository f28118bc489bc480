"""Fixtures of the trust tests: a freshly imported project copy and a good site built from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from trust_project import copy_project, ruleref, snapshot


@pytest.fixture(scope="session")
def imported_project(tmp_path_factory) -> Path:
    """A project copy whose docs/ hold a fresh import of every source (the three rule texts)."""
    project = copy_project(tmp_path_factory.mktemp("imported") / "project")
    result = ruleref("import", "--all", cwd=project)
    assert result.returncode == 0, result.stderr
    return project


@pytest.fixture(scope="session")
def good_build(tmp_path_factory, imported_project) -> tuple[Path, dict[str, bytes]]:
    """A good site built (``ruleref build``) from a fresh import, and its bytes."""
    site = tmp_path_factory.mktemp("good") / "site"
    result = ruleref("build", "-d", str(site), cwd=imported_project)
    assert result.returncode == 0, result.stderr
    return site, snapshot(site)
