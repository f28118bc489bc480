"""The rules core as a wheel: deterministic bytes, a valid RECORD, importable as is."""

from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from build_tools.bundle import build_wheel, write_bundle
from build_tools.bundle import runtime
from build_tools.bundle.runtime import RUNTIME_FILES, copy_runtime
from build_tools.errors import SourceError


@pytest.fixture(scope="module")
def wheel(project):
    return build_wheel(project / "calculators", project / "pyproject.toml")


def test_same_sources_give_the_same_bytes_whatever_the_file_times(project, wheel, tmp_path):
    copy = tmp_path / "calculators"
    shutil.copytree(project / "calculators", copy, ignore=shutil.ignore_patterns("__pycache__"))
    for path in copy.rglob("*.py"):
        path.touch()  # new modification times must not change a byte
    (copy / "__pycache__").mkdir(exist_ok=True)
    (copy / "__pycache__" / "stale.cpython-311.pyc").write_bytes(b"not source")
    again = build_wheel(copy, project / "pyproject.toml")
    assert again.data == wheel.data
    assert again.filename == wheel.filename


def test_a_changed_source_gets_a_new_version_and_file_name(project, wheel, tmp_path):
    copy = tmp_path / "calculators"
    shutil.copytree(project / "calculators", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "dice.py").write_text((copy / "dice.py").read_text() + "\n# changed\n")
    changed = build_wheel(copy, project / "pyproject.toml")
    assert changed.filename != wheel.filename
    assert changed.sha256 != wheel.sha256


def test_entries_are_sorted_with_fixed_times_and_modes(wheel):
    entries = zipfile.ZipFile(io.BytesIO(wheel.data)).infolist()
    names = [entry.filename for entry in entries]
    assert names == sorted(names)
    assert {entry.date_time for entry in entries} == {(1980, 1, 1, 0, 0, 0)}
    assert {entry.external_attr >> 16 for entry in entries} == {0o100644}
    assert not any("__pycache__" in name for name in names)


def test_name_tag_and_metadata_describe_a_pure_python_wheel(wheel):
    assert wheel.filename == f"ruleref_calculators-{wheel.version}-py3-none-any.whl"
    archive = zipfile.ZipFile(io.BytesIO(wheel.data))
    dist_info = f"ruleref_calculators-{wheel.version}.dist-info"
    metadata = archive.read(f"{dist_info}/METADATA").decode()
    assert "Name: ruleref-calculators\n" in metadata and f"Version: {wheel.version}\n" in metadata
    wheel_file = archive.read(f"{dist_info}/WHEEL").decode()
    assert "Root-Is-Purelib: true\n" in wheel_file and "Tag: py3-none-any\n" in wheel_file


def test_record_lists_every_file_with_its_sha256_and_size(wheel):
    archive = zipfile.ZipFile(io.BytesIO(wheel.data))
    dist_info = f"ruleref_calculators-{wheel.version}.dist-info"
    rows = list(csv.reader(io.StringIO(archive.read(f"{dist_info}/RECORD").decode())))
    listed = {row[0]: row for row in rows}
    assert set(listed) == set(archive.namelist())
    assert listed[f"{dist_info}/RECORD"][1:] == ["", ""]
    for name, algorithm_digest, size in rows:
        if name.endswith("/RECORD"):
            continue
        data = archive.read(name)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert algorithm_digest == f"sha256={digest}", name
        assert int(size) == len(data), name


def test_every_calculator_runs_from_the_zip_alone(wheel, tmp_path):
    # The browser imports the wheel with zipimport; so does this fresh interpreter
    # (-I: no project folder, no site-packages on sys.path).
    path = tmp_path / wheel.filename
    path.write_bytes(wheel.data)
    script = ("import sys, json; sys.path.insert(0, sys.argv[1]); import calculators, calculators.worker;"
              "assert calculators.__file__.startswith(sys.argv[1]);"
              "print(json.dumps([c.id for c in calculators.all_calculators()]))")
    out = subprocess.run([sys.executable, "-I", "-c", script, str(path)], capture_output=True, text=True, check=True)
    import calculators

    assert json.loads(out.stdout) == [calc.id for calc in calculators.all_calculators()]


