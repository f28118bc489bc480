"""Kept imports (build_tools/import_cache.py): a source unchanged since the last import is not read
again and gives what a fresh import gives; a changed source, ruleset.yml or importer is imported again,
and a kept import that cannot be read is imported again, never served stale."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

import build_tools.import_sources as import_sources
from build_tools import import_cache, json_cache
from build_tools.importer.report import ImportReport
from build_tools.rulesets import load_rulesets
from projects import RULEBOOKS, import_all, make_project, real_rulesets


@pytest.fixture()
def project(tmp_path) -> Path:
    return make_project(tmp_path / "project", {name: RULEBOOKS / name for name in ("riverline", "ferry-chapter")})


def _kept(project: Path) -> list[Path]:
    return sorted((project / import_cache.FOLDER).glob("*.json"))


def _jobs(project: Path) -> list:
    return import_sources.listed_jobs(project, load_rulesets(project / "rulesets"))


def _done(project: Path) -> list:
    rulesets = load_rulesets(project / "rulesets")
    return import_sources.import_jobs(import_sources.listed_jobs(project, rulesets), project / "docs", rulesets)


def _pages(project: Path) -> dict[str, str]:
    return {path.relative_to(project / "docs").as_posix(): path.read_text(encoding="utf-8")
            for path in sorted((project / "docs").rglob("*.md"))}


@pytest.fixture()
def counted(monkeypatch) -> list[str]:
    """The labels of the sources imported (read and parsed) while the test runs."""
    imported = []
    real = import_sources._import

    def counting(job, data=None):
        imported.append(job.label)
        return real(job, data)

    monkeypatch.setattr(import_sources, "_import", counting)
    return imported


def test_an_unchanged_source_is_not_read_again_and_gives_what_a_fresh_import_gives(project, counted):
    assert len(_kept(project)) == 2  # one per source
    pages, said = _pages(project), import_all(project)
    assert counted == []
    assert _pages(project) == pages
    kept = _done(project)
    shutil.rmtree(project / import_cache.FOLDER)
    fresh = _done(project)
    assert len(counted) == 2
    for one, other in zip(kept, fresh):
        assert one.imported == other.imported  # the page and the whole report, references judged alike
        assert one.reading == json.loads(json.dumps(other.reading)) and one.outside == other.outside
    assert import_all(project) == said


def test_a_changed_source_alone_is_imported_again(project, counted):
    source = project / "rulesets" / "riverline" / "sources" / "riverline.txt"
    text = source.read_text(encoding="utf-8")
    assert "Each hex is 2 hexes of the old map" in text
    source.write_text(text.replace("Each hex is 2 hexes of the old map", "Each hex (see 2.3) is 2 hexes"),
                      encoding="utf-8")
    import_all(project)
    assert counted == ["rulesets/riverline/sources/riverline.txt"]
    assert "Each hex (see 2.3) is 2 hexes" in (project / "docs" / "riverline" / "riverline.md").read_text()
    assert len(_kept(project)) == 2  # the old import of the source is let go


def test_a_changed_ruleset_yml_imports_its_sources_again(project, counted):
    settings = project / "rulesets" / "riverline" / "ruleset.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("page: riverline",
                                                                     "page: riverline\n    title: The River Rules"),
                        encoding="utf-8")
    import_all(project)
    assert counted == ["rulesets/riverline/sources/riverline.txt"]
    assert "title: The River Rules" in (project / "docs" / "riverline" / "riverline.md").read_text()


def test_a_source_edited_while_it_is_imported_keeps_nothing_stale(project, monkeypatch):
    # its import's name was made from the bytes before the edit, the page from those after: kept under that name, the
    # page would come back for the old bytes, "(unchanged)" (a review)
    source = project / "rulesets" / "riverline" / "sources" / "riverline.txt"
    text = source.read_text(encoding="utf-8")
    shutil.rmtree(project / import_cache.FOLDER)
    real = import_sources._import

    def edited_meanwhile(job, data=None):
        if job.label.endswith("riverline.txt"):
            source.write_text(text.replace("Each hex is 2 hexes of the old map", "Each hex is 3 hexes"), encoding="utf-8")
        return real(job, data)

    monkeypatch.setattr(import_sources, "_import", edited_meanwhile)
    import_all(project)
    monkeypatch.undo()
    source.write_text(text, encoding="utf-8")  # the bytes the name was made from
    import_all(project)
    assert "Each hex is 2 hexes of the old map" in (project / "docs" / "riverline" / "riverline.md").read_text()


def test_an_import_with_other_settings_than_ruleset_yml_s_is_another_import(project):
    # "ruleref import FILE --format text" (or --chapter) after an import of FILE as ruleset.yml lists it printed the
    # kept Markdown reading, "(unchanged)" (a review)
    (job,) = [job for job in _jobs(project) if job.ruleset.id == "riverline"]
    data = job.source.path.read_bytes()
    names = {import_cache.key(dataclasses.replace(job, source=dataclasses.replace(job.source, **setting)), data)
             for setting in ({}, {"format": "markdown"}, {"chapter": "B"}, {"options": {"title": "Rivers"}})}
    assert len(names) == 4 and None not in names


def test_changed_code_imports_every_source_again(project, counted, monkeypatch):
    monkeypatch.setattr(json_cache, "code_digest", lambda patterns: b"another importer")
    import_all(project)
    assert len(counted) == 2


@pytest.mark.parametrize("damage", ["{not json", "[]", '{"markdown": "# Nothing"}', "", "markdown", "reading"])
def test_a_kept_import_that_cannot_be_read_is_imported_again(project, counted, damage):
    pages = _pages(project)
    for kept in _kept(project):
        if damage in ("markdown", "reading"):  # the right shape, but for one field (a crash at each import: a review)
            kept.write_text(json.dumps({**json.loads(kept.read_text(encoding="utf-8")), damage: None}), encoding="utf-8")
        else:
            kept.write_text(damage, encoding="utf-8")
    import_all(project)
    assert len(counted) == 2 and _pages(project) == pages
    assert all(json_cache.load(kept.parent, kept.stem) is not None for kept in _kept(project))


def test_a_removed_source_s_kept_import_is_let_go(project):
    shutil.rmtree(project / "rulesets" / "ferry-chapter")
    import_all(project)
    assert len(_kept(project)) == 1


def test_a_kept_import_holds_every_field_of_the_report(tmp_path):
    """Each field of ImportReport, filled by some source of the real rulesets and the test rulebooks, comes back
    as it went in: a field added to the report and left out of the kept import fails here."""
    split = tmp_path / "split"  # a book in two files, the second opening inside a section of the first
    (split / "sources").mkdir(parents=True)
    (split / "ruleset.yml").write_text("name: Split\nshort_name: SP\nnumbering: decimal\nsources:\n"
                                       "  - file: sources/one.txt\n    page: one\n"
                                       "  - file: sources/two.txt\n    page: two\n", encoding="utf-8")
    (split / "sources" / "one.txt").write_text("1.0 Ferries. A ferry carries one unit.\n"
                                               "1.1 Loading. A unit loads in its own turn.\n", encoding="utf-8")
    (split / "sources" / "two.txt").write_text("1.2 Crossing. A ferry crosses in one turn (see 1.1).\n"
                                               "2.0 Bridges. A bridge carries any unit.\n", encoding="utf-8")
    books = {**real_rulesets(), **{path.name: path for path in RULEBOOKS.iterdir() if (path / "ruleset.yml").is_file()},
             "split": split}
    project = make_project(tmp_path / "every", books)
    rulesets = load_rulesets(project / "rulesets")
    folder = import_cache.folder_of(project / "docs")
    filled = set()
    for job in import_sources.listed_jobs(project, rulesets):
        imported, _, reading, outside = import_sources._import(job)
        import_cache.store(folder, "probe", imported, reading, outside)
        again, history, kept_reading, kept_outside = import_cache.load(folder, "probe")
        (folder / "probe.json").unlink()
        assert again == imported and history is None
        assert kept_reading == json.loads(json.dumps(reading)) and kept_outside == outside
        default = ImportReport(path=imported.report.path, format=imported.report.format)
        filled |= {field.name for field in dataclasses.fields(ImportReport)
                   if getattr(imported.report, field.name) != getattr(default, field.name)}
    assert filled == {field.name for field in dataclasses.fields(ImportReport)} - {"references", "path", "format"}


def test_a_source_with_earlier_versions_is_imported_each_time(tmp_path):
    ruleset = tmp_path / "rulesets" / "ferries"
    (ruleset / "sources").mkdir(parents=True)
    (ruleset / "ruleset.yml").write_text("name: Ferries\nshort_name: FE\nnumbering: decimal\nsources:\n"
                                         "  - file: sources/ferries.txt\n    page: ferries\n", encoding="utf-8")
    (ruleset / "versions.yml").write_text("sources/ferries.txt:\n- label: first\n  date: '2026-01-15'\n"
                                          "  file: sources/first.txt\n- label: second\n  date: '2026-06-01'\n",
                                          encoding="utf-8")
    for name in ("first.txt", "ferries.txt"):
        (ruleset / "sources" / name).write_text("1.0 Ferries. A ferry carries one unit (see 1.1).\n"
                                                "1.1 Loading. A unit loads in its own turn.\n", encoding="utf-8")
    (job,) = import_sources.listed_jobs(tmp_path, load_rulesets(tmp_path / "rulesets"))
    assert len(job.source.versions) == 2 and import_cache.key(job, b"") is None


def test_ruleref_check_reads_every_source_again_whatever_is_kept(project):
    """The release check is the independent one: a kept import edited to match a page edited by hand
    hides nothing from it."""
    from build_tools.release_check import source_problems

    page = project / "docs" / "riverline" / "riverline.md"
    edited = page.read_text(encoding="utf-8").replace("Each hex is 2 hexes of the old map", "Each hex is 3 hexes")
    page.write_text(edited, encoding="utf-8")
    for kept in _kept(project):
        data = json.loads(kept.read_text(encoding="utf-8"))
        if data["markdown"].startswith("---\nruleset: riverline"):
            kept.write_text(json.dumps({**data, "markdown": edited}), encoding="utf-8")
    assert _done(project)[1].imported.markdown == edited  # an import takes the kept one
    assert source_problems(project, project / "docs") == [
        "docs/riverline/riverline.md: not what rulesets/riverline/sources/riverline.txt imports to "
        "(run ruleref import --all; imported pages are not edited by hand)"]
