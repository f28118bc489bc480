"""Every rule in ``docs/``: where it is, its title and text, what it cites.

The index is read from the rule pages themselves (the importer's output, see
ARCHITECTURE.md "Rule pages"): a page with ``ruleset:`` front matter, whose
rule headings carry ``{: #<ID> .rr-rule data-rule="<ID>" }``. It is built once
per build and feeds the references extension (links, "Referenced by"), the
``rule-index.json`` the page scripts read, and the unresolved-reference report.
"""

from __future__ import annotations

import bisect
import functools
import html
import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple
from pathlib import Path

import yaml

from build_tools import json_cache, rule_index_cache, yaml_data
from build_tools.errors import SourceError
from build_tools.importer import markdown_text as md

_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*\{:?[ \t]*([^}]*)\}[ \t]*$")
# Lines found from the newline before them: a pattern that starts with a
# literal lets the regex engine skip ahead (``^`` in MULTILINE mode tries every position).
_ANY_HEADING_LINE = re.compile(r"\n(#{1,6}[ \t][^\n]*)")
_FENCE_LINE = re.compile(r"\n[ \t]*(?:```|~~~)")
_ATTR_ID = re.compile(r"(?:^|\s)#([^\s}]+)")
_ATTR_RULE_CLASS = re.compile(r"(?:^|\s)\.rr-rule(?:\s|$)")
_ATTR_CHANGED = re.compile(r'(?:^|\s)data-changed="([^"]+)"')
_ATTR_LIST_LINE = re.compile(r"^[ \t]*\{:[^}]*\}[ \t]*$")
_ADMONITION = re.compile(r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]+\S+(?:[ \t]+\"([^\"]*)\")?[ \t]*$")
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t:|-]*-[ \t:|-]*$")
_EMPHASIS = re.compile(r"(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|\"'~])")
# Tags that separate text (table cells, definition terms) become a space, others
# (footnote markers, links) nothing: "Small Arms<sup>2</sup>" reads "Small Arms2".
_SEPARATING_TAG = re.compile(r"</?(?:td|th|tr|dt|dd|p|div|li|br|table|thead|tbody|dl|ul|ol)\b[^>]*>")
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
# What only the line-by-line reading of a body handles: escapes, tags and
# entities; lines that may be admonitions, attribute lists or tables.
_SPECIAL_CHARACTER = re.compile(r"[\\<&]")
_SPECIAL_LINE = re.compile(r"\n[ \t]*[!?{|:-]")
_BLANK_LINE = re.compile(r"\n\s*\n")
# A footnote's definition, as a Markdown source's page holds it (importer.markdown_text.FOOTNOTE_DEFINITION),
# up to a blank line; and its mark in a rule's text.
_FOOTNOTE = re.compile(rf"^\[\^({md.FOOTNOTE_LABEL})\]:[ \t]*(.*(?:\n(?!\[\^{md.FOOTNOTE_LABEL}\]:)[ \t]*\S.*)*)",
                       re.MULTILINE)
_RUNNING_HEAD_LINE = f'<p class="{md.RUNNING_HEAD}"'
# What the page shows but never links, so a rule does not cite it: a table cell holding nothing but a
# number, a value (``references.lone_value``), code (a fenced block, a code span) and a running page header
# (``importer.markdown_text.running_head``).
LONE_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_MAY_BE_UNLINKED = re.compile(rf"<t[dh]\b|\||`|~~~|<code>|{md.RUNNING_HEAD}")
_UNLINKED = re.compile(r"(<t[dh]\b[^>]*>)[ \t]*\d+(?:\.\d+)*[ \t]*(?=</t[dh]>)|(?<=\|)[ \t]*\d+(?:\.\d+)*[ \t]*(?=\|)"
                       r"|^[ \t]*(`{3,}|~{3,})[^\n]*\n(?:.*\n)*?[ \t]*\2[ \t]*$|<code>.*?</code>|(`+)[^`\n].*?\3"
                       rf"|{re.escape(_RUNNING_HEAD_LINE)}[^>]*>.*?</p>",
                       re.MULTILINE)
