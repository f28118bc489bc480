"""Import many sources at once, one process per core, when the book is big enough to pay for it.

Each source imports on its own (``import_source`` is pure), so a book of
dozens of source files is work the cores can share. Workers are forked: they
inherit the jobs, so only the results cross between processes. Below
``PARALLEL_FROM_BYTES`` of source text, starting workers costs more than it
saves, and the sources are imported in this process. The outcome is the same
either way: results in job order, and the first failing job's error, whichever
worker met it first.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from build_tools.errors import SourceError

Job = TypeVar("Job")
Result = TypeVar("Result")

# Measured on the 10,000-rule bench book (3 MB in 56 files), 2 cores: two
# workers import it in 60 % of the time one process takes; under about 1 MB,
# forking and collecting cost as much as they save.
PARALLEL_FROM_BYTES = 1_000_000

_work: tuple[Callable, Sequence] | None = None  # what the forked workers inherit


def map_sources(work: Callable[[Job], Result], jobs: Sequence[Job], source_bytes: int) -> list[Result]:
    """``[work(job) for job in jobs]``, on every core when ``source_bytes`` is large.

    ``work`` raises SourceError for a bad source; the first job's in order is raised here."""
    processes = min(len(jobs), os.cpu_count() or 1)
    if processes < 2 or source_bytes < PARALLEL_FROM_BYTES or not can_fork():
        return [work(job) for job in jobs]
    global _work
    _work = (work, jobs)
    try:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            outcomes = pool.map(_run, range(len(jobs)), chunksize=1)
    finally:
        _work = None
    for outcome in outcomes:
        if isinstance(outcome, SourceError):
            raise outcome
    return outcomes


def _run(number: int):
    work, jobs = _work
    try:
        return work(jobs[number])
    except SourceError as error:  # returned, so the parent raises the first in job order
        return error


def can_fork() -> bool:
    """Forking is safe on Linux in a process without other threads (``ruleref serve`` has some)."""
    return sys.platform.startswith("linux") and threading.active_count() == 1
