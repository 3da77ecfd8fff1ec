"""Which square the Insight panel explains and Free acts on: the chosen square stays chosen while the pointer
only previews others in the status line, so that moving to the Free button never changes what it frees."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.gui.mid_end.explanations import Explanation
from app.gui.mid_end.session import BoardSession
from bdd_model import Cell, CellState


class PointedSquare(QObject):
    """The chosen square and the square pointed at, on one session's board."""

    changed = Signal()
    """What the panel shows changed: another square, or its explanation arrived."""

    def __init__(self, session: BoardSession, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self.pointed: Cell | None = None
        self.chosen: Cell | None = None
        session.boardReplaced.connect(self._forget)
        session.explained.connect(self._explained)

    def point(self, cell: Cell | None) -> None:
        """The pointer (or keyboard cursor) is on ``cell`` now (None: off the board)."""
        if cell != self.pointed:
            self.pointed = cell
            self.changed.emit()

    def choose(self, cell: Cell) -> None:
        """The user chose ``cell`` (clicked it): a closed or marked square becomes the one the
        panel explains and Free frees; any other square lets the choice go."""
        chosen = cell if self._closed(cell) else None
        if chosen != self.chosen:
            self.chosen = chosen
            self.changed.emit()

    def let_go(self) -> bool:
        """Escape: forget the chosen square; False when none was chosen."""
        if self.chosen is None:
            return False
        self.chosen = None
        self.changed.emit()
        return True

    @property
    def shown(self) -> Cell | None:
        """The square the panel explains: the chosen one while it is still closed or marked,
        else the one pointed at while it is closed."""
        if self.chosen is not None and self._closed(self.chosen):
            return self.chosen
        if self.pointed is not None and self._closed(self.pointed):
            return self.pointed
        return None

    def words(self) -> str | None:
        """The status line's words: on the square pointed at, else on the chosen one; while
        another square is chosen they say that Free acts on that one. None: no square."""
        cell = self.pointed if self.pointed is not None else self.chosen
        if cell is None:
            return None
        text = self._session.describe(cell)
        chosen = self.chosen
        if chosen is not None and cell != chosen and self._closed(chosen):
            text += f" Free still acts on {chosen.label()}, the square you chose (Esc lets it go)."
        return text

    def explanation(self) -> Explanation | None:
        """The explanation of the square shown, if any."""
        cell = self.shown
        return self._session.explain(cell) if cell is not None else None

    def chosen_explanation(self) -> Explanation | None:
        """The explanation of the chosen square (what Free acts on), if it is still closed."""
        if self.chosen is None or not self._closed(self.chosen):
            return None
        return self._session.explain(self.chosen)

    def free(self) -> None:
        """Free the square shown (Game → Free Square, or the panel's button): the chosen one,
        else the closed square under the keyboard cursor or the pointer."""
        if self.shown is not None:
            self._session.free(self.shown)

    def _closed(self, cell: Cell) -> bool:
        view = self._session.shown_view()
        if view is None or cell.row >= view.n or cell.col >= view.n:
            return False
        state = view.state(*cell)
        return state is not None and (state.is_closed or state is CellState.MARKED)

    def _forget(self) -> None:
        self.pointed = self.chosen = None

    def _explained(self, cell: Cell) -> None:
        """An explanation arrived: the panel shows it for the square shown, the status line for
        the square pointed at, which differ while another square is chosen."""
        if cell in (self.shown, self.pointed):
            self.changed.emit()
