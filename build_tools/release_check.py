"""Release checks over a built site (``ruleref check``): what a reader at the
table relies on, checked on the finished files rather than on the sources.

* every internal link and ``#fragment`` resolves (``build_tools.linkcheck``),
  also those the page scripts follow from JSON (jump-to-rule and previews
  from ``rule-index.json``, search results from Material's search index);
  external links are listed, never requested;
* every rule of every text has its anchor: each rule ID in the rule index is
  an element id on its page;
* every calculator placed in ``rulesets/*/calculators.yml`` is on its rule's
  page with its form (a field per declared input) and its result for the
  default inputs already rendered (what the rules core computes, so a reader
  without JavaScript reads a correct answer);
* no calculator implements a rule whose text changed in the current version
  without saying it was reviewed against it (``calculator_review``);
* the service worker's precache list (``sw.js``) names exactly the files on
  disk, each with its size and sha256, so an offline reader gets this build;
* every source imports plausibly to exactly the page in ``docs/`` the site was
  built from, and no generated page is left over from a source since removed.

Each problem is one line, ``path: reason``, ``path`` relative to the site.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import re
from html.parser import HTMLParser
from pathlib import Path

import yaml
from mkdocs.structure.files import File

import calculators
from calculators.model import display_value
from build_tools.calculator_review import unreviewed
from build_tools.linkcheck import HtmlPage, check_links, read_site, target_file
from build_tools.offline.precache import kept_offline
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

log = logging.getLogger("ruleref.check")


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml for plain settings; tags such as ``!!python/name`` are not ours to resolve."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def check_site(project: Path, site: Path) -> list[str]:
    """Every release problem of ``site`` (built from ``project``), one ``path: reason`` line each."""
    site = Path(site)
    if not (site / "index.html").is_file():
        return [f"{site}: no built site here (no index.html); run ruleref build first"]
    pages = read_site(site)
    report = check_links(site, pages)
    log.info("links: %d internal checked, %d broken; %d external (listed, not requested)",
             report.checked, len(report.broken), len(report.external))
    for url in report.external:
        log.info("  external: %s", url)
    problems = list(report.broken) + broken_script_links(site, pages)
    config = yaml.load((project / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}
    index = RuleIndex.from_docs(project / config.get("docs_dir", "docs"), load_rulesets(project / "rulesets"))
    directory_urls = config.get("use_directory_urls", True)
    problems += missing_rule_anchors(index, pages, directory_urls=directory_urls)
    problems += missing_calculators(project, index, site, directory_urls=directory_urls)
    problems += unreviewed(index, calculators.all_calculators())
    problems += precache_mismatches(site)
    problems += source_problems(project, project / config.get("docs_dir", "docs"))
    return problems


def source_problems(project: Path, docs_dir: Path) -> list[str]:
    """Every source imports, plausibly, to exactly the page docs/ holds; no generated page is left over.

    The pages are what the site is built from, so a page that is not what its
    source imports to (a hand edit, a forgotten ``ruleref import``) would
    publish text that is not the rulebook's. Every source is read again: nothing kept by an earlier
    import (``import_cache``) stands in for it."""
    from build_tools.errors import SourceError
    from build_tools.import_sources import history_of_rulesets, import_jobs, listed_jobs, project_relative
    from build_tools.publish import generated_pages, landing_pages

    rulesets = load_rulesets(project / "rulesets")
    try:
        done = import_jobs(listed_jobs(project, rulesets), docs_dir, rulesets, reuse=False)
    except SourceError as error:
        return [f"{error}"]
    problems = []
    for item in done:
        page = docs_dir / item.page_path
        problem = item.imported.report.implausible()
        if problem is not None:
            problems.append(f"{item.job.label}: implausible import: {problem}")
        elif not page.is_file() or page.read_text(encoding="utf-8") != item.imported.markdown:
            problems.append(f"docs/{item.page_path}: not what {item.job.label} imports to "
                            "(run ruleref import --all; imported pages are not edited by hand)")
    produced = {(docs_dir / item.page_path).resolve() for item in done}
    for page_path, markdown in history_of_rulesets(done, rulesets, lambda path: project_relative(path, project)).items():
        produced.add((docs_dir / page_path).resolve())
        if not (docs_dir / page_path).is_file() or (docs_dir / page_path).read_text(encoding="utf-8") != markdown:
            problems.append(f"docs/{page_path}: not the history its sources' versions import to "
                            "(run ruleref import --all)")
    produced |= {path.resolve() for path in landing_pages(docs_dir, rulesets)}
    for path in generated_pages(docs_dir):
        if path.resolve() not in produced:
            problems.append(f"docs/{path.relative_to(docs_dir).as_posix()}: no source in rulesets/ produces it "
                            "any more (run ruleref import --all to remove it)")
    log.info("sources: %d imported and compared with docs/, %d problems", len(done), len(problems))
    return problems


# JSON files whose URLs the page scripts open (relative to the site root): file -> how to list them.
# The search index is the engine's: Material's (MkDocs, ProperDocs) or Zensical's; a site has one of them.
SCRIPT_LINKS = {
    "rule-index.json": lambda data: [(f"rule {rule_id} ({ruleset})", entry["url"])
                                     for ruleset, rules in data["rules"].items() for rule_id, entry in rules.items()]
                                    + [(f"removed rule {rule_id} ({ruleset})", entry["url"])
                                       for ruleset, removed in data["removed"].items()
                                       for rule_id, entry in removed.items()]
                                    + [(f"calculator {calc_id}", entry["url"])
                                       for calc_id, entry in data["calculators"].items()],
}
SEARCH_INDEXES = {
    "search/search_index.json": lambda data: [(f"search entry {doc['title']!r}", doc["location"] or "./")
                                              for doc in data["docs"]],
    "search.json": lambda data: [(f"search entry {item['title']!r}", item["location"] or "./")
                                 for item in data["items"]],
}


def broken_script_links(site: Path, pages: dict[str, HtmlPage]) -> list[str]:
    """URLs in the JSON the page scripts read must open a file of the site and an element id on it."""
    problems = []
    checked = 0
    search = [name for name in SEARCH_INDEXES if (site / name).is_file()]
    if not search:
        problems.append(f"{' or '.join(SEARCH_INDEXES)}: missing (the search box reads it)")
    for name, listed in {**SCRIPT_LINKS, **{name: SEARCH_INDEXES[name] for name in search}}.items():
        if not (site / name).is_file():
            problems.append(f"{name}: missing (the page scripts read it)")
            continue
        try:
            links = listed(json.loads((site / name).read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            problems.append(f"{name}: not the JSON the page scripts expect ({type(error).__name__}: {error})")
            continue
        for what, url in links:
            checked += 1
            target, fragment = target_file(site, "", url)
            if target is None:
                problems.append(f"{name}: {what}: {url!r} opens no file in the site")
            elif fragment and target in pages and fragment not in pages[target].ids:
                problems.append(f"{name}: {what}: {url!r}: no element id {fragment!r} on {target}")
    log.info("links in rule-index.json and the search index: %d checked, %d broken", checked, len(problems))
    return problems


def page_html(docs_page: str, *, use_directory_urls: bool) -> str:
    """The site file MkDocs writes for a docs page (``asl/g15.md`` -> ``asl/g15/index.html``)."""
    return File(docs_page, "", "", use_directory_urls).dest_uri


def missing_rule_anchors(index: RuleIndex, pages: dict[str, HtmlPage], *, directory_urls: bool) -> list[str]:
    """Each rule ID of the index (read from ``docs/``) must be an element id on its built page."""
    problems = []
    for rule in index.rules:
        html = page_html(rule.page, use_directory_urls=directory_urls)
        if html not in pages:
            problems.append(f"{html}: page of rule {rule.id} (from docs/{rule.page}:{rule.line}) was not built")
        elif rule.id not in pages[html].ids:
            problems.append(f"{html}: rule {rule.id} has no anchor (no element id={rule.id!r}; "
                            f"heading at docs/{rule.page}:{rule.line})")
    log.info("rule anchors: %d rules, %d missing", len(index.rules), len(problems))
    return problems


_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


class _EmbedParser(HTMLParser):
    """Each calculator embed of a page: its form's fields and the outputs rendered into it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.embeds: dict[str, dict] = {}
        self._open: list[tuple[str, dict | None, str | None]] = []  # (tag, embed it belongs to, output it shows)

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        embed = self._open[-1][1] if self._open else None
        output = self._open[-1][2] if self._open else None
        if "rr-calc" in classes and values.get("data-calc"):
            embed = self.embeds.setdefault(values["data-calc"], {"forms": 0, "inputs": set(), "outputs": {}})
        if embed is not None:
            if tag == "form" and "rr-calc__form" in classes:
                embed["forms"] += 1
            if values.get("data-input"):
                embed["inputs"].add(values["data-input"])
            if values.get("data-output"):
                output = values["data-output"]
            if "rr-calc__value" in classes and output:
                embed["outputs"][output] = ""
                output = f"value:{output}"
        if tag not in _VOID:
            self._open.append((tag, embed, output))

    def handle_endtag(self, tag):
        # Close up to the matching open tag; a stray end tag (no such open tag) closes nothing.
        for depth in range(len(self._open) - 1, -1, -1):
            if self._open[depth][0] == tag:
                del self._open[depth:]
                break

    def handle_data(self, data):
        if self._open and self._open[-1][1] is not None and (self._open[-1][2] or "").startswith("value:"):
            name = self._open[-1][2][len("value:"):]
            self._open[-1][1]["outputs"][name] += data


