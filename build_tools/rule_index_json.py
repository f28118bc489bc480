"""``rule-index.json``: what the page scripts know of the site's rules and calculators.

Jump-to-rule and hover previews read the rules; jump-to-rule and a
calculator's live citations read where each removed rule stood; a share link
opened away from its calculator reads where that calculator is placed. Written after the
engine has built the pages, from the rule index and each rule page's URL and
title, whichever engine made them.
"""

from __future__ import annotations

import json
from pathlib import Path

import calculators
from build_tools.markdown.calculators import placements_of

RULE_INDEX_JSON = "rule-index.json"


def write_rule_index_json(site_dir: Path, index, page_urls: dict[str, str], page_titles: dict[str, str]) -> None:
    """``rulesets``: each ruleset's name, short name, numbering and chapters;
    ``rules``: per ruleset, per rule ID, its URL, heading, chapter and the
    start of its text; ``removed``: per ruleset, per ID of a rule a version
    removed, the URL of its tombstone and the label of that version (kept out
    of ``rules``: search and previews read those, and a tombstone is not a
    rule); ``calculators``: where each calculator is placed
    (``calculator_pages``). Rule IDs are unique within a ruleset only (two books
    may both have a 5.44), so the page scripts look a rule up in a ruleset.
    ``page_urls`` (docs path -> URL) are relative to the site root, so the
    scripts resolve them against the site's base and the site keeps working
    from any sub-path."""
    rulesets = {ruleset.id: {"name": ruleset.name, "short_name": ruleset.short_name,
                             "numbering": ruleset.numbering.name, "chapters": list(ruleset.chapters)}
                for ruleset in index.rulesets.values()}
    rules: dict[str, dict] = {ruleset_id: {} for ruleset_id in rulesets}
    for rule in index.rules:
        rules[rule.ruleset][rule.id] = {
            "url": f"{page_urls[rule.page]}#{rule.id}",
            "title": rule.title,
            "chapter": rule.chapter,
            "text": rule.text[:400],
        }
    removed = {ruleset_id: {rule_id: {"url": f"{page_urls[tombstone.page]}#{rule_id}", "version": tombstone.removed_in}
                            for rule_id, tombstone in index.tombstones_of(ruleset_id).items()}
               for ruleset_id in rulesets}
    (site_dir / RULE_INDEX_JSON).write_text(
        json.dumps({"rulesets": rulesets, "rules": rules, "removed": removed,
                    "calculators": calculator_pages(index, page_urls, page_titles)},
                   ensure_ascii=False, sort_keys=False, separators=(",", ":")), encoding="utf-8")


def calculator_pages(index, page_urls: dict[str, str], page_titles: dict[str, str]) -> dict[str, dict]:
    """Calculator id -> the URL of its section (``<page>#calc-<id>``), its title and its page's title.

    A share link opened on a page that does not hold its calculator points the
    reader there (``assets/ruleref/link-pointer.js``); the page comes from this
    build, never from the link."""
    placed = {}
    for placements in placements_of(index).values():
        for placement in placements:
            rule = index.get(placement.ruleset, placement.rule)
            placed[placement.calculator] = {"url": f"{page_urls[rule.page]}#calc-{placement.calculator}",
                                            "title": calculators.get(placement.calculator).title,
                                            "page": page_titles[rule.page]}
    return placed
