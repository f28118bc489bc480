"""The theme's compiled templates are kept between builds (``build_tools.plugin.template_cache``):
a build loads them, and a template edited since is compiled again."""

from __future__ import annotations

from pathlib import Path

from build_tools.plugin.template_cache import FOLDER
from tests.projects import build, make_project


def _footer(project: Path, text: str) -> None:
    """The site's own ``custom_dir`` override of Material's copyright line."""
    partial = project / "overrides" / "partials" / "copyright.html"
    partial.parent.mkdir(parents=True, exist_ok=True)
    partial.write_text(f'<div class="md-copyright">{text}</div>\n', encoding="utf-8")


def test_a_build_keeps_the_compiled_templates_and_the_next_build_sees_an_edited_one(tmp_path):
    project = make_project(tmp_path / "project", {})
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("theme:\n", "theme:\n  custom_dir: overrides\n", 1),
                      encoding="utf-8")
    _footer(project, "Printed by the first edition")
    first = build(project, tmp_path / "site-1")
    kept = sorted((project / FOLDER).iterdir())
    assert len(kept) > 10, "Material's templates, each compiled once"
    assert "Printed by the first edition" in (first / "index.html").read_text(encoding="utf-8")

    mtimes = {path.name: path.stat().st_mtime_ns for path in kept}
    _footer(project, "Printed by the second edition")
    second = build(project, tmp_path / "site-2")
    page = (second / "index.html").read_text(encoding="utf-8")
    assert "Printed by the second edition" in page and "first edition" not in page
    unchanged = [path for path in (project / FOLDER).iterdir() if mtimes.get(path.name) == path.stat().st_mtime_ns]
    assert len(unchanged) == len(kept) - 1, "only the edited template was compiled again"


def test_a_folder_that_cannot_be_written_costs_nothing_but_time(tmp_path):
    project = make_project(tmp_path / "project", {})
    (project / FOLDER).parent.mkdir(parents=True, exist_ok=True)
    (project / FOLDER).write_text("a file where the folder would be", encoding="utf-8")
    site = build(project, tmp_path / "site")
    assert (site / "index.html").is_file()
