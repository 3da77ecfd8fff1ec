"""The mid end: one board's decisions, undo stack and compile job, between engine and widgets.

The session owns the Configurator of the current board. Every change is a QUndoCommand: a
change of decisions holds the decisions before and after, so undo and redo are one sweep each
and any decision can be retracted in any order; a change of board (another size, an opened
file) holds both boards, so Ctrl+Z brings back the previous size with its decisions. Sizes that
are not cached compile in a child process; the current board stays usable until the new one
is ready, and a board that is refused (a contradictory file) changes nothing, not even a
compile running in the background.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.gui.compile_job import CompileJob
from app.gui.explanations import Explanation, describe, explain
from bdd_model import (
    CacheError,
    Cell,
    CellState,
    Configurator,
    Decision,
    DecisionKind,
    NQueensError,
    SolutionSpace,
    in_line,
    load_or_compile,
    plural,
    resolve_backend,
)
from bdd_model.cache import cache_path, load
from bdd_model.saved_game import replay

IN_PROCESS_MAX_N = 10
"""Sizes up to this compile in the window's own process (N=10: 0.08 s); larger ones in a child."""


@dataclass(frozen=True)
class Board:
    """One board as the undo stack remembers it: its space, its decisions, the file it came from."""

    space: SolutionSpace
    decisions: tuple[Decision, ...]
    file_path: Path | None


@dataclass(frozen=True)
class PendingBoard:
    """A board waiting for its size to compile: what to show once it is ready."""

    n: int
    decisions: tuple[Decision, ...]
    file_path: Path | None
    label: str


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


class BoardCommand(QUndoCommand):
    """Replace the whole board (size, decisions, file): a new size or an opened file.

    Both boards keep their compiled spaces, so undo and redo are instant whatever the size.
    Like DecisionsCommand, it is pushed after the new board is shown.
    """

    def __init__(self, session: BoardSession, before: Board, after: Board, text: str) -> None:
        super().__init__(text)
        self._session = session
        self._before = before
        self._after = after
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._session._show_board(self._after)

    def undo(self) -> None:
        self._session._show_board(self._before)


