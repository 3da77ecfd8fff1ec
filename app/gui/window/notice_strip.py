"""The status bar's place, one fixed height so that the board never moves: messages that must be read first,
then an offer to build the exact diagram, else the status line and the count."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QStackedWidget, QWidget

from app.gui.widgets.elided_text import ElidedText
from app.gui.window.build_bar import BuildBar

BOARD_TOPIC = "board"
"""The topic of messages about the board in hand (a file not opened or saved, a board refused):
they end when that board is left."""


@dataclass(eq=False)
class Notice:
    """One message waiting to be read, and what it is about ("": nothing that ends by itself)."""

    text: str
    topic: str


class MessageBar(QFrame):
    """Messages that must be read, shown one at a time until dismissed, or until the board
    they are about is left."""

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
        self._waiting: list[Notice] = []
        """Each message not yet dismissed, the one shown first."""
        self._of_board_left: list[Notice] = []
        """The messages about the board being left, which go once it is."""
        self.dismiss_button.clicked.connect(self.dismiss)

    def waiting(self) -> list[str]:
        """The messages not yet dismissed, the one shown first."""
        return [notice.text for notice in self._waiting]

    def post(self, text: str, topic: str = "") -> None:
        """Show ``text`` until dismissed (after the ones before it); a message already waiting
        is not repeated. A ``topic`` keeps one message: a new one on it replaces the old, and
        an empty one takes it away (the trouble is over)."""
        if topic:
            self._waiting = [notice for notice in self._waiting if notice.topic != topic]
        if text and text not in self.waiting():
            self._waiting.append(Notice(text, topic))
        self._show_first()

    def leaving_board(self) -> None:
        """Another board was asked for: the messages about the board in hand now go once it is
        shown (``board_left``); those said meanwhile are about the new one and stay."""
        self._of_board_left = [notice for notice in self._waiting if notice.topic == BOARD_TOPIC]

    def board_left(self) -> None:
        """The board asked for is shown: the messages about the one before go."""
        if self._of_board_left:
            left, self._of_board_left = self._of_board_left, []
            self._waiting = [notice for notice in self._waiting if all(notice is not old for old in left)]
            self._show_first()

    def dismiss(self) -> None:
        """Put the message shown away; the next one, if any, takes its place."""
        if self._waiting:
            self._waiting.pop(0)
            self._show_first()

    def _show_first(self) -> None:
        more = len(self._waiting) - 1
        if self._waiting:
            self.text.set_text(self._waiting[0].text + (f" (and {more} more)" if more else ""))
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
