"""The jump form's example ID: a rule of the page, as a reader types one."""

from __future__ import annotations

from build_tools.plugin.jump_form import examples
from build_tools.rule_index import Rule


class _Index:
    def __init__(self, rules):
        self.rules = rules


def _rule(rule_id: str, page: str, line: int) -> Rule:
    return Rule(rule_id, "rl", None, page, line, "", 1, "", ())


def test_the_first_rule_with_a_non_zero_number_after_a_dot_in_page_order():
    index = _Index([_rule("5.11", "a.md", 9), _rule("5", "a.md", 1), _rule("4.0", "a.md", 2), _rule("5.1", "a.md", 3),
                    _rule("Z1.1", "b.md", 4), _rule("3", "c.md", 1)])
    assert examples(index) == {"a.md": "5.1", "b.md": "Z1.1"}  # c.md has none: "Rule ID or title"
