"""The rule index's kept readings (build_tools/rule_index_cache.py): the import keeps what the
build would read, and a changed page, ruleset or unreadable reading is read again, never served stale."""

import shutil

import pytest

import build_tools.rule_index as rule_index
from build_tools import rule_index_cache
from build_tools.rule_index import RuleIndex
from build_tools.rulesets import load_rulesets
from tests.projects import RULEBOOKS, import_all, make_project


@pytest.fixture()
def project(tmp_path):
    return make_project(tmp_path / "project", {"riverline": RULEBOOKS / "riverline"})


def _index(project) -> RuleIndex:
    return RuleIndex.from_docs(project / "docs", load_rulesets(project / "rulesets"))


def _fresh_index(project) -> RuleIndex:
    shutil.rmtree(project / rule_index_cache.FOLDER, ignore_errors=True)
    return _index(project)


def _same(one: RuleIndex, other: RuleIndex) -> None:
    assert one.rules == other.rules
    assert one.tombstones_of("riverline") == other.tombstones_of("riverline")
    assert one.unresolved_references() == other.unresolved_references()
    assert [one.referenced_by(rule) for rule in one.rules] == [other.referenced_by(rule) for rule in other.rules]


def _readings(project) -> list:
    return sorted((project / rule_index_cache.FOLDER).glob("*.json"))


def test_the_import_keeps_each_rule_pages_reading_and_the_build_reads_no_page_again(project, monkeypatch):
    assert len(_readings(project)) == 1  # riverline.md; the glossary and landing pages hold no rules

    def read_again(*args):
        raise AssertionError("a page the import wrote was read again")

    monkeypatch.setattr(rule_index, "_read_page", read_again)
    kept = _index(project)
    monkeypatch.undo()
    fresh = _fresh_index(project)
    assert len(fresh.rules) == 17 and fresh.get("riverline", "2.1.2").references == ("4.3",)
    _same(kept, fresh)


def test_a_page_edited_by_hand_is_read_again_and_its_old_reading_dropped(project):
    page = project / "docs" / "riverline" / "riverline.md"
    before = _readings(project)
    text = page.read_text(encoding="utf-8")
    assert "Each hex is 2 hexes of the old map" in text
    page.write_text(text.replace("Each hex is 2 hexes of the old map", "Each hex (see 2.3) is 2 hexes"),
                    encoding="utf-8")
    edited = _index(project)
    assert edited.get("riverline", "1.1").references == ("2.3",)
    after = _readings(project)
    assert len(after) == 1 and after != before
    _same(edited, _fresh_index(project))


def test_a_changed_ruleset_is_read_again(project):
    assert _index(project).get("riverline", "2.1.2").references == ("4.3",)
    settings = project / "rulesets" / "riverline" / "ruleset.yml"
    settings.write_text(settings.read_text(encoding="utf-8") + "references: none\n", encoding="utf-8")
    assert _index(project).get("riverline", "2.1.2").references == ()


def test_an_unreadable_reading_is_read_from_the_page_again_and_kept_anew(project):
    expected = _index(project)
    kept = {path: path.read_bytes() for path in _readings(project)}
    for reading in kept:
        reading.write_text('{"rules": [["2.1.2"', encoding="utf-8")
    import_all(project)  # the import leaves a reading it finds under the name alone...
    _same(_index(project), expected)
    assert {path: path.read_bytes() for path in _readings(project)} == kept  # ...the build that cannot read it does not


def test_importing_the_same_text_again_keeps_the_same_reading(project):
    before = {path.name: path.read_bytes() for path in _readings(project)}
    import_all(project)
    assert {path.name: path.read_bytes() for path in _readings(project)} == before


def test_a_reading_of_another_shape_is_read_from_the_page_again(project):
    expected = _index(project)
    for reading in _readings(project):
        reading.write_text('{"rules": [["2.1.2", null]], "tombstones": {}}', encoding="utf-8")
    _same(_index(project), expected)
