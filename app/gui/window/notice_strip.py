"""The status bar's place, one fixed height so that the board never moves: messages that must be read first,
then an offer to build the exact diagram, else the status line and the count."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QStackedWidget, QWidget

from app.gui.widgets.elided_text import ElidedText
from app.gui.window.build_bar import BuildBar


class MessageBar(QFrame):
    """Messages that must be read, shown one at a time until dismissed."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Message")
        self.text = ElidedText(self, lines=2, middle=True, name="Message")
        self.dismiss_button = QPushButton("&Dismiss", self)
        self.dismiss_button.setToolTip("Put this message away (the board goes on as it is)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.dismiss_button)
        self._waiting: list[tuple[str, str]] = []
        """(text, topic) of each message not yet dismissed, the one shown first."""
        self.dismiss_button.clicked.connect(self.dismiss)

    def waiting(self) -> list[str]:
        """The messages not yet dismissed, the one shown first."""
        return [text for text, _ in self._waiting]

    def post(self, text: str, topic: str = "") -> None:
        """Show ``text`` until dismissed (after the ones before it); a message already waiting
        is not repeated. A ``topic`` keeps one message: a new one on it replaces the old, and
        an empty one takes it away (the trouble is over)."""
        if topic:
            self._waiting = [(old, about) for old, about in self._waiting if about != topic]
        if text and text not in self.waiting():
            self._waiting.append((text, topic))
        self._show_first()

    def dismiss(self) -> None:
        """Put the message shown away; the next one, if any, takes its place."""
        if self._waiting:
            self._waiting.pop(0)
            self._show_first()

    def _show_first(self) -> None:
        more = len(self._waiting) - 1
        if self._waiting:
            self.text.set_text(self._waiting[0][0] + (f" (and {more} more)" if more else ""))
        self.dismiss_button.setText("&Next" if more else "&Dismiss")
        self.changed.emit()


class NoticeStrip(QStackedWidget):
    """The status line and count, the build offer, or a message, in one place of one height."""

    def __init__(self, status: QWidget, offer: BuildBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.offer = offer
        self.messages = MessageBar(self)
        for page in (status, offer, self.messages):
            self.addWidget(page)
        self.setFixedHeight(max(page.sizeHint().height() for page in (status, offer, self.messages)))
        offer.changed.connect(self._pick)
        self.messages.changed.connect(self._pick)
        self._pick()

    def _pick(self) -> None:
        if self.messages.waiting():
            self.setCurrentWidget(self.messages)
        elif self.offer.offered:
            self.setCurrentWidget(self.offer)
        else:
            self.setCurrentIndex(0)