# A rule's history (build_tools.history_pages): one line each, between its heading and its text; not its text.
# (rr-earlier-link: on an earlier version's page, where its text is now; rr-whats-new: What's new's list;
# rr-versions: above a page's rules, the versions of its text.)
HISTORY_LINES = ('<details class="rr-change"', '<p class="rr-new"', '<div class="rr-tombstone"',
                 '<p class="rr-earlier-link"', '<ul class="rr-whats-new"', '<p class="rr-versions"')
# An explicit rule link: ``[[5.4]]``, ``[[Zones of Control|the ZOC rule]]``; "![[diagram.png]]" is a
# wiki's embed (Obsidian's), not a rule link: shown as written.
EXPLICIT_LINK = re.compile(r"(?<!!)\[\[([^\[\]|\n]+?)(?:\|([^\[\]\n]+?))?\]\]")
# A removed rule's tombstone: its anchor, kept where the rule stood, and the version that removed it.
_TOMBSTONE = re.compile(r'\n<div class="rr-tombstone" id="([^"]+)"[^>\n]*? data-removed-label="([^"]*)"')


class Rule(NamedTuple):
    """One rule. A named tuple: a build makes one per rule, five times faster than a frozen dataclass."""

    id: str
    ruleset: str
    chapter: str | None
    page: str  # docs-relative path of the .md page, POSIX separators
    line: int  # 1-based line of the rule's heading in that page
    title: str
    level: int
    text: str  # the rule's own body up to its first sub-rule, as plain text
    references: tuple[str, ...]  # rule IDs its text cites, unique, in order
    changed: str | None = None  # the slug of the version that changed its text, if the current one did
    named: tuple[str, ...] = ()  # what its explicit links name other than by number (``[[Combat]]``), in order


class Tombstone(NamedTuple):
    """Where a removed rule stood: a link target, not a rule (README, "Versions of a text")."""

    id: str
    ruleset: str
    page: str
    line: int
    removed_in: str  # the label of the version that removed it


class Page(NamedTuple):
    path: str
    ruleset: str
    chapter: str | None


def slugify(title: str) -> str:
    """``Engineering Action`` -> ``engineering-action``: the importer's section IDs,
    so ``[[Hobart's Funnies]]`` and ``[[hobarts-funnies]]`` name the same section."""
    title = re.sub(r"['\"\u2018\u2019\u201c\u201d]", "", title.casefold())
    return re.sub(r"[^0-9a-z]+", "-", title).strip("-")


def link_names(target: str) -> tuple[str, ...]:
    """What an explicit link's target may name, in turn: the target; for a wiki's link to a heading
    (Obsidian's ``[[Combat#Fire Zones]]``, ``[[#Fire Zones]]``), then the heading (a vault's notes are a
    ruleset's pages: its headings are rules)."""
    heading = target.rpartition("#")[2].strip()
    return (target, heading) if heading and heading != target else (target,)


def _title_words(rule: Rule) -> str:
    """A rule's title without the number printed before it, as a link names it: ``5.4 Zones of
    Control`` -> ``Zones of Control``, ``[5.2] Bridges.`` -> ``Bridges``; "" when it has none."""
    at = rule.title.find(rule.id)
    if at < 0:
        return ""
    return rule.title[at + len(rule.id):].lstrip(" \u00a0.):]*").rstrip(" .:")


