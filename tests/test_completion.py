"""The complete search, compiled and in plain Python, against brute force and each other.

Every answer is checked against the oracle's solutions: a solution found is a real one, a
search that ends without one proves there is none, a count is exact (A000170 on empty boards).
Both implementations walk the same tree, node for node, however the run is cut into slices,
and squares banned mid-way (closed ones) change nothing but the work.
"""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.families import family
from bdd_model.sat.kernels import completion_python
from bdd_model.sat.kernels.completion import EXHAUSTED, FOUND, RUNNING, Search, SearchKernels
from bdd_model.sat.kernels.family_kernels import FamilyKernels
from bdd_model.sat.kernels.sat_kernels import SatKernels
from bdd_model.sat.proofs import Prover, Restarts, luby, pivot
from tests import oracle
from tests.properties import examples
from tests.test_witness_kernels import FAMILIES, SIZES, random_board, solutions_of

PROPERTY = examples()
STOP = np.zeros(1, dtype=np.int64)
ALL = 1 << 40


@pytest.fixture(scope="module")
def compiled() -> ModuleType:
    return SatKernels("numba").completion


def bound(module: ModuleType, n: int, rules: str = "queens") -> FamilyKernels:
    return FamilyKernels(module, family(rules), n)


def implementations(compiled: ModuleType, n: int, rules: str = "queens") -> list[FamilyKernels]:
    return [bound(compiled, n, rules), bound(completion_python, n, rules)]


def noting(kernels: FamilyKernels, calls: list[int]) -> SearchKernels:
    """The kernels, each slice they run noted in ``calls``."""
    spy = ModuleType("noting")
    spy.begin = kernels.begin
    spy.advance = lambda *args: calls.append(1) or kernels.advance(*args)
    return spy  # type: ignore[return-value]


def nothing(n: int) -> np.ndarray:
    return np.zeros((n, n), dtype=bool)


@pytest.mark.parametrize("rules", FAMILIES)
@pytest.mark.parametrize("n", range(1, 10))
def test_the_count_of_every_empty_board(compiled: ModuleType, n: int, rules: str) -> None:
    """Every family's count on every empty board up to 9×9 is its OEIS sequence's, and the
    squares the search saw are exactly those of some solution."""
    for kernels in implementations(compiled, n, rules):
        search = Search(kernels, np.ones((n, n), dtype=bool), np.full(n, -1))
        assert search.advance(nothing(n), ALL, STOP, count=True) == EXHAUSTED
        assert search.solutions == oracle.SEQUENCES[rules][n - 1]
        in_some = {(r, c) for solution in oracle.all_solutions(n, rules) for r, c in enumerate(solution)}
        assert {tuple(cell) for cell in np.argwhere(search.seen)} == in_some


@PROPERTY
@given(data=st.data(), rules=st.sampled_from(FAMILIES), seed=st.integers(0, 10_000))
def test_solutions_one_by_one_are_exactly_the_oracles(
    compiled: ModuleType, data: st.DataObject, rules: str, seed: int
) -> None:
    n = data.draw(st.sampled_from(SIZES[rules]))
    fixed, usable, _ = random_board(n, seed, rules)
    expected = sorted(solutions_of(n, fixed, usable, rules))
    trees = []
    for kernels in implementations(compiled, n, rules):
        search = Search(kernels, usable, fixed)
        found = []
        while search.advance(nothing(n), ALL, STOP) == FOUND:
            found.append(tuple(int(c) for c in search.solution))
        assert sorted(found) == expected
        trees.append((found, search.nodes))
    assert trees[0] == trees[1]


@PROPERTY
@given(
    n=st.sampled_from([4, 5, 6, 7, 8]),
    seed=st.integers(0, 10_000),
    slices=st.lists(st.integers(1, 30), min_size=1, max_size=40),
)
def test_slices_and_bans_change_no_answer(compiled: ModuleType, n: int, seed: int, slices: list[int]) -> None:
    fixed, usable, _ = random_board(n, seed)
    expected = solutions_of(n, fixed, usable)
    in_some = in_some_solution(n, expected)
    closed = [tuple(cell) for cell in np.argwhere(usable & ~in_some)]
    rng = np.random.default_rng(seed)
    whole = Search(bound(compiled, n), usable, fixed)
    whole.advance(nothing(n), ALL, STOP, count=True)
    for kernels in implementations(compiled, n):
        search = Search(kernels, usable, fixed)
        banned = nothing(n)
        turn = 0
        while search.advance(banned, slices[turn % len(slices)], STOP, count=True) == RUNNING:
            turn += 1
            if closed and rng.random() < 0.5:
                banned[closed.pop(int(rng.integers(len(closed))))] = True
        assert search.solutions == len(expected)
        assert (search.seen == in_some).all()
        if not banned.any():
            assert search.nodes == whole.nodes, "slices alone walk the same tree"
        # a ban reorders the rows still to choose (fewest squares first), so the work may differ


