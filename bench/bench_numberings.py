"""Import + build of a synthetic 10,000-rule book in numbering case and in decimal,
against plain MkDocs + Material on the same Markdown, in the same run.

For each numbering: the source text (bench/synthetic_numbered.py) is imported
and built with ruleref's plugin and extensions, as ``make build`` does it
(``ruleref build --import``: one command, the import running while the engine
starts); the baseline builds the Markdown that import wrote, without them.
``build --import`` is timed twice: as every build after a project's first
runs it, the sources unchanged since the last import (``import_cache`` keeps
what each source made, so none is read again), and as a first import, with
nothing kept. The two commands one after the other (``ruleref import --all``,
then the build) and the build alone are timed too. Builds are interleaved, after an untimed
warm-up of each (which also leaves ruleref's compiled theme templates in
``.ruleref/templates/``, as any earlier build of a project does; plain MkDocs
compiles them at every build). Target: ruleref's import and build together within +30 % of
the plain build (by the median ratio of back-to-back runs; issue 2 met it for
the build of the ASL-numbered book alone), judged for both ``build --import`` runs.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_site_build import PROJECT, _build_env, _build_seconds, _configs
from bench.synthetic_numbered import write_source_book
from bench.timing import paired_ratio
from build_tools import import_cache

RUNS = 5
TARGET_OVERHEAD = 0.30


def import_seconds(root: Path, env: dict[str, str], *, fresh: bool = True) -> float:
    """``ruleref import --all`` in ``root``, timed; ``fresh``: every page written anew, as a first import."""
    return ruleref_seconds(root, env, "import", "--all", fresh=fresh)


def ruleref_seconds(root: Path, env: dict[str, str], *args: str, fresh: bool = True, first: bool = False) -> float:
    """``ruleref ARGS`` in ``root`` (whose mkdocs.yml is ruleref's), timed; ``fresh``: every page written anew;
    ``first``: no source's import kept either, as at a project's first import."""
    if fresh:
        shutil.rmtree(root / "docs" / "synth", ignore_errors=True)
    if first:
        shutil.rmtree(root / import_cache.FOLDER, ignore_errors=True)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "build_tools.cli", *args], cwd=root, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, env={**env, "PYTHONPATH": str(PROJECT)})
    seconds = time.perf_counter() - start
    if done.returncode:  # the build's log is long; show it only when it says why the run failed
        raise SystemExit(f"ruleref {' '.join(args)} failed in {root}:\n{done.stderr}")
    return seconds


def runs(times: list[float]) -> str:
    return ", ".join(f"{t:.2f}" for t in times)


def bench(numbering: str) -> None:
    with tempfile.TemporaryDirectory(prefix=f"ruleref-bench-{numbering}-") as tmp:
        root = Path(tmp)
        rules = write_source_book(root / "rulesets" / "synth", numbering)
        (root / "docs").mkdir()
        (root / "docs" / "index.md").write_text("# Synthetic rulebook\n", encoding="utf-8")
        for shared in ("node_modules", "calculators", "pyproject.toml"):  # the plugin bundles these into the site
            (root / shared).symlink_to(PROJECT / shared)
        plain, ours = _configs(root)
        shutil.copy(ours, root / "mkdocs.yml")  # the project's own config, as ``ruleref build`` reads it
        env = _build_env(root / "bytecode")
        import_seconds(root, env)
        for config in (plain, ours):  # warm-up, untimed: bytecode caches and the disk cache
            _build_seconds(config, root / "site-warm-up", env)
        times: dict[str, list[float]] = {"plain": [], "import": [], "build": [], "one": [], "first": []}
        for run in range(RUNS):  # interleaved, so machine load hits all alike
            times["plain"].append(_build_seconds(plain, root / f"site-plain-{run}", env))
            times["one"].append(ruleref_seconds(root, env, "build", "--import", "--no-strict", "-d",
                                                str(root / f"site-one-{run}")))
            times["first"].append(ruleref_seconds(root, env, "build", "--import", "--no-strict", "-d",
                                                  str(root / f"site-first-{run}"), first=True))
            times["import"].append(import_seconds(root, env))
            times["build"].append(_build_seconds(ours, root / f"site-ruleref-{run}", env))
        base = statistics.median(times["plain"])
        alone = paired_ratio(times["plain"], times["build"])
        both = paired_ratio(times["plain"], [i + b for i, b in zip(times["import"], times["build"])])
        one = paired_ratio(times["plain"], times["one"])
        first = paired_ratio(times["plain"], times["first"])
        pages = len(list((root / "docs" / "synth").glob("*.md")))
        print(f"numbering {numbering}: {rules} rules from {pages} source files")
        print(f"  plain MkDocs + Material build        median {base:6.2f} s  (runs: {runs(times['plain'])})")
        for key, label in (("import", "ruleref import --all"), ("build", "ruleref build (pages imported)"),
                           ("one", "ruleref build --import"), ("first", "ruleref build --import, first import")):
            print(f"  {label:<36} median {statistics.median(times[key]):6.2f} s  (runs: {runs(times[key])})")
        print(f"  ratios of back-to-back runs (bench.timing): build alone {alone:.2f} ({alone - 1:+.0%}); "
              f"import, then build {both:.2f} ({both - 1:+.0%})")
        for label, ratio in (("build --import, sources unchanged", one), ("build --import, first import", first)):
            verdict = "meets" if ratio - 1 <= TARGET_OVERHEAD else "MISSES"
            print(f"  {label:<34} {ratio:.2f} ({ratio - 1:+.0%}; target <= +{TARGET_OVERHEAD:.0%}: {verdict})")


def main() -> None:
    for numbering in ("case", "decimal"):
        bench(numbering)


if __name__ == "__main__":
    main()
