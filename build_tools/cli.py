"""``ruleref``: import rule texts, build, serve and check the site."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from build_tools.engines import DEFAULT, ENGINES
from build_tools.errors import SourceError

PROJECT = Path.cwd()


def _rulesets():
    from build_tools.rulesets import load_rulesets

    return load_rulesets(PROJECT / "rulesets")


def cmd_import(args: argparse.Namespace) -> int:
    from build_tools.import_sources import import_all, import_jobs, judge, write

    rulesets = _rulesets()
    if args.all:
        if args.file or args.ruleset:
            raise SystemExit("ruleref import: give FILE and --ruleset, or --all, not both")
        import_all(PROJECT, rulesets, say=print)
        return 0
    if not args.file or not args.ruleset:
        raise SystemExit("ruleref import: give FILE and --ruleset, or --all")
    docs = PROJECT / "docs"
    if args.version is not None:
        return _import_version(args, rulesets)
    # Import and judge before writing anything: a bad source leaves docs/ as it was.
    done = import_jobs([_file_job(args, rulesets)], docs, rulesets)
    judge(done)
    write(done, docs, rulesets, remove_stale=False, say=print, relative=_relative)
    return 0


def _import_version(args: argparse.Namespace, rulesets) -> int:
    """``ruleref import FILE --ruleset ID [--chapter G] --version LABEL``: FILE becomes the current text of
    the source it is a version of, the text it replaces is kept as an earlier version, and the ruleset's
    sources are imported again with their history."""
    import datetime

    from build_tools.import_sources import import_jobs, judge, listed_jobs, write
    from build_tools.importer import read_source
    from build_tools.versions import record_version

    ruleset, source = _versioned_source(args, rulesets)
    file = source.path.relative_to(ruleset.folder).as_posix()
    recorded = record_version(ruleset.folder, file, source.page, read_source(args.file, _relative(args.file)),
                              args.version, today=datetime.date.today(), versions=source.versions)
    if recorded is None:
        print(f"{_relative(args.file)} is the current text of {_relative(source.path)}: no version recorded")
        return 0
    print(f"{_relative(source.path)}: now {recorded.label!r} ({recorded.date}); the text it replaces is kept "
          f"in {_relative(ruleset.folder / 'versions.yml')}")
    rulesets = _rulesets()
    docs = PROJECT / "docs"
    done = import_jobs([job for job in listed_jobs(PROJECT, rulesets) if job.ruleset.id == ruleset.id], docs, rulesets)
    judge(done)
    write(done, docs, rulesets, remove_stale=False, say=print, relative=_relative)
    return 0


def _versioned_source(args: argparse.Namespace, rulesets):
    """The source of ruleset.yml that FILE is a new version of: the one FILE is, else the one --page names,
    else the one whose page is FILE's name, else the one source of --chapter (or of the ruleset)."""
    label = _relative(args.file)
    if args.ruleset not in rulesets:
        raise SourceError(label, None, f"unknown ruleset {args.ruleset!r} (known: {', '.join(rulesets) or 'none'})")
    ruleset = rulesets[args.ruleset]
    sources = ruleset.sources
    if any(source.path.resolve() == Path(args.file).resolve() for source in sources):
        raise SourceError(label, None, "this is the current text itself; give the new text as another file "
                                       "(ruleref import NEW.txt --version ... keeps this one as the earlier version)")
    for candidates in ([s for s in sources if s.page == args.page], [s for s in sources if s.page == Path(args.file).stem],
                       [s for s in sources if args.chapter is not None and s.chapter == args.chapter],
                       list(sources) if args.chapter is None else []):
        if len(candidates) == 1:
            if args.chapter is not None and candidates[0].chapter != args.chapter:
                raise SourceError(label, None, f"--chapter {args.chapter}: {candidates[0].page} is chapter "
                                               f"{candidates[0].chapter}")
            return ruleset, candidates[0]
    pages = ", ".join(source.page for source in sources) or "none"
    raise SourceError(label, None, f"which source of {ruleset.id} is this a version of? give --page (one of: {pages})")


def _file_job(args: argparse.Namespace, rulesets):
    """The job for ``ruleref import FILE --ruleset ID``: the source as ruleset.yml lists
    it (when it does), with the command line's settings over it."""
    from dataclasses import replace

    from build_tools.import_sources import Job
    from build_tools.rulesets import Source

    label = _relative(args.file)
    if args.ruleset not in rulesets:
        known = ", ".join(rulesets) or "none"
        raise SourceError(label, None, f"unknown ruleset {args.ruleset!r} (known: {known}); "
                                       f"create it with: ruleref new {args.ruleset} --name ... --numbering ...")
    ruleset = rulesets[args.ruleset]
    listed = next((s for s in ruleset.sources if s.path.resolve() == Path(args.file).resolve()), None)
    source = listed or Source(path=Path(args.file), page=Path(args.file).stem, format=None, chapter=None, options={})
    source = replace(source, page=args.page or source.page, format=args.format or source.format,
                     chapter=args.chapter or source.chapter)
    if source.chapter is not None and not ruleset.numbering.has_chapters:
        raise SourceError(label, None, f"--chapter: numbering {ruleset.numbering.name} has no chapters")
    if source.chapter is not None and source.chapter not in ruleset.chapters:
        raise SourceError(label, None, f"--chapter {source.chapter}: not one of the ruleset's chapters "
                                       f"({', '.join(ruleset.chapters) or 'none'}); add it to chapters: in ruleset.yml")
    return Job(ruleset, source, label)


