"""What a compile costs, measured, so that a user hears the price before paying it.

Measured on a 2-core machine (24 GiB) with the default "search" construction: seconds from
start to the frozen layers, and the peak resident memory of the process. Sizes not listed
compile in well under a second. The phase shares split a compile's time between its phases
(search, build, freeze), so that progress can say how long is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.progress import PHASES, Progress


@dataclass(frozen=True)
class CompileCost:
    """Time and peak memory of compiling one size with one backend."""

    seconds: float
    peak_mb: int


MEASURED: dict[str, dict[int, CompileCost]] = {
    "cudd": {
        11: CompileCost(0.3, 76),
        12: CompileCost(1.2, 121),
        13: CompileCost(7.4, 329),
        14: CompileCost(45.0, 1170),
        15: CompileCost(306.0, 6000),
    },
    "autoref": {
        11: CompileCost(1.7, 104),
        12: CompileCost(7.2, 289),
    },
}
"""nqueens bench --n N --backend B (compile_s, peak_rss_mb), rounded."""

PHASE_SHARES = {"search": 0.2, "build": 0.4, "freeze": 0.4}
"""The share of a large compile's time each phase takes (N = 13, CUDD: 22%, 35%, 38%)."""


def compile_cost(n: int, backend: str) -> CompileCost | None:
    """The measured cost of compiling n×n with ``backend``; None when it was not measured
    (small sizes, which take under a second, or the pure-Python backend above 12)."""
    return MEASURED.get(backend, {}).get(n)


def done_share(progress: Progress) -> float:
    """How much of a compile's time lies behind it, 0..1, weighting phases by their measured share."""
    index = PHASES.index(progress.phase)
    behind = sum(PHASE_SHARES[phase] for phase in PHASES[:index])
    return behind + PHASE_SHARES[progress.phase] * progress.done / max(progress.total, 1)
