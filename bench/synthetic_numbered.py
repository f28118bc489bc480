"""Synthetic rulebooks without chapter letters, as sources to import: 10,000 rules numbered
``case`` (5, 5.4, 5.44) or ``decimal`` (5.0, 5.4, 5.4.4), many top-level rules per file.

Each sentence carries what real rule text carries: references in the grammar's
forms (``(see 5.4)``, ``(9.2; 3.1)``, ``see 4 and 6.41``, ranges, ``Exception:``)
and the quantities that must not be read as references (``4.5 MP``,
``4-4-6``, hex ``0812``, ``10/16``).
"""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ("unit hex movement combat supply bridge river ford engineer turn phase may must not the of a its in "
         "enemy friendly zone control stack attack defend retreat").split()
SECTIONS_PER_FILE = 2  # about 180 rules per page, beside the 100 of the ASL-numbered bench book


def _numbers(numbering: str, sections: int) -> list[tuple[str, int]]:
    """(rule ID, depth) in document order: 1 > 1.1 > 1.11 (case) or 1.0 > 1.1 > 1.1.1 (decimal)."""
    numbers = []
    for section in range(1, sections + 1):
        numbers.append((f"{section}" if numbering == "case" else f"{section}.0", 1))
        for case in range(1, 10):
            numbers.append((f"{section}.{case}", 2))
            for sub in range(1, 10):
                numbers.append((f"{section}.{case}{sub}" if numbering == "case" else f"{section}.{case}.{sub}", 3))
    return numbers


def _sentence(rng: random.Random, known: list[str], sections: int) -> str:
    words = rng.choices(WORDS, k=rng.randint(12, 30))
    kind = rng.randrange(6)
    target = rng.choice(known)
    inserts = {
        0: f"(see {target})",
        1: f"({target}; {rng.choice(known)})",
        2: f"see {rng.randint(1, sections)} and {rng.choice(known)}",
        3: f"(Exception: {target})",
        4: "at 4.5 MP, or 2 hexes for a 4-4-6 unit in hex 0812",
        5: f"as per {target} to {rng.choice(known)}; 10/16 of them",
    }
    words.insert(rng.randrange(len(words)), inserts[kind])
    sentence = " ".join(words)
    return sentence[0].upper() + sentence[1:] + "."


def rule_lines(rng: random.Random, number: str, depth: int, known: list[str], sections: int) -> list[str]:
    """A rule below a section, as its source prints it: a titled rule (depth 2) with its text on the
    next line, a sub-rule with its text on its own line; the text cites ``known`` rules."""
    text = " ".join(_sentence(rng, known, sections) for _ in range(rng.randint(1, 3)))
    return [f"{number} Rule Title {number}", text] if depth == 2 else [f"{number} {text}"]


def write_source_book(folder: Path, numbering: str, *, rules: int = 10_000, seed: int = 7) -> int:
    """A ruleset folder ``folder`` (ruleset.yml + sources/*.txt); the number of rules in it."""
    rng = random.Random(seed)
    sections = -(-rules // 91)
    numbers = _numbers(numbering, sections)[:rules]
    known = [number for number, depth in numbers if depth > 1]
    (folder / "sources").mkdir(parents=True, exist_ok=True)
    entries, lines, file_number = [], [], 0

    def flush():
        nonlocal lines, file_number
        if lines:
            name = f"part-{file_number:03d}"
            (folder / "sources" / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
            entries.append(f"  - file: sources/{name}.txt\n    page: {name}\n    format: text\n")
            lines, file_number = [], file_number + 1

    for number, depth in numbers:
        if depth == 1:
            if int(number.split(".")[0]) % SECTIONS_PER_FILE == 1:
                flush()
            lines.append(f"{number}{'.' if numbering == 'case' else ''} SECTION {number.split('.')[0]}")
        else:
            lines += rule_lines(rng, number, depth, known, sections)
    flush()
    (folder / "ruleset.yml").write_text(f"name: Synthetic {numbering}\nshort_name: SY\nnumbering: {numbering}\n"
                                        f"sources:\n{''.join(entries)}", encoding="utf-8")
    return len(numbers)
