"""Hostile share links, and what the page's decoder must make of each.

A share link is the query string of a calculator page
(``?dozer-clearance.labor=-1``). The page hands ``location.search`` to the
worker (``calculators/worker.py``, message ``open``), which decodes it with
``calculators/share_link.py``. Anyone can write a link, so every link here
is one an attacker or a clumsy hand could write: unknown calculators and
fields, huge and negative-zero numbers, floats for integers, repeated keys,
unicode look-alikes, over-encoded characters, script and markup payloads,
very long strings.

The promise checked for each link (``outcome``): the worker answers, and every
field of the link is either applied (the input holds that value, parsed) or
rejected with its field named; nothing else happens.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote, quote_plus

from hypothesis import strategies as st

import calculators
from calculators import share_link, worker
from calculators.model import BooleanInput, ChoiceInput, IntegerInput, TextInput

PAYLOADS = (
    "javascript:alert(1)",
    "JaVaScRiPt:alert(document.cookie)",
    "<img src=x onerror=alert(1)>",
    '"><img src=x onerror=alert(1)>',
    "<script>alert(1)</script>",
    "</textarea><script>alert(1)</script>",
    "'><svg onload=alert(1)>",
    "<a href=javascript:alert(1)>x</a>",
    "{{7*7}}",
    "${7*7}",
    "__proto__",
    "constructor",
    "toString",
    "NaN",
    "Infinity",
    "-Infinity",
    "null",
    "undefined",
    "\u202egnp.exe",
    "\x00",
    "\ufeff1",
)
NUMBER_TRICKS = ("-0", "+0", "0.0", "-0.0", "1.0", "2.5", "1e3", "1E1", "+3", " 3", "3 ", "03", "0x1F", "0b1", "1_0",
                 "\u0663", "\uff13", "\u00b3", "9" * 18, "9" * 19, "-" + "9" * 18, "9" * 5000, "--1", "", " ")
BOOLEAN_TRICKS = ("True", "FALSE", "1", "0", "yes", "no", "on", "off", "", "tru", "true ", "\u0074rue")
HOSTILE_TEXT = st.one_of(
    st.sampled_from(PAYLOADS),
    st.sampled_from(PAYLOADS),
    st.text(max_size=40),
    st.integers(min_value=100, max_value=5_000).map(lambda n: "A" * n),  # very long: some links pass the limit
    st.sampled_from(PAYLOADS).flatmap(lambda p: st.integers(2, 20).map(lambda n: p * n)),
)


def value_strategy(item) -> st.SearchStrategy[str]:
    """Values a link might carry for ``item``: good ones, near misses and hostile ones."""
    if isinstance(item, IntegerInput):
        good = st.integers(item.minimum - 3, item.maximum + 3).map(str)
        return st.one_of(good, st.integers().map(str), st.sampled_from(NUMBER_TRICKS),
                         st.floats(allow_nan=True, allow_infinity=True).map(repr), HOSTILE_TEXT)
    if isinstance(item, ChoiceInput):
        values = [value for value, _ in item.choices]
        near = st.sampled_from(values).flatmap(lambda v: st.sampled_from([v.upper(), f" {v}", f"{v} ", v + v, v[:-1]]))
        return st.one_of(st.sampled_from(values), near, HOSTILE_TEXT)
    if isinstance(item, BooleanInput):
        return st.one_of(st.sampled_from(("true", "false")), st.sampled_from(BOOLEAN_TRICKS), HOSTILE_TEXT)
    if isinstance(item, TextInput):
        good = st.from_regex(item.pattern, fullmatch=True)
        return st.one_of(good, good.map(str.upper), HOSTILE_TEXT)
    raise TypeError(f"no link values for {type(item).__name__}: add them here")


def key_strategy(calc) -> st.SearchStrategy[tuple[str, object]]:
    """(key, the input it addresses or None) for a link aimed at a page showing ``calc``."""
    unknown_field = st.one_of(st.sampled_from(PAYLOADS), st.text(max_size=30)).map(lambda n: (f"{calc.id}.{n}", None))
    # A calculator with no inputs has only fields it does not know.
    declared = (st.sampled_from(calc.inputs).map(lambda item: (f"{calc.id}.{item.name}", item)) if calc.inputs
                else unknown_field)
    other_calc = st.tuples(st.one_of(st.sampled_from([c.id for c in calculators.all_calculators()]),
                                     st.sampled_from(PAYLOADS), st.text(max_size=20)),
                           st.text(max_size=20)).map(lambda pair: (f"{pair[0]}.{pair[1]}", None))
    not_ours = st.text(max_size=20).filter(lambda k: "." not in k).map(lambda k: (k, None))
    return st.one_of(declared, declared, declared, unknown_field, other_calc, not_ours)


def _every_byte(text: str, upper: bool) -> str:
    return "".join(f"%{byte:02X}" if upper else f"%{byte:02x}" for byte in text.encode("utf-8"))


ENCODINGS = {
    "plus": quote_plus,
    "percent": lambda text: quote(text, safe=""),
    "every-byte": lambda text: _every_byte(text, True),
    "every-byte-lower": lambda text: _every_byte(text, False),
}


@dataclass(frozen=True)
class Link:
    """A share link as the page receives it, and the (key, value) pairs it was written from."""

    query: str
    pairs: tuple[tuple[str, str], ...]  # decoded, as the writer meant them (None: raw garbage, no intent)


@st.composite
def written_links(draw, calc) -> Link:
    """A link written field by field (keys repeated at will), each field encoded one of several faithful ways."""
    keyed = draw(st.lists(key_strategy(calc), max_size=12))
    pairs = []
    for key, item in keyed:
        value = draw(value_strategy(item) if item is not None else HOSTILE_TEXT)
        pairs.append((key, value))
        if draw(st.integers(0, 9)) == 0:  # the same field again, with another value
            pairs.append((key, draw(value_strategy(item) if item is not None else HOSTILE_TEXT)))
    parts = []
    for key, value in pairs:
        encode = ENCODINGS[draw(st.sampled_from(sorted(ENCODINGS)))]
        parts.append(f"{encode(key)}={encode(value)}")
        parts += draw(st.lists(st.sampled_from(["", "&", "="]), max_size=1))  # stray separators
    query = draw(st.sampled_from(["?", ""])) + "&".join(parts)
    return Link(query=query, pairs=tuple(pairs))


@st.composite
def garbage_links(draw, calc) -> Link:
    """Raw query text: broken and double percent-escapes, invalid UTF-8 bytes, NULs, separators anywhere."""
    pieces = st.one_of(st.text(max_size=30), st.sampled_from(["%", "%G1", "%ff%fe", "%C3%28", "%E2%82", "%00", "%252E",
                                                              "%2e", "&", "=", ";", "+", "#", "?", f"{calc.id}.",
                                                              f"{calc.id}%2E", ".."]))
    return Link(query="".join(draw(st.lists(pieces, max_size=25))), pairs=None)


def hostile_links(calc) -> st.SearchStrategy[Link]:
    return st.one_of(written_links(calc), written_links(calc), garbage_links(calc))


def open_page(calc_ids: list[str], query: str) -> dict:
    """What the page's worker answers when a page with these calculators opens with this query."""
    return json.loads(worker.handle(json.dumps({"type": "open", "ids": calc_ids, "query": query})))