class RuleIndex:
    """The rules of every ruleset, each ruleset's rules keyed by rule ID.

    Rule IDs are unique within a ruleset, not across rulesets: two books
    numbered ``5.44`` may sit side by side."""

    def __init__(self, rules: list[Rule], pages: dict[str, Page], rulesets: Mapping, docs_dir: Path | None = None,
                 tombstones: Iterable[Tombstone] = ()):
        self.docs_dir = docs_dir  # where the pages are read from (error messages quote their lines)
        self.rules = rules
        self._tombstones = {(tombstone.ruleset, tombstone.id): tombstone for tombstone in tombstones}
        self.pages = pages
        self.rulesets = rulesets
        self._by_id: dict[str, dict[str, Rule]] = {ruleset_id: {} for ruleset_id in rulesets}
        for rule in rules:
            self._by_id.setdefault(rule.ruleset, {})[rule.id] = rule
        # "see 4" finds a section printed 4.0; "see 6.2a" finds rule 6.2 where 6.2a is no sub-rule of its own, and
        # "see 5.21" finds 5.21a where the book prints 5.21 only as its lettered items
        # (a rule's own spellings first: "2.1a" is the sub-rule printed "2.1.a" where there is one)
        for ruleset_id, by_id in self._by_id.items():
            numbering = rulesets[ruleset_id].numbering if ruleset_id in rulesets else None
            spellings_of = () if numbering is None else (numbering.aliases, numbering.items, numbering.lettered_rule)
            for spellings in spellings_of:
                for rule in list(by_id.values()):
                    for alias in spellings(rule.id):
                        by_id.setdefault(alias, rule)
        cited_by: dict[tuple[str, str], dict[str, None]] = {}  # a dict keeps each citing rule once, in order
        for rule in rules:
            by_id = self._by_id[rule.ruleset]
            for cited in rule.references:
                target = by_id.get(cited)
                cited_id = target.id if target is not None else cited
                if cited_id != rule.id:
                    cited_by.setdefault((rule.ruleset, cited_id), {})[rule.id] = None
            for target in rule.named:  # "[[Combat]]" cites the rule so titled, as the page links it
                named = self.find_link(rule.ruleset, target)
                if named is not None and named.id != rule.id:
                    cited_by.setdefault((rule.ruleset, named.id), {})[rule.id] = None
        self._cited_by = {key: tuple(citing) for key, citing in cited_by.items()}

    @classmethod
    def from_docs(cls, docs_dir: Path | str, rulesets: Mapping | Iterable) -> RuleIndex:
        """Scan ``docs_dir/**/*.md``; pages without ``ruleset:`` front matter are skipped.

        ``rulesets`` maps ruleset id -> Ruleset (``build_tools.rulesets``), or is
        an iterable of them. Raises SourceError on a rule ID used twice in one
        ruleset or a page naming an unknown ruleset.
        """
        docs_dir = Path(docs_dir)
        if not isinstance(rulesets, Mapping):
            rulesets = {ruleset.id: ruleset for ruleset in rulesets}
        rules: list[Rule] = []
        tombstones: list[Tombstone] = []
        pages: dict[str, Page] = {}
        seen: dict[tuple[str, str], Rule] = {}
        cache_folder, kept = rule_index_cache.folder_of(docs_dir), set()
        settings: dict[str, bytes | None] = {}  # ruleset id -> rule_index_cache.ruleset_digest, read once
        for path in sorted(docs_dir.rglob("*.md")):
            page_path = path.relative_to(docs_dir).as_posix()
            text = path.read_text(encoding="utf-8")
            front, body_start = _front_matter(text, str(path))
            if not front.get("ruleset"):
                continue
            ruleset = rulesets.get(front["ruleset"])
            if ruleset is None:
                raise SourceError(str(path), 2, f"unknown ruleset {front['ruleset']!r} "
                                  f"(known: {', '.join(rulesets) or 'none'}; add rulesets/<id>/ruleset.yml)")
            page = Page(page_path, ruleset.id, front.get("chapter"))
            pages[page_path] = page
            if ruleset.id not in settings:
                settings[ruleset.id] = rule_index_cache.ruleset_digest(ruleset)
            name = rule_index_cache.key(text, page_path, settings[ruleset.id])
            page_rules = _of_reading(json_cache.load(cache_folder, name), page) if name else None
            if page_rules is None:
                page_rules = _read_page(text, body_start, page, ruleset, str(path))
                if name:
                    json_cache.store(cache_folder, name, _as_reading(*page_rules), replace=True)
            if name:
                kept.add(name)
            tombstones += page_rules[1]
            for rule in page_rules[0]:
                key = (rule.ruleset, rule.id)
                if key in seen:
                    first = seen[key]
                    raise SourceError(str(path), rule.line, f"duplicate rule ID {rule.id} "
                                      f"(also at {docs_dir / first.page}:{first.line}); rule IDs must be unique "
                                      f"in a ruleset")
                seen[key] = rule
                rules.append(rule)
        json_cache.keep_only(cache_folder, kept)
        return cls(rules, pages, rulesets, docs_dir, tombstones)

    def get(self, ruleset: str, rule_id: str) -> Rule | None:
        """The rule of ``ruleset`` with this ID (or another spelling of it: ``4`` for ``4.0``)."""
        by_id = self._by_id.get(ruleset)
        return by_id.get(rule_id) if by_id is not None else None

    def tombstone(self, ruleset: str, rule_id: str) -> Tombstone | None:
        """Where the removed rule of ``ruleset`` with this ID stood, if the site keeps its tombstone."""
        return self._tombstones.get((ruleset, rule_id))

    def tombstones_of(self, ruleset: str) -> Mapping[str, Tombstone]:
        """Where each removed rule of ``ruleset`` stood, by its ID."""
        return {rule_id: tombstone for (owner, rule_id), tombstone in self._tombstones.items() if owner == ruleset}

    def rules_of(self, ruleset: str) -> Mapping[str, Rule]:
        """The rules of ``ruleset`` by ID (and by the other spellings ``get`` knows)."""
        return self._by_id.get(ruleset, {})

    def referenced_by(self, rule: Rule) -> list[str]:
        """The IDs of the rules whose text cites ``rule``, in document order, each once."""
        return list(self._cited_by.get((rule.ruleset, rule.id), ()))

    @functools.cached_property
    def _titles(self) -> dict[tuple[str, str], Rule]:
        """(ruleset, ID or title or title slug) -> rule; built at the first explicit link by title."""
        titles = {}
        for rule in reversed(self.rules):  # the first rule of a title wins
            words = _title_words(rule)
            for key in (rule.title.casefold(), slugify(rule.title), words.casefold(), slugify(words), rule.id):
                if key:
                    titles[(rule.ruleset, key)] = rule
        return titles

    def find_title(self, ruleset: str, title_or_slug: str) -> Rule | None:
        """The rule of ``ruleset`` with this ID, title (any case) or title slug; first wins."""
        for key in (title_or_slug, title_or_slug.strip().casefold(), slugify(title_or_slug)):
            rule = self._titles.get((ruleset, key))
            if rule is not None:
                return rule
        return None

    def find_link(self, ruleset: str, target: str) -> Rule | None:
        """The rule of ``ruleset`` an explicit link's target names by ID, title or heading (``link_names``)."""
        for name in link_names(target):
            rule = self.get(ruleset, name) or self.find_title(ruleset, name)
            if rule is not None:
                return rule
        return None

    def unresolved_references(self) -> dict[tuple[str, str], list[str]]:
        """(ruleset, cited rule ID) this site does not contain -> the IDs of the rules citing it, in order.
        A removed rule is not among them: a reference to it lands on its tombstone."""
        return {key: list(citing) for key, citing in self._cited_by.items()
                if self.get(*key) is None and key not in self._tombstones}


