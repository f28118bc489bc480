"""``ruleref new``: a ruleset folder to start from, with an example source in its numbering.

The example is short and imports as it is, so ``ruleref import --all`` and
``ruleref serve`` work at once; it shows the source format line by line and is
meant to be replaced by the book's own text.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from build_tools.errors import SourceError

_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

# One example per numbering: the shape of its rule lines, titles, lists and references.
_EXAMPLES = {
    "case": """\
1. FIRST SECTION
1.1 A Case With a Title
This line is the text of case 1.1. A case number starts its line; each digit
after the dot is one level deeper (1.1, 1.11).
1.11 Titles: A title may end with a colon; the rest of the line is the text. See 1.2.
1.2 Lists and References
- A bullet item.
- References such as 1.11, (1.2), see 2 and 1.1-1.11 become links.
2. SECOND SECTION
2.1 Replace this file with your rulebook's text (Exception: 1.11).
""",
    "decimal": """\
1.0 FIRST SECTION
1.1 A Rule With a Title
This line is the text of rule 1.1. A rule number starts its line; each
dotted group is one level deeper (1.1, 1.1.1).
1.1.1 Titles: A title may end with a colon; the rest of the line is the text. See 1.2.
1.2 Lists and References
- A bullet item.
- References such as 1.1.1, (1.2), see 2.0 and 1.1-1.2 become links.
2.0 SECOND SECTION
2.1 Replace this file with your rulebook's text (Exception: 1.1.1).
""",
    "asl": """\
1. First Rule
1.1 TITLE IN CAPITALS: The text of rule {chapter}1.1. A number without its
chapter letter belongs to this source's chapter ({chapter}).
1.11 SUB-RULE: Each digit after the dot is one level deeper. See 1.1 and {chapter}1.2.
1.2 LISTS: References such as ({chapter}1.1; 1.11) become links.
2. Second Rule
2.1 REPLACE ME: Replace this file with your rulebook's text.
""",
    "none": """\
Example Rules
The first line is the document's title; each short line that reads like a
title heads a section, whose ID is a slug of its title.
First Section
Text of the first section.
- A bullet item.
Second Section
Replace this file with your rulebook's text.
""",
}

_MARKDOWN_EXAMPLES = {
    "case": """\
# Example Rules

## 1. First Section

**1.1) A Case With a Title.** The bold run after the number is the title.
Markdown paragraphs run to the next blank line.

**1.11)** Each digit after the dot is one level deeper. See 1.1.

| Die roll | Result |
|---|---|
| 1-3 | Pass |
| 4-6 | Fail (see 2) |

## 2. Second Section

**2.1)** Replace this file with your rulebook's text.
""",
    "decimal": """\
# Example Rules

## 1.0 First Section

### 1.1 A Rule With a Title

The heading's number is the rule; its text follows. See 1.1.1.

**1.1.1** Each dotted group is one level deeper.

- A bullet item, with a reference to 2.0.

## 2.0 Second Section

**2.1** Replace this file with your rulebook's text.
""",
}


def new_ruleset(root: Path, ruleset_id: str, *, name: str, short_name: str | None, numbering: str,
                source_format: str, chapters: str | None) -> list[Path]:
    """Create ``root/<ruleset_id>/`` with its ruleset.yml and example source; the paths created."""
    if not _ID.fullmatch(ruleset_id):
        raise SourceError(ruleset_id, None, "a ruleset id is lower case letters, digits and hyphens "
                                            "(it is the folder name and the site's URL path)")
    folder = root / ruleset_id
    if folder.exists():
        raise SourceError(str(folder), None, "already exists: choose another id, or edit its ruleset.yml")
    letters = [c.strip() for c in (chapters or "").split(",") if c.strip()]
    if numbering == "asl" and not letters:
        raise SourceError(ruleset_id, None, "numbering asl needs --chapters (the chapter letters, such as A,B,C)")
    if letters and numbering != "asl":
        raise SourceError(ruleset_id, None, f"numbering {numbering} has no chapters: leave out --chapters")
    if source_format == "markdown" and numbering not in _MARKDOWN_EXAMPLES:
        raise SourceError(ruleset_id, None, f"the Markdown example exists for numbering case and decimal; "
                                            f"use --format text for numbering {numbering}")
    suffix = "md" if source_format == "markdown" else "txt"
    source_file = f"sources/{ruleset_id}.{suffix}"
    settings: dict = {"name": name,
                      "short_name": short_name or "".join(word[0] for word in name.split() if word[0].isalnum()).upper(),
                      "numbering": numbering}
    if letters:
        settings["chapters"] = letters
    entry = {"file": source_file, "page": ruleset_id}
    if letters:
        entry["chapter"] = letters[0]
    settings["sources"] = [entry]
    example = (_MARKDOWN_EXAMPLES if source_format == "markdown" else _EXAMPLES)[numbering]
    (folder / "sources").mkdir(parents=True)
    ruleset_yml = folder / "ruleset.yml"
    ruleset_yml.write_text(
        "# Written by `ruleref new`; the README's \"Add your own rulebook\" explains every key.\n"
        + yaml.safe_dump(settings, sort_keys=False, allow_unicode=True), encoding="utf-8")
    source = folder / source_file
    source.write_text(example.format(chapter=letters[0] if letters else ""), encoding="utf-8")
    return [ruleset_yml, source]