class BoardSession(QObject):
    """Decisions on the current board, their undo history, and switching boards."""

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
        self._file_path: Path | None = None
        self._job: CompileJob | None = None
        self._pending: PendingBoard | None = None
        self._browse: int | None = None
        self._explained: dict[Cell, Explanation] = {}
        self._notes: list[str] = []

    @property
    def configurator(self) -> Configurator | None:
        """The current board's configurator (None before the first board is ready)."""
        return self._cfg

    @property
    def n(self) -> int:
        return self._cfg.n if self._cfg else 0

    @property
    def file_path(self) -> Path | None:
        """The file the current board was opened from or last saved to."""
        return self._file_path

    @property
    def compiling(self) -> int:
        """The size being compiled in the background, or 0."""
        return self._job.n if self._job and self._job.running else 0

    def is_cached(self, n: int) -> bool:
        """True when the n×n board opens without a compile worth mentioning."""
        if n <= self.in_process_max_n:
            return True
        try:
            return cache_path(n, resolve_backend(self.backend)).is_file()
        except (OSError, NQueensError):
            return False

    # ----- boards ------------------------------------------------------------------------

    def open_size(
        self,
        n: int,
        decisions: Sequence[Decision] = (),
        file_path: Path | None = None,
        label: str | None = None,
    ) -> bool:
        """Show the n×n board with ``decisions`` as one undoable step, compiling it first if needed.

        A board whose decisions cannot be taken is refused (``refused``, False) and nothing
        changes: not the board, not its file, not a compile running in the background.
        """
        label = label or f"Size {n}×{n}"
        decisions = tuple(decisions)
        if self._job is not None and self._job.running and self._job.n == n:
            self._pending = PendingBoard(n, decisions, file_path, label)
            return True
        self._notes.clear()
        space = self._space_now(n)
        if space is not None:
            if not self._replace(space, decisions, file_path, label):
                return False
            self._drop_job()
            return True
        problem = _contradiction(decisions)
        if problem:
            self.refused.emit(f"The configuration was not opened: {problem}. The board is unchanged.")
            return False
        self._drop_job()
        self._pending = PendingBoard(n, decisions, file_path, label)
        job = CompileJob(n, self.backend, self)
        job.progressed.connect(self.compileProgress)
        job.warned.connect(self._note)
        job.succeeded.connect(lambda path: self._compiled(job, Path(path)))
        job.succeeded.connect(job.deleteLater)
        job.failed.connect(job.deleteLater)
        job.failed.connect(lambda reason: self._compile_failed(job, reason))
        self._job = job
        self.compileStarted.emit(n)
        job.start()
        return True

    def cancel_compile(self) -> None:
        """Stop a background compile (the user's Cancel); the current board stays."""
        if self._job is not None and self._job.running:
            self._job.cancel()

    def _drop_job(self) -> None:
        """Stop a compile that another choice of board replaces, quietly."""
        job, self._job, self._pending = self._job, None, None
        if job is not None and job.running:
            job.cancel()
            self.compileEnded.emit()

    def take_notes(self) -> list[str]:
        """What was said while the current board was being prepared (a rebuilt cache, a cache
        that could not be written), once: the window repeats it when the board is shown."""
        notes, self._notes = self._notes, []
        return notes

    def _note(self, text: str) -> None:
        self._notes.append(text)
        self.message.emit(text)

    def mark_saved(self, path: Path) -> None:
        """The current configuration is now the content of ``path``: the title drops its marker."""
        self._file_path = path
        self.undo_stack.setClean()

    def _space_now(self, n: int) -> SolutionSpace | None:
        """The space of n if it can be had at once: the current one, small enough, or in a cache
        that verifies."""
        if self._cfg is not None and self._cfg.n == n:
            return self._cfg.space
        if n <= self.in_process_max_n:
            return load_or_compile(n, self.backend, warn=self._note)
        backend = resolve_backend(self.backend)
        path = cache_path(n, backend)
        if not path.exists():
            return None
        try:
            return load(n, backend, path)
        except CacheError as error:
            self._note(f"Rebuilding the {n}×{n} cache: {error}")
            return None

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
        pending, self._pending = self._pending, None
        if pending is not None and pending.n == job.n:
            self._replace(space, pending.decisions, pending.file_path, pending.label)

    def _compile_failed(self, job: CompileJob, reason: str) -> None:
        if job is not self._job:
            return
        self._job = None
        self._pending = None
        self.compileEnded.emit()
        if reason == "cancelled":
            self.message.emit(f"Building the {job.n}×{job.n} board was cancelled; the board is unchanged.")
        else:
            self.message.emit(f"Could not build the {job.n}×{job.n} board: {reason}. The board is unchanged.")

    def _replace(
        self, space: SolutionSpace, decisions: tuple[Decision, ...], file_path: Path | None, label: str
    ) -> bool:
        """Show a new board as one undo step; False (and ``refused``) if its decisions fail."""
        try:
            cfg = replay(space, decisions)
        except NQueensError as error:
            self.refused.emit(f"The configuration was not opened: {error}. The board is unchanged.")
            return False
        before = self._board()
        self._install(cfg, file_path)
        if before is not None:
            self.undo_stack.push(BoardCommand(self, before, self._board(), label))
        if file_path is not None or before is None:
            self.undo_stack.setClean()
        return True

    def _board(self) -> Board | None:
        if self._cfg is None:
            return None
        return Board(self._cfg.space, self._cfg.decisions, self._file_path)

    def _show_board(self, board: Board) -> None:
        """Undo and redo of a board change: the board was shown before, so it replays."""
        self._install(replay(board.space, board.decisions), board.file_path)

    def _install(self, cfg: Configurator, file_path: Path | None) -> None:
        self._cfg = cfg
        self._file_path = file_path
        self._explained.clear()
        self._browse = None
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
        kept = plural(counts[best.row][best.col], "solution")
        self.message.emit(f"Hint: a queen on {best.label()} keeps {kept} open.")

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


def _contradiction(decisions: Sequence[Decision]) -> str:
    """Why these decisions cannot all hold on any board, found without the compiled space
    (two decisions on one square, two queens in line), or ""."""
    seen: dict[Cell, int] = {}
    queens: list[tuple[int, Cell]] = []
    for number, decision in enumerate(decisions, start=1):
        cell = decision.cell
        if cell in seen:
            return f"decisions {seen[cell]} and {number} are both on {cell.label()}"
        seen[cell] = number
        if decision.kind is DecisionKind.QUEEN:
            for earlier, queen in queens:
                if in_line(queen, cell):
                    return (
                        f"decision {number} cannot be taken: the queens at {queen.label()} "
                        f"(decision {earlier}) and {cell.label()} attack each other"
                    )
            queens.append((number, cell))
    return ""
