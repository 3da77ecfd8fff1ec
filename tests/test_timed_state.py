"""``nqueens state … --time-limit S --json``: six lists that partition the board, ``pending`` for what is not
proven in time, ``solutions_at_least`` always, refusals that name the square, and what a script playing one
process a step gets back (kept solutions make the next step's decisions proven at once)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.bench.timed_play_bench import play_timed
from app.cli.output import state_lists
from bdd_model import Cell, DecisionKind
from tests import oracle
from tests.cli_helpers import run

LEVEL = Path(__file__).parents[1] / "resources" / "levels" / "bench" / "06-01.txt"
LISTS = ("queens", "forced", "marked", "open", "blocked", "pending")
PLAYED_48 = """
1,1 2,3 3,5 4,2 5,4 6,9 7,11 8,13 9,15 10,6 11,8 12,19 13,7 14,22 15,10 16,25 17,27 18,29 19,31 20,12
21,14 22,35 23,37 24,39 25,41 26,16 27,18 28,45 29,17 30,48 31,20 32,62 33,53 34,58 35,68 36,61 37,56
38,66 39,81 40,79 41,88 42,83 43,89 44,92 45,90 46,78 47,84 48,86
"""
"""A 100×100 game of leftmost squares whose consistency a fresh search takes seconds to prove."""


def partition(report: dict, n: int) -> list[list[int]]:
    cells = sorted(cell for name in LISTS for cell in report[name])
    assert cells == [[r, c] for r in range(1, n + 1) for c in range(1, n + 1)], "the six lists partition"
    return cells


def queens(*cells: str) -> list[str]:
    return [arg for cell in cells for arg in ("--queen", cell)]


def timed(capsys, n: str, limit: str, *argv: str) -> tuple[int, str, str]:
    """``state N --engine sat --time-limit LIMIT --json ARGV``."""
    return run(capsys, "state", n, "--engine", "sat", "--time-limit", limit, "--json", *argv)


def test_a_settled_answer_lists_nothing_pending_and_matches_the_oracle(capsys) -> None:
    status, out, _ = run(
        capsys, "state", "10", "--engine", "sat", "--time-limit", "5", "--json", *queens("1,2")
    )
    report = json.loads(out)
    assert status == 0 and report["pending"] == []
    partition(report, 10)
    expected = state_lists(oracle.states(10, {Cell(0, 1): DecisionKind.QUEEN}))
    assert {name: report[name] for name in LISTS} == expected
    remaining = len(oracle.remaining(10, {Cell(0, 1): DecisionKind.QUEEN}))
    assert report["solutions_at_least"] <= remaining
    assert report["solutions"] in (None, remaining)


def test_what_is_not_proven_in_time_is_pending(capsys, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    status, out, _ = run(
        capsys,
        "state",
        "100",
        "--engine",
        "sat",
        "--time-limit",
        "0.3",
        "--json",
        *queens(*PLAYED_48.split()),
    )
    report = json.loads(out)
    assert status == 0
    partition(report, 100)
    assert report["pending"] and report["solutions_at_least"] >= 0
    assert len(report["queens"]) == 48 and report["marked"] == []
    pending = {tuple(cell) for cell in report["pending"]}
    assert (49, 99) in pending or [49, 99] in report["open"] + report["forced"]


def test_a_decision_that_leaves_no_solution_exits_2_naming_its_square(capsys) -> None:
    status, out, err = run(
        capsys, "state", "20", "--engine", "sat", "--time-limit", "2", "--json", *queens("1,1", "3,3")
    )
    assert status == 2 and out == ""
    assert "cannot place a queen on 3,3: it is in line with the queen at 1,1" in err and err.count("\n") == 1
    status, _, err = run(capsys, "state", "4", "--engine", "sat", "--time-limit", "2", *queens("1,1"))
    assert status == 2 and "1,1" in err


@pytest.mark.parametrize("limit", ["0", "-1", "abc", "nan", "inf", "1e10", "١"])
def test_a_time_limit_must_be_a_positive_number_of_seconds(capsys, limit: str) -> None:
    status, out, err = timed(capsys, "20", limit)
    assert status == 2 and out == "" and "--time-limit" in err and "seconds" in err


def test_the_bdd_and_levels_answer_everything_with_nothing_pending(capsys) -> None:
    status, out, _ = run(
        capsys, "state", "8", "--engine", "bdd", "--time-limit", "1", "--json", *queens("1,1")
    )
    report = json.loads(out)
    assert status == 0 and report["engine"] == "bdd" and report["pending"] == []
    assert report["solutions"] == report["solutions_at_least"] == 4
    status, out, _ = run(capsys, "state", "--level", str(LEVEL), "--time-limit", "1", "--json")
    report = json.loads(out)
    assert (
        status == 0 and report["pending"] == [] and report["solutions_at_least"] == report["solutions"] == 1
    )
    partition(report, 6)


def test_counts_per_square_are_refused_under_a_time_limit_on_the_sat_engine(capsys) -> None:
    status, _, err = run(capsys, "state", "20", "--time-limit", "1", "--counts", "--json")
    assert status == 2 and "--counts needs the BDD engine" in err


def test_a_script_plays_row_by_row_one_process_a_step_to_solved() -> None:
    game = play_timed(12, "left", marks=True, time_limit=10.0).to_json()
    assert game["solved"] and game["steps"] >= 3
    cells = [step["cell"] for step in game["per_step"]]
    assert [r for r, _ in cells] == sorted(r for r, _ in cells)
    assert game["steps_without_next_row_fit"] == 0


def test_an_explanation_not_found_in_time_is_null(capsys) -> None:
    status, out, _ = timed(capsys, "100", "0.2", "--explain", "50,50", *queens(*PLAYED_48.split()))
    report = json.loads(out)
    assert status == 0 and report["explanation"] is None and report["pending"]
    status, out, _ = timed(capsys, "8", "5", "--explain", "2,2", *queens("1,1"))
    report = json.loads(out)
    assert status == 0 and report["explanation"] == {"cell": [2, 2], "retract": [[1, 1]]}
