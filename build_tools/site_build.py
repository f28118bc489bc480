"""Build the site into a temporary folder and swap it in only when the build succeeds.

A failed build (bad source, broken link in strict mode) must leave the last
good ``site/`` untouched, so readers and ``ruleref serve`` never see half a site.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable

from build_tools.engines import DEFAULT, engine as engine_named


class SiteRejected(Exception):
    """The build finished but the release checks found problems; ``site_dir`` was kept."""

    def __init__(self, problems: list[str]):
        super().__init__(f"{len(problems)} problem(s) in the built site")
        self.problems = problems


def build_into(site_dir: Path, *, config_file: Path, strict: bool = True, engine: str = DEFAULT,
               verify: Callable[[Path], list[str]] | None = None, ready: Callable[[], None] = lambda: None) -> None:
    """Run a full build with ``engine`` (``build_tools.engines``) whose output replaces ``site_dir`` atomically.

    ``ready`` is called when the engine has started, before it reads docs/. ``verify`` (e.g. the
    release check) inspects the staged site first; any problem it returns keeps the previous
    ``site_dir`` and raises SiteRejected."""
    chosen = engine_named(engine)
    chosen.require()
    site_dir = site_dir.resolve()
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"{site_dir.name}.tmp-", dir=site_dir.parent))
    try:
        chosen.build(Path(config_file).resolve(), staging, strict, ready)
        problems = verify(staging) if verify else []
        if problems:
            raise SiteRejected(problems)
        _swap(staging, site_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _swap(staging: Path, site_dir: Path) -> None:
    """Replace ``site_dir`` by ``staging`` with two renames (no moment without a site)."""
    staging.chmod(0o755)  # mkdtemp makes it private; a static host must read it
    if site_dir.exists():
        retired = Path(tempfile.mkdtemp(prefix=f"{site_dir.name}.old-", dir=site_dir.parent))
        os.rename(site_dir, retired / "site")
        os.rename(staging, site_dir)
        shutil.rmtree(retired, ignore_errors=True)
    else:
        os.rename(staging, site_dir)
