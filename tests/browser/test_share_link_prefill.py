"""The share-link prefill (link-prefill.js) against Python's decoder (calculators/share_link.py).

Before Python starts, the page puts a link's values in the form; when Python
answers, the form shows what Python decoded. The two must agree, or the
reader sees numbers change under them: for fuzzed links to every calculator,
whenever the prefill's values are ones the calculator accepts, they are
exactly Python's decoding, cross-field ties (``at_most``) included. Where the
calculator turns the prefill's values down, it is for a rule no form declares
(it lives in ``compute`` only), and Python's answer corrects the form, naming
the field (tested in test_calculators_in_page.py).
"""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest

import calculators
from calculators import share_link
from calculators.model import BooleanInput, ChoiceInput, InputError, IntegerInput

from test_calculators_in_page import PAGES

pytestmark = pytest.mark.browser

LINKS_PER_PAGE = 150
BAD_VALUES = ["", " 3", "+3", "03", "-0", "1e3", "3.0", "0x1", "true", "TRUE", "%ZZ", "%C3", "é", "%E9", "<b>",
              "9" * 19, "-" + "9" * 18, "1,2", "ab" * 40, "a%00b"]
PREFILLED = """async ([queries]) => {
  const script = document.querySelector("script[src$='/calculators.js']");
  const { linkedInputs } = await import(new URL("ruleref/link-prefill.js", script.src).href);
  const sections = [...document.querySelectorAll("section.rr-calc")];
  return queries.map((query) => linkedInputs(query, sections));
}"""


def as_text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def valid(item, rng: random.Random):
    if isinstance(item, IntegerInput):
        return rng.randint(item.minimum, item.maximum)
    if isinstance(item, ChoiceInput):
        return rng.choice(item.choices)[0]
    if isinstance(item, BooleanInput):
        return rng.random() < 0.5
    return rng.choice([item.default, "7,7,12", "1", "a" * item.max_length, "0" * min(item.max_length, 64),
                       "f" * min(item.max_length, 64)])


def fuzzed_link(calcs, rng: random.Random) -> str:
    pairs: list[tuple[str, str]] = []
    for calc in rng.sample(calcs, rng.randint(1, len(calcs))):
        for item in calc.inputs:
            roll = rng.random()
            if roll < 0.45:
                pairs.append((f"{calc.id}.{item.name}", as_text(valid(item, rng))))
            elif roll < 0.6:
                pairs.append((f"{calc.id}.{item.name}", rng.choice(BAD_VALUES)))
            elif roll < 0.66:  # given twice
                pairs += [(f"{calc.id}.{item.name}", as_text(valid(item, rng)))] * 2
        if rng.random() < 0.1:
            pairs.append((f"{calc.id}.nope", "1"))
    if rng.random() < 0.1:
        pairs.append(("no-such-calc.x", "1"))
    if rng.random() < 0.1:
        pairs.append(("h", "search words"))  # someone else's key
    rng.shuffle(pairs)
    encode = (lambda text: quote(text, safe="-._")) if rng.random() < 0.8 else (lambda text: text.replace(" ", "+"))
    query = "&".join(f"{encode(key)}={encode(value)}" for key, value in pairs)
    if rng.random() < 0.03:
        query += "&" * 100  # more than 100 fields: Python ignores the whole link
    if rng.random() < 0.03:
        query += "&x.y=" + "z" * 4096  # longer than 4096 characters: the same
    return "?" + query


def typed(calc, values: dict) -> dict:
    """The prefill's form strings as the calculator's typed inputs."""
    return {item.name: item.parse_value(values[item.name]) for item in calc.inputs}


@pytest.mark.parametrize("path", list(PAGES))
def test_the_prefill_shows_what_python_decodes(page, site_url, path):
    calcs = [calculators.get(calc_id) for calc_id in PAGES[path]]
    rng = random.Random(f"prefill {path}")
    queries = [fuzzed_link(calcs, rng) for _ in range(LINKS_PER_PAGE)]
    queries += [f"?{calc.id}.{item.name}={item.maximum}&{calc.id}.{item.at_most}={item.maximum - 1}"
                for calc in calcs for item in calc.inputs if isinstance(item, IntegerInput) and item.at_most]
    page.goto(site_url + path)
    prefilled = page.evaluate(PREFILLED, [queries])
    seen = {"agreed": 0, "corrected by Python": 0, "tie broken": 0}
    for query, linked in zip(queries, prefilled):
        decoded, _ = share_link.decode(query, calcs)
        for calc in calcs:
            python = decoded[calc.id]
            shown = typed(calc, linked[calc.id]) if calc.id in linked else calc.parse({})
            try:
                calc.compute(shown)
            except InputError as error:
                # A rule only compute knows: Python's answer will differ and say why.
                assert not any(item.name == error.field and item.at_most for item in calc.inputs
                               if isinstance(item, IntegerInput)), (query, calc.id, error)
                assert python.errors, (query, calc.id)
                seen["corrected by Python"] += 1
                continue
            assert shown == python.inputs, (query, calc.id)
            seen["agreed"] += 1
            if any("at most" in error.message for error in python.errors):
                seen["tie broken"] += 1
    assert page.console_errors == []
    assert seen["agreed"] >= LINKS_PER_PAGE, seen
    if any(isinstance(item, IntegerInput) and item.at_most for calc in calcs for item in calc.inputs):
        assert seen["tie broken"] >= 3, seen  # the at_most ties were exercised, not only declared
