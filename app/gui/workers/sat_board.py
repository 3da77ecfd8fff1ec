"""A board answered by the SAT worker: what is known of it now, filled in as answers arrive.

Everything that needs no solver shows at once: the user's queens and marks, and the squares in
line with a placed queen. The other squares are unknown ("checking") until the worker decides
them, a few milliseconds to a second later.

A click never waits for the worker. A change the user makes (``propose``) shows at once and is
sent; the worker takes or refuses the changes in the order they were made. A taken change is
announced (``taken``: the session makes it an undo step); a refused one (a queen on a square
still being checked that turns out closed) is dropped, the changes made after it are applied
again without it, and ``declined`` says why. Undo and redo, a new size, an opened file
(``restore``) replace the decisions outright.

The count keeps its last figure while a newer one is worked out (``count_updating``): first
the quick figure after a click, when its interval is narrow enough not to be contradicted by
the final one (``SolutionCount.steady``), then the final one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, QTimer, Signal

from app.gui.workers.sat_client import SatClient
from bdd_model import Cell, CellState, Decision, DecisionKind, in_line
from bdd_model.engine import STATE_ORDER, line_mask, why_not_open
from bdd_model.solution_count import SolutionCount

Answer = Callable[[dict[str, Any]], None]
LOOK_OF_DIGIT: dict[str, CellState | None] = {str(code): state for code, state in enumerate(STATE_ORDER)}
LOOK_OF_DIGIT[str(len(STATE_ORDER))] = None
"""The worker's one-digit state codes (``sat_worker.digits``)."""
SLOW_MS = 1000
"""After this long unsettled, the window says that a hard square can take seconds."""


@dataclass(frozen=True)
class Proposal:
    """A change the user made, waiting for the worker: the decisions before and after."""

    ident: int
    before: tuple[Decision, ...]
    after: tuple[Decision, ...]
    label: str

    def onto(self, base: tuple[Decision, ...]) -> tuple[Decision, ...] | None:
        """The same change made on other decisions: take away what it took away, add what it
        added; None when it does not apply there (what it took away is not there, or a square it
        decides is decided already)."""
        removed = [d for d in self.before if d not in self.after]
        added = [d for d in self.after if d not in self.before]
        if not set(removed) <= set(base):
            return None
        kept = tuple(d for d in base if d not in removed)
        if {d.cell for d in added} & {d.cell for d in kept} or not (removed or added):
            return None
        return (*kept, *added)


