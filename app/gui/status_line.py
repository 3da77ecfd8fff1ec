"""The status bar's message: one line that never pushes the window wider and never cuts silently.

Text too long for the room left beside the counters is elided with "…"; the whole text is in
its tooltip and accessible description (and explanations are in the Insight panel in full).
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.square_painter import painting


class StatusLine(QWidget):
    """A single elided line of text with its full form in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAccessibleName("Status")

    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.setToolTip(f"<p>{html.escape(text)}</p>" if text else "")
        self.setAccessibleDescription(text)
        self.update()

    def is_elided(self) -> bool:
        """True when the line is too narrow for the whole text."""
        return self.fontMetrics().horizontalAdvance(self._text) > self.width()

    def sizeHint(self) -> QSize:
        return QSize(200, self.fontMetrics().height() + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(40, self.fontMetrics().height() + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, self.width())
        with painting(self) as painter:
            painter.setPen(self.palette().color(self.foregroundRole()))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, shown)
