"""Why squares are closed, asked of the board's engine once per square and remembered until the decisions
change: pointing, the panel and the board's frames all ask for the same square (on the BDD at N=15 one answer
takes 50 ms; the SAT engine answers in the background)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from app.gui.mid_end.explanations import Explanation, awaited, explanation
from app.gui.workers.engine_board import EngineBoard
from bdd_model import Cell, CellState
from bdd_model.questions import Answer, Explain, Explained


class ExplanationCache(QObject):
    """The explanations of the board in hand, each asked once."""

    explained = Signal(object)
    """The explanation of this cell arrived."""

    def __init__(self, current: Callable[[], EngineBoard | None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._current = current
        self._known: dict[Cell, Explanation] = {}

    def explain(self, board: EngineBoard, cell: Cell) -> Explanation:
        """The smallest set of decisions that keeps a piece off ``cell``, in words: at once, or
        (on the SAT engine) a stand-in that says it is being found until ``explained``."""
        known = self._known.get(cell)
        if known is not None:
            return known
        state = board.cell(*cell)
        if state is not None and not (state.is_closed or state is CellState.MARKED):
            found = self._known[cell] = explanation(board.puzzle, board.decisions, cell, ())
            return found
        self._known[cell] = awaited(cell)
        board.ask(Explain((cell.row, cell.col)), lambda found: self._arrived(board, cell, found))
        return self._known[cell]

    def ask_again(self, board: EngineBoard) -> None:
        """The board's engine was started again: the explanations it had not given are asked of
        the new one."""
        if board is not self._current():
            return
        for cell in [cell for cell, found in self._known.items() if found.pending]:
            del self._known[cell]
            self.explain(board, cell)

    def forget(self) -> None:
        """The decisions changed: every explanation is asked again when wanted."""
        self._known.clear()

    def _arrived(self, board: EngineBoard, cell: Cell, found: Answer) -> None:
        if board is not self._current() or not isinstance(found, Explained):
            return
        cells = None if found.cells is None else [Cell(*c) for c in found.cells]
        self._known[cell] = explanation(board.puzzle, board.decisions, cell, cells)
        self.explained.emit(cell)