def rules_in_markdown(text: str, ruleset, page_path: str) -> list[Rule]:
    """The rules of one rule page's Markdown (``docs_dir``-relative ``page_path``), as
    ``RuleIndex.from_docs`` reads them: for an import's report, before the page is written."""
    front, body_start = _front_matter(text, page_path)
    return _rules_of_page(text, body_start, Page(page_path, ruleset.id, front.get("chapter")), ruleset, page_path)


def tombstones_in_markdown(text: str, ruleset, page_path: str) -> list[Tombstone]:
    """The tombstones of one rule page's Markdown, as ``RuleIndex.from_docs`` reads them."""
    return _tombstones_of_page(text, Page(page_path, ruleset.id, None))


def remember_page(docs_dir: Path, page_path: str, text: str, ruleset, reading: dict | None = None) -> None:
    """Keep what ``RuleIndex.from_docs`` will read from the rule page ``text`` at ``page_path``
    (``reading``: as ``page_reading`` gave it), so the build does not read the page again."""
    name = rule_index_cache.key(text, page_path, rule_index_cache.ruleset_digest(ruleset))
    if name:
        json_cache.store(rule_index_cache.folder_of(docs_dir), name,
                         reading if reading is not None else page_reading(text, ruleset, page_path))


def page_reading(text: str, ruleset, page_path: str) -> dict:
    """What the rule index reads from one rule page, as ``rule_index_cache`` keeps it."""
    front, body_start = _front_matter(text, page_path)
    return _as_reading(*_read_page(text, body_start, Page(page_path, ruleset.id, front.get("chapter")), ruleset,
                                   page_path))


