"""How fast this machine compiles right now: the fastest of a few runs of a small calibration compile after a
warm-up, reused for a minute, which scales the reference figures to this machine and to its present load."""

from __future__ import annotations

import gc
import sys
import time
from typing import Annotated

import msgspec

from bdd_model.diagram.space import SolutionSpace

CALIBRATION_N = {"cudd": 10, "autoref": 8}
"""The board compiled to calibrate each backend (about 0.1 s on a quiet 2-core machine)."""
RUNS = 5
LIFETIME = 60.0
"""Seconds a measurement stays valid."""

_measured: dict[str, tuple[float, float]] = {}
"""backend → (calibration seconds, monotonic time of the measurement)"""


def calibration_seconds(backend: str) -> float:
    """Seconds the calibration compile of ``backend`` (a resolved name) takes here and now."""
    kept = _measured.get(backend)
    if kept is not None and time.monotonic() - kept[1] < LIFETIME:
        return kept[0]
    seconds = measure(backend)
    _measured[backend] = (seconds, time.monotonic())
    return seconds


def measure(backend: str) -> float:
    """Time the calibration compile afresh: the fastest of RUNS runs after a warm-up.

    The caller's objects are frozen meanwhile: each compile ends with a garbage collection,
    which in a process holding many objects (a test run: 170,000, 0.18 s a collection) would
    double the time of this small compile but not of a big one, nor of one in a fresh process.
    """
    gc.freeze()
    try:
        SolutionSpace.compile(4, backend)
        runs = []
        for _ in range(RUNS):
            started = time.perf_counter()
            SolutionSpace.compile(CALIBRATION_N[backend], backend)
            runs.append(time.perf_counter() - started)
    finally:
        gc.unfreeze()
    return min(runs)


class Calibration(msgspec.Struct):
    """What the child tells the window: the backend, and the calibration compile's seconds."""

    backend: str
    seconds: Annotated[float, msgspec.Meta(gt=0)]


def main() -> int:
    """``python -m bdd_model.build_cost.machine_speed BACKEND``: time the calibration and print
    ``{"backend": …, "seconds": …}`` (the window asks a child, since CUDD holds Python's lock
    for the whole compile). At normal priority: a lower one is starved by the window's own
    work on a 2-core machine and priced builds four times too dear."""
    backend = sys.argv[1] if len(sys.argv) > 1 else "cudd"
    if backend not in CALIBRATION_N:
        sys.stderr.write(f"usage: python -m bdd_model.build_cost.machine_speed {'|'.join(CALIBRATION_N)}\n")
        return 2
    sys.stdout.buffer.write(msgspec.json.encode(Calibration(backend, measure(backend))) + b"\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
