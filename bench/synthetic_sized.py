"""Synthetic rule sources of a given size in MB (numbering ``case``), in two shapes.

* ``pages``: the book spread over pages as a printed rulebook is, one page
  per chapter of about ``PAGE_BYTES`` of source;
* ``one-page``: the whole book in one source, hence one page, where one rule
  holds ``ONE_RULE_SHARE`` of the text as one short paragraph after another
  (the shape of a transcription that lost its rule numbers: 20 MB make about
  120,000 paragraphs under one rule), and the rest are ordinary rules, enough
  of them for the import to find the book plausible.

Sentences come from ``bench/synthetic_numbered.py``: references in the
grammar's forms and the quantities that must not be read as references.
"""

from __future__ import annotations

import random
from pathlib import Path

from bench.synthetic_numbered import _numbers, _sentence, rule_lines

PAGE_BYTES = 200_000  # a chapter of a printed rulebook: a few dozen printed pages of text
ONE_RULE_SHARE = 0.9  # of a one-page book's text: paragraphs under its first rule
SHAPES = ("pages", "one-page")


def write_sized_book(folder: Path, megabytes: float, shape: str, *, seed: int = 7) -> None:
    """A ruleset folder ``folder`` (ruleset.yml + sources/*.txt) of about ``megabytes`` MB of source in ``shape``."""
    rng = random.Random(seed)
    target = int(megabytes * 1_000_000)
    (folder / "sources").mkdir(parents=True, exist_ok=True)
    if shape == "pages":
        files = _book_lines(rng, target, page_bytes=PAGE_BYTES)
    elif shape == "one-page":
        paragraphs = int(target * ONE_RULE_SHARE)
        files = [_one_rule_of_paragraphs(rng, paragraphs) + _book_lines(rng, target - paragraphs, first=2)[0]]
    else:
        raise ValueError(f"shape {shape!r}: one of {', '.join(SHAPES)}")
    entries = []
    for number, lines in enumerate(files):
        name = f"part-{number:03d}"
        (folder / "sources" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        entries.append(f"  - file: sources/{name}.txt\n    page: {name}\n    format: text\n")
    (folder / "ruleset.yml").write_text(f"name: Synthetic {megabytes:g} MB {shape}\nshort_name: SY\nnumbering: case\n"
                                        f"sources:\n{''.join(entries)}", encoding="utf-8")


def _book_lines(rng: random.Random, target: int, *, page_bytes: int | None = None, first: int = 1) -> list[list[str]]:
    """Lines of whole numbered sections (``first``, ``first + 1`` ...: a section and its 90 rules) until
    ``target`` bytes, cut into files of about ``page_bytes`` at section starts (one file when None)."""
    files: list[list[str]] = [[]]
    size = file_size = 0
    section = first
    while size < target:
        if page_bytes is not None and file_size >= page_bytes:
            files.append([])
            file_size = 0
        lines = _section_lines(rng, section)
        files[-1] += lines
        added = sum(len(line) + 1 for line in lines)
        size += added
        file_size += added
        section += 1
    return files


def _section_lines(rng: random.Random, section: int) -> list[str]:
    """Section ``section``, its 9 titled rules and their 81 sub-rules, each citing rules of the section."""
    numbers = [(f"{section}{number[1:]}", depth) for number, depth in _numbers("case", 1)]
    known = [number for number, depth in numbers if depth > 1]
    lines = []
    for number, depth in numbers:
        if depth == 1:
            lines.append(f"{number}. SECTION {section}")
        else:
            lines += rule_lines(rng, number, depth, known, section)
    return lines


def _one_rule_of_paragraphs(rng: random.Random, target: int) -> list[str]:
    """Section 1 and rule 1.1, whose text is paragraphs of one sentence each until ``target`` bytes."""
    lines = ["1. SECTION 1", "1.1 One Long Rule"]
    size = sum(len(line) + 1 for line in lines)
    known = ["1.1"]
    while size < target:
        lines += [_sentence(rng, known, 1), ""]
        size += len(lines[-2]) + 2
    return lines
