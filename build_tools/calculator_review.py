"""Calculators that implement a rule whose text changed in the current version, or that a version removed.

A calculator cites the rules it implements (``Calculator.rules``). When the
import marks one of them changed in its source's current version (its heading
carries ``data-changed="<version slug>"``, ``build_tools.history_pages``, which the
rule index reads as ``Rule.changed``), the
calculator may compute the old procedure; when a version removed one (the
page keeps its tombstone), the calculator rests on a rule no longer in force.
Either way ``ruleref build`` warns and ``ruleref check`` fails until its
declaration says it was checked against that version,
``reviewed={"G15.21": "Errata 2026"}``.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from build_tools.rule_index import RuleIndex
from build_tools.versions import slug_of

def changed_rules(index: RuleIndex) -> dict[tuple[str, str], tuple[str, str]]:
    """(ruleset id, rule ID) -> (version label, page) of every rule changed in its source's current version."""
    labels = {(ruleset.id, f"{ruleset.id}/{source.page}.md"): source.versions[-1].label
              for ruleset in index.rulesets.values() for source in ruleset.sources if source.versions}
    return {(rule.ruleset, rule.id): (labels.get((rule.ruleset, rule.page), rule.changed), rule.page)
            for rule in index.rules if rule.changed}


def unreviewed(index: RuleIndex, calculators) -> list[str]:
    """One line per rule a calculator implements that changed in the current version, or that a version
    removed, without its review: where the calculator is declared, what happened, and the line to add."""
    changed = changed_rules(index)
    problems = []
    for calc in calculators:
        for rule_id in calc.rules:
            key = (calc.ruleset, rule_id)
            tombstone = index.tombstone(*key)
            if key in changed:
                label, page = changed[key]
                fix = (f"read the new text, update the calculator if the procedure changed, "
                       f"then add reviewed={{{rule_id!r}: {label!r}}} to its declaration")
                happened = f"whose text changed in {label}"
            elif tombstone is not None:
                label, page = tombstone.removed_in, tombstone.page
                fix = (f"update the calculator to the rules in force and take {rule_id} out of its rules, "
                       f"or, if the rule's last text still applies, add reviewed={{{rule_id!r}: {label!r}}} "
                       "to its declaration")
                happened = f"which was removed in {label}"
            else:
                continue
            if rule_id in calc.reviewed and slug_of(calc.reviewed[rule_id]) == slug_of(label):
                continue
            problems.append(f"{_declared_at(calc)}: {calc.id} implements {rule_id}, {happened} "
                            f"(see docs/{page}#{rule_id}); {fix}")
    return problems


def _declared_at(calc) -> str:
    """``calculators/asl/dozer_clearance.py:250``: the calculator's ``id=`` line, as errors name places."""
    try:
        path = Path(inspect.getsourcefile(calc.compute))
        lines = path.read_text(encoding="utf-8").splitlines()
    except (TypeError, OSError):
        return calc.id
    line = next((number for number, text in enumerate(lines, 1) if f'"{calc.id}"' in text), None)
    shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
    return f"{shown}:{line}" if line else str(shown)
