"""What ``ruleref import`` does: import sources, judge what they yield, and write ``docs/``.

Everything is imported and judged before anything is written, so a bad or
implausible source leaves ``docs/`` as it was. Each source gets a short
report (rules per level, references found and resolved, lines that look
numbered but were not read as rules). ``--all`` also removes the pages no
source produces any more: a source dropped from ``ruleset.yml``, a whole
ruleset folder removed.

A source with earlier versions (``versions.yml``) has each of them imported
too, with the same settings, and its history written into its page, one page
per earlier version and the ruleset's What's new (``history_pages``).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from build_tools import history_pages, import_cache, json_cache
from build_tools.errors import SourceError
from build_tools.history import SourceHistory, compare
from build_tools.importer import Imported, import_file, import_source
from build_tools.importer.parallel import map_sources
from build_tools.importer.report import FULL_REPORT, References
from build_tools.publish import (front_matter, generated_pages, is_generated, landing_pages, write_landing_pages,
                                 write_page)
from build_tools.rule_index import (Rule, RuleIndex, citations_of, cited_outside_rules, links_by_name,
                                    links_outside_rules, number_of, page_reading, remember_page, rules_in_markdown,
                                    rules_of_reading, tombstones_in_markdown)
from build_tools.rulesets import Ruleset, Source


@dataclass(frozen=True)
class Job:
    ruleset: Ruleset
    source: Source
    label: str  # the source's path as errors and pages name it


@dataclass(frozen=True)
class Done:
    job: Job
    imported: Imported  # the current text's page, its history written in
    history: SourceHistory | None  # None: the source has one version
    reading: dict  # what the rule index reads from the page (``rule_index.page_reading``), kept when it is written
    outside: list[str]  # the rule IDs the page cites outside its rules (``rule_index.cited_outside_rules``)

    @property
    def page_path(self) -> str:
        return f"{self.job.ruleset.id}/{self.job.source.page}.md"


def import_jobs(jobs: Iterable[Job], docs_dir: Path, rulesets: dict[str, Ruleset], *, reuse: bool = True,
                every_source: bool = False) -> list[Done]:
    """Import and judge every job; raise SourceError for the first implausible one. ``reuse``: a source
    unchanged since an earlier import is not read again (``import_cache``); ``every_source``: the jobs are
    every listed source (``--all``), and kept imports of any other are let go.

    References are judged against every rule of the ruleset: the pages being
    imported and, for a single-file import, the ruleset's other pages in docs/."""
    jobs = list(jobs)
    done = [Done(job, *outcome) for job, outcome in zip(jobs, _imports(jobs, docs_dir, reuse, every_source))]
    by_ruleset: dict[str, list[Done]] = {}
    for item in done:
        by_ruleset.setdefault(item.job.ruleset.id, []).append(item)
    for ruleset_id, items in by_ruleset.items():
        ruleset = rulesets[ruleset_id]
        rule_ids: set[str] = set()  # every rule of the ruleset
        other_rules: list[Rule] = []  # the rules of its pages not being imported
        removed: set[str] = set()  # rules a version of a text removed: their tombstones are link targets
        listed = {f"{ruleset.id}/{source.page}.md" for source in ruleset.sources}
        for page in _other_pages(docs_dir, ruleset, {item.page_path for item in items}):
            markdown = (docs_dir / page).read_text(encoding="utf-8")
            if page not in listed and is_generated(markdown):  # its source is gone: import --all removes it
                continue
            other_rules += rules_in_markdown(markdown, ruleset, page)
            removed.update(tombstone.id for tombstone in tombstones_in_markdown(markdown, ruleset, page))
        rule_ids.update(rule.id for rule in other_rules)
        citations = [citations_of(item.reading) for item in items]  # as the site links them
        for item, cites in zip(items, citations):
            rule_ids.update(cites)
            if item.history is not None:
                removed.update(change.rule_id for change, _ in item.history.tombstones())
        _refuse_duplicates(items)
        known = _spellings(ruleset, rule_ids)
        for item in items:  # a source that opens inside a section: another source must hold that section
            for line, spellings, missing in item.imported.report.continues:
                if not known.intersection(spellings):
                    raise SourceError(item.job.label, line, missing)
        if ruleset.grammar is None:  # no references to count
            continue
        sections = {_section(rule_id) for rule_id in known}
        for item, cites in zip(items, citations):
            item.imported.report.references = _references(cites, item.outside, known, sections, removed - known)
        _judge_links_by_name(items, other_rules, ruleset, rulesets)
    return done


