"""ProperDocs (a maintained fork of MkDocs 1.x) builds the same site as MkDocs.

Material's end of life is May 2027; ``ruleref build --engine properdocs``
must then give readers the very pages they have today. The only byte that may
differ is the generator tag, and so the page digests the service worker lists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from build_tools.engines import ENGINES

pytestmark = pytest.mark.skipif(not ENGINES["properdocs"].available(),
                                reason="ProperDocs is not installed (pip install -e '.[properdocs]')")

GENERATOR = re.compile(rb'\s*<meta name="generator" content="[^"]*">')


@pytest.fixture(scope="module")
def properdocs_site(project, tmp_path_factory) -> Path:
    from build_tools.site_build import build_into

    site = tmp_path_factory.mktemp("properdocs") / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=True, engine="properdocs")
    return site


def _files(site: Path) -> dict[str, Path]:
    return {path.relative_to(site).as_posix(): path for path in site.rglob("*") if path.is_file()}


def test_properdocs_writes_the_same_files_as_mkdocs(built_site, properdocs_site):
    assert sorted(_files(properdocs_site)) == sorted(_files(built_site))


def test_every_page_is_the_same_but_for_the_generator_tag(built_site, properdocs_site):
    theirs = _files(properdocs_site)
    for name, path in _files(built_site).items():
        if name == "sw.js":
            continue
        ours, other = path.read_bytes(), theirs[name].read_bytes()
        if name.endswith(".html"):
            assert b"ProperDocs" in GENERATOR.search(other).group(0)
            ours, other = GENERATOR.sub(b"", ours), GENERATOR.sub(b"", other)
        assert ours == other, f"{name} differs between MkDocs and ProperDocs"


def test_the_offline_copy_lists_the_same_files(built_site, properdocs_site):
    def listed(site: Path) -> list[str]:
        text = (site / "sw.js").read_text(encoding="utf-8")
        precache = json.loads(re.search(r"const PRECACHE = (\{.*?\});\n", text).group(1))
        return sorted(url for part in precache["caches"] for url, _, _ in part["entries"])

    assert listed(properdocs_site) == listed(built_site)


def test_ruleref_check_passes_on_the_properdocs_site(project, tmp_path):
    from build_tools.release_check import check_site
    from build_tools.site_build import build_into

    site = tmp_path / "site"
    build_into(site, config_file=project / "mkdocs.yml", strict=True, engine="properdocs",
               verify=lambda staged: check_site(project, staged))
    assert (site / "index.html").is_file()
