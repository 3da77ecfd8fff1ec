"""What a build costs on this computer, for the window: its own past builds of the size, else the reference
figures, scaled by a calibration compile timed in a child process (CUDD holds the GIL for a whole compile);
until a calibration arrives the reference figures stand."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QProcess, Signal

from app.child_process import module_command
from bdd_model.build_cost.compile_log import past_compiles
from bdd_model.build_cost.costs import CompileCost, compile_cost, predict
from bdd_model.build_cost.machine_speed import LIFETIME, Calibration
from bdd_model.families import RuleFamily
from bdd_model.files.records import RecordError, decode


class MachinePace(QObject):
    """The calibration of each backend, measured in the background and kept fresh."""

    measured = Signal(str)
    """A calibration of this backend arrived, or could not be made (the reference figures stand)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._seconds: dict[str, tuple[float, float]] = {}
        self._running: dict[str, QProcess] = {}
        self._failed: set[str] = set()

    def cost(self, n: int, backend: str, rules: RuleFamily) -> CompileCost | None:
        """The cost of building the family's n×n diagram on this computer now: the reference's
        until a calibration is known."""
        known = self._seconds.get(backend)
        if known is None:
            return compile_cost(n, backend, rules)
        return predict(n, backend, known[0], past_compiles(), rules)

    def fresh(self, backend: str) -> bool:
        """True when the calibration in hand is under a minute old (or cannot be made here)."""
        known = self._seconds.get(backend)
        return backend in self._failed or (known is not None and time.monotonic() - known[1] <= LIFETIME)

    def measure(self, backend: str) -> None:
        """Time the calibration in a child, unless one is being timed."""
        if backend in self._running:
            return
        if backend in self._failed or backend not in ("cudd", "autoref"):
            self.measured.emit(backend)
            return
        process = QProcess(self)
        process.finished.connect(lambda *_: self._finished(backend, process))
        program, *arguments = module_command("bdd_model.build_cost.machine_speed", backend)
        self._running[backend] = process
        process.start(program, arguments)

    def stop(self) -> None:
        """End the children (the window closes)."""
        for process in self._running.values():
            process.finished.disconnect()
            process.kill()
            process.waitForFinished(1000)
        self._running.clear()

    def _finished(self, backend: str, process: QProcess) -> None:
        self._running.pop(backend, None)
        try:
            seconds = decode(bytes(process.readAllStandardOutput().data()), Calibration).seconds
        except RecordError:
            seconds = 0.0
        process.deleteLater()
        if seconds > 0:
            self._seconds[backend] = (seconds, time.monotonic())
            self.measured.emit(backend)
        else:
            self._failed.add(backend)
            self.measured.emit(backend)
