"""The ruleref MkDocs plugin: site-wide steps only (text processing lives in build_tools.markdown)."""

from build_tools.plugin.plugin import RulerefPlugin

__all__ = ["RulerefPlugin"]
