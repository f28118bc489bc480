"""``ruleref serve`` imports a changed source before it rebuilds, so the edit shows."""

from __future__ import annotations

from mkdocs.commands.build import build
from mkdocs.config import load_config

from projects import RULEBOOKS, make_project


def serve_rebuild(project):
    """One rebuild as ``ruleref serve`` (MkDocs' serve) runs it."""
    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()


def test_an_edited_source_is_imported_before_the_rebuild(tmp_path):
    project = make_project(tmp_path / "project", {"riverline": RULEBOOKS / "riverline"})
    source = project / "rulesets/riverline/sources/riverline.txt"
    source.write_text(source.read_text(encoding="utf-8").replace("4.3 Isolation", "4.3 Isolation\n4.4 Surrender\n"
                                                                 "An isolated unit may surrender."), encoding="utf-8")
    serve_rebuild(project)
    page = (project / "site/riverline/riverline/index.html").read_text(encoding="utf-8")
    assert 'id="4.4"' in page and "An isolated unit may surrender." in page
    assert "4.4 Surrender" in (project / "docs/riverline/riverline.md").read_text(encoding="utf-8")
