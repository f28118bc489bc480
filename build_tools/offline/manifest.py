"""The web app manifest and its icons: what a phone needs to put the site on its home screen.

Every URL in the manifest is relative. A browser resolves ``start_url``,
``scope`` and icon ``src`` against the manifest's own URL, and the manifest
sits at the site root, so the same file works at ``https://host/`` and at
``https://host/ruleref/``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import material

from build_tools.errors import SourceError
from build_tools.offline.icons import ICONS, draw_icon, hex_rgb

MANIFEST = "manifest.webmanifest"
BACKGROUND = "#ffffff"  # Material's default-scheme page background: the splash screen matches the first paint

MATERIAL_TEMPLATES = Path(material.__file__).resolve().parent / "templates"


def theme_colours(theme) -> tuple[str, str]:
    """(primary, accent) of the first palette in mkdocs.yml, as Material's CSS defines them.

    Material maps palette names (``brown``) to colours in its palette
    stylesheet; reading them there keeps the icon and the browser's toolbar
    the colour of the header, whatever palette the site picks."""
    palette = theme.get("palette") or {}
    first = palette[0] if isinstance(palette, list) else palette
    # Material writes the names into data attributes with spaces as dashes ("deep orange").
    primary = (first.get("primary") or "indigo").replace(" ", "-")
    accent = (first.get("accent") or "indigo").replace(" ", "-")
    css = "".join(p.read_text(encoding="utf-8")
                  for p in sorted((MATERIAL_TEMPLATES / "assets" / "stylesheets").glob("palette.*.min.css")))
    return (_css_colour(css, "primary", primary, "--md-primary-fg-color"),
            _css_colour(css, "accent", accent, "--md-accent-fg-color"))


def _css_colour(css: str, kind: str, name: str, variable: str) -> str:
    found = re.search(rf"\[data-md-color-{kind}={re.escape(name)}\]\{{[^}}]*?{variable}:(#[0-9a-fA-F]{{6}})", css)
    if not found:
        raise SourceError("mkdocs.yml", None, f"theme.palette {kind} '{name}' is not a Material palette colour "
                          f"(no {variable} for it in Material's palette stylesheet); pick one Material lists")
    return found.group(1).lower()


def manifest(site_name: str, site_description: str | None, theme) -> dict:
    """The manifest's fields, from mkdocs.yml (name, description, language, palette)."""
    primary, _ = theme_colours(theme)
    # No "id": browsers resolve it against the origin, not the manifest, so no
    # relative id is sub-path safe; without one the app's identity is its
    # start URL (/ruleref/), which keeps two sites on one host apart.
    return {
        "name": site_name,
        "short_name": site_name,
        "description": site_description or site_name,
        "lang": theme.get("language") or "en",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": primary,
        "background_color": BACKGROUND,
        "icons": [{"src": icon.path, "sizes": f"{icon.size}x{icon.size}", "type": "image/png", "purpose": icon.purpose}
                  for icon in ICONS if icon.purpose],
    }


def manifest_files(site_name: str, site_description: str | None, theme) -> dict[str, bytes]:
    """The manifest and the icons, by their path in the site."""
    primary, accent = theme_colours(theme)
    files = {icon.path: draw_icon(icon, hex_rgb(primary), hex_rgb(BACKGROUND), hex_rgb(primary), hex_rgb(accent))
             for icon in ICONS}
    files[MANIFEST] = (json.dumps(manifest(site_name, site_description, theme), ensure_ascii=False, indent=2)
                       + "\n").encode("utf-8")
    return files
