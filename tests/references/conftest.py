from pathlib import Path

import pytest

from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_DOCS = Path(__file__).resolve().parent / "fixtures" / "docs"


@pytest.fixture(scope="session")
def rulesets():
    return load_rulesets(ROOT / "rulesets")


@pytest.fixture(scope="session")
def index(rulesets):
    """The fixture pages: parts of G15 and of Chapter D, and three Battlefront sections."""
    return RuleIndex.from_docs(FIXTURE_DOCS, rulesets)
