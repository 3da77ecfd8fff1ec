"""The time left in a running compile: the estimate made before the start blended with the pace its reports
show against the measured shares of its steps, counting down between reports but never below what the next
report would leave; how close it comes is in docs/measurements.md."""

from __future__ import annotations

import math

from bdd_model.progress import PHASES, Progress

# fmt: off
STEP_SHARES: dict[str, dict[int, dict[str, tuple[int, ...]]]] = {
    "cudd": {
        11: {
            "search": (
                31, 33, 34, 37, 39, 43, 52, 56, 60, 62, 62,
                74, 88, 107, 136, 160, 176, 185, 187, 188, 190, 190,
            ),
            "build": (191, 194, 202, 232, 284, 347, 395, 421, 429, 430, 430),
            "freeze": (456, 458, 469, 506, 570, 758, 842, 897, 916, 920, 921),
        },
        12: {
            "search": (
                6, 7, 7, 8, 9, 11, 15, 22, 29, 32, 33, 34,
                47, 63, 91, 127, 163, 189, 201, 205, 206, 206, 206, 207,
            ),
            "build": (207, 208, 211, 229, 292, 382, 462, 526, 547, 551, 552, 552),
            "freeze": (582, 582, 586, 605, 654, 749, 835, 906, 938, 946, 947, 947),
        },
        13: {
            "search": (
                1, 1, 1, 1, 2, 2, 5, 12, 19, 25, 27, 28, 28,
                39, 58, 85, 118, 152, 177, 192, 198, 199, 199, 199, 199, 199,
            ),
            "build": (199, 199, 201, 209, 246, 333, 441, 521, 566, 574, 576, 576, 576),
            "freeze": (604, 605, 605, 611, 635, 699, 790, 885, 932, 948, 951, 951, 951),
        },
    },
    "autoref": {
        12: {
            "search": (
                0, 0, 0, 0, 0, 1, 2, 3, 4, 4, 4, 4,
                6, 8, 12, 18, 23, 27, 29, 30, 30, 30, 30, 30,
            ),
            "build": (30, 31, 36, 63, 135, 248, 378, 499, 513, 530, 530, 531),
            "freeze": (581, 581, 589, 602, 638, 702, 774, 826, 857, 865, 866, 866),
        },
        13: {
            "search": (
                0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5,
                7, 10, 15, 19, 23, 25, 26, 27, 27, 27, 27, 27, 27,
            ),
            "build": (27, 27, 28, 34, 61, 143, 313, 493, 595, 601, 602, 602, 602),
            "freeze": (640, 641, 641, 648, 668, 696, 769, 833, 872, 886, 889, 889, 889),
        },
    },
}
"""Per mille of a compile's time behind the report of each step of each phase, by backend and
size; other sizes use the nearest measured one. The last 5% (CUDD) or 12% (pure Python) after
the last step check the frozen layers."""
# fmt: on

TAKEOVER = 0.5
"""Share of the compile from which the measured pace alone says how long the whole takes."""


def done_share(progress: Progress, backend: str = "cudd") -> float:
    """How much of a compile's time lies behind ``progress``, 0..1, from the measured step
    shares of the nearest measured size (steps in between are interpolated)."""
    n = progress.total // 2 if progress.phase == "search" else progress.total
    sizes = STEP_SHARES[backend]
    shares = sizes[min(max(n, min(sizes)), max(sizes))]
    index = PHASES.index(progress.phase)
    steps = (shares[PHASES[index - 1]][-1] if index else 0, *shares[progress.phase])
    position = (len(steps) - 1) * min(progress.done / max(progress.total, 1), 1.0)
    low = int(position)
    high = min(low + 1, len(steps) - 1)
    return (steps[low] + (steps[high] - steps[low]) * (position - low)) / 1000


def time_left(
    progress: Progress, elapsed: float, expected: float | None = None, backend: str = "cudd"
) -> float:
    """Seconds left in a compile with ``backend`` that reported ``progress`` after ``elapsed``
    seconds; ``expected``: the seconds estimated for the whole before it started
    (``costs.estimated_cost``), if any. Infinite when nothing tells yet (no estimate, and no
    share of the work done)."""
    share = done_share(progress, backend)
    if share <= 0 or elapsed <= 0:
        return math.inf if expected is None else max(expected - elapsed, 0.0)
    pace = elapsed / share
    if expected is None or expected <= 0:
        return max(pace - elapsed, 0.0)
    weight = min(1.0, share / TAKEOVER)
    total = expected ** (1 - weight) * pace**weight
    return max(total - elapsed, 0.0)


class Countdown:
    """The time left in one compile, at its reports and between them (for a display that is
    redrawn every second)."""

    def __init__(self, expected: float | None = None, backend: str = "cudd") -> None:
        self.expected = expected
        self.backend = backend
        self._last: tuple[Progress, float, float] | None = None
        """The last report, its elapsed time and the time left then."""

    def report(self, progress: Progress, elapsed: float) -> float:
        """The compile reported ``progress`` after ``elapsed`` seconds: the time left now."""
        left = time_left(progress, elapsed, self.expected, self.backend)
        self._last = (progress, elapsed, left)
        return left

    def left(self, elapsed: float) -> float:
        """The time left ``elapsed`` seconds into the compile, however long since its last report."""
        if self._last is None:
            return math.inf if self.expected is None else max(self.expected - elapsed, 0.0)
        progress, then, left = self._last
        following = next_step(progress)
        floor = 0.0 if following is None else time_left(following, elapsed, self.expected, self.backend)
        return max(left - (elapsed - then), floor)


def next_step(progress: Progress) -> Progress | None:
    """The report that follows ``progress`` in a search compile; None after the last."""
    if progress.done < progress.total:
        return Progress(progress.phase, progress.done + 1, progress.total)
    index = PHASES.index(progress.phase)
    if index + 1 == len(PHASES):
        return None
    n = progress.total // 2 if progress.phase == "search" else progress.total
    return Progress(PHASES[index + 1], 1, n)
