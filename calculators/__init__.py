"""ruleref's rules core: calculators for the rule texts, pure Python.

    >>> import calculators
    >>> calc = calculators.get("dozer-clearance")
    >>> result = calc.run({"target": "pillbox", "delay_mp": "4"})

See ``calculators/README.md`` for the model and how to add a calculator.
"""

from calculators.model import Calculator, InputError, Result, result_json

__all__ = ["Calculator", "InputError", "Result", "all_calculators", "get", "result_json"]


def all_calculators() -> tuple[Calculator, ...]:
    """Every calculator of every ruleset sub-package, in the order ``calculators/registry.py`` gives."""
    # Imported here so `import calculators` stays cheap for callers that only
    # need the model (the registry finds and imports every calculator module).
    from calculators.registry import MODULES

    return tuple(calc for module in MODULES for calc in module.CALCULATORS)


def get(calculator_id: str) -> Calculator:
    """The calculator with this id; an unknown id is an ``InputError`` on field ``id``."""
    for calc in all_calculators():
        if calc.id == calculator_id:
            return calc
    known = ", ".join(calc.id for calc in all_calculators())
    raise InputError("id", f"no calculator {calculator_id!r} (known: {known})")
