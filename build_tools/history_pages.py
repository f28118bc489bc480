"""A source's history in the pages the import writes (README, "Versions of a text").

* The current page: a changed rule's heading says so, with a word-level diff
  a reader can open (``<details class="rr-change">``); a new rule says so; a
  removed rule keeps its anchor as a tombstone (``<div class="rr-tombstone"
  id="...">``) where it stood, with its last text and where its content went;
  a line above the rules names this version and links the earlier ones and
  What's new. Headings carry ``data-changed`` / ``data-new`` (the version's
  slug) and ``data-earlier-text`` (the earlier versions whose page keeps a
  text of the rule), which the page scripts and ``ruleref check`` read.
* One page per earlier version (``<ruleset>/versions/<slug>.md``, left out
  of search) holding that version's text of every rule the next version
  changed or removed, each with a link to the current text. A version's text
  of a rule is on the page of the first version at or after it that holds
  the rule (``data-earlier-text`` lists them), else it is the current text.
* What's new (``<ruleset>/whats-new.md``): per version, newest first, every
  changed, new and removed rule, linked.

The history blocks are single lines of HTML, written between a rule's
heading and its text: the rule index leaves such lines out of the rule's
text (``rule_index.HISTORY_LINE``), so previews and references read the rule,
not its past.
"""

from __future__ import annotations

import html
import re

import yaml

from build_tools.history import Change, RuleText, SourceHistory
from build_tools.publish import GENERATED
from build_tools.rule_index import rules_in_markdown
from build_tools.versions import Version
from build_tools.word_diff import word_diff_html

VERSIONS_DIR = "versions"
WHATS_NEW = "whats-new"
_HEADING_END = re.compile(r" \}[ \t]*$")
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+!<>|])")


def rules_of_version(markdown: str, ruleset, page_path: str) -> dict[str, RuleText]:
    """The rules of one imported page, in document order, each with its own Markdown."""
    lines = markdown.split("\n")
    rules = rules_in_markdown(markdown, ruleset, page_path)
    ends = [rule.line - 1 for rule in rules[1:]] + [len(lines)]
    return {rule.id: RuleText(rule.id, rule.title, rule.text, "\n".join(lines[rule.line - 1:end]).rstrip("\n"))
            for rule, end in zip(rules, ends)}


def earlier_page_name(version: Version) -> str:
    return f"{VERSIONS_DIR}/{version.slug}"


def annotate_current(markdown: str, history: SourceHistory, ruleset, page: str) -> str:
    """The current version's page with its history written in."""
    lines = markdown.split("\n")
    current = history.current
    latest = {change.rule_id: change for change in history.changes_in(current) if change.kind != "removed"}
    headings = {rule.id: rule.line - 1 for rule in rules_in_markdown(markdown, ruleset, f"{ruleset.id}/{page}.md")}
    after_heading: dict[int, list[str]] = {}
    for rule_id, index in headings.items():
        attributes = ""
        change = latest.get(rule_id)
        if change is not None:
            attributes += f' data-{change.kind}="{current.slug}"'
            after_heading[index] = ["", _change_block(change)]
        earlier = history.text_changed_after(rule_id)
        if earlier:
            attributes += f' data-earlier-text="{_slugs(earlier)}"'
        if attributes:
            lines[index] = _HEADING_END.sub(f"{attributes} }}", lines[index])
    before_heading: dict[int, list[str]] = {}
    for change, last_had in history.tombstones():
        order = list(history.rules[last_had])
        following = [rule_id for rule_id in order[order.index(change.rule_id) + 1:] if rule_id in headings]
        at = headings[following[0]] if following else len(lines)
        before_heading.setdefault(at, []).extend([_tombstone(change, history.text_changed_after(change.rule_id)), ""])
    out: list[str] = []
    for number, line in enumerate(lines):
        if number == _body_start(lines):
            out += [_versions_line(history, page), ""]
        out += before_heading.get(number, [])
        out.append(line)
        out += after_heading.get(number, [])
    if len(lines) in before_heading:
        out += ["", *before_heading[len(lines)]]
    return "\n".join(out).rstrip("\n") + "\n"


