"""The jump-to-rule form's example: a rule ID of the page, as a reader would type one.

The form is written into every page by the theme (``theme/partials/jump.html``);
its placeholder and its "type a rule ID, such as …" hint name the page's first
rule with a dot and a non-zero number after it (``5.1``, ``Z1.1``, not ``5``
or ``4.0``), or no example on a page without such a rule.
"""

from __future__ import annotations

import re

from build_tools.rule_index import RuleIndex

_TYPED_LIKE = re.compile(r"\.\d*[1-9]")


def examples(index: RuleIndex) -> dict[str, str]:
    """Docs-relative page path -> its example rule ID, for every page that has one."""
    found: dict[str, tuple[int, str]] = {}
    for rule in index.rules:
        if _TYPED_LIKE.search(rule.id) and (rule.page not in found or rule.line < found[rule.page][0]):
            found[rule.page] = (rule.line, rule.id)
    return {page: rule_id for page, (_, rule_id) in found.items()}
