"""What a ruleref extension knows of the site and of the page it renders, with or without our plugin.

Under MkDocs (or ProperDocs) the ruleref plugin builds the rule index once per
build and tells each extension which page it renders (``rule_index`` and
``current_page`` in ``mdx_configs``). An engine that runs no MkDocs plugin
(Zensical) runs the same extensions without either:

* the index is built from ``docs_dir`` and ``rulesets_dir`` (the extension's
  own options) at the first page, and kept until a page or ruleset file changes;
* the page is the one the engine says it renders. Zensical registers it on the
  Markdown instance as its ``rendering_context`` preprocessor, whose ``page.path``
  is the docs-relative path, as MkDocs' ``src_uri`` is.
"""

from __future__ import annotations

from pathlib import Path

from markdown import Markdown

from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

# The extensions that take the rule index and the page (``page_options``).
EXTENSIONS = ("build_tools.markdown.references", "build_tools.markdown.annotations",
              "build_tools.markdown.glossary", "build_tools.markdown.calculators")
# The preprocessor name under which Zensical keeps the page being rendered.
ENGINE_PAGE_CONTEXT = "rendering_context"


def page_options(rule_index_help: str) -> dict:
    """The options every ruleref extension takes (Python-Markdown coerces None defaults to
    booleans, so an unset option is an empty string)."""
    return {
        "current_page": ["", "docs-relative path of the page being rendered (set per page by the plugin; "
                             "else the engine's own page context)"],
        "rule_index": ["", rule_index_help],
        "docs_dir": ["docs", "the docs folder (to build the rule index without the plugin)"],
        "rulesets_dir": ["rulesets", "the folder of rulesets/<id>/ruleset.yml (to build the rule index "
                                     "without the plugin)"],
    }


def site_index(config: dict) -> RuleIndex:
    """The plugin's rule index, else the index of ``docs_dir`` built here."""
    return config["rule_index"] or cached_index(str(config["docs_dir"]), str(config["rulesets_dir"]))


def current_page(md: Markdown, config: dict) -> str:
    """The docs-relative path of the page ``md`` renders ("" when nobody says)."""
    if config["current_page"]:
        return config["current_page"]
    if ENGINE_PAGE_CONTEXT in md.preprocessors:
        path = getattr(getattr(md.preprocessors[ENGINE_PAGE_CONTEXT], "page", None), "path", None)
        if isinstance(path, str):
            return path.replace("\\", "/")
    return ""


_index_cache: dict[tuple, RuleIndex] = {}


def cached_index(docs_dir: str, rulesets_dir: str) -> RuleIndex:
    """The index of ``docs_dir``, rebuilt only when a page or ruleset file changes."""
    stamp = tuple((str(path), (status := path.stat()).st_mtime_ns, status.st_size)
                  for folder, pattern in ((docs_dir, "*.md"), (rulesets_dir, "*.yml"))
                  for path in sorted(Path(folder).rglob(pattern)))
    key = (docs_dir, rulesets_dir, stamp)
    if key not in _index_cache:
        _index_cache.clear()
        _index_cache[key] = RuleIndex.from_docs(Path(docs_dir), load_rulesets(Path(rulesets_dir)))
    return _index_cache[key]
