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
"""

from __future__ import annotations

import json

import calculators
from calculators import share_link
from calculators.model import InputError, result_json

__all__ = ["handle"]


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
