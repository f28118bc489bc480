from mkdocs.config import config_options as c
from mkdocs.config.base import Config


class RulerefConfig(Config):
    # Folder of rulesets/<id>/ruleset.yml (+ glossary, annotations, calculator placements).
    rulesets_dir = c.Type(str, default="rulesets")
