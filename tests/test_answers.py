"""The answers every engine gives through the one seam, as squares that fit any puzzle: the k-th
solution's pieces, advice with its technique and reason, and the decisions to take back; each
crosses the worker's pipe as the record it is."""

from __future__ import annotations

import msgspec
import pytest

from bdd_model import Cell, Configurator, DecisionKind
from bdd_model.engine import Engine, answer
from bdd_model.puzzles.family_answers import MOST_SOLUTIONS
from bdd_model.questions import Advice, Answer, Check, Hint, SolutionAt, SolutionFound, TakeBack, Unanswered
from bdd_model.sat.engine import SatEngine
from tests import oracle
from tests.spaces import space


def engines(n: int) -> list[Engine]:
    return [Configurator(space(n, "cudd")), SatEngine(n)]


def crossed(found: Answer) -> Answer:
    """The answer as the window reads it back from the worker."""
    return msgspec.json.decode(msgspec.json.encode(found), type=Answer)


@pytest.mark.parametrize("engine", engines(6), ids=["bdd", "sat"])
def test_a_solution_is_the_squares_of_its_pieces(engine: Engine) -> None:
    engine.place(0, 1)
    expected = {
        frozenset(Cell(r, c) for r, c in enumerate(s))
        for s in oracle.remaining(6, {Cell(0, 1): DecisionKind.QUEEN})
    }
    found = crossed(answer(engine, SolutionAt(0)))
    assert (
        isinstance(found, SolutionFound) and frozenset(Cell(*square) for square in found.squares) in expected
    )
    assert isinstance(answer(engine, SolutionAt(5)), Unanswered)


def test_advice_is_the_square_that_keeps_the_most_solutions_with_its_words() -> None:
    bdd = Configurator(space(8, "cudd"))
    bdd.place(0, 0)
    advice = crossed(answer(bdd, Hint()))
    counts = oracle.counts(8, oracle.remaining(8, {Cell(0, 0): DecisionKind.QUEEN}))
    assert isinstance(advice, Advice) and (advice.action, advice.technique) == ("queen", MOST_SOLUTIONS)
    ((row, col),) = advice.squares
    assert counts[row][col] == max(max(line) for line in counts[1:])
    assert advice.reason == f"a queen on {row + 1},{col + 1} keeps {counts[row][col]} solutions open"
    sat = SatEngine(30)
    sat.place(3, 7)
    advice = crossed(answer(sat, Hint()))
    assert isinstance(advice, Advice) and advice.reason.endswith(", the square most solutions seen use")
    solved = Configurator(space(6, "cudd"))
    solved.place(0, 1)
    assert answer(solved, Hint()) == Unanswered("no square is open")


@pytest.mark.parametrize("engine", engines(8), ids=["bdd", "sat"])
def test_a_strict_engine_never_has_a_decision_to_take_back(engine: Engine) -> None:
    engine.place(0, 0)
    engine.mark(1, 2)
    assert crossed(answer(engine, Check())) == TakeBack([])
