"""A big book's sources import on every core, with the same outcome as one by one.

``build_tools.importer.parallel`` forks workers only above a size no test book
reaches, so these tests lower that size to make every import parallel."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import build_tools.importer.parallel as parallel
from build_tools import import_cache
from build_tools.errors import SourceError
from build_tools.import_sources import import_jobs, listed_jobs
from build_tools.rulesets import load_rulesets
from projects import PROJECT, RULEBOOKS, make_project, real_rulesets, rulebook_names


def _imported(root: Path, monkeypatch, from_bytes: int):
    monkeypatch.setattr(parallel, "PARALLEL_FROM_BYTES", from_bytes)
    # The test session may hold other threads (a browser driver's): forking is still safe for an import.
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    shutil.rmtree(root / import_cache.FOLDER, ignore_errors=True)  # every source read again, none kept
    rulesets = load_rulesets(root / "rulesets")
    return import_jobs(listed_jobs(root, rulesets), root / "docs", rulesets)


@pytest.fixture
def forks(monkeypatch) -> list[str]:
    """The start methods of the worker pools made while the test runs."""
    made = []
    get_context = parallel.multiprocessing.get_context

    def spied(method):
        made.append(method)
        return get_context(method)

    monkeypatch.setattr(parallel.multiprocessing, "get_context", spied)
    return made


@pytest.fixture(scope="module")
def every_book(tmp_path_factory) -> Path:
    """The real rulesets and every test rulebook, in one project: many sources of every shape."""
    books = {**real_rulesets(), **{name: RULEBOOKS / name for name in rulebook_names()}}
    return make_project(tmp_path_factory.mktemp("every-book"), books)


def test_a_parallel_import_gives_the_pages_and_reports_of_a_serial_one(every_book, monkeypatch, forks):
    serial = _imported(every_book, monkeypatch, from_bytes=10**12)
    assert forks == []
    forked = _imported(every_book, monkeypatch, from_bytes=0)
    assert forks == ["fork"] and len(forked) > 2
    assert [item.job.label for item in forked] == [item.job.label for item in serial]
    assert [item.imported for item in forked] == [item.imported for item in serial]
    assert len(list((every_book / import_cache.FOLDER).glob("*.json"))) == len(forked)  # each worker kept its own


def test_a_parallel_import_fails_on_the_first_bad_source_in_ruleset_order(tmp_path, monkeypatch, forks):
    books = {name: RULEBOOKS / name for name in ("causeway", "ironclad", "riverline")}
    root = make_project(tmp_path / "bad", books)
    # The later source fails at once, the earlier one after reading its whole text:
    # the error reported is still the earlier source's.
    early = root / "rulesets" / "causeway" / "sources" / "causeway.md"
    early.write_text(early.read_text(encoding="utf-8") + "\nA line \x07 with a bell\n", encoding="utf-8")
    late = root / "rulesets" / "riverline" / "sources" / "riverline.txt"
    late.write_text("\u202eA bidi override\n", encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        _imported(root, monkeypatch, from_bytes=0)
    assert forks == ["fork"]
    assert raised.value.path == "rulesets/causeway/sources/causeway.md"
    assert "control character" in raised.value.reason


def test_the_error_a_worker_raises_arrives_whole():
    import pickle

    error = pickle.loads(pickle.dumps(SourceError("rulesets/x/sources/x.txt", 7, "a reason")))
    assert (error.path, error.line, error.reason, str(error)) == \
        ("rulesets/x/sources/x.txt", 7, "a reason", "rulesets/x/sources/x.txt:7: a reason")


def test_the_project_itself_imports_the_same_in_parallel(monkeypatch):
    forked = _imported(PROJECT, monkeypatch, from_bytes=0)
    for item in forked:
        assert (PROJECT / "docs" / item.page_path).read_text(encoding="utf-8") == item.imported.markdown


def test_a_process_with_other_threads_imports_without_forking():
    import threading

    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert not parallel.can_fork()  # a fork would copy locks those threads may hold
    finally:
        release.set()
        other.join()
