"""Progress reports and cancellation for long compiles and engine queries, shared by the CLI and
the GUI's worker."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from bdd_model.errors import CompileCancelled

CANCEL_EVERY = 512
"""Row nodes handled between two looks at the cancel token inside one long row."""

PHASES = ("search", "build", "freeze")
"""The phases of a compile, in order: row-state search, BDD construction, freezing into rows."""


@dataclass(frozen=True)
class Progress:
    """``done`` of ``total`` steps of one phase; steps are board rows."""

    phase: str
    done: int
    total: int


ProgressCallback = Callable[[Progress], None]


def no_progress(_: Progress) -> None:
    """The default callback: report nothing."""


class CancelToken:
    """Set from any thread (or a signal handler); a compile checks it between rows, the SAT
    engine between two solver calls, and its compiled kernels look at ``flag`` as they run."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.flag = np.zeros(1, dtype=np.int64)
        """1 once cancelled: the stop flag the compiled kernels read while they run."""

    def cancel(self) -> None:
        """Ask the compile to stop at its next check."""
        self.flag[0] = 1
        self._event.set()

    @property
    def cancelled(self) -> bool:
        """True once cancel() was called (for loops that stop quietly rather than raise)."""
        return self._event.is_set()

    def check(self) -> None:
        """Raise CompileCancelled if cancel() was called."""
        if self._event.is_set():
            raise CompileCancelled("compilation was cancelled")