def _placements(project: Path) -> list[tuple[Path, int, str, str, str]]:
    """(calculators.yml, line, ruleset, rule ID, calculator id) for every placement of every ruleset."""
    found = []
    for path in sorted((project / "rulesets").glob("*/calculators.yml")):
        root = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
        for key, value in (root.value if root is not None else []):
            for item in value.value if isinstance(value, yaml.SequenceNode) else [value]:
                found.append((path.relative_to(project), item.start_mark.line + 1, path.parent.name, key.value,
                              item.value))
    return found


def missing_calculators(project: Path, index: RuleIndex, site: Path, *, directory_urls: bool) -> list[str]:
    """Every placed calculator is on its rule's page with its form and its default result rendered."""
    known = {calc.id: calc for calc in calculators.all_calculators()}
    embeds_of: dict[str, dict] = {}
    problems = []
    placements = _placements(project)
    for source, line, ruleset_id, rule_id, calc_id in placements:
        where = f"{source}:{line}"
        rule = index.get(ruleset_id, rule_id)
        if rule is None or calc_id not in known:
            problems.append(f"{where}: {calc_id} under {rule_id}: " +
                            ("no such rule in docs/" if rule is None else "no such calculator"))
            continue
        html = page_html(rule.page, use_directory_urls=directory_urls)
        if html not in embeds_of:
            parser = _EmbedParser()
            parser.feed((site / html).read_text(encoding="utf-8") if (site / html).is_file() else "")
            embeds_of[html] = parser.embeds
        embed = embeds_of[html].get(calc_id)
        calc = known[calc_id]
        if embed is None:
            problems.append(f"{html}: calculator {calc_id} (placed under {rule_id} in {where}) is not on the page")
            continue
        if embed["forms"] != 1:
            problems.append(f"{html}: calculator {calc_id} has {embed['forms']} forms, not one")
        missing_inputs = [item.name for item in calc.inputs if item.name not in embed["inputs"]]
        if missing_inputs:
            problems.append(f"{html}: calculator {calc_id}'s form lacks inputs {', '.join(missing_inputs)}")
        for output in calc.run({}).outputs:
            shown = " ".join(embed["outputs"].get(output.name, "").split())
            if output.name not in embed["outputs"]:
                problems.append(f"{html}: calculator {calc_id} has no rendered result for {output.name}")
            elif shown != display_value(output.value):
                problems.append(f"{html}: calculator {calc_id} shows {output.name} = {shown!r}, "
                                f"the rules core says {display_value(output.value)!r} for the defaults")
    log.info("calculators: %d placed, %d problems", len(placements), len(problems))
    return problems


