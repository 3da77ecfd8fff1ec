"""The SAT engine along games people play, against an independent solver.

People fill a board row by row from the left, or tile it in a staircase, from any side: the
games here are ``left`` and ``stair`` seen through each of the board's symmetries, with the
marks people add on squares that change nothing. After every click the engine's settled board
is checked: every open or forced square against a legal solution that agrees with the
decisions, closed squares (all look-ahead ones, a sample of the attacked) against a fresh
Glucose solver on the plain pairwise CNF that must find no solution with a queen there.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from app.bench.play_bench import attacked_marks, left_move, stair_move
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.cnf.encoding import clauses, variable
from bdd_model.sat.engine import SatEngine
from tests.test_sat_engine import assert_witnessed

CHECK_CONFLICTS = 200_000
"""Conflicts one refutation may take (a closed square past it is left unchecked)."""
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


def check_against_a_fresh_solver(sat: SatEngine, rng_index: int) -> None:
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
                    checker.conf_budget(CHECK_CONFLICTS)
                    assert checker.solve_limited([*assumptions, variable(n, r, c)]) is not True, (r, c)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(16, 22),
    pattern=st.sampled_from(["left", "stair"]),
    symmetry=st.sampled_from(sorted(SYMMETRIES)),
    marks=st.booleans(),
)
def test_human_games_agree_with_an_independent_solver(
    n: int, pattern: str, symmetry: str, marks: bool
) -> None:
    play_and_check(n, pattern, symmetry, marks)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("n", "pattern", "most"), [(32, "left", None), (32, "stair", None), (40, "left", 10), (40, "stair", None)]
)
def test_human_games_on_larger_boards(n: int, pattern: str, most: int | None) -> None:
    """The left game on 40×40 is checked for its first 10 queens: after the 11th, whether square
    (12, 6) is in any solution is decided neither by the engine nor by CP-SAT in 10 minutes."""
    play_and_check(n, pattern, "identity", marks=True, most=most)


def play_and_check(n: int, pattern: str, symmetry_name: str, marks: bool, most: int | None = None) -> None:
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
        check_against_a_fresh_solver(sat, clicks)
        if marks and not sat.is_solved:
            for mark in attacked_marks(seen_through(symmetry, sat.states()), Cell(*symmetry(n, *cell))):
                sat.mark(*symmetry(n, *mark))
            check_against_a_fresh_solver(sat, clicks)
    assert clicks <= n
