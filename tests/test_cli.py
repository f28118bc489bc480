"""The ruleref command line: the errors a user sees for bad input (issue 2, "Checks")."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent


def ruleref(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "build_tools.cli", *args], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """A throwaway copy of the project's content, so tests can break it."""
    for name in ("docs", "rulesets"):
        shutil.copytree(PROJECT / name, tmp_path / name)
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(PROJECT / name, tmp_path / name)
    (tmp_path / "calculators").symlink_to(PROJECT / "calculators", target_is_directory=True)
    (tmp_path / "node_modules").symlink_to(PROJECT / "node_modules", target_is_directory=True)
    return tmp_path


def test_import_into_unknown_ruleset_names_the_ruleset_and_the_known_ones(project_copy):
    source = project_copy / "rulesets" / "asl" / "sources" / "g15-bulldozers.txt"
    result = ruleref("import", str(source), "--ruleset", "squad-leader", "--chapter", "G", cwd=project_copy)
    assert result.returncode == 1
    assert "unknown ruleset 'squad-leader'" in result.stderr
    assert "known: asl, battlefront" in result.stderr


def test_import_of_an_unreadable_file_names_the_file(project_copy):
    missing = project_copy / "rulesets" / "asl" / "sources" / "no-such-chapter.txt"
    result = ruleref("import", str(missing), "--ruleset", "asl", "--chapter", "Z", cwd=project_copy)
    assert result.returncode == 1
    assert "no-such-chapter.txt" in result.stderr
    assert "Traceback" not in result.stderr


def test_import_of_invalid_utf8_names_file_and_line(project_copy):
    bad = project_copy / "rulesets" / "asl" / "sources" / "broken.txt"
    bad.write_bytes(b"15. Bulldozers\n15.1 TYPES: fine\n15.2 CAPABILITES: \xff\xfe broken\n")
    result = ruleref("import", str(bad), "--ruleset", "asl", "--chapter", "G", cwd=project_copy)
    assert result.returncode == 1
    assert "broken.txt:3:" in result.stderr


def test_duplicate_rule_id_across_pages_fails_the_build_and_keeps_the_last_good_site(project_copy):
    site = project_copy / "site"
    assert ruleref("build", cwd=project_copy).returncode == 0, "the unbroken project must build"
    good = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    # G15.21 appears a second time, in a copy of the G15 page under another name.
    original = project_copy / "docs" / "asl" / "g15-bulldozers.md"
    (project_copy / "docs" / "asl" / "g15-copy.md").write_text(original.read_text(encoding="utf-8"), encoding="utf-8")
    result = ruleref("build", cwd=project_copy)
    assert result.returncode == 1
    assert "G15" in result.stderr and "g15-copy.md" in result.stderr and "g15-bulldozers.md" in result.stderr
    after = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert after == good, "a failed build must leave the last good site/ untouched"


def test_reimporting_every_source_reproduces_the_committed_pages(project_copy):
    before = {p: p.read_bytes() for p in (project_copy / "docs").rglob("*.md")}
    result = ruleref("import", "--all", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    after = {p: p.read_bytes() for p in (project_copy / "docs").rglob("*.md")}
    assert after == before, "docs/ differs from a fresh import: someone hand-edited a generated page"
