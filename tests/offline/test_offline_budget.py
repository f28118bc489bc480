"""Size is linear and announced (issue 15): the build warns a site's owner when the offline copy
exceeds the offline budget, and the service worker carries the budget to the page, which then asks
the reader before downloading (tests/browser/test_offline_failures.py)."""

from __future__ import annotations

import logging

import pytest
from projects import RULEBOOKS, build, make_project, set_offline_budget
from test_service_worker import precache_of

from build_tools.offline.budget import DEFAULT_BUDGET_MB, MB
from build_tools.offline.precache import read_precache
from build_tools.site_build import build_into


@pytest.fixture
def small_project(tmp_path):
    return make_project(tmp_path / "project", {"riverline": RULEBOOKS / "riverline"})


def budget_warnings(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.levelno == logging.WARNING and "offline budget" in record.getMessage()]


def test_todays_site_fits_the_default_budget_so_it_still_saves_without_asking(built_site):
    assert read_precache(built_site).size < DEFAULT_BUDGET_MB * MB
    assert precache_of(built_site)["budget"] == DEFAULT_BUDGET_MB * MB


def test_a_site_within_its_budget_builds_without_a_warning(small_project, tmp_path, caplog):
    caplog.set_level(logging.INFO)
    build(small_project, tmp_path / "site")  # strict: a warning would stop it
    assert budget_warnings(caplog) == []


def test_a_site_over_its_budget_warns_naming_its_size_the_budget_and_the_setting(small_project, tmp_path, caplog):
    caplog.set_level(logging.INFO)
    project = set_offline_budget(small_project, 1)
    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=False)
    size = read_precache(site).size
    assert size > MB
    [warning] = budget_warnings(caplog)
    assert f"the offline copy is {size / MB:.1f} MB, over the offline budget of 1 MB" in warning
    assert "readers are asked before it downloads" in warning
    assert f"offline_budget_mb: {-(-size // MB)}" in warning  # the setting that would fit it
    assert precache_of(site)["budget"] == MB

    # The site is correct, its readers are asked first: a strict build still succeeds, with the warning.
    caplog.clear()
    build_into(tmp_path / "strict", config_file=project / "mkdocs.yml", strict=True)
    assert len(budget_warnings(caplog)) == 1
