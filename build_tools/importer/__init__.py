"""Raw rule text -> rule page Markdown (see ARCHITECTURE.md, "Rule pages").

One module per text shape: ``asl`` (numbered rules, tab tables with
footnotes, ``EX:``), ``titled`` (sections headed by title lines, pipe
tables); ``markdown_text`` writes and escapes the Markdown both produce.
Importing is pure: the same text and options always give the same bytes.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from build_tools.errors import SourceError
from build_tools.importer.asl import import_asl
from build_tools.importer.titled import import_titled

FORMATS = ("asl", "titled")


def import_text(text: str, *, path: str, ruleset: str, chapter: str | None, format: str,
                title: str | None = None, titles: list[str] = (), not_titles: list[str] = ()) -> str:
    """The page Markdown (front matter + rules) for one raw text.

    ``path`` is the repo-relative source path, written as ``source:`` and used
    in errors. ``title`` overrides the page title the importer derives;
    ``titles`` / ``not_titles`` (titled format only) override its title-line
    heuristic for the exact lines given. They come from the source's entry in
    ``rulesets/<id>/ruleset.yml``.
    """
    if format == "asl":
        if titles or not_titles:
            raise SourceError(path, None, "titles/not_titles apply to the 'titled' format only")
        page = import_asl(text, path=path, chapter=chapter)
    elif format == "titled":
        page = import_titled(text, path=path, titles=list(titles), not_titles=list(not_titles))
    else:
        raise SourceError(path, None, f"unknown source format {format!r} (one of {', '.join(FORMATS)})")
    front = {"ruleset": ruleset}
    if format == "asl":
        front["chapter"] = page.chapter
    front["source"] = path
    front["title"] = title or page.title
    header = yaml.safe_dump(front, sort_keys=False, allow_unicode=True, width=10_000)
    return f"---\n{header}---\n\n{page.markdown}"


def import_file(source_path: str | Path, *, ruleset: str, chapter: str | None, format: str,
                source_label: str, title: str | None = None, titles: list[str] = (),
                not_titles: list[str] = ()) -> str:
    """Read ``source_path`` (strict UTF-8, line endings normalised) and import it.

    ``source_label`` is the repo-relative path written into the page and errors.
    """
    try:
        data = Path(source_path).read_bytes()
    except OSError as error:
        raise SourceError(source_label, None, f"cannot read the source: {error.strerror}; "
                                              "check the file name in ruleset.yml") from None
    try:
        text = data.decode("utf-8-sig")  # a leading byte-order mark is encoding, not text
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SourceError(source_label, line, f"not valid UTF-8: byte 0x{data[error.start]:02x} "
                                              f"({error.reason}); save the file as UTF-8")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return import_text(text, path=source_label, ruleset=ruleset, chapter=chapter, format=format,
                       title=title, titles=titles, not_titles=not_titles)
