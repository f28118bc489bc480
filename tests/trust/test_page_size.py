"""A page too big to read at the table is announced (issue 15): the build names its source, its size,
the limit and the fix, once, and still builds; the real books' pages are far under the limit."""

from __future__ import annotations

import re
import shutil

from bench.synthetic_sized import write_sized_book
from build_tools.page_size import PAGE_HTML_LIMIT
from trust_project import ruleref

WARNING = re.compile(r"^WARNING +- +(?P<source>\S+): its page (?P<page>\S+) is (?P<size>[\d.]+) MB of HTML, "
                     r"over the (?P<limit>[\d.]+) MB a page should stay under .*; split the source into more pages",
                     re.MULTILINE)


def test_a_page_over_the_limit_is_announced_with_its_source_size_and_fix(tmp_path, imported_project):
    project = tmp_path / "project"
    shutil.copytree(imported_project, project, symlinks=True)
    write_sized_book(project / "rulesets" / "big", 1.5, "one-page")  # a whole book in one source
    assert ruleref("import", "--all", cwd=project).returncode == 0

    built = ruleref("build", cwd=project)

    assert built.returncode == 0, built.stderr[-2000:]  # heavy, not broken: a strict build still succeeds
    page = project / "site" / "big" / "part-000" / "index.html"
    assert page.stat().st_size > PAGE_HTML_LIMIT
    warnings = WARNING.findall(built.stderr)
    assert len(warnings) == 1, built.stderr[-2000:]  # only the big page: the three real books stay under it
    source, page_url, size, limit = warnings[0]
    assert (source, page_url) == ("rulesets/big/sources/part-000.txt", "big/part-000/")
    assert float(size) == round(page.stat().st_size / 1e6, 1)
    assert float(limit) == PAGE_HTML_LIMIT / 1e6
