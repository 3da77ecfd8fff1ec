"""Instruments of the window benchmark: when the board's paints end and what they showed, how
long a method takes, how long the event loop went without running, and waiting on the event
loop for a condition."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QWidget


@dataclass(frozen=True)
class Paint:
    """One paint of the watched widget: when it ended, the region it covered, the picture shown."""

    ended: float
    region: QRegion
    picture: Any


class PaintProbe(QObject):
    """Records every paint of a widget.

    An event filter sees a paint event before the widget does; the probe therefore delivers the
    paint itself and returns True, so that the time it records is the end of ``paintEvent``.
    Only the last paints are kept: a long run must not keep every picture alive (the garbage
    collector's pauses would grow with them). The paints' durations are the window thread's CPU
    time, which other processes on the machine do not lengthen.
    """

    KEPT = 16

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.paints: deque[Paint] = deque(maxlen=self.KEPT)
        self.durations_ms: list[float] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Paint or not isinstance(watched, QWidget):
            return False
        region = QRegion(event.region())  # type: ignore[attr-defined]  # a QPaintEvent here
        started = time.thread_time()
        watched.event(event)
        self.durations_ms.append((time.thread_time() - started) * 1000)
        self.paints.append(Paint(time.perf_counter(), region, getattr(watched, "picture", None)))
        return True

    def first_after(self, started: float, shows: Callable[[Paint], bool]) -> Paint | None:
        """The first paint that ended after ``started`` and ``shows`` what was waited for."""
        return next((p for p in self.paints if p.ended > started and shows(p)), None)


def covers(point: QPoint) -> Callable[[Paint], bool]:
    """A paint whose region includes ``point``."""
    return lambda paint: paint.region.contains(point)


class CallTimer:
    """Times every call of one object's method in the thread's CPU time: the method is replaced
    on the instance by a timed wrapper, which every caller that looks it up on the object calls."""

    def __init__(self, owner: object, name: str) -> None:
        self.durations_ms: list[float] = []
        method = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.thread_time()
            try:
                return method(*args, **kwargs)
            finally:
                self.durations_ms.append((time.thread_time() - started) * 1000)

        setattr(owner, name, timed)


class StallMeter(QObject):
    """A precise 2 ms timer: the longest gap between its ticks is the longest time the event loop
    did not run (a handler, a paint, a blocking call, or the process waiting for a core); the
    most CPU time the thread used within one gap is the longest the program itself kept it."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = 2) -> None:
        super().__init__(parent)
        self.longest_ms = 0.0
        self.longest_busy_ms = 0.0
        self._last = (0.0, 0.0)
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self._last = (time.perf_counter(), time.thread_time())
        self._timer.start()

    def restart(self) -> None:
        """Forget the gaps seen so far."""
        self.longest_ms = self.longest_busy_ms = 0.0
        self._last = (time.perf_counter(), time.thread_time())

    def stop(self) -> None:
        self._tick()
        self._timer.stop()

    def _tick(self) -> None:
        now = (time.perf_counter(), time.thread_time())
        self.longest_ms = max(self.longest_ms, (now[0] - self._last[0]) * 1000)
        self.longest_busy_ms = max(self.longest_busy_ms, (now[1] - self._last[1]) * 1000)
        self._last = now


def wait_until(condition: Callable[[], object], timeout_s: float, what: str) -> float:
    """Run the event loop until ``condition`` holds; the time it held (TimeoutError naming
    ``what`` after ``timeout_s``). Needs a running timer (the StallMeter) to wake up."""
    deadline = time.perf_counter() + timeout_s
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError(f"the window did not show {what} within {timeout_s:.0f} s")
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    return time.perf_counter()


def pause(seconds: float) -> None:
    """Let the event loop run for a while, as between two inputs of a person."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
