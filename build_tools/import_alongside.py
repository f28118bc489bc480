"""``ruleref build --import``: import every source while the engine starts, then build.

The import (``import_all``) and the engine's start (loading MkDocs, Material,
the plugins and the config: a quarter of a second) read different files, so
on a machine with two cores they can run at once. The import runs in a forked
child process; the engine calls ``wait`` when it is about to read docs/, and
from there on the build sees the pages exactly as ``ruleref import --all``
would have left them. Where forking is not safe (``parallel.can_fork``), the
import runs in this process when the engine asks for it, as the two commands
would one after the other.
"""

from __future__ import annotations

import multiprocessing
import traceback
from collections.abc import Callable
from pathlib import Path

from build_tools.errors import SourceError
from build_tools.importer.parallel import can_fork


class ImportAlongside:
    """The import of every source of ``project``, started at once; ``wait`` prints its report or raises its error."""

    def __init__(self, project: Path):
        self._project = project
        self._outcome: tuple[list[str], Exception | None] | None = None
        self._process = None
        if can_fork():
            # The child loads the importer itself: only the parent's engine start is on its way.
            self._receiver, sender = multiprocessing.Pipe(duplex=False)
            self._process = multiprocessing.get_context("fork").Process(target=_import_and_send, args=(sender, project))
            self._process.start()
            sender.close()

    def wait(self, say: Callable[[str], None]) -> None:
        """Block until the import is done, say its report (what ``ruleref import --all`` prints);
        raise its SourceError. A second call does nothing."""
        if self._outcome is not None:
            return
        self._outcome = self._receive() if self._process is not None else _import(self._project)
        lines, error = self._outcome
        for line in lines:
            say(line)
        if error is not None:
            raise error

    def _receive(self) -> tuple[list[str], Exception | None]:
        try:
            outcome = self._receiver.recv()
        except EOFError:  # the child died before it could answer (killed, out of memory)
            outcome = None
        self._process.join()
        self._receiver.close()
        return outcome or ([], _failed(f"the import process ended without a result (exit code {self._process.exitcode})"))

    def settle(self, say: Callable[[str], None], warn: Callable[[str], None]) -> None:
        """Let an import the build never waited for (the engine failed first) end, and say how it ended."""
        try:
            self.wait(say)
        except (SourceError, RuntimeError) as error:
            warn(f"error: {error}")


def _failed(why: str) -> RuntimeError:
    return RuntimeError(f"the import of the sources failed:\n{why}")


def _import(project: Path) -> tuple[list[str], Exception | None]:
    """What ``ruleref import --all`` prints, and its error: a SourceError, or a crash with its traceback."""
    from build_tools.import_sources import import_all
    from build_tools.rulesets import load_rulesets

    lines: list[str] = []
    try:
        import_all(project, load_rulesets(project / "rulesets"), say=lines.append)
    except SourceError as error:
        return lines, error
    except Exception:  # noqa: BLE001  reported by the parent, which is the one that can fail the build
        return lines, _failed(traceback.format_exc())
    return lines, None


def _import_and_send(sender, project: Path) -> None:
    sender.send(_import(project))
    sender.close()
