"""The status bar's word on a board being built: what is happening, how far, how long is left,
and Cancel. Hidden while nothing is built; its room is kept so the status bar never jumps."""

from __future__ import annotations

import time

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QToolButton, QWidget

from app.gui.action_help import tooltip_html
from app.gui.words import duration
from bdd_model import Progress
from bdd_model.costs import compile_cost, done_share

PHASE_WORDS = {"search": "searching the rows", "build": "building the diagram", "freeze": "reading its rows"}


class CompileIndicator(QWidget):
    """Progress of one compile in words, a bar and a Cancel button."""

    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 1000)
        self.bar.setFixedWidth(120)
        self.bar.setTextVisible(False)
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText("Cancel")
        self.cancel_button.setToolTip(tooltip_html("Cancel", "Stop building the new board; this one stays"))
        self.cancel_button.clicked.connect(self.cancelRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.bar, self.cancel_button):
            layout.addWidget(widget)
        self._n = 0
        self._backend = ""
        self._began = 0.0
        self.hide()

    def started(self, n: int, backend: str) -> None:
        """A compile of n×n with ``backend`` began now."""
        self._n, self._backend, self._began = n, backend, time.monotonic()
        self.bar.setValue(0)
        self.label.setText(f"Building the {n}×{n} board…")
        self.show()

    def progressed(self, progress: Progress) -> None:
        share = done_share(progress)
        self.bar.setValue(round(share * 1000))
        step = f", row {progress.done} of {progress.total}" if progress.phase != "search" else ""
        phase = PHASE_WORDS.get(progress.phase, progress.phase)
        self.label.setText(f"Building {self._n}×{self._n}: {phase}{step} · {self.time_left(share)}")

    def ended(self) -> None:
        self.hide()

    def time_left(self, share: float) -> str:
        """The time left, from the time spent so far once there is enough of it, else from the
        measured cost of this size."""
        elapsed = time.monotonic() - self._began
        if share >= 0.05 and elapsed >= 2:
            left = elapsed * (1 - share) / share
        else:
            cost = compile_cost(self._n, self._backend)
            if cost is None:
                return "a few seconds left" if share >= 0.5 else "starting"
            left = cost.seconds * (1 - share)
        return "almost done" if left < 1 else f"{duration(left)} left"