def _judge_links_by_name(items: list[Done], other_rules: list[Rule], ruleset: Ruleset,
                         rulesets: dict[str, Ruleset]) -> None:
    """Count each page's explicit links by title or heading (``[[Combat]]``), in its rules and outside them
    (``rule_index.links_outside_rules``), in its report, and list those naming no rule of the ruleset; a link to
    another ruleset's rule (``[[asl:G15.21]]``, ``[[G15.21]]``: a number of its numbering) is left to the build,
    which knows every ruleset's rules."""
    names = [links_by_name(item.reading) + links_outside_rules(item.imported.markdown, ruleset, item.page_path)
             for item in items]
    if not any(names):
        return
    rules = other_rules + [rule for item in items for rule in rules_of_reading(item.reading, item.page_path, ruleset.id)]
    index = RuleIndex(rules, {}, {ruleset.id: ruleset})
    others = [other for other in rulesets.values() if other.id != ruleset.id]
    for item, targets in zip(items, names):
        references = item.imported.report.references
        references.by_name += len(targets)
        references.naming_no_rule += [
            target for target in targets if index.find_link(ruleset.id, target) is None
            and target.partition(":")[0] not in rulesets  # "[[asl:G15.21]]"
            and not any(number_of(target, other.grammar, None) for other in others)]  # "[[G15.21]]"


def _refuse_duplicates(items: list[Done]) -> None:
    """Raise SourceError at a rule ID a second source of one ruleset has again, naming both sources'
    lines (the import of each source checks its own; the build would name the generated pages)."""
    first: dict[str, tuple[str, int]] = {}
    for item in items:
        for rule_id, line in item.imported.report.rule_lines.items():
            if rule_id in first:
                label, first_line = first[rule_id]
                raise SourceError(item.job.label, line, f"duplicate rule ID {rule_id} (first in {label}:{first_line}): "
                                                        f"each rule may stand in one source only; if the book numbers "
                                                        f"a part's rules again (Standard Rules, then Exclusive Rules "
                                                        f"from 1), give each part a ruleset of its own")
            first[rule_id] = (item.job.label, line)


def _imports(jobs: list[Job], docs_dir: Path, reuse: bool,
             every_source: bool) -> list[tuple[Imported, SourceHistory | None, dict, list[str]]]:
    """``_import`` of each job: kept by an earlier import of the same bytes and settings (``import_cache``),
    else imported now and kept, on every core for a big book. Each source is read once, here: its import and its
    kept import's name come from the same bytes, however the file changes meanwhile (under ``ruleref serve``)."""
    folder = import_cache.folder_of(docs_dir)
    sources = [_bytes_of(job) for job in jobs]
    names = [import_cache.key(job, data) if reuse and data is not None else None for job, data in zip(jobs, sources)]
    outcomes = [import_cache.load(folder, name) if name else None for name in names]
    missing = [number for number, outcome in enumerate(outcomes) if outcome is None]

    def import_and_keep(number: int) -> tuple[Imported, SourceHistory | None, dict, list[str]]:
        outcome = _import(jobs[number], sources[number])
        if names[number]:
            imported, _, reading, outside = outcome
            import_cache.store(folder, names[number], imported, reading, outside)
        return outcome

    source_bytes = sum(len(sources[number] or b"") for number in missing)
    for number, outcome in zip(missing, map_sources(import_and_keep, missing, source_bytes)):
        outcomes[number] = outcome
    if reuse and every_source:
        json_cache.keep_only(folder, {name for name in names if name})
    return outcomes


