"""The one error every part of the build raises for bad input."""

from __future__ import annotations


class SourceError(Exception):
    """Bad input, located: prints as ``path:line: reason`` (``path: reason`` when the line is unknown)."""

    def __init__(self, path: str, line: int | None, reason: str) -> None:
        self.path = str(path)
        self.line = line
        self.reason = reason
        super().__init__(str(self))

    def __reduce__(self):  # an import worker's error reaches the parent process whole
        return SourceError, (self.path, self.line, self.reason)

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.reason}"
