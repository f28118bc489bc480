"""`python -m calculators`: list, describe, run, secret-draw; bad input exits 2 naming the field.

(Named test_calculators_cli.py: tests/test_cli.py already tests the `ruleref` CLI, and test
folders are not packages.)
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import calculators
from calculators.__main__ import main


def cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_calculator_in_discovery_order(capsys):
    code, out, _ = cli(capsys, "list")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines()] == [calc.id for calc in calculators.all_calculators()]


def test_a_calculator_with_no_inputs_is_listed_described_and_run(capsys, newgame_found):
    # tests/newgame: "1.1 A roll of 6 hits.", nothing to ask.
    assert cli(capsys, "list")[1].splitlines()[-1].split()[0] == "newgame-hit"
    assert json.loads(cli(capsys, "describe", "newgame-hit")[1])["inputs"] == []
    code, out, _ = cli(capsys, "run", "newgame-hit")
    assert code == 0
    assert "Probability of a hit: 1/6 (16.67%)  (1.1)" in out
    assert json.loads(cli(capsys, "run", "newgame-hit", "--json")[1])["inputs"] == {}
    code, _, err = cli(capsys, "run", "newgame-hit", "shots=2")
    assert code == 2
    assert err == "error: shots: unknown input for newgame-hit (inputs: none)\n"


def test_list_json_is_every_declaration(capsys):
    code, out, _ = cli(capsys, "list", "--json")
    assert code == 0
    assert json.loads(out) == [calc.declaration() for calc in calculators.all_calculators()]


def test_describe_prints_the_declaration(capsys):
    code, out, _ = cli(capsys, "describe", "dozer-house")
    assert code == 0
    assert json.loads(out) == calculators.get("dozer-house").declaration()


def test_run_json_shape(capsys):
    # G15.21 with 4 of 8 MP in Delay: -5 -2 = -7, Original DR <= 9 succeeds (30/36).
    code, out, _ = cli(capsys, "run", "dozer-clearance", "delay_mp=4", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"id", "inputs", "outputs", "display", "steps", "warnings", "distribution"}
    assert data["inputs"]["delay_mp"] == 4
    assert data["outputs"] == {"final_drm": -7, "success_probability": "5/6", "max_original_dr": 9}
    assert data["display"][1]["text"] == "5/6 (83.33%)"
    assert all(step["rule"] for step in data["steps"])
    assert data["distribution"][0] == {"outcome": "Clearance succeeds", "probability": "5/6", "percent": "83.33%"}


def test_run_text_shows_outputs_steps_with_rules_and_warnings(capsys):
    code, out, _ = cli(capsys, "run", "dozer-clearance", "melee=true")
    assert code == 0
    assert "Probability of a successful Clearance: 0 (0.00%)  (B24.7)" in out
    assert "  - -5 for the dozer  (G15.21)" in out
    assert "Warnings:\n  ! Clearance NA: the Clearance DR is made only if no Melee exists in its hex (G15.21)." in out


@pytest.mark.parametrize("args, field", [
    (("run", "dozer-house", "labor=5"), "labor"),
    (("run", "dozer-house", "labour=0"), "labour"),
    (("run", "dozer-clearance", "delay_mp=9"), "delay_mp"),
    (("run", "dozer-clearance", "delay_mp=+3"), "delay_mp"),
    (("run", "no-such-calculator"), "id"),
    (("describe", "no-such-calculator"), "id"),
    (("run", "dozer-house", "stone"), "stone"),
    (("run", "dozer-house", "stone=true", "stone=false"), "stone"),
    (("secret-draw", "mode=verify"), "mode"),
    (("secret-draw", "drawn=13"), "drawn"),
])
def test_bad_input_exits_2_with_the_field_named_on_stderr(capsys, args, field):
    code, out, err = cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith(f"error: {field}: ")


def test_labor_error_says_what_is_allowed(capsys):
    _, _, err = cli(capsys, "run", "dozer-house", "labor=5")
    assert err == "error: labor: must be one of 0, -1, -2 (got '5')\n"


def test_secret_draw_commits_to_a_card_that_verifies(capsys):
    code, out, _ = cli(capsys, "secret-draw", "deck=dr", "drawn=1,2,3", "--json")
    assert code == 0
    drawn = json.loads(out)["outputs"]
    assert 1 <= drawn["value"] <= 6
    code, out, _ = cli(capsys, "run", "secret-dr", "mode=verify", "deck=dr", f"value={drawn['value']}",
                       f"salt={drawn['salt']}", f"commitment={drawn['commitment']}", "--json")
    assert code == 0 and json.loads(out)["outputs"] == {"verified": True}


def test_python_dash_m_calculators_runs_as_a_program(project):
    done = subprocess.run([sys.executable, "-m", "calculators", "run", "dozer-vp", "dozer=armored"],
                          cwd=project, capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert "Casualty VP value: 4  (G15.12)" in done.stdout