@PROPERTY
@given(
    n=st.sampled_from([4, 5, 6, 7, 8]),
    seed=st.integers(0, 10_000),
    slices=st.lists(st.integers(1, 30), min_size=1, max_size=40),
)
def test_kernels_taken_in_turn_walk_one_tree(
    compiled: ModuleType, n: int, seed: int, slices: list[int]
) -> None:
    """A search begun in plain Python goes on compiled (the kernels ready mid-way) and back:
    the same count, squares and nodes as one compiled run."""
    fixed, usable, _ = random_board(n, seed)
    plain, fast = implementations(compiled, n)[::-1]
    whole = Search(fast, usable, fixed)
    whole.advance(nothing(n), ALL, STOP, count=True)
    calls: list[int] = []
    search = Search(plain, usable, fixed)
    turn = 0
    while search.advance(nothing(n), slices[turn % len(slices)], STOP, count=True) == RUNNING:
        turn += 1
        search.use(noting(fast, calls) if turn % 2 else plain)
    assert (search.solutions, search.nodes) == (whole.solutions, whole.nodes)
    assert len(calls) == (turn + 1) // 2
    assert (search.seen == whole.seen).all()


@PROPERTY
@given(n=st.sampled_from([4, 5, 6, 7, 8]), seed=st.integers(0, 10_000), draws=st.sampled_from([0, 1, 99]))
def test_a_target_is_open_exactly_when_a_solution_has_it(
    compiled: ModuleType, n: int, seed: int, draws: int
) -> None:
    fixed, usable, _ = random_board(n, seed)
    expected = solutions_of(n, fixed, usable)
    for kernels in implementations(compiled, n):
        for r in range(n):
            for c in range(n):
                search = Search(kernels, usable, fixed, (r, c), seed=draws)
                state = search.advance(nothing(n), ALL, STOP) if search.state == RUNNING else search.state
                assert (state == FOUND) == any(s[r] == c for s in expected)
                if state == FOUND:
                    assert tuple(search.solution) in expected and search.solution[r] == c


def test_a_set_stop_flag_ends_a_search_at_once(compiled: ModuleType) -> None:
    n = 40
    for kernels in implementations(compiled, n):
        search = Search(kernels, np.ones((n, n), dtype=bool), np.full(n, -1))
        assert search.advance(nothing(n), ALL, np.ones(1, dtype=np.int64), count=True) == RUNNING
        assert search.nodes == 0


def test_the_staircase_that_stalls_a_sat_solver_completes_at_once(compiled: ModuleType) -> None:
    n = 100
    fixed = np.full(n, -1)
    fixed[:45] = 2 * np.arange(45) + 1
    search = Search(bound(compiled, n), np.ones((n, n), dtype=bool), fixed)
    assert search.advance(nothing(n), 1000, STOP) == FOUND
    assert (search.solution[:45] == fixed[:45]).all()
    assert len(set(search.solution)) == n


def in_some_solution(n: int, solutions: list[tuple[int, ...]]) -> np.ndarray:
    squares = nothing(n)
    for solution in solutions:
        squares[np.arange(n), solution] = True
    return squares


@PROPERTY
@given(
    n=st.sampled_from([1, 4, 5, 6, 7, 8]),
    seed=st.integers(0, 10_000),
    budgets=st.lists(st.sampled_from([1, 5, 60, 700, ALL]), min_size=1, max_size=12),
)
def test_the_census_in_parts_counts_exactly_the_oracles_solutions(
    compiled: ModuleType, n: int, seed: int, budgets: list[int]
) -> None:
    """Counted in slices on both threads, with squares proven closed banned between them, the
    parts together count every solution and see exactly the squares of some solution."""
    fixed, usable, _ = random_board(n, seed)
    expected = solutions_of(n, fixed, usable)
    in_some = in_some_solution(n, expected)
    empty = [tuple(cell) for cell in np.argwhere(usable & ~in_some)]
    rng = np.random.default_rng(seed)
    closed = ~usable
    prover = Prover(bound(compiled, n))
    turn = 0
    while (counted := prover.count(closed, fixed, budgets[turn % len(budgets)], STOP)).state != EXHAUSTED:
        assert counted.seen is not None and not (counted.seen & ~in_some).any()
        assert counted.solutions <= len(expected)
        turn += 1
        if empty and rng.random() < 0.5:
            closed = closed.copy()
            closed[empty.pop(int(rng.integers(len(empty))))] = True
    assert counted.solutions == len(expected)
    assert counted.seen is not None and (counted.seen == in_some).all()
    assert prover.count(closed, fixed, 1, STOP) is counted, "an ended census is not counted again"


