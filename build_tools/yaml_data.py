"""YAML as ruleref reads its data files and front matter: with libyaml where PyYAML was built with it.

The same safe loading as ``yaml.safe_load``, several times faster on the files a build reads on
every run (a book's ``versions.yml``, every rule page's front matter). Errors are ``yaml.YAMLError``
with the same marks (line, column)."""

from __future__ import annotations

import yaml

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str):
    return yaml.load(text, Loader=_LOADER)
