"""What every reference grammar finds: a citation and the parts of it that name rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol


class RefPart(NamedTuple):
    """One element of a reference in the page: ``A26.2`` or the ``.3`` of ``A26.2-.3``."""

    start: int
    end: int
    rule_id: str
    text: str


class Reference(NamedTuple):
    """One citation: a rule, a range given by its two ends, or a list after a cue
    word ("see 4 and 6.41").

    Tuples rather than dataclasses: a build makes tens of thousands of them."""

    start: int
    end: int
    parts: tuple[RefPart, ...]

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(part.rule_id for part in self.parts)


class Grammar(Protocol):
    """Where plain text cites a rule of one numbering, and which rule.

    ``chapter`` is the chapter the text belongs to, for numberings with
    chapter-relative numbers (None: relative numbers are not references);
    numberings without chapters ignore it."""

    def find(self, text: str, chapter: str | None) -> list[Reference]:
        """Every reference in ``text``, in order, with the full rule IDs it cites."""

    def cited(self, text: str, chapter: str | None) -> list[str]:
        """The rule IDs ``text`` cites, in order: what ``find`` finds, without positions."""

    def replace(self, text: str, replacement: Callable[[str, str], str], chapter: str | None) -> str:
        """``text`` with each part of each reference replaced by ``replacement(rule_id, printed)``."""


def replaced(text: str, references: list[Reference], replacement: Callable[[str, str], str]) -> str:
    """``text`` with each part of ``references`` (in order, as ``find`` gives them) replaced by
    ``replacement(rule_id, printed)``."""
    pieces, cursor = [], 0
    for reference in references:
        for part in reference.parts:
            pieces += [text[cursor:part.start], replacement(part.rule_id, part.text)]
            cursor = part.end
    return "".join(pieces) + text[cursor:]
