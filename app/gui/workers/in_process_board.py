"""A board answered by an engine in the window's own process (the compiled diagram is one): every
change is taken or declined, and every question answered, before the call returns."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from app.gui.workers.engine_board import AnswerCallback, EngineBoard, Proposal
from bdd_model import Decision, NQueensError
from bdd_model.engine import Engine, answer
from bdd_model.questions import Question


class InProcessBoard(EngineBoard):
    """An n×n board on an engine in this process."""

    def __init__(self, engine: Engine, parent: QObject | None = None) -> None:
        super().__init__(engine.engine, engine.title, engine.view(), parent)
        self._engine = engine

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
