"""A small two-ruleset project (rule pages, glossaries, annotations) and a
renderer that runs our Markdown extensions on it the way MkDocs does."""

from __future__ import annotations

import textwrap
from pathlib import Path

import markdown
import pytest
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets

RULESETS = {
    "asl/ruleset.yml": """\
        name: Advanced Squad Leader
        short_name: ASL
        references: chapter-dotted
        chapters: [A, B, C, D, E, F, G, H]
        """,
    "asl/glossary.yml": """\
        DR: Dice Roll (two dice)
        dr: die roll (one die)
        DRM: Dice Roll Modifier
        MP: Movement Points
        MPh: Movement Phase
        CS#: Crew Survival number
        """,
    "battlefront/ruleset.yml": """\
        name: "Battlefront: WWII"
        short_name: BF
        references: none
        chapters: []
        """,
    "battlefront/glossary.yml": """\
        dr: discipline rating
        AT: anti-tank
        """,
}

PAGES = {
    "asl/g15.md": """\
        ---
        ruleset: asl
        chapter: G
        ---

        # 15. Bulldozers {: #G15 .rr-rule data-rule="G15" }

        ## 15.2 CAPABILITES: {: #G15.2 .rr-rule data-rule="G15.2" }

        Clear rubble (with a -5 DRM; B24.7).

        ### 15.21 vs PILLBOX: {: #G15.21 .rr-rule data-rule="G15.21" }

        The dozer must expend aStop MP in its MPh; see 15.25.

        ### 15.25 vs SINGLE-STORYHOUSE: {: #G15.25 .rr-rule data-rule="G15.25" }

        If the Final Clearance DR is < 2 the house is rubbled.
        """,
    "battlefront/engineering.md": """\
        ---
        ruleset: battlefront
        ---

        # Engineering Action {: #engineering-action .rr-rule data-rule="engineering-action" }

        Add the dr of the unit. AT ditches.
        """,
}


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def project_dir(tmp_path) -> Path:
    """A fresh copy of the project above, which a test may change."""
    write(tmp_path / "rulesets", RULESETS)
    write(tmp_path / "docs", PAGES)
    return tmp_path


def index_of(project_dir: Path) -> RuleIndex:
    return RuleIndex.from_docs(project_dir / "docs", load_rulesets(project_dir / "rulesets"))


EXTENSIONS = ["attr_list", "md_in_html", "tables", "admonition", "toc",
              "build_tools.markdown.references", "build_tools.markdown.exceptions",
              "build_tools.markdown.annotations", "build_tools.markdown.glossary"]


def render(project_dir: Path, page: str, text: str | None = None, index: RuleIndex | None = None) -> str:
    """HTML of ``page`` (docs-relative) rendered as MkDocs would, with our extensions;
    ``text`` replaces the page's body (front matter is not Markdown)."""
    index = index or index_of(project_dir)
    if text is None:
        text = (project_dir / "docs" / page).read_text(encoding="utf-8").split("---", 2)[2]
    config = {"current_page": page, "rule_index": index}  # what the plugin gives each extension
    md = markdown.Markdown(extensions=EXTENSIONS, extension_configs={
        "build_tools.markdown.references": {**config, "docs_dir": str(project_dir / "docs")},
        "build_tools.markdown.annotations": config,
        "build_tools.markdown.glossary": config,
    })
    return md.convert(textwrap.dedent(text))
