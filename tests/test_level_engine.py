"""The level engine under random decisions, square by square, against the oracle's every placement; its
answers, its permissive take and its cancellation."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import msgspec
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState, DecisionError
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.engine import Engine, answer
from bdd_model.engine_choice import choose_engine, engines_for
from bdd_model.errors import BoardSizeError
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.progress import CancelToken
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle, Puzzle
from bdd_model.puzzles.level import Level
from bdd_model.puzzles.level_puzzle import RENAMED
from bdd_model.questions import Advice, Check, Explain, Explained, Hint, SolutionAt, TakeBack, Unanswered
from bdd_model.solution_count import SolutionCount
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
    board = LevelEngine(LevelPuzzle.of(level))
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
    assert board.count == len(level_oracle.solutions(level, queens, marks))


def test_the_fewest_decisions_to_take_back_are_the_oracles() -> None:
    """Regions that are the rows of 5×5: 14 solutions, so a piece closes squares others can take."""
    level = Level(tuple(symbol * 5 for symbol in "ABCDE"))
    every = level_oracle.solutions(level)
    board = LevelEngine(LevelPuzzle.of(level))
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
    board = LevelEngine(LevelPuzzle.of(level), strict=False)
    decisions: dict[tuple[int, int], bool] = {}
    for _ in range(data.draw(st.integers(1, 6))):
        cell = data.draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
        if cell in decisions:
            continue
        decisions[cell] = data.draw(st.booleans())
        (board.place if decisions[cell] else board.mark)(*cell)
    kept = [s for s in every if _kept_by(s, decisions)]
    assert board.count == len(kept)
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
    taken_back = board.take_back()
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
        assert taken_back == [Cell(*cell) for cell in decisions]
    assert board.settle()
    view = board.view()
    assert view.conflict is not None
    assert [decision.cell for decision in view.conflict] == conflict
    assert all(state in CLOSED for row in board.states() for state in row if state not in DECIDED)
    pieces = np.zeros((n, n), dtype=bool)
    for cell, piece in decisions.items():
        pieces[cell] = piece
    attacked = LevelPuzzle.of(level).attacked(pieces)
    for row, states in enumerate(board.states()):
        for col, state in enumerate(states):
            if (row, col) not in decisions:
                assert (state is CellState.ATTACKED) == bool(attacked[row, col])


def test_a_played_level_takes_a_decision_back() -> None:
    level = Level(tuple(symbol * 5 for symbol in "ABCDE"))
    board = LevelEngine(LevelPuzzle.of(level), strict=False)
    board.place(0, 0)
    board.place(1, 1)
    assert board.count == 0
    assert board.conflict() == [Cell(0, 0), Cell(1, 1)]
    assert board.take_back() == [Cell(0, 0)]
    board.retract(0, 0)
    assert board.count == len(level_oracle.solutions(level, {(1, 1)}))
    with pytest.raises(DecisionError, match="no decision"):
        board.retract(0, 0)


def test_games_played_row_by_row_on_every_bench_level_are_never_refused_and_end_solved() -> None:
    """A mark on a closed square, then the row's pieces, row by row, on one board per level: the
    boards its search keeps between decisions (64-bit keys) must never hide the solution."""
    for path in sorted(BENCH.iterdir()):
        level = read_level(path)
        board = LevelEngine(LevelPuzzle.of(level))
        solution = board.solution()
        assert solution is not None, path.name
        for row in range(level.n):
            states = board.states()
            closed = [c for c in range(level.n) if states[row][c] in CLOSED]
            for col in closed[:1]:
                board.mark(row, col)
            for cell in (cell for cell in solution if cell.row == row):
                board.place(*cell)
        assert board.count == 1, path.name


ROWS_5 = Level(tuple(symbol * 5 for symbol in "ABCDE"))
"""Regions that are the rows of 5×5: 14 solutions (one piece a row, none touching)."""


def test_the_level_engine_is_an_engine_and_answers_every_question() -> None:
    board = LevelEngine(LevelPuzzle.of(ROWS_5))
    every = level_oracle.solutions(ROWS_5)
    assert isinstance(board, Engine)
    board.place(0, 1)
    kept = sorted(sorted(s) for s in every if (0, 1) in s)
    found = [sorted(answer(board, SolutionAt(i)).squares) for i in range(len(kept))]  # type: ignore[union-attr]
    assert sorted(found) == kept
    assert answer(board, SolutionAt(len(kept))) == Unanswered(f"there is no solution number {len(kept) + 1}")
    assert answer(board, Explain((1, 1))) == Explained([(0, 1)])
    assert answer(board, Check()) == TakeBack([])
    advice = answer(board, Hint())
    assert isinstance(advice, Advice) and advice.squares and advice.technique and advice.reason


def test_a_view_before_settling_shows_the_decisions_and_what_their_pieces_close() -> None:
    board = LevelEngine(LevelPuzzle.of(ROWS_5))
    board.place(2, 2)
    early = board.view()
    assert early.state(2, 2) is CellState.QUEEN and early.state(2, 0) is CellState.ATTACKED
    assert early.state(1, 1) is CellState.ATTACKED and early.state(0, 0) is None and early.count is None
    calls: list[tuple[Cell, CellState]] = []
    assert board.settle(on_cell=lambda cell, state: calls.append((cell, state)))
    settled = board.view()
    assert settled.settled and len(calls) == 25
    assert settled.states() == level_oracle.states(ROWS_5, {(2, 2)}, set())
    assert board.solution_count() == SolutionCount.of(len(level_oracle.solutions(ROWS_5, {(2, 2)})))


def test_a_strict_level_refuses_a_piece_that_leaves_no_solution_and_says_why() -> None:
    board = LevelEngine(LevelPuzzle.of(ROWS_5))
    board.place(0, 0)
    with pytest.raises(DecisionError, match=r"cannot place a queen on 2,1: it is in a full row.* 1,1"):
        board.place(1, 0)
    assert board.decisions == (Decision(Cell(0, 0), DecisionKind.QUEEN),)
    with pytest.raises(DecisionError, match="leave no solution"):
        board.restore([Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 1), DecisionKind.QUEEN)])
    assert board.decisions == (Decision(Cell(0, 0), DecisionKind.QUEEN),)


@pytest.mark.parametrize("choice", ["numba", "numpy"])
def test_a_cancelled_count_and_proof_stop_and_leave_the_board_as_it_was(choice: str) -> None:
    """An 18×18 level of rows as regions has too many solutions to count before the flag is read
    (compiled, and by the uncompiled twins)."""
    board = LevelEngine(LevelPuzzle(tuple(RENAMED[r] * 18 for r in range(18))), LevelKernels(choice))
    cancel = CancelToken()
    cancel.cancel()
    assert board.solution_count(cancel) is None
    assert not board.settle(cancel)
    assert board.view().count is None and board.view().undecided == 18 * 18


def test_a_level_puzzle_is_known_by_its_regions_renamed_and_read_back_from_its_record() -> None:
    puzzle = LevelPuzzle(("QQW", "QWW", "EEE"))
    assert puzzle == LevelPuzzle(("AAB", "ABB", "CCC")) and puzzle.regions == ("AAB", "ABB", "CCC")
    assert hash(puzzle) == hash(LevelPuzzle(("xxy", "xyy", "zzz")))
    assert puzzle.title == "3×3 level" and LevelPuzzle(("AB", "AB"), 2).title == "2×2 level, 2 stars"
    record = msgspec.json.encode(puzzle)
    assert msgspec.json.decode(record, type=Puzzle) == puzzle
    assert msgspec.json.decode(msgspec.json.encode(FamilyPuzzle(8)), type=Puzzle) == FamilyPuzzle(8)
    with pytest.raises(msgspec.ValidationError, match="3×3 level has 3 regions; this one has 2"):
        msgspec.json.decode(b'{"kind": "level", "regions": ["AAB", "ABB", "AAA"]}', type=Puzzle)


def test_the_level_search_answers_levels_by_default_and_it_answers_no_family() -> None:
    level, family = LevelPuzzle.of(ROWS_5), FamilyPuzzle(5)
    assert [kind.name for kind in engines_for(level)] == ["bdd", "search"]
    assert "search" not in [kind.name for kind in engines_for(family)]
    assert choose_engine(level).name == "search"
    with pytest.raises(
        BoardSizeError, match="the SAT engine answers the rule families' boards, not a 5×5 level"
    ):
        choose_engine(level, "sat")
    with pytest.raises(BoardSizeError, match="the level search answers region levels, not the 5×5 board"):
        choose_engine(family, "search")


def test_each_squares_count_is_the_oracles_solutions_through_it() -> None:
    board = LevelEngine(LevelPuzzle.of(ROWS_5))
    board.place(0, 1)
    kept = level_oracle.solutions(ROWS_5, {(0, 1)}, set())
    assert board.cell_counts() == [[sum((r, c) in s for s in kept) for c in range(5)] for r in range(5)]
