"""The calculator model: declarations of inputs, the result of a run, and
the strict parsing that turns raw values (URL query, CLI, form) into typed
inputs.

A calculator is data (its inputs, the rules it implements) plus one pure
function, ``compute``. The same declaration drives the in-page form, the
share link and the CLI, so everything here serialises to plain JSON.

Parsing is strict on purpose: a share link or a command line that says
something unexpected is an error that names the field, never a silent guess.

* integers: an ``int`` (``bool`` is not an int), or a string of ASCII digits
  with an optional leading ``-`` and no leading zeros (``"3"``, ``"-1"``,
  ``"0"``); no floats, no ``"+3"``, ``" 3"``, ``"1e3"``, ``"03"``; within the
  input's minimum and maximum.
* choices: one of the declared value strings, exactly.
* booleans: ``True``/``False``, or the strings ``"true"``/``"false"``.
* text: a string of at most ``max_length`` characters matching ``pattern``
  in full (a regular expression that also works as an HTML ``pattern``).
* a missing input takes its default; an unknown input is an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Mapping, Union

__all__ = [
    "InputError",
    "IntegerInput",
    "ChoiceInput",
    "BooleanInput",
    "TextInput",
    "Input",
    "Step",
    "Output",
    "Result",
    "Calculator",
    "result_json",
    "display_value",
    "fraction_text",
    "percent_text",
]

# At most 18 digits: every maximum we declare is small, and Python refuses to
# convert very long digit strings (int() raises ValueError past 4300 digits).
_INTEGER_TEXT = re.compile(r"(0|-?[1-9][0-9]{0,17})\Z")
_SHOWN_LIMIT = 40


class InputError(ValueError):
    """The one error a calculator lets escape: a bad input, named by field.

    ``str(error)`` is ``"<field>: <what is allowed> (got <value>)"``, which
    the CLI prints after ``error: `` and the page shows next to the field.
    """

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _shown(value: object) -> str:
    text = repr(value)
    if len(text) > _SHOWN_LIMIT:
        text = text[: _SHOWN_LIMIT - 3] + "..."
    return text


ShowIf = tuple[tuple[str, tuple], ...]


@dataclass(frozen=True)
class _InputFields:
    """What every input declares. Each kind adds its default and limits after
    ``name`` and ``label``; these optional fields are given by keyword."""

    name: str
    label: str
    help: str = field(default="", kw_only=True)
    source: str = field(default="", kw_only=True)  # where a number our texts lack comes from
    rule: str = field(default="", kw_only=True)
    show_if: ShowIf = field(default=(), kw_only=True)


@dataclass(frozen=True)
class IntegerInput(_InputFields):
    """A whole number between ``minimum`` and ``maximum`` (inclusive).

    ``at_most`` names another integer input this one may not exceed. It is
    data for the page, which shows a share link's values before Python starts
    (and must know which of them Python will turn down); ``compute`` checks it,
    raising ``InputError`` on this input, and a test holds the two together.
    """

    default: int
    minimum: int
    maximum: int
    at_most: str = field(default="", kw_only=True)

    kind = "integer"

    def parse_value(self, raw: object) -> int:
        allowed = f"must be a whole number from {self.minimum} to {self.maximum}"
        if isinstance(raw, bool):
            raise InputError(self.name, f"{allowed} (got {_shown(raw)})")
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, str) and _INTEGER_TEXT.match(raw):
            value = int(raw)
        else:
            raise InputError(self.name, f"{allowed} (got {_shown(raw)})")
        if not self.minimum <= value <= self.maximum:
            raise InputError(self.name, f"{allowed} (got {_shown(raw)})")
        return value

    def _limits(self) -> dict:
        return {"min": self.minimum, "max": self.maximum, "at_most": self.at_most or None}


@dataclass(frozen=True)
class ChoiceInput(_InputFields):
    """One of a fixed set of values; ``choices`` pairs each value with a label."""

    default: str
    choices: tuple[tuple[str, str], ...]

    kind = "choice"

    def parse_value(self, raw: object) -> str:
        values = [value for value, _ in self.choices]
        if isinstance(raw, str) and raw in values:
            return raw
        raise InputError(self.name, f"must be one of {', '.join(values)} (got {_shown(raw)})")

    def _limits(self) -> dict:
        return {"choices": [{"value": value, "label": label} for value, label in self.choices]}


@dataclass(frozen=True)
class BooleanInput(_InputFields):
    """A yes/no fact."""

    default: bool

    kind = "boolean"

    def parse_value(self, raw: object) -> bool:
        if isinstance(raw, bool):
            return raw
        if raw == "true":
            return True
        if raw == "false":
            return False
        raise InputError(self.name, f"must be true or false (got {_shown(raw)})")

    def _limits(self) -> dict:
        return {}


@dataclass(frozen=True)
class TextInput(_InputFields):
    """A short string in a declared format (``allowed`` says it in words)."""

    default: str
    pattern: str
    max_length: int
    allowed: str

    kind = "text"

    def parse_value(self, raw: object) -> str:
        if isinstance(raw, str) and len(raw) <= self.max_length and re.fullmatch(self.pattern, raw):
            return raw
        raise InputError(self.name, f"must be {self.allowed} (got {_shown(raw)})")

    def _limits(self) -> dict:
        return {"pattern": self.pattern, "max_length": self.max_length}


Input = Union[IntegerInput, ChoiceInput, BooleanInput, TextInput]
OutputValue = Union[int, str, bool, Fraction, None]


@dataclass(frozen=True)
class Step:
    """One line of working, with the rule that justifies it."""

    text: str
    rule: str


@dataclass(frozen=True)
class Output:
    """A named result. A ``Fraction`` value is a probability (shown with a percentage)."""

    name: str
    label: str
    value: OutputValue
    rule: str = ""


@dataclass(frozen=True)
class Result:
    outputs: tuple[Output, ...]
    steps: tuple[Step, ...]
    warnings: tuple[str, ...] = ()
    # outcome -> exact probability, in display order; None when not a dice question.
    # Outcomes that cannot happen are dropped here, so no calculator lists a 0 % row.
    distribution: tuple[tuple[str, Fraction], ...] | None = None

    def __post_init__(self) -> None:
        if self.distribution is not None:
            object.__setattr__(self, "distribution", tuple((o, p) for o, p in self.distribution if p))

    def output(self, name: str) -> OutputValue:
        """The value of the output called ``name`` (KeyError if there is none)."""
        for item in self.outputs:
            if item.name == name:
                return item.value
        raise KeyError(name)


@dataclass(frozen=True)
class Calculator:
    """A calculator: what it asks for, which rules it implements, how it computes.

    ``compute`` receives the parsed inputs (every declared name, typed) and
    returns a ``Result``; it must be pure and deterministic, and the only
    exception it may raise is ``InputError`` (for rules that tie two inputs
    together).
    """

    id: str
    title: str
    ruleset: str
    rules: tuple[str, ...]
    summary: str
    inputs: tuple[Input, ...]
    compute: Callable[[Mapping[str, object]], Result]
    # Rule ID -> the label of the version of its text this calculator was checked against
    # ({"G15.21": "Errata 2026"}): a rule that changed in the current version needs its entry.
    reviewed: Mapping[str, str] = field(default_factory=dict, hash=False, kw_only=True)

    def parse(self, raw: Mapping[str, object]) -> dict:
        """Typed inputs from raw ones (strings or typed values); see the module doc."""
        by_name = {item.name: item for item in self.inputs}
        for key in raw:
            if key not in by_name:
                names = ", ".join(by_name) or "none"
                raise InputError(str(key), f"unknown input for {self.id} (inputs: {names})")
        return {
            item.name: item.parse_value(raw[item.name]) if item.name in raw else item.default
            for item in self.inputs
        }

    def run(self, raw: Mapping[str, object]) -> Result:
        return self.compute(self.parse(raw))

    def declaration(self) -> dict:
        """The JSON-serialisable declaration (form, share link, CLI ``describe``)."""
        return {
            "id": self.id,
            "title": self.title,
            "ruleset": self.ruleset,
            "rules": list(self.rules),
            "summary": self.summary,
            "inputs": [_input_declaration(item) for item in self.inputs],
        }


_NO_LIMITS = {"min": None, "max": None, "at_most": None, "choices": None, "pattern": None, "max_length": None}


def _input_declaration(item: Input) -> dict:
    return {
        "name": item.name,
        "kind": item.kind,
        "label": item.label,
        "default": item.default,
        **_NO_LIMITS,
        **item._limits(),
        "help": item.help,
        "source": item.source,
        "rule": item.rule,
        "show_if": {name: list(values) for name, values in item.show_if},
    }


def fraction_text(value: Fraction) -> str:
    """``"p/q"`` always (also ``"1/1"``, ``"0/1"``): the machine form of a probability."""
    return f"{value.numerator}/{value.denominator}"


def percent_text(value: Fraction) -> str:
    """``"41.67%"``: exact rounding (half up) to two decimals, no floats."""
    hundredths = (value * 10000 + Fraction(1, 2)).__floor__()
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{part:02d}%"


def display_value(value: OutputValue) -> str:
    """How a value reads on the page and in the CLI: ``"5/12 (41.67%)"``, ``"yes"``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction):
        return f"{value} ({percent_text(value)})"
    if value is None:
        return "—"
    return str(value)


def _json_value(value: OutputValue) -> object:
    return fraction_text(value) if isinstance(value, Fraction) else value


def result_json(calc: Calculator, inputs: Mapping[str, object], result: Result) -> dict:
    """The JSON form of a run (CLI ``--json``, the page's worker reply)."""
    return {
        "id": calc.id,
        "inputs": dict(inputs),
        "outputs": {item.name: _json_value(item.value) for item in result.outputs},
        "display": [
            {"name": item.name, "label": item.label, "text": display_value(item.value), "rule": item.rule}
            for item in result.outputs
        ],
        "steps": [{"text": step.text, "rule": step.rule} for step in result.steps],
        "warnings": list(result.warnings),
        "distribution": None
        if result.distribution is None
        else [
            {"outcome": outcome, "probability": fraction_text(p), "percent": percent_text(p)}
            for outcome, p in result.distribution
        ],
    }