class SatBoard(QObject):
    """The known part of an n×n board on the SAT engine, and questions about it."""

    engine = "sat"
    diagram = None
    """The compiled diagram behind the board: none here (``DiagramBoard`` has one)."""
    accepted = Signal()
    """The worker took the board's decisions (the first answer about them)."""
    refused = Signal(str)
    """The worker refused the decisions given by ``restore`` (no solution keeps them all)."""
    taken = Signal(object, object, str)
    """(before, after, label): the worker took a proposed change."""
    declined = Signal(object, str)
    """(the refused proposal, why): the change is undone and the later ones made again."""
    updated = Signal()
    """More squares are decided, or the count is better known."""
    restarted = Signal()
    """The worker was started again: questions asked before (explanations) went unanswered."""

    def __init__(
        self, client: SatClient, n: int, decisions: Sequence[Decision], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._client = client
        self._n = n
        self._asked: dict[int, tuple[int, Answer]] = {}
        self._board_id = 0
        self._proposals: list[Proposal] = []
        self._figure: SolutionCount | None = None
        self._shown: SolutionCount | None = None
        self._final = False
        self.solver_calls = 0
        self.settle_ms = 0.0
        self._slow = QTimer(self, singleShot=True, interval=SLOW_MS)
        self._slow.timeout.connect(self.updated)
        client.answered.connect(self._answered)
        self.restore(decisions)

    @property
    def n(self) -> int:
        return self._n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions shown: the last taken ones and the proposals after them."""
        return self._decisions

    @property
    def pending(self) -> int:
        """Proposed changes the worker has not answered yet."""
        return len(self._proposals)

    @property
    def newest_label(self) -> str:
        """What the newest change not answered yet did ("Queen on 5,3"), or ""."""
        return self._proposals[-1].label if self._proposals else ""

    @property
    def count(self) -> int | None:
        """The exact number of solutions left, once the worker has counted it."""
        return self._figure.exact if self._figure is not None else None

    @property
    def count_at_least(self) -> int:
        """A true lower bound on the solutions left (1 until the worker says more: the
        decisions keep a solution)."""
        return self._figure.at_least if self._figure is not None else 1

    @property
    def solution_count(self) -> SolutionCount | None:
        """The figure to show: the current decisions' when known, else the last one (see
        ``count_updating``); None before the first."""
        return self._figure or self._shown

    @property
    def count_updating(self) -> bool:
        """True while a better figure for the current decisions is being worked out."""
        return not self._final

    @property
    def settled(self) -> bool:
        """Every square is decided."""
        return self._settled

    @property
    def unknown(self) -> int:
        """Squares still being proven."""
        return sum(row.count(None) for row in self._states)

    @property
    def slow(self) -> bool:
        """The squares of these decisions have been proven for longer than ``SLOW_MS`` and
        some are not yet: a hard one can take seconds."""
        return not self._settled and not self._slow.isActive()

    @property
    def is_solved(self) -> bool:
        """Every row holds a queen, placed or forced."""
        return all(CellState.QUEEN in row or CellState.FORCED in row for row in self._states)

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take these decisions now (they held before, or a file or size brings them) and ask
        the worker about them; proposals in hand are dropped."""
        self._proposals.clear()
        self._show(tuple(decisions))

    def propose(self, after: Sequence[Decision], label: str) -> None:
        """Show a change of the decisions at once and ask the worker to take it."""
        before = self._decisions
        self._show(tuple(after))
        self._proposals.append(Proposal(self._board_id, before, self._decisions, label))

    def resend(self) -> None:
        """The worker died: ask the new one about the decisions it last took, then make the
        changes not taken yet again, in order (each still becomes its undo step)."""
        pending, self._proposals = self._proposals, []
        self._asked.clear()
        self._show(pending[0].before if pending else self._decisions)
        for proposal in pending:
            after = proposal.onto(self._decisions)
            if after is not None:
                self.propose(after, proposal.label)
        self.restarted.emit()

    def withdraw(self) -> Proposal | None:
        """Take back the newest proposal not answered yet (Undo while the worker is busy)."""
        if not self._proposals:
            return None
        last = self._proposals.pop()
        self._show(last.before)
        return last

    def cell(self, row: int, col: int) -> CellState | None:
        """The square's state, or None while it is being checked."""
        return self._states[row][col]

    def states(self) -> list[list[CellState | None]]:
        return [list(row) for row in self._states]

    def queens(self) -> list[Cell]:
        """The queens known now, placed and forced, row-major (one queen a row at most: each
        row is searched in C)."""
        found = []
        for r, row in enumerate(self._states):
            for kind in (CellState.QUEEN, CellState.FORCED):
                if kind in row:
                    found.append(Cell(r, row.index(kind)))
        return found

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

    def _show(self, decisions: tuple[Decision, ...]) -> None:
        """Show these decisions with what needs no solver, and send them to the worker."""
        self._decisions = decisions
        self._states = _known_without_solver(self._n, decisions)
        self._shown = self._figure or self._shown
        self._figure = None
        self._final = False
        self._settled = False
        self._slow.start()
        self._board_id = self._client.request(
            "board", n=self._n, decisions=[[d.cell.row, d.cell.col, d.kind.value] for d in decisions]
        )

    def _answered(self, ident: int, record: dict[str, Any]) -> None:
        if ident in self._asked:
            board, answer = self._asked.pop(ident)
            if board == self._board_id:
                answer(record)
            return
        proposal = next((p for p in self._proposals if p.ident == ident), None)
        if proposal is not None and ("known" in record or "error" in record):
            self._answer_proposal(proposal, record)
        elif ident == self._board_id:
            self._answer_board(record)

    def _answer_proposal(self, proposal: Proposal, record: dict[str, Any]) -> None:
        """The worker took or refused a proposal (answers come in the order of the proposals)."""
        index = self._proposals.index(proposal)
        if "known" in record:
            answered, self._proposals = self._proposals[: index + 1], self._proposals[index + 1 :]
            for change in answered:
                self.taken.emit(change.before, change.after, change.label)
            if proposal.ident == self._board_id:
                self._answer_board(record)
            return
        later = self._proposals[index + 1 :]
        del self._proposals[index:]
        self._show(proposal.before)
        for change in later:
            after = change.onto(self._decisions)
            if after is not None:
                self.propose(after, change.label)
        self.declined.emit(proposal, str(record["error"]))
        self.updated.emit()

    def _answer_board(self, record: dict[str, Any]) -> None:
        if "error" in record:
            self.refused.emit(str(record["error"]))
        elif "known" in record:
            n, known = self._n, str(record["known"])
            if len(known) == n * n:
                self._states = [
                    list(map(LOOK_OF_DIGIT.__getitem__, known[r * n : (r + 1) * n])) for r in range(n)
                ]
            self.accepted.emit()
            self.updated.emit()
        elif "cells" in record:
            for square, digit in zip(record["cells"], record["codes"], strict=True):
                row, col = divmod(square, self._n)
                self._states[row][col] = LOOK_OF_DIGIT[digit]
            if record.get("settled"):
                self._settled = True
                self.solver_calls = int(record.get("calls", 0))
                self.settle_ms = float(record.get("ms", 0.0))
            self.updated.emit()
        elif "count" in record:
            figure = SolutionCount.from_wire(record["count"])
            final = bool(record.get("final"))
            if figure is not None and (final or figure.steady):
                self._figure = self._shown = figure
                self._final = final
                self.updated.emit()


def _known_without_solver(n: int, decisions: Sequence[Decision]) -> list[list[CellState | None]]:
    """The user's queens and marks, and the squares in line with a placed queen (closed in
    every solution); every other square unknown."""
    queens = np.zeros((n, n), dtype=bool)
    for d in decisions:
        if d.kind is DecisionKind.QUEEN:
            queens[d.cell] = True
    looks = (None, CellState.ATTACKED)
    states: list[list[CellState | None]] = [
        list(map(looks.__getitem__, row)) for row in line_mask(n, queens).astype(np.int8).tolist()
    ]
    for d in decisions:
        states[d.cell.row][d.cell.col] = CellState.QUEEN if d.kind is DecisionKind.QUEEN else CellState.MARKED
    return states