def cited_outside_rules(text: str, ruleset, page_path: str) -> list[str]:
    """The rule IDs one rule page's text cites outside its rules, as the site links them (for the
    import's report): before its first rule (a preamble) and under headings that are no rule's
    (``DESIGNER'S NOTES`` after the last rule, ``General Rules`` over a section's first rule).
    Footnotes are their marks' rules'."""
    if ruleset.grammar is None:
        return []
    texts, chapter = _outside_rules(text, page_path)
    return [cited for citable in texts for cited in ruleset.grammar.cited(citable, chapter)]


def links_outside_rules(text: str, ruleset, page_path: str) -> list[str]:
    """The targets of the explicit links by title or heading (``[[Changelog]]``) in one rule page's text outside
    its rules (as ``cited_outside_rules`` reads it), each once per stretch of text, in order: the build checks
    them as it checks a rule's."""
    if "[[" not in text:
        return []
    texts, chapter = _outside_rules(text, page_path)
    return [target for citable in texts if "[[" in citable
            for target in _named_links(citable, ruleset.grammar, chapter)]


def _outside_rules(text: str, page_path: str) -> tuple[list[str], str | None]:
    """The text of one rule page outside its rules, as the rule index reads a rule's (``_citable``), stretch by
    stretch, and the chapter its relative references are in."""
    front, body_start = _front_matter(text, page_path)
    text = _without_footnotes(text)[0] if "[^" in text else text
    start, headings = _page_headings(text, body_start)
    segments = [(start, headings[0].start() if headings else len(text))]
    for number, heading in enumerate(headings):
        if _rule_heading(heading) is None:
            segments.append((heading.end(), headings[number + 1].start() if number + 1 < len(headings) else len(text)))
    return [_citable(text, first, end, _plain_text(text, first, end)) for first, end in segments], front.get("chapter")


def citations_of(reading: dict) -> dict[str, list[str]]:
    """Rule ID -> the rule IDs its text cites (each once, as the site links them), from a ``page_reading``
    (its rows as ``_as_reading`` writes them)."""
    return {rule_id: list(references) for rule_id, _, _, _, _, _, references, _, _ in reading["rules"]}


def links_by_name(reading: dict) -> list[str]:
    """The targets of the explicit links by title or heading (``[[Combat]]``) of a ``page_reading``'s rules,
    each once per rule, in order."""
    return [target for *_, named in reading["rules"] for target in named]


def rules_of_reading(reading: dict, page_path: str, ruleset_id: str) -> list[Rule]:
    """The rules of a ``page_reading`` of the page ``page_path`` of ruleset ``ruleset_id``."""
    return _of_reading(reading, Page(page_path, ruleset_id, None))[0]


def _read_page(text: str, body_start: int, page: Page, ruleset, path: str) -> tuple[list[Rule], list[Tombstone]]:
    tombstones = _tombstones_of_page(text, page) if '<div class="rr-tombstone"' in text else []
    return _rules_of_page(text, body_start, page, ruleset, path), tombstones


def _as_reading(rules: list[Rule], tombstones: list[Tombstone]) -> dict:
    """A page's rules and tombstones as plain lists (JSON), without what the page itself says
    (its path and ruleset): ``_of_reading`` makes them rules again."""
    return {"rules": [[rule.id, rule.chapter, rule.line, rule.title, rule.level, rule.text, rule.references,
                       rule.changed, rule.named] for rule in rules],
            "tombstones": [[tombstone.id, tombstone.line, tombstone.removed_in] for tombstone in tombstones]}


def _of_reading(reading: dict | None, page: Page) -> tuple[list[Rule], list[Tombstone]] | None:
    """The rules and tombstones of ``page`` from its reading (None: no reading, or not one ``_as_reading`` wrote)."""
    try:
        return ([Rule(rule_id, page.ruleset, chapter, page.path, line, title, level, text, tuple(references), changed,
                      tuple(named))
                 for rule_id, chapter, line, title, level, text, references, changed, named in reading["rules"]],
                [Tombstone(rule_id, page.ruleset, page.path, line, removed_in)
                 for rule_id, line, removed_in in reading["tombstones"]])
    except (TypeError, ValueError, KeyError):
        return None


