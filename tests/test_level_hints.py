"""``nqueens level hint``: every hint sound against the oracle's every solution under random plays,
and the exits of a solved board and of decisions that leave no solution."""

from __future__ import annotations

import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bdd_model.board import Cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.levels.techniques import TECHNIQUES
from bdd_model.levels.techniques.hints import NoHint, hint
from tests import level_oracle
from tests.cli_helpers import run

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
        found = hint(level, decisions)
    except NoHint as error:
        assert not kept or str(error) in ("the level is solved", "no technique applies here")
        return
    assert kept and found.technique in {technique.NAME for technique in TECHNIQUES}
    ((row, col),) = found.cells
    assert (row, col) not in queens | empties
    assert all(((row, col) in s) is (found.action == "queen") for s in kept)


def test_hint_on_a_level_is_the_contract_object(capsys, tmp_path: Path) -> None:
    level = level_oracle.planted_level(7, 1, random.Random(4))
    path = tmp_path / "level.txt"
    path.write_text(level.text())
    status, out, err = run(capsys, "level", "hint", str(path), "--json")
    told = json.loads(out)
    assert status == 0 and err == "" and set(told) == {"cell", "action", "technique", "reason", "because"}
    row, col = told["cell"]
    every = level_oracle.solutions(level)
    assert all(((row - 1, col - 1) in s) is (told["action"] == "queen") for s in every)
    assert told["technique"] in {technique.NAME for technique in TECHNIQUES} and told["reason"]


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
