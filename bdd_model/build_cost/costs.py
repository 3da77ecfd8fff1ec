"""What a compile costs on this machine, so that a user hears the price before paying it: this machine's own
past compiles of the size (``compile_log``), else the reference figures, scaled by a calibration compile timed
now (``machine_speed``); docs/measurements.md says where the figures come from."""

from __future__ import annotations

import resource
import statistics
import sys
from dataclasses import dataclass

from bdd_model.build_cost.compile_log import PastCompile, past_compiles, remember
from bdd_model.build_cost.countdown import done_share
from bdd_model.build_cost.machine_speed import calibration_seconds
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.space import SolutionSpace
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.puzzles import FamilyPuzzle

__all__ = [
    "ASK_BEFORE",
    "CompileCost",
    "compile_cost",
    "done_share",
    "estimated_cost",
    "predict",
    "remember_compile",
]
"""``done_share`` lives in ``countdown``; the window's progress bar still imports it from here."""


@dataclass(frozen=True)
class CompileCost:
    """Time and peak memory of compiling one size with one backend."""

    seconds: float
    peak_mb: int


REFERENCE_CALIBRATION = {"cudd": 0.058, "autoref": 0.032}
"""Seconds of ``machine_speed``'s calibration compile on the reference machine."""


ASK_BEFORE = 5.0
"""Diagrams expected to take longer than this many seconds to build on this machine are offered
first; shorter builds start without asking."""


def compile_cost(n: int, backend: str, rules: RuleFamily = CLASSIC) -> CompileCost | None:
    """The reference machine's cost of compiling the family's n×n diagram with ``backend``
    (``RuleFamily.compile_costs``); None for the sizes that take under a second."""
    figures = rules.compile_costs.get(backend, {}).get(n)
    return CompileCost(*figures) if figures is not None else None


def estimated_cost(n: int, backend: str, rules: RuleFamily = CLASSIC) -> CompileCost | None:
    """The cost of compiling the family's n×n diagram with ``backend`` on this machine, as busy
    as it is now; None where there is no reference figure. Times a calibration compile
    (0.1–0.5 s) unless one was timed in the last minute."""
    backend = resolve_backend(backend)
    if compile_cost(n, backend, rules) is None:
        return None
    return predict(n, backend, calibration_seconds(backend), past_compiles(), rules)


def predict(
    n: int, backend: str, calibration: float, history: list[PastCompile], rules: RuleFamily = CLASSIC
) -> CompileCost | None:
    """The cost of the family's n×n diagram where the calibration compile takes
    ``calibration`` seconds, from this machine's own compiles of it if ``history`` holds any,
    else from the reference."""
    reference = compile_cost(n, backend, rules)
    if reference is None:
        return None
    own = [past for past in history if (past.puzzle, past.backend) == (FamilyPuzzle.of(rules, n), backend)]
    if not own:
        return CompileCost(
            reference.seconds * calibration / REFERENCE_CALIBRATION[backend], reference.peak_mb
        )
    pace = statistics.median(past.seconds / past.calibration for past in own)
    return CompileCost(pace * calibration, round(statistics.median(past.peak_mb for past in own)))


def remember_compile(
    space: SolutionSpace, calibration: float | None = None, seconds: float | None = None
) -> None:
    """Log a fresh compile of ``space`` with this process's peak memory, so that the next
    estimate of its size rests on it. ``calibration``: the calibration time measured beside
    the compile, if any (else one is timed now); ``seconds``: the compile's own time, if its
    ``space.seconds`` includes other work. Loaded spaces and sizes without an estimate are
    passed over."""
    backend = space.info.backend
    if space.origin != "compiled" or compile_cost(space.n, backend, space.family) is None:
        return
    if calibration is None:
        calibration = calibration_seconds(backend)
    seconds = space.seconds if seconds is None else seconds
    figures = round(seconds, 3), round(peak_mb(), 1), round(calibration, 4)
    remember(PastCompile(space.puzzle, backend, *figures))


def peak_mb() -> float:
    """The peak resident memory of this process so far, in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 1e6 if sys.platform == "darwin" else peak / 1024
