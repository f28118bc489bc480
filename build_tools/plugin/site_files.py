"""Files and navigation the plugin adds to every site: shared assets, section
names, the rule index for the page scripts, the unresolved-reference report."""

from __future__ import annotations

import gzip
import io
import json
import logging
import os
import re
from pathlib import Path

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Section

import calculators
from build_tools.markdown.calculators import placements_of

ASSETS = Path(__file__).resolve().parent.parent / "assets"
THEME = Path(__file__).resolve().parent.parent / "theme"
ASSET_PREFIX = "assets/ruleref"
RULE_INDEX_JSON = "rule-index.json"


def asset_names() -> list[str]:
    return sorted(p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*") if p.is_file())


def add_assets(config) -> None:
    """Register our stylesheets and ES modules on every page."""
    for name in asset_names():
        url = f"{ASSET_PREFIX}/{name}"
        if name.endswith(".css") and url not in config.extra_css:
            config.extra_css.append(url)
        elif name.endswith(".js") and "/" not in name and not any(str(s) == url for s in config.extra_javascript):
            script = ExtraScriptValue(url)
            script.type = "module"
            config.extra_javascript.append(script)


def add_theme_overrides(config) -> None:
    """Put ``build_tools/theme/`` in front of Material's templates, as ``theme.custom_dir`` would.

    Done by the plugin rather than in mkdocs.yml because ``custom_dir`` is a
    path relative to the config file: copies of the project (tests, benchmarks)
    and other sites using the plugin would lose the overrides. A site's own
    ``custom_dir`` still comes first."""
    if str(THEME) not in config.theme.dirs:
        config.theme.dirs.insert(1 if config.theme.custom_dir else 0, str(THEME))


def add_asset_files(files: Files, config) -> Files:
    for name in asset_names():
        files.append(File.generated(config, f"{ASSET_PREFIX}/{name}", abs_src_path=str(ASSETS / name)))
    return files


def name_ruleset_sections(nav, rulesets) -> None:
    """Auto-navigation titles sections after folders ("Asl"); use the ruleset names."""
    for item in nav.items:
        if isinstance(item, Section):
            folder = _section_folder(item)
            if folder in rulesets:
                item.title = rulesets[folder].name


def _section_folder(section: Section) -> str | None:
    for child in section.children:
        page_file = getattr(child, "file", None)
        if page_file is not None:
            return page_file.src_uri.split("/", 1)[0]
    return None


def write_rule_index_json(site_dir: Path, index, files: Files) -> None:
    """``rule-index.json``: what jump-to-rule and hover previews need.

    ``rulesets``: each ruleset's name, short name, numbering and chapters;
    ``rules``: per ruleset, per rule ID, its URL, heading, chapter and the
    start of its text; ``calculators``: where each calculator is placed
    (``calculator_pages``). Rule IDs are unique within a ruleset only (two books
    may both have a 5.44), so the page scripts look a rule up in a ruleset.
    URLs are relative to the site root, so the scripts resolve them against
    the site's base and the site keeps working from any sub-path."""
    page_urls = {path: files.get_file_from_path(path).url for path in index.pages}
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
    (site_dir / RULE_INDEX_JSON).write_text(
        json.dumps({"rulesets": rulesets, "rules": rules, "calculators": calculator_pages(index, files)},
                   ensure_ascii=False, sort_keys=False,
                   separators=(",", ":")), encoding="utf-8")


def calculator_pages(index, files: Files) -> dict[str, dict]:
    """Calculator id -> the URL of its section (``<page>#calc-<id>``), its title and its page's title.

    A share link opened on a page that does not hold its calculator points the
    reader there (``assets/ruleref/link-pointer.js``); the page comes from this
    build, never from the link."""
    placed = {}
    for placements in placements_of(index).values():
        for placement in placements:
            rule = index.get(placement.ruleset, placement.rule)
            page = files.get_file_from_path(rule.page)
            placed[placement.calculator] = {"url": f"{page.url}#calc-{placement.calculator}",
                                            "title": calculators.get(placement.calculator).title,
                                            "page": page.page.title}
    return placed


RULE_PAGE_SEARCH_BOOST = 3


def rank_rules_first(page, index) -> None:
    """Rank rule pages above pages that only mention rule IDs (home, calculators
    index), so a search for G15.21 lands on the rule. A page's own ``search:``
    front matter wins."""
    if page.file.src_uri in index.pages:
        page.meta.setdefault("search", {}).setdefault("boost", RULE_PAGE_SEARCH_BOOST)


UNRESOLVED_REPORT = Path(".ruleref") / "unresolved-references.txt"


def report_unresolved(index, project: Path, log: logging.Logger) -> None:
    """One line for the cited rules this reference does not contain (B24.7 ...);
    the list, with where each is cited, goes to ``.ruleref/unresolved-references.txt``."""
    unresolved = index.unresolved_references()
    report = project / UNRESOLVED_REPORT
    if not unresolved:
        report.unlink(missing_ok=True)
        return
    report.parent.mkdir(exist_ok=True)
    lines = [f"{ruleset}\t{rule_id}\tcited in {', '.join(cited_in)}"
             for (ruleset, rule_id), cited_in in unresolved.items()]
    report.write_text("# ruleset, cited rule ID, the rules citing it (written by ruleref build)\n"
                      + "\n".join(lines) + "\n", encoding="utf-8")
    log.info("%d cited rules are not in this reference (marked so in the pages); the list: %s",
             len(unresolved), UNRESOLVED_REPORT)


def write_sitemap(site_dir: Path) -> None:
    """Make sitemap.xml and sitemap.xml.gz depend on the sources only.

    MkDocs writes the build date as every page's <lastmod> (optional in the
    sitemap protocol, and not a fact about the rules) and stamps the build time
    into the gzip header, so two builds of the same sources would differ and the
    service worker's cache would churn. The gzip header time is
    SOURCE_DATE_EPOCH, or 0."""
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():
        return
    xml = re.sub(r"\s*<lastmod>[^<]*</lastmod>", "", sitemap.read_text(encoding="utf-8"))
    sitemap.write_text(xml, encoding="utf-8")
    buffer = io.BytesIO()
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", "0"))
    with gzip.GzipFile(filename="sitemap.xml", fileobj=buffer, mode="wb", mtime=mtime) as compressed:
        compressed.write(xml.encode("utf-8"))
    (site_dir / "sitemap.xml.gz").write_bytes(buffer.getvalue())
