"""The standard library the page's Python loads is bytecode made by the pinned runtime."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest

from build_tools.bundle import node_runtime, stdlib
from build_tools.bundle.runtime import build_cache, runtime_folder
from build_tools.errors import SourceError

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed() -> Path:
    return runtime_folder(PROJECT)


@pytest.fixture
def own_runtime(installed, tmp_path) -> Path:
    """A runtime folder of its own, so the cache next to it starts empty."""
    folder = tmp_path / "node_modules" / "pyodide"
    folder.mkdir(parents=True)
    for item in installed.iterdir():
        (folder / item.name).symlink_to(item)
    return folder


def test_every_module_becomes_a_pyc_and_no_source_is_left(installed):
    with zipfile.ZipFile(installed / stdlib.NAME) as shipped:
        sources = {name for name in shipped.namelist() if name.endswith(".py")}
        others = {name for name in shipped.namelist() if not name.endswith(".py")}
    with zipfile.ZipFile(stdlib.precompiled_stdlib(installed, build_cache(PROJECT))) as compiled:
        names = set(compiled.namelist())
        assert names == {name + "c" for name in sources} | others
        header = compiled.read("os.pyc")[:16]
    assert header[4:8] == (0b01).to_bytes(4, "little")  # PEP 552: hash-based, unchecked: no source needed
    assert len(sources) > 500


def test_the_bytecode_carries_no_docstrings(installed):
    # Compiled as -OO would: 0.6 MB off the zip, 0.3 MB off the gzipped memory image.
    docstring = b"OS routines for NT or Posix"
    with zipfile.ZipFile(installed / stdlib.NAME) as shipped:
        assert docstring in shipped.read("os.py")
    with zipfile.ZipFile(stdlib.precompiled_stdlib(installed, build_cache(PROJECT))) as compiled:
        code = compiled.read("os.pyc")
    assert docstring not in code and b"makedirs" in code


def test_two_builds_make_the_same_bytes(own_runtime, installed):
    made = stdlib.precompiled_stdlib(own_runtime, own_runtime.parent / ".cache" / "ruleref")
    assert made.read_bytes() == stdlib.precompiled_stdlib(installed, build_cache(PROJECT)).read_bytes()


def test_the_code_names_the_path_the_page_mounts_the_zip_at(installed):
    assert stdlib.zip_prefix(installed) == "/lib/python314.zip"  # Pyodide 314: Python 3.14


def test_without_node_the_build_says_what_to_install(own_runtime, monkeypatch):
    monkeypatch.setattr(node_runtime.shutil, "which", lambda name: None)
    with pytest.raises(SourceError, match="Node is needed"):
        stdlib.precompiled_stdlib(own_runtime, own_runtime.parent / ".cache" / "ruleref")


def test_a_failed_compile_names_the_reason_and_leaves_no_file(own_runtime, installed):
    # The runtime still starts from this zip (it holds the whole stdlib); one module does not compile.
    (own_runtime / stdlib.NAME).unlink()
    shutil.copy(installed / stdlib.NAME, own_runtime / stdlib.NAME)
    with zipfile.ZipFile(own_runtime / stdlib.NAME, "a") as archive:
        archive.writestr("bad.py", "def (:\n")
    with pytest.raises(SourceError, match="precompiling the standard library failed: .*SyntaxError"):
        stdlib.precompiled_stdlib(own_runtime, own_runtime.parent / ".cache" / "ruleref")
    assert list((own_runtime.parent / ".cache" / "ruleref").glob("*")) == []
