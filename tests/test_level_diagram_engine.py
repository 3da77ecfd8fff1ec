"""The BDD as a level's engine answers as the levels' search does: under random plays on generated levels
(one star at 5–9, two at 8–10; strict and as a player keeps mistakes) the states, the count, each square's
count, the fewest decisions to take back (for a square, and for a dead end), the conflict and the solutions
are the search's; every bench level is played to the end on it; the registry offers it for levels by name."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState, DecisionError
from bdd_model.diagram.diagram_insight import DiagramInsight
from bdd_model.engine import Engine, answer
from bdd_model.engine_choice import at_once_engine, built_engine, choose_engine, engines_for
from bdd_model.engines import engine_named
from bdd_model.errors import BoardSizeError
from bdd_model.levels.diagram.level_bdd import compile_level
from bdd_model.levels.level_file import read_level
from bdd_model.levels.play.diagram_level_engine import DiagramLevelEngine
from bdd_model.levels.play.level_board import LevelBoard
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle
from bdd_model.puzzles.level import Level
from bdd_model.questions import Explain, Explained, Hint, SolutionAt
from tests import level_oracle
from tests.properties import examples

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"
SIZES = [(5, 1), (6, 1), (7, 1), (8, 1), (9, 1), (8, 2), (9, 2), (10, 2)]
CLOSED = {CellState.ATTACKED, CellState.LOOKAHEAD}


def both(level: Level, strict: bool) -> tuple[LevelEngine, DiagramLevelEngine]:
    puzzle = LevelPuzzle.of(level)
    return LevelEngine(puzzle, strict=strict), DiagramLevelEngine(puzzle, compile_level(level), strict)


def solutions_of(board: LevelBoard) -> set[frozenset[Cell]]:
    return {frozenset(board.solution_squares(i)) for i in range(board.count)}


def assert_frees(search: LevelEngine, taken_back: list[Cell], targets: list[Cell]) -> None:
    """Taking ``taken_back`` back leaves a solution with pieces on the targets."""
    kept = {d.cell: d.kind for d in search.decisions if d.cell not in taken_back}
    assert search._solvable(kept, targets)


@examples(0.5)
@given(st.sampled_from(SIZES), st.integers(0, 10**9), st.booleans(), st.data())
def test_the_bdd_answers_a_played_level_as_the_search_does(
    size: tuple[int, int], seed: int, strict: bool, data: st.DataObject
) -> None:
    n, stars = size
    level = level_oracle.planted_level(n, stars, random.Random(seed))
    search, bdd = both(level, strict)
    for _ in range(data.draw(st.integers(0, 5))):
        cell = data.draw(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)))
        as_piece = data.draw(st.booleans())
        refused = []
        for board in (search, bdd):
            try:
                (board.place if as_piece else board.mark)(*cell)
            except DecisionError as error:
                refused.append(str(error))
        assert len(refused) in (0, 2), refused
        assert search.decisions == bdd.decisions
    assert bdd.states() == search.states()
    assert bdd.count == search.count
    assert bdd.cell_counts() == search.cell_counts()
    assert bdd.view().states() == search.view().states() and bdd.view().conflict == search.view().conflict
    if 0 < search.count <= 40:
        assert solutions_of(bdd) == solutions_of(search)
    taken_back, fewest = bdd.take_back(), search.take_back()
    assert len(taken_back) == len(fewest)
    if search.count == 0 and search._solvable({}):
        assert_frees(search, taken_back, [])
    conflict, smallest = bdd.conflict(), search.conflict()
    assert (conflict is None, len(conflict or ())) == (smallest is None, len(smallest or ()))
    closed = [Cell(r, c) for r, row in enumerate(search.states()) for c, s in enumerate(row) if s in CLOSED]
    for target in random.Random(seed).sample(closed, min(len(closed), 4)):
        why, expected = bdd.explain(*target), search.explain(*target)
        assert (why is None, len(why or ())) == (expected is None, len(expected or ())), target
        if why is not None:
            assert_frees(search, why, [target])


def test_every_bench_level_is_answered_and_played_to_the_end_on_its_diagram() -> None:
    """The empty board as the search proves it, then a mark on a closed square and the row's
    pieces, row by row, never refused, ending solved."""
    for path in sorted(BENCH.iterdir()):
        level = read_level(path)
        search, bdd = both(level, True)
        assert (bdd.count, bdd.states()) == (search.count, search.states()), path.name
        solution = search.solution()
        assert solution is not None and sorted(bdd.solution_squares(0)) == sorted(solution), path.name
        for row in range(level.n):
            closed = [c for c, state in enumerate(bdd.states()[row]) if state in CLOSED]
            for col in closed[:1]:
                bdd.mark(row, col)
            for cell in (cell for cell in solution if cell.row == row):
                bdd.place(*cell)
        assert bdd.count == 1 and bdd.is_solved, path.name


ROWS_5 = Level(tuple(symbol * 5 for symbol in "ABCDE"))
"""Regions that are the rows of 5×5: 14 solutions (one piece a row, none touching)."""


def test_the_levels_bdd_is_an_engine_that_answers_at_once_and_shows_its_diagram() -> None:
    board = DiagramLevelEngine(LevelPuzzle.of(ROWS_5), compile_level(ROWS_5))
    assert isinstance(board, Engine)
    board.place(0, 1)
    kept = len(level_oracle.solutions(ROWS_5, {(0, 1)}))
    view = board.view()
    assert view.settled and view.count is not None and view.count.exact == kept
    assert view.cell_counts is not None and int(view.cell_counts[0, 1]) == kept
    assert answer(board, Explain((1, 1))) == Explained([Cell(0, 1)])
    found = {tuple(answer(board, SolutionAt(i)).squares) for i in range(kept)}  # type: ignore[union-attr]
    assert len(found) == kept
    assert answer(board, Hint()).technique  # type: ignore[union-attr]
    insight = view.insight
    assert isinstance(insight, DiagramInsight) and insight.figures.solutions == 14
    assert insight.figures.construction == "frontier" and insight.layers is not None
    alive = [edge for edge in insight.layers.edges if edge.alive]
    assert {edge.col for edge in alive if edge.row == 0} == {1}
    assert len(insight.figures.level_nodes) == 25 and insight.figures.edges == len(insight.layers.edges)


def test_the_registry_offers_the_bdd_for_levels_by_name_and_keeps_the_search_for_auto() -> None:
    level, big = LevelPuzzle.of(ROWS_5), LevelPuzzle(tuple("ABCDEFGHIJKLMNOPQRS"[r] * 19 for r in range(19)))
    bdd = engine_named("bdd")
    assert [kind.name for kind in engines_for(level)] == ["bdd", "search"]
    assert choose_engine(level).name == "search" and at_once_engine("auto", level).name == "search"
    assert choose_engine(level, "bdd") is bdd and at_once_engine("bdd", level) is bdd
    assert built_engine("bdd", level) is None and built_engine("auto", level) is None
    assert bdd.keeps_dead_ends(level) and not bdd.keeps_dead_ends(FamilyPuzzle(5))
    assert isinstance(bdd.open(level), DiagramLevelEngine)
    with pytest.raises(
        BoardSizeError, match="answers levels up to 18×18; the levels' search answers this 19×19"
    ):
        choose_engine(big, "bdd")
    assert [kind.name for kind in engines_for(big)] == ["search"]
    assert at_once_engine("bdd", big).name == "search"  # type: ignore[union-attr]


def test_a_choice_that_answers_no_level_leaves_levels_to_the_search() -> None:
    assert at_once_engine("sat", LevelPuzzle.of(ROWS_5)).name == "search"  # type: ignore[union-attr]


def test_a_piece_asked_on_a_marked_square_is_not_taken_for_the_same_piece_unmarked() -> None:
    board = DiagramLevelEngine(LevelPuzzle.of(ROWS_5), compile_level(ROWS_5), strict=False)
    board.place(0, 1)
    assert board.solvable_with()
    board.retract(0, 1)
    board.mark(0, 1)
    assert not board.solvable_with(queens=[Cell(0, 1)])
