"""Text in a fixed place that never pushes the window wider or taller and never cuts silently: what does not
fit ends in "…", and the whole is in the tooltip and shown on a click."""

from __future__ import annotations

import html

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFontMetrics, QMouseEvent, QPaintEvent
from PySide6.QtWidgets import QMessageBox, QSizePolicy, QWidget

from app.gui.widgets.action_help import tooltip_html
from app.gui.widgets.painter import painting

FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def fitted(text: str, metrics: QFontMetrics, width: int, lines: int) -> str:
    """``text`` as it fits in ``lines`` wrapped lines of ``width`` pixels: whole, or cut at a
    word and ended with "…"."""
    room = QRect(0, 0, max(width, 1), metrics.lineSpacing() * lines)
    if metrics.boundingRect(QRect(0, 0, max(width, 1), 1 << 20), FLAGS, text).height() <= room.height():
        return text
    words = text.split(" ")
    low, high = 0, len(words)
    while low < high:
        middle = (low + high + 1) // 2
        candidate = " ".join(words[:middle]) + "…"
        if (
            metrics.boundingRect(QRect(0, 0, room.width(), 1 << 20), FLAGS, candidate).height()
            <= room.height()
        ):
            low = middle
        else:
            high = middle - 1
    if low == 0:
        return metrics.elidedText(text, Qt.TextElideMode.ElideRight, room.width())
    return " ".join(words[:low]) + "…"


class ElidedText(QWidget):
    """``lines`` lines of text (1: one line, elided at the right) with the whole in its tooltip;
    ``middle``: text shorter than its room is centred in its height (a status line), else it
    starts at the top (a paragraph); ``whole``: never cut, the text asks for the width it needs
    on one line up to half its parent's width, else on ``lines`` lines, and gets at least that."""

    def __init__(
        self,
        parent: QWidget | None = None,
        lines: int = 1,
        name: str = "",
        about: str = "",
        middle: bool = False,
        whole: bool = False,
    ) -> None:
        super().__init__(parent)
        self._text = ""
        self._detail = ""
        self._lines = lines
        self._middle = middle
        self._whole = whole
        self._narrow: tuple[tuple[str, str], int] = (("", ""), 0)
        self._about = about
        horizontal = QSizePolicy.Policy.Preferred if whole else QSizePolicy.Policy.Ignored
        self.setSizePolicy(horizontal, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines + 4)
        self.setAccessibleName(name)

    def text(self) -> str:
        return self._text

    def set_text(self, text: str, detail: str = "") -> None:
        """Show ``text``; the tooltip holds it whole, then ``detail`` (what it leaves out)."""
        if (text, detail) == (self._text, self._detail):
            return
        self._text, self._detail = text, detail
        whole = " ".join(part for part in (text and f"{text}.", detail) if part)
        if self._about:
            self.setToolTip(
                tooltip_html(self.accessibleName(), f"{whole} {self._about}" if text else self._about)
            )
        else:
            self.setToolTip(f"<p>{html.escape(whole)}</p>" if text else "")
        self.setAccessibleDescription(text)
        if self._whole:
            self.updateGeometry()
        self.update()

    def is_elided(self) -> bool:
        """True when the room is too small for the whole text."""
        return self._shown() != self._text

    def sizeHint(self) -> QSize:
        if self._whole:
            one_line = self.fontMetrics().horizontalAdvance(self._text) + 4
            parent = self.parentWidget()
            room = parent.width() // 2 if parent is not None else one_line
            return QSize(one_line if one_line <= room else self._narrowest(), self.height())
        return QSize(200, self.height())

    def minimumSizeHint(self) -> QSize:
        if self._whole:
            return QSize(self._narrowest(), self.height())
        return QSize(40, self.height())

    def _narrowest(self) -> int:
        """The least width that shows the whole text on ``lines`` lines (kept per text and
        font: layouts ask for it on every change of the window)."""
        key = (self._text, self.font().key())
        if self._narrow[0] != key:
            metrics, room = self.fontMetrics(), self.fontMetrics().lineSpacing() * self._lines
            low, high = 1, metrics.horizontalAdvance(self._text) + 4
            while low < high:
                middle = (low + high) // 2
                if metrics.boundingRect(QRect(0, 0, middle, 1 << 20), FLAGS, self._text).height() <= room:
                    high = middle
                else:
                    low = middle + 1
            self._narrow = (key, high)
        return self._narrow[1]

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """A click on a cut text shows it whole."""
        if self.is_elided() and event.button() == Qt.MouseButton.LeftButton:
            box = QMessageBox(
                QMessageBox.Icon.NoIcon, self.accessibleName() or "Message", self._text, parent=self
            )
            box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            box.open()
        else:
            super().mousePressEvent(event)

    def _shown(self) -> str:
        metrics = self.fontMetrics()
        if self._lines == 1:
            return metrics.elidedText(self._text, Qt.TextElideMode.ElideRight, self.width())
        return fitted(self._text, metrics, self.width(), self._lines)

    def paintEvent(self, event: QPaintEvent) -> None:
        shown = self._shown()
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if shown != self._text else Qt.CursorShape.ArrowCursor
        )
        flags = FLAGS if self._lines > 1 else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        room = self.rect()
        if self._middle and self._lines > 1:
            height = self.fontMetrics().boundingRect(room, flags, shown).height()
            room.setTop((room.height() - height) // 2)
        with painting(self) as painter:
            painter.setPen(self.palette().color(self.foregroundRole()))
            painter.drawText(room, flags, shown)
