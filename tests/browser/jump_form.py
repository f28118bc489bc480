"""The reader's steps with the jump-to-rule form, shared by the browser tests."""

from __future__ import annotations


def open_page(page, url: str) -> None:
    """Open ``url`` and wait until its jump form is there."""
    page.goto(url)
    page.wait_for_selector(".rr-jump input")


def jump(page, typed: str) -> None:
    """Type ``typed`` into the jump form and press Enter."""
    page.fill(".rr-jump input", typed)
    page.press(".rr-jump input", "Enter")
