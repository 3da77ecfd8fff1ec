"""``nqueens level hint``: every hint sound against the oracle's every solution under random plays,
the contract's object with every square a deduction decides, the line a level that is not unique
gets first, and the exits of a solved board and of decisions that leave no solution."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.board import Cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.levels.level_file import read_level
from bdd_model.levels.techniques import TECHNIQUES, hints
from bdd_model.levels.techniques.hints import NoHint, hint
from tests import level_oracle
from tests.cli_helpers import run
from tests.level_oracle import played
from tests.properties import examples

NO_CHOICE_DECIDED = (
    "no square is decided yet: each open square holds a piece in some of the solutions left and "
    "not in others; choose where a piece goes"
)
SEVERAL = (
    "nqueens: the level has more than one solution, so some squares are left to your choice; "
    "each hint holds in every solution your decisions leave\n"
)
CONFINED_E = "region E can only hold its pieces in row 5, so the rest of row 5 is empty"
PROPERTY = examples()


@PROPERTY
@given(st.sampled_from(level_oracle.SIZES), st.integers(0, 10**9), st.data())
def test_every_hint_is_sound_and_names_its_technique(
    size: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    level, queens, empties = level_oracle.random_play(size, seed, data.draw)
    decisions = [Decision(Cell(*q), DecisionKind.QUEEN) for q in queens]
    decisions += [Decision(Cell(*e), DecisionKind.MARK) for e in empties]
    kept = level_oracle.solutions(level, queens, empties)
    try:
        found = hint(played(level, decisions))
    except NoHint as error:
        stuck = "no technique applies here" if len(kept) == 1 else NO_CHOICE_DECIDED
        assert not kept or str(error) in ("the level is solved", stuck)
        return
    named = {technique.NAME for technique in TECHNIQUES} | ({"search"} if len(kept) > 1 else set())
    assert kept and found.technique in named and found.cells
    for row, col in found.cells:
        assert (row, col) not in queens | empties
        assert all(((row, col) in s) is (found.action == "queen") for s in kept)


def test_hint_on_a_level_is_the_contract_object(capsys, tmp_path: Path) -> None:
    level = level_oracle.planted_level(7, 1, random.Random(4))
    path = tmp_path / "level.txt"
    path.write_text(level.text())
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    told = json.loads(out)
    every = level_oracle.solutions(level)
    assert status == 0 and err == ("" if len(every) == 1 else SEVERAL)
    assert set(told) == {"cell", "cells", "action", "technique", "reason", "because", "unique"}
    row, col = told["cell"]
    assert all(((row - 1, col - 1) in s) is (told["action"] == "queen") for s in every)
    assert told["technique"] in {technique.NAME for technique in TECHNIQUES} and told["reason"]
    assert told["unique"] is (len(every) == 1) and told["cell"] == told["cells"][0]


def test_hint_json_gives_every_square_the_deduction_decides(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("CCAAA\nCBBAA\nCBBAA\nDDDDA\nEEDDD\n")
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "cell": [5, 3],
        "cells": [[5, 3], [5, 4], [5, 5]],
        "action": "empty",
        "technique": "confined",
        "reason": CONFINED_E,
        "because": [[5, 1], [5, 2]],
        "unique": True,
    }
    (solution,) = level_oracle.solutions(read_level(path))
    assert not {(4, 2), (4, 3), (4, 4)} & solution
    _, out, _ = run(capsys, "level", "hint", str(path))
    assert out == f"5,3, 5,4 and 5,5: empty (confined): {CONFINED_E}\n"


def test_hint_names_regions_by_the_files_own_symbols(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("ZZYYY\nZXXYY\nZXXYY\nWWWWY\nVVWWW\n")
    status, out, _ = run(capsys, "level", "hint", str(path), "--json")
    assert status == 0 and json.loads(out)["reason"] == CONFINED_E.replace("region E", "region V")


def test_hint_on_a_level_with_several_solutions_says_so_first_then_answers(capsys, tmp_path: Path) -> None:
    path = tmp_path / "eight.txt"
    path.write_text("AABBB\nAABBB\nCCDDD\nCCDDE\nCCDEE\n")
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    told = json.loads(out)
    assert (status, err) == (0, SEVERAL)
    assert told["unique"] is False and told["cells"] == [[4, 4]] and told["technique"] == "empties"
    status, out, err = run(capsys, "level", "hint", str(path))
    assert (status, err) == (0, SEVERAL) and out.startswith("4,4: empty (empties): ")


def test_hint_where_the_techniques_stop_at_a_choice_gives_the_exact_searchs_squares(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last resort, reached here by leaving ``trial`` out (it finds 2,1 itself)."""
    monkeypatch.setattr(hints, "TECHNIQUES", TECHNIQUES[:-1])
    path = tmp_path / "nine.txt"
    path.write_text("CCCDD\nCCCDD\nBBAAA\nBBBAA\nEEEEE\n")
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    told = json.loads(out)
    assert (status, err) == (0, SEVERAL)
    assert told["cells"] == [[2, 1], [4, 2], [5, 5]] and told["action"] == "empty"
    assert told["technique"] == "search" and told["unique"] is False
    assert told["reason"] == "no technique applies, but no solution left has a piece on these squares"
    every = level_oracle.solutions(read_level(path))
    assert len(every) == 9 and not any({(1, 0), (3, 1), (4, 4)} & s for s in every)


def test_hint_on_a_level_whose_regions_are_its_rows_says_no_square_is_decided(capsys, tmp_path: Path) -> None:
    path = tmp_path / "rows.txt"
    path.write_text("AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n")
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    assert (status, out) == (1, "")
    assert err == SEVERAL + f"nqueens: error: {NO_CHOICE_DECIDED}\n"


def test_a_bad_decision_on_a_level_with_several_solutions_is_one_line_and_exit_2(
    capsys, tmp_path: Path
) -> None:
    path = tmp_path / "rows.txt"
    path.write_text("AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n")
    for decisions in (["--queen", "6,1"], ["--queen", "1,1", "--empty", "1,1"]):
        status, out, err = run(capsys, "level", "hint", str(path), *decisions)
        assert (status, out) == (2, "") and err.count("\n") == 1 and "nqueens: error: " in err


def test_hint_on_a_level_without_a_solution_says_so_in_one_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "none.txt"
    path.write_text("ABA\nBBB\nCCC\n")
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    assert (status, out, err) == (1, "", "nqueens: error: the level has no solution\n")


def test_hint_exits_1_with_one_line_when_solved_or_in_conflict(capsys, tmp_path: Path) -> None:
    level = level_oracle.planted_level(6, 1, random.Random(8))
    path = tmp_path / "level.txt"
    path.write_text(level.text())
    (solution,) = level_oracle.solutions(level)
    placed = [argument for r, c in sorted(solution) for argument in ("--queen", f"{r + 1},{c + 1}")]
    status, out, err = run(capsys, "level", "hint", str(path), *placed)
    assert (status, out) == (1, "") and err.count("\n") == 1 and "solved" in err
    wrong = next((r, c) for r in range(6) for c in range(6) if (r, c) not in solution)
    status, out, err = run(capsys, "level", "hint", str(path), "--queen", f"{wrong[0] + 1},{wrong[1] + 1}")
    assert (status, out) == (1, "") and err.strip().endswith(f"take back {wrong[0] + 1},{wrong[1] + 1}")
