"""Build time of the 10,000-rule synthetic book (numbering ``case``) with three versions of every
source (5 % of the rules changed in each new version) against the same book with one version, in
the same run. Target (issue 13): the history adds at most 15 % to the build (judged on
CPU time, by the median ratio of back-to-back pairs of builds; medians, fastest runs and wall time
printed too).

The three-version book is what ``ruleref import FILE --version LABEL`` leaves: its earlier texts
under ``sources/versions/`` and ``versions.yml`` naming them (written here directly, as data, rather
than by 56 x 2 commands). Both books are imported first (untimed); builds are interleaved after an
untimed warm-up of each.
"""

from __future__ import annotations

import random
import re
import shutil
import statistics
import tempfile
from pathlib import Path

import yaml

from bench.bench_numberings import import_seconds, runs
from bench.bench_site_build import PROJECT, _build_env, _build_seconds, _configs, build_times
from bench.synthetic_numbered import WORDS, write_source_book
from bench.timing import paired_ratio

RUNS = 7
CHANGED_SHARE = 0.05
LABELS = ("First printing", "Second printing", "Third printing")
TARGET_OVERHEAD = 0.15
_RULE_LINE = re.compile(r"^\d+\.\d+ ")


def _changed(text: str, rng: random.Random) -> str:
    """``text`` with one word replaced in 5 % of its rule lines."""
    lines = text.split("\n")
    rule_lines = [number for number, line in enumerate(lines) if _RULE_LINE.match(line)]
    for number in rng.sample(rule_lines, round(len(rule_lines) * CHANGED_SHARE)):
        words = lines[number].split(" ")
        at = rng.randrange(2, len(words)) if len(words) > 2 else len(words) - 1
        words[at] = rng.choice([word for word in WORDS if word != words[at]])
        lines[number] = " ".join(words)
    return "\n".join(lines)


def _add_versions(ruleset: Path) -> None:
    """Two later printings of every source: the first kept under sources/versions/, as the command keeps it."""
    rng = random.Random(13)
    versions = {}
    (ruleset / "sources" / "versions").mkdir()
    for source in sorted((ruleset / "sources").glob("*.txt")):
        texts = [source.read_text(encoding="utf-8")]
        for _ in LABELS[1:]:
            texts.append(_changed(texts[-1], rng))
        entries = []
        for label, text in zip(LABELS[:-1], texts):
            kept = ruleset / "sources" / "versions" / f"{source.stem}.{label.lower().replace(' ', '-')}.txt"
            kept.write_text(text, encoding="utf-8")
            entries.append({"label": label, "date": "2026-01-01", "file": kept.relative_to(ruleset).as_posix()})
        entries.append({"label": LABELS[-1], "date": "2026-06-01"})
        source.write_text(texts[-1], encoding="utf-8")
        versions[f"sources/{source.name}"] = entries
    (ruleset / "versions.yml").write_text(yaml.safe_dump(versions, sort_keys=False), encoding="utf-8")


def _project(root: Path, versioned: bool) -> tuple[Path, int]:
    rules = write_source_book(root / "rulesets" / "synth", "case")
    if versioned:
        _add_versions(root / "rulesets" / "synth")
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Synthetic rulebook\n", encoding="utf-8")
    for shared in ("node_modules", "calculators", "pyproject.toml"):  # the plugin bundles these into the site
        (root / shared).symlink_to(PROJECT / shared)
    return _configs(root)[1], rules


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ruleref-bench-versions-") as tmp:
        env = _build_env(Path(tmp) / "bytecode")
        one, rules = _project(Path(tmp) / "one", versioned=False)
        three, _ = _project(Path(tmp) / "three", versioned=True)
        imported = {name: import_seconds(config.parent, env, fresh=False) for name, config in (("one", one), ("three", three))}
        for config in (one, three):  # warm-up, untimed
            _build_seconds(config, config.parent / "site-warm-up", env)
        wall: dict[str, list[float]] = {"one": [], "three": []}
        cpu: dict[str, list[float]] = {"one": [], "three": []}
        for run in range(RUNS):  # interleaved, so machine load hits both alike
            for name, config in (("one", one), ("three", three)):
                seconds = build_times(config, config.parent / f"site-{run}", env)
                wall[name].append(seconds[0])
                cpu[name].append(seconds[1])
                shutil.rmtree(config.parent / f"site-{run}")
        pages = len(list((Path(tmp) / "three" / "docs" / "synth").rglob("*.md")))
        print(f"{rules} rules, numbering case; three versions, {CHANGED_SHARE:.0%} of the rules changed in each "
              f"new one ({pages} pages with the history)")
        print(f"  import --all: one version {imported['one']:.2f} s, three versions {imported['three']:.2f} s")
        for clock, times in (("wall", wall), ("CPU", cpu)):
            for name, label in (("one", "one version,   "), ("three", "three versions,")):
                print(f"  ruleref build, {label} {clock:>4}: median {statistics.median(times[name]):5.2f} s, "
                      f"fastest {min(times[name]):5.2f} s  (runs: {runs(times[name])})")
            print(f"  history adds {statistics.median(times['three']) / statistics.median(times['one']) - 1:+.0%} "
                  f"(medians), {min(times['three']) / min(times['one']) - 1:+.0%} (fastest runs), {clock} time")
        # The verdict goes by CPU time (the build is one process; its wall time on a shared machine also
        # counts waiting for a core), each three-version build against the one-version build before it.
        paired = paired_ratio(cpu["one"], cpu["three"])
        verdict = "meets" if paired - 1 <= TARGET_OVERHEAD else "MISSES"
        print(f"  history adds {paired - 1:+.0%} of CPU time, median of the {RUNS} back-to-back pairs "
              f"(target <= +{TARGET_OVERHEAD:.0%}: {verdict})")

if __name__ == "__main__":
    main()
