"""Release checks over a built site (``ruleref check``): what a reader at the
table relies on, checked on the finished files rather than on the sources.

* every internal link and ``#fragment`` resolves (``build_tools.linkcheck``);
  external links are listed, never requested;
* every rule of every text has its anchor: each rule ID in the rule index is
  an element id on its page;

Each problem is one line, ``path: reason``, ``path`` relative to the site.
"""

from __future__ import annotations

import logging
from pathlib import Path

import yaml
from mkdocs.structure.files import File

from build_tools.linkcheck import HtmlPage, check_links, read_site
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

log = logging.getLogger("ruleref.check")


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml for plain settings; tags such as ``!!python/name`` are not ours to resolve."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


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
    problems = list(report.broken)
    problems += missing_rule_anchors(project, site, pages)
    return problems


def _config(project: Path) -> dict:
    return yaml.load((project / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}


def page_html(docs_page: str, *, use_directory_urls: bool) -> str:
    """The site file MkDocs writes for a docs page (``asl/g15.md`` -> ``asl/g15/index.html``)."""
    return File(docs_page, "", "", use_directory_urls).dest_uri


def missing_rule_anchors(project: Path, site: Path, pages: dict[str, HtmlPage]) -> list[str]:
    """Each rule ID of the index (read from ``docs/``) must be an element id on its built page."""
    config = _config(project)
    docs = project / config.get("docs_dir", "docs")
    index = RuleIndex.from_docs(docs, load_rulesets(project / "rulesets"))
    directory_urls = config.get("use_directory_urls", True)
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
