"""Python-Markdown extensions: all text processing of rule pages happens here,
one extension per job (rule references, glossary, annotations), each usable
on its own in ``markdown_extensions``."""


def page_options(rule_index_help: str) -> dict:
    """The options every ruleref extension takes: the page being rendered and
    the site's rule index, both set by the ruleref plugin."""
    return {
        "current_page": ["", "docs-relative path of the page being rendered (set per page by the plugin)"],
        "rule_index": ["", rule_index_help],
    }
