"""The Content-Security-Policy every page gets.

Scripts: the site's own script files, and the few inline scripts the theme
writes into every page (Material's, and the calculators' early start), each
allowed by the sha256 of its exact text, never ``'unsafe-inline'``. Those
hashes are taken from the page *around* its content: what the rule text,
an annotation or a glossary entry put there is never hashed, and a page
whose content holds a ``<script>`` fails the build (``unwritten_script``).
So a script or event handler that reaches a page by any other way is
refused by the browser. Pages that run calculators also allow WebAssembly
compilation (``'wasm-unsafe-eval'``, no JavaScript eval). Network access
stays on the site's origin.

The policy is a ``<meta http-equiv>`` so it works on any static host; it
goes first in ``<head>`` (after ``<meta charset>``), before any script it
governs. What a ``<meta>`` policy cannot say (``frame-ancestors``) is in the
README, as response headers for hosts that can add them.
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


_ANY_SCRIPT = re.compile(r"<script\b", re.IGNORECASE)


def unwritten_script(content: str) -> str | None:
    """The first ``<script …>`` tag in a page's content (its Markdown and what our
    extensions render into it), which no build step writes; None if there is none."""
    found = _ANY_SCRIPT.search(content)
    if found is None:
        return None
    end = content.find(">", found.start())
    return content[found.start(): end + 1 if end != -1 else found.start() + 60][:120]


def policy(html: str, calculators: bool) -> str:
    wasm = ["'wasm-unsafe-eval'"] if calculators else []
    scripts = " ".join(["'self'", *wasm, *inline_script_hashes(html)])
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
    """``html`` with the policy at the top of ``<head>`` (whose content was checked by ``unwritten_script``)."""
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html, MARKER in html)}">'
    return html[:head.end()] + meta + html[head.end():]