def _front_matter(text: str, path: str) -> tuple[dict, int]:
    """The YAML front matter and the 0-based index of the first line after it."""
    lines = text.split("\n", 200)
    if not lines or lines[0].rstrip() != "---":
        return {}, 0
    for number, line in enumerate(lines[1:200], start=1):
        if line.rstrip() in ("---", "..."):
            try:
                data = yaml_data.load("\n".join(lines[1:number]))
            except yaml.YAMLError as error:
                mark = getattr(error, "problem_mark", None)
                raise SourceError(path, mark.line + 2 if mark else 1, f"invalid front matter: {error}")
            return (data if isinstance(data, dict) else {}), number + 1
    return {}, 0


def _page_headings(text: str, body_start: int) -> tuple[int, list[re.Match[str]]]:
    """Where a page's body starts (the newline before it: rule pages have front matter) and its
    heading lines outside fenced code."""
    newline_before_body = _line_offset(text, body_start) - 1
    fences = [fence.start() for fence in _FENCE_LINE.finditer(text, newline_before_body)]
    return newline_before_body, [heading for heading in _ANY_HEADING_LINE.finditer(text, newline_before_body)
                                 if bisect.bisect(fences, heading.start()) % 2 == 0]


def _rule_heading(heading: re.Match[str]) -> tuple[re.Match[str], re.Match[str]] | None:
    """A heading line's parts and its ``#id``, where it heads a rule (``.rr-rule``); None for any other."""
    match = _HEADING.match(heading.group(1))
    if not match or not _ATTR_RULE_CLASS.search(match.group(3)):
        return None
    rule_id = _ATTR_ID.search(match.group(3))
    return (match, rule_id) if rule_id else None


def _rules_of_page(text: str, body_start: int, page: Page, ruleset, path: str) -> list[Rule]:
    grammar = ruleset.grammar
    rules = []
    text, footnotes = _without_footnotes(text) if "[^" in text else (text, {})
    newline_before_body, headings = _page_headings(text, body_start)
    line, counted_to = body_start, newline_before_body
    for number, heading in enumerate(headings):
        line += text.count("\n", counted_to, heading.start(1))
        counted_to = heading.start(1)
        ruled = _rule_heading(heading)
        if ruled is None:
            continue
        match, rule_id = ruled
        title = match.group(2)
        if "\\" in title:
            title = _unescape(title)
        elif "*" in title or "_" in title:  # "## 6.1 **Ship Types**": the words, as a jump or preview shows them
            title = _EMPHASIS.sub(r"\2", title)
        marks = ()
        if "&" in title:  # "Q&amp;A", "Odds =&#61; Ratio": an entity is the character the page shows
            title = html.unescape(title)
        if "[^" in title:  # "## 5.3[^1] Ice.": a footnote's mark is no word of the title, but the note is the rule's
            marks = tuple(md.FOOTNOTE_MARK.findall(title))
            title = md.FOOTNOTE_MARK.sub("", title)
        if not title.strip():
            raise SourceError(path, line, f"rule heading #{rule_id.group(1)} has no text (Markdown would drop its id)")
        # The rule's text runs to the next heading, whatever its kind.
        body_end = headings[number + 1].start() if number + 1 < len(headings) else len(text)
        plain = _plain_text(text, heading.end(), body_end)
        chapter = ruleset.numbering.chapter_of(rule_id.group(1)) or page.chapter
        citable = _citable(text, heading.end(), body_end, plain)
        if footnotes and ("[^" in plain or marks):  # its footnotes' text is its text too, and their marks are not
            citable = "\n\n".join([md.FOOTNOTE_MARK.sub("", citable), *(footnotes[label] for label in
                                     dict.fromkeys((*marks, *md.FOOTNOTE_MARK.findall(plain))) if label in footnotes)])
            plain = md.FOOTNOTE_MARK.sub("", plain)
        cited = grammar.cited(citable, chapter) if grammar is not None else []
        changed = _ATTR_CHANGED.search(match.group(3)) if "data-changed" in match.group(3) else None
        named = _named_links(citable, grammar, chapter) if "[[" in citable else ()
        rules.append(Rule(rule_id.group(1), page.ruleset, chapter, page.path, line, title, len(match.group(1)), plain,
                          tuple(dict.fromkeys(cited)), changed and changed.group(1), named))
    return rules


