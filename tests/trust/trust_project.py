"""Throwaway copies of the project that tests may break, and the ``ruleref`` command line run in them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent.parent
# Content a test may change is copied; the code and the vendored runtime are shared read-only.
COPIED = ("mkdocs.yml", "docs", "rulesets")
LINKED = ("calculators", "pyproject.toml", "node_modules")


def copy_project(target: Path) -> Path:
    """A project folder holding a copy of the content, where ``ruleref`` can import and build."""
    target.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy2(source, target / name)
    for name in LINKED:
        if (PROJECT / name).exists():
            (target / name).symlink_to(PROJECT / name)
    return target


def ruleref(*args: str, cwd: Path, env: dict | None = None, launcher: tuple[str, ...] = ("-m", "build_tools.cli"),
            timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the ``ruleref`` command line in ``cwd`` (the project it works on) and capture what it prints."""
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(PROJECT), "LANG": "C.UTF-8",
                   "HOME": os.environ.get("HOME", "/tmp")}
    environment.update(env or {})
    return subprocess.run([sys.executable, *launcher, *args], cwd=cwd, capture_output=True, text=True,
                          env=environment, timeout=timeout)


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by relative path, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
