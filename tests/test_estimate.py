"""Knuth's estimator: the compiled and numpy kernels agree bit for bit, the probes are unbiased
against the brute-force oracle, and the 95% interval holds the true count as often as it says:
A000170 on empty boards N = 16…27, the BDD's exact count under random decisions.

The statistical tests run the compiled kernels, or the numpy ones when NQUEENS_KERNELS=numpy
(they give the same weights, so the same figures); the agreement tests run both.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState, Configurator, DecisionKind
from bdd_model.families import family
from bdd_model.sat.estimate import (
    CONFIDENCE,
    DEFAULT_PROBES,
    Estimate,
    ceiling,
    decision_seed,
    estimate_count,
    summarize,
)
from bdd_model.sat.kernels import estimate_kernels, estimate_numpy
from bdd_model.sat.kernels.family_kernels import FamilyKernels
from tests import oracle
from tests.properties import examples
from tests.spaces import space

KERNELS = estimate_numpy if os.environ.get("NQUEENS_KERNELS") == "numpy" else estimate_kernels
A000170 = {
    16: 14772512,
    17: 95815104,
    18: 666090624,
    19: 4968057848,
    20: 39029188884,
    21: 314666222712,
    22: 2691008701644,
    23: 24233937684440,
    24: 227514171973736,
    25: 2207893435808352,
    26: 22317699616364044,
    27: 234907967154122528,
}
PROPERTY = examples()


def random_board(rng: np.random.Generator, n: int, conflicts: bool) -> tuple[np.ndarray, np.ndarray]:
    """Random closed squares (up to 25%) and random fixed queens (up to N/3 rows; they may
    attack each other when ``conflicts``)."""
    usable = rng.random((n, n)) >= rng.random() * 0.25
    fixed = np.full(n, -1, dtype=np.int64)
    for r in rng.choice(n, size=int(rng.integers(0, n // 3 + 1)), replace=False):
        queens = np.flatnonzero(fixed >= 0)
        free = [c for c in range(n) if conflicts or not any(attacks(r, c, q, fixed[q]) for q in queens)]
        if free:
            fixed[r] = rng.choice(free)
    return usable, fixed


def attacks(r1: int, c1: int, r2: int, c2: int) -> bool:
    return r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)


def bound(kernels: ModuleType, n: int, rules: str = "queens") -> FamilyKernels:
    return FamilyKernels(kernels, family(rules), n)


def weights(
    kernels: ModuleType,
    usable: np.ndarray,
    fixed: np.ndarray,
    first: int,
    count: int,
    seed: int,
    rules: str = "queens",
) -> np.ndarray:
    out = np.full(count, np.nan)
    stop = np.zeros(1, dtype=np.int64)
    assert bound(kernels, len(fixed), rules).probes(usable, fixed, first, count, seed, out, stop) == count
    return out


def states_board(cfg: Configurator) -> tuple[np.ndarray, np.ndarray]:
    """The estimator's input from a configurator: closed and marked squares are not usable,
    queens placed or forced are fixed."""
    states = cfg.states()
    usable = np.array([[not (s.is_closed or s is CellState.MARKED) for s in row] for row in states])
    queens = [next((c for c, s in enumerate(row) if s.has_queen), -1) for row in states]
    return usable, np.array(queens, dtype=np.int64)


def random_decisions(cfg: Configurator, rnd: random.Random) -> None:
    """Up to N/2 decisions on open squares: queens (60%) or marks."""
    for _ in range(rnd.randint(0, cfg.n // 2)):
        states = cfg.states()
        open_ = [(r, c) for r in range(cfg.n) for c in range(cfg.n) if states[r][c] is CellState.OPEN]
        if not open_:
            return
        r, c = rnd.choice(open_)
        (cfg.place if rnd.random() < 0.6 else cfg.mark)(r, c)


# The kernels agree bit for bit.


@PROPERTY
@given(
    n=st.integers(1, 40),
    board_seed=st.integers(0, 2**32),
    seed=st.integers(0, 2**63 - 1),
    conflicts=st.booleans(),
)
def test_numpy_gives_the_compiled_weights(n: int, board_seed: int, seed: int, conflicts: bool) -> None:
    usable, fixed = random_board(np.random.default_rng(board_seed), n, conflicts)
    first = board_seed % 1000
    compiled = weights(estimate_kernels, usable, fixed, first, 60, seed)
    assert np.array_equal(weights(estimate_numpy, usable, fixed, first, 60, seed), compiled)


@pytest.mark.parametrize(("n", "board_seed"), [(n, n) for n in range(1, 41)] + [(100, 1), (100, 2), (100, 3)])
def test_numpy_gives_the_compiled_weights_up_to_100(n: int, board_seed: int) -> None:
    rng = np.random.default_rng(board_seed)
    usable, fixed = random_board(rng, n, False)
    seed = int(rng.integers(2**63))
    compiled = weights(estimate_kernels, usable, fixed, 7, 300, seed)
    assert np.array_equal(weights(estimate_numpy, usable, fixed, 7, 300, seed), compiled)
    assert (compiled >= 0).all()


def test_a_probe_depends_on_its_number_alone() -> None:
    """Counter-based draws: probes 0…299 in one call or in three give the same weights."""
    usable, fixed = np.ones((20, 20), dtype=bool), np.full(20, -1, dtype=np.int64)
    whole = weights(KERNELS, usable, fixed, 0, 300, 5)
    parts = [weights(KERNELS, usable, fixed, first, 100, 5) for first in (0, 100, 200)]
    assert np.array_equal(np.concatenate(parts), whole)
    assert not np.array_equal(weights(KERNELS, usable, fixed, 0, 300, 6), whole)


def test_identical_estimates_from_both_kernels() -> None:
    usable, fixed = np.ones((30, 30), dtype=bool), np.full(30, -1, dtype=np.int64)
    seed = decision_seed(30, [], [])
    compiled = estimate_count(usable, fixed, seed, estimate_kernels)
    assert compiled is not None and compiled.value > 0
    assert estimate_count(usable, fixed, seed, estimate_numpy) == compiled


@pytest.mark.parametrize("kernels", [estimate_kernels, estimate_numpy])
def test_a_set_stop_flag_ends_the_probes(kernels) -> None:
    usable, fixed = np.ones((12, 12), dtype=bool), np.full(12, -1, dtype=np.int64)
    out = np.zeros(500)
    assert bound(kernels, len(fixed)).probes(usable, fixed, 0, 500, 1, out, np.ones(1, dtype=np.int64)) == 0
    assert estimate_count(usable, fixed, 1, kernels, stop=np.ones(1, dtype=np.int64)) is None


@pytest.mark.parametrize("kernels", [estimate_kernels, estimate_numpy])
def test_another_thread_stops_the_probes(kernels) -> None:
    """A million probes at N = 100 (minutes) end soon after the flag is set, with the probes
    written so far equal to an uninterrupted run's."""
    usable, fixed = np.ones((100, 100), dtype=bool), np.full(100, -1, dtype=np.int64)
    out, stop = np.full(1_000_000, np.nan), np.zeros(1, dtype=np.int64)
    with ThreadPoolExecutor(1) as pool:
        written = pool.submit(bound(kernels, len(fixed)).probes, usable, fixed, 0, len(out), 9, out, stop)
        time.sleep(0.3)
        stop[0] = 1
        done = written.result()
    assert done < len(out)
    assert np.array_equal(out[:done], weights(kernels, usable, fixed, 0, done, 9))
    assert np.isnan(out[done:]).all()