def _bytes_of(job: Job) -> bytes | None:
    """The bytes of ``job``'s source; None where it cannot be read (its import says why)."""
    try:
        return Path(job.source.path).read_bytes()
    except OSError:
        return None


def _import(job: Job, data: bytes | None = None) -> tuple[Imported, SourceHistory | None, dict, list[str]]:
    """The page of one source (from ``data``, its bytes, when read already), its history, the rule index's reading
    of the page (read here, where the cores share the work, rather than by the first build) and what it cites
    outside its rules."""
    imported, history = _import_versions(job, data)
    page_path = f"{job.ruleset.id}/{job.source.page}.md"
    return (imported, history, page_reading(imported.markdown, job.ruleset, page_path),
            cited_outside_rules(imported.markdown, job.ruleset, page_path))


def _import_versions(job: Job, data: bytes | None = None) -> tuple[Imported, SourceHistory | None]:
    imported = import_source(job.ruleset, job.source, source_label=job.label, data=data)
    versions = job.source.versions
    if len(versions) < 2:
        return imported, None
    ruleset, source = job.ruleset, job.source
    page_path = f"{ruleset.id}/{source.page}.md"
    texts = []
    for version in versions[:-1]:
        label = (Path(job.label).parent / os.path.relpath(version.path, source.path.parent)).as_posix()
        earlier = import_file(version.path, source_label=label, ruleset=ruleset.id, numbering=ruleset.numbering,
                              chapter=source.chapter, format=source.format, default_title=ruleset.name,
                              **source.options)
        texts.append(history_pages.rules_of_version(earlier.markdown, ruleset, page_path))
    texts.append(history_pages.rules_of_version(imported.markdown, ruleset, page_path))
    history = compare(versions, tuple(texts))
    return replace(imported, markdown=history_pages.annotate_current(imported.markdown, history, ruleset,
                                                                      source.page)), history


def history_of_rulesets(done: list[Done], rulesets: dict[str, Ruleset],
                        relative: Callable[[Path], str]) -> dict[str, str]:
    """docs-relative path -> Markdown of the history pages (earlier versions, What's new) of every
    ruleset ``done`` imports into; a versioned source of it that ``done`` does not hold is imported for it."""
    imported = {(item.job.ruleset.id, item.job.source.page): item for item in done}
    pages: dict[str, str] = {}
    for ruleset_id in dict.fromkeys(item.job.ruleset.id for item in done):
        ruleset = rulesets[ruleset_id]
        histories = []
        for source in ruleset.sources:
            if len(source.versions) < 2:
                continue
            item = imported.get((ruleset.id, source.page))
            page, history = (item.imported, item.history) if item is not None else \
                _import_versions(Job(ruleset, source, relative(source.path)))
            title = html.unescape(front_matter(page.markdown).get("title") or source.page)  # plain: escaped where shown
            histories.append((source.page, title, history))
        if histories:
            pages.update(history_pages.earlier_pages(ruleset, histories))
            pages[f"{ruleset.id}/{history_pages.WHATS_NEW}.md"] = history_pages.whats_new_page(ruleset, histories)
    return pages


def judge(done: list[Done]) -> None:
    """Raise SourceError for the first import whose structure is implausible (``ImportReport.implausible``),
    with its report: nothing is written then."""
    for item in done:
        problem = item.imported.report.implausible()
        if problem is not None:
            report = "\n".join(item.imported.report.lines())
            raise SourceError(item.job.label, None, f"implausible import: {problem}. Nothing was written. "
                                                    f"What the import found:\n{report}")


def _other_pages(docs_dir: Path, ruleset: Ruleset, importing: set[str]) -> list[str]:
    folder = docs_dir / ruleset.id
    return [f"{ruleset.id}/{path.name}" for path in sorted(folder.glob("*.md")) if f"{ruleset.id}/{path.name}" not in importing
            ] if folder.is_dir() else []


