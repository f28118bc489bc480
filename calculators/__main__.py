"""Command line for the calculators.

    python -m calculators list [--json]
    python -m calculators describe ID
    python -m calculators run ID name=value ... [--json]
    python -m calculators secret-draw [deck=DR|dr] [drawn=7,7,12] [--json]

``secret-draw`` is the one impure command: it draws a card at random from
the D.5B deck (``secrets``) and prints the commitment to publish, with the
roll and salt to reveal later (check them with ``run secret-dr mode=verify``).

A bad input prints ``error: <field>: <what is allowed>`` on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

import calculators
from calculators.model import Calculator, InputError, Result, display_value, result_json

EXIT_BAD_INPUT = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m calculators", description="ruleref calculators")
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="list the calculators")
    listing.add_argument("--json", action="store_true", help="print the declarations as JSON")
    describe = commands.add_parser("describe", help="print one calculator's declaration (JSON)")
    describe.add_argument("id")
    run = commands.add_parser("run", help="run a calculator")
    run.add_argument("id")
    run.add_argument("assignments", nargs="*", metavar="name=value")
    run.add_argument("--json", action="store_true", help="print the result as JSON")
    draw = commands.add_parser("secret-draw", help="draw a secret card (D.5B) and print its commitment")
    draw.add_argument("assignments", nargs="*", metavar="name=value", help="deck=DR|dr, drawn=7,7,12")
    draw.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser


DRAW_INPUTS = ("deck", "drawn")


def _assignments(items: list[str]) -> dict[str, str]:
    raw: dict[str, str] = {}
    for item in items:
        name, equals, value = item.partition("=")
        if not equals or not name:
            raise InputError(item, "expected name=value")
        if name in raw:
            raise InputError(name, "given more than once")
        raw[name] = value
    return raw


def _list_text(calcs: tuple[Calculator, ...]) -> str:
    width = max((len(calc.id) for calc in calcs), default=0)
    return "\n".join(f"{calc.id:<{width}}  {calc.ruleset:<11}  {calc.title}  ({', '.join(calc.rules)})" for calc in calcs)


def _result_text(calc: Calculator, result: Result) -> str:
    lines = [calc.title, ""]
    for item in result.outputs:
        cited = f"  ({item.rule})" if item.rule else ""
        lines.append(f"{item.label}: {display_value(item.value)}{cited}")
    if result.steps:
        lines += ["", "Steps:"]
        lines += [f"  - {step.text}  ({step.rule})" for step in result.steps]
    if result.warnings:
        lines += ["", "Warnings:"]
        lines += [f"  ! {warning}" for warning in result.warnings]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "list":
            calcs = calculators.all_calculators()
            if args.json:
                print(json.dumps([calc.declaration() for calc in calcs], indent=2, ensure_ascii=False))
            else:
                print(_list_text(calcs))
        elif args.command == "describe":
            print(json.dumps(calculators.get(args.id).declaration(), indent=2, ensure_ascii=False))
        else:
            if args.command == "secret-draw":
                # Imported here: a project without the ASL calculators keeps every other command.
                from calculators.asl import secret_dr

                calc = secret_dr.SECRET_DR
                raw = _assignments(args.assignments)
                for name in raw:
                    if name not in DRAW_INPUTS:
                        raise InputError(name, f"secret-draw takes only {' and '.join(DRAW_INPUTS)}")
                inputs = {name: value for name, value in calc.parse(raw).items() if name in DRAW_INPUTS}
                result = secret_dr.draw(inputs["deck"], inputs["drawn"])
            else:
                calc = calculators.get(args.id)
                inputs = calc.parse(_assignments(args.assignments))
                result = calc.compute(inputs)
            if args.json:
                print(json.dumps(result_json(calc, inputs, result), indent=2, ensure_ascii=False))
            else:
                print(_result_text(calc, result))
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return 0


if __name__ == "__main__":
    sys.exit(main())
