"""Run one of the build's Node scripts with the pinned Pyodide runtime, writing one file.

The bytecode stdlib (``stdlib.py``) and the start-up memory image
(``snapshot.py``) are made by the very runtime the page uses, under Node
(installed with npm, which the build needs anyway for the runtime itself).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from build_tools.errors import SourceError


def run_node(script: Path, args: list[str], output: Path, *, about: Path, task: str, doing: str) -> None:
    """``node script args…``, which must write ``output``; a clear ``SourceError`` about ``about`` otherwise.

    ``task`` completes "Node is needed to …", ``doing`` completes "… failed: <the script's last line>".
    A failed run leaves no ``output`` behind."""
    node = shutil.which("node")
    if node is None:
        raise SourceError(str(about), None, f"Node is needed to {task} (it runs the pinned runtime): "
                          "install Node, then build again")
    done = subprocess.run([node, str(script), *args], capture_output=True, text=True)
    if done.returncode != 0 or not output.is_file():
        output.unlink(missing_ok=True)
        why = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SourceError(str(about), None, f"{doing} failed: {why}")