def outcome(calc, link: Link) -> str:
    """``"applied"`` (no field rejected) or ``"rejected"`` (each rejected field named); any broken promise raises."""
    reply = open_page([calc.id], link.query)
    mine = reply["calculators"][calc.id]
    errors = mine["errors"] + reply["errors"]
    for error in errors:
        assert isinstance(error["field"], str) and error["field"], f"an error names no field: {error}"
        assert isinstance(error["message"], str) and error["message"], f"an error says nothing: {error}"
    inputs = mine["result"]["inputs"]
    assert calc.parse(inputs) == inputs, "the decoder let an invalid value into the inputs"
    named = {error["field"] for error in mine["errors"]}
    page_named = {error["field"] for error in reply["errors"]}
    query_length = len(link.query[1:] if link.query.startswith("?") else link.query)
    if link.pairs is not None and query_length <= share_link.MAX_QUERY_LENGTH:
        _check_each_field(calc, link, inputs, named, page_named)
    return "rejected" if errors else "applied"


def _check_each_field(calc, link: Link, inputs: dict, named: set[str], page_named: set[str]) -> None:
    declared = {item.name: item for item in calc.inputs}
    counts: dict[str, int] = {}
    for key, _ in link.pairs:
        counts[key] = counts.get(key, 0) + 1
    if "link" in page_named:  # the link as a whole was refused (too many fields): every input keeps its default
        assert all(inputs[item.name] == item.default for item in calc.inputs)
        return
    for key, value in link.pairs:
        calc_id, dot, name = key.partition(".")
        if not dot:
            continue  # not a calculator key (Material's ?h=): left alone
        if calc_id != calc.id:
            assert share_link.shown(key) in page_named, f"{key!r}: a calculator not on this page, not reported"
            continue
        # A field is named as written (made showable, cut to 40 characters) or, when that says nothing,
        # by its whole key.
        names = {share_link.shown(name), share_link.shown(key)} - {""}
        if name not in declared:
            assert names & named, f"{key!r}: an unknown field, not reported"
            continue
        if counts[key] > 1:
            assert names & named, f"{key!r} given {counts[key]} times, not reported"
            continue
        try:
            parsed = declared[name].parse_value(value)
        except calculators.InputError:
            assert name in named, f"{key}={value[:60]!r} was refused without naming {name}"
            continue
        # A valid value is applied, unless a rule tying inputs together refused the combination and said which.
        assert inputs[name] == parsed or named & declared.keys(), f"{key}={value[:60]!r} silently dropped"
