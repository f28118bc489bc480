"""Fixtures shared by every test folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def project() -> Path:
    return PROJECT


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The real site, built once per test session (strict) into a temp folder."""
    from build_tools.site_build import build_into

    site = tmp_path_factory.mktemp("built") / "site"
    build_into(site, config_file=PROJECT / "mkdocs.yml", strict=True)
    return site


@pytest.fixture(scope="session")
def books_project(tmp_path_factory) -> Path:
    """A project holding the real rulesets and every test rulebook (tests/rulebooks/), imported."""
    from projects import make_project, real_rulesets, test_rulebooks

    return make_project(tmp_path_factory.mktemp("books") / "project", {**real_rulesets(), **test_rulebooks()})


@pytest.fixture(scope="session")
def books_site(books_project) -> Path:
    """``books_project`` built (strict), as ``ruleref build`` does."""
    from projects import build

    return build(books_project, books_project / "site")


@pytest.fixture
def newgame_found(monkeypatch):
    """The rules core with ``tests/newgame``'s calculators found as if they were in ``calculators/newgame/``."""
    from calculators import registry
    from newgame import hit

    monkeypatch.setattr(registry, "MODULES", (*registry.MODULES, hit))


@pytest.fixture
def rules_core_with_newgame(tmp_path) -> Path:
    """A copy of ``calculators/`` with ``tests/newgame`` added as ``calculators/newgame/``, as a new
    ruleset's author adds it (no other file touched); returns the copy's package folder."""
    package = tmp_path / "rules-core" / "calculators"
    no_caches = shutil.ignore_patterns("__pycache__")
    shutil.copytree(PROJECT / "calculators", package, ignore=no_caches)
    shutil.copytree(PROJECT / "tests" / "newgame", package / "newgame", ignore=no_caches)
    return package
