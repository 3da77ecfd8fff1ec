"""``--engine`` on ``state`` and ``bench``: the JSON contract of both engines and the choice."""

from __future__ import annotations

import json
import re

import pytest
from pysat.solvers import Solver

from bdd_model import Cell, DecisionKind
from bdd_model.cnf.encoding import clauses, variable
from bdd_model.cnf.solving import solve_all
from tests import oracle
from tests.cli_helpers import run


def test_both_engines_give_the_same_state(capsys) -> None:
    argv = ["state", "8", "--queen", "1,1", "--empty", "3,4", "--queen", "2,5", "--explain", "3,2", "--json"]
    bdd = json.loads(run(capsys, *argv, "--engine", "bdd")[1])
    sat = json.loads(run(capsys, *argv, "--engine", "sat")[1])
    assert bdd.pop("engine") == "bdd" and sat.pop("engine") == "sat"
    assert sat == bdd
    decisions = {
        Cell(0, 0): DecisionKind.QUEEN,
        Cell(2, 3): DecisionKind.MARK,
        Cell(1, 4): DecisionKind.QUEEN,
    }
    assert sat["solutions"] == len(oracle.remaining(8, decisions))


def test_auto_takes_the_bdd_up_to_12_and_sat_beyond(capsys) -> None:
    assert json.loads(run(capsys, "state", "6", "--json")[1])["engine"] == "bdd"
    report = json.loads(run(capsys, "state", "40", "--queen", "1,1", "--json")[1])
    assert report["engine"] == "sat"
    assert report["solutions"] is None and report["solutions_at_least"] >= 1
    estimate = report["solutions_estimate"]
    assert 0 < estimate["low"] <= estimate["value"] <= estimate["high"]
    lists = ("queens", "forced", "marked", "open", "blocked")
    cells = sorted(cell for key in lists for cell in report[key])
    assert cells == [[r, c] for r in range(1, 41) for c in range(1, 41)]
    assert report["queens"] == [[1, 1]]


def test_an_exact_count_on_the_sat_engine(capsys) -> None:
    columns = next(solve_all(16))
    queens = [arg for r in range(9) for arg in ("--queen", f"{r + 1},{columns[r] + 1}")]
    report = json.loads(run(capsys, "state", "16", *queens, "--json")[1])
    assert report["engine"] == "sat" and report["solutions_at_least"] == report["solutions"]
    placed = [variable(16, r, columns[r]) for r in range(9)]
    with Solver(name="glucose4", bootstrap_with=clauses(16)) as solver:
        found = 0
        while solver.solve(placed):
            found += 1
            solver.add_clause([-lit for lit in solver.get_model() if lit > 0])
    assert report["solutions"] == found


def test_the_text_form_names_the_engine_and_the_bound(capsys) -> None:
    out = run(capsys, "state", "30", "--queen", "2,2")[1]
    assert re.search(r"about [0-9.]+ × 10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ solutions remain, estimated .+ \(engine: sat\)", out)
    assert "4 solutions remain (engine: bdd)" in run(capsys, "state", "8", "--queen", "1,1")[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["state", "16", "--engine", "bdd"], "N=16 would need about 35 GB of memory"),
        (["state", "101"], "N=101 is above 100"),
        (["state", "20", "--counts"], "--counts needs the BDD engine"),
        (["state", "20", "--queen", "1,1", "--queen", "2,2"], "cannot place a queen on 2,2: it is in line"),
        (["state", "20", "--queen", "1,1", "--empty", "1,1"], "cannot mark 1,1: your queen stands there"),
        (["state", "20", "--engine", "gpu"], "invalid choice: 'gpu'"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_sat_bench_json(capsys) -> None:
    status, out, _ = run(capsys, "bench", "--engine", "sat", "--n", "7", "--clicks", "12", "--json")
    report = json.loads(out)
    assert status == 0 and report["engine"] == "sat" and report["agrees_with_bdd"] is True
    assert report["clicks"] == 12 and set(report["click_ms"]) == {"p50", "p95", "max"}
    assert 0 < report["click_ms"]["p50"] <= report["click_ms"]["p95"] <= report["click_ms"]["max"]
    status, out, _ = run(capsys, "bench", "--engine", "auto", "--n", "18", "--clicks", "5")
    assert status == 0 and "engine sat" in out and "no BDD to compare" in out
