"""The web app manifest and its icons: the site installs on a phone's home screen (issue 5, "Manifest")."""

from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path
from urllib.parse import urljoin

from build_tools.offline.icons import ICONS, draw_icon, hex_rgb

MANIFEST_LINK = re.compile(r'<link rel="manifest" href="([^"]+)">')
APPLE_LINK = re.compile(r'<link rel="apple-touch-icon" href="([^"]+)">')


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """(width, height, raw scanlines) of an 8-bit RGB PNG, checking every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, chunks = 8, {}
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind, body = data[position + 4:position + 8], data[position + 8:position + 8 + length]
        (crc,) = struct.unpack(">I", data[position + 8 + length:position + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, kind
        chunks[kind] = chunks.get(kind, b"") + body
        position += 12 + length
    width, height, depth, colour, *_ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2) and b"IEND" in chunks
    return width, height, zlib.decompress(chunks[b"IDAT"])


def pixel(raw: bytes, width: int, x: int, y: int) -> tuple[int, int, int]:
    start = y * (1 + 3 * width) + 1 + 3 * x
    return tuple(raw[start:start + 3])


def test_manifest_names_the_site_and_opens_standalone_from_any_sub_path(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "ruleref"
    assert manifest["display"] == "standalone"
    # Relative: resolved against the manifest's URL, so /ruleref/ hosting starts at /ruleref/.
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert "id" not in manifest  # an id resolves against the origin: the start URL identifies the app instead
    assert urljoin("https://club.example/ruleref/manifest.webmanifest", manifest["start_url"]) == \
        "https://club.example/ruleref/"
    assert manifest["theme_color"] == "#795649"  # Material's "brown", the header colour (mkdocs.yml palette)
    assert manifest["lang"] == "en"


def test_manifest_icons_exist_at_the_sizes_browsers_ask_for(built_site):
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    listed = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert listed == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        assert not icon["src"].startswith("/")
        width, height, _ = read_png((built_site / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest_and_the_apple_touch_icon(built_site):
    root = "https://club.example/ruleref/"
    pages = [p for p in built_site.rglob("*.html") if p.name != "404.html"]  # 404.html: MkDocs makes its URLs absolute
    assert len(pages) >= 5
    for page in pages:
        html = page.read_text(encoding="utf-8")
        url = root + page.relative_to(built_site).as_posix()
        assert urljoin(url, MANIFEST_LINK.search(html).group(1)) == root + "manifest.webmanifest", page
        apple = urljoin(url, APPLE_LINK.search(html).group(1))
        assert (built_site / apple[len(root):]).is_file(), page


def test_apple_touch_icon_is_180_pixels_and_opaque(built_site):
    html = (built_site / "index.html").read_text(encoding="utf-8")
    width, height, _ = read_png((built_site / APPLE_LINK.search(html).group(1)).read_bytes())
    assert (width, height) == (180, 180)  # colour type 2: RGB, no alpha channel (checked in read_png)


def test_maskable_icon_keeps_the_drawing_inside_the_safe_zone():
    # A launcher may crop a maskable icon to a circle of 40 % radius: outside it
    # there must be only background.
    icon = next(icon for icon in ICONS if icon.purpose == "maskable")
    brown = hex_rgb("#795649")
    width, _, raw = read_png(draw_icon(icon, brown, (255, 255, 255), brown, hex_rgb("#ff6e42")))
    centre = width / 2
    for y in range(0, width, 4):
        for x in range(0, width, 4):
            if (x + 0.5 - centre) ** 2 + (y + 0.5 - centre) ** 2 > (0.4 * width) ** 2:
                assert pixel(raw, width, x, y) == brown, (x, y)
    assert pixel(raw, width, int(0.3 * width), int(0.35 * width)) == (255, 255, 255)  # the left page


def test_icons_are_drawn_identically_every_build():
    colours = (hex_rgb("#795649"), (255, 255, 255), hex_rgb("#795649"), hex_rgb("#ff6e42"))
    for icon in ICONS:
        assert draw_icon(icon, *colours) == draw_icon(icon, *colours)
