"""Serve a built site on loopback exactly as a static host would, and the Chromium we drive.

A plain module (not conftest.py) so test files can import it: every test folder has a
conftest.py, and pytest imports them all under the same name."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

    def log_message(self, *args):  # keep test output readable
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser that drops a download it no longer needs (navigation, test end) is not a server fault."""
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def serve(root: Path, prefix: str = ""):
    """Serve ``root`` on a free loopback port; with ``prefix`` ('/ruleref') the site lives under that sub-path."""
    directory = root
    if prefix:
        holder = root.parent / f"served-{prefix.strip('/')}"
        if not holder.exists():
            holder.mkdir()
            (holder / prefix.strip("/")).symlink_to(root, target_is_directory=True)
        directory = holder
    handler = functools.partial(StaticHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}/"
