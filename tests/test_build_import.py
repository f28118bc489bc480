"""``ruleref build --import``: the sources are imported while the engine starts, then built (issue 11, state
follows the sources; its benchmark times this command)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from build_tools import import_alongside
from build_tools.errors import SourceError
from build_tools.import_alongside import ImportAlongside
from tests.test_cli import PROJECT, ruleref

PAGE = Path("site") / "riverline" / "riverline" / "index.html"


@pytest.fixture
def riverline(tmp_path: Path) -> Path:
    """A project holding one ruleset's sources and nothing imported: no docs/ folder at all."""
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(PROJECT / name, tmp_path / name)
    for name in ("calculators", "node_modules"):
        (tmp_path / name).symlink_to(PROJECT / name, target_is_directory=True)
    shutil.copytree(PROJECT / "tests" / "rulebooks" / "riverline", tmp_path / "rulesets" / "riverline",
                    ignore=shutil.ignore_patterns("expected"))
    return tmp_path


def test_build_with_import_builds_what_the_sources_say_now_and_prints_the_import_report(riverline):
    result = ruleref("build", "--import", cwd=riverline)
    assert result.returncode == 0, result.stderr
    assert "imported rulesets/riverline/sources/riverline.txt -> docs/riverline/riverline.md" in result.stdout
    assert "references: 15 found" in result.stdout
    assert result.stdout.index("imported rulesets/") < result.stdout.index("site written to site/")
    assert "Each hex is 2 hexes of the old map" in (riverline / PAGE).read_text(encoding="utf-8")

    source = riverline / "rulesets" / "riverline" / "sources" / "riverline.txt"
    source.write_text(source.read_text(encoding="utf-8").replace("of the old map", "of the first edition's map"),
                      encoding="utf-8")
    result = ruleref("build", "--import", cwd=riverline)
    assert result.returncode == 0, result.stderr
    page = (riverline / PAGE).read_text(encoding="utf-8")
    assert "Each hex is 2 hexes of the first edition's map" in page
    assert "of the old map" not in page


def test_build_with_import_of_a_bad_source_fails_naming_file_and_line_and_keeps_site_and_pages(riverline):
    assert ruleref("build", "--import", cwd=riverline).returncode == 0, "the unbroken project must build"
    site_before = (riverline / PAGE).read_bytes()
    page = riverline / "docs" / "riverline" / "riverline.md"
    page_before = page.read_bytes()
    source = riverline / "rulesets" / "riverline" / "sources" / "riverline.txt"
    source.write_text(source.read_text(encoding="utf-8") + "\n1.1 Scale again\nA second rule 1.1.\n", encoding="utf-8")
    result = ruleref("build", "--import", cwd=riverline)
    assert result.returncode == 1
    assert "riverline.txt:" in result.stderr and "duplicate rule ID 1.1" in result.stderr
    assert "Traceback" not in result.stderr
    assert (riverline / PAGE).read_bytes() == site_before, "a failed import must leave the last good site"
    assert page.read_bytes() == page_before, "a failed import must leave the last good pages"


def test_the_import_alongside_gives_the_same_outcome_without_a_fork(riverline, monkeypatch):
    forked = []
    ImportAlongside(riverline).wait(say=forked.append)
    monkeypatch.setattr(import_alongside, "can_fork", lambda: False)  # a process with threads: import when asked
    shutil.rmtree(riverline / "docs")
    unforked = []
    pending = ImportAlongside(riverline)
    assert not (riverline / "docs").exists(), "without a fork nothing is imported before the engine asks"
    pending.wait(say=unforked.append)
    assert unforked == [line.replace(" (unchanged)", "") for line in forked] and unforked
    assert (riverline / "docs" / "riverline" / "riverline.md").is_file()


def test_an_import_error_crosses_from_the_child_whole_and_a_dead_child_is_said(riverline, monkeypatch):
    # Forked even where this test process has threads (a browser test's driver): never exit the test process.
    monkeypatch.setattr(import_alongside, "can_fork", lambda: True)
    source = riverline / "rulesets" / "riverline" / "sources" / "riverline.txt"
    source.write_text(source.read_text(encoding="utf-8") + "\n1.1 Scale again\nA second rule 1.1.\n", encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        ImportAlongside(riverline).wait(say=print)
    assert raised.value.path.endswith("riverline.txt") and raised.value.line is not None

    monkeypatch.setattr(import_alongside, "_import", lambda project: os._exit(3))  # killed mid-import
    with pytest.raises(RuntimeError, match=r"ended without a result \(exit code 3\)"):
        ImportAlongside(riverline).wait(say=print)
