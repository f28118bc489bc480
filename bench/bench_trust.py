"""Hostile share links: how many the decoder gets through per second, and how each ended;
and how long the release check (``ruleref check``) takes over the real site.

Links are generated up front with the trust tests' strategies
(``tests/trust/hostile_links.py``), so the rate measured is the page's own
work: the worker's ``open`` message (decode, parse, compute, JSON) plus the
check that each field was applied or rejected by name. "failed" counts links
that broke that promise or raised; it must be 0.
"""

from __future__ import annotations

import logging
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings

import calculators
from build_tools.linkcheck import check_links
from build_tools.release_check import check_site
from build_tools.site_build import build_into

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT / "tests" / "trust"))
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


def fuzz() -> None:
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


def release_check() -> None:
    logging.disable(logging.INFO)  # the build's and the check's own progress lines
    try:
        with tempfile.TemporaryDirectory(prefix="ruleref-bench-trust-") as tmp:
            site = Path(tmp) / "site"
            build_into(site, config_file=PROJECT / "mkdocs.yml")
            start = time.perf_counter()
            problems = check_site(PROJECT, site)
            seconds = time.perf_counter() - start
            links = check_links(site)
            files = sum(1 for p in site.rglob("*") if p.is_file())
    finally:
        logging.disable(logging.NOTSET)
    print(f"release check over the built site: {seconds:.2f} s, {len(problems)} problem(s); "
          f"{links.checked} internal links, {len(links.external)} external (listed), {files} files on disk")


def main() -> None:
    fuzz()
    release_check()
