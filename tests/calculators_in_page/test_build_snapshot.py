"""The start-up memory image the build makes with the pinned runtime (build_tools/bundle/snapshot.py)."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from build_tools.bundle import WHEEL_MOUNT, write_bundle
from build_tools.bundle import snapshot
from build_tools.bundle.runtime import build_cache, copy_runtime
from build_tools.errors import SourceError

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory) -> tuple[Path, dict]:
    site = tmp_path_factory.mktemp("site")
    return site / "pyodide", write_bundle(site, PROJECT)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory) -> Path:
    """The runtime files an image is made with (the site keeps the wasm packed: packed_wasm.py)."""
    folder = tmp_path_factory.mktemp("runtime")
    copy_runtime(PROJECT, folder)
    return folder


def test_the_lock_names_the_image_by_its_sha256_and_the_wheel_by_its_path_in_the_page(bundle):
    folder, lock = bundle
    data = (folder / lock["snapshot"]["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == lock["snapshot"]["sha256"] and len(data) == lock["snapshot"]["size"]
    assert [p.name for p in (folder / "snapshots").iterdir()] == [lock["snapshot"]["file"].split("/")[1]]
    assert lock["wheel"]["mount"] == f"{WHEEL_MOUNT}/{lock['wheel']['file'].split('/')[1]}"
    image = gzip.decompress(data)
    assert len(image) > 20_000_000  # a whole wasm memory: Python started, the rules core imported
    assert json.loads((folder / "calculators-lock.json").read_text()) == lock


def test_two_builds_make_the_same_image(bundle, runtime, tmp_path):
    folder, lock = bundle
    wheel = folder / lock["wheel"]["file"]
    again = snapshot.build_snapshot(runtime, wheel, lock["wheel"]["mount"], tmp_path).path
    assert again.parent == tmp_path  # made anew, not taken from the project's cache
    assert again.read_bytes() == (folder / lock["snapshot"]["file"]).read_bytes()


def test_another_wheel_gets_another_image(bundle, runtime, tmp_path):
    folder, lock = bundle
    other = tmp_path / "other.whl"
    other.write_bytes((folder / lock["wheel"]["file"]).read_bytes() + b"\0")
    assert snapshot._key(runtime, other) != snapshot._key(runtime, folder / lock["wheel"]["file"])


def test_another_loader_gets_another_image(runtime, tmp_path):
    # pyodide.mjs reads the clock as Python starts, and the image keeps what it read.
    other = tmp_path / "runtime"
    other.mkdir()
    for item in runtime.iterdir():  # copies, not links: the runtime's files are node_modules' own
        shutil.copy(item, other / item.name)
    wheel = tmp_path / "any.whl"
    wheel.write_bytes(b"PK")
    before = snapshot._key(other, wheel)
    (other / "pyodide.mjs").write_text((runtime / "pyodide.mjs").read_text() + "\n// edited\n")
    assert snapshot._key(other, wheel) != before


def test_a_failed_snapshot_names_the_reason_and_leaves_no_file(bundle, runtime, tmp_path):
    folder, lock = bundle
    broken = tmp_path / "broken.whl"
    broken.write_bytes(b"not a zip")  # Python cannot import the rules core from it
    with pytest.raises(SourceError, match="making the calculators' start-up snapshot failed: .*calculators"):
        snapshot.build_snapshot(runtime, broken, lock["wheel"]["mount"], tmp_path / "cache")
    assert list((tmp_path / "cache").iterdir()) == []


def test_the_project_cache_is_next_to_the_runtime():
    assert build_cache(PROJECT) == PROJECT / "node_modules" / ".cache" / "ruleref"
