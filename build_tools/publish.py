"""Write imported pages into ``docs/`` and keep the landing pages in step with them.

Navigation follows ``docs/`` (no ``nav:`` in mkdocs.yml), so importing a new
text only needs its page written and the landing pages that list pages refreshed.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from build_tools.rulesets import Ruleset

HOME_START = "<!-- rulesets:start (written by `ruleref import`; edit around it) -->"
HOME_END = "<!-- rulesets:end -->"


def write_page(docs_dir: Path, ruleset: str, page: str, markdown: str) -> Path:
    target = docs_dir / ruleset / f"{page}.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists() or target.read_text(encoding="utf-8") != markdown:
        target.write_text(markdown, encoding="utf-8")
    return target


def front_matter(path: Path) -> dict:
    text = path.read_text(encoding="utf-8")
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    return yaml.safe_load(match.group(1)) if match else {}


def rule_pages(docs_dir: Path, ruleset: str) -> list[tuple[str, str]]:
    """(file name, title) of the ruleset's imported rule pages, in file-name order."""
    pages = []
    for path in sorted((docs_dir / ruleset).glob("*.md")):
        meta = front_matter(path)
        if meta.get("ruleset") == ruleset and meta.get("source"):
            pages.append((path.name, str(meta.get("title") or path.stem)))
    return pages


def write_landing_pages(docs_dir: Path, rulesets: dict[str, Ruleset]) -> None:
    for ruleset in rulesets.values():
        lines = ["---", f"title: {_yaml_str(ruleset.name)}", "---", "", f"# {ruleset.name}", ""]
        lines += [f"- [{title}]({name})" for name, title in rule_pages(docs_dir, ruleset.id)]
        if (docs_dir / ruleset.id / "glossary.md").exists():
            lines.append(f"- [Glossary of {ruleset.short_name} abbreviations](glossary.md)")
        write_page(docs_dir, ruleset.id, "index", "\n".join(lines) + "\n")
    _write_home_list(docs_dir / "index.md", rulesets)


def _write_home_list(home: Path, rulesets: dict[str, Ruleset]) -> None:
    listing = "\n".join(f"- [{r.name}]({r.id}/index.md)" for r in rulesets.values())
    block = f"{HOME_START}\n{listing}\n{HOME_END}"
    text = home.read_text(encoding="utf-8") if home.exists() else f"# Rules reference\n\n{HOME_START}\n{HOME_END}\n"
    if HOME_START not in text or HOME_END not in text:
        text = text.rstrip("\n") + f"\n\n{HOME_START}\n{HOME_END}\n"
    head, rest = text.split(HOME_START, 1)
    _, tail = rest.split(HOME_END, 1)
    updated = head + block + tail
    if updated != text or not home.exists():
        home.write_text(updated, encoding="utf-8")


def _yaml_str(value: str) -> str:
    return yaml.safe_dump(value, default_style='"').strip()