def _spellings(ruleset: Ruleset, rule_ids: Iterable[str]) -> set[str]:
    known = set()
    for rule_id in rule_ids:
        known.add(rule_id)
        known.update(ruleset.numbering.aliases(rule_id))
        known.update(ruleset.numbering.items(rule_id))  # "6.2a", an item of rule 6.2
        known.update(ruleset.numbering.lettered_rule(rule_id))  # "5.21", printed only as 5.21a, 5.21b
    return known


def _section(rule_id: str) -> str:
    """The top-level section a rule ID is in: ``G15.21`` -> ``G15``, ``5.44`` -> ``5``, ``D.8A`` -> ``D``."""
    return rule_id.partition(".")[0]


def _references(citations: dict[str, list[str]], outside: list[str], known: set[str], sections: set[str],
                removed: set[str]) -> References:
    """What ``citations`` (by rule) and ``outside`` (the page's text outside its rules) cite: resolved
    (``known``), rules a version removed (``removed``: they link to their tombstones), unresolved
    within the ruleset's ``sections``, or in sections the ruleset does not have."""
    references = References()
    for cites in (*citations.values(), outside):
        for cited in cites:
            references.found += 1
            if cited in known:
                references.resolved += 1
            elif cited in removed:
                references.removed.append(cited)
            elif _section(cited) in sections:
                references.unresolved.append(cited)
            else:
                references.elsewhere += 1
    return references


def write(done: list[Done], docs_dir: Path, rulesets: dict[str, Ruleset], *, remove_stale: bool,
          say: Callable[[str], None], relative: Callable[[Path], str]) -> None:
    """Write the imported pages and the landing pages; with ``remove_stale``, first
    remove every generated page of docs/ that no source produces any more."""
    written = set()
    full_report = []
    for item in done:
        target = docs_dir / item.page_path
        unchanged = not write_page(docs_dir, item.job.ruleset.id, item.job.source.page, item.imported.markdown)
        remember_page(docs_dir, item.page_path, item.imported.markdown, item.job.ruleset, item.reading)
        written.add(target.resolve())
        said = f"imported {item.job.label} -> {relative(target)}{' (unchanged)' if unchanged else ''}"
        say(said)
        for line in item.imported.report.lines():
            say(line)
        full_report += [said, *item.imported.report.lines(full=True)]
    _write_full_report(docs_dir.parent / FULL_REPORT, full_report)
    for page_path, markdown in history_of_rulesets(done, rulesets, relative).items():
        ruleset_id, _, page = page_path.removesuffix(".md").partition("/")
        write_page(docs_dir, ruleset_id, page, markdown)
        written.add((docs_dir / page_path).resolve())
    if remove_stale:
        keep = written | {path.resolve() for path in landing_pages(docs_dir, rulesets)}
        for path in generated_pages(docs_dir):
            if path.resolve() not in keep:
                path.unlink()
                say(f"removed {relative(path)} (no source in rulesets/ produces it any more)")
                if not any(path.parent.iterdir()):
                    path.parent.rmdir()
    write_landing_pages(docs_dir, rulesets)


def _write_full_report(path: Path, lines: list[str]) -> None:
    """The last import's reports with every line listed (the printed ones stop after a few)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def listed_jobs(project: Path, rulesets: dict[str, Ruleset]) -> list[Job]:
    """A job for every source ``rulesets/*/ruleset.yml`` lists, in order."""
    return [Job(ruleset, source, project_relative(source.path, project)) for ruleset in rulesets.values()
            for source in ruleset.sources]


def import_all(project: Path, rulesets: dict[str, Ruleset], *, say: Callable[[str], None]) -> None:
    """``ruleref import --all`` in ``project``: every listed source, judged, written; stale pages removed."""
    docs_dir = project / "docs"
    done = import_jobs(listed_jobs(project, rulesets), docs_dir, rulesets, every_source=True)
    judge(done)
    write(done, docs_dir, rulesets, remove_stale=True, say=say, relative=lambda path: project_relative(path, project))


def project_relative(path: Path, project: Path) -> str:
    """``path`` as errors and reports name it: relative to the project when it is inside."""
    try:
        return Path(path).resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return str(path)
