"""What an import found, said aloud: rules per level, references, lines not read as rules.

A source that yields implausibly little structure is refused rather than
imported silently (a 40 KB rulebook as one rule is a wrong setting, not a
book): see ``ImportReport.implausible``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

# Fewer rules than one per this many characters of source is implausible for a
# numbered rulebook: the densest real text here has a rule per 600 characters,
# the sparsest (ASL chapter D, long rules with tables) one per 2,300.
MAX_CHARACTERS_PER_RULE = 10_000
# Of the references to numbers of the sections a ruleset has, at least this
# share must resolve: the rest means rules were not read (a wrong reader or
# numbering makes whole runs of rules into paragraphs).
MIN_RESOLVED_SHARE = 0.5
MIN_REFERENCES_JUDGED = 10
# Fewer references judge a book that way when none of them resolves and no rule below its sections was read: nine
# "see 2.1" and no 2.1 anywhere is a book whose sub-rules a word processor numbered (their numbers lost in its
# export), not an excerpt citing what it leaves out.
MIN_REFERENCES_NONE_RESOLVING = 5
SHOWN = 5
# Where the last import writes its reports in full (every line listed), beside docs/.
FULL_REPORT = ".ruleref/import-report.txt"


def _more(listed: list, shown: int | None, what: str, indent: str = "    ") -> list[str]:
    """The line that says how many of ``listed`` were not shown, and where they all are."""
    if shown is None or len(listed) <= shown:
        return []
    return [f"{indent}... and {len(listed) - shown} more {what} (all in {FULL_REPORT})"]


class NotARule(NamedTuple):
    line: int  # 1-based
    text: str
    reason: str
    decorated: bool  # "**5.11)**", "## 5)": markup around the number
    list_item: bool  # "1. Roll a die." read as an item of a numbered list
    number: str = ""  # the rule ID it would be, where that number is not the line's first ("• 7.0 Combat.")


@dataclass
class References:
    """References to this ruleset's own numbers, found in the imported text."""

    found: int = 0
    resolved: int = 0
    unresolved: list[str] = field(default_factory=list)  # cited IDs within the ruleset's sections, not present
    elsewhere: int = 0  # to sections this ruleset does not have (other chapters, other books)
    removed: list[str] = field(default_factory=list)  # cited IDs a version of the text removed: linked to tombstones
    by_name: int = 0  # explicit links by title or heading (``[[Combat]]``)
    naming_no_rule: list[str] = field(default_factory=list)  # their targets that name no rule of the ruleset


def quoted(text: str, limit: int = 60) -> str:
    """A source line as a message quotes it: in quotes, cut to ``limit`` characters with "…"."""
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


