"""A board answered by the compiled diagram, with the same face as ``SatBoard``: every change is
taken or declined at once, every question answered at once, and every square is always decided.

The session talks to both boards alike (propose, withdraw, ask; taken, declined, updated); this
one simply answers before the call returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from PySide6.QtCore import QObject, Signal

from app.gui.workers.board_answers import board_answer
from app.gui.workers.sat_board import Answer, Proposal
from bdd_model import Cell, CellState, Configurator, Decision, NQueensError
from bdd_model.solution_count import SolutionCount


class DiagramBoard(QObject):
    """An n×n board on the compiled diagram (``diagram``: the configurator behind it)."""

    engine = "bdd"
    refused = Signal(str)
    taken = Signal(object, object, str)
    """(before, after, label): a proposed change was taken (at once)."""
    declined = Signal(object, str)
    """(the refused proposal, why): no solution keeps the change; nothing changed."""
    updated = Signal()
    restarted = Signal()
    solver_calls = 0
    pending = 0
    newest_label = ""
    count_updating = False
    settled = True
    unknown = 0
    slow = False

    def __init__(self, diagram: Configurator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.diagram = diagram

    @property
    def n(self) -> int:
        return self.diagram.n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return self.diagram.decisions

    @property
    def count(self) -> int:
        return self.diagram.count

    @property
    def count_at_least(self) -> int:
        return self.diagram.count_at_least

    @property
    def solution_count(self) -> SolutionCount:
        return SolutionCount.of(self.diagram.count)

    @property
    def is_solved(self) -> bool:
        return self.diagram.is_solved

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Replace the decisions outright (undo, redo); NQueensError when no solution keeps them."""
        self.diagram.restore(decisions)

    def propose(self, after: Sequence[Decision], label: str) -> None:
        """Take the change now (``taken``), or leave the board as it was (``declined``)."""
        before = self.diagram.decisions
        try:
            self.diagram.restore(after)
        except NQueensError as error:
            self.declined.emit(Proposal(0, before, tuple(after), label), str(error))
        else:
            self.taken.emit(before, tuple(after), label)

    def withdraw(self) -> Proposal | None:
        """Nothing waits for an answer here."""
        return None

    def resend(self) -> None:
        """Nothing was sent."""

    def cell(self, row: int, col: int) -> CellState | None:
        return self.diagram.cell(row, col)

    def states(self) -> list[list[CellState | None]]:
        return cast(list[list[CellState | None]], self.diagram.states())

    def queens(self) -> list[Cell]:
        return self.diagram.queens()

    def attackers(self, row: int, col: int) -> list[Cell]:
        return self.diagram.attackers(row, col)

    def why_not_open(self, row: int, col: int) -> str:
        return self.diagram.why_not_open(row, col)

    def cell_counts(self) -> list[list[int]]:
        return self.diagram.cell_counts()

    def ask(self, op: str, answer: Answer, **fields: Any) -> None:
        """Answer at once, in the SAT worker's words."""
        answer(board_answer(self.diagram, {"op": op, **fields}))
