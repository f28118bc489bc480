"""What the import made of each source, kept under everything it read.

``make build``, ``make serve`` and ``ruleref build --import`` import every
source again before each build, and reading a source is the import's whole
cost: a second for a 10,000-rule book on two cores, more than the build's own
overhead. What the import makes of a source (its page, its report, the rule
index's reading of the page and what the page cites outside its rules)
depends only on the source's bytes, the path and page it is imported as, its
ruleset's ``ruleset.yml``, the code of ``build_tools/``, and the Python and
PyYAML that run it. So it is kept in ``.ruleref/imports/`` in a file named by
the SHA-256 of all of these (``json_cache``), and a source none of them
changed for is not read again. The report of a kept import is the one its
first import printed: the references, judged against the other sources, are
counted afresh each time.

A source with earlier versions (``versions.yml``) is imported each time: its
history reads every version. So is a source of a ruleset with no
``ruleset.yml`` to go by.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import yaml

from build_tools import json_cache, rule_index_cache
from build_tools.importer import Imported
from build_tools.importer.report import ImportReport

FOLDER = Path(".ruleref") / "imports"
_CODE = ("**/*.py",)
_RUNTIME = f"{sys.version}\0{yaml.__version__}".encode("utf-8")


def folder_of(docs_dir: Path) -> Path:
    """Where the imports of the pages of ``docs_dir`` are kept: beside it, as the project's ``.ruleref/``."""
    return Path(docs_dir).parent / FOLDER


def key(job, data: bytes) -> str | None:
    """The name of the import of ``job`` (an ``import_sources.Job``) from its source's bytes ``data``, or None where
    it is not kept. Its source's settings are in it as the job has them: ``ruleref import FILE --format text`` is
    another import of FILE."""
    if len(job.source.versions) > 1:
        return None
    settings = rule_index_cache.ruleset_digest(job.ruleset)
    if settings is None:
        return None
    source = job.source
    digest = hashlib.sha256(json_cache.code_digest(_CODE))
    digest.update(_RUNTIME)
    digest.update(settings)
    digest.update(json.dumps([job.label, source.page, source.format, source.chapter, source.options],
                             sort_keys=True).encode("utf-8"))
    digest.update(data)
    return digest.hexdigest()


def load(folder: Path, name: str) -> tuple[Imported, None, dict, list[str]] | None:
    """The import kept as ``name`` as ``import_sources._import`` returns it, or None (none kept, or unreadable)."""
    data = json_cache.load(folder, name)
    if data is None:
        return None
    try:
        report = data["report"]
        if not (isinstance(data["markdown"], str) and isinstance(data["reading"], dict)
                and isinstance(data["outside"], list) and isinstance(report, dict)):
            return None
        return Imported(data["markdown"], ImportReport.from_json(report)), None, data["reading"], data["outside"]
    except (KeyError, TypeError, ValueError):
        return None


def store(folder: Path, name: str, imported: Imported, reading: dict, outside: list[str]) -> None:
    """Keep the import of a source (before its references are judged: they are counted at each import),
    in place of any kept under ``name`` that could not be read."""
    json_cache.store(folder, name, {"markdown": imported.markdown, "report": imported.report.as_json(),
                                    "reading": reading, "outside": outside}, replace=True)

