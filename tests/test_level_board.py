"""A level under random decisions, square by square, against the oracle's every placement."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bdd_model import Cell, DecisionError
from bdd_model.levels.level import Level
from bdd_model.levels.level_board import LevelBoard
from tests import level_oracle

PROPERTY = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