_PRECACHE = re.compile(r"^const PRECACHE = (\{.*\});$", re.MULTILINE)


def _file_for_url(url: str) -> str:
    """The site file a precache URL fetches: ``./`` and ``x/`` are directory indexes."""
    path = "" if url == "./" else url
    return path + "index.html" if path == "" or path.endswith("/") else path


def _integrity(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def precache_mismatches(site: Path) -> list[str]:
    """``sw.js`` must list every file of the site it keeps offline, once, with its size and hash.

    Which files are kept is the offline module's policy (``kept_offline``: not the worker itself, not source
    maps or the search engines' sitemap.xml.gz); the list itself is read back from ``sw.js`` and every entry
    is checked against the bytes on disk here, independently of the code that wrote it."""
    worker = site / "sw.js"
    if not worker.is_file():
        return ["sw.js: no service worker: the site would not work offline"]
    match = _PRECACHE.search(worker.read_text(encoding="utf-8"))
    if not match:
        return ["sw.js: no 'const PRECACHE = {...};' line to read the precache list from"]
    listed: dict[str, tuple[str, int]] = {}
    problems = []
    for cache in json.loads(match.group(1))["caches"]:
        for url, integrity, size in cache["entries"]:
            path = _file_for_url(url)
            if path in listed:
                problems.append(f"sw.js: {url} is listed twice")
            listed[path] = (integrity, size)
    on_disk = {p.relative_to(site).as_posix(): p for p in sorted(site.rglob("*")) if p.is_file()}
    kept = {path: file for path, file in on_disk.items() if kept_offline(path)}
    for path, file in kept.items():
        if path not in listed:
            problems.append(f"{path}: on disk but not in sw.js's precache list (offline readers miss it)")
            continue
        data = file.read_bytes()
        integrity, size = listed.pop(path)
        if (integrity, size) != (_integrity(data), len(data)):
            problems.append(f"{path}: sw.js lists {size} bytes {integrity}, the file is {len(data)} bytes "
                            f"{_integrity(data)} (a stale precache list)")
    for path in sorted(set(listed) - set(on_disk)):
        problems.append(f"{path}: in sw.js's precache list but not in the site (the worker's install would fail)")
    log.info("service worker: %d files in the precache list, %d problems", len(kept), len(problems))
    return problems
