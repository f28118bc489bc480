"""Every calculator module, found in the ruleset sub-packages of ``calculators``.

A ruleset's calculators live in ``calculators/<ruleset>/``, named as the
ruleset's folder under ``rulesets/``. A module there that defines
``CALCULATORS = (...)`` is a calculator module; the others (shared inputs,
number helpers) are not. Adding a ruleset or a calculator is adding files:
nothing here names one.

Discovery reads only each package's ``__path__`` (``pkgutil``), so it finds
the same modules in the source tree, in the wheel Pyodide installs in the
page, and in a zip on ``sys.path``.

The order is the one the site's calculator index and ``python -m calculators
list`` show: ruleset sub-packages by name; within one, the modules its
``__init__.py`` names in ``ORDER = ("module", ...)`` first, in that order,
then the others by name.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

import calculators


def _sub_packages(package: ModuleType) -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg)


def _ordered_names(ruleset: ModuleType) -> list[str]:
    """The module names of ``ruleset``: its ``ORDER`` first, then the rest by name.

    A name in ``ORDER`` that is no module of the package is an error, so a
    renamed module cannot silently fall back to name order."""
    names = sorted(info.name for info in pkgutil.iter_modules(ruleset.__path__) if not info.ispkg)
    order = tuple(getattr(ruleset, "ORDER", ()))
    unknown = [name for name in order if name not in names]
    if unknown:
        raise ImportError(f"{ruleset.__name__}.ORDER names {', '.join(map(repr, unknown))}, "
                          f"not a module of {ruleset.__name__} (modules: {', '.join(names) or 'none'})")
    return [*order, *(name for name in names if name not in order)]


def _calculator_modules(ruleset: ModuleType) -> list[ModuleType]:
    modules = [importlib.import_module(f"{ruleset.__name__}.{name}") for name in _ordered_names(ruleset)]
    return [module for module in modules if hasattr(module, "CALCULATORS")]


def calculator_modules(package: ModuleType) -> tuple[ModuleType, ...]:
    """The calculator modules of ``package``'s ruleset sub-packages, in display order."""
    return tuple(module
                 for name in _sub_packages(package)
                 for module in _calculator_modules(importlib.import_module(f"{package.__name__}.{name}")))


MODULES = calculator_modules(calculators)
