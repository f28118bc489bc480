"""What a build changed in the rules, as the update prompt says it: "5 rules changed in Z1 Ferries".

The import writes each ruleset's What's-new page with its counts as data in
the front matter (``changes``, ``build_tools.history_pages.whats_new_page``):
per versioned source and version, newest first, how many rules changed, were
new or were removed, and the anchor of its section. The build reads them back
from ``docs/`` and lists every version of every source in ``sw.js``; a page
whose offline copy is of an earlier build shows the versions its own list
lacks (``assets/ruleref/offline-copy.js``).
"""

from __future__ import annotations

from build_tools.history_pages import WHATS_NEW
from build_tools.rule_index import RuleIndex, _front_matter


def whats_new_pages(index: RuleIndex) -> list[str]:
    """The docs paths of the rulesets' What's-new pages (rulesets whose texts have versions)."""
    return [path for path in (f"{ruleset_id}/{WHATS_NEW}.md" for ruleset_id in index.rulesets)
            if (index.docs_dir / path).is_file()]


def changes(index: RuleIndex, page_urls: dict[str, str]) -> list[dict]:
    """Per ruleset, source and version: ``key`` (the same in every build), the source's title, the
    version's label, how many ``rules`` it changed, added or removed, and the ``url`` (relative to
    the site root) of its section of What's new."""
    found = []
    for path in whats_new_pages(index):
        text = (index.docs_dir / path).read_text(encoding="utf-8")
        ruleset_id = path.split("/", 1)[0]
        for entry in _front_matter(text, str(index.docs_dir / path))[0].get("changes", []):
            found.append({"key": f"{ruleset_id}/{entry['page']}/{entry['slug']}", "title": entry["title"],
                          "version": entry["version"],
                          "rules": entry["changed"] + entry["new"] + entry["removed"],
                          "url": f"{page_urls[path]}#{entry['anchor']}"})
    return found
