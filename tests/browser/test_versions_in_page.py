"""What a reader sees of a text's versions (issue 13): an old link to a removed rule lands on its
tombstone, a changed rule's diff opens, a link pinned to the earlier version shows that version's
text, What's new lists every changed, new and removed rule, a reference to a removed rule is marked
and lands on its tombstone, so does jumping to its ID, and an erratum says the text resolved it. The site is ``tests/living``'s
ferries rulebook with its second printing recorded (``projects.two_printings``)."""

from __future__ import annotations

import shutil

import pytest
from playwright.sync_api import expect

from jump_form import jump, open_page
from projects import LIVING, build, two_printings
from static_server import serve

pytestmark = pytest.mark.browser
NARROW = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def ferries_url(tmp_path_factory):
    project = two_printings(tmp_path_factory.mktemp("living") / "project")
    shutil.copy(LIVING / "annotations.yml", project / "rulesets/ferries/annotations.yml")
    server, url = serve(build(project, project / "site"))
    yield url
    server.shutdown()


def test_an_old_link_to_a_removed_rule_lands_on_its_tombstone(page, ferries_url):
    page.goto(f"{ferries_url}ferries/z1-ferries/#Z1.4")
    tombstone = page.locator('[id="Z1.4"]')
    assert tombstone.get_attribute("class") == "rr-tombstone"
    assert "Z1.4 was removed in Second printing" in tombstone.inner_text()
    assert "Ferries may not cross at night." in tombstone.inner_text()
    assert tombstone.is_visible() and page.evaluate("document.getElementById('Z1.4').getBoundingClientRect().top") < 900


def test_a_reference_to_a_removed_rule_is_marked_removed_and_lands_on_its_tombstone(page, ferries_url, tmp_path):
    page.set_viewport_size(NARROW)
    page.goto(f"{ferries_url}ferries/z1-ferries/#Z1.7")
    reference = page.locator('[id="Z1.7"] ~ p .rr-ref--removed')  # "It may cross at night (formerly 1.4)."
    assert reference.inner_text() == "1.4"
    assert reference.get_attribute("title") == "Z1.4 was removed in Second printing"
    assert page.evaluate("getComputedStyle(document.querySelector('.rr-ref--removed'), '::after').content") \
        == '"removed"'
    page.screenshot(path=str(tmp_path / "reference-to-removed-rule-390.png"))
    reference.click()
    page.wait_for_url("**/z1-ferries/#Z1.4")
    assert "Z1.4 was removed in Second printing" in page.locator('[id="Z1.4"]').inner_text()
    assert page.evaluate("document.getElementById('Z1.4').getBoundingClientRect().top") < 844


def test_jumping_to_a_removed_rules_id_lands_on_its_tombstone_and_says_when_it_was_removed(page, ferries_url):
    open_page(page, f"{ferries_url}ferries/")
    jump(page, "z1.4")
    page.wait_for_url("**/ferries/z1-ferries/#Z1.4")
    expect(page.locator(".rr-notice__text")).to_have_text("Z1.4 was removed in Second printing.")
    expect(page.locator('[id="Z1.4"]')).to_be_in_viewport()
    assert page.evaluate("document.activeElement.id") == "Z1.4"
    assert page.console_errors == []


def test_jumping_to_a_removed_rules_number_on_its_own_page_goes_to_where_it_stood(page, ferries_url):
    open_page(page, f"{ferries_url}ferries/z1-ferries/")
    jump(page, "1.4")  # relative to the page's chapter: Z1.4
    page.wait_for_url("**/ferries/z1-ferries/#Z1.4")
    # The form says it; should Material swap the page content for the anchor, the notice the jump carried says it.
    said = page.locator(".rr-jump__message, .rr-notice__text").filter(has_text="Z1.4 was removed in Second printing.")
    expect(said.first).to_be_visible()
    expect(page.locator('[id="Z1.4"]')).to_be_in_viewport()
    assert page.console_errors == []


def test_a_moved_rules_tombstone_links_to_where_its_text_went(page, ferries_url):
    page.goto(f"{ferries_url}ferries/z1-ferries/#Z1.3")
    page.locator('[id="Z1.3"] a', has_text="Z1.6").click()
    page.wait_for_url("**#Z1.6")
    assert "moved from Z1.3" in page.locator(".rr-new").first.inner_text()


def test_a_changed_rules_diff_opens_to_show_the_words_that_changed(page, ferries_url, tmp_path):
    page.set_viewport_size(NARROW)
    page.goto(f"{ferries_url}ferries/z1-ferries/#Z1.1")
    change = page.locator("details.rr-change")
    assert not page.locator(".rr-diff del").is_visible()
    change.locator("summary").click()
    assert page.locator(".rr-diff del").inner_text() == "all"
    assert page.locator(".rr-diff ins").inner_text() == "half"
    page.screenshot(path=str(tmp_path / "changed-rule-390.png"))