@dataclass
class ImportReport:
    path: str
    format: str
    format_reason: str = ""
    size: int = 0
    rules_per_level: Counter = field(default_factory=Counter)
    not_rules: list[NotARule] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    references: References | None = None
    # Rules the source opens with whose section another source of the ruleset holds (a section
    # continued from the file before): (line, the spellings of that section, the error if none has it).
    continues: list[tuple[int, tuple[str, ...], str]] = field(default_factory=list)
    rule_lines: dict[str, int] = field(default_factory=dict)  # rule ID -> its line in the source

    def as_json(self) -> dict:
        """The report as plain lists and mappings (``import_cache`` keeps it), before its references are judged."""
        return {"path": self.path, "format": self.format, "format_reason": self.format_reason, "size": self.size,
                "rules_per_level": list(self.rules_per_level.items()),
                "not_rules": [list(row) for row in self.not_rules], "warnings": self.warnings,
                "rule_lines": self.rule_lines,
                "continues": [[line, list(spellings), missing] for line, spellings, missing in self.continues]}

    @classmethod
    def from_json(cls, data: dict) -> ImportReport:
        """The report ``as_json`` gave; KeyError, TypeError or ValueError for data of another shape."""
        return cls(path=data["path"], format=data["format"], format_reason=data["format_reason"], size=data["size"],
                   rules_per_level=Counter(dict(data["rules_per_level"])),
                   not_rules=[NotARule(*row) for row in data["not_rules"]], warnings=data["warnings"],
                   continues=[(line, tuple(spellings), missing) for line, spellings, missing in data["continues"]],
                   rule_lines=data["rule_lines"])

    @property
    def rules(self) -> int:
        return sum(self.rules_per_level.values())

    def lines(self, *, full: bool = False) -> list[str]:
        """The report as printed under ``imported A -> B``: the first few lines of each list, and
        how many more ``FULL_REPORT`` holds; ``full``: every line (that file's text)."""
        shown = None if full else SHOWN
        levels = ", ".join(f"level {level}: {count}" for level, count in sorted(self.rules_per_level.items()))
        out = [f"  read as {self.format}{f' ({self.format_reason})' if self.format_reason else ''}",
               f"  rules: {self.rules}" + (f" ({levels})" if levels else "")]
        if self.references is not None:
            refs = self.references
            out.append(f"  references: {refs.found} found, {refs.resolved} resolved, {len(refs.unresolved)} "
                       f"unresolved in this ruleset's sections, {refs.elsewhere} to rules it does not have")
            if refs.unresolved:
                out.append(f"    unresolved: {', '.join(dict.fromkeys(refs.unresolved[:SHOWN * 2]))}")
            if refs.removed:
                out.append(f"    to removed rules, linked to where they stood: "
                           f"{', '.join(dict.fromkeys(refs.removed[:SHOWN * 2]))}")
            if refs.by_name:
                links = f"  links by title: {refs.by_name} found, {len(refs.naming_no_rule)} naming no rule"
                if refs.naming_no_rule:
                    named = ", ".join(f"[[{target}]]" for target in dict.fromkeys(refs.naming_no_rule[:SHOWN * 2]))
                    links += f" (the build fails on them): {named}"
                out.append(links)
        for line, spellings, _ in self.continues:
            out.append(f"  opens inside section {spellings[0]}, which another source of the ruleset holds "
                       f"(line {line}: its rules nest under it, on that source's page)")
        items = [miss for miss in self.not_rules if miss.list_item]
        others = [miss for miss in self.not_rules if not miss.list_item]
        if others:
            out.append(f"  not read as rules: {len(others)} line(s) that look numbered")
            out += [f"    {self.path}:{miss.line}: {quoted(miss.text)}: {miss.reason}" for miss in others[:shown]]
            out += _more(others, shown, "lines")
        if items:
            out.append(f"  numbered list items: {len(items)} (lines starting like section numbers, read as list "
                       f"items: first at {self.path}:{items[0].line})")
        out += [f"  warning: {warning}" for warning in self.warnings[:shown]]
        return out + _more(self.warnings, shown, "warnings", indent="  ")

    def implausible(self) -> str | None:
        """Why this import cannot be the book's structure, or None."""
        if self.rules and self.size > self.rules * MAX_CHARACTERS_PER_RULE:
            return (f"{self.rules} rule(s) from {self.size:,} characters: far too few for a numbered rulebook "
                    f"(the reader or the numbering in ruleset.yml is probably wrong){self._first_misses()}")
        decorated = [miss for miss in self.not_rules if miss.decorated]
        if len(decorated) >= 3 and len(decorated) >= self.rules:
            return (f"{len(decorated)} lines look like decorated rule numbers but were not read as rules, against "
                    f"{self.rules} rule(s) read{self._first_misses()}")
        refs = self.references
        judged = refs.resolved + len(refs.unresolved) if refs is not None else 0
        shown = ", ".join(dict.fromkeys(refs.unresolved[:SHOWN * 2])) if judged else ""
        if judged >= MIN_REFERENCES_JUDGED and refs.resolved < MIN_RESOLVED_SHARE * judged:
            return (f"only {refs.resolved} of {judged} references to this ruleset's own sections resolve "
                    f"(unresolved: {shown}): rules were probably not read as rules{self._first_misses()}")
        if judged >= MIN_REFERENCES_NONE_RESOLVING and refs.resolved == 0 and set(self.rules_per_level) == {1}:
            return (f"none of {judged} references to this ruleset's own sections resolves (unresolved: {shown}), and "
                    f"no rule below a section was read: if a word processor numbered the sub-rules (a list's "
                    f"numbers), its export lost them; type each rule's number (2.1 Costs.){self._first_misses()}")
        return None

    def _first_misses(self) -> str:
        if not self.not_rules:
            return ""
        shown = "; ".join(f"line {miss.line} {miss.text[:40]!r}: {miss.reason}" for miss in self.not_rules[:3])
        return f". Lines that look numbered but were not read as rules: {shown}"
