"""Material's search index, built in a second process while the engine writes the pages.

Indexing parses every page's HTML (``search_input`` says how it is made lean
first): a tenth of a big book's build, on one core, while the other core has
nothing to do once the import is done. For a book of ``APART_FROM_RULES``
rules or more, and where forking is safe (``importer.parallel.can_fork``: not
under ``ruleref serve``), a forked child does it: the plugin sends it what
the index reads of each page (``search_input.IndexedPage``) as MkDocs
renders the page, the child adds the page's entries to its copy of the
index, and the entries come back, in page order, before the search plugin
writes ``search_index.json``: the same file, byte for byte, as indexing in
this process makes (``tests/references/test_search_input.py``). A smaller
book is indexed in this process: forking and collecting would cost more
than they save.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import traceback
from collections.abc import Callable

from build_tools.importer.parallel import can_fork

# Measured on the 10,000-rule bench book: indexing its 57 pages took 0.3 s of a 3 s build; the
# process costs about 0.02 s (fork, the entries sent back), which a book of a few hundred rules
# does not win back.
APART_FROM_RULES = 2_000


class IndexingProcess:
    """A forked child that runs ``index_page(page)`` for every page ``add`` is given, in order;
    ``entries`` ends it and returns the entries its index holds then."""

    def __init__(self, index, index_page: Callable[[object], None]):
        self._connection, child_end = multiprocessing.Pipe()
        self._process = multiprocessing.get_context("fork").Process(
            target=_index_pages, args=(child_end, index, index_page), daemon=True)
        self._process.start()
        child_end.close()

    def add(self, page) -> None:
        self._connection.send(page)

    def entries(self) -> list[dict]:
        """The index's entries once every page sent is indexed; RuntimeError if the child failed."""
        try:
            self._connection.send(None)
            outcome = self._connection.recv()
        except (EOFError, OSError):  # the child died (killed, out of memory) before it could answer
            outcome = RuntimeError(f"the search index process ended without a result "
                                   f"(exit code {self._process.exitcode})")
        self._close()
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def abandon(self) -> None:
        """The build failed: end the child without waiting for its entries."""
        self._process.terminate()
        self._close()

    def _close(self) -> None:
        self._connection.close()
        self._process.join()


def can_index_apart(rules: int) -> bool:
    return rules >= APART_FROM_RULES and can_fork()


def _index_pages(connection, index, index_page: Callable[[object], None]) -> None:
    """The child: a thread takes each page off the pipe as it comes (so the engine never waits on a
    full pipe while a page is indexed), this thread indexes them in order; then the entries go back."""
    pages: queue.SimpleQueue = queue.SimpleQueue()
    receiver = threading.Thread(target=_receive, args=(connection, pages), daemon=True)
    receiver.start()
    try:
        while (page := pages.get()) is not None:
            index_page(page)
        outcome = index.entries
    except Exception:  # noqa: BLE001  reported by the parent, which is the one that can fail the build
        outcome = RuntimeError(f"the search index failed:\n{traceback.format_exc()}")
    receiver.join()
    connection.send(outcome)
    connection.close()


def _receive(connection, pages: queue.SimpleQueue) -> None:
    try:
        while (page := connection.recv()) is not None:
            pages.put(page)
    except EOFError:  # the parent is gone: index what came, nobody will ask for it
        pass
    pages.put(None)
