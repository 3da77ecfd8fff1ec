"""The toolbar's board size, typed or stepped with the arrows: a size is chosen where the steps stop, so that
passing sizes on the way starts no compiles, and the box then lets go of the keys."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QValidator, QWheelEvent
from PySide6.QtWidgets import QLabel, QSpinBox, QToolBar, QWidget

from app.gui.widgets.action_help import tooltip_html

SETTLE_MS = 500
"""Stepping pauses this long before the size it stopped on is chosen."""
_NUMBER = re.compile(r"\s*(\d{1,3})")


class SizeBox(QSpinBox):
    """A spin box that shows N × N and emits ``chosen`` when the user settles on a size."""

    chosen = Signal(int)
    released = Signal()
    """The user is done with the box (a size chosen in it, or Enter): the keys go elsewhere."""
    outside = Signal(int)
    """A size typed past the box's range was entered (the box shows the size it had)."""

    def __init__(self, maximum: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(1, maximum)
        self.setKeyboardTracking(False)
        self.setFixedWidth(self.fontMetrics().horizontalAdvance(self.textFromValue(100)) + 44)
        self.setAccessibleName("Board size")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._choose)
        self.valueChanged.connect(lambda _: self._settle.start())
        self.editingFinished.connect(self._choose_now)

    def add_to(self, toolbar: QToolBar) -> None:
        """Put the box in ``toolbar`` behind its label, both explained in a tooltip."""
        label = QLabel(" Board size ", toolbar)
        toolbar.addWidget(label)
        self.setToolTip(
            tooltip_html(
                "Board size",
                "N queens on an N×N board, from 1 to 100: type a size and press Enter, or step "
                "with the arrows. Up to 12 the exact diagram opens at once; 13 to 15 open on the "
                "SAT engine while the diagram is offered; larger boards are the SAT engine's. "
                "Undo brings back the previous size.",
            )
        )
        label.setToolTip(self.toolTip())
        toolbar.addWidget(self)

    def show_size(self, n: int) -> None:
        """Show ``n`` (the board shown now) without choosing it."""
        self._settle.stop()
        self.blockSignals(True)
        self.setValue(n)
        self.blockSignals(False)

    def _choose_now(self) -> None:
        if self._settle.isActive():
            self._settle.stop()
            self._choose()
        elif self.hasFocus():
            self.released.emit()

    def _choose(self) -> None:
        focused = self.hasFocus()
        self.chosen.emit(self.value())
        if focused:
            self.released.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter on a size past the range says so (``outside``) rather than nothing."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            match = _NUMBER.match(self.lineEdit().text())
            if match is not None and not self.minimum() <= int(match.group(1)) <= self.maximum():
                self.outside.emit(int(match.group(1)))
        super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.hasFocus():
            super().wheelEvent(event)
        else:
            event.ignore()

    def textFromValue(self, value: int) -> str:
        return f"{value} × {value}"

    def valueFromText(self, text: str) -> int:
        match = _NUMBER.match(text)
        return int(match.group(1)) if match else self.value()

    def validate(self, text: str, position: int) -> tuple[QValidator.State, str, int]:
        match = _NUMBER.match(text)
        if not text.strip() or match is None:
            return QValidator.State.Intermediate, text, position
        value = int(match.group(1))
        inside = self.minimum() <= value <= self.maximum()
        return (QValidator.State.Acceptable if inside else QValidator.State.Intermediate), text, position
