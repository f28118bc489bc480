"""Hypothesis strategies for calculator inputs, shared by the calculator and share-link tests."""

from __future__ import annotations

from hypothesis import strategies as st

from calculators.model import BooleanInput, ChoiceInput, IntegerInput, TextInput


def typed_values(item):
    """Every value ``item`` accepts, typed as ``parse_value`` returns it."""
    if isinstance(item, IntegerInput):
        return st.integers(item.minimum, item.maximum)
    if isinstance(item, ChoiceInput):
        return st.sampled_from([value for value, _ in item.choices])
    if isinstance(item, BooleanInput):
        return st.booleans()
    assert isinstance(item, TextInput)
    return st.one_of(st.just(item.default),
                     st.from_regex(item.pattern, fullmatch=True).filter(lambda text: len(text) <= item.max_length))
