"""Import, build and release check of 2, 5, 10 and 20 MB sources: time, peak memory, growth.

Two shapes (bench/synthetic_sized.py): the book spread over pages as a
printed rulebook is, and the whole book in one page where one rule holds
nine tenths of the text as paragraphs. Each step runs as the user runs it
(``ruleref import --all``, ``ruleref build``, ``ruleref check --no-build``),
in its own process, after an untimed warm-up (bytecode caches). The growth
exponent is the least-squares slope of log time against log size: 1 is
linear; the target is import + build at most 1.1. It is taken from the
processes' CPU time, which other work on a shared machine barely moves (the
wall-clock time, printed too, varied by 70 % between two builds of the same
16 MB page here); the steps wait for nothing but the disk.

``RULEREF_BENCH_SIZES=1,2`` runs other sizes (MB), for a quick look.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_site_build import PROJECT, _build_env
from bench.synthetic_sized import SHAPES, write_sized_book
from build_tools.page_size import PAGE_HTML_LIMIT

SIZES_MB = (2, 5, 10, 20)
TARGET_EXPONENT = 1.1
STEPS = {"import": ("import", "--all"), "build": ("build",), "check": ("check", "--no-build")}
WARNING = re.compile(r"^WARNING .*is [\d.]+ MB of HTML", re.MULTILINE)


def _sizes() -> tuple[float, ...]:
    chosen = os.environ.get("RULEREF_BENCH_SIZES")
    return tuple(float(size) for size in chosen.split(",")) if chosen else SIZES_MB


def _project(root: Path, megabytes: float, shape: str) -> Path:
    """A project folder with the sized book as its only ruleset, and the site's own mkdocs.yml."""
    write_sized_book(root / "rulesets" / "synth", megabytes, shape)
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Synthetic rulebook\n", encoding="utf-8")
    shutil.copy(PROJECT / "mkdocs.yml", root / "mkdocs.yml")
    for shared in ("node_modules", "calculators", "pyproject.toml"):  # the plugin bundles these into the site
        (root / shared).symlink_to(PROJECT / shared)
    return root


def _run(step: str, root: Path, env: dict[str, str]) -> tuple[float, float, int, str]:
    """(wall-clock seconds, CPU seconds, peak resident memory in bytes, what it logged) of one ``ruleref``
    step in its own process."""
    with tempfile.TemporaryFile() as logged:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "build_tools.cli", *STEPS[step]], cwd=root,
                                   stdout=subprocess.DEVNULL, stderr=logged, env={**env, "PYTHONPATH": str(PROJECT)})
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        logged.seek(0)
        text = logged.read().decode("utf-8", "replace")
    if process.returncode != 0:
        raise SystemExit(f"ruleref {' '.join(STEPS[step])} failed in {root}:\n{text[-2000:]}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, text


def exponent(sizes: list[float], seconds: list[float]) -> float:
    """The least-squares slope of log(seconds) against log(size)."""
    xs, ys = [math.log(s) for s in sizes], [math.log(t) for t in seconds]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    return (sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
            / sum((x - mean_x) ** 2 for x in xs))


def bench(shape: str, sizes: tuple[float, ...], env: dict[str, str]) -> None:
    print(f"shape {shape}:")
    times: dict[str, list[float]] = {step: [] for step in STEPS}
    for megabytes in sizes:
        with tempfile.TemporaryDirectory(prefix=f"ruleref-bench-size-{shape}-") as tmp:
            root = _project(Path(tmp), megabytes, shape)
            sources = list((root / "rulesets" / "synth" / "sources").iterdir())
            source = sum(path.stat().st_size for path in sources)
            figures, warnings = [], 0
            for step in STEPS:
                seconds, cpu, peak, logged = _run(step, root, env)
                times[step].append(cpu)
                warnings += len(WARNING.findall(logged))
                figures.append(f"{step} {seconds:5.1f} s/{cpu:5.1f} s/{peak / 1e6:4.0f} MB")
            largest = max(path.stat().st_size for path in (root / "site" / "synth").rglob("index.html"))
            site = sum(path.stat().st_size for path in (root / "site").rglob("*") if path.is_file())
            print(f"  {source / 1e6:4.1f} MB in {len(sources):3d} page(s): {', '.join(figures)} (wall/CPU/peak memory); "
                  f"largest page {largest / 1e6:4.1f} MB, site {site / 1e6:3.0f} MB, {warnings} warned")
    if len(sizes) < 2:
        return
    both = [i + b for i, b in zip(times["import"], times["build"])]
    growth = {"import": times["import"], "build": times["build"], "import + build": both, "check": times["check"]}
    verdict = "meets" if exponent(list(sizes), both) <= TARGET_EXPONENT else "MISSES"
    print("  growth exponent (CPU time): " + ", ".join(f"{name} {exponent(list(sizes), seconds):.2f}"
                                             for name, seconds in growth.items())
          + f" (import + build target <= {TARGET_EXPONENT}: {verdict})")
    # Start-up costs the same at every size and flatters the slope over all sizes; the last step shows less of it.
    print(f"  import + build between {sizes[-2]:g} and {sizes[-1]:g} MB: exponent "
          f"{exponent(list(sizes[-2:]), both[-2:]):.2f}")


def main() -> None:
    sizes = _sizes()
    print(f"sizes {', '.join(f'{size:g}' for size in sizes)} MB; a page over {PAGE_HTML_LIMIT / 1e6:g} MB of HTML "
          "is warned about; the site's size counts the Python runtime")
    with tempfile.TemporaryDirectory(prefix="ruleref-bench-size-") as tmp:
        env = _build_env(Path(tmp) / "bytecode")
        with tempfile.TemporaryDirectory(prefix="ruleref-bench-size-warm-up-") as warm:
            root = _project(Path(warm), 0.2, SHAPES[0])
            for step in STEPS:  # untimed: bytecode caches and the disk cache
                _run(step, root, env)
        for shape in SHAPES:
            bench(shape, sizes, env)


if __name__ == "__main__":
    main()
