"""The number of solutions past exact reach: Knuth's estimator, with a 95% interval that is the hull of a
model-free one (the mean taken as lognormal) and a model-based one (the weights as a zero-inflated lognormal
law), or [0, u·M] by Clopper–Pearson when fewer than two probes survive; docs/measurements.md has the formulas
and why."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from statistics import NormalDist
from types import ModuleType

import numpy as np

from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.sat.kernels import estimate_numpy, geometry
from bdd_model.sat.kernels.family_kernels import FamilyKernels
from bdd_model.solution_count import Estimate

DEFAULT_PROBES = 2000
"""Probes per estimate: a fifth of a second at N = 100 with numba (docs/measurements.md)."""
CONFIDENCE = 0.95
"""The interval's confidence."""
Z = NormalDist().inv_cdf(0.5 + CONFIDENCE / 2)


def decision_seed(n: int, queens: Sequence[tuple[int, int]], marks: Sequence[tuple[int, int]]) -> int:
    """A seed from the board and its decisions alone (not their order), below 2⁶³: the window
    and the command line show the same estimate for the same decisions."""
    cells = [sorted({(int(r), int(c)) for r, c in group}) for group in (queens, marks)]
    text = f"{int(n)}|" + "|".join(";".join(f"{r},{c}" for r, c in group) for group in cells)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def estimate_count(
    usable: np.ndarray,
    fixed: np.ndarray,
    seed: int,
    kernels: ModuleType,
    probes: int = DEFAULT_PROBES,
    stop: np.ndarray | None = None,
    rules: RuleFamily = CLASSIC,
) -> Estimate | None:
    """Estimate the solutions that keep the queens ``fixed`` (column per row, −1 for a free
    row) and put the others on ``usable`` squares, from ``probes`` probes drawn under
    ``seed`` by ``kernels`` (``estimate_kernels`` or ``estimate_numpy``). None when ``stop[0]``
    was set (from another thread) before the probes were done."""
    n = len(fixed)
    usable = np.ascontiguousarray(usable, dtype=np.bool_)
    fixed = np.ascontiguousarray(fixed, dtype=np.int64)
    if usable.shape != (n, n) or n < 1 or not ((fixed >= -1) & (fixed < n)).all():
        raise ValueError("usable must be N×N and fixed N columns from −1 to N−1")
    if probes < 2 or not 0 <= seed < 1 << 63:
        raise ValueError("an estimate needs at least 2 probes and a seed from 0 to 2⁶³ − 1")
    if stop is None:
        stop = np.zeros(1, dtype=np.int64)
    weights = np.empty(probes)
    if FamilyKernels(kernels, rules, n).probes(usable, fixed, 0, probes, seed, weights, stop) < probes:
        return None
    return summarize(weights, ceiling(usable, fixed, rules))


def ceiling(usable: np.ndarray, fixed: np.ndarray, rules: RuleFamily = CLASSIC) -> float:
    """The largest weight a probe can have (every count of choices is at most its row's count
    at the start); 0 when the count is provably 0."""
    open_ = estimate_numpy.start(usable, fixed, geometry.of(rules))
    if open_ is None:
        return 0.0
    return float(math.prod(int(k) for k in open_.sum(axis=1)[fixed < 0]))


def summarize(weights: np.ndarray, most: float) -> Estimate:
    """The estimate and interval from probe weights (see the module's notes); ``most`` bounds
    every weight. Sums are exact (``math.fsum``), so equal weights give equal figures."""
    total = len(weights)
    value = math.fsum(weights) / total
    alive = weights[weights > 0]
    k = len(alive)
    if k < 2:
        return Estimate(value, 0.0, _upper_rate(k, total) * most, total)
    scale = float(alive.max())
    scaled = weights / scale
    mean = math.fsum(scaled) / total
    cv2 = math.fsum((scaled - mean) ** 2) / (total - 1) / mean**2
    s2 = math.log1p(cv2 / total)
    spread = math.sqrt(s2)
    logs = np.log(alive)
    mu = math.fsum(logs) / k
    var = math.fsum((logs - mu) ** 2) / (k - 1)
    p = k / total
    centre = math.log(p) + mu + var / 2
    width = Z * math.sqrt((1 - p) / (total * p) + var / k + var * var / (2 * (k - 1)))
    log_value = math.log(value)
    low = min(log_value + s2 / 2 - Z * spread, centre - width)
    high = min(max(log_value + s2 / 2 + Z * spread, centre + width), math.log(most))
    return Estimate(value, math.exp(low), math.exp(high), total)


def _upper_rate(hits: int, trials: int) -> float:
    """The one-sided Clopper–Pearson upper bound, at CONFIDENCE, of a rate seen ``hits`` times
    in ``trials``: the rate at which ``hits`` or fewer happen with probability 1 − CONFIDENCE."""
    low, high = hits / trials, 1.0
    for _ in range(100):
        rate = (low + high) / 2
        tail = math.fsum(math.comb(trials, i) * rate**i * (1 - rate) ** (trials - i) for i in range(hits + 1))
        if tail > 1 - CONFIDENCE:
            low = rate
        else:
            high = rate
    return high
