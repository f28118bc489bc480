"""Wire MkDocs events to the functions that do the work.

Each event method stays thin: the rule index, the reports and the files the
site needs besides its pages are built by the modules named in each method.
"""

from __future__ import annotations

import gc
import logging
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from build_tools import page_size, site_pass
from build_tools.bundle import csp, page_head
from build_tools.errors import SourceError
from build_tools.markdown.calculators import placements_of
from build_tools.markdown.site_context import EXTENSIONS
from build_tools.plugin import jump_form, search_input, site_files, template_cache
from build_tools.plugin.config import RulerefConfig
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

log = logging.getLogger("mkdocs.plugins.ruleref")

# Our Markdown extensions take the site-wide data from the plugin, and the page
# they render through ``current_page``: MkDocs makes a new Markdown instance per
# page from ``mdx_configs``, so setting it before each render is enough.
REFERENCES = "build_tools.markdown.references"
HISTORY = "build_tools.markdown.history"


class RulerefPlugin(BasePlugin[RulerefConfig]):
    serving = False
    search = None  # this build's search indexing (search_input.LeanIndexing)

    def on_startup(self, *, command, dirty):
        self.serving = command == "serve"

    def on_config(self, config):
        project = Path(config.config_file_path).parent
        try:
            self.rulesets = load_rulesets(project / self.config.rulesets_dir)
        except SourceError as error:
            raise PluginError(str(error)) from error
        # `ruleref serve` rebuilds when ruleset data (glossary, annotations, placements) changes too.
        config.watch.append(str(project / self.config.rulesets_dir))
        site_files.add_assets(config)
        site_files.add_theme_overrides(config)
        return config

    def on_pre_build(self, config):
        if self.serving:  # a source edited under `ruleref serve` shows at once: import it first
            self._import_sources(config)
        try:
            self.index = RuleIndex.from_docs(Path(config.docs_dir), self.rulesets)
            placements_of(self.index)  # rulesets/*/calculators.yml: fail here, naming file:line
        except SourceError as error:
            raise PluginError(str(error)) from error
        # The index lives as long as the build: out of the collector's way, as MkDocs' own objects are not
        # (every full collection would walk its tens of thousands of rules again). Undone in _release_build.
        gc.freeze()
        for name in EXTENSIONS:
            if name in config.markdown_extensions:
                config.mdx_configs.setdefault(name, {})["rule_index"] = self.index
        for name in (REFERENCES, HISTORY):  # they write finished page URLs
            if name in config.markdown_extensions:
                config.mdx_configs.setdefault(name, {})["use_directory_urls"] = config.use_directory_urls
        self.search = search_input.index_lean_pages(config, rules=len(self.index.rules))
        self.jump_examples = jump_form.examples(self.index)

    def on_files(self, files, config):
        self.files = site_files.add_asset_files(files, config)
        try:
            site_files.add_manifest_files(self.files, config)  # manifest.webmanifest + app icons
        except SourceError as error:
            raise PluginError(str(error)) from error
        return self.files

    def on_env(self, env, config, files):
        template_cache.keep_compiled_templates(env, Path(config.config_file_path).parent)
        return env

    def on_nav(self, nav, config, files):
        site_files.name_ruleset_sections(nav, self.rulesets)
        if not config.nav:  # a site's own nav: keeps its own order
            site_files.order_ruleset_pages(nav, self.rulesets)
        return nav

    def on_page_markdown(self, markdown, page, config, files):
        site_files.rank_rules_first(page, self.index)
        for name in (*EXTENSIONS, HISTORY):
            if name in config.mdx_configs:
                config.mdx_configs[name]["current_page"] = page.file.src_uri
        return markdown

    def on_page_context(self, context, page, config, nav):
        context["rr_jump_example"] = self.jump_examples.get(page.file.src_uri)
        return context

    def on_post_page(self, output, page, config):
        found = csp.unwritten_script(page.content or "")
        if found:
            raise PluginError(f"{config.docs_dir}/{page.file.src_uri}: the page holds a script the build did not "
                              f"write, {found} (from its text, an annotation or a glossary entry); scripts cannot "
                              "run in rule pages, so the build stops")
        output = page_head.finish(output)  # every page: CSP; calculator pages: early start of Python
        page_size.warn_if_too_big(output, page_url=page.url,
                                  source=page.meta.get("source") or f"{config.docs_dir}/{page.file.src_uri}")
        return output

    def on_post_template(self, output_content, template_name, config):
        # 404.html: a theme template around no content, so its inline scripts are all the theme's.
        return page_head.finish(output_content) if template_name.endswith(".html") else output_content

    @event_priority(100)  # before the search plugin writes its index
    def _finish_search_index(self, config):
        if self.search is not None:
            try:
                self.search.finish()
            except RuntimeError as error:
                raise PluginError(str(error)) from error

    def _finish_site(self, config):
        try:
            site_pass.finish_site(Path(config.site_dir), Path(config.config_file_path).parent, self.index,
                                  *site_files.page_urls_and_titles(self.index, self.files),
                                  self.config.offline_budget_mb)
        except SourceError as error:
            raise PluginError(str(error)) from error
        self._release_build(config)

    on_post_build = CombinedEvent(_finish_search_index, _finish_site)

    def on_build_error(self, error):
        if self.search is not None:  # no index will be written: end its process
            self.search.abandon()

    def _import_sources(self, config) -> None:
        """``ruleref import --all``; it writes only the pages that change, so the
        rebuild its writes trigger finds nothing more to import."""
        from build_tools.import_sources import import_all

        try:
            import_all(Path(config.config_file_path).parent, self.rulesets,
                       say=lambda line: log.info(line) if line.startswith(("imported", "removed"))
                       and not line.endswith("(unchanged)") else None)
        except SourceError as error:
            raise PluginError(f"{error} (the site shows the last good import)") from error

    def _release_build(self, config) -> None:
        """Let the pages (reachable from the files) and the rule index go.

        MkDocs lets go of them after the build; holding them on to the next
        build or the end of the process would make the garbage collector walk
        tens of thousands of objects again at every full collection, and at exit."""
        self.files = self.index = self.jump_examples = self.search = None
        gc.unfreeze()
        for name in EXTENSIONS:
            config.mdx_configs.get(name, {}).pop("rule_index", None)
