"""LinkChecker, an independent crawler, over a built site served on loopback."""

from __future__ import annotations

import csv
import functools
import http.server
import io
import subprocess
import sys
import threading
from pathlib import Path

LINKCHECKER_CONFIG = """\
[checking]
threads=4
maxrequestspersecond=1000
[filtering]
checkextern=0
[AnchorCheck]
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def linkchecker_broken_links(site: Path, tmp_path: Path) -> list[str]:
    """LinkChecker (an independent crawler) over ``site`` served on loopback: its broken internal links and anchors."""
    config = tmp_path / "linkcheckerrc"
    config.write_text(LINKCHECKER_CONFIG, encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        result = subprocess.run([str(Path(sys.executable).parent / "linkchecker"), "-f", str(config), "--no-status",
                                 "-v", "-o", "csv", url], capture_output=True, text=True, timeout=900)
    finally:
        server.shutdown()
    rows = list(csv.DictReader(io.StringIO("".join(line + "\n" for line in result.stdout.splitlines()
                                                   if not line.startswith("#"))), delimiter=";"))
    internal = [row for row in rows if row["url"].startswith(url)]
    assert len(internal) > 50, f"linkchecker crawled only {len(internal)} URLs:\n{result.stderr[-2000:]}"
    broken = [f"{row['parentname']}:{row['line']}: {row['urlname']}: {row['result']} {row['warningstring']}"
              for row in internal if row["valid"] != "True" or "anchor" in row["warningstring"].lower()]
    assert broken or result.returncode == 0, result.stderr[-2000:]
    return broken
