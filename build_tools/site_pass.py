"""The site-wide steps, over the folder the engine built: whatever engine built it.

After the pages are written, every ruleref site gets the same things: Pyodide
and the calculators wheel (for pages with calculators), ``rule-index.json``,
the unresolved-reference report, a sitemap that depends on the sources only,
and, last, the service worker that precaches exactly the files on disk.
``finish_site`` does these; the MkDocs plugin calls it at ``on_post_build``.

An engine that runs no MkDocs plugin (Zensical) gets the rest of what the
plugin does from ``finish``: our assets, the manifest and icons, and every
page's head finished (its Content-Security-Policy; on calculator pages, the
early start of Python), after checking that no page's content holds a script
the build did not write.
"""

from __future__ import annotations

import gzip
import html
import io
import logging
import os
import re
import shutil
from pathlib import Path

import yaml

import calculators
from build_tools import bundle, calculator_review, offline, page_size
from build_tools.bundle import csp, page_head
from build_tools.errors import SourceError
from build_tools.markdown.page_urls import page_url
from build_tools.markdown.site_context import cached_index
from build_tools.offline.budget import DEFAULT_BUDGET_MB
from build_tools.rule_index import RuleIndex, _front_matter
from build_tools.rule_index_json import write_rule_index_json
from build_tools.site_assets import ASSET_PREFIX, ASSETS, asset_names

# Not under "mkdocs", whose warnings a strict build counts: what is said here (a site over its offline
# budget) leaves a correct site, as the page-size warning does.
log = logging.getLogger("ruleref")
# Not under "mkdocs": a calculator to review warns without stopping a strict build; `ruleref check` fails on it.
review_log = logging.getLogger("ruleref.calculators")

UNRESOLVED_REPORT = Path(".ruleref") / "unresolved-references.txt"
# Material's and Zensical's page content: what the page's Markdown became.
_CONTENT = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.DOTALL)
_FIRST_HEADING = re.compile(r"^#[ \t]+(.*?)(?:[ \t]*\{[^}]*\})?[ \t]*$", re.MULTILINE)


def finish_site(site_dir: Path, project: Path, index: RuleIndex, page_urls: dict[str, str],
                page_titles: dict[str, str], budget_mb: int) -> None:
    """The steps every engine's site gets once its pages are written. ``page_urls`` and ``page_titles``:
    of the rule pages and the What's-new pages (``offline.whats_new_pages``), as the engine made them."""
    page_titles = {path: html.unescape(title) for path, title in page_titles.items()}  # HTML text, as engines use it
    for problem in calculator_review.unreviewed(index, calculators.all_calculators()):
        review_log.warning(problem)
    bundle.write_bundle(site_dir, project)  # Pyodide and the calculators wheel, for pages with calculators
    write_rule_index_json(site_dir, index, page_urls, page_titles)
    report_unresolved(index, project)
    write_sitemap(site_dir)
    # Keep last: the service worker precaches exactly the files on disk at this point.
    precache = offline.write_service_worker(site_dir, budget_mb, offline.changes(index, page_urls))
    over = offline.over_budget(precache.size, budget_mb)
    if over:
        log.warning(over)


def finish(site_dir: Path, config_file: Path) -> None:
    """What the ruleref plugin does for MkDocs, done over ``site_dir`` for an engine without it."""
    project = config_file.parent
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    docs_dir = project / config.get("docs_dir", "docs")
    # The index our extensions built while the engine rendered the pages in this process, if it did.
    index = cached_index(str(docs_dir.resolve()), str((project / "rulesets").resolve()))
    for name in asset_names():
        target = site_dir / ASSET_PREFIX / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS / name, target)
    for path, content in offline.manifest_files(config["site_name"], config.get("site_description"),
                                                config.get("theme", {})).items():
        (site_dir / path).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / path).write_bytes(content)
    for page in sorted(site_dir.rglob("*.html")):
        finish_page(page, site_dir)
    directory_urls = config.get("use_directory_urls", True)
    pages = [*index.pages, *offline.whats_new_pages(index)]  # What's new: where the update prompt links
    page_urls = {path: page_url(path, directory_urls) for path in pages}
    titles = {path: _page_title(docs_dir / path) for path in pages}
    finish_site(site_dir, project, index, page_urls, titles, _offline_budget(config))


def finish_page(page: Path, site_dir: Path) -> None:
    """A page's head completed, once its content is known to hold no script of its own."""
    html = page.read_text(encoding="utf-8")
    content = _CONTENT.search(html)
    found = csp.unwritten_script(content.group(1)) if content else None
    if found:
        raise SourceError(str(page.relative_to(site_dir)), None,
                          f"the page holds a script the build did not write, {found} (from its text, an "
                          "annotation or a glossary entry); scripts cannot run in rule pages, so the build stops")
    html = page_head.finish(html)
    name = page.relative_to(site_dir).as_posix()
    page_size.warn_if_too_big(html, page_url=name.removesuffix("index.html"), source=name)
    page.write_text(html, encoding="utf-8")


def report_unresolved(index, project: Path) -> None:
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


def _page_title(path: Path) -> str:
    """A page's title as the engines make it: its front matter's, else its first heading's."""
    text = path.read_text(encoding="utf-8")
    front, _ = _front_matter(text, str(path))
    if front.get("title"):
        return str(front["title"])
    heading = _FIRST_HEADING.search(text)
    return heading.group(1) if heading else path.stem


def _offline_budget(config: dict) -> int:
    """The ruleref plugin's ``offline_budget_mb`` in mkdocs.yml, which is read here when no plugin runs."""
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "ruleref" in plugin:
            return int((plugin["ruleref"] or {}).get("offline_budget_mb", DEFAULT_BUDGET_MB))
    return DEFAULT_BUDGET_MB
