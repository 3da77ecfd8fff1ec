"""The mid end: one board's decisions, undo stack and compile job, between engine and widgets.

The session owns the Configurator of the current size. Every change of decisions is a
QUndoCommand holding the decisions before and after, so undo and redo are one sweep each and
any decision can be retracted in any order. Sizes that are not cached compile in a child
process; the current board stays usable until the new one is ready.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.gui.compile_job import CompileJob
from app.gui.explanations import Explanation, describe, explain
from bdd_model import (
    Cell,
    CellState,
    Configurator,
    Decision,
    DecisionKind,
    NQueensError,
    SolutionSpace,
    load_cached,
    load_or_compile,
    resolve_backend,
)
from bdd_model.cache import cache_path, load
from bdd_model.saved_game import replay

IN_PROCESS_MAX_N = 10
"""Sizes up to this compile in the window's own process (N=10: 0.08 s); larger ones in a child."""


class DecisionsCommand(QUndoCommand):
    """Replace the decisions ``before`` by ``after``; undo puts ``before`` back.

    The session applies ``after`` before pushing (so a refused change never reaches the
    stack); the push's own first redo is therefore skipped.
    """

    def __init__(
        self, session: BoardSession, before: Sequence[Decision], after: Sequence[Decision], text: str
    ):
        super().__init__(text)
        self._session = session
        self._before = tuple(before)
        self._after = tuple(after)
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._session._restore(self._after)

    def undo(self) -> None:
        self._session._restore(self._before)