def _named_links(text: str, grammar, chapter: str | None) -> tuple[str, ...]:
    """The targets of the explicit links in ``text`` that are not one rule number (those are among the
    rules it cites): ``[[Combat]]``, ``[[#Fire Zones]]``; each once, in order."""
    targets = (link.group(1).strip() for link in EXPLICIT_LINK.finditer(text))
    return tuple(dict.fromkeys(target for target in targets if number_of(target, grammar, chapter) is None))


def number_of(target: str, grammar, chapter: str | None) -> str | None:
    """The rule ID an explicit link's ``target`` is, when ``grammar`` reads all of it as one rule number
    (``[[5.4]]``; ``[[15.21]]`` in chapter G: ``G15.21``)."""
    found = grammar.find(target, chapter) if grammar is not None else []
    if len(found) == 1 and found[0].start == 0 and found[0].end == len(target) and len(found[0].parts) == 1:
        return found[0].parts[0].rule_id
    return None


def _without_footnotes(text: str) -> tuple[str, dict[str, str]]:
    """``text`` with each footnote's definition blanked (its lines kept, so line numbers hold: the
    footnotes extension renders them at the page's end, in no rule), and each footnote's plain text by label."""
    footnotes = {}

    def blank(definition: re.Match) -> str:
        footnotes.setdefault(definition.group(1), _plain_text("\n" + definition.group(2), 0, len(definition.group(2)) + 1))
        return "\n" * definition.group(0).count("\n")

    return _FOOTNOTE.sub(blank, text), footnotes


def _tombstones_of_page(text: str, page: Page) -> list[Tombstone]:
    return [Tombstone(html.unescape(match.group(1)), page.ruleset, page.path, text.count("\n", 0, match.start()) + 2,
                      html.unescape(match.group(2)))
            for match in _TOMBSTONE.finditer(text)]


def _line_offset(text: str, line_index: int) -> int:
    """Where the 0-based line ``line_index`` of ``text`` starts."""
    offset = 0
    for _ in range(line_index):
        offset = text.index("\n", offset) + 1
    return offset


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text)


def _citable(text: str, start: int, end: int, plain: str) -> str:
    """``plain`` (the rule's text from ``start`` to ``end``) without what the page never links: table
    cells that hold nothing but a number (values), code and running page headers."""
    if not _MAY_BE_UNLINKED.search(text, start, end):
        return plain
    body = text[start:end]
    bare = _UNLINKED.sub(lambda found: found.group(1) or "", body)
    return plain if bare == body else _plain_text(bare, 0, len(bare))


def _plain_text(text: str, start: int, end: int) -> str:
    """The Markdown lines of ``text`` after the newline at ``start``, up to ``end`` ->
    paragraphs of plain text (hover previews, reference scan)."""
    if not _SPECIAL_CHARACTER.search(text, start, end) and not _SPECIAL_LINE.search(text, start, end):
        # Most rule text is words and blank lines, and most often one paragraph.
        body = text[start:end].strip()
        if not _BLANK_LINE.search(body):
            return " ".join(body.split())
        return "\n\n".join(plain for plain in (" ".join(paragraph.split()) for paragraph in _BLANK_LINE.split(body))
                           if plain)
    paragraphs: list[list[str]] = [[]]
    for line in text[start + 1:end].split("\n"):
        admonition = _ADMONITION.match(line)
        if admonition:
            paragraphs.append([admonition.group(1)] if admonition.group(1) else [])
            paragraphs.append([])
            continue
        if not line.strip():
            paragraphs.append([])
            continue
        if _ATTR_LIST_LINE.match(line) or _TABLE_RULE.match(line) or line.startswith(HISTORY_LINES) \
                or line.startswith(_RUNNING_HEAD_LINE):  # a page's header, not the rule's text
            continue
        line = line.strip()
        if line.startswith("|"):
            line = " ".join(cell.strip() for cell in line.strip("|").split("|"))
        # Each step only where it can change the line: this runs on every line of every rule page.
        if "\\" in line:
            line = _unescape(line)
        if "<" in line:
            line = _TAG.sub("", _SEPARATING_TAG.sub(" ", line))
        if "&" in line:
            line = html.unescape(line)
        paragraphs[-1].append(" ".join(line.split()))
    return "\n\n".join(" ".join(p).strip() for p in paragraphs if "".join(p).strip())
