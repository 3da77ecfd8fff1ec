"""The SAT engine's local search, compiled and numpy, against brute force and each other.

Every square a kernel proves open must lie on a real solution of the decisions, every square
it proves closed on none (the complete search has its own tests: ``test_completion``).
"""

from __future__ import annotations

import itertools
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bdd_model.sat.kernels import witness_numpy
from bdd_model.sat.kernels.completion import Search
from bdd_model.sat.kernels.jit import Kernels
from tests import oracle

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
STOP = np.zeros(1, dtype=np.int64)


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    return Kernels("numba").witness


def implementations(compiled: ModuleType) -> list[ModuleType]:
    return [compiled, witness_numpy]


def random_board(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Some fixed queens of a real solution, random closed squares elsewhere; a solution that
    keeps them (the board is satisfiable)."""
    rng = np.random.default_rng(seed)
    solution = np.array(rng.choice(oracle.all_solutions(n)), dtype=np.int64)
    fixed = np.where(rng.random(n) < 0.3, solution, -1).astype(np.int64)
    usable = rng.random((n, n)) < 0.8
    usable[np.arange(n), solution] = True
    for r in np.flatnonzero(fixed >= 0):
        usable[r] = False
        usable[r, fixed[r]] = True
    return fixed, usable, solution


def solutions_of(n: int, fixed: np.ndarray, usable: np.ndarray) -> list[tuple[int, ...]]:
    return [
        s
        for s in oracle.all_solutions(n)
        if all(usable[r, c] for r, c in enumerate(s)) and all(f < 0 or s[r] == f for r, f in enumerate(fixed))
    ]


def brute_swaps(cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray) -> np.ndarray:
    """Squares of ``cols`` and of every legal swap of two free rows, by construction."""
    n = len(cols)
    reached = np.zeros((n, n), dtype=bool)
    reached[np.arange(n), cols] = True
    for i, j in itertools.combinations(range(n), 2):
        if fixed[i] >= 0 or fixed[j] >= 0:
            continue
        swapped = cols.copy()
        swapped[i], swapped[j] = cols[j], cols[i]
        rows = np.arange(n)
        legal = len(set(rows - swapped)) == n and len(set(rows + swapped)) == n
        if legal and usable[i, swapped[i]] and usable[j, swapped[j]]:
            reached[i, swapped[i]] = reached[j, swapped[j]] = True
    return reached


@PROPERTY
@given(n=st.sampled_from([5, 6, 7, 8]), seed=st.integers(0, 10_000))
def test_swaps_reach_exactly_the_legal_swaps(compiled: ModuleType, n: int, seed: int) -> None:
    fixed, usable, solution = random_board(n, seed)
    expected = brute_swaps(solution, fixed, usable)
    for kernel in implementations(compiled):
        possible = np.zeros((n, n), dtype=bool)
        assert kernel.mark_swaps(solution, fixed, usable, possible) == expected.sum()
        assert (possible == expected).all()


def test_swaps_on_a_large_board_agree(compiled: ModuleType) -> None:
    rng = np.random.default_rng(5)
    n = 40
    found = np.empty((1, n), dtype=np.int64)
    compiled.cover(
        np.empty((0, n), dtype=np.int64),
        np.full(n, -1),
        np.ones((n, n), dtype=bool),
        np.zeros((n, n), dtype=bool),
        np.array([7]),
        3,
        30 * n,
        found,
        np.zeros((n, n), dtype=bool),
        STOP,
        *Search.arrays(n),
        np.zeros(2, dtype=np.int64),
    )
    cols = found[0]
    fixed = np.where(rng.random(n) < 0.2, cols, -1).astype(np.int64)
    usable = rng.random((n, n)) < 0.9
    usable[np.arange(n), cols] = True
    expected = brute_swaps(cols, fixed, usable)
    for kernel in implementations(compiled):
        possible = np.zeros((n, n), dtype=bool)
        kernel.mark_swaps(cols, fixed, usable, possible)
        assert (possible == expected).all()


@PROPERTY
@given(n=st.sampled_from([4, 5, 6, 7, 8]), seed=st.integers(0, 10_000), steps=st.sampled_from([0, 1, 30]))
def test_cover_proves_only_the_truth(compiled: ModuleType, n: int, seed: int, steps: int) -> None:
    fixed, usable, solution = random_board(n, seed)
    remaining = solutions_of(n, fixed, usable)
    truly_open = np.zeros((n, n), dtype=bool)
    for s in remaining:
        truly_open[np.arange(n), s] = True
    for kernel in implementations(compiled):
        possible = np.zeros((n, n), dtype=bool)
        possible[np.flatnonzero(fixed >= 0), fixed[fixed >= 0]] = True
        still_usable = usable.copy()
        tried = np.zeros((n, n), dtype=bool)
        found = np.empty((8, n), dtype=np.int64)
        repairs = np.zeros(2, dtype=np.int64)
        held = kernel.cover(
            solution[None, :].copy(),
            fixed,
            still_usable,
            possible,
            np.arange(n * n),
            seed,
            steps * n,
            found,
            tried,
            STOP,
            *Search.arrays(n),
            repairs,
        )
        assert (possible <= truly_open).all()
        assert (truly_open <= still_usable).all()
        for columns in found[:held]:
            assert tuple(columns) in remaining
        assert (possible | ~still_usable | tried).all()
        assert 0 <= repairs[1] <= repairs[0] <= (n * n if steps else 0)


def test_a_set_stop_flag_ends_the_kernels_at_once(compiled: ModuleType) -> None:
    n = 30
    stop = np.ones(1, dtype=np.int64)
    for kernel in implementations(compiled):
        possible = np.zeros((n, n), dtype=bool)
        found = np.empty((4, n), dtype=np.int64)
        held = kernel.cover(
            np.empty((0, n), dtype=np.int64),
            np.full(n, -1),
            np.ones((n, n), dtype=bool),
            possible,
            np.arange(n * n),
            1,
            30 * n,
            found,
            np.zeros((n, n), dtype=bool),
            stop,
            *Search.arrays(n),
            np.zeros(2, dtype=np.int64),
        )
        assert held == 0 and not possible.any()
