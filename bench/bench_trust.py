"""Hostile share links: how many the decoder gets through per second, and how each ended.

Links are generated up front with the trust tests' strategies
(``tests/trust/hostile_links.py``), so the rate measured is the page's own
work: the worker's ``open`` message (decode, parse, compute, JSON) plus the
check that each field was applied or rejected by name. "failed" counts links
that broke that promise or raised; it must be 0.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

import calculators

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "trust"))
from hostile_links import hostile_links, outcome  # noqa: E402

LINKS_PER_CALCULATOR = 1000


def generate(calc) -> list:
    links = []

    @settings(max_examples=LINKS_PER_CALCULATOR, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(link=hostile_links(calc))
    def collect(link):
        links.append(link)

    collect()
    return links


def main() -> None:
    counts = {"applied": 0, "rejected": 0, "failed": 0}
    failures: dict[str, list[str]] = {}  # kind of broken promise -> a few example links
    generating = decoding = 0.0
    for calc in calculators.all_calculators():
        start = time.perf_counter()
        links = generate(calc)
        generating += time.perf_counter() - start
        start = time.perf_counter()
        for link in links:
            try:
                counts[outcome(calc, link)] += 1
            except Exception as error:  # a broken promise of any kind is what we count here
                counts["failed"] += 1
                kind = f"{type(error).__name__}: {str(error).split(':')[0]}"
                failures.setdefault(kind, []).append(f"{calc.id} {link.query[:100]!r}")
        decoding += time.perf_counter() - start
    total = sum(counts.values())
    print(f"hostile links: {total} ({LINKS_PER_CALCULATOR} per calculator, "
          f"{len(calculators.all_calculators())} calculators)")
    print(f"  applied {counts['applied']}, rejected with the field named {counts['rejected']}, "
          f"failed {counts['failed']} (must be 0)")
    print(f"  decoded and checked: {total / decoding:,.0f} links/s ({decoding:.2f} s)")
    print(f"  generated (hypothesis): {total / generating:,.0f} links/s ({generating:.2f} s)")
    for kind, links in failures.items():
        print(f"  FAILED {len(links)}x {kind}, e.g. {links[0]}")
