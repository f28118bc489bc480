"""The rules core as a deterministic pure-Python wheel (``py3-none-any``).

``calculators/`` is standard library only, so a standard wheel is all Pyodide
needs (no cross-compilation, no ``pyodide build``). The bytes depend only on
the package's source files and the project version: entries are sorted, every
timestamp is the zip epoch (1980-01-01), permissions are fixed, and the
version carries a digest of the sources (``0.1.0+g1a2b3c4d5e6f``) so a
changed rules core gets a new file name and no cache can serve a stale one.
"""

from __future__ import annotations

import base64
import hashlib
import io
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

DISTRIBUTION = "ruleref_calculators"
TAG = "py3-none-any"
_EPOCH = (1980, 1, 1, 0, 0, 0)
_FILE_MODE = 0o100644 << 16


@dataclass(frozen=True)
class Wheel:
    filename: str
    version: str
    data: bytes

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def package_files(package: Path) -> dict[str, bytes]:
    """The package's Python sources by archive path (``calculators/asl/g15.py``), sorted."""
    root = package.parent
    files = {p.relative_to(root).as_posix(): p.read_bytes()
             for p in package.rglob("*.py") if "__pycache__" not in p.parts}
    return dict(sorted(files.items()))


def _project_metadata(pyproject: Path) -> dict:
    return tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]


def build_wheel(package: Path, pyproject: Path) -> Wheel:
    files = package_files(package)
    project = _project_metadata(pyproject)
    sources = hashlib.sha256()
    for name, data in files.items():
        sources.update(name.encode() + b"\0" + data + b"\0")
    version = f"{project['version']}+g{sources.hexdigest()[:12]}"
    dist_info = f"{DISTRIBUTION}-{version}.dist-info"
    files[f"{dist_info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        f"Name: {DISTRIBUTION.replace('_', '-')}\n"
        f"Version: {version}\n"
        "Summary: ruleref's rules core: the calculators, pure Python (runs under CPython and Pyodide)\n"
        f"Requires-Python: {project['requires-python']}\n"
    ).encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\n"
        "Generator: ruleref (build_tools.bundle.wheel)\n"
        "Root-Is-Purelib: true\n"
        f"Tag: {TAG}\n"
    ).encode()
    record_name = f"{dist_info}/RECORD"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[record_name] = (record + f"{record_name},,\n").encode()

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, date_time=_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = _FILE_MODE
            entry.create_system = 3  # Unix, whatever the build machine
            archive.writestr(entry, files[name], compresslevel=9)
    return Wheel(filename=f"{DISTRIBUTION}-{version}-{TAG}.whl", version=version, data=buffer.getvalue())
