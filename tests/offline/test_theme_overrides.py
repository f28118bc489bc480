"""The theme overrides stay in step with the pinned Material (issue 5, "Accessibility")."""

from __future__ import annotations

from pathlib import Path

import material

PROJECT = Path(__file__).resolve().parents[2]
MATERIAL = Path(material.__file__).resolve().parent / "templates"
DIALOG = '<div class="md-search" data-md-component="search" role="dialog"'


def test_search_partial_is_materials_own_plus_a_name_for_the_dialog():
    # Our copy differs from Material's only by the dialog's accessible name
    # (axe "aria-dialog-name"); after a Material upgrade this fails until the
    # partial is copied again.
    ours = (PROJECT / "build_tools" / "theme" / "partials" / "search.html").read_text(encoding="utf-8")
    theirs = (MATERIAL / "partials" / "search.html").read_text(encoding="utf-8")
    assert after_comment(ours) == after_comment(theirs).replace(DIALOG, DIALOG + " aria-label=\"{{ lang.t('search') }}\"")


def after_comment(template: str) -> str:
    """The template without its leading Jinja comment (ours says where it comes from)."""
    return template.split("-#}\n", 1)[1]


def test_built_pages_name_the_search_dialog(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    assert '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search">' in html
