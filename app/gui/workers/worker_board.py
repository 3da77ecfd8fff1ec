"""A board answered by the engine in the worker process: what is known of it now, filled in as replies arrive,
with changes shown at once and taken or refused by the worker in the order they were made."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from PySide6.QtCore import QObject, QTimer

from app.gui.workers.engine_board import AnswerCallback, EngineBoard, Proposal
from app.gui.workers.worker_client import WorkerClient
from app.gui.workers.worker_messages import (
    Answered,
    Ask,
    Counted,
    Decided,
    Point,
    Refused,
    Reply,
    SquaresCounted,
    TakeBoard,
    Taken,
)
from bdd_model import Cell, Decision
from bdd_model.board_view import BoardView
from bdd_model.decisions import codes
from bdd_model.engines import EngineKind
from bdd_model.puzzles import Puzzle
from bdd_model.questions import Question
from bdd_model.solution_count import SolutionCount

SLOW_SECONDS = 1.0
"""After this long unsettled, the window says that a hard square can take seconds."""
SAID_AGAIN = (SLOW_SECONDS, 3.0, 5.0)
"""Seconds after a change at which the status is said again (what the count waits for after 3,
that a proof can take minutes after 5)."""


class WorkerBoard(EngineBoard):
    """The known part of a puzzle's board on the worker's engine of that ``kind``."""

    def __init__(
        self,
        client: WorkerClient,
        kind: EngineKind,
        puzzle: Puzzle,
        decisions: Sequence[Decision],
        parent: QObject | None = None,
        strict: bool = True,
    ) -> None:
        super().__init__(kind.name, kind.title, BoardView.without_engine(puzzle, tuple(decisions)), parent)
        self.strict = strict
        self._client = client
        self._asked: dict[int, tuple[int, AnswerCallback]] = {}
        self._board_id = 0
        self._proposals: list[Proposal] = []
        self._shown: SolutionCount | None = None
        """The last figure, kept while the current decisions' is worked out."""
        self.settle_ms = 0.0
        self._since = time.monotonic()
        self._ticks = [QTimer(self, singleShot=True, interval=round(1000 * s)) for s in SAID_AGAIN]
        for tick in self._ticks:
            tick.timeout.connect(self.updated)
        client.answered.connect(self._answered)
        self.restore(decisions)

    @property
    def solution_count(self) -> SolutionCount | None:
        """The figure to show: these decisions' when known, else the last one (the view says it
        is being worked out)."""
        return self.view.count or self._shown

    @property
    def pending(self) -> int:
        return len(self._proposals)

    @property
    def newest_label(self) -> str:
        return self._proposals[-1].label if self._proposals else ""

    @property
    def slow(self) -> bool:
        """The squares of these decisions have been proven for longer than ``SLOW_SECONDS`` and
        some are not yet: a hard one can take seconds."""
        return not self.view.settled and self.waited >= SLOW_SECONDS

    @property
    def waited(self) -> float:
        """Seconds since these decisions were sent to the worker."""
        return time.monotonic() - self._since

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take these decisions now (they held before, or a file or size brings them) and ask the
        worker about them; changes in hand are dropped."""
        self._proposals.clear()
        self._show(tuple(decisions))

    def set_strict(self, strict: bool) -> None:
        """The worker takes the decisions again under the new policy."""
        if strict != self.strict:
            self.strict = strict
            self.restore(self.view.decisions)

    def propose(self, after: Sequence[Decision], label: str) -> None:
        before = self.view.decisions
        self._show(tuple(after))
        self._proposals.append(Proposal(self._board_id, before, self.view.decisions, label))

    def resend(self) -> None:
        """The worker died: ask the new one about the decisions it last took, then make the
        changes not taken yet again, in order (each still becomes its undo step)."""
        pending, self._proposals = self._proposals, []
        self._asked.clear()
        self._show(pending[0].before if pending else self.view.decisions)
        for proposal in pending:
            after = proposal.onto(self.view.decisions)
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

    def point_at(self, cell: Cell | None) -> None:
        self._client.tell(Point(-1 if cell is None else cell.row * self.view.n + cell.col))

    def ask(self, question: Question, answer: AnswerCallback) -> None:
        ident = self._client.request(lambda ident: Ask(ident, question))
        self._asked[ident] = (self._board_id, answer)

    def _show(self, decisions: tuple[Decision, ...]) -> None:
        """Show these decisions with what needs no engine, and send them to the worker."""
        puzzle = self.view.puzzle
        self._shown = self.view.count or self._shown
        shown = BoardView.without_engine(puzzle, decisions).with_count(None, True)
        self.view = replace(shown, insight=self.view.insight)
        self._since = time.monotonic()
        for tick in self._ticks:
            tick.start()
        self._board_id = self._client.request(
            lambda ident: TakeBoard(ident, puzzle, codes(decisions, puzzle.n), self.engine, self.strict)
        )

    def _answered(self, reply: Reply) -> None:
        ident = reply.id  # type: ignore[union-attr]
        if isinstance(reply, Answered):
            if ident in self._asked:
                board, answer = self._asked.pop(ident)
                if board == self._board_id:
                    answer(reply.answer)
            return
        proposal = next((p for p in self._proposals if p.ident == ident), None)
        if proposal is not None and isinstance(reply, Taken | Refused):
            self._answer_proposal(proposal, reply)
        elif ident == self._board_id:
            self._answer_board(reply)

    def _answer_proposal(self, proposal: Proposal, reply: Taken | Refused) -> None:
        """The worker took or refused a proposal (replies come in the order of the proposals)."""
        index = self._proposals.index(proposal)
        if isinstance(reply, Taken):
            answered, self._proposals = self._proposals[: index + 1], self._proposals[index + 1 :]
            for change in answered:
                self.taken.emit(change.before, change.after, change.label)
            if proposal.ident == self._board_id:
                self._answer_board(reply)
            return
        later = self._proposals[index + 1 :]
        del self._proposals[index:]
        self._show(proposal.before)
        for change in later:
            after = change.onto(self.view.decisions)
            if after is not None:
                self.propose(after, change.label)
        self.declined.emit(proposal, reply.reason)
        self.updated.emit()

    def _answer_board(self, reply: Reply) -> None:
        view = self.view
        if isinstance(reply, Refused):
            self.refused.emit(reply.reason)
        elif isinstance(reply, Taken):
            if len(reply.codes) == view.n * view.n:
                self.view = BoardView.of(
                    view.puzzle,
                    view.decisions,
                    _digits(reply.codes),
                    count=SolutionCount.of(0) if reply.dead_end else view.count,
                    counting=not reply.dead_end,
                    insight=reply.insight,
                )
            self.accepted.emit()
            self.updated.emit()
        elif isinstance(reply, Decided):
            self.view = view.with_codes(np.asarray(reply.squares, dtype=np.intp), _digits(reply.codes))
            if reply.settled and reply.insight is not None:
                self.view = replace(self.view, insight=reply.insight)
                self.settle_ms = reply.ms
            self.updated.emit()
        elif isinstance(reply, SquaresCounted) and len(reply.counts) == view.n * view.n:
            counts = np.array(reply.counts, dtype=np.int64).reshape(view.n, view.n)
            self.view = replace(view, cell_counts=counts)
            self.updated.emit()
        elif isinstance(reply, Counted) and (reply.final or reply.figure.steady):
            self._shown = reply.figure
            self.view = view.with_count(reply.figure, not reply.final)
            self.updated.emit()


def _digits(text: str) -> np.ndarray:
    """The worker's one digit a square as state codes."""
    return np.frombuffer(text.encode("ascii"), dtype=np.uint8).astype(np.int8) - ord("0")
