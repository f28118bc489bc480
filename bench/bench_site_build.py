"""Build a synthetic 10,000-rule rulebook with and without ruleref's plugin and extensions.

Baseline: plain MkDocs + Material over the same Markdown (same theme, same
standard extensions). Target: our processing adds at most 30 %.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

from bench.synthetic import remember_as_imported, write_rulebook, write_ruleset

PROJECT = Path(__file__).resolve().parent.parent
RUNS = 5
TARGET_OVERHEAD = 0.30


def _configs(root: Path) -> tuple[Path, Path]:
    ours = yaml.safe_load((PROJECT / "mkdocs.yml").read_text(encoding="utf-8"))
    ours["docs_dir"] = str(root / "docs")
    ours["strict"] = False  # synthetic refs to B24.7 etc. are reported, not fatal
    ours.setdefault("plugins", [])
    plain = dict(ours)
    plain["plugins"] = [p for p in ours["plugins"] if not (p == "ruleref" or (isinstance(p, dict) and "ruleref" in p))]
    plain["markdown_extensions"] = [e for e in ours["markdown_extensions"]
                                    if not (isinstance(e, str) and e.startswith("build_tools.")
                                            or isinstance(e, dict) and next(iter(e)).startswith("build_tools."))]
    plain.get("theme", {}).pop("custom_dir", None)
    for p in ours["plugins"]:
        if isinstance(p, dict) and "ruleref" in p:
            p["ruleref"]["rulesets_dir"] = str(root / "rulesets")
    if "ruleref" in ours["plugins"]:
        ours["plugins"][ours["plugins"].index("ruleref")] = {"ruleref": {"rulesets_dir": str(root / "rulesets")}}
    paths = []
    for name, config in (("plain", plain), ("ruleref", ours)):
        path = root / f"mkdocs-{name}.yml"
        path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def _build_env(bytecode_cache: Path) -> dict[str, str]:
    """Both builds run with bytecode caches, as on a user's machine.

    pip installs MkDocs and Material precompiled, but our package is installed
    editable: where PYTHONDONTWRITEBYTECODE is set (this sandbox sets it), every
    build would compile our modules from source again and the baseline would
    not. The cache lives in the benchmark's temporary folder."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPYCACHEPREFIX": str(bytecode_cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _build_seconds(config: Path, out: Path, env: dict[str, str]) -> float:
    return build_times(config, out, env)[0]


def build_times(config: Path, out: Path, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one build. On a shared machine the CPU time of a
    single-process build varies far less than its wall time, which also counts waiting for a core."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(out)],
                   cwd=PROJECT, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ruleref-bench-") as tmp:
        root = Path(tmp)
        rules = write_rulebook(root / "docs")
        write_ruleset(root / "rulesets")
        remember_as_imported(root)
        for shared in ("node_modules", "calculators", "pyproject.toml"):  # the plugin bundles these into the site
            (root / shared).symlink_to(PROJECT / shared)
        plain, ours = _configs(root)
        env = _build_env(root / "bytecode")
        for config in (plain, ours):  # warm-up, untimed: bytecode caches and the disk cache
            _build_seconds(config, root / "site-warm-up", env)
        times = {"plain": [], "ruleref": []}
        for run in range(RUNS):  # interleaved, so machine load hits both alike
            times["plain"].append(_build_seconds(plain, root / f"site-plain-{run}", env))
            times["ruleref"].append(_build_seconds(ours, root / f"site-ruleref-{run}", env))
        base, full = statistics.median(times["plain"]), statistics.median(times["ruleref"])
        overhead = full / base - 1
        print(f"synthetic rulebook: {rules} rules in {len(list((root / 'docs' / 'synth').glob('*.md')))} pages")
        print(f"plain MkDocs + Material build      median {base:7.2f} s  (runs: {', '.join(f'{t:.2f}' for t in times['plain'])})")
        print(f"with ruleref plugin + extensions   median {full:7.2f} s  (runs: {', '.join(f'{t:.2f}' for t in times['ruleref'])})")
        verdict = "meets" if overhead <= TARGET_OVERHEAD else "MISSES"
        print(f"ratio {full / base:.2f}: ruleref adds {overhead:+.0%} (target <= +{TARGET_OVERHEAD:.0%}: {verdict})")


if __name__ == "__main__":
    main()