def test_a_new_ruleset_package_is_packed_and_found_from_the_zip(project, rules_core_with_newgame, tmp_path):
    # Discovery reads only the package's __path__: it finds calculators/newgame/ inside the wheel too.
    added = build_wheel(rules_core_with_newgame, project / "pyproject.toml")
    names = zipfile.ZipFile(io.BytesIO(added.data)).namelist()
    assert {"calculators/newgame/__init__.py", "calculators/newgame/hit.py", "calculators/newgame/rolls.py"} <= set(names)
    path = tmp_path / added.filename
    path.write_bytes(added.data)
    script = ("import sys, json; sys.path.insert(0, sys.argv[1]); import calculators;"
              "print(json.dumps([c.id for c in calculators.all_calculators()]))")
    out = subprocess.run([sys.executable, "-I", "-c", script, str(path)], capture_output=True, text=True, check=True)
    import calculators

    assert json.loads(out.stdout) == [calc.id for calc in calculators.all_calculators()] + ["newgame-hit"]


def test_unzipped_wheel_answers_the_page_like_the_source_tree(wheel, tmp_path):
    zipfile.ZipFile(io.BytesIO(wheel.data)).extractall(tmp_path / "site-packages")
    message = json.dumps({"type": "run", "id": "dozer-clearance", "inputs": {"labor": "-1"}, "query": ""})
    script = "import sys; sys.path.insert(0, sys.argv[1]); from calculators.worker import handle; print(handle(sys.argv[2]))"
    out = subprocess.run([sys.executable, "-I", "-c", script, str(tmp_path / "site-packages"), message],
                         capture_output=True, text=True, check=True)
    from calculators.worker import handle

    assert json.loads(out.stdout) == json.loads(handle(message))


def test_bundle_holds_the_runtime_and_a_lock_naming_the_wheel(project, tmp_path):
    lock = write_bundle(tmp_path, project)
    version = json.loads((project / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    stdlib = hashlib.sha256((tmp_path / "pyodide" / version / "python_stdlib.zip").read_bytes()).hexdigest()
    assert lock["runtime"] == {"version": version, "path": f"{version}/", "packed_wasm": "pyodide.asm.wasm.gz",
                               "stdlib_sha256": stdlib}
    shipped = sorted(p.name for p in (tmp_path / "pyodide" / version).iterdir())
    assert shipped == sorted(name if name != "pyodide.asm.wasm" else "pyodide.asm.wasm.gz" for name in RUNTIME_FILES)
    # The wasm goes gzipped (static hosts seldom compress it): the installed bytes, packed the same at every build.
    packed = (tmp_path / "pyodide" / version / "pyodide.asm.wasm.gz").read_bytes()
    installed = (project / "node_modules" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    assert gzip.decompress(packed) == installed and len(packed) < len(installed) / 2
    assert packed[3] == 0 and packed[4:8] == bytes(4)  # no file name, no time: the same bytes at every build
    data = (tmp_path / "pyodide" / lock["wheel"]["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == lock["wheel"]["sha256"]
    assert json.loads((tmp_path / "pyodide" / "calculators-lock.json").read_text()) == lock


def test_missing_pyodide_install_says_to_run_npm_ci(project, tmp_path):
    fake = tmp_path / "project"
    fake.mkdir()
    with pytest.raises(SourceError, match="npm ci"):
        write_bundle(tmp_path / "site", fake)


def test_the_runtime_is_linked_into_the_site_where_it_can_be_and_copied_where_not(tmp_path, monkeypatch):
    project = Path(__file__).resolve().parents[2]
    linked, copied = tmp_path / "linked", tmp_path / "copied"
    copy_runtime(project, linked)
    monkeypatch.setattr(runtime.os, "link", lambda *args: (_ for _ in ()).throw(OSError("cross-device link")))
    copy_runtime(project, copied)
    for name, installed in runtime.runtime_sources(project).items():
        assert (linked / name).read_bytes() == (copied / name).read_bytes() == installed.read_bytes()
        assert not (copied / name).samefile(installed)
        if tmp_path.stat().st_dev == installed.stat().st_dev:  # one file system: no bytes written
            assert (linked / name).samefile(installed)
