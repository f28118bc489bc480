"""A synthetic rulebook in the shapes of the real texts, for build benchmarks.

10,000 rules across chapters and pages, nested like G15 (15.2 > 15.21 > 15.211),
with the reference shapes the real texts use: absolute (B24.7), chapter-relative
lists ((2.21; 3.1)), ranges (A26.2-.3), bracketed exceptions, quoted values,
and rules the reference does not contain.
"""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ("vehicle dozer Clearance Location Labor Status Mobile target hex Infantry attack "
         "DRM Original Final MPh counter entrance pillbox Bog cave vs the of a its in may").split()


def _rule_ids(chapter: str, sections: int) -> list[tuple[str, int]]:
    """(rule number without chapter, heading level) in document order: 1, 1.1, 1.11, 1.12, 1.2 ..."""
    ids = []
    for section in range(1, sections + 1):
        ids.append((f"{section}", 1))
        for sub in range(1, 10):
            ids.append((f"{section}.{sub}", 2))
            for subsub in range(1, 10):
                ids.append((f"{section}.{sub}{subsub}", 3))
    return ids


def _sentence(rng: random.Random, chapter: str, known: list[str]) -> str:
    words = rng.choices(WORDS, k=rng.randint(12, 30))
    ref_kind = rng.randrange(6)
    target = rng.choice(known)
    if ref_kind == 0:
        words.insert(rng.randrange(len(words)), f"({target.removeprefix(chapter)}; {rng.choice(known).removeprefix(chapter)})")
    elif ref_kind == 1:
        words.insert(rng.randrange(len(words)), f"as per {target}")
    elif ref_kind == 2:
        words.insert(rng.randrange(len(words)), "(B24.7)")  # a rule this reference does not contain
    elif ref_kind == 3:
        words.insert(rng.randrange(len(words)), f"[EXC: see {target}]")
    elif ref_kind == 4:
        words.insert(rng.randrange(len(words)), 'its weight is "9.5"')
    else:
        words.insert(rng.randrange(len(words)), "(A26.2-.3)")
    sentence = " ".join(words)
    return sentence[0].upper() + sentence[1:] + "."


def write_rulebook(docs: Path, *, rules: int = 10_000, rules_per_page: int = 100, seed: int = 7) -> int:
    """Write the synthetic pages under ``docs/synth/``; return the number of rules written."""
    rng = random.Random(seed)
    chapters = "ABCDEFGH"
    per_chapter = -(-rules // len(chapters))
    written = 0
    (docs / "synth").mkdir(parents=True, exist_ok=True)
    (docs / "index.md").write_text("# Synthetic rulebook\n", encoding="utf-8")
    for chapter in chapters:
        numbers = _rule_ids(chapter, sections=per_chapter // 91 + 1)[:per_chapter]
        known = [f"{chapter}{n}" for n, _ in numbers if "." in n]
        for start in range(0, len(numbers), rules_per_page):
            chunk = numbers[start:start + rules_per_page]
            page = [f"---\nruleset: synth\nchapter: {chapter}\nsource: synthetic\ntitle: {chapter} {start}\n---\n"]
            for number, level in chunk:
                rule_id = f"{chapter}{number}"
                page.append(f"{'#' * min(level + 1, 6)} {number} RULE {rule_id}: {{: #{rule_id} .rr-rule data-rule=\"{rule_id}\" }}\n")
                page.append(" ".join(_sentence(rng, chapter, known) for _ in range(rng.randint(1, 3))) + "\n")
                written += 1
            (docs / "synth" / f"{chapter.lower()}-{start // rules_per_page:03d}.md").write_text("\n".join(page), encoding="utf-8")
    return written


def write_ruleset(rulesets: Path) -> None:
    folder = rulesets / "synth"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yml").write_text(
        "name: Synthetic\nshort_name: SY\nreferences: chapter-dotted\nchapters: [A, B, C, D, E, F, G, H]\nsources: []\n",
        encoding="utf-8")


def remember_as_imported(root: Path) -> None:
    """Keep the rule index's reading of each synthetic page, as ``ruleref import`` keeps it for each page
    it writes (``build_tools.rule_index_cache``): the pages stand for an import's output, so a timed
    build starts where a user's first build after an import starts."""
    from build_tools.rule_index import remember_page
    from build_tools.rulesets import load_rulesets

    ruleset = load_rulesets(root / "rulesets")["synth"]
    for page in sorted((root / "docs" / "synth").glob("*.md")):
        remember_page(root / "docs", f"synth/{page.name}", page.read_text(encoding="utf-8"), ruleset)
