"""The 10,000-rule synthetic book built with each engine, with and without ruleref's processing.

For each engine (MkDocs, ProperDocs, Zensical; an engine that is not installed
is reported and skipped), the baseline is the engine's own command over the
same Markdown with the same theme and standard extensions, and no ruleref
plugin or extension; ruleref's build is ``ruleref build --engine NAME``, which
adds the extensions and the site-wide steps (the plugin under MkDocs and
ProperDocs, ``site_pass`` after Zensical). Builds are interleaved, after an
untimed warm-up of each; Zensical builds with ``--clean`` both times (ruleref
always does: see ``build_tools/engines.py``). Target: ruleref's share on each
engine within +30 %, judged by the median ratio of back-to-back pairs (``bench.timing``), in wall
time (Zensical builds on several threads).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from bench.bench_site_build import PROJECT, _build_env, _configs
from bench.synthetic import remember_as_imported, write_rulebook, write_ruleset
from bench.timing import paired_ratio
from build_tools.engines import ENGINES

RUNS = 5
TARGET_OVERHEAD = 0.30


def _plain_command(engine: str, root: Path, plain: Path, out: Path) -> list[str]:
    if engine == "zensical":  # its site must be inside the folder of its configuration
        config = yaml.safe_load(plain.read_text(encoding="utf-8"))
        config["site_dir"], config["docs_dir"] = out.name, "docs"  # Zensical wants both relative
        zensical = root / "zensical-plain.yml"
        zensical.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        return [sys.executable, "-m", "zensical", "build", "--clean", "-f", str(zensical)]
    return [sys.executable, "-m", engine, "build", "-q", "-f", str(plain), "-d", str(out)]


def _seconds(command: list[str], root: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=root, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ruleref-bench-engines-") as tmp:
        root = Path(tmp)
        rules = write_rulebook(root / "docs")
        (root / "docs" / "index.md").write_text("# Synthetic rulebook\n", encoding="utf-8")
        write_ruleset(root / "rulesets")
        remember_as_imported(root)
        for shared in ("node_modules", "calculators", "pyproject.toml"):  # the plugin bundles these into the site
            (root / shared).symlink_to(PROJECT / shared)
        plain, ours = _configs(root)
        shutil.copy(ours, root / "mkdocs.yml")  # the project's configuration, as ruleref build reads it
        env = {**_build_env(root / "bytecode"), "PYTHONPATH": str(PROJECT)}
        print(f"synthetic rulebook: {rules} rules in {len(list((root / 'docs').rglob('*.md')))} pages; "
              f"{RUNS} interleaved runs of each")
        for name, engine in ENGINES.items():
            if not engine.available():
                print(f"  {name:<10}  not installed (pip install -e '.[{engine.extra}]'): skipped")
                continue
            commands = {
                "plain": _plain_command(name, root, plain, root / f"site-{name}-plain"),
                "ruleref": [sys.executable, "-m", "build_tools.cli", "build", "--no-strict", "--engine", name,
                            "-d", str(root / f"site-{name}")],
            }
            for command in commands.values():  # warm-up, untimed
                _seconds(command, root, env)
            times: dict[str, list[float]] = {"plain": [], "ruleref": []}
            for _ in range(RUNS):
                for kind, command in commands.items():
                    times[kind].append(_seconds(command, root, env))
            base, full = statistics.median(times["plain"]), statistics.median(times["ruleref"])
            paired = paired_ratio(times["plain"], times["ruleref"])
            verdict = "meets" if paired - 1 <= TARGET_OVERHEAD else "MISSES"
            print(f"  {name:<10}  plain {base:6.2f} s  ruleref {full:6.2f} s (medians)  ratio of pairs {paired:.2f} "
                  f"({paired - 1:+.0%}; target <= +{TARGET_OVERHEAD:.0%}: {verdict})")


if __name__ == "__main__":
    main()
