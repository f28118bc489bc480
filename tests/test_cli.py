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


def test_import_all_removes_the_page_of_a_source_no_longer_listed(project_copy):
    ruleset_yml = project_copy / "rulesets" / "asl" / "ruleset.yml"
    text = ruleset_yml.read_text(encoding="utf-8")
    entry = "  - file: sources/g15-bulldozers.txt\n    chapter: G\n    page: g15-bulldozers\n    format: text\n"
    assert entry in text
    ruleset_yml.write_text(text.replace(entry, ""), encoding="utf-8")
    result = ruleref("import", "--all", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert "removed docs/asl/g15-bulldozers.md (no source in rulesets/ produces it any more)" in result.stdout
    assert not (project_copy / "docs" / "asl" / "g15-bulldozers.md").exists()
    assert "g15-bulldozers" not in (project_copy / "docs" / "asl" / "index.md").read_text(encoding="utf-8")


def site_text(site: Path) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace") for path in sorted(site.rglob("*"))
                     if path.is_file() and path.suffix in (".html", ".json", ".js", ".xml", ".webmanifest"))


def test_a_removed_ruleset_folder_leaves_no_trace_in_the_site(project_copy):
    shutil.copytree(PROJECT / "tests" / "rulebooks" / "riverline", project_copy / "rulesets" / "riverline",
                    ignore=shutil.ignore_patterns("expected"))
    assert ruleref("import", "--all", cwd=project_copy).returncode == 0
    assert ruleref("build", cwd=project_copy).returncode == 0
    assert "Riverline" in site_text(project_copy / "site")
    shutil.rmtree(project_copy / "rulesets" / "riverline")
    result = ruleref("import", "--all", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    assert not (project_copy / "docs" / "riverline").exists()
    result = ruleref("build", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    text = site_text(project_copy / "site")
    assert "Riverline" not in text and "riverline" not in text
    assert not (project_copy / "site" / "riverline").exists()


@pytest.mark.parametrize("numbering, extra", [("case", []), ("decimal", []), ("none", []),
                                               ("asl", ["--chapters", "Q,R"]), ("case", ["--format", "markdown"]),
                                               ("decimal", ["--format", "markdown"])])
def test_new_scaffolds_a_ruleset_that_imports_and_builds(tmp_path, numbering, extra):
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(PROJECT / name, tmp_path / name)
    for name in ("calculators", "node_modules"):
        (tmp_path / name).symlink_to(PROJECT / name, target_is_directory=True)
    result = ruleref("new", "my-book", "--name", "My Book", "--numbering", numbering, *extra, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "created rulesets/my-book/ruleset.yml" in result.stdout
    result = ruleref("import", "--all", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "imported rulesets/my-book/sources/my-book." in result.stdout
    assert "unresolved" not in result.stdout.replace("0 unresolved", "")
    result = ruleref("check", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_new_refuses_an_existing_folder_and_a_bad_id(project_copy):
    result = ruleref("new", "asl", "--name", "X", "--numbering", "case", cwd=project_copy)
    assert result.returncode == 1 and "already exists" in result.stderr
    result = ruleref("new", "My Book", "--name", "X", "--numbering", "case", cwd=project_copy)
    assert result.returncode == 1 and "lower case letters, digits and hyphens" in result.stderr


def test_an_empty_project_builds_a_clean_site(tmp_path):
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(PROJECT / name, tmp_path / name)
    for name in ("calculators", "node_modules"):
        (tmp_path / name).symlink_to(PROJECT / name, target_is_directory=True)
    (tmp_path / "rulesets").mkdir()
    result = ruleref("import", "--all", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "No rulesets yet" in (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    result = ruleref("check", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ruleref check: 0 problem(s)" in result.stdout


def test_the_build_names_the_cited_but_absent_rules_in_one_line_and_a_file(project_copy):
    result = ruleref("build", cwd=project_copy)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stderr.splitlines() if "cited rules are not in this reference" in line]
    assert len(lines) == 1 and lines[0].endswith("the list: .ruleref/unresolved-references.txt")
    assert not any("cited in" in line for line in result.stderr.splitlines())
    listed = (project_copy / ".ruleref" / "unresolved-references.txt").read_text(encoding="utf-8")
    assert "asl\tB24.7\tcited in G15.2, G15.21" in listed


@pytest.mark.parametrize("payload", ['<script>alert(1)</script>', '<SCRIPT src="https://evil.example/x.js"></SCRIPT>'])
def test_a_script_in_an_annotation_or_a_page_fails_the_build_naming_where_and_keeps_the_last_good_site(
        project_copy, payload):
    site = project_copy / "site"
    assert ruleref("build", cwd=project_copy).returncode == 0, "the unbroken project must build"
    good = {path: (site / path).read_bytes() for path in ("index.html", "asl/g15-bulldozers/index.html")}
    annotations = project_copy / "rulesets" / "asl" / "annotations.yml"
    annotations.write_text(annotations.read_text(encoding="utf-8") + (
        "- rule: G15.21\n  kind: note\n  title: Harmless\n"
        f"  text: 'Clearance, again. {payload}'\n"), encoding="utf-8")
    result = ruleref("build", cwd=project_copy)
    assert result.returncode == 1
    line = len(annotations.read_text(encoding="utf-8").splitlines())
    assert f"annotations.yml:{line}: 'text' holds raw HTML" in result.stderr and "Traceback" not in result.stderr

    # A page the project writes by hand: the build's last line of defence, before any policy is hashed.
    shutil.copy(PROJECT / "rulesets" / "asl" / "annotations.yml", annotations)
    home = project_copy / "docs" / "index.md"
    home.write_text(home.read_text(encoding="utf-8") + f"\n{payload}\n", encoding="utf-8")
    result = ruleref("build", cwd=project_copy)
    assert result.returncode == 1
    assert "index.md: the page holds a script the build did not write" in result.stderr
    assert "<script" in result.stderr.lower() and "Traceback" not in result.stderr
    assert {path: (site / path).read_bytes() for path in good} == good