def _body_start(lines: list[str]) -> int:
    """The first line after the front matter and the blank line under it."""
    end = lines.index("---", 1)
    return end + 2


def _versions_line(history: SourceHistory, page: str) -> str:
    # Finished HTML, one line (HISTORY_LINES), as Markdown in HTML made it: on each page of a versioned
    # source, its emphasis and links cost the build a pass of the inline patterns.
    current = history.current
    earlier = " · ".join(f'<a data-version="{version.slug}" href="{_attr(earlier_page_name(version))}.md">'
                         f"{_text(version.label)}</a> ({version.date})"
                         for version in reversed(history.versions[:-1]))
    return (f'<p class="rr-versions" data-current="{current.slug}" data-search-exclude="" '
            f'data-versions="{_slugs(history.versions)}">'
            f"This text: <strong>{_text(current.label)}</strong> ({current.date}). Earlier: {earlier}. "
            f'<a href="{WHATS_NEW}.md">What\'s new</a></p>')


def _change_block(change: Change) -> str:
    version = change.version
    moved = ""
    if change.kind == "new":
        if change.moved:
            moved = f' (moved from <a href="#{_attr(change.moved)}">{html.escape(change.moved)}</a>)'
        return (f'<p class="rr-new" data-search-exclude>New in {html.escape(version.label)} '
                f"({version.date}){moved}</p>")
    diff = word_diff_html(change.before.words, change.after.words)
    return (f'<details class="rr-change" data-search-exclude><summary>Changed in {html.escape(version.label)} '
            f'({version.date}): what changed</summary><div class="rr-diff">{diff}</div></details>')


def _slugs(versions: list[Version]) -> str:
    return " ".join(version.slug for version in versions)


def _tombstone(change: Change, earlier: list[Version]) -> str:
    version, before = change.version, change.before
    went = ""
    if change.moved:
        went = f' Its text is now at <a href="#{_attr(change.moved)}">{html.escape(change.moved)}</a>.'
    last = "".join(f"<p>{_text(paragraph)}</p>" for paragraph in before.words.split("\n\n"))
    return (f'<div class="rr-tombstone" id="{_attr(change.rule_id)}" data-rule="{_attr(change.rule_id)}" '
            f'data-removed="{version.slug}" data-removed-label="{_attr(version.label)}" data-earlier-text="{_slugs(earlier)}" data-search-exclude><p class="rr-tombstone__note">'
            f"<strong>{html.escape(change.rule_id)}</strong> was removed in {html.escape(version.label)} "
            f"({version.date}).{went} Its last text:</p><blockquote>{last}</blockquote></div>")


def earlier_pages(ruleset, histories: list[tuple[str, str, SourceHistory]]) -> dict[str, str]:
    """``<ruleset>/versions/<slug>.md`` -> Markdown: one page per earlier version label of the ruleset's sources
    (``histories``: page, title, history), holding that version's text of every rule the next one changed.
    One page per version, not per source: a page costs the build more than the rules on it."""
    sections: dict[str, tuple[Version, list[str]]] = {}
    for page, title, history in histories:
        for version, next_version, rules, after in zip(history.versions, history.versions[1:], history.rules,
                                                       history.rules[1:]):
            lines = sections.setdefault(version.slug, (version, []))[1]
            current = history.current
            lines += [f'<p class="rr-earlier-note" markdown="1">**{_md(title)}** as of {_md(version.label)} '
                      f"({version.date}): the rules whose text the next version changed or removed. A newer "
                      f"version exists: [the current text](../{page}.md), {_md(current.label)} "
                      f"({current.date}).</p>", ""]
            differs = [rule for rule_id, rule in rules.items()
                       if rule_id not in after or after[rule_id].words != rule.words]
            if not differs:
                lines += ["The next version changed none of these rules.", ""]
            for rule in differs:
                heading, _, body = rule.markdown.partition("\n")
                if rule.id not in after:
                    newer, link = f"removed in {html.escape(next_version.label)}:", "what became of it"
                else:
                    newer, link = "a newer version exists:", "the current text"
                # Finished HTML, one line (HISTORY_LINES): the link's .md address is the page's URL once
                # built (build_tools/markdown/history.py).
                lines += [heading.replace(" .rr-rule ", " .rr-earlier-rule "), "",
                          f'<p class="rr-earlier-link"><em>This is its text as of {html.escape(version.label)}; '
                          f'{newer}</em> <a href="../{_attr(page)}.md#{_attr(rule.id)}">{link}</a></p>', body, ""]
    pages = {}
    for slug, (version, lines) in sections.items():
        title = f"{ruleset.name} as of {version.label}"
        front = ["---", GENERATED, f"title: {_yaml(title)}", "search:", "  exclude: true", "---", "",
                 f"# {_md(title)}", "", f"[What's new](../{WHATS_NEW}.md)", ""]
        pages[f"{ruleset.id}/{VERSIONS_DIR}/{slug}.md"] = "\n".join(front + lines).rstrip("\n") + "\n"
    return pages


