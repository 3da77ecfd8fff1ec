"""``nqueens count`` and ``nqueens state``: the JSON contract, exit codes and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from bdd_model import Cell, DecisionKind
from tests import oracle
from tests.cli_helpers import run


def test_count_prints_the_number_alone(capsys) -> None:
    assert run(capsys, "count", "8") == (0, "92\n", "")
    assert run(capsys, "count", "6", "--backend", "autoref")[1] == "4\n"


def test_state_json_matches_the_oracle(capsys) -> None:
    status, out, _ = run(capsys, "state", "8", "--queen", "1,1", "--empty", "3,4", "--queen", "2,5", "--json")
    assert status == 0
    report = json.loads(out)
    decisions = {
        Cell(0, 0): DecisionKind.QUEEN,
        Cell(2, 3): DecisionKind.MARK,
        Cell(1, 4): DecisionKind.QUEEN,
    }
    states = oracle.states(8, decisions)
    assert report["n"] == 8
    assert report["solutions"] == len(oracle.remaining(8, decisions))
    names = {
        "queen": "queens",
        "forced": "forced",
        "marked": "marked",
        "open": "open",
        "attacked": "blocked",
        "lookahead": "blocked",
    }
    expected: dict[str, list[list[int]]] = {v: [] for v in names.values()}
    for r in range(8):
        for c in range(8):
            expected[names[states[r][c].value]].append([r + 1, c + 1])
    for key, cells in expected.items():
        assert report[key] == cells
    every = sorted(cell for key in expected for cell in report[key])
    assert every == [[r, c] for r in range(1, 9) for c in range(1, 9)]
    assert "explanation" not in report and "counts" not in report


def test_state_explanation_and_counts(capsys) -> None:
    out = run(capsys, "state", "6", "--queen", "1,2", "--explain", "1,1", "--counts", "--json")[1]
    report = json.loads(out)
    assert report["explanation"] == {"cell": [1, 1], "retract": None}
    assert report["counts"] == oracle.counts(6, oracle.remaining(6, {Cell(0, 1): DecisionKind.QUEEN}))
    out = run(capsys, "state", "8", "--queen", "1,1", "--explain", "2,3", "--json")[1]
    assert json.loads(out)["explanation"] == {"cell": [2, 3], "retract": [[1, 1]]}
    out = run(capsys, "state", "8", "--queen", "1,1", "--explain", "3,4", "--json")[1]
    assert json.loads(out)["explanation"]["retract"] == []


def test_forced_queens_appear(capsys) -> None:
    report = json.loads(run(capsys, "state", "6", "--queen", "1,2", "--json")[1])
    assert report["solutions"] == 1
    assert report["queens"] == [[1, 2]]
    assert report["forced"] == [[2, 4], [3, 6], [4, 1], [5, 3], [6, 5]]
    assert report["open"] == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["count", "0"], "N must be at least 1, not 0"),
        (["count", "-3"], "N must be at least 1, not -3"),
        (["count", "eight"], "N must be a whole number, not 'eight'"),
        (["count", "2.5"], "N must be a whole number, not '2.5'"),
        (["count", "16"], "up to 15×15; the empty 16×16 board's count is known, 14,772,512"),
        (["count", "40"], "'nqueens state 40 --engine sat --json' estimates it"),
        (["count", "101"], "no engine here answers a 101×101 board: the SAT engine's largest is 100×100"),
        (["state", "8", "--queen", "9,1"], "cell 9,1 is off the 8×8 board"),
        (["state", "8", "--queen", "0,1"], "cell 0,1 is off the 8×8 board"),
        (["state", "8", "--empty", "a,b"], "cell 'a,b' is not of the form ROW,COL"),
        (["state", "8", "--queen", "1;1"], "cell '1;1' is not of the form ROW,COL"),
        (["state", "8", "--explain", "1,9"], "cell 1,9 is off the 8×8 board"),
        (["state", "8", "--queen", "1,1", "--queen", "2,2"], "cannot place a queen on 2,2: it is in line"),
        (["state", "8", "--queen", "1,1", "--queen", "1,1"], "cannot place a queen on 1,1: your queen"),
        (["state", "6", "--queen", "1,2", "--empty", "2,4"], "cannot mark 2,4: every remaining solution"),
        (["state", "8", "--empty", "1,1", "--empty", "1,1"], "1,1 is already marked"),
        (["state", "8", "--empty", "1,1", "--queen", "1,1"], "cannot place a queen on 1,1: you marked it"),
        (["count", "8", "--backend", "gpu"], "invalid choice: 'gpu'"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        ([], "name a command: count, compile, state"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


def test_look_ahead_refusal_names_the_reason(capsys) -> None:
    report = json.loads(run(capsys, "state", "8", "--queen", "1,1", "--json")[1])
    look_ahead = next(
        cell for cell in report["blocked"] if not oracle.attacks((0, 0), (cell[0] - 1, cell[1] - 1))
    )
    status, _, err = run(
        capsys, "state", "8", "--queen", "1,1", "--queen", f"{look_ahead[0]},{look_ahead[1]}"
    )
    assert status == 2 and "no remaining solution has a queen there" in err


def test_a_real_process_prints_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "state", "8", "--queen", "1,1", "--queen", "1,2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert (
        result.stderr == "nqueens: error: cannot place a queen on 1,2: it is in line with the queen at 1,1\n"
    )


def test_human_state_shows_the_board(capsys) -> None:
    status, out, _ = run(capsys, "state", "4", "--queen", "1,2")
    assert status == 0
    assert out.splitlines()[:4] == ["- Q - -", "- - - F", "F - - -", "- - F -"]
    assert "1 solution remains" in out


def test_a_compile_that_runs_out_of_memory_says_so(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "count", "13"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NQUEENS_MEMORY_LIMIT_MB": "250", "NQUEENS_CACHE_DIR": str(tmp_path)},
    )
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == "nqueens: error: ran out of memory\n"


def test_a_queen_on_a_forced_square_is_accepted(capsys) -> None:
    status, out, _ = run(
        capsys, "state", "4", "--queen", "1,2", "--queen", "2,4", "--queen", "3,1", "--queen", "4,3", "--json"
    )
    assert status == 0
    assert json.loads(out)["queens"] == [[1, 2], [2, 4], [3, 1], [4, 3]]
    status, out, _ = run(capsys, "state", "1", "--queen", "1,1", "--json")
    assert status == 0 and json.loads(out)["queens"] == [[1, 1]] and json.loads(out)["forced"] == []
