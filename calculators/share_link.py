"""Share links: the inputs of the calculators on a page, in its query string.

    .../g15-bulldozers/?dozer-clearance.target=cave&dozer-clearance.labor=-1#calc-dozer-clearance

Every key is ``<calculator id>.<input name>``, so the calculators of one page
keep their inputs side by side without clashing; keys without a dot belong to
someone else (Material's search highlight ``?h=``) and are left alone.

A link comes from outside, so decoding is strict and never all-or-nothing:
each value is parsed by its input's own rules (``Calculator.parse``), a
rejected one keeps its default and is reported with its field, and the rest
of the link still applies. The page shows the reports as text; nothing in a
link is ever treated as markup. The same code runs under CPython (tests,
fuzzing) and in the page's worker under Pyodide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
import re
from urllib.parse import parse_qsl, quote

from calculators.model import Calculator, InputError, Result

__all__ = ["LinkedInputs", "decode", "encode", "shown", "MAX_QUERY_LENGTH", "MAX_FIELDS"]

# Far above what every calculator of a page needs; a longer link is not ours.
MAX_QUERY_LENGTH = 4096
MAX_FIELDS = 100


@dataclass(frozen=True)
class LinkedInputs:
    """What a link says about one calculator: typed inputs the calculator accepts, and what was rejected."""

    inputs: dict
    result: Result
    errors: tuple[InputError, ...]


def _pairs(query: str) -> list[tuple[str, str]]:
    text = query[1:] if query.startswith("?") else query
    if len(text) > MAX_QUERY_LENGTH:
        raise InputError("link", f"longer than {MAX_QUERY_LENGTH} characters; ignored")
    try:
        return parse_qsl(text, keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except ValueError:
        raise InputError("link", f"more than {MAX_FIELDS} fields; ignored") from None


def _split(key: str) -> tuple[str, str] | None:
    calc_id, dot, name = key.partition(".")
    return (calc_id, name) if dot else None


# Invisible and direction-changing characters: a report quoting a link's key
# must not hide text or reorder what the reader sees around it.
_UNSHOWABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
_SHOWN_LENGTH = 40


def shown(text: str) -> str:
    """A key from a link as a report quotes it: unshowable characters as "?", at most 40 characters."""
    text = _UNSHOWABLE.sub("?", text)
    return text if len(text) <= _SHOWN_LENGTH else text[: _SHOWN_LENGTH - 1] + "…"


def _field(calc_id: str, name: str) -> str:
    """How a report names a field: as written (made showable, cut short), an empty name by its whole key."""
    return shown(name) or f"{shown(calc_id)}."


def decode(query: str, calcs: Sequence[Calculator]) -> tuple[dict[str, LinkedInputs], tuple[InputError, ...]]:
    """Inputs for each of ``calcs`` (the calculators of one page) from a query string.

    Returns ``({calculator id: LinkedInputs}, page errors)``: page errors are
    about the link as a whole (too long, a calculator that is not on this page).
    """
    by_id = {calc.id: calc for calc in calcs}
    raw: dict[str, dict[str, str]] = {calc.id: {} for calc in calcs}
    rejected: dict[str, list[InputError]] = {calc.id: [] for calc in calcs}
    page_errors: list[InputError] = []
    try:
        pairs = _pairs(query)
    except InputError as error:
        pairs, page_errors = [], [error]
    for key, value in pairs:
        split = _split(key)
        if split is None:
            continue
        calc_id, name = split
        if calc_id not in by_id:
            page_errors.append(InputError(shown(key), f"no calculator {shown(calc_id)!r} on this page; ignored"))
        elif name in raw[calc_id]:
            rejected[calc_id].append(InputError(_field(calc_id, name), "given more than once; the default is kept"))
            raw[calc_id][name] = None
        else:
            raw[calc_id][name] = value
    linked = {calc_id: _linked(by_id[calc_id], values, rejected[calc_id]) for calc_id, values in raw.items()}
    return linked, tuple(page_errors)


def _linked(calc: Calculator, values: Mapping[str, str | None], errors: list[InputError]) -> LinkedInputs:
    """Parse field by field, then let ``compute`` check the fields that tie together."""
    declared = {item.name: item for item in calc.inputs}
    inputs = {item.name: item.default for item in calc.inputs}
    from_link = []
    for name, value in values.items():
        if name not in declared:
            errors.append(InputError(_field(calc.id, name), f"not an input of {calc.id}; ignored"))
            continue
        if value is None:  # duplicated: already reported
            continue
        try:
            inputs[name] = declared[name].parse_value(value)
            from_link.append(name)
        except InputError as error:
            errors.append(InputError(name, f"{error.message}; the default is kept"))
    while True:
        try:
            return LinkedInputs(inputs=inputs, result=calc.compute(inputs), errors=tuple(errors))
        except InputError as error:
            if not from_link:
                raise  # the defaults themselves fail: a calculator bug, not a bad link
            # A rule tying two inputs together rejected the combination: the
            # linked value it names gives way to its default (at most once per
            # field, so this ends); if it names no linked field, all do.
            field = error.field if error.field in from_link else None
            errors.append(InputError(error.field, f"{error.message}; the default is kept"))
            for name in [field] if field else list(from_link):
                inputs[name] = declared[name].default
                from_link.remove(name)


def encode(query: str, calc: Calculator, inputs: Mapping[str, object]) -> str:
    """``query`` with ``calc``'s keys replaced by ``inputs``, other keys kept in place.

    Only inputs that differ from their defaults are written, so a link stays
    short and reads as what the sender changed (``?dozer-clearance.labor=-1``).
    """
    prefix = f"{calc.id}."
    try:
        kept = [(key, value) for key, value in _pairs(query) if not key.startswith(prefix)]
    except InputError:
        kept = []
    ours = [(prefix + item.name, _text(inputs[item.name])) for item in calc.inputs
            if item.name in inputs and inputs[item.name] != item.default]
    pairs = kept + ours
    return "?" + "&".join(f"{quote(key, safe='-._')}={quote(value, safe='-._')}" for key, value in pairs) if pairs else ""


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