# The probes: hand-checked weights and unbiasedness.


def test_weights_by_hand() -> None:
    """4×4 with a queen fixed on (0, 1): rows 1, 2, 3 keep 1, 2, 3 open squares, and filling
    the fewest first leaves one choice at every step: every probe weighs 1, the count. With the
    queen on (0, 0) every choice dies."""
    usable = np.ones((4, 4), dtype=bool)
    assert set(weights(KERNELS, usable, np.array([1, -1, -1, -1]), 0, 50, 3)) == {1.0}
    assert set(weights(KERNELS, usable, np.array([0, -1, -1, -1]), 0, 50, 3)) == {0.0}
    assert set(weights(KERNELS, usable, np.array([1, 3, 0, 2]), 0, 5, 3)) == {1.0}
    assert set(weights(KERNELS, usable, np.array([1, 2, -1, -1]), 0, 5, 3)) == {0.0}
    assert set(weights(KERNELS, np.ones((1, 1), dtype=bool), np.array([-1]), 0, 5, 3)) == {1.0}


def probe_law(usable: np.ndarray, fixed: np.ndarray) -> dict[float, float]:
    """Every probe's weight with its probability, by walking the whole tree of choices (the
    fewest usable unattacked squares first, the lowest row on a tie)."""
    n = len(fixed)
    law: dict[float, float] = defaultdict(float)
    start = {r: int(c) for r, c in enumerate(fixed) if c >= 0}
    if any(attacks(r, c, q, d) for r, c in start.items() for q, d in start.items() if q != r):
        return {0.0: 1.0}

    def walk(queens: dict[int, int], chance: float, weight: float) -> None:
        rows = [r for r in range(n) if r not in queens]
        if not rows:
            law[weight] += chance
            return

        def open_(r: int, c: int) -> bool:
            return bool(usable[r, c]) and not any(attacks(r, c, q, d) for q, d in queens.items())

        options = {r: [c for c in range(n) if open_(r, c)] for r in rows}
        row = min(rows, key=lambda r: (len(options[r]), r))
        if not options[row]:
            law[0.0] += chance
            return
        k = len(options[row])
        for c in options[row]:
            walk({**queens, row: c}, chance / k, weight * k)

    walk(start, 1.0, 1.0)
    return dict(law)


