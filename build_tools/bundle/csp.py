"""The Content-Security-Policy of pages that run calculators.

A calculator page runs Python compiled to WebAssembly, so it gets the
strictest script policy that still works: the site's own script files,
WebAssembly compilation (``'wasm-unsafe-eval'``, no JavaScript eval), and the
few inline scripts Material writes into every page, each allowed by the
sha256 of its exact text (computed here, from the final HTML) — never
``'unsafe-inline'``. Network access stays on the site's origin.

The policy is a ``<meta http-equiv>`` so it works on any static host; it
goes first in ``<head>`` (after ``<meta charset>``), before any script it governs.
"""

from __future__ import annotations

import base64
import hashlib
import re

_INLINE_SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_SRC = re.compile(r"\ssrc\s*=", re.IGNORECASE)
_TYPE = re.compile(r"""\stype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
# Script types the browser executes; JSON data blocks (Material's __config) are not scripts.
_EXECUTED_TYPES = ("", "text/javascript", "module", "application/javascript")
_HEAD = re.compile(r"<head(\s[^>]*)?>(\s*<meta charset=[^>]*>)?", re.IGNORECASE)
MARKER = 'class="rr-calc"'


def inline_script_hashes(html: str) -> list[str]:
    """``'sha256-…'`` sources for every executed inline script, in page order, unique."""
    hashes = []
    for match in _INLINE_SCRIPT.finditer(html):
        attrs = match.group("attrs") or ""
        kind = _TYPE.search(attrs)
        if _SRC.search(attrs) or (kind and kind.group(1).lower() not in _EXECUTED_TYPES):
            continue
        digest = base64.b64encode(hashlib.sha256(match.group("body").encode("utf-8")).digest()).decode("ascii")
        source = f"'sha256-{digest}'"
        if source not in hashes:
            hashes.append(source)
    return hashes


def policy(html: str) -> str:
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *inline_script_hashes(html)])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        "worker-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data:",
        # Material sets inline style attributes (e.g. the header's shadow); styles cannot run code.
        "style-src 'self' 'unsafe-inline'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def add_policy(html: str) -> str:
    """``html`` with the policy at the top of ``<head>``, if it shows a calculator."""
    if MARKER not in html:
        return html
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html[:head.end()] + meta + html[head.end():]
