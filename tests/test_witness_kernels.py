"""The SAT engine's local search, compiled and numpy, against brute force and each other, under
every rule family: every square a kernel proves open lies on a real solution of the decisions,
every square it proves closed on none (the complete search has its own tests)."""

from __future__ import annotations

import itertools
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.families import family
from bdd_model.sat.kernels import witness_numpy
from bdd_model.sat.kernels.completion import Search
from bdd_model.sat.kernels.family_kernels import FamilyKernels
from bdd_model.sat.kernels.sat_kernels import SatKernels
from tests import oracle
from tests.properties import examples

PROPERTY = examples()
STOP = np.zeros(1, dtype=np.int64)


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    return SatKernels("numba").witness


FAMILIES = ("queens", "toroidal", "superqueens", "no-touch")
SIZES = {"queens": [5, 6, 7, 8], "toroidal": [5, 7], "superqueens": [7, 10, 11], "no-touch": [4, 5, 6, 7]}
"""Sizes with solutions, and superqueens 7×7, where the kernels must prove there is none."""


def implementations(compiled: ModuleType, rules: str = "queens", n: int = 8) -> list[FamilyKernels]:
    return [FamilyKernels(kernel, family(rules), n) for kernel in (compiled, witness_numpy)]


def random_board(n: int, seed: int, rules: str = "queens") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Some fixed queens of a real solution, random closed squares elsewhere; a solution that
    keeps them (the board is satisfiable; without solutions, an empty board)."""
    rng = np.random.default_rng(seed)
    if not oracle.all_solutions(n, rules):
        return np.full(n, -1, dtype=np.int64), rng.random((n, n)) < 0.8, np.empty(0, dtype=np.int64)
    solution = np.array(rng.choice(oracle.all_solutions(n, rules)), dtype=np.int64)
    fixed = np.where(rng.random(n) < 0.3, solution, -1).astype(np.int64)
    usable = rng.random((n, n)) < 0.8
    usable[np.arange(n), solution] = True
    for r in np.flatnonzero(fixed >= 0):
        usable[r] = False
        usable[r, fixed[r]] = True
    return fixed, usable, solution


def solutions_of(
    n: int, fixed: np.ndarray, usable: np.ndarray, rules: str = "queens"
) -> list[tuple[int, ...]]:
    return [
        s
        for s in oracle.all_solutions(n, rules)
        if all(usable[r, c] for r, c in enumerate(s)) and all(f < 0 or s[r] == f for r, f in enumerate(fixed))
    ]


def brute_swaps(cols: np.ndarray, fixed: np.ndarray, usable: np.ndarray, rules: str = "queens") -> np.ndarray:
    """Squares of ``cols`` and of every legal swap of two free rows, by construction."""
    n = len(cols)
    reached = np.zeros((n, n), dtype=bool)
    reached[np.arange(n), cols] = True
    for i, j in itertools.combinations(range(n), 2):
        if fixed[i] >= 0 or fixed[j] >= 0:
            continue
        swapped = cols.copy()
        swapped[i], swapped[j] = cols[j], cols[i]
        queens = list(enumerate(swapped.tolist()))
        legal = not any(oracle.attacks(a, b, n, rules) for a, b in itertools.combinations(queens, 2))
        if legal and usable[i, swapped[i]] and usable[j, swapped[j]]:
            reached[i, swapped[i]] = reached[j, swapped[j]] = True
    return reached


@PROPERTY
@given(rules=st.sampled_from(FAMILIES), data=st.data(), seed=st.integers(0, 10_000))
def test_swaps_reach_exactly_the_legal_swaps(compiled: ModuleType, rules: str, data, seed: int) -> None:
    n = data.draw(st.sampled_from(SIZES[rules]))
    fixed, usable, solution = random_board(n, seed, rules)
    if not len(solution):
        return
    expected = brute_swaps(solution, fixed, usable, rules)
    for kernel in implementations(compiled, rules, n):
        possible = np.zeros((n, n), dtype=bool)
        assert kernel.mark_swaps(solution, fixed, usable, possible) == expected.sum()
        assert (possible == expected).all()


def test_swaps_on_a_large_board_agree(compiled: ModuleType) -> None:
    rng = np.random.default_rng(5)
    n = 40
    found = np.empty((1, n), dtype=np.int64)
    FamilyKernels(compiled, family("queens"), n).cover(
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
    for kernel in implementations(compiled, "queens", n):
        possible = np.zeros((n, n), dtype=bool)
        kernel.mark_swaps(cols, fixed, usable, possible)
        assert (possible == expected).all()


@PROPERTY
@given(
    rules=st.sampled_from(FAMILIES),
    data=st.data(),
    seed=st.integers(0, 10_000),
    steps=st.sampled_from([0, 1, 30]),
)
def test_cover_proves_only_the_truth(compiled: ModuleType, rules: str, data, seed: int, steps: int) -> None:
    n = data.draw(st.sampled_from([4, *SIZES[rules]]))
    fixed, usable, solution = random_board(n, seed, rules)
    remaining = solutions_of(n, fixed, usable, rules)
    truly_open = np.zeros((n, n), dtype=bool)
    for s in remaining:
        truly_open[np.arange(n), s] = True
    starts = solution[None, :].copy() if len(solution) else np.empty((0, n), dtype=np.int64)
    for kernel in implementations(compiled, rules, n):
        possible = np.zeros((n, n), dtype=bool)
        possible[np.flatnonzero(fixed >= 0), fixed[fixed >= 0]] = True
        still_usable = usable.copy()
        tried = np.zeros((n, n), dtype=bool)
        found = np.empty((8, n), dtype=np.int64)
        repairs = np.zeros(2, dtype=np.int64)
        held = kernel.cover(
            starts,
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
    for kernel in implementations(compiled, "queens", n):
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
