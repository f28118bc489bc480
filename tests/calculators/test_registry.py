"""Calculators are found, not listed (calculators/registry.py): every module of a ruleset's
sub-package that defines ``CALCULATORS``, sub-packages by name, modules in the order the
sub-package's ``ORDER`` gives and then by name."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import textwrap

import pytest

import calculators
from calculators import registry

CORE = "rules_core_under_test"


@pytest.fixture
def core(tmp_path, monkeypatch):
    """An empty package like ``calculators``, importable as ``CORE``; ``add(path, text)`` writes a file in it."""
    root = tmp_path / CORE
    root.mkdir()
    (root / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    def add(path: str, text: str = "") -> None:
        target = root / path
        for folder in reversed(target.relative_to(root).parents[:-1]):
            (root / folder).mkdir(exist_ok=True)
            (root / folder / "__init__.py").touch()
        target.write_text(textwrap.dedent(text), encoding="utf-8")

    yield add
    for name in [name for name in sys.modules if name == CORE or name.startswith(f"{CORE}.")]:
        del sys.modules[name]


def calculator_module(*calc_ids: str) -> str:
    """A module declaring calculators with these ids (no inputs, one output)."""
    declared = ", ".join(f'Calculator("{calc_id}", "{calc_id}", "game", ("1",), "", (), compute)' for calc_id in calc_ids)
    return ("from calculators.model import Calculator, Output, Result\n\n"
            "def compute(inputs):\n    return Result((Output('x', 'X', 1),), ())\n\n"
            f"CALCULATORS = ({declared},)\n")


def found_ids(core_package: str = CORE) -> list[str]:
    modules = registry.calculator_modules(importlib.import_module(core_package))
    return [calc.id for module in modules for calc in module.CALCULATORS]


def test_every_module_of_a_ruleset_package_declaring_calculators_is_found_and_helpers_are_not(core):
    core("zulu/charge.py", calculator_module("zulu-charge"))
    core("zulu/numbers.py", "DOUBLE = 2\n")  # a helper: no CALCULATORS
    core("alpha/move.py", calculator_module("alpha-move", "alpha-run"))
    core("alpha/fire.py", calculator_module("alpha-fire"))
    core("loose.py", calculator_module("loose"))  # not in a ruleset's sub-package
    assert found_ids() == ["alpha-fire", "alpha-move", "alpha-run", "zulu-charge"]


def test_order_puts_the_modules_it_names_first_and_the_others_follow_by_name(core):
    core("game/__init__.py", 'ORDER = ("dig", "bridge")\n')
    for name in ("bridge", "dig", "ambush", "clear"):
        core(f"game/{name}.py", calculator_module(name))
    assert found_ids() == ["dig", "bridge", "ambush", "clear"]


def test_order_naming_a_module_the_package_lacks_is_an_error_naming_both(core):
    core("game/__init__.py", 'ORDER = ("dig", "brige")\n')
    core("game/dig.py", calculator_module("dig"))
    core("game/bridge.py", calculator_module("bridge"))
    with pytest.raises(ImportError, match=rf"{CORE}.game.ORDER names 'brige', not a module of {CORE}.game "
                                          r"\(modules: bridge, dig\)"):
        found_ids()


def test_each_calculator_declares_the_ruleset_its_package_is_named_for():
    # calculators/README.md: ruleset= is the folder name under rulesets/, and so the sub-package's name.
    for module in registry.MODULES:
        package = module.__name__.split(".")[1]
        for calc in module.CALCULATORS:
            assert calc.ruleset == package, f"{module.__name__}: {calc.id} declares ruleset={calc.ruleset!r}"


def test_all_calculators_is_every_found_module_in_order():
    assert calculators.all_calculators() == tuple(calc for module in registry.MODULES for calc in module.CALCULATORS)
    assert calculators.get(registry.MODULES[-1].CALCULATORS[-1].id) is registry.MODULES[-1].CALCULATORS[-1]


def test_a_new_ruleset_package_runs_from_the_cli_with_no_other_file_edited(rules_core_with_newgame):
    # calculators/README.md, "Adding a calculator": tests/newgame copied in as calculators/newgame/.
    def cli(*args):
        script = "import sys; sys.path.insert(0, sys.argv[1]); from calculators.__main__ import main; " \
                 "sys.exit(main(sys.argv[2:]))"
        return subprocess.run([sys.executable, "-I", "-c", script, str(rules_core_with_newgame.parent), *args],
                              capture_output=True, text=True, check=True).stdout

    listed = [line.split()[0] for line in cli("list").splitlines()]
    assert listed == [calc.id for calc in calculators.all_calculators()] + ["newgame-hit"]
    assert json.loads(cli("run", "newgame-hit", "--json"))["outputs"] == {"hit_probability": "1/6"}


def test_a_rules_core_with_no_ruleset_packages_lists_no_calculators(project, tmp_path):
    package = tmp_path / "calculators"
    shutil.copytree(project / "calculators", package, ignore=shutil.ignore_patterns("__pycache__"))
    for folder in [path for path in package.iterdir() if (path / "__init__.py").is_file()]:
        shutil.rmtree(folder)
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import calculators; from calculators.__main__ import main;"
              "assert calculators.all_calculators() == (); sys.exit(main(['list']))")
    out = subprocess.run([sys.executable, "-I", "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert (out.returncode, out.stdout, out.stderr) == (0, "\n", "")
