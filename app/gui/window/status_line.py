"""The status bar's left side: what just happened, the square pointed at, or the board's own line,
which comes back when the pointer leaves the board."""

from __future__ import annotations

from app.gui.widgets.elided_text import ElidedText
from app.gui.window.pointed_square import PointedSquare


class StatusLine:
    """One line of words over an ``ElidedText``, kept in step with the square pointed at."""

    def __init__(self, text: ElidedText, pointed: PointedSquare, board_line: str) -> None:
        self._text = text
        self._pointed = pointed
        self.board_line = board_line
        """What the line says of the board when no square is described."""
        self.describing = False
        """The line describes the square pointed at (or chosen), and follows it."""

    def say(self, text: str) -> None:
        """The board's own line: shown now, and again when the pointer leaves the board."""
        self.board_line = text
        self.describing = False
        self._text.set_text(text)

    def describe(self) -> None:
        """The square pointed at (else the chosen one); with neither, the board's line again."""
        text = self._pointed.words()
        if text is not None:
            self._text.set_text(text)
            self.describing = True
        elif self.describing:
            self._text.set_text(self.board_line)
            self.describing = False