@PROPERTY
@given(n=st.sampled_from([4, 5, 6, 7, 8]), seed=st.integers(0, 10_000))
def test_the_provers_rounds_decide_exactly_the_oracles_squares(
    compiled: ModuleType, n: int, seed: int
) -> None:
    """Rounds of square jobs and census parts, their answers taken as the engine takes them (on
    the plain Python kernels, then from the third round compiled): every square open exactly
    when some solution has it, and the census's count exact."""
    fixed, usable, _ = random_board(n, seed)
    expected = solutions_of(n, fixed, usable)
    in_some = in_some_solution(n, expected)
    possible, closed = nothing(n), ~usable
    prover = Prover(bound(completion_python, n))
    guides = np.empty((0, n), dtype=np.int64)
    count = None
    rounds = 0
    calls: list[int] = []
    while (unknown := ~(possible | closed)).any():
        rounds += 1
        if rounds == 3:
            prover.use(noting(bound(compiled, n), calls))  # compiled, ready while the squares are proven
        for ended in prover.round(unknown, closed, fixed, guides, STOP):
            if ended.cell is None:
                assert ended.seen is not None
                possible |= ended.seen
                if ended.state == EXHAUSTED:
                    closed = closed | ~ended.seen
                    count = ended.solutions
            elif ended.state == FOUND:
                assert ended.solution is not None and tuple(ended.solution) in expected
                possible[np.arange(n), ended.solution] = True
            else:
                closed = closed | (np.arange(n * n).reshape(n, n) == ended.cell[0] * n + ended.cell[1])
    prover.halt()
    assert rounds < 3 or calls, "the compiled kernels run once given"
    assert (possible == in_some).all() and (closed == ~in_some).all()
    counted = prover.count(closed, fixed, ALL, STOP)
    assert counted.state == EXHAUSTED and counted.solutions == len(expected)
    assert count in (None, len(expected))


def test_a_lone_square_has_both_threads(compiled: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """When one square is left undecided, the thread its job does not hold runs a second witness
    search on it, with its own random choices, rather than idling; the square comes out right."""
    streams: list[int] = []
    run = Restarts.run

    def noted(self: Restarts, *args: object) -> object:
        streams.append(self.stream)
        return run(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Restarts, "run", noted)
    n = 8
    fixed = np.full(n, -1)
    closed = nothing(n)
    unknown = nothing(n)
    unknown[0, 0] = True
    prover = Prover(bound(compiled, n))
    proved = []
    while not proved:
        proved = prover.round(unknown, closed, fixed, np.empty((0, n), dtype=np.int64), STOP)
    prover.halt()
    assert [(ended.cell, ended.state) for ended in proved] == [((0, 0), FOUND)]
    assert 1 in streams, "the second witness search ran beside the square's own"


@pytest.mark.parametrize(
    ("fixed", "usable_rows", "line"),
    [
        ([-1, -1, -1], [[1, 1, 1], [1, 0, 1], [1, 1, 0]], [(1, 0), (1, 2)]),
        ([0, -1, -1], [[1, 0, 0], [0, 1, 1], [0, 1, 1]], [(1, 1), (1, 2)]),
        ([-1] * 4, [[1, 1, 0, 0], [1, 1, 0, 0], [0, 1, 1, 1], [1, 0, 1, 0]], [(2, 3)]),
        ([0, 1, 2], [[1, 0, 0], [0, 1, 0], [0, 0, 1]], None),
    ],
)
def test_the_pivot_is_the_free_line_with_the_fewest_squares(
    fixed: list[int], usable_rows: list[list[int]], line: list[tuple[int, int]] | None
) -> None:
    """Rows before columns on a tie; the lines of placed queens are not free; no free row: none."""
    assert pivot(np.array(usable_rows, dtype=bool), np.array(fixed)) == line


def test_the_luby_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
