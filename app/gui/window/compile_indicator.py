"""The status bar's word on a board being built: what is happening, how far, the time left and Cancel, in
words of one width so that the status bar never jumps."""

from __future__ import annotations

import math
import time

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QProgressBar, QToolButton, QWidget

from app.gui.widgets.action_help import tooltip_html
from app.gui.widgets.elided_text import ElidedText
from bdd_model import Progress
from bdd_model.build_cost.countdown import Countdown, done_share
from bdd_model.progress import PHASES
from bdd_model.wording import duration

PHASE_WORDS = dict(
    zip(PHASES, ("searching", "row {done} of {total}", "stored {done} of {total} rows"), strict=True)
)
"""Each phase of a build in a few words, short enough that a family's 15×15 fits beside the time
left in the words' two lines."""
WORDS_WIDTH = 220
"""The words' room in the status bar (pixels)."""


class CompileIndicator(QWidget):
    """Progress of one compile in words, a bar and a Cancel button."""

    cancelRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = ElidedText(self, lines=2, middle=True, name="Building a board")
        self.label.setFixedWidth(WORDS_WIDTH)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 1000)
        self.bar.setFixedWidth(60)
        self.bar.setTextVisible(False)
        self.cancel_button = QToolButton(self)
        self.cancel_button.setText("Cancel")
        self.cancel_button.setToolTip(tooltip_html("Cancel", "Stop building the new board; this one stays"))
        self.cancel_button.clicked.connect(self.cancelRequested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.bar, self.cancel_button):
            layout.addWidget(widget)
        self._board = ""
        self._began = 0.0
        self._countdown = Countdown()
        self._step = ""
        self._tick = QTimer(self)
        self._tick.setInterval(1000)
        self._tick.timeout.connect(self._say)
        self.hide()

    def started(self, board: str, backend: str, expected: float | None) -> None:
        """A compile of the board named ``board`` ("13×13 no-touch") with ``backend`` began now;
        ``expected``: its estimated seconds."""
        self._board, self._began = board, time.monotonic()
        self._countdown = Countdown(expected, backend)
        self._step = f"Building the {board} board"
        self.bar.setValue(0)
        self._say()
        self._tick.start()
        self.show()

    def progressed(self, progress: Progress) -> None:
        self.bar.setValue(round(done_share(progress, self._countdown.backend) * 1000))
        words = PHASE_WORDS.get(progress.phase, progress.phase)
        self._step = f"Building {self._board}: {words.format(done=progress.done, total=progress.total)}"
        self._countdown.report(progress, time.monotonic() - self._began)
        self._say()

    def ended(self) -> None:
        self._tick.stop()
        self.hide()

    def time_left(self) -> str:
        """The time left in words: "about 8 s left", "almost done", "starting"."""
        left = self._countdown.left(time.monotonic() - self._began)
        if math.isinf(left):
            return "starting"
        return "almost done" if left < 1 else f"{duration(left)} left"

    def _say(self) -> None:
        self.label.set_text(f"{self._step} · {self.time_left()}")