def oracle_board(n: int, rnd: random.Random, rules: str = "queens") -> tuple[np.ndarray, np.ndarray, int]:
    """Random decisions (queens in distinct rows, marks), which need not leave a solution, as
    the estimator's input, with the oracle's count."""
    decisions: dict[Cell, DecisionKind] = {}
    for r in rnd.sample(range(n), rnd.randint(0, n // 3)):
        decisions[Cell(r, rnd.randrange(n))] = DecisionKind.QUEEN
    for _ in range(rnd.randint(0, n)):
        decisions.setdefault(Cell(rnd.randrange(n), rnd.randrange(n)), DecisionKind.MARK)
    usable = np.ones((n, n), dtype=bool)
    fixed = np.full(n, -1, dtype=np.int64)
    for (r, c), kind in decisions.items():
        if kind is DecisionKind.QUEEN:
            fixed[r] = c
        else:
            usable[r, c] = False
    return usable, fixed, len(oracle.remaining(n, decisions, rules))


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_probes_follow_the_law_of_the_whole_tree(n: int) -> None:
    """The exact law of a probe's weight (from the whole tree) has the oracle's count as its
    mean, and 20,000 probes take its values with its frequencies (each within 5 standard
    errors)."""
    rnd = random.Random(100 + n)
    for _ in range(5):
        usable, fixed, truth = oracle_board(n, rnd)
        law = probe_law(usable, fixed)
        assert math.fsum(w * p for w, p in law.items()) == pytest.approx(truth, abs=1e-9)
        found = weights(KERNELS, usable, fixed, 0, 20000, rnd.getrandbits(63))
        values, counts = np.unique(found, return_counts=True)
        assert set(values) <= set(law)
        seen = dict(zip(values.tolist(), counts.tolist(), strict=True))
        for w, p in law.items():
            assert abs(seen.get(w, 0) / len(found) - p) <= 5 * math.sqrt(p * (1 - p) / len(found)) + 1e-12


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_probes_are_unbiased_under_random_decisions(n: int) -> None:
    """The mean of 20,000 probes is within 4.5 standard errors of the oracle's count, for
    decisions that need not leave any solution (then every probe weighs 0)."""
    rnd = random.Random(n)
    for _ in range(6):
        usable, fixed, truth = oracle_board(n, rnd)
        found = weights(KERNELS, usable, fixed, 0, 20000, rnd.getrandbits(63))
        error = found.std(ddof=1) / math.sqrt(len(found))
        assert abs(found.mean() - truth) <= 4.5 * error
        if truth == 0:
            assert not found.any()


@pytest.mark.parametrize(("rules", "n"), [("toroidal", 5), ("toroidal", 7), ("no-touch", 6), ("no-touch", 8)])
def test_probes_are_unbiased_under_every_family(rules: str, n: int) -> None:
    """As above, under the family's own attacks: the mean of 20,000 probes is within 4.5
    standard errors of the oracle's count of the family's remaining solutions."""
    rnd = random.Random(n)
    for _ in range(6):
        usable, fixed, truth = oracle_board(n, rnd, rules)
        found = weights(KERNELS, usable, fixed, 0, 20000, rnd.getrandbits(63), rules)
        error = found.std(ddof=1) / math.sqrt(len(found))
        assert abs(found.mean() - truth) <= 4.5 * error
        if truth == 0:
            assert not found.any()


# The interval.


def test_a_board_where_every_probe_dies() -> None:
    """No survivor: 0, with the 95% upper bound of the survival rate, 1 − 0.05^(1/P), times the
    largest weight; 0 when the count is provably 0."""
    usable = np.ones((8, 8), dtype=bool)
    usable[0, 2:] = False
    fixed = np.full(8, -1, dtype=np.int64)
    most = ceiling(usable, fixed)
    assert most == 2 * 8**7
    found = summarize(np.zeros(1000), most)
    assert (found.value, found.low) == (0.0, 0.0)
    assert found.high == pytest.approx((1 - 0.05 ** (1 / 1000)) * most, rel=1e-9)
    assert found.high > 0
    assert ceiling(usable, np.array([0, 1, -1, -1, -1, -1, -1, -1])) == 0.0
    closed = np.ones((8, 8), dtype=bool)
    closed[3] = False
    assert ceiling(closed, fixed) == 0.0
    assert estimate_count(closed, fixed, 1, KERNELS) == Estimate(0.0, 0.0, 0.0, DEFAULT_PROBES)


def test_one_survivor_gives_the_clopper_pearson_bound() -> None:
    found = summarize(np.array([0.0] * 999 + [6.0]), 100.0)
    assert (found.value, found.low) == (0.006, 0.0)
    rate = found.high / 100.0
    assert (1 - rate) ** 1000 + 1000 * rate * (1 - rate) ** 999 == pytest.approx(1 - CONFIDENCE, rel=1e-6)


def test_equal_weights_leave_no_doubt() -> None:
    assert summarize(np.full(100, 4.0), 10.0) == Estimate(4.0, 4.0, 4.0, 100)
    solved = estimate_count(np.ones((4, 4), dtype=bool), np.array([1, 3, 0, 2]), 1, KERNELS)
    assert solved == Estimate(1.0, 1.0, 1.0, DEFAULT_PROBES)


@PROPERTY
@given(
    alive=st.lists(st.floats(1.0, 1e150), min_size=2, max_size=40),
    dead=st.integers(0, 400),
)
def test_the_interval_holds_the_estimate(alive: list[float], dead: int) -> None:
    found = summarize(np.array(alive + [0.0] * dead), 1e150 * 2)
    assert 0 <= found.low <= found.value * (1 + 1e-12)
    assert found.value * (1 - 1e-12) <= found.high <= 1e150 * 2


def test_the_interval_widens_for_a_heavy_tail() -> None:
    """The same sample mean and the same survivors' count, but log-weights spread by 3 instead
    of 0.5: the tail the sample may lack widens the interval, chiefly upwards."""
    rng = np.random.default_rng(0)
    normal = rng.standard_normal(200)
    narrow, wide = (np.concatenate([np.exp(s * normal), np.zeros(1800)]) for s in (0.5, 3.0))
    narrow *= wide.mean() / narrow.mean()
    a, b = summarize(narrow, 1e300), summarize(wide, 1e300)
    assert a.value == pytest.approx(b.value)
    assert b.high / b.value > 2 * (a.high / a.value)
    assert (b.high - b.low) / b.value > 2 * (a.high - a.low) / a.value


def test_estimate_count_refuses_malformed_boards() -> None:
    with pytest.raises(ValueError):
        estimate_count(np.ones((4, 5), dtype=bool), np.full(4, -1), 1, KERNELS)
    with pytest.raises(ValueError):
        estimate_count(np.ones((4, 4), dtype=bool), np.array([-1, 4, -1, -1]), 1, KERNELS)
    with pytest.raises(ValueError):
        estimate_count(np.ones((4, 4), dtype=bool), np.full(4, -1), -1, KERNELS)
    with pytest.raises(ValueError):
        estimate_count(np.ones((4, 4), dtype=bool), np.full(4, -1), 1, KERNELS, probes=1)


def test_decision_seed_depends_on_the_decisions_alone() -> None:
    seed = decision_seed(12, [(0, 1), (3, 4)], [(5, 5)])
    assert 0 <= seed < 2**63
    assert decision_seed(12, [(3, 4), (0, 1), (3, 4)], [(np.int64(5), 5)]) == seed
    others = {
        decision_seed(13, [(0, 1), (3, 4)], [(5, 5)]),
        decision_seed(12, [(0, 1), (3, 4), (5, 5)], []),
        decision_seed(12, [(0, 1)], [(3, 4), (5, 5)]),
        decision_seed(12, [(1, 0), (3, 4)], [(5, 5)]),
        decision_seed(12, [], []),
    }
    assert seed not in others and len(others) == 5


# Coverage: how often the interval holds the true count.


def held(found: Estimate | None, truth: int) -> bool:
    assert found is not None
    return found.low <= truth <= found.high


def empty_board_coverage(n: int, runs: int) -> int:
    """In how many of ``runs`` estimates (seeds 1000·N + run) the interval holds A000170."""
    usable, fixed = np.ones((n, n), dtype=bool), np.full(n, -1, dtype=np.int64)
    return sum(
        held(estimate_count(usable, fixed, 1000 * n + run, KERNELS), A000170[n]) for run in range(runs)
    )


def decisions_coverage(n: int, runs: int) -> int:
    """In how many of ``runs`` boards with random decisions the interval holds the BDD's count."""
    rnd = random.Random(n)
    count = 0
    for _ in range(runs):
        cfg = Configurator(space(n, "cudd"))
        random_decisions(cfg, rnd)
        usable, fixed = states_board(cfg)
        count += held(estimate_count(usable, fixed, rnd.getrandbits(63), KERNELS), cfg.count)
    return count


def test_coverage_on_empty_boards_quick() -> None:
    """N = 16…27, 10 seeded runs each: the interval holds A000170 in ≥ 90% of the 120."""
    assert sum(empty_board_coverage(n, 10) for n in range(16, 28)) >= 108


def test_coverage_under_random_decisions_quick() -> None:
    """N = 4…10, 30 runs each with random decisions: the BDD's count in ≥ 90% of the 210."""
    assert sum(decisions_coverage(n, 30) for n in range(4, 11)) >= 189


@pytest.mark.slow
@pytest.mark.parametrize("n", range(16, 28))
def test_coverage_on_empty_boards(n: int) -> None:
    """The issue's demand: for N = 16…27 the interval holds A000170 in ≥ 90% of 50 seeded runs.
    (Its coverage, measured over 300 runs per N, is 95.9%: then 44 or fewer of 50 happen for a
    given N with probability about 2%, so other seeds could fail one N in twelve.)"""
    assert empty_board_coverage(n, 50) >= 45


@pytest.mark.slow
@pytest.mark.parametrize("n", range(4, 14))
def test_coverage_under_random_decisions(n: int) -> None:
    """N = 4…13, 100 runs each with random decisions: the BDD's count in ≥ 90%."""
    assert decisions_coverage(n, 100) >= 90
