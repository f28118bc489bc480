"""``ruleref``: import rule texts, build, serve and check the site."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from build_tools.errors import SourceError

PROJECT = Path.cwd()


def _rulesets():
    from build_tools.rulesets import load_rulesets

    return load_rulesets(PROJECT / "rulesets")


def cmd_import(args: argparse.Namespace) -> int:
    from build_tools.importer import import_file
    from build_tools.publish import write_landing_pages, write_page

    rulesets = _rulesets()
    if args.all:
        jobs = [(ruleset, source.path, source.chapter, source.format, source.page, source.options)
                for ruleset in rulesets.values() for source in ruleset.sources]
    else:
        if not args.file or not args.ruleset:
            raise SystemExit("ruleref import: give FILE and --ruleset, or --all")
        if args.ruleset not in rulesets:
            known = ", ".join(rulesets) or "none"
            raise SourceError(str(args.file), None,
                              f"unknown ruleset {args.ruleset!r} (known: {known}); create rulesets/{args.ruleset}/ruleset.yml")
        ruleset = rulesets[args.ruleset]
        fmt = args.format or ("asl" if ruleset.references == "chapter-dotted" else "titled")
        options = next((s.options for s in ruleset.sources if s.path.resolve() == Path(args.file).resolve()), {})
        jobs = [(ruleset, Path(args.file), args.chapter, fmt, args.page or Path(args.file).stem, options)]
    # Import everything before writing anything: a bad source leaves docs/ as it was.
    pages = [(ruleset, path, page, import_file(path, ruleset=ruleset.id, chapter=chapter, format=fmt,
                                               source_label=_relative(path), **options))
             for ruleset, path, chapter, fmt, page, options in jobs]
    for ruleset, path, page, markdown in pages:
        target = write_page(PROJECT / "docs", ruleset.id, page, markdown)
        print(f"imported {_relative(path)} -> {_relative(target)}")
    write_landing_pages(PROJECT / "docs", rulesets)
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    from build_tools.site_build import build_into

    build_into(Path(args.site_dir), config_file=PROJECT / "mkdocs.yml", strict=not args.no_strict)
    print(f"site written to {args.site_dir}/")
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
            build_into(Path(args.site_dir), config_file=PROJECT / "mkdocs.yml", strict=True,
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
    try:
        return str(Path(path).resolve().relative_to(PROJECT.resolve()))
    except ValueError:
        return str(path)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="ruleref", description=__doc__)
    commands = top.add_subparsers(dest="command", required=True)

    imp = commands.add_parser("import", help="turn raw rule text into annotated Markdown under docs/<ruleset>/")
    imp.add_argument("file", nargs="?", type=Path, help="raw rule text (UTF-8)")
    imp.add_argument("--ruleset", help="ruleset id (a folder under rulesets/)")
    imp.add_argument("--chapter", help="chapter letter for chapter-relative rule numbers (ASL: G for 15.21 = G15.21)")
    imp.add_argument("--format", choices=("asl", "titled"), help="text shape (default from the ruleset's reference grammar)")
    imp.add_argument("--page", help="page name under docs/<ruleset>/ (default: the file's stem)")
    imp.add_argument("--all", action="store_true", help="import every source listed in rulesets/*/ruleset.yml")
    imp.set_defaults(run=cmd_import)

    bld = commands.add_parser("build", help="build the static site (strict; keeps the last good site on failure)")
    bld.add_argument("-d", "--site-dir", default="site")
    bld.add_argument("--no-strict", action="store_true", help="do not fail on warnings")
    bld.set_defaults(run=cmd_build)

    srv = commands.add_parser("serve", help="serve the site with live reload")
    srv.add_argument("-a", "--dev-addr", default="127.0.0.1:8000")
    srv.set_defaults(run=cmd_serve)

    chk = commands.add_parser("check", help="strict build, then release checks over the built site")
    chk.add_argument("-d", "--site-dir", default="site")
    chk.add_argument("--no-build", action="store_true", help="check the existing site without rebuilding")
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
        from mkdocs.exceptions import MkDocsException

        if isinstance(error, MkDocsException):
            print(f"error: {error}", file=sys.stderr)
            return 1
        raise


if __name__ == "__main__":
    sys.exit(main())
