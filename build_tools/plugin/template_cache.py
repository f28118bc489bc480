"""Material's templates, compiled once and kept between builds.

Every MkDocs build compiles the theme's Jinja templates again (about forty
for Material: a quarter of a second, close to a tenth of a 10,000-rule book's
build). Jinja can keep the compiled code on disk; it names each template's
code by the template's name and file, and stores a checksum of the template's
text with it, so an edited template (a site's own ``custom_dir`` too) is
compiled again. The code is kept in ``.ruleref/templates/`` beside the config
file. A folder that cannot be written costs the time it saves, nothing else.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache

FOLDER = Path(".ruleref") / "templates"


class _TemplateCache(FileSystemBytecodeCache):
    """Jinja's file cache, quiet when a file cannot be written (a read-only checkout, a full disk)."""

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def keep_compiled_templates(env: Environment, project: Path) -> None:
    """Load ``env``'s compiled templates from ``project``'s template folder, and keep new ones there."""
    folder = project / FOLDER
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    env.bytecode_cache = _TemplateCache(str(folder))
