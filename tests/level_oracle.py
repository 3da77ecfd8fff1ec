"""An independent oracle for region levels: every placement tried row by row (K columns a row),
checked square by square against the rules, no bitmasks and no choice of what to branch on."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

from hypothesis import strategies as st

from bdd_model.board import Cell, CellState
from bdd_model.decisions import Decision
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level


def solutions(
    level: Level, queens: set[tuple[int, int]] = frozenset(), empties: set[tuple[int, int]] = frozenset()
) -> list[frozenset[tuple[int, int]]]:
    """Every solution (a set of squares) that holds the queens and none of the empties."""
    n, k = level.n, level.stars
    found: list[frozenset[tuple[int, int]]] = []

    def fits(chosen: list[tuple[int, int]]) -> bool:
        for (r1, c1), (r2, c2) in combinations(chosen, 2):
            if abs(r1 - r2) <= 1 and abs(c1 - c2) <= 1:
                return False
        for index in range(n):
            if sum(c == index for _, c in chosen) > k:
                return False
            if sum(level.region_of[r][c] == index for r, c in chosen) > k:
                return False
        return True

    def walk(row: int, chosen: list[tuple[int, int]]) -> None:
        if row == n:
            if all(sum(c == i for _, c in chosen) == k for i in range(n)) and all(
                sum(level.region_of[r][c] == i for r, c in chosen) == k for i in range(n)
            ):
                found.append(frozenset(chosen))
            return
        for columns in combinations(range(n), k):
            squares = [(row, c) for c in columns]
            if any(square in empties for square in squares):
                continue
            if any(q[0] == row and q not in squares for q in queens):
                continue
            if fits(chosen[-2 * k :] + squares) and fits(chosen + squares):
                walk(row + 1, chosen + squares)

    walk(0, [])
    return found


def differ(level: Level) -> list[Cell] | None:
    """The squares, row by row, that hold a piece in some solutions but not all; None with fewer
    than two solutions."""
    found = solutions(level)
    if len(found) < 2:
        return None
    some, every = frozenset().union(*found), frozenset.intersection(*found)
    return [Cell(r, c) for r, c in sorted(some - every)]


def planted_level(n: int, stars: int, rng: random.Random) -> Level:
    """A level with at least one solution: pieces placed at random without touching, K a
    column, then regions grown from K pieces each, a square at a time at random."""
    while True:
        pieces = _random_pieces(n, stars, rng)
        if pieces is not None:
            break
    rng.shuffle(pieces)
    region = {square: i // stars for i, square in enumerate(pieces)}
    edge = list(region)
    while len(region) < n * n:
        r, c = rng.choice(edge)
        near = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        free = [(rr, cc) for rr, cc in near if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in region]
        if not free:
            edge.remove((r, c))
            continue
        square = rng.choice(free)
        region[square] = region[(r, c)]
        edge.append(square)
    symbols = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return Level(tuple("".join(symbols[region[(r, c)]] for c in range(n)) for r in range(n)), stars)


def _random_pieces(n: int, stars: int, rng: random.Random) -> list[tuple[int, int]] | None:
    chosen: list[tuple[int, int]] = []
    for row in range(n):
        options = [
            columns
            for columns in combinations(range(n), stars)
            if all(sum(c == x for _, c in chosen) < stars for x in columns)
            and all(abs(a - b) > 1 for a, b in combinations(columns, 2))
            and all(abs(r - row) > 1 or abs(c - x) > 1 for r, c in chosen for x in columns)
        ]
        if not options:
            return None
        chosen += [(row, c) for c in rng.choice(options)]
    return chosen


def states(level: Level, queens: set[tuple[int, int]], marks: set[tuple[int, int]]) -> list[list[CellState]]:
    """Every square's state from the solutions the decisions leave: closed squares attacked when
    they touch a piece (placed, or in every solution left) or lie in a row, column or region that
    holds its K of them."""
    n, k = level.n, level.stars
    left = solutions(level, queens, marks)
    pieces = queens | (set.intersection(*map(set, left)) if left else set())
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            if (r, c) in queens:
                row.append(CellState.QUEEN)
            elif (r, c) in marks:
                row.append(CellState.MARKED)
            elif left and all((r, c) in s for s in left):
                row.append(CellState.FORCED)
            elif any((r, c) in s for s in left):
                row.append(CellState.OPEN)
            else:
                full = (
                    sum(q[0] == r for q in pieces) >= k
                    or sum(q[1] == c for q in pieces) >= k
                    or sum(level.region_of[q[0]][q[1]] == level.region_of[r][c] for q in pieces) >= k
                )
                touching = any(abs(q[0] - r) <= 1 and abs(q[1] - c) <= 1 for q in pieces)
                row.append(CellState.ATTACKED if full or touching else CellState.LOOKAHEAD)
        grid.append(row)
    return grid


SIZES = [(5, 1), (6, 1), (7, 1), (8, 2)]
"""(n, stars) of the random levels the property tests draw."""


def random_play(
    size: tuple[int, int],
    seed: int,
    draw: Callable[[st.SearchStrategy[set[tuple[int, int]]]], set[tuple[int, int]]],
) -> tuple[Level, set[tuple[int, int]], set[tuple[int, int]]]:
    """A planted level of that size and a few random pieces and marks on it (``draw``: a
    hypothesis ``data.draw``)."""
    n, stars = size
    level = planted_level(n, stars, random.Random(seed))
    square = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    queens = draw(st.sets(square, max_size=2))
    return level, queens, draw(st.sets(square, max_size=4)) - queens


def played(level: Level, decisions: Sequence[Decision]) -> LevelEngine:
    """The level engine under test with the decisions taken, as a player keeps them (mistakes
    too): what a hint is asked of."""
    board = LevelEngine(LevelPuzzle.of(level), strict=False)
    board.restore(decisions)
    return board
