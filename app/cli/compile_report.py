"""What ``nqueens`` says on standard error while it compiles a board: on a terminal, a long compile's price
first, then one line of phase, step and time left redrawn every second; elsewhere nothing, so that logs and
scripts see what they always saw. A compile worth estimating is timed against a calibration and logged either
way."""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import TextIO

from bdd_model import Progress, SolutionSpace, resolve_backend
from bdd_model.build_cost.compile_log import past_compiles
from bdd_model.build_cost.costs import CompileCost, compile_cost, predict, remember_compile
from bdd_model.build_cost.countdown import Countdown
from bdd_model.build_cost.machine_speed import calibration_seconds
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.wording import duration, memory

ANNOUNCE_SECONDS = 5.0
"""A compile estimated to take this long or longer is announced."""
CALIBRATE_FROM = 1.0
"""Sizes whose reference figure is shorter are not worth a calibration (it takes 0.1–0.5 s) and
are not announced: they would need a machine five times slower than the reference to last 5 s."""
TICK = 1.0
"""Seconds between two redraws of the terminal line while no step is reported."""


class CompileReport:
    """The progress callback of one compile of an n×n board, and what is said about it.

    Use as a context manager around the compile: leaving it wipes the terminal line, so that an
    error or "interrupted" starts on a clean line. Call ``expect_compile`` just before a compile
    that will happen (not before one that may find the cache), so that the calibration stays
    out of the compile's own time; a compile that was not expected shows its steps only.
    """

    def __init__(
        self,
        n: int,
        backend: str,
        construction: str = "search",
        rules: RuleFamily = CLASSIC,
        stream: TextIO | None = None,
    ) -> None:
        self.n = n
        self.backend = resolve_backend(backend)
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty()
        self.rules = rules
        self.estimated = construction == "search" and _worth_calibrating(n, self.backend, rules)
        self.calibration: float | None = None
        """Seconds of the calibration compile, once timed (before the compile)."""
        self._countdown: Countdown | None = None
        self._started = time.monotonic()
        self._step: Progress | None = None
        self._line = ""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None

    def __enter__(self) -> CompileReport:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            self._draw("")

    def expect_compile(self) -> None:
        """A compile starts now: time the calibration (for a size worth it), and on a terminal
        say the price of a long compile and start counting down."""
        if self.estimated:
            self.calibration = calibration_seconds(self.backend)
            cost = predict(self.n, self.backend, self.calibration, past_compiles(), self.rules)
            if self.terminal and cost is not None:
                if cost.seconds >= ANNOUNCE_SECONDS:
                    self.stream.write(f"nqueens: {announcement(self.n, cost)}\n")
                self._countdown = Countdown(cost.seconds, self.backend)
                ticker = threading.Thread(target=self._tick, name="compile-report", daemon=True)
                ticker.start()
                self._ticker = ticker  # only once started: Ctrl+C may come in between
        self._started = time.monotonic()

    def progress(self, progress: Progress) -> None:
        """The compile finished a step (the callback to pass to it)."""
        with self._lock:
            self._step = progress
            left = self._countdown.report(progress, self._elapsed()) if self._countdown else None
            self._show(progress, left)

    def warn(self, message: str) -> None:
        """Say a warning on a line of its own (the terminal line is redrawn at the next step)."""
        with self._lock:
            self._draw("")
            self.stream.write(f"nqueens: warning: {message}\n")

    def remember(self, space: SolutionSpace) -> None:
        """Log ``space``'s compile, if it was compiled here, for the next estimate of its size
        (a compile that was not expected, over a damaged cache file, is calibrated only now)."""
        if self.estimated:
            remember_compile(space, self.calibration)

    def _tick(self) -> None:
        while not self._stop.wait(TICK):
            with self._lock:
                if self._step is not None and self._countdown is not None:
                    self._show(self._step, self._countdown.left(self._elapsed()))

    def _elapsed(self) -> float:
        return time.monotonic() - self._started

    def _show(self, progress: Progress, left: float | None) -> None:
        line = f"compiling {self.n}×{self.n}: {progress.phase} {progress.done}/{progress.total}"
        self._draw(line if left is None else f"{line}, {time_left_words(left)}")

    def _draw(self, line: str) -> None:
        """Replace the terminal line by ``line`` (wipe it for "")."""
        if not self.terminal or line == self._line:
            return
        self.stream.write("\r" + line.ljust(len(self._line)) + ("\r" if not line else ""))
        self.stream.flush()
        self._line = line


def _worth_calibrating(n: int, backend: str, rules: RuleFamily) -> bool:
    reference = compile_cost(n, backend, rules)
    return reference is not None and reference.seconds >= CALIBRATE_FROM


def announcement(n: int, cost: CompileCost) -> str:
    """The price of a compile, said before it starts."""
    return (
        f"compiling {n}×{n} takes {duration(cost.seconds)} and {memory(cost.peak_mb)} on this machine; "
        "Ctrl+C stops it"
    )


def time_left_words(seconds: float) -> str:
    """The time left, in words: "about 12 s left", "almost done"."""
    return "almost done" if seconds < 1 else f"{duration(seconds)} left"
