"""A real ``mkdocs build --strict`` of a tiny site with the references
extension alone (no ruleref plugin): links are the page URLs MkDocs would
write, and an explicit link to no rule fails the strict build."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURE_DOCS = Path(__file__).resolve().parent / "fixtures" / "docs"

# What the ruleref plugin does for the extension, reduced to one hook: tell it
# which page it renders (MkDocs makes a Markdown instance per page from mdx_configs).
HOOK = '''
def on_page_markdown(markdown, page, config, files):
    config.mdx_configs["build_tools.markdown.references"]["current_page"] = page.file.src_uri
    return markdown
'''

CONFIG = f'''
site_name: references test
theme:
  name: material
hooks:
  - hook.py
markdown_extensions:
  - attr_list
  - md_in_html
  - tables
  - admonition
  - toc
  - build_tools.markdown.references:
      docs_dir: docs
      rulesets_dir: {ROOT / "rulesets"}
'''


def build(tmp_path: Path, extra_pages: dict[str, str]) -> subprocess.CompletedProcess:
    shutil.copytree(FIXTURE_DOCS, tmp_path / "docs")
    for name, text in extra_pages.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    (tmp_path / "hook.py").write_text(HOOK, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", "site"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("site")
    result = build(tmp_path, {
        "index.md": "# Rules\n\nStart with [[G15.21]], or [[engineering-action|engineering actions]].\n",
        "asl/notes.md": "---\nruleset: asl\n---\n\n# Notes\n\nA dozer clears a pillbox (G15.21); its "
                        "crew is affected as per D.8A.\n",
    })
    assert result.returncode == 0, result.stderr
    return tmp_path / "site"


def test_cross_page_references_become_page_urls(site):
    notes = (site / "asl/notes/index.html").read_text(encoding="utf-8")
    assert '<a class="rr-ref" data-rule="G15.21" href="../g15-bulldozers/#G15.21">G15.21</a>' in notes
    assert '<a class="rr-ref" data-rule="D.8A" href="../chapter-d-vehicles/#D.8A">D.8A</a>' in notes


def test_explicit_links_from_the_home_page_resolve(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<a class="rr-ref" data-rule="G15.21" href="asl/g15-bulldozers/#G15.21">G15.21</a>' in home
    assert ('<a class="rr-ref" data-rule="engineering-action" href="battlefront/engineering-rules/#engineering-action">'
            'engineering actions</a>') in home


def test_same_page_references_and_referenced_by_survive_the_theme(site):
    g15 = (site / "asl/g15-bulldozers/index.html").read_text(encoding="utf-8")
    assert 'treated as per <a class="rr-ref" data-rule="G15.11" href="#G15.11">15.11</a>.' in g15
    assert '<p class="rr-cited-by" data-search-exclude="">Referenced by: <a class="rr-ref" data-rule="G15.12" href="#G15.12">G15.12</a></p>' in g15
    assert '<span class="rr-ref rr-ref--missing" data-rule="B24.7" title="B24.7 is not in this reference">B24.7</span>' in g15


def test_an_explicit_link_to_no_rule_fails_the_strict_build(tmp_path):
    result = build(tmp_path, {"asl/notes.md": "---\nruleset: asl\n---\n\n# Notes\n\nSee [[G15.99]].\n"})
    assert result.returncode != 0
    assert "asl/notes.md:7: the rule link [[G15.99]] names no rule in this reference" in result.stderr
