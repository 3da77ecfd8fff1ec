"""A board answered by an engine in the window's own process (the compiled diagram is one): every
change is taken or declined, and every question answered, before the call returns."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from app.gui.workers.engine_board import AnswerCallback, EngineBoard, Proposal
from bdd_model import Decision, NQueensError
from bdd_model.engine import Engine, answer, take_in_order
from bdd_model.questions import Question


class InProcessBoard(EngineBoard):
    """An n×n board on an engine in this process."""

    def __init__(self, engine: Engine, parent: QObject | None = None) -> None:
        super().__init__(engine.engine, engine.title, engine.view(), parent)
        self._engine = engine

    @classmethod
    def taking(
        cls, engine: Engine, decisions: Sequence[Decision], strict: bool, parent: QObject | None = None
    ) -> InProcessBoard:
        """The engine's board with the decisions taken in order, refusing those that leave no
        solution or not (NQueensError naming the first refused)."""
        engine.strict = strict
        board = cls(take_in_order(engine, decisions), parent)
        board.strict = strict
        return board

    def set_strict(self, strict: bool) -> None:
        """The engine refuses decisions that leave no solution from now on, or keeps them."""
        super().set_strict(strict)
        self._engine.strict = strict

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Replace the decisions outright; NQueensError when no solution keeps them."""
        self._engine.restore(decisions)
        self.view = self._engine.view()

    def propose(self, after: Sequence[Decision], label: str) -> None:
        before = self.view.decisions
        try:
            self.restore(after)
        except NQueensError as error:
            self.declined.emit(Proposal(0, before, tuple(after), label), str(error))
        else:
            self.taken.emit(before, tuple(after), label)

    def ask(self, question: Question, answer_with: AnswerCallback) -> None:
        answer_with(answer(self._engine, question))
