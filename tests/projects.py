"""Projects made for a test: the site's own settings and home pages, with the rulesets a test picks.

``tests/rulebooks/`` holds small rulebooks written for these tests (every
numbering and source format, several top-level rules per file, reference
traps); ``rulesets/`` holds the project's real ones. A project is imported
as ``ruleref import --all`` does and built as ``ruleref build`` does.
"""

from __future__ import annotations

import shutil
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
RULEBOOKS = PROJECT / "tests" / "rulebooks"
# The site's own pages (the rest of docs/ is what importing the rulesets writes).
SITE_PAGES = ("index.md", "calculators.md")


def rulebook_names() -> list[str]:
    return sorted(path.name for path in RULEBOOKS.iterdir() if (path / "ruleset.yml").is_file())


def make_project(root: Path, rulesets: dict[str, Path]) -> Path:
    """``root`` as a project: mkdocs.yml, the site's own pages, ``rulesets`` (id -> folder), imported."""
    root.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(PROJECT / name, root / name)
    # The rules core the site ships, and the pinned Pyodide runtime (npm ci).
    for name in ("calculators", "node_modules"):
        (root / name).symlink_to(PROJECT / name)
    (root / "docs").mkdir(exist_ok=True)
    for name in SITE_PAGES:
        shutil.copy(PROJECT / "docs" / name, root / "docs" / name)
    for ruleset_id, folder in rulesets.items():
        shutil.copytree(folder, root / "rulesets" / ruleset_id, ignore=shutil.ignore_patterns("expected"))
        hand_written = PROJECT / "docs" / ruleset_id / "glossary.md"
        if folder.parent == PROJECT / "rulesets" and hand_written.is_file():
            (root / "docs" / ruleset_id).mkdir(parents=True, exist_ok=True)
            shutil.copy(hand_written, root / "docs" / ruleset_id / "glossary.md")
    import_all(root)
    return root


def import_all(root: Path) -> list[str]:
    """``ruleref import --all`` in project ``root``; the lines it printed."""
    from build_tools.import_sources import import_all as import_everything
    from build_tools.rulesets import load_rulesets

    said: list[str] = []
    import_everything(root, load_rulesets(root / "rulesets"), say=said.append)
    return said


def real_rulesets() -> dict[str, Path]:
    return {path.name: path for path in sorted((PROJECT / "rulesets").iterdir()) if (path / "ruleset.yml").is_file()}


def test_rulebooks() -> dict[str, Path]:
    return {name: RULEBOOKS / name for name in rulebook_names()}


test_rulebooks.__test__ = False  # a helper, not a test


def build(project: Path, site: Path) -> Path:
    from build_tools.site_build import build_into

    build_into(site, config_file=project / "mkdocs.yml", strict=True)
    return site


def set_offline_budget(project: Path, megabytes: int) -> Path:
    """Give ``project``'s ruleref plugin an offline budget in its mkdocs.yml, as a site owner does."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert text.count("\n  - ruleref\n") == 1, "the plugin line this helper expects"
    config.write_text(text.replace("\n  - ruleref\n", f"\n  - ruleref:\n      offline_budget_mb: {megabytes}\n"),
                      encoding="utf-8")
    return project


LIVING = PROJECT / "tests" / "living"


def two_printings(root: Path) -> Path:
    """``tests/living/ferries`` imported, then its second printing recorded as its new version, as a user does:
    ``ruleref import z1-ferries-second-printing.txt --ruleset ferries --chapter Z --version "Second printing"``."""
    import subprocess
    import sys

    make_project(root, {"ferries": LIVING / "ferries"})
    subprocess.run([sys.executable, "-m", "build_tools.cli", "import", str(LIVING / "z1-ferries-second-printing.txt"),
                    "--ruleset", "ferries", "--chapter", "Z", "--version", "Second printing"], cwd=root, check=True,
                   capture_output=True, env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})
    return root