def test_a_link_pinned_to_the_earlier_version_shows_its_text_and_that_a_newer_one_exists(page, ferries_url):
    page.goto(f"{ferries_url}ferries/z1-ferries/?version=first-import#Z1.1")
    page.wait_for_url("**/versions/first-import/#Z1.1")
    body = page.locator("article").inner_text()
    assert "A unit loads onto a ferry by spending all its MF in the ferry's hex." in body
    assert "This is its text as of first import; a newer version exists: the current text" in body


def test_a_pinned_link_to_a_rule_unchanged_since_says_so_on_the_current_page(page, ferries_url):
    page.goto(f"{ferries_url}ferries/z1-ferries/?version=first-import#Z1.2")
    note = page.locator(".rr-pinned")
    note.wait_for()
    assert note.inner_text() == "You followed a link to this rule as of first import; its text has not changed since."


def test_copy_link_pins_the_current_version(page, ferries_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(f"{ferries_url}ferries/z1-ferries/")
    page.locator('[id="Z1.2"] .rr-copy-link').click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.endswith("/ferries/z1-ferries/?version=second-printing#Z1.2")


def test_whats_new_lists_every_changed_new_and_removed_rule_linked(page, ferries_url, tmp_path):
    page.set_viewport_size(NARROW)
    page.goto(f"{ferries_url}ferries/whats-new/")
    items = page.locator("article li").all_inner_texts()
    assert items == ["changed: Z1.1 1.1 LOADING:", "new: Z1.6 1.6 TOWING: (moved from Z1.3)",
                     "new: Z1.7 1.7 WEATHER:", "removed: Z1.3 1.3 CABLES: (moved to Z1.6)",
                     "removed: Z1.4 1.4 NIGHT:"]
    page.screenshot(path=str(tmp_path / "whats-new-390.png"), full_page=True)
    page.locator("article li a", has_text="Z1.4 1.4 NIGHT:").click()
    page.wait_for_url("**/z1-ferries/#Z1.4")
    assert page.locator('[id="Z1.4"]').is_visible()


def test_an_erratum_the_new_text_incorporates_says_it_is_resolved(page, ferries_url, tmp_path):
    page.set_viewport_size(NARROW)
    page.goto(f"{ferries_url}ferries/z1-ferries/#Z1.1")
    erratum = page.locator(".rr-annotation--errata")
    resolved = erratum.locator(".rr-annotation__version").inner_text()  # the import dates the version today
    assert resolved.startswith("Resolved in Second printing (") and resolved.endswith("): its text incorporates this.")
    note = page.locator(".rr-annotation--note", has_text="Loading from a bridge")
    assert "May be resolved: the rule changed in Second printing" in note.inner_text()
    erratum.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "resolved-erratum-390.png"))


def test_the_update_prompt_says_how_many_rules_the_new_version_changed_and_links_to_whats_new(browser, tmp_path):
    """A reader saved the first printing; the second is published. The prompt names the change, from the
    lists the two builds wrote into sw.js, and its link opens What's new in the new version."""
    import subprocess
    import sys

    from projects import PROJECT, make_project

    project = make_project(tmp_path / "project", {"ferries": LIVING / "ferries"})
    site = build(project, project / "site")
    server, url = serve(site)
    context = browser.new_context(viewport=NARROW)
    try:
        page = context.new_page()
        page.goto(f"{url}ferries/z1-ferries/")
        page.wait_for_function("() => document.querySelector('.rr-offline')?.dataset.state === 'ready'",
                               timeout=120_000)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")

        subprocess.run([sys.executable, "-m", "build_tools.cli", "import", str(LIVING / "z1-ferries-second-printing.txt"),
                        "--ruleset", "ferries", "--chapter", "Z", "--version", "Second printing"], cwd=project,
                       check=True, capture_output=True, env={"PYTHONPATH": str(PROJECT), "PATH": "/usr/bin:/bin"})
        build(project, site)
        page.reload()
        prompt = page.locator(".rr-update")
        prompt.wait_for(state="visible", timeout=60_000)
        changes = prompt.locator(".rr-update__changes")
        changes.wait_for()
        # Z1.1 changed, Z1.6 and Z1.7 are new, Z1.3 and Z1.4 removed.
        assert changes.inner_text() == "5 rules changed in Z1 Ferries (Second printing) — see what's new"
        page.screenshot(path=str(tmp_path / "update-prompt-390.png"))

        changes.locator("a").click()
        page.wait_for_url("**/ferries/whats-new/#z1-ferries-second-printing", timeout=30_000)
        assert page.locator("article h1").inner_text().startswith("What's new")  # a page only the new version has
        assert "removed: Z1.4 1.4 NIGHT:" in page.locator("article").inner_text()
    finally:
        context.close()
        server.shutdown()
