"""The time spent on a level: it runs while the level is in play in the active window and no dialog is
open over it, so that a break or a look at the help costs nothing."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QWidget

TICK_MS = 250
"""How often the clock looks whether it runs."""
LONGEST_TICK = 1.0
"""The most one tick counts (a suspended machine's sleep is not play)."""


class LevelClock(QObject):
    """Seconds on the level in play."""

    second = Signal()
    """A whole second more was counted."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._seconds = 0.0
        self._last = time.monotonic()
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    @property
    def seconds(self) -> float:
        return self._seconds

    @property
    def running(self) -> bool:
        """The clock counts the time that passes (a level in play, unsolved)."""
        return self._timer.isActive()

    def start(self, seconds: float) -> None:
        """Count from ``seconds`` on."""
        self._seconds = seconds
        self._last = time.monotonic()
        self._timer.start()

    def hold(self, seconds: float) -> None:
        """Show ``seconds`` without counting (a level that opens solved)."""
        self._timer.stop()
        self._seconds = seconds

    def stop(self) -> None:
        """Stop counting (the level is solved or left), keeping the time counted."""
        if self._timer.isActive():
            self._tick()
        self._timer.stop()

    def counting(self) -> bool:
        """The window is the active one and no dialog is open over it."""
        return self._window.isActiveWindow() and QApplication.activeModalWidget() is None

    def _tick(self) -> None:
        now = time.monotonic()
        passed, self._last = min(now - self._last, LONGEST_TICK), now
        if self.counting():
            before = int(self._seconds)
            self._seconds += passed
            if int(self._seconds) != before:
                self.second.emit()


def clock_text(seconds: float) -> str:
    """A time as a clock shows it: "0:42", "12:05", "1:02:03"."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
