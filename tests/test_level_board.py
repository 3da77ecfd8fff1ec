"""A level under random decisions, square by square, against the oracle's every placement."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState, DecisionError
from bdd_model.levels.level import Level
from bdd_model.levels.level_board import LevelBoard, LevelPlay
from bdd_model.levels.level_file import read_level
from tests import level_oracle
from tests.properties import examples

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"
DECIDED = {CellState.QUEEN, CellState.MARKED}
CLOSED = {CellState.ATTACKED, CellState.LOOKAHEAD}
PROPERTY = examples(5 / 6)


@PROPERTY
@given(st.sampled_from([(5, 1), (6, 1), (7, 1), (8, 2)]), st.integers(0, 10**9), st.data())
def test_every_square_and_the_count_match_the_oracle_under_random_decisions(
    size: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    n, stars = size
    level = level_oracle.planted_level(n, stars, random.Random(seed))
    board = LevelBoard(level)
    queens: set[tuple[int, int]] = set()
    marks: set[tuple[int, int]] = set()
    for _ in range(data.draw(st.integers(0, 4))):
        cell = data.draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
        as_queen = data.draw(st.booleans())
        chosen = (queens | {cell}, marks) if as_queen else (queens, marks | {cell})
        allowed = cell not in queens | marks and bool(level_oracle.solutions(level, *chosen))
        try:
            (board.place if as_queen else board.mark)(*cell)
        except DecisionError:
            assert not allowed
            continue
        assert allowed
        queens, marks = chosen
    assert board.states() == level_oracle.states(level, queens, marks)
    assert board.count() == len(level_oracle.solutions(level, queens, marks))


def test_the_fewest_decisions_to_take_back_are_the_oracles() -> None:
    """Regions that are the rows of 5×5: 14 solutions, so a piece closes squares others can take."""
    level = Level(tuple(symbol * 5 for symbol in "ABCDE"))
    every = level_oracle.solutions(level)
    board = LevelBoard(level)
    board.place(0, 1)
    board.mark(4, 4)
    closed = [
        (r, c)
        for r in range(5)
        for c in range(5)
        if not any((r, c) in s and (0, 1) in s for s in every)
        and any((r, c) in s and (4, 4) not in s for s in every)
    ]
    assert closed
    for target in closed:
        assert board.explain(*target) == [Cell(0, 1)]
    assert board.explain(2, 2) == (
        [] if any({(0, 1), (2, 2)} <= s and (4, 4) not in s for s in every) else None
    )
    assert board.explain(4, 4) == [Cell(4, 4)]


def _kept_by(solution: frozenset[tuple[int, int]], decisions: dict[tuple[int, int], bool]) -> bool:
    return all((cell in solution) is as_queen for cell, as_queen in decisions.items())


@PROPERTY
@given(st.sampled_from([(5, 1), (6, 1), (7, 1), (8, 2)]), st.integers(0, 10**9), st.data())
def test_a_played_level_keeps_every_decision_and_names_the_fewest_that_conflict(
    size: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    n, stars = size
    level = level_oracle.planted_level(n, stars, random.Random(seed))
    every = level_oracle.solutions(level)
    board = LevelPlay(level)
    decisions: dict[tuple[int, int], bool] = {}
    for _ in range(data.draw(st.integers(1, 6))):
        cell = data.draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
        if cell in decisions:
            continue
        decisions[cell] = data.draw(st.booleans())
        (board.place if decisions[cell] else board.mark)(*cell)
    kept = [s for s in every if _kept_by(s, decisions)]
    assert board.count() == len(kept)
    cells = sorted(decisions)

    def fewest(wanted) -> list[Cell] | None:
        for size in range(len(cells) + 1):
            for chosen in combinations(cells, size):
                if wanted(set(chosen)):
                    return [Cell(*c) for c in chosen]
        return None

    def conflicting(chosen: set[tuple[int, int]]) -> bool:
        return not any(_kept_by(s, {c: decisions[c] for c in chosen}) for s in every)

    def enough(chosen: set[tuple[int, int]]) -> bool:
        return any(_kept_by(s, {c: k for c, k in decisions.items() if c not in chosen}) for s in every)

    conflict = board.conflict()
    taken_back = board.to_take_back()
    if kept:
        assert conflict is None
        assert taken_back == []
        return
    assert conflict is not None
    assert conflicting({(c.row, c.col) for c in conflict})
    assert len(conflict) == len(fewest(conflicting) or [])
    if every:
        assert taken_back is not None
        assert enough({(c.row, c.col) for c in taken_back})
        assert len(taken_back) == len(fewest(enough) or [])
    else:
        assert taken_back is None
    assert all(state in CLOSED for row in board.states() for state in row if state not in DECIDED)


def test_a_played_level_takes_a_decision_back() -> None:
    level = Level(tuple(symbol * 5 for symbol in "ABCDE"))
    board = LevelPlay(level)
    board.place(0, 0)
    board.place(1, 1)
    assert board.count() == 0
    assert board.conflict() == [Cell(0, 0), Cell(1, 1)]
    assert board.to_take_back() == [Cell(0, 0)]
    board.take_back(0, 0)
    assert board.count() == len(level_oracle.solutions(level, {(1, 1)}))
    with pytest.raises(DecisionError, match="no decision"):
        board.take_back(0, 0)


def test_games_played_row_by_row_on_every_bench_level_are_never_refused_and_end_solved() -> None:
    """A mark on a closed square, then the row's pieces, row by row, on one board per level: the
    boards its search keeps between decisions (64-bit keys) must never hide the solution."""
    for path in sorted(BENCH.iterdir()):
        level = read_level(path)
        board = LevelBoard(level)
        solution = board.solution()
        assert solution is not None, path.name
        for row in range(level.n):
            states = board.states()
            closed = [c for c in range(level.n) if states[row][c] in CLOSED]
            for col in closed[:1]:
                board.mark(row, col)
            for cell in (cell for cell in solution if cell.row == row):
                board.place(*cell)
        assert board.count() == 1, path.name
