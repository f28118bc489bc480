"""The app icons (home screen, splash screen, Apple touch icon), drawn at build time.

No imaging library: the icon is a few axis-aligned rectangles (an open book
with a bookmark ribbon) drawn with exact area coverage, so edges are
anti-aliased at every size, and written by a minimal PNG encoder. Same
colours and sizes give byte-identical PNGs, so an unchanged site keeps an
unchanged service worker.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

RGB = tuple[int, int, int]

# The drawing, in fractions of the icon's side. At scale 1 everything sits
# inside the centre circle of radius 0.4 (the maskable-icon safe zone), so a
# launcher may crop the icon to any shape without cutting the book; icons shown
# uncropped draw it larger.
PAGES = ((0.235, 0.30, 0.492, 0.72), (0.508, 0.30, 0.765, 0.72))
LINE_ROWS = (0.40, 0.47, 0.54, 0.61)
LINE_HEIGHT = 0.028
LINE_INSET = 0.035
RIBBON = (0.665, 0.265, 0.705, 0.46)


@dataclass(frozen=True)
class Icon:
    """One PNG the site ships: where it goes, how big it is, what the manifest says about it."""

    path: str
    size: int
    purpose: str | None  # manifest purpose; None = not in the manifest (Apple's own link)
    scale: float


ICONS = (
    Icon("assets/ruleref/icons/icon-192.png", 192, "any", 1.3),
    Icon("assets/ruleref/icons/icon-512.png", 512, "any", 1.3),
    Icon("assets/ruleref/icons/icon-maskable-512.png", 512, "maskable", 1.0),
    # iOS ignores the manifest's icons, wants its own link, opaque, 180 px, and rounds the corners.
    Icon("assets/ruleref/icons/apple-touch-icon-180.png", 180, None, 1.2),
)


def hex_rgb(colour: str) -> RGB:
    """'#795649' -> (121, 86, 73)."""
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def draw_icon(icon: Icon, background: RGB, paper: RGB, ink: RGB, ribbon: RGB) -> bytes:
    """``icon`` as an opaque RGB PNG."""
    canvas = Canvas(icon.size, icon.scale, background)
    for left, top, right, bottom in PAGES:
        canvas.fill(left, top, right, bottom, paper)
        for row in LINE_ROWS:
            canvas.fill(left + LINE_INSET, row, right - LINE_INSET, row + LINE_HEIGHT, ink)
    canvas.fill(*RIBBON, ribbon)
    return encode_png(icon.size, icon.size, canvas.rows)


class Canvas:
    """An opaque RGB square that rectangles are painted on (scaled about the centre), with exact
    per-pixel coverage."""

    def __init__(self, size: int, scale: float, background: RGB):
        self.size = size
        self.scale = scale
        self.rows = [bytearray(bytes(background) * size) for _ in range(size)]

    def _pixels(self, fraction: float) -> float:
        return (0.5 + (fraction - 0.5) * self.scale) * self.size

    def fill(self, left: float, top: float, right: float, bottom: float, colour: RGB) -> None:
        """Paint the rectangle given in fractions of the side; a partly covered pixel is blended
        by its covered area, (covered width) x (covered height)."""
        columns = _coverage(self._pixels(left), self._pixels(right))
        edges = [(x, cover) for x, cover in columns if cover != 1]
        inner = [x for x, cover in columns if cover == 1]
        solid = bytes(colour) * len(inner)
        blended: dict[tuple[bytes, float], bytes] = {}  # the same few colours and coverages recur
        for y, row_cover in _coverage(self._pixels(top), self._pixels(bottom)):
            row = self.rows[y]
            for x, column_cover in edges:
                _blend(row, x, x + 1, colour, row_cover * column_cover, blended)
            if not inner:
                continue
            if row_cover == 1:  # the icons are mostly whole pixels: painted as one run
                row[3 * inner[0]:3 * (inner[-1] + 1)] = solid
            else:
                _blend(row, inner[0], inner[-1] + 1, colour, row_cover, blended)


def _blend(row: bytearray, first: int, end: int, colour: RGB, alpha: float,
           blended: dict[tuple[bytes, float], bytes]) -> None:
    """Blend pixels ``first`` to ``end - 1`` of ``row`` towards ``colour`` by ``alpha``;
    ``blended`` remembers each (old pixel, alpha) worked out."""
    for start in range(3 * first, 3 * end, 3):
        old = bytes(row[start:start + 3])
        new = blended.get((old, alpha))
        if new is None:
            new = blended[old, alpha] = bytes(round(value + (target - value) * alpha)
                                              for value, target in zip(old, colour))
        row[start:start + 3] = new


def _coverage(start: float, end: float) -> list[tuple[int, float]]:
    """The pixels an interval [start, end) touches, each with the covered fraction of its width."""
    return [(pixel, min(end, pixel + 1) - max(start, pixel))
            for pixel in range(int(start), int(end) + 1) if min(end, pixel + 1) > max(start, pixel)]


def encode_png(width: int, height: int, rows: list[bytearray]) -> bytes:
    """A truecolour 8-bit PNG: signature, IHDR, one IDAT (filter 0 rows, zlib level 9), IEND."""
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9))
            + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