def whats_new_page(ruleset, histories: list[tuple[str, str, SourceHistory]]) -> str:
    """What's new in ``ruleset``: ``histories`` are (page, title, history) of its versioned sources.

    Its front matter holds the same counts as data (``changes``: per source and version, the
    section's anchor and how many rules changed), which the build hands to the update prompt
    (``build_tools/offline/changes.py``)."""
    entries = []
    for page, title, history in histories:
        for version in history.versions[1:]:
            entries.append((version.date, version, page, title, history.changes_in(version)))
    entries.sort(key=lambda entry: entry[0], reverse=True)
    summary = []
    body = []
    for _, version, page, title, changes in entries:
        counts = {kind: sum(change.kind == kind for change in changes) for kind in ("changed", "new", "removed")}
        anchor = f"{page}-{version.slug}"
        summary.append({"page": page, "title": title, "version": version.label, "slug": version.slug,
                        "anchor": anchor, **counts})
        body += [f"## {_md(title)}: {_md(version.label)} ({version.date}) "
                 f"{{: #{anchor} }}", "",
                 f"{counts['changed']} changed, {counts['new']} new, {counts['removed']} removed.", ""]
        # Finished HTML, one line (HISTORY_LINES): a version may change thousands of rules, and as a
        # Markdown list each item's link cost the build more than a rule's text.
        items = []
        for kind in ("changed", "new", "removed"):
            for change in (change for change in changes if change.kind == kind):
                rule = change.after or change.before
                moved = ""
                if change.moved:
                    direction = "moved to" if kind == "removed" else "moved from"
                    moved = f' ({direction} <a href="{_attr(page)}.md#{_attr(change.moved)}">{html.escape(change.moved)}</a>)'
                items.append(f'<li>{kind}: <a href="{_attr(page)}.md#{_attr(rule.id)}">{html.escape(rule.id)} '
                             f"{html.escape(rule.title)}</a>{moved}</li>")
        if items:
            body += [f'<ul class="rr-whats-new">{"".join(items)}</ul>', ""]
    front = yaml.safe_dump({"changes": summary}, sort_keys=False, allow_unicode=True, width=10_000).rstrip("\n")
    lines = ["---", GENERATED, "title: \"What's new\"", front, "---", "", "# What's new", "",
             f"What changed in the texts of {_md(ruleset.name)}, newest version first: every rule changed, "
             "new or removed, linked to where it is now (a removed rule's link lands on what it said).", "", *body]
    return "\n".join(lines).rstrip("\n") + "\n"


def _md(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _text(text: str) -> str:
    return html.escape(text, quote=False)


def _attr(text: str) -> str:
    return html.escape(text, quote=True)


def _yaml(value: str) -> str:
    return yaml.safe_dump(value, default_style='"', width=10_000).strip()
