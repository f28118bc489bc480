"""The Python half of the page's Web Worker: one JSON message in, one JSON reply out.

The page's JavaScript is a thin bridge (``build_tools/assets/ruleref/calculator-worker.js``):
it passes form values and ``location.search`` as strings and shows what comes
back. Every rule, every validation and the share-link format live here and in
the modules this calls, so the page computes exactly what the CLI and the tests do.

    {"type": "run",  "id": ID, "inputs": {name: text}, "query": "?..."}
        -> {"result": <result_json>, "query": "?... with these inputs"}
         | {"error": {"field": name, "message": text}}
    {"type": "open", "ids": [ID, ...], "query": "?..."}
        -> {"calculators": {ID: {"result": ..., "errors": [...]}}, "errors": [...]}

A page restored from a memory image may answer before the standard library's
zip has arrived: the image holds every module the calculators use, and the
worker holds further imports back meanwhile (``hold_imports``).
"""

from __future__ import annotations

import json
import os
import sys

import calculators
from calculators import share_link
from calculators.model import InputError, result_json

__all__ = ["ImportsHeld", "handle", "hold_imports", "release_imports"]


def _error(error: InputError) -> dict:
    return {"field": error.field, "message": error.message}


def _run(message: dict) -> dict:
    try:
        calc = calculators.get(message["id"])
        inputs = calc.parse(message["inputs"])
        result = calc.compute(inputs)
    except InputError as error:
        return {"error": _error(error)}
    return {"result": result_json(calc, inputs, result),
            "query": share_link.encode(message.get("query", ""), calc, inputs)}


def _open(message: dict) -> dict:
    try:
        calcs = [calculators.get(calc_id) for calc_id in message["ids"]]
    except InputError as error:
        return {"error": _error(error)}
    linked, page_errors = share_link.decode(message.get("query", ""), calcs)
    by_id = {calc.id: calc for calc in calcs}
    return {
        "calculators": {
            calc_id: {"result": result_json(by_id[calc_id], item.inputs, item.result),
                      "errors": [_error(error) for error in item.errors]}
            for calc_id, item in linked.items()
        },
        "errors": [_error(error) for error in page_errors],
    }


def handle(message: str) -> str:
    """Answer one message from the page (both JSON text)."""
    request = json.loads(message)
    reply = _open(request) if request["type"] == "open" else _run(request)
    return json.dumps(reply, ensure_ascii=False)


class ImportsHeld(BaseException):
    """An import asked for while imports are held: the worker answers again once the stdlib is in place.

    Not an ``ImportError`` (nor an ``Exception``), so that no ``except ImportError``
    fallback in the importing module takes the stdlib for one without that module."""


class _HeldImports:
    """A finder ahead of all others that refuses every import not done yet."""

    def find_spec(self, name, path=None, target=None):
        raise ImportsHeld(name)


_HELD = _HeldImports()


def hold_imports() -> str:
    """Refuse every new import until ``release_imports``; return where the stdlib's zip belongs.

    The zip there is a stand-in until the worker writes the real one: an image
    restored knows the zip's directory and would read modules at its offsets."""
    if _HELD not in sys.meta_path:
        sys.meta_path.insert(0, _HELD)
    zip_name = f"python{sys.version_info.major}{sys.version_info.minor}.zip"
    return next(entry for entry in sys.path if os.path.basename(entry) == zip_name)


def release_imports() -> None:
    """Let imports through again: the stdlib's zip is in place."""
    if _HELD in sys.meta_path:
        sys.meta_path.remove(_HELD)
