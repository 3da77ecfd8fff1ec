"""The SAT engine along games people play, against an independent solver.

People fill a board row by row from the left, or tile it in a staircase, from any side: the
games here are ``left`` and ``stair`` seen through each of the board's symmetries, with the
marks people add on squares that change nothing. After every click the engine's settled board
is checked: every open or forced square against a legal solution that agrees with the
decisions, closed squares (all look-ahead ones, a sample of the attacked) against a fresh
Glucose solver on the plain pairwise CNF that must find no solution with a queen there, and on
tight boards every square against every solution, found by plain backtracking.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit
from pysat.solvers import Solver

from app.bench.play_bench import attacked_marks, left_move, stair_move
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.cnf.encoding import clauses, variable
from bdd_model.sat.engine import SatEngine
from tests import oracle
from tests.properties import examples
from tests.test_sat_engine import assert_witnessed

CHECK_CONFLICTS = 200_000
"""Conflicts one refutation may take (a closed square past it is left unchecked)."""
LARGE_CHECK_CONFLICTS = 20_000
"""The same on boards of 32 and more: after the 10th left queen on 32×32, Glucose refutes none
of the 21 squares closed only by look-ahead within 200,000 conflicts (7–20 s each, the game
more than 40 minutes), none within 20,000 either (0.5 s each); ``every_solution`` checks them."""
CENSUS_NODES = 4_000_000_000
"""Nodes that check may take (a board past it keeps the solver's checks alone)."""
ATTACKED_CHECKED = 6
"""Attacked squares checked per click (they are closed by a queen in line: the solver only
confirms it)."""

Symmetry = Callable[[int, int, int], tuple[int, int]]
SYMMETRIES: dict[str, Symmetry] = {
    "identity": lambda n, r, c: (r, c),
    "mirror": lambda n, r, c: (r, n - 1 - c),
    "upside-down": lambda n, r, c: (n - 1 - r, c),
    "transposed": lambda n, r, c: (c, r),
}


def seen_through(symmetry: Symmetry, states: list[list[CellState]]) -> list[list[CellState]]:
    """The board as the symmetry shows it (all four are their own inverse)."""
    n = len(states)
    shown = [[CellState.OPEN] * n for _ in range(n)]
    for r in range(n):
        for c in range(n):
            sr, sc = symmetry(n, r, c)
            shown[sr][sc] = states[r][c]
    return shown


def literal(n: int, decision: Decision) -> int:
    var = variable(n, *decision.cell)
    return var if decision.kind is DecisionKind.QUEEN else -var


@njit
def every_solution(rows: np.ndarray, budget: int) -> tuple[bool, np.ndarray]:  # pragma: no cover
    """Every square of every solution, by plain row-by-row backtracking on bitboards (the oldest
    N-Queens program, sharing nothing with the engine): ``rows[r]`` the squares row r may use
    as bits (one bit for a queen placed, none for a marked square); False past ``budget``
    nodes."""
    n = rows.shape[0]
    one = np.uint64(1)
    full = (one << np.uint64(n)) - one
    cols = np.zeros(n + 1, np.uint64)
    down = np.zeros(n + 1, np.uint64)
    up = np.zeros(n + 1, np.uint64)
    left = np.zeros(n + 1, np.uint64)
    path = np.zeros(n, np.uint64)
    seen = np.zeros(n, np.uint64)
    nodes = 0
    r = 0
    left[0] = rows[0]
    while r >= 0:
        if left[r] == 0:
            r -= 1
            continue
        bit = left[r] & (~left[r] + one)
        left[r] ^= bit
        path[r] = bit
        nodes += 1
        if nodes > budget:
            return False, seen
        if r == n - 1:
            for i in range(n):
                seen[i] |= path[i]
            continue
        cols[r + 1] = cols[r] | bit
        down[r + 1] = ((down[r] | bit) << one) & full
        up[r + 1] = (up[r] | bit) >> one
        r += 1
        left[r] = rows[r] & ~(cols[r] | down[r] | up[r])
    return True, seen


def check_against_every_solution(sat: SatEngine) -> None:
    """Where the engine counted the solutions (a tight board), each square's state against the
    squares of every solution (the 10th left queen on 32×32: 1.8 G nodes, about 11 s)."""
    n = sat.n
    if n >= 64 or sat.count is None:
        return
    queens = {d.cell.row: d.cell.col for d in sat.decisions if d.kind is DecisionKind.QUEEN}
    rows = np.array([1 << queens[r] if r in queens else (1 << n) - 1 for r in range(n)], dtype=np.uint64)
    for d in sat.decisions:
        if d.kind is DecisionKind.MARK:
            rows[d.cell.row] &= ~np.uint64(1 << d.cell.col)
    complete, seen = every_solution(rows, CENSUS_NODES)
    if not complete:
        return
    states = sat.states()
    for r in range(n):
        for c in range(n):
            state = states[r][c]
            assert (state is CellState.OPEN or state.has_queen) == bool(int(seen[r]) >> c & 1), (r, c, state)


def check_against_a_fresh_solver(sat: SatEngine, rng_index: int, conflicts: int) -> None:
    n = sat.n
    assumptions = [literal(n, d) for d in sat.decisions]
    states = sat.states()
    attacked = [Cell(r, c) for r in range(n) for c in range(n) if states[r][c] is CellState.ATTACKED]
    sampled = (
        {attacked[(rng_index * 7919 + k * 104729) % len(attacked)] for k in range(ATTACKED_CHECKED)}
        if attacked
        else set()
    )
    with Solver(name="glucose4", bootstrap_with=clauses(n)) as checker:
        for r in range(n):
            for c in range(n):
                state = states[r][c]
                if state in (CellState.OPEN, CellState.FORCED):
                    assert_witnessed(sat, Cell(r, c))
                elif state is CellState.LOOKAHEAD or Cell(r, c) in sampled:
                    checker.conf_budget(conflicts)
                    assert checker.solve_limited([*assumptions, variable(n, r, c)]) is not True, (r, c)


def test_every_solution_is_the_squares_of_the_six_queens_solutions() -> None:
    solutions = oracle.all_solutions(6)
    complete, seen = every_solution(np.full(6, (1 << 6) - 1, dtype=np.uint64), 10_000)
    assert complete
    assert [int(row) for row in seen] == [sum({1 << s[r] for s in solutions}) for r in range(6)]
    assert not every_solution(np.full(6, (1 << 6) - 1, dtype=np.uint64), 10)[0]


@examples(1 / 12)
@given(
    n=st.integers(16, 22),
    pattern=st.sampled_from(["left", "stair"]),
    symmetry=st.sampled_from(sorted(SYMMETRIES)),
    marks=st.booleans(),
)
def test_human_games_agree_with_an_independent_solver(
    n: int, pattern: str, symmetry: str, marks: bool
) -> None:
    play_and_check(n, pattern, symmetry, marks, CHECK_CONFLICTS)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "pattern", "most"), [(32, "left", None), (32, "stair", None), (40, "left", 10), (40, "stair", None)]
)
def test_human_games_on_larger_boards(n: int, pattern: str, most: int | None) -> None:
    """The left game on 40×40 is checked for its first 10 queens: after the 11th, whether square
    (12, 6) is in any solution is decided neither by the engine nor by CP-SAT in 10 minutes."""
    play_and_check(n, pattern, "identity", True, LARGE_CHECK_CONFLICTS, most)


def play_and_check(
    n: int, pattern: str, symmetry_name: str, marks: bool, conflicts: int, most: int | None = None
) -> None:
    """Play the game to solved (or its first ``most`` queens), checking every click."""
    symmetry = SYMMETRIES[symmetry_name]
    move = {"left": left_move, "stair": stair_move}[pattern]
    sat = SatEngine(n)
    clicks = 0
    while not sat.is_solved and clicks != most:
        shown = move(seen_through(symmetry, sat.states()))
        assert shown is not None, "a game always has an open square until it is solved"
        cell = Cell(*symmetry(n, *shown))
        sat.place(*cell)
        clicks += 1
        check_against_a_fresh_solver(sat, clicks, conflicts)
        check_against_every_solution(sat)
        if marks and not sat.is_solved:
            for mark in attacked_marks(seen_through(symmetry, sat.states()), Cell(*symmetry(n, *cell))):
                sat.mark(*symmetry(n, *mark))
            check_against_a_fresh_solver(sat, clicks, conflicts)
    assert clicks <= n
