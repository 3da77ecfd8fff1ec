"""A board answered by the SAT worker: what is known of it now, filled in as answers arrive.

The decisions are taken at once (the session only sends decisions the known states allow, or
ones undo brings back, which held before), and so is everything that needs no solver: the
user's queens and marks, and the squares in line with a placed queen. The other squares are
unknown ("checking") until the worker decides them, a few milliseconds to a second later. The
count is a true lower bound until the worker counts it exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, Signal

from app.gui.sat_client import SatClient
from bdd_model import Cell, CellState, Decision, DecisionKind, in_line
from bdd_model.engine import line_mask, why_not_open

Answer = Callable[[dict[str, Any]], None]


class SatBoard(QObject):
    """The known part of an n×n board on the SAT engine, and questions about it."""

    engine = "sat"
    accepted = Signal()
    """The worker took the board's decisions (the first answer about them)."""
    refused = Signal(str)
    """The worker refused the decisions (no solution keeps them all)."""
    updated = Signal()
    """More squares are decided, or the count is better known."""

    def __init__(
        self, client: SatClient, n: int, decisions: Sequence[Decision], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._client = client
        self._n = n
        self._asked: dict[int, tuple[int, Answer]] = {}
        self._board_id = 0
        self.solver_calls = 0
        client.answered.connect(self._answered)
        self.restore(decisions)

    @property
    def n(self) -> int:
        return self._n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return self._decisions

    @property
    def count(self) -> int | None:
        """The exact number of solutions left, once the worker has counted it."""
        return self._count

    @property
    def count_at_least(self) -> int:
        """A true lower bound on the solutions left (1 until the worker says more: the
        decisions were checked to keep a solution)."""
        return self._at_least

    @property
    def settled(self) -> bool:
        """Every square is decided."""
        return self._settled

    @property
    def is_solved(self) -> bool:
        """Every row holds a queen, placed or forced."""
        return all(any(s is not None and s.has_queen for s in row) for row in self._states)

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take these decisions now and ask the worker about them."""
        self._decisions = tuple(decisions)
        self._states = _known_without_solver(self._n, self._decisions)
        self._count: int | None = None
        self._at_least = 1
        self._settled = False
        self._board_id = self._client.request(
            "board",
            n=self._n,
            decisions=[[d.cell.row, d.cell.col, d.kind.value] for d in self._decisions],
        )

    def cell(self, row: int, col: int) -> CellState | None:
        """The square's state, or None while it is being checked."""
        return self._states[row][col]

    def states(self) -> list[list[CellState | None]]:
        return [list(row) for row in self._states]

    def queens(self) -> list[Cell]:
        """The queens known now, placed and forced, row-major."""
        return [
            Cell(r, c)
            for r, row in enumerate(self._states)
            for c, s in enumerate(row)
            if s is not None and s.has_queen
        ]

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The known queens in line with (row, col)."""
        return [queen for queen in self.queens() if in_line(queen, Cell(row, col))]

    def why_not_open(self, row: int, col: int) -> str:
        """Why a queen cannot stand on a decided square now, in the engines' words."""
        return why_not_open(self, row, col)

    def cell_counts(self) -> None:
        """The SAT engine does not count per square."""
        return None

    def ask(self, op: str, answer: Answer, **fields: Any) -> None:
        """Ask the worker about the current decisions; ``answer`` hears the reply unless the
        decisions changed in between."""
        self._asked[self._client.request(op, **fields)] = (self._board_id, answer)

    def _answered(self, ident: int, record: dict[str, Any]) -> None:
        if ident in self._asked:
            board, answer = self._asked.pop(ident)
            if board == self._board_id:
                answer(record)
            return
        if ident != self._board_id:
            return
        if "error" in record:
            self.refused.emit(str(record["error"]))
        elif "known" in record:
            for r, row in enumerate(record["known"]):
                for c, state in enumerate(row):
                    if state is not None:
                        self._states[r][c] = CellState(state)
            self.accepted.emit()
            self.updated.emit()
        elif "cells" in record:
            for r, c, state in record["cells"]:
                self._states[r][c] = CellState(state)
            self.updated.emit()
        else:
            if "count" in record:
                self._count = record["count"]
            if "at_least" in record:
                self._at_least = max(self._at_least, int(record["at_least"]))
            if record.get("settled"):
                self._settled = True
                self.solver_calls = int(record.get("calls", 0))
            self.updated.emit()


def _known_without_solver(n: int, decisions: Sequence[Decision]) -> list[list[CellState | None]]:
    """The user's queens and marks, and the squares in line with a placed queen (closed in
    every solution); every other square unknown."""
    queens = np.zeros((n, n), dtype=bool)
    for d in decisions:
        if d.kind is DecisionKind.QUEEN:
            queens[d.cell] = True
    attacked = line_mask(n, queens)
    states: list[list[CellState | None]] = [
        [CellState.ATTACKED if attacked[r, c] else None for c in range(n)] for r in range(n)
    ]
    for d in decisions:
        states[d.cell.row][d.cell.col] = CellState.QUEEN if d.kind is DecisionKind.QUEEN else CellState.MARKED
    return states
