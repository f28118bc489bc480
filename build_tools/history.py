"""What changed between the versions of one source, rule by rule.

Each version of a source is imported as the current text is (same settings,
same importer), and its rules compared by ID: a rule whose title or own text
differs is *changed*, a rule only the newer version has is *new*, a rule only
the older one has is *removed*. A removed rule whose words reappear under a
new ID in the same version (at least ``MOVED_SIMILARITY`` of them, in order)
is *moved* there: its tombstone says where its content went, and the new rule
where it came from. Pure: versions in, changes out.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from build_tools.versions import Version

MOVED_SIMILARITY = 0.8


@dataclass(frozen=True)
class RuleText:
    """One rule as a version of its source has it."""

    id: str
    title: str
    text: str  # its own text, plain (the rule index's reading)
    markdown: str  # its heading and body as the importer wrote them, up to the next rule

    @property
    def words(self) -> str:
        return f"{self.title}\n\n{self.text}" if self.text else self.title


@dataclass(frozen=True)
class Change:
    kind: str  # "changed" | "new" | "removed"
    rule_id: str
    version: Version  # the version that made the change
    before: RuleText | None  # None for a new rule
    after: RuleText | None  # None for a removed rule
    moved: str | None = None  # removed: the rule its text went to; new: the rule it came from


@dataclass(frozen=True)
class SourceHistory:
    versions: tuple[Version, ...]  # oldest first; the last is current
    rules: tuple[dict[str, RuleText], ...]  # per version, in document order
    changes: tuple[Change, ...]  # per version after the first, in document order

    @property
    def current(self) -> Version:
        return self.versions[-1]

    def changes_in(self, version: Version) -> list[Change]:
        return [change for change in self.changes if change.version == version]

    def tombstones(self) -> list[tuple[Change, int]]:
        """Every rule an earlier version had and the current one lacks: its last removal, and the
        index of the version that last had it."""
        current = self.rules[-1]
        last_removal: dict[str, Change] = {}
        for change in self.changes:
            if change.kind == "removed" and change.rule_id not in current:
                last_removal[change.rule_id] = change
        return [(change, self.versions.index(change.version) - 1) for change in last_removal.values()]

    def text_changed_after(self, rule_id: str) -> list[Version]:
        """The earlier versions whose text of ``rule_id`` the next version changed or removed: the
        versions whose page keeps that text (a link pinned to a version between two changes finds
        its text on the page of the next change's version)."""
        changed = []
        for version, rules, after in zip(self.versions, self.rules, self.rules[1:]):
            rule = rules.get(rule_id)
            if rule is not None and (rule_id not in after or after[rule_id].words != rule.words):
                changed.append(version)
        return changed


def compare(versions: tuple[Version, ...], rules: tuple[dict[str, RuleText], ...]) -> SourceHistory:
    """The history of a source from each version's rules (oldest first)."""
    changes: list[Change] = []
    for before, after, version in zip(rules, rules[1:], versions[1:]):
        changes += _changes(before, after, version)
    return SourceHistory(versions, rules, tuple(changes))


def _changes(before: dict[str, RuleText], after: dict[str, RuleText], version: Version) -> list[Change]:
    removed = [rule for rule_id, rule in before.items() if rule_id not in after]
    new = [rule for rule_id, rule in after.items() if rule_id not in before]
    moves = _moves(removed, new)
    landed = {target: source for source, target in moves.items()}
    changes = []
    for rule_id, rule in after.items():
        if rule_id not in before:
            changes.append(Change("new", rule_id, version, None, rule, landed.get(rule_id)))
        elif before[rule_id].words != rule.words:
            changes.append(Change("changed", rule_id, version, before[rule_id], rule))
    changes += [Change("removed", rule.id, version, rule, None, moves.get(rule.id)) for rule in removed]
    return changes


def _moves(removed: list[RuleText], new: list[RuleText]) -> dict[str, str]:
    """Removed rule ID -> the new rule ID its words went to; each new rule takes at most one."""
    moves: dict[str, str] = {}
    for old in removed:
        words = old.text.split()
        if not words:
            continue
        for candidate in new:
            if candidate.id in moves.values():
                continue
            matcher = difflib.SequenceMatcher(None, words, candidate.text.split(), autojunk=False)
            if matcher.real_quick_ratio() >= MOVED_SIMILARITY and matcher.ratio() >= MOVED_SIMILARITY:
                moves[old.id] = candidate.id
                break
    return moves
