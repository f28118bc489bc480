"""What the plugin adds to an MkDocs build: shared assets and theme overrides in its
configuration, the manifest and icons as generated files, section names and page
order in its navigation, and each rule page's URL and title for ``rule-index.json``."""

from __future__ import annotations

from mkdocs.config.config_options import ExtraScriptValue
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Section
from mkdocs.structure.pages import Page

from build_tools import offline
from build_tools.nav_order import in_sources_order
from build_tools.offline import manifest_files
from build_tools.site_assets import ASSET_PREFIX, ASSETS, THEME, asset_names


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


def add_manifest_files(files: Files, config) -> None:
    """The web app manifest and its icons, as generated files (so ``serve`` has them too)."""
    for path, content in manifest_files(config.site_name, config.site_description, config.theme).items():
        files.append(File.generated(config, path, content=content))


def name_ruleset_sections(nav, rulesets) -> None:
    """Auto-navigation titles sections after folders ("Asl"); use the ruleset names."""
    for item in nav.items:
        if isinstance(item, Section):
            folder = _section_folder(item)
            if folder in rulesets:
                item.title = rulesets[folder].name


def order_ruleset_pages(nav, rulesets) -> None:
    """Each ruleset's pages in the order of its ``sources:`` (``nav_order``), and "Previous"/"Next"
    following that order (MkDocs linked the pages before plugins saw the navigation)."""
    def reorder(items: list) -> list:
        for item in items:
            if isinstance(item, Section):
                item.children = reorder(item.children)
        return in_sources_order(items, rulesets, lambda item: item.file.src_uri if isinstance(item, Page) else None)

    nav.items = reorder(nav.items)
    nav.pages = _pages_in(nav.items)
    for before, page, after in zip([None, *nav.pages], nav.pages, [*nav.pages[1:], None]):
        page.previous_page, page.next_page = before, after


def _pages_in(items: list) -> list[Page]:
    pages = []
    for item in items:
        if isinstance(item, Page):
            pages.append(item)
        elif isinstance(item, Section):
            pages += _pages_in(item.children)
    return pages


def _section_folder(section: Section) -> str | None:
    for child in section.children:
        page_file = getattr(child, "file", None)
        if page_file is not None:
            return page_file.src_uri.split("/", 1)[0]
    return None


def page_urls_and_titles(index, files: Files) -> tuple[dict[str, str], dict[str, str]]:
    """Each rule page's and What's-new page's URL (relative to the site root) and title, as MkDocs made them."""
    found = {path: files.get_file_from_path(path) for path in [*index.pages, *offline.whats_new_pages(index)]}
    return ({path: file.url for path, file in found.items()},
            {path: file.page.title if file.page else path for path, file in found.items()})


RULE_PAGE_SEARCH_BOOST = 3


def rank_rules_first(page, index) -> None:
    """Rank rule pages above pages that only mention rule IDs (home, calculators
    index), so a search for G15.21 lands on the rule. A page's own ``search:``
    front matter wins."""
    if page.file.src_uri in index.pages:
        page.meta.setdefault("search", {}).setdefault("boost", RULE_PAGE_SEARCH_BOOST)
