"""The levels' exact search against the oracle's every placement, on random levels with one and two
stars and random decisions."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell
from bdd_model.levels import level_kernels
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.properties import examples

PROPERTY = examples()


def _random_level(n: int, stars: int, rng: random.Random, planted: bool) -> Level:
    if planted:
        return level_oracle.planted_level(n, stars, rng)
    cells = [rng.randrange(n) for _ in range(n * n)]
    for region, at in enumerate(rng.sample(range(n * n), n)):
        cells[at] = region
    return Level(tuple("".join("ABCDEFGHIJ"[cells[r * n + c]] for c in range(n)) for r in range(n)), stars)


@PROPERTY
@given(st.integers(1, 7), st.booleans(), st.integers(0, 10**9), st.data())
def test_one_star_counts_solutions_and_squares_equal_the_oracles(
    n: int, planted: bool, seed: int, data: st.DataObject
) -> None:
    level = _random_level(n, 1, random.Random(seed), planted and n >= 4)
    _compare(level, data)


@PROPERTY
@given(st.integers(6, 8), st.integers(0, 10**9), st.data())
def test_two_star_counts_solutions_and_squares_equal_the_oracles(
    n: int, seed: int, data: st.DataObject
) -> None:
    level = _random_level(n, 2, random.Random(seed), n >= 8)
    _compare(level, data)


def _compare(level: Level, data: st.DataObject) -> None:
    n = level.n
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    queens = data.draw(st.sets(square, max_size=2))
    empties = data.draw(st.sets(square, max_size=3)) - queens
    expected = level_oracle.solutions(level, queens, empties)
    cells = dict(queens=[Cell(*q) for q in queens], empties=[Cell(*e) for e in empties])
    for choice in ("numba", "numpy"):
        search = LevelSearch(level, LevelKernels(choice))
        counted = search.counted(**cells)
        assert counted.solutions == len(expected)
        first = None if counted.first is None else frozenset((c.row, c.col) for c in counted.first)
        assert first in expected if expected else first is None
        for limit in (1, 2, 3, data.draw(st.integers(4, 60))):
            assert search.counted(**cells, limit=limit).solutions == min(limit, len(expected))
        proven = search.proven(**cells)
        for r in range(n):
            for c in range(n):
                holding = sum((r, c) in s for s in expected)
                if proven[r, c] < 0:
                    assert (r, c) in queens or not holding
                elif not holding:
                    assert proven[r, c] == 0
                else:
                    assert proven[r, c] == (2 if holding == len(expected) else 1)
    found = [frozenset((c.row, c.col) for c in search.cells(s)) for s in search.solutions(**cells)]
    assert sorted(found, key=sorted) == sorted(expected, key=sorted)


def test_the_levels_counts_of_rows_as_regions_are_hertzsprungs_numbers() -> None:
    """Regions that are the rows leave one piece per row and column, none touching: A002464."""
    for n, expected in zip(range(1, 9), (1, 0, 0, 2, 14, 90, 646, 5242), strict=True):
        level = Level(tuple("ABCDEFGH"[r] * n for r in range(n)))
        assert LevelSearch(level).count() == expected


def test_every_square_of_a_level_with_more_solutions_than_one_walk_takes_is_the_oracles() -> None:
    """Rows as regions at 8×8: 5242 solutions (Hertzsprung), past the walk of every solution."""
    level = Level(tuple(symbol * 8 for symbol in "ABCDEFGH"))
    every = level_oracle.solutions(level)
    assert len(every) == 5242 > level_kernels.WALKED
    queens, empties = {(3, 2)}, {(0, 0), (7, 7), (5, 5)}
    kept = [s for s in every if queens <= s and not empties & s]
    assert len(kept) > level_kernels.WALKED
    search = LevelSearch(level, LevelKernels("numba"))
    proven = search.proven([Cell(*q) for q in queens], [Cell(*e) for e in empties])
    for r in range(8):
        for c in range(8):
            holding = sum((r, c) in s for s in kept)
            if (r, c) in queens | empties or not holding:
                assert proven[r, c] in (-1, 0)
            else:
                assert proven[r, c] == (2 if holding == len(kept) else 1)
