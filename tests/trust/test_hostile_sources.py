"""Bad rule sources never break the site (issue 6): each gives one clear
``error: path:line: reason``, the command exits 1, and the last good ``site/``
(and the imported pages) stay byte for byte as they were.

Every case runs the real command line in a throwaway copy of the project:
build a good site, break one thing, run the command a user would run next.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

import calculators

from trust_project import ruleref, snapshot

G15 = "rulesets/asl/sources/g15-bulldozers.txt"
# The CLI prints "error: ..."; an error MkDocs catches inside the build reaches the user as its log line.
ERROR_LINE = re.compile(r"^(?:error:|ERROR +-) +(?P<path>[^\n:]+):(?P<line>\d+): (?P<reason>.+)$")


@pytest.fixture
def project(tmp_path, imported_project) -> Path:
    """A copy of the imported project with a good site built into its ``site/``."""
    copy = tmp_path / "project"
    shutil.copytree(imported_project, copy, symlinks=True)
    built = ruleref("build", cwd=copy)
    assert built.returncode == 0, built.stderr
    return copy


def append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def assert_one_clear_error(result, *, path: str, line: int, says: str) -> None:
    assert result.returncode == 1, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr, result.stderr
    errors = [match for match in map(ERROR_LINE.match, result.stderr.splitlines()) if match]
    assert len(errors) == 1, f"expected one 'error: path:line: reason' line, got:\n{result.stderr}"
    match = errors[0]
    assert match["path"].endswith(path), match[0]
    assert int(match["line"]) == line, match[0]
    assert says in match["reason"], match[0]


def assert_untouched(project: Path, before: dict[str, dict[str, bytes]]) -> None:
    for folder, files in before.items():
        after = snapshot(project / folder)
        changed = sorted(name for name in files.keys() | after.keys() if files.get(name) != after.get(name))
        assert not changed, f"{folder}/ changed by a failed command: {changed[:10]}"


def state(project: Path) -> dict[str, dict[str, bytes]]:
    return {"site": snapshot(project / "site"), "docs": snapshot(project / "docs")}


def test_rule_number_without_rule_text_names_its_line(project):
    # A rule is its number, an optional title, and text (G15.21 "vs PILLBOX...: A Mobile dozer ...").
    source = project / G15
    append(source, "15.28\n")
    before = state(project)
    result = ruleref("import", "--all", cwd=project)
    assert_one_clear_error(result, path=G15, line=line_count(source), says="15.28 with no rule text")
    assert_untouched(project, before)


def test_invalid_utf8_names_the_line_of_the_bad_byte(project):
    source = project / G15
    lines = source.read_bytes().split(b"\n")
    lines[4] = lines[4].replace(b" ", b" \xc3\x28", 1)  # a lead byte without its continuation
    source.write_bytes(b"\n".join(lines))
    before = state(project)
    result = ruleref("import", "--all", cwd=project)
    assert_one_clear_error(result, path=G15, line=5, says="not valid UTF-8")
    assert_untouched(project, before)


def test_ragged_table_names_the_short_row(project):
    source = project / G15
    append(source, "\nDOZER TYPES\nType\tWeight\tCasualty VP\nunarmored\t9.5\t2\narmored\t10\n")
    before = state(project)
    result = ruleref("import", "--all", cwd=project)
    assert_one_clear_error(result, path=G15, line=line_count(source), says="table row has 2 cells, its header has 3")
    assert_untouched(project, before)


def test_table_running_into_text_names_the_line_after_it(project):
    source = project / G15
    append(source, "\nDOZER TYPES\nType\tWeight\nunarmored\t9.5\nThe weights are printed on the counters.\n")
    before = state(project)
    result = ruleref("import", "--all", cwd=project)
    assert_one_clear_error(result, path=G15, line=line_count(source), says="table not ended by a blank line")
    assert_untouched(project, before)


def test_duplicate_rule_ids_across_files_fail_the_build_and_keep_the_last_good_site(project):
    # A second G15 text: each file imports on its own, the site cannot hold both.
    again = project / "rulesets/asl/sources/g15-again.txt"
    again.write_text("15. Bulldozers Again\n15.1 TYPES: A second copy of the dozer rules.\n", encoding="utf-8")
    imported = ruleref("import", str(again), "--ruleset", "asl", "--chapter", "G", cwd=project)
    assert imported.returncode == 0, imported.stderr
    before = {"site": snapshot(project / "site")}
    result = ruleref("build", cwd=project)
    # The second of the two pages in path order is the one reported, pointing at the first.
    assert_one_clear_error(result, path="docs/asl/g15-bulldozers.md", line=_heading_line(project, "G15"),
                           says="duplicate rule ID G15")
    assert "g15-again.md" in result.stderr
    assert_untouched(project, before)


def _heading_line(project: Path, rule_id: str) -> int:
    page = (project / "docs/asl/g15-bulldozers.md").read_text(encoding="utf-8").splitlines()
    return next(number for number, text in enumerate(page, start=1) if f"#{rule_id} " in text)


def huge_rule_text(megabytes: float) -> str:
    """An ASL-shaped text of about ``megabytes`` MB: rule 99 with 3 levels of numbered rules, each citing others."""
    sentence = ("A Mobile dozer may use Clearance (B24.7) to eliminate a Pillbox/Entrenchment counter; see also "
                "99.{ref} and G15.21 for the DRM, which apply unless the dozer is TI [EXC: CC]. ")
    lines = ["99. Huge Rule"]
    size, target = 0, int(megabytes * 1_000_000)
    numbers = [f"{a}{b}{c}".replace(" ", "") for a in "123456789" for b in " 123456789" for c in " 123456789"
               if not (b == " " and c != " ")]  # 1, 11, 111 ... 119, 12, ...: document order
    repeat = -(-target // (len(numbers) * len(sentence)))
    for index, number in enumerate(numbers):
        text = "".join(sentence.format(ref=numbers[(index * 7 + k) % len(numbers)]) for k in range(repeat))
        lines.append(f"99.{number} RULE {number}: {text}")
        size += len(lines[-1]) + 1
        if size >= target:
            break
    assert size >= target, "not enough rule numbers for the requested size"
    return "\n".join(lines) + "\n"


def test_five_megabyte_rule_file_imports_and_builds(project):
    source = project / "rulesets/asl/sources/g99-huge.txt"
    source.write_text(huge_rule_text(5), encoding="utf-8")
    assert source.stat().st_size >= 5_000_000
    start = time.perf_counter()
    imported = ruleref("import", str(source), "--ruleset", "asl", "--chapter", "G", cwd=project)
    assert imported.returncode == 0, imported.stderr
    built = ruleref("build", cwd=project)
    seconds = time.perf_counter() - start
    assert built.returncode == 0, built.stderr[-2000:]
    page = (project / "site/asl/g99-huge/index.html").read_text(encoding="utf-8")
    last_rule = source.read_text(encoding="utf-8").splitlines()[-1].split()[0]
    assert f'id="G{last_rule}"' in page, "the last rule of the big file has no anchor"
    assert seconds < 600, f"importing and building 5 MB took {seconds:.0f} s"


def test_unknown_calculator_in_a_placement_names_file_and_line(project):
    placements = project / "rulesets/asl/calculators.yml"
    append(placements, "G15.23: dozer-bridge\n")
    before = {"site": snapshot(project / "site")}
    result = ruleref("build", cwd=project)
    assert_one_clear_error(result, path="rulesets/asl/calculators.yml", line=line_count(placements),
                           says="no calculator 'dozer-bridge'")
    assert_untouched(project, before)


def test_calculator_placed_under_a_rule_that_does_not_exist_names_file_and_line(project):
    placements = project / "rulesets/asl/calculators.yml"
    append(placements, "G15.99: dozer-house\n")
    before = {"site": snapshot(project / "site")}
    result = ruleref("build", cwd=project)
    assert_one_clear_error(result, path="rulesets/asl/calculators.yml", line=line_count(placements),
                           says="'G15.99' is not a rule of asl")
    assert_untouched(project, before)


@pytest.mark.parametrize("calc", calculators.all_calculators(), ids=lambda calc: calc.id)
def test_every_embedded_default_is_a_value_its_own_input_accepts(calc):
    # calculators.yml places a calculator by id only: the embed's defaults are the declaration's, and the page
    # pre-renders their result, so each must pass the same strict parsing a share link gets.
    as_link = {item.name: str(item.default).lower() if isinstance(item.default, bool) else str(item.default)
               for item in calc.inputs}
    assert calc.parse(as_link) == calc.parse({})
    calc.run({})


def test_rule_heading_with_no_text_in_a_page_fails_the_build_naming_page_and_line(project):
    # A hand-made page can hold what the importer never writes: a rule heading that is only its attributes
    # (Markdown would drop its id, leaving the rule without an anchor).
    page = project / "docs/asl/g15-bulldozers.md"
    append(page, '\n## {: #G15.9 .rr-rule data-rule="G15.9" }\n\nText.\n')
    result = ruleref("check", cwd=project)
    assert_one_clear_error(result, path="docs/asl/g15-bulldozers.md", line=line_count(page) - 2,
                           says="rule heading #G15.9 has no text")
