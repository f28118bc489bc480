"""Write imported pages into ``docs/`` and keep the pages that list them in step.

Navigation follows ``docs/`` (no ``nav:`` in mkdocs.yml), so importing a new
text only needs its page written and the pages that list pages refreshed:
each ruleset's landing page, its glossary page (when it has a
``glossary.yml``) and the list of rulesets on the home page. Every page
written here is marked as generated (rule pages by their ``source:``, the
others by ``GENERATED``), so ``ruleref import --all`` can remove those that
nothing produces any more and leave hand-written pages alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from build_tools import yaml_data
from build_tools.rulesets import Ruleset

HOME_START = "<!-- rulesets:start (written by `ruleref import`; edit around it) -->"
HOME_END = "<!-- rulesets:end -->"
GENERATED = "# written by ruleref import: edit rulesets/ instead"
GLOSSARY_FILE = "glossary.yml"


def write_page(docs_dir: Path, ruleset: str, page: str, markdown: str) -> bool:
    """Write ``docs/<ruleset>/<page>.md`` unless it holds ``markdown`` already; whether it changed
    (an unchanged page keeps its modification time, so ``ruleref serve`` does not rebuild for it)."""
    target = docs_dir / ruleset / f"{page}.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() and target.read_text(encoding="utf-8") == markdown:
        return False
    target.write_text(markdown, encoding="utf-8")
    return True


def front_matter(text: str) -> dict:
    match = re.match(r"---\n(.*?)\n---\n", text, re.S)
    return (yaml_data.load(match.group(1)) or {}) if match else {}


def generated_pages(docs_dir: Path) -> list[Path]:
    """Every page under ``docs_dir`` that ``ruleref import`` wrote (not the home page)."""
    return [path for path in sorted([*docs_dir.glob("*/*.md"), *docs_dir.glob("*/versions/*.md")])
            if is_generated(path.read_text(encoding="utf-8"))]


def is_generated(text: str) -> bool:
    """Whether a page of docs/ holding ``text`` is one ``ruleref import`` wrote."""
    if text.startswith(f"---\n{GENERATED}\n"):
        return True
    meta = front_matter(text)
    return bool(meta.get("source") and meta.get("ruleset"))


def rule_pages(docs_dir: Path, ruleset: str) -> list[tuple[str, str, str]]:
    """(file name, title, Markdown) of the ruleset's imported rule pages, in file-name order."""
    pages = []
    for path in sorted((docs_dir / ruleset).glob("*.md")):
        text = path.read_text(encoding="utf-8")
        meta = front_matter(text)
        if meta.get("ruleset") == ruleset and meta.get("source"):
            pages.append((path.name, str(meta.get("title") or path.stem), text))
    return pages


def write_landing_pages(docs_dir: Path, rulesets: dict[str, Ruleset]) -> None:
    """Each ruleset's landing and glossary pages, and the home page's list."""
    summaries = {}
    for ruleset in rulesets.values():
        pages = rule_pages(docs_dir, ruleset.id)
        summaries[ruleset.id] = _ruleset_summary(ruleset, pages)
        has_glossary = (ruleset.folder / GLOSSARY_FILE).is_file()
        if has_glossary and _generated_or_absent(docs_dir / ruleset.id / "glossary.md"):
            _write_glossary_page(docs_dir, ruleset)
        lines = _generated_front(ruleset.name) + [f"# {ruleset.name}", ""]
        lines += [f"- [{title}]({name})" for name, title, _ in pages]
        if has_glossary:
            lines.append(f"- [Glossary of {ruleset.short_name} abbreviations](glossary.md)")
        if any(len(source.versions) > 1 for source in ruleset.sources):
            lines.append("- [What's new](whats-new.md): what changed from one version of the texts to the next")
        write_page(docs_dir, ruleset.id, "index", "\n".join(lines) + "\n")
    _write_home_list(docs_dir / "index.md", rulesets, summaries)


def landing_pages(docs_dir: Path, rulesets: dict[str, Ruleset]) -> list[Path]:
    """The generated pages ``write_landing_pages`` keeps writing."""
    return [docs_dir / ruleset.id / name for ruleset in rulesets.values()
            for name in ("index.md", "glossary.md") if name == "index.md" or (ruleset.folder / GLOSSARY_FILE).is_file()]


def _generated_or_absent(path: Path) -> bool:
    """A glossary page written by hand (its own introduction) is the author's to keep."""
    return not path.exists() or path.read_text(encoding="utf-8").startswith(f"---\n{GENERATED}\n")


def _generated_front(title: str) -> list[str]:
    return ["---", GENERATED, f"title: {_yaml_str(title)}", "---", ""]


def _write_glossary_page(docs_dir: Path, ruleset: Ruleset) -> None:
    lines = _generated_front("Glossary") + [
        "# Glossary", "",
        f"The abbreviations used in the {ruleset.name} rules. In the rule pages each one",
        "is underlined: point at it to see what it stands for, or look it up here.",
        "Abbreviations are case-sensitive.", "",
        "::: glossary",
    ]
    write_page(docs_dir, ruleset.id, "glossary", "\n".join(lines) + "\n")


# A rule heading as the importer writes it: its level and its ID (ARCHITECTURE.md, "Rule pages").
_RULE_HEADING = re.compile(r'^(#{1,6}) .*\{: #(\S+) \.rr-rule data-rule=', re.M)


def _ruleset_summary(ruleset: Ruleset, pages: list[tuple[str, str, str]]) -> str:
    """``28 rules, IDs such as G15.21`` (or ``58 sections`` for a ruleset headed by titles)."""
    rules = [(len(level), rule_id) for _, _, text in pages for level, rule_id in _RULE_HEADING.findall(text)]
    if not rules:
        return "no rules imported yet"
    if ruleset.numbering.name == "none":
        return f"{len(rules)} sections"
    example = next((rule_id for level, rule_id in rules if level >= 2 and "." in rule_id), rules[0][1])
    return f"{len(rules)} rules, IDs such as {example}"


def _write_home_list(home: Path, rulesets: dict[str, Ruleset], summaries: dict[str, str]) -> None:
    listing = "\n".join(f"- [{r.name}]({r.id}/index.md): {summaries[r.id]}" for r in rulesets.values())
    if not rulesets:
        listing = "No rulesets yet: add one under `rulesets/` and run `ruleref import --all` (see the README)."
    block = f"{HOME_START}\n{listing}\n{HOME_END}"
    text = home.read_text(encoding="utf-8") if home.exists() else f"# Rules reference\n\n{HOME_START}\n{HOME_END}\n"
    if HOME_START not in text or HOME_END not in text:
        text = text.rstrip("\n") + f"\n\n{HOME_START}\n{HOME_END}\n"
    head, rest = text.split(HOME_START, 1)
    _, tail = rest.split(HOME_END, 1)
    updated = head + block + tail
    if updated != text or not home.exists():
        home.parent.mkdir(parents=True, exist_ok=True)
        home.write_text(updated, encoding="utf-8")


def _yaml_str(value: str) -> str:
    return yaml.safe_dump(value, default_style='"').strip()
