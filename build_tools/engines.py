"""The static-site engines ruleref builds with: MkDocs (the default), ProperDocs, Zensical.

MkDocs + Material is the design's choice; Material's end of life is May 2027,
and a site must keep building after it. ProperDocs is a maintained fork of
MkDocs 1.x that runs the same plugins and theme, so it builds the same pages.
Zensical (Material's successor) reads the same ``mkdocs.yml`` and runs our
Markdown extensions, but no MkDocs plugin: what the plugin does for MkDocs,
``build_tools/site_pass.py`` does over Zensical's finished folder.

Every engine runs in this process, except ProperDocs where MkDocs is already
loaded (a test session, a script): ProperDocs takes over the name ``mkdocs`` in
the process that imports it, so there it runs as its own command in a child
process. Zensical in this process also shares its rule index (built by our
extensions) with ``site_pass``. Each engine but MkDocs is an optional
dependency (``pip install -e '.[properdocs]'``).

Every engine calls ``ready`` once it has started and before it reads docs/:
``ruleref build --import`` imports the sources until then (``import_alongside``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from build_tools.errors import SourceError

DEFAULT = "mkdocs"


@dataclass(frozen=True)
class Engine:
    name: str
    package: str  # the Python package that must be importable
    extra: str  # the ruleref extra that installs it ("" for the default, which ruleref itself needs)
    build: Callable[[Path, Path, bool, Callable[[], None]], None]  # (config file, site folder, strict, ready)

    def available(self) -> bool:
        return importlib.util.find_spec(self.package) is not None

    def require(self) -> None:
        if not self.available():
            install = f"pip install -e '.[{self.extra}]'" if self.extra else "pip install -e ."
            raise SourceError("--engine", None, f"{self.name} is not installed: {install} "
                                                f"(or choose another engine: {', '.join(ENGINES)})")


def _build_with_mkdocs(config_file: Path, site_dir: Path, strict: bool, ready: Callable[[], None]) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(str(config_file), site_dir=str(site_dir), strict=strict)
    ready()
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()


def _build_with_properdocs(config_file: Path, site_dir: Path, strict: bool, ready: Callable[[], None]) -> None:
    if "mkdocs" in sys.modules:
        ready()
        _run("properdocs", [sys.executable, "-m", "properdocs", "build", "-q", "-f", str(config_file),
                            "-d", str(site_dir), *(["--strict"] if strict else [])], config_file.parent)
        return
    import properdocs.replacement  # noqa: F401  from here on, ``mkdocs`` names ProperDocs in this process

    _build_with_mkdocs(config_file, site_dir, strict, ready)


def _build_with_zensical(config_file: Path, site_dir: Path, strict: bool, ready: Callable[[], None]) -> None:
    import zensical

    from build_tools import site_pass, zensical_config

    ready()
    generated, built = zensical_config.write(config_file)
    shutil.rmtree(built, ignore_errors=True)
    try:
        # clean: Zensical's cache keys a page by its text, but our extensions also read the
        # rulesets' data files (glossary, annotations, placements): a cached page could be stale.
        zensical.build(str(generated), {"clean": True, "strict": strict})
    except BaseException as error:  # its failures arrive as Python errors, or a Rust panic, from its core
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        raise SourceError(str(config_file), None, f"the zensical build failed: {error}") from None
    finally:
        generated.unlink(missing_ok=True)
    for item in built.iterdir():  # into the folder build_into swaps in
        os.replace(item, site_dir / item.name)
    built.rmdir()
    site_pass.finish(site_dir, config_file)


def _run(name: str, command: list[str], project: Path) -> None:
    """Run an engine's own command; its complaint, if it fails, becomes the build's error."""
    done = subprocess.run(command, cwd=project, capture_output=True, text=True,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"})
    for line in (done.stdout + done.stderr).splitlines():
        if line.strip():
            print(line, file=sys.stderr)
    if done.returncode != 0:
        raise SourceError(str(project / "mkdocs.yml"), None, f"the {name} build failed (exit {done.returncode}); "
                                                             "its messages are above")


ENGINES = {
    "mkdocs": Engine("mkdocs", "mkdocs", "", _build_with_mkdocs),
    "properdocs": Engine("properdocs", "properdocs", "properdocs", _build_with_properdocs),
    "zensical": Engine("zensical", "zensical", "zensical", _build_with_zensical),
}


def engine(name: str) -> Engine:
    if name not in ENGINES:
        raise SourceError("--engine", None, f"unknown engine {name!r} (one of {', '.join(ENGINES)})")
    return ENGINES[name]
