"""Our page URLs and relative links are MkDocs' own (the references extension
writes finished links that MkDocs' link rewriting no longer sees)."""

from __future__ import annotations

import itertools

import pytest
from mkdocs.structure.files import File
from mkdocs.utils import get_relative_url

from build_tools.markdown.page_urls import page_url, relative_url

PAGES = ["index.md", "README.md", "asl/index.md", "asl/README.md", "asl/g15-bulldozers.md",
         "asl/chapter-d-vehicles.md", "battlefront/engineering-rules.md", "a/b/c/deep page.md", "top.md"]


@pytest.mark.parametrize("use_directory_urls", [True, False])
def test_page_urls_are_mkdocs_page_urls(use_directory_urls):
    for src in PAGES:
        mkdocs_file = File(src, "docs", "site", use_directory_urls)
        assert page_url(src, use_directory_urls) == mkdocs_file.url, src


@pytest.mark.parametrize("use_directory_urls", [True, False])
def test_relative_urls_are_mkdocs_relative_urls(use_directory_urls):
    for target, current in itertools.product(PAGES, repeat=2):
        target_url, current_url = (page_url(src, use_directory_urls) for src in (target, current))
        assert relative_url(target_url, current_url) == get_relative_url(target_url, current_url), (target, current)
