"""The configuration Zensical builds the site from: the project's ``mkdocs.yml``, less the MkDocs plugin,
plus what that plugin would have added to it.

Zensical reads ``mkdocs.yml`` but runs no MkDocs plugin. What the ruleref
plugin does to the configuration is written here instead: our stylesheets and
ES modules on every page, our theme overrides in front of the theme's
templates, the folders our Markdown extensions build the rule index from, and
the navigation with each ruleset's section named after the ruleset (not its
folder), in the order the plugin gives it. A ``nav:`` of the site's own is kept.
Zensical wants its docs and site folders inside the folder of its
configuration file, so the file is written at the project's root for the
build, and the site into a folder of ``.ruleref/``.
"""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from build_tools.markdown.site_context import EXTENSIONS
from build_tools.nav_order import in_sources_order
from build_tools.rulesets import load_rulesets
from build_tools.site_assets import ASSET_PREFIX, THEME, asset_names

GENERATED = ".ruleref-zensical.yml"
SITE = Path(".ruleref") / "zensical-site"


def write(config_file: Path) -> tuple[Path, Path]:
    """Write Zensical's configuration beside ``config_file``; (its path, the site folder it builds into)."""
    project = config_file.parent
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    config["plugins"] = [plugin for plugin in config.get("plugins", []) if _name(plugin) != "ruleref"]
    config["site_dir"] = SITE.as_posix()
    config.setdefault("theme", {})["custom_dir"] = str(THEME)
    config["extra_css"] = [*config.get("extra_css", []),
                           *(f"{ASSET_PREFIX}/{name}" for name in asset_names() if name.endswith(".css"))]
    config["extra_javascript"] = [*config.get("extra_javascript", []),
                                  *({"path": f"{ASSET_PREFIX}/{name}", "type": "module"}
                                    for name in asset_names() if name.endswith(".js") and "/" not in name)]
    folders = {"docs_dir": str((project / config.get("docs_dir", "docs")).resolve()),
               "rulesets_dir": str((project / "rulesets").resolve())}
    # Relative: Zensical 0.0.73 stops with a panic ("invariant: Id(Format(Path(RootDir)))") on an absolute docs_dir.
    config["docs_dir"] = os.path.relpath(folders["docs_dir"], project.resolve())
    config["markdown_extensions"] = [_with_folders(extension, folders)
                                     for extension in config.get("markdown_extensions", [])]
    if "nav" not in config:
        docs = Path(folders["docs_dir"])
        config["nav"] = _nav(docs, docs, load_rulesets(project / "rulesets"))
    generated = project / GENERATED
    generated.write_text(yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return generated, project / SITE


def _nav(folder: Path, docs: Path, rulesets: dict) -> list:
    """The pages of ``folder`` as the plugin orders them for MkDocs (its index first, then its pages,
    then its folders, each by name, a ruleset's source pages in ``sources:`` order); a ruleset's
    folder is a section named as the ruleset is."""
    pages = sorted(folder.glob("*.md"), key=lambda path: (path.name != "index.md", path.name))
    items: list = in_sources_order([path.relative_to(docs).as_posix() for path in pages], rulesets, lambda path: path)
    for sub in sorted(path for path in folder.iterdir() if path.is_dir()):
        inside = _nav(sub, docs, rulesets)
        if inside:
            name = sub.relative_to(docs).as_posix()
            title = rulesets[name].name if name in rulesets else sub.name.replace("-", " ").replace("_", " ").capitalize()
            items.append({title: inside})
    return items


def _name(entry) -> str:
    return entry if isinstance(entry, str) else next(iter(entry))


def _with_folders(extension, folders: dict[str, str]):
    """Our extensions learn where the docs and rulesets are (the plugin would hand them the index)."""
    name = _name(extension)
    if name not in EXTENSIONS:
        return extension
    options = {} if isinstance(extension, str) else dict(extension[name] or {})
    return {name: {**folders, **options}}
