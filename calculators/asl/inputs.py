"""Inputs and wording shared by the ASL dozer calculators."""

from calculators.model import ChoiceInput, Step

LABOR = ChoiceInput(
    name="labor",
    label="Labor Status DRM",
    default="0",
    choices=(
        ("0", "none (first attempt)"),
        ("-1", "-1 (after one failed attempt)"),
        ("-2", "-2 (after a second failed attempt)"),
    ),
    help="Dozer Labor Status remains in effect until the declared Clearance attempt is successful, "
    "the dozer leaves its present Location, or it attempts some other type of Clearance/dozing (G15.2).",
    source="B24.8 Labor Status (not in our texts)",
    rule="G15.2",
)


def labor_step(labor: int, rule: str) -> Step:
    if labor:
        return Step(f"{labor:+d} for Labor Status (B24.8)", rule)
    return Step("+0 for Labor Status (no Labor counter yet; B24.8)", rule)


def signed(value: int) -> str:
    """A DRM as the rules print it: +2, -5, +0."""
    return f"{value:+d}"
