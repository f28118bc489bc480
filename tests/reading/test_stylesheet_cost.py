"""What our stylesheets may not ask of a phone's main thread."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ASSETS = Path(__file__).resolve().parents[2] / "build_tools" / "assets"


@pytest.mark.parametrize("sheet", sorted(ASSETS.rglob("*.css")), ids=lambda path: path.name)
def test_no_rule_matches_an_element_by_what_it_holds(sheet):
    # ".rr-rule:has(.rr-copy-link[data-copied])" on the rule headings cost G15's first load at 4x CPU about a tenth of
    # its main-thread time (traced, four loads each: 1.51-1.84 s of tasks with it, 1.47-1.64 s without): Chromium
    # checks such a rule again at every change under every heading. A script marks the element itself (permalink.js).
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
    assert ":has(" not in text
