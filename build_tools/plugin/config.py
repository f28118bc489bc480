from mkdocs.config import config_options as c
from mkdocs.config.base import Config

from build_tools.offline.budget import DEFAULT_BUDGET_MB


class RulerefConfig(Config):
    # Folder of rulesets/<id>/ruleset.yml (+ glossary, annotations, calculator placements).
    rulesets_dir = c.Type(str, default="rulesets")
    # Megabytes an offline copy may take before readers are asked first (build_tools/offline/budget.py).
    offline_budget_mb = c.Type(int, default=DEFAULT_BUDGET_MB)