def cmd_new(args: argparse.Namespace) -> int:
    from build_tools.scaffold import new_ruleset

    for path in new_ruleset(PROJECT / "rulesets", args.id, name=args.name, short_name=args.short_name,
                            numbering=args.numbering, source_format=args.format, chapters=args.chapters):
        print(f"created {_relative(path)}")
    print(f"next: put your rule text in rulesets/{args.id}/sources/ (replace the example), list it in "
          f"rulesets/{args.id}/ruleset.yml, then run: ruleref import --all && ruleref serve")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    if not args.import_sources:
        return _build(args)
    from build_tools.import_alongside import ImportAlongside

    (PROJECT / "docs").mkdir(exist_ok=True)  # the engine wants the folder the import fills
    pending = ImportAlongside(PROJECT)  # started before the engine is loaded: they run at once
    try:
        return _build(args, ready=lambda: pending.wait(say=print))
    finally:  # the engine failed before it asked for the pages: say how the import ended
        pending.settle(say=print, warn=lambda line: print(line, file=sys.stderr))


def _build(args: argparse.Namespace, ready=lambda: None) -> int:
    from build_tools.site_build import build_into

    build_into(Path(args.site_dir), config_file=PROJECT / "mkdocs.yml", strict=not args.no_strict, engine=args.engine,
               ready=ready)
    print(f"site written to {args.site_dir}/ (engine: {args.engine})")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from mkdocs.commands.serve import serve

    serve(config_file=str(PROJECT / "mkdocs.yml"), dev_addr=args.dev_addr, livereload=True)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Strict build, then the release checks on the staged site: site/ is replaced only if both pass."""
    from build_tools.release_check import check_site
    from build_tools.site_build import SiteRejected, build_into

    try:
        if args.no_build:
            problems = check_site(PROJECT, Path(args.site_dir))
        else:
            build_into(Path(args.site_dir), config_file=PROJECT / "mkdocs.yml", strict=True, engine=args.engine,
                       verify=lambda staged: check_site(PROJECT, staged))
            problems = []
    except SiteRejected as rejected:
        problems = rejected.problems
    for problem in problems:
        print(problem, file=sys.stderr)
    kept = " (the previous site/ was kept)" if problems and not args.no_build else ""
    print(f"ruleref check: {len(problems)} problem(s){kept}")
    return 1 if problems else 0


def _relative(path: Path) -> str:
    from build_tools.import_sources import project_relative

    return project_relative(path, PROJECT)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="ruleref", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)

    imp = commands.add_parser("import", help="turn raw rule text into annotated Markdown under docs/<ruleset>/")
    imp.add_argument("file", nargs="?", type=Path, help="raw rule text (UTF-8)")
    imp.add_argument("--ruleset", help="ruleset id (a folder under rulesets/)")
    imp.add_argument("--chapter", help="chapter letter for chapter-relative rule numbers (numbering asl: "
                                       "G for 15.21 = G15.21)")
    imp.add_argument("--format", choices=("text", "markdown"), help="how to read the file (default: as "
                     "ruleset.yml says, else detected)")
    imp.add_argument("--page", help="page name under docs/<ruleset>/ (default: the file's stem)")
    imp.add_argument("--version", metavar="LABEL", help="FILE is a new version of a source of ruleset.yml, "
                     "labelled LABEL (\"Errata 2026\"): the text it replaces is kept as an earlier version")
    imp.add_argument("--all", action="store_true", help="import every source listed in rulesets/*/ruleset.yml "
                     "and remove the pages no source produces any more")
    imp.set_defaults(run=cmd_import)

    new = commands.add_parser("new", help="scaffold a ruleset folder: rulesets/ID/ruleset.yml and an example source")
    new.add_argument("id", help="ruleset id: the folder name and the URL path (lower case, digits, hyphens)")
    new.add_argument("--name", required=True, help="the ruleset's full name, as the site shows it")
    new.add_argument("--short-name", help="a short name (default: the name's initials)")
    new.add_argument("--numbering", required=True, choices=("asl", "case", "decimal", "none"),
                     help="how rules are numbered (README: Numberings)")
    new.add_argument("--format", choices=("text", "markdown"), default="text", help="the example source's format")
    new.add_argument("--chapters", help="numbering asl: the chapter letters, such as A,B,C")
    new.set_defaults(run=cmd_new)

    bld = commands.add_parser("build", help="build the static site (strict; keeps the last good site on failure)")
    bld.add_argument("-d", "--site-dir", default="site")
    bld.add_argument("--no-strict", action="store_true", help="do not fail on warnings")
    bld.add_argument("--import", dest="import_sources", action="store_true",
                     help="first import every source, as 'ruleref import --all' does (it runs while the engine starts)")
    bld.add_argument("--engine", choices=tuple(ENGINES), default=DEFAULT,
                     help="the static-site engine (default: mkdocs; README: Engines)")
    bld.set_defaults(run=cmd_build)

    srv = commands.add_parser("serve", help="serve the site with live reload")
    srv.add_argument("-a", "--dev-addr", default="127.0.0.1:8000")
    srv.set_defaults(run=cmd_serve)

    chk = commands.add_parser("check", help="strict build, then release checks over the built site")
    chk.add_argument("-d", "--site-dir", default="site")
    chk.add_argument("--no-build", action="store_true", help="check the existing site without rebuilding")
    chk.add_argument("--engine", choices=tuple(ENGINES), default=DEFAULT,
                     help="the static-site engine that builds the site checked (default: mkdocs)")
    chk.set_defaults(run=cmd_check)
    return top


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)-7s -  %(message)s")
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except SourceError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # MkDocs' Abort and friends: one line, no traceback
        mkdocs_exceptions = sys.modules.get("mkdocs.exceptions")  # only a build in this process raises them
        if mkdocs_exceptions is not None and isinstance(error, mkdocs_exceptions.MkDocsException):
            print(f"error: {error}", file=sys.stderr)
            return 1
        raise


if __name__ == "__main__":
    sys.exit(main())
