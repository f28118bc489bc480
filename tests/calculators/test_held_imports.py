"""Imports held while the page's stdlib is on its way (calculators/worker.py, ``hold_imports``).

A page restored from the build's memory image answers before the stdlib's zip
has arrived (calculator-worker.js). That is right only if answering imports
nothing the image does not hold, and safe only if an import that does come is
refused in a way no module mistakes for a missing optional module."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import calculators
from calculators import worker
from calculators.model import BooleanInput, ChoiceInput, IntegerInput
from trust.hostile_links import PAYLOADS


@pytest.fixture
def held():
    worker.hold_imports()
    yield
    worker.release_imports()


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``held_pkg`` whose module ``fallback`` imports another inside ``except ImportError``."""
    root = tmp_path / "held_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "plain.py").write_text("VALUE = 1\n")
    (root / "fallback.py").write_text(textwrap.dedent("""\
        try:
            from held_pkg.plain import VALUE
        except ImportError:
            VALUE = None  # what a module does when an optional one is missing
        """))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "held_pkg"
    for name in [name for name in sys.modules if name.startswith("held_pkg")]:
        del sys.modules[name]


def test_a_new_import_is_refused_by_name_and_goes_through_once_released(package):
    worker.hold_imports()
    try:
        with pytest.raises(worker.ImportsHeld, match="held_pkg"):
            __import__("held_pkg.plain")
        assert "held_pkg" not in sys.modules
    finally:
        worker.release_imports()
    assert __import__("held_pkg.plain").plain.VALUE == 1


def test_a_module_with_an_import_error_fallback_does_not_take_the_hold_for_a_missing_module(package):
    __import__("held_pkg")
    worker.hold_imports()
    try:
        with pytest.raises(worker.ImportsHeld):
            __import__("held_pkg.fallback")
        assert "held_pkg.fallback" not in sys.modules  # not kept half-made, with VALUE = None
    finally:
        worker.release_imports()
    from held_pkg import fallback
    assert fallback.VALUE == 1


def test_modules_already_imported_still_import(held):
    import json as again
    assert again is json


def test_the_hold_is_put_once_and_lifted_whole():
    worker.hold_imports()
    worker.hold_imports()
    worker.release_imports()
    with pytest.raises(ModuleNotFoundError):
        __import__("this_module_does_not_exist_anywhere")


def test_the_hold_names_where_the_stdlib_zip_belongs(held):
    path = worker.hold_imports()
    assert path in sys.path
    assert path.endswith(f"python{sys.version_info.major}{sys.version_info.minor}.zip")


def requests() -> list[dict]:
    """Requests a page can send: each calculator opened bare and by hostile links, and run at every
    end of each input's range and with a value it refuses."""
    found = []
    for calc in calculators.all_calculators():
        found.append({"type": "open", "ids": [calc.id], "query": ""})
        for payload in PAYLOADS:
            found.append({"type": "open", "ids": [calc.id], "query": f"?{calc.id}.x={payload}"})
        for item in calc.inputs:
            if isinstance(item, IntegerInput):
                values = [item.minimum, item.maximum, "1.5", "x"]
            elif isinstance(item, ChoiceInput):
                values = [value for value, _ in item.choices] + ["not a choice"]
            elif isinstance(item, BooleanInput):
                values = ["true", "false", "maybe"]
            else:
                values = [item.default, "<b>" * 100]
            for value in values:
                found.append({"type": "run", "id": calc.id, "inputs": {item.name: str(value)},
                              "query": f"?{calc.id}.{item.name}=1"})
                found.append({"type": "open", "ids": [calc.id], "query": f"?{calc.id}.{item.name}={value}"})
    return found


# What the build's image holds (build_tools/bundle/snapshot.mjs), then imports held, then every request.
ANSWER_HELD = """
import calculators, calculators.worker
calculators.all_calculators()
import sys, json
held = calculators.worker.hold_imports()
needed = []
for request in json.loads(sys.stdin.read()):
    try:
        calculators.worker.handle(json.dumps(request))
    except calculators.worker.ImportsHeld as error:
        needed.append(f"{request}: {error}")
print(json.dumps(needed))
"""


def test_every_request_is_answered_from_what_the_image_holds():
    # A fresh interpreter, as the image has only what its making imported (pytest imports much more).
    asked = requests()
    done = subprocess.run([sys.executable, "-c", ANSWER_HELD], input=json.dumps(asked), capture_output=True,
                          text=True, check=True)
    assert json.loads(done.stdout) == []
    assert len(asked) > 500