class BoardSession(QObject):
    """Decisions on the current board, their undo history, and switching board sizes."""

    changed = Signal()
    browsed = Signal()
    refused = Signal(str)
    boardReplaced = Signal(int)
    message = Signal(str)
    solved = Signal()
    compileStarted = Signal(int)
    compileProgress = Signal(object)
    compileEnded = Signal()

    def __init__(self, backend: str = "auto", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.in_process_max_n = IN_PROCESS_MAX_N
        self.undo_stack = QUndoStack(self)
        self._cfg: Configurator | None = None
        self._job: CompileJob | None = None
        self._pending: list[Decision] | None = None
        self._browse: int | None = None
        self._explained: dict[Cell, Explanation] = {}

    @property
    def configurator(self) -> Configurator | None:
        """The current board's configurator (None before the first board is ready)."""
        return self._cfg

    @property
    def n(self) -> int:
        return self._cfg.n if self._cfg else 0

    @property
    def compiling(self) -> int:
        """The size being compiled in the background, or 0."""
        return self._job.n if self._job and self._job.running else 0

    # ----- board sizes -------------------------------------------------------------------

    def open_size(self, n: int, decisions: Sequence[Decision] = ()) -> None:
        """Show an empty n×n board (or one with ``decisions``), compiling it first if needed."""
        if self._job is not None:
            if self._job.n == n and self._job.running:
                self._pending = list(decisions)
                return
            self.cancel_compile()
        space = self._space_now(n)
        if space is not None:
            self._install(space, decisions)
            return
        self._pending = list(decisions)
        job = CompileJob(n, self.backend, self)
        job.progressed.connect(self.compileProgress)
        job.warned.connect(self.message)
        job.succeeded.connect(lambda path: self._compiled(job, Path(path)))
        job.succeeded.connect(job.deleteLater)
        job.failed.connect(job.deleteLater)
        job.failed.connect(lambda reason: self._compile_failed(job, reason))
        self._job = job
        self.compileStarted.emit(n)
        job.start()

    def cancel_compile(self) -> None:
        """Stop a background compile; the current board stays."""
        if self._job is not None and self._job.running:
            self._job.cancel()

    def _space_now(self, n: int) -> SolutionSpace | None:
        """The space of n if it can be had at once: small enough, or in a cache that verifies."""
        if n <= self.in_process_max_n:
            return load_or_compile(n, self.backend, warn=self.message.emit)
        return load_cached(n, self.backend, warn=self.message.emit)

    def _compiled(self, job: CompileJob, path: Path) -> None:
        backend = resolve_backend(self.backend)
        if job is not self._job:
            if path != cache_path(job.n, backend):
                path.unlink(missing_ok=True)
            return
        self._job = None
        self.compileEnded.emit()
        try:
            space = load(job.n, backend, path)
        except NQueensError as error:
            self.message.emit(f"The {job.n}×{job.n} board could not be opened: {error}")
            return
        finally:
            if path != cache_path(job.n, backend):
                path.unlink(missing_ok=True)
        self._install(space, self._pending or ())

    def _compile_failed(self, job: CompileJob, reason: str) -> None:
        if job is not self._job:
            return
        self._job = None
        self.compileEnded.emit()
        if reason == "cancelled":
            self.message.emit(f"Compiling {job.n}×{job.n} was cancelled; the board is unchanged.")
        else:
            self.message.emit(f"Could not compile {job.n}×{job.n}: {reason}. The board is unchanged.")

    def _install(self, space: SolutionSpace, decisions: Sequence[Decision]) -> None:
        try:
            cfg = replay(space, decisions)
        except NQueensError as error:
            self.refused.emit(f"The configuration was not opened: {error}. The board is unchanged.")
            return
        self._cfg = cfg
        self._explained.clear()
        self._browse = None
        self.undo_stack.clear()
        self.boardReplaced.emit(cfg.n)
        self.changed.emit()

    # ----- decisions ---------------------------------------------------------------------

    def activate(self, cell: Cell) -> None:
        """Left click or Enter: place a queen on an open square, take back one's own queen."""
        cfg = self._cfg
        if cfg is None:
            return
        state = cfg.cell(*cell)
        if state is CellState.OPEN:
            self._change((*cfg.decisions, Decision(cell, DecisionKind.QUEEN)), f"Queen on {cell.label()}")
        elif state is CellState.QUEEN:
            self._change(_without(cfg.decisions, cell), f"Remove queen from {cell.label()}")
        elif state is CellState.MARKED:
            self.message.emit(f"{cell.label()} is marked empty: right-click (or Space) removes the mark.")
        else:
            self.message.emit(self.describe(cell))

    def toggle_mark(self, cell: Cell) -> None:
        """Right click or Space: mark a square as empty, or remove the mark."""
        cfg = self._cfg
        if cfg is None:
            return
        state = cfg.cell(*cell)
        if state is CellState.MARKED:
            self._change(_without(cfg.decisions, cell), f"Unmark {cell.label()}")
        elif state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD):
            self._change((*cfg.decisions, Decision(cell, DecisionKind.MARK)), f"Mark {cell.label()}")
        elif state is CellState.QUEEN:
            self.message.emit(f"{cell.label()} holds your queen: click it to remove it first.")
        else:
            self.message.emit(self.describe(cell))

    def restart(self) -> None:
        """Retract every decision, as one undoable step."""
        if self._cfg is not None and self._cfg.decisions:
            self._change((), "Restart")

    def describe(self, cell: Cell) -> str:
        """What a square is and why, with the way to free it: for the status bar."""
        if self._cfg is None:
            return ""
        state = self._cfg.cell(*cell)
        closed = state.is_blocked or state is CellState.MARKED
        return describe(self._cfg, cell, self.explain(cell) if closed else None)

    def explain(self, cell: Cell) -> Explanation:
        """The smallest set of decisions that keeps a queen off ``cell``, in words.

        Remembered until the decisions change: hovering, the panel and the board frame all ask
        for the same square, and at N=15 one answer takes 50 ms.
        """
        assert self._cfg is not None
        explanation = self._explained.get(cell)
        if explanation is None:
            explanation = self._explained[cell] = explain(self._cfg, cell)
        return explanation

    def free(self, cell: Cell) -> None:
        """Retract exactly the decisions that keep a queen off ``cell`` and place one there: one undo step."""
        cfg = self._cfg
        if cfg is None:
            return
        explanation = self.explain(cell)
        if not explanation.can_free:
            self.message.emit(explanation.text)
            return
        assert explanation.culprits is not None
        dropped = {d.cell for d in explanation.culprits}
        kept = [d for d in cfg.decisions if d.cell not in dropped]
        self._change((*kept, Decision(cell, DecisionKind.QUEEN)), f"Free {cell.label()}")

    def hint(self) -> None:
        """Place the queen that keeps the most solutions open (one undo step)."""
        cfg = self._cfg
        if cfg is None:
            return
        if cfg.count == 0:
            self.message.emit(f"The {cfg.n}×{cfg.n} board has no solution: there is nothing to hint.")
            return
        counts = cfg.cell_counts()
        open_cells = [
            Cell(r, c) for r in range(cfg.n) for c in range(cfg.n) if cfg.cell(r, c) is CellState.OPEN
        ]
        if not open_cells:
            self.message.emit("The board is solved: no hint needed.")
            return
        best = max(open_cells, key=lambda cell: counts[cell.row][cell.col])
        self._change((*cfg.decisions, Decision(best, DecisionKind.QUEEN)), f"Hint: queen on {best.label()}")
        self.message.emit(f"Hint: a queen on {best.label()} keeps {counts[best.row][best.col]:,} solutions.")

    # ----- the solution browser ----------------------------------------------------------

    @property
    def preview(self) -> tuple[int, ...] | None:
        """The solution being browsed (queen's column per row), if any."""
        if self._cfg is None or self._browse is None:
            return None
        return self._cfg.solution(self._browse)

    @property
    def browse_index(self) -> int | None:
        return self._browse

    def browse(self, step: int) -> None:
        """Show the next (step 1) or previous (step −1) remaining solution, wrapping around."""
        if self._cfg is None or self._cfg.count == 0:
            return
        start = -1 if step > 0 else 0
        current = self._browse if self._browse is not None else start
        self._browse = (current + step) % self._cfg.count
        self.browsed.emit()

    def browse_to(self, index: int) -> None:
        """Show the index-th remaining solution (0-based, clamped to the remaining ones)."""
        if self._cfg is None or self._cfg.count == 0:
            return
        self._browse = min(max(index, 0), self._cfg.count - 1)
        self.browsed.emit()

    def stop_browsing(self) -> None:
        if self._browse is not None:
            self._browse = None
            self.browsed.emit()

    def solve(self) -> None:
        """Complete the board to the browsed solution (or the first one): one undo step."""
        cfg = self._cfg
        if cfg is None or cfg.is_solved or cfg.count == 0:
            return
        columns = self.preview or cfg.solution(0)
        placed = {d.cell for d in cfg.decisions}
        queens = [
            Decision(Cell(r, c), DecisionKind.QUEEN)
            for r, c in enumerate(columns)
            if Cell(r, c) not in placed
        ]
        self._change((*cfg.decisions, *queens), "Solve")

    def _change(self, after: Sequence[Decision], text: str) -> None:
        """Take ``after`` now and push it as one undoable step; a refusal is only a message."""
        assert self._cfg is not None
        before = self._cfg.decisions
        try:
            self._restore(after)
        except NQueensError as error:
            self.message.emit(f"{text}: {error}.")
            return
        self.undo_stack.push(DecisionsCommand(self, before, after, text))

    def _restore(self, decisions: Sequence[Decision]) -> None:
        assert self._cfg is not None
        was_solved = self._cfg.is_solved
        self._cfg.restore(decisions)
        self._explained.clear()
        self._browse = None
        self.changed.emit()
        if self._cfg.is_solved and not was_solved:
            self.solved.emit()


def _without(decisions: Sequence[Decision], cell: Cell) -> tuple[Decision, ...]:
    return tuple(d for d in decisions if d.cell != cell)
