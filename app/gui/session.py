"""The mid end: one board's decisions, undo stack, engines and compile job, between back end and
widgets.

A board is answered by one of two engines. The compiled BDD (a ``Configurator``, N ≤ 15) answers
every question exactly and at once. The SAT engine (a ``SatBoard`` whose solver runs in a child
process, N ≤ 100) answers at once what needs no solver and fills in the rest within moments;
its count may be a lower bound. ``engine_choice`` "auto" takes the BDD where it is cached or
compiles in about a second (N ≤ 12), else the SAT engine, and for N = 13…15 builds the BDD in
the background and switches to it, decisions kept, when it is ready.

Every change is a QUndoCommand: a change of decisions holds the decisions before and after,
so undo and redo are one step each and any decision can be retracted in any order; a change of
board (another size, an opened file) holds both boards, so Ctrl+Z brings back the previous
size with its decisions. A board that is refused (a contradictory file) changes nothing, not
even a compile running in the background.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.gui.compile_job import CompileJob
from app.gui.explanations import Explanation, awaited, describe, explanation
from app.gui.sat_board import Proposal, SatBoard
from app.gui.sat_client import SatClient
from bdd_model import (
    MAX_N,
    Cell,
    CellState,
    Configurator,
    Decision,
    DecisionKind,
    NQueensError,
    SolutionSpace,
    in_line,
    load_cached,
    load_or_compile,
    plural,
    resolve_backend,
)
from bdd_model.cache import cache_path, load
from bdd_model.sat.engine import SAT_ENGINE_MAX_N
from bdd_model.saved_game import replay

IN_PROCESS_MAX_N = 10
"""Sizes up to this compile in the window's own process (N=10: 0.08 s); larger ones in a child."""
QUICK_COMPILE_MAX_N = 12
"""Sizes whose compile takes about a second (N=12: 1.2 s): "auto" waits for their BDD."""
ENGINE_CHOICES = ("auto", "bdd", "sat")

BoardEngine = Configurator | SatBoard


@dataclass(frozen=True)
class Board:
    """One board as the undo stack remembers it: its size, its decisions, the file it came from."""

    n: int
    decisions: tuple[Decision, ...]
    file_path: Path | None


@dataclass(frozen=True)
class PendingBoard:
    """A board waiting for its engine (a compile, or the SAT engine's first answer)."""

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
    """Decisions on the current board, their undo history, its engine, and switching boards."""

    changed = Signal()
    """The decisions or the board changed."""
    updated = Signal()
    """The SAT engine decided more squares or counted better; the decisions are the same."""
    engineChanged = Signal(str)
    """The board is now answered by this engine ("bdd" or "sat"), decisions kept."""
    explained = Signal(object)
    """The explanation of this cell arrived."""
    browsed = Signal()
    refused = Signal(str)
    boardReplaced = Signal(int)
    message = Signal(str)
    solved = Signal()
    compileStarted = Signal(int)
    compileProgress = Signal(object)
    compileEnded = Signal()

    def __init__(self, backend: str = "auto", engine: str = "auto", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.backend = backend
        self.engine_choice = engine
        self.in_process_max_n = IN_PROCESS_MAX_N
        self.undo_stack = QUndoStack(self)
        self._cfg: BoardEngine | None = None
        self._file_path: Path | None = None
        self._spaces: dict[int, SolutionSpace] = {}
        self._sat: SatClient | None = None
        self._waiting: SatBoard | None = None
        self._job: CompileJob | None = None
        self._pending: PendingBoard | None = None
        self._browse: int | None = None
        self._solutions: dict[int, tuple[int, ...]] = {}
        self._explained: dict[Cell, Explanation] = {}
        self._notes: list[str] = []
        self._was_solved = False

    @property
    def configurator(self) -> BoardEngine | None:
        """The current board's engine (None before the first board is ready)."""
        return self._cfg

    @property
    def engine(self) -> str:
        """Which engine answers the current board: "bdd", "sat", or "" before the first board."""
        return self._cfg.engine if self._cfg is not None else ""

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

    @property
    def max_n(self) -> int:
        """The largest board the chosen engine answers."""
        return MAX_N if self.engine_choice == "bdd" else SAT_ENGINE_MAX_N

    def is_cached(self, n: int) -> bool:
        """True when the n×n board's BDD opens without a compile worth mentioning."""
        if n <= self.in_process_max_n or n in self._spaces:
            return True
        try:
            return cache_path(n, resolve_backend(self.backend)).is_file()
        except (OSError, NQueensError):
            return False

    def uses_bdd(self, n: int) -> bool:
        """True when the n×n board is to be answered by the BDD (now, or once it is built)."""
        return self.engine_choice != "sat" and n <= MAX_N

    def waits_for_bdd(self, n: int) -> bool:
        """True when an n×n board whose BDD is not at hand shows nothing until it is compiled
        (else the SAT engine answers meanwhile)."""
        quick = n <= QUICK_COMPILE_MAX_N or self.engine_choice == "bdd"
        return self.uses_bdd(n) and quick

    # ----- boards ------------------------------------------------------------------------

    def open_size(
        self,
        n: int,
        decisions: Sequence[Decision] = (),
        file_path: Path | None = None,
        label: str | None = None,
        build_exact: bool = True,
    ) -> bool:
        """Show the n×n board with ``decisions`` as one undoable step, on the engine the choice
        gives. ``build_exact``: for N = 13…15 on "auto", also compile the BDD in the background.

        A board whose decisions cannot be taken is refused (``refused``, False) and nothing
        changes: not the board, not its file, not a compile running in the background.
        """
        label = label or f"Size {n}×{n}"
        decisions = tuple(decisions)
        if n > self.max_n or n < 1:
            self.refused.emit(f"The {n}×{n} board is beyond what the {self.engine_choice} engine answers.")
            return False
        if self._job is not None and self._job.running and self._job.n == n and self._pending is not None:
            self._pending = PendingBoard(n, decisions, file_path, label)
            return True
        self._notes.clear()
        space = self._space_now(n) if self.uses_bdd(n) else None
        if space is not None:
            if not self._replace(self._bdd(space, decisions), file_path, label):
                return False
            self._drop_job()
            return True
        problem = _contradiction(decisions)
        if problem:
            self.refused.emit(f"The configuration was not opened: {problem}. The board is unchanged.")
            return False
        pending = PendingBoard(n, decisions, file_path, label)
        if self.waits_for_bdd(n):
            self._compile(n, pending)
            return True
        self._open_on_sat(pending)
        if self.uses_bdd(n) and build_exact:
            self._compile(n, None)
        return True

    def set_engine_choice(self, choice: str) -> None:
        """Answer with another engine from now on; the current board moves to it with its
        decisions where it can (a board larger than the BDD's reach stays on the SAT engine)."""
        if choice not in ENGINE_CHOICES:
            raise ValueError(f"unknown engine choice {choice!r}")
        self.engine_choice = choice
        cfg = self._cfg
        if cfg is None:
            return
        if self.uses_bdd(cfg.n) and isinstance(cfg, SatBoard):
            space = self._space_now(cfg.n)
            if space is not None:
                self._switch_to_bdd(space)
            elif self.compiling != cfg.n:
                self._compile(cfg.n, None)
        elif not self.uses_bdd(cfg.n) and isinstance(cfg, Configurator):
            self._drop_job()
            self._set_engine(SatBoard(self._sat_client(), cfg.n, cfg.decisions, self))
            self.engineChanged.emit("sat")
            self.changed.emit()

    def start_sat_engine(self) -> None:
        """Start the SAT engine's process now (in the background): the first board beyond the
        BDD then opens without waiting for its start-up (about a second)."""
        self._sat_client().start()

    def cancel_compile(self) -> None:
        """Stop a background compile (the user's Cancel); the current board stays."""
        if self._job is not None and self._job.running:
            self._job.cancel()

    def shut_down(self) -> None:
        """Stop the children: a compile and the SAT engine's process (the window closes)."""
        self.cancel_compile()
        if self._sat is not None:
            self._sat.stop()

    def take_notes(self) -> list[str]:
        """What was said while the current board was being prepared (a rebuilt cache, a cache
        that could not be written), once: the window repeats it when the board is shown."""
        notes, self._notes = self._notes, []
        return notes

    def mark_saved(self, path: Path) -> None:
        """The current configuration is now the content of ``path``: the title drops its marker."""
        self._file_path = path
        self.undo_stack.setClean()

    def _note(self, text: str) -> None:
        self._notes.append(text)
        self.message.emit(text)

    def _drop_job(self) -> None:
        """Stop a compile that another choice of board replaces, quietly."""
        job, self._job, self._pending = self._job, None, None
        if job is not None and job.running:
            job.cancel()
            self.compileEnded.emit()

    def _space_now(self, n: int) -> SolutionSpace | None:
        """The space of n if it can be had at once: in memory, small enough, or in a cache
        that verifies."""
        if n in self._spaces:
            return self._spaces[n]
        if n <= self.in_process_max_n:
            space = load_or_compile(n, self.backend, warn=self._note)
        else:
            space = load_cached(n, self.backend, warn=self._note)
            if space is None:
                return None
        self._spaces[n] = space
        return space

    def _bdd(self, space: SolutionSpace, decisions: Sequence[Decision]) -> Configurator | str:
        """A configurator with the decisions taken in order, or why one was refused."""
        try:
            return replay(space, decisions)
        except NQueensError as error:
            return str(error)

    def _compile(self, n: int, pending: PendingBoard | None) -> None:
        """Compile n×n in a child; show ``pending`` when it is done, or else switch the SAT
        board of that size to the BDD."""
        self._drop_job()
        self._pending = pending
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
        self._spaces[job.n] = space
        pending, self._pending = self._pending, None
        if pending is not None and pending.n == job.n:
            self._replace(self._bdd(space, pending.decisions), pending.file_path, pending.label)
        elif isinstance(self._cfg, SatBoard) and self._cfg.n == job.n and self.uses_bdd(job.n):
            self._switch_to_bdd(space)

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

    def _switch_to_bdd(self, space: SolutionSpace) -> None:
        """The BDD of the SAT board's size is ready: answer the same decisions with it."""
        cfg = self._bdd(space, self._cfg.decisions if self._cfg else ())
        if isinstance(cfg, str):
            self.message.emit(f"The {space.n}×{space.n} diagram is ready but refused the decisions: {cfg}")
            return
        self._set_engine(cfg)
        self.engineChanged.emit("bdd")
        self.changed.emit()
        self.message.emit(
            f"The {space.n}×{space.n} diagram is built: exact counts and the heat map from now on."
        )

    def _sat_client(self) -> SatClient:
        if self._sat is None:
            self._sat = SatClient(self)
            self._sat.failed.connect(self._sat_failed)
        return self._sat

    def _open_on_sat(self, pending: PendingBoard) -> None:
        """Ask the SAT engine about the board; it is shown once the engine takes its decisions."""
        if self._waiting is not None:
            self._waiting.deleteLater()
        board = SatBoard(self._sat_client(), pending.n, pending.decisions, self)
        self._waiting = board
        self.message.emit(f"Opening the {pending.n}×{pending.n} board on the SAT engine…")
        board.accepted.connect(lambda: self._sat_accepted(board, pending))
        board.refused.connect(lambda reason: self._sat_refused(board, reason))

    def _sat_accepted(self, board: SatBoard, pending: PendingBoard) -> None:
        if board is not self._waiting:
            return
        self._waiting = None
        board.accepted.disconnect()
        self._replace(board, pending.file_path, pending.label)

    def _sat_refused(self, board: SatBoard, reason: str) -> None:
        if board is self._waiting:
            self._waiting = None
            board.deleteLater()
            if self._cfg is None:
                self.refused.emit(f"The configuration was not opened: {reason}. The board is empty.")
                self._open_on_sat(PendingBoard(board.n, (), None, f"Size {board.n}×{board.n}"))
            else:
                self.refused.emit(f"The configuration was not opened: {reason}. The board is unchanged.")
        elif board is self._cfg:
            self.message.emit(f"The SAT engine refused the decisions: {reason}.")

    def _sat_failed(self, reason: str) -> None:
        self.message.emit(reason[0].upper() + reason[1:] + ".")
        if isinstance(self._cfg, SatBoard):
            self._cfg.restore(self._cfg.decisions)

    def _replace(self, cfg: BoardEngine | str, file_path: Path | None, label: str) -> bool:
        """Show a new board as one undo step; False (and ``refused``) if its decisions failed."""
        if isinstance(cfg, str):
            self.refused.emit(f"The configuration was not opened: {cfg}. The board is unchanged.")
            return False
        before = self._board()
        self._install(cfg, file_path)
        if before is not None:
            after = self._board()
            assert after is not None
            self.undo_stack.push(BoardCommand(self, before, after, label))
        if file_path is not None or before is None:
            self.undo_stack.setClean()
        return True

    def _board(self) -> Board | None:
        if self._cfg is None:
            return None
        return Board(self._cfg.n, self._cfg.decisions, self._file_path)

    def _show_board(self, board: Board) -> None:
        """Undo and redo of a board change: the board was shown before, so its decisions hold."""
        space = self._space_now(board.n) if self.uses_bdd(board.n) else None
        if space is not None:
            cfg: BoardEngine = replay(space, board.decisions)
        else:
            cfg = SatBoard(self._sat_client(), board.n, board.decisions, self)
        self._install(cfg, board.file_path)

    def _set_engine(self, cfg: BoardEngine) -> None:
        old, self._cfg = self._cfg, cfg
        if isinstance(old, SatBoard) and old is not cfg:
            old.deleteLater()
        if isinstance(cfg, SatBoard):
            cfg.updated.connect(self._sat_updated)
            cfg.refused.connect(lambda reason: self._sat_refused(cfg, reason))
            cfg.taken.connect(lambda before, after, text: self._taken(cfg, before, after, text))
            cfg.declined.connect(lambda proposal, reason: self._declined(cfg, proposal, reason))
        self._forget_answers()

    def _install(self, cfg: BoardEngine, file_path: Path | None) -> None:
        self._set_engine(cfg)
        self._file_path = file_path
        self.boardReplaced.emit(cfg.n)
        self.changed.emit()

    def _sat_updated(self) -> None:
        cfg = self._cfg
        if isinstance(cfg, SatBoard):
            if cfg.settled and cfg.is_solved and not self._was_solved:
                self._was_solved = True
                self.solved.emit()
            self.updated.emit()

    # ----- decisions ---------------------------------------------------------------------

    def activate(self, cell: Cell) -> None:
        """Left click or Enter: place a queen on an open square, take back one's own queen."""
        cfg = self._cfg
        if cfg is None:
            return
        state = cfg.cell(*cell)
        if state is CellState.OPEN or state is None:
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
        elif state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD, None):
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
        closed = state is not None and (state.is_blocked or state is CellState.MARKED)
        return describe(self._cfg, cell, self.explain(cell) if closed else None)

    def explain(self, cell: Cell) -> Explanation:
        """The smallest set of decisions that keeps a queen off ``cell``, in words.

        Remembered until the decisions change: hovering, the panel and the board frame all ask
        for the same square (at N=15 one BDD answer takes 50 ms). The SAT engine answers in
        the background: until then the explanation says it is being found, and ``explained``
        tells when it is there.
        """
        cfg = self._cfg
        assert cfg is not None
        known = self._explained.get(cell)
        if known is not None:
            return known
        if isinstance(cfg, Configurator):
            found = self._explained[cell] = explanation(cfg.n, cfg.decisions, cell, cfg.explain(*cell))
            return found
        state = cfg.cell(*cell)
        if state is not None and not (state.is_blocked or state is CellState.MARKED):
            found = self._explained[cell] = explanation(cfg.n, cfg.decisions, cell, ())
            return found
        pending = self._explained[cell] = awaited(cell)
        cfg.ask("explain", lambda record: self._sat_explained(cfg, cell, record), cell=list(cell))
        return pending

    def _sat_explained(self, board: SatBoard, cell: Cell, record: dict[str, Any]) -> None:
        if board is not self._cfg or "error" in record:
            return
        cells = record["explain"]
        self._explained[cell] = explanation(board.n, board.decisions, cell, None if cells is None else cells)
        self.explained.emit(cell)

    def free(self, cell: Cell) -> None:
        """Retract exactly the decisions that keep a queen off ``cell`` and place one there: one undo step."""
        cfg = self._cfg
        if cfg is None:
            return
        reason = self.explain(cell)
        if not reason.can_free:
            self.message.emit(reason.text)
            return
        assert reason.culprits is not None
        dropped = {d.cell for d in reason.culprits}
        kept = [d for d in cfg.decisions if d.cell not in dropped]
        self._change((*kept, Decision(cell, DecisionKind.QUEEN)), f"Free {cell.label()}")

    def hint(self) -> None:
        """Place the queen that keeps the most solutions open (on the SAT engine: the open
        square the most solutions seen use), one undo step."""
        cfg = self._cfg
        if cfg is None:
            return
        if cfg.count == 0:
            self.message.emit(f"The {cfg.n}×{cfg.n} board has no solution: there is nothing to hint.")
            return
        if cfg.is_solved:
            self.message.emit("The board is solved: no hint needed.")
            return
        if isinstance(cfg, Configurator):
            self._place_hint(cfg, cfg.hint())
        else:
            cfg.ask("hint", lambda record: self._place_hint(cfg, _cell_of(record.get("hint"))))

    def _place_hint(self, cfg: BoardEngine, best: Cell | None) -> None:
        if cfg is not self._cfg:
            return
        if best is None:
            self.message.emit("No square is open: no hint to give.")
            return
        self._change((*cfg.decisions, Decision(best, DecisionKind.QUEEN)), f"Hint: queen on {best.label()}")
        counts = cfg.cell_counts()
        if counts is None:
            self.message.emit(f"Hint: a queen on {best.label()}, the square most solutions seen use.")
        else:
            kept = plural(counts[best.row][best.col], "solution")
            self.message.emit(f"Hint: a queen on {best.label()} keeps {kept} open.")

    # ----- the solution browser ----------------------------------------------------------

    @property
    def preview(self) -> tuple[int, ...] | None:
        """The solution being browsed (queen's column per row), if it is at hand."""
        if self._cfg is None or self._browse is None:
            return None
        return self._solutions.get(self._browse)

    @property
    def browse_index(self) -> int | None:
        return self._browse

    def browse(self, step: int) -> None:
        """Show the next (step 1) or previous (step −1) remaining solution, wrapping around
        where the number of solutions is known."""
        cfg = self._cfg
        if cfg is None or cfg.count == 0:
            return
        if self._browse is None:
            index = 0 if step > 0 else (cfg.count - 1 if cfg.count is not None else 0)
        else:
            index = self._browse + step
        if cfg.count is not None:
            index %= cfg.count
        self.browse_to(max(index, 0))

    def browse_to(self, index: int) -> None:
        """Show the index-th remaining solution (0-based, clamped to the remaining ones)."""
        cfg = self._cfg
        if cfg is None or cfg.count == 0:
            return
        if cfg.count is not None:
            index = min(max(index, 0), cfg.count - 1)
        self._with_solution(index, lambda shown, _: self._show_solution(shown))

    def _show_solution(self, index: int) -> None:
        self._browse = index
        self.browsed.emit()

    def _with_solution(self, index: int, then: Callable[[int, tuple[int, ...]], None]) -> None:
        """Run ``then(index, solution)`` with the index-th remaining solution: at once on the
        BDD, when it arrives on the SAT engine. Past the last solution (the SAT engine may not
        know how many there are) it runs with the first."""
        cfg = self._cfg
        assert cfg is not None
        if index in self._solutions:
            then(index, self._solutions[index])
        elif isinstance(cfg, Configurator):
            self._solutions[index] = cfg.solution(index)
            then(index, self._solutions[index])
        else:

            def arrived(record: dict[str, Any]) -> None:
                if "error" in record:
                    if index > 0:
                        self._with_solution(0, then)
                    return
                self._solutions[index] = tuple(record["solution"])
                then(index, self._solutions[index])

            cfg.ask("solution", arrived, index=index)

    def stop_browsing(self) -> None:
        if self._browse is not None:
            self._browse = None
            self.browsed.emit()

    def solve(self) -> None:
        """Complete the board to the browsed solution (or the first one): one undo step."""
        cfg = self._cfg
        if cfg is None or cfg.is_solved or cfg.count == 0:
            return
        index = self._browse if self._browse is not None else 0
        self._with_solution(index, lambda _, columns: self._complete(cfg, columns))

    def _complete(self, cfg: BoardEngine, columns: tuple[int, ...]) -> None:
        if cfg is not self._cfg:
            return
        placed = {d.cell for d in cfg.decisions}
        queens = [
            Decision(Cell(r, c), DecisionKind.QUEEN)
            for r, c in enumerate(columns)
            if Cell(r, c) not in placed
        ]
        self._change((*cfg.decisions, *queens), "Solve")

    def _change(self, after: Sequence[Decision], text: str) -> None:
        """Take ``after`` now and push it as one undoable step; a refusal is only a message.

        On the SAT engine the change shows at once and becomes an undo step when the worker
        takes it (``_taken``); one that leaves no solution is refused then (``_declined``)."""
        cfg = self._cfg
        assert cfg is not None
        if isinstance(cfg, SatBoard):
            cfg.propose(tuple(after), text)
            self._forget_answers()
            self._was_solved = False
            self.changed.emit()
            return
        before = cfg.decisions
        try:
            self._restore(after)
        except NQueensError as error:
            self.message.emit(f"{text}: {error}.")
            return
        self.undo_stack.push(DecisionsCommand(self, before, after, text))

    def undo(self) -> None:
        """Take back the last step: on the SAT engine a change the worker has not answered yet
        first (it never becomes a step)."""
        cfg = self._cfg
        if isinstance(cfg, SatBoard) and cfg.withdraw() is not None:
            self._forget_answers()
            self.changed.emit()
        else:
            self.undo_stack.undo()

    def redo(self) -> None:
        """Take again the step last taken back (not while a change waits for the worker)."""
        if not self.changes_pending:
            self.undo_stack.redo()

    @property
    def changes_pending(self) -> bool:
        """True while the SAT worker has changes the user made that it has not answered."""
        return bool(self.pending_label)

    @property
    def pending_label(self) -> str:
        """What the newest change the SAT worker has not answered yet did, or ""."""
        cfg = self._cfg
        return cfg.newest_label if isinstance(cfg, SatBoard) else ""

    def _taken(
        self, board: SatBoard, before: tuple[Decision, ...], after: tuple[Decision, ...], text: str
    ) -> None:
        """The worker took a change: it becomes an undo step."""
        if board is self._cfg:
            self.undo_stack.push(DecisionsCommand(self, before, after, text))

    def _declined(self, board: SatBoard, proposal: Proposal, reason: str) -> None:
        """The worker refused a change (it leaves no solution): it is gone, and the user hears
        why, as for a closed square."""
        if board is not self._cfg:
            return
        self._forget_answers()
        self.changed.emit()
        added = [d for d in proposal.after if d not in proposal.before]
        if len(added) == 1 and added[0].kind is DecisionKind.QUEEN:
            cell = added[0].cell
            self.message.emit(
                f"{proposal.label} was not taken: {cell.label()} is closed, no remaining solution has "
                "a queen there."
            )
            self.explain(cell)
        elif len(added) == 1:
            cell = added[0].cell
            self.message.emit(
                f"{proposal.label} was not taken: every remaining solution has a queen on {cell.label()}."
            )
        else:
            self.message.emit(f"{proposal.label} was not taken: {reason}.")

    def _forget_answers(self) -> None:
        """Explanations and previewed solutions belong to the decisions they were asked under."""
        self._explained.clear()
        self._solutions.clear()
        self._browse = None

    def _restore(self, decisions: Sequence[Decision]) -> None:
        cfg = self._cfg
        assert cfg is not None
        was_solved = cfg.is_solved
        cfg.restore(decisions)
        self._forget_answers()
        self._was_solved = was_solved and cfg.is_solved
        self.changed.emit()
        if cfg.is_solved and not was_solved and isinstance(cfg, Configurator):
            self._was_solved = True
            self.solved.emit()


def _without(decisions: Sequence[Decision], cell: Cell) -> tuple[Decision, ...]:
    return tuple(d for d in decisions if d.cell != cell)


def _cell_of(value: object) -> Cell | None:
    return Cell(*value) if isinstance(value, list) else None


def _contradiction(decisions: Sequence[Decision]) -> str:
    """Why these decisions cannot all hold on any board, found without an engine (two decisions
    on one square, two queens in line), or ""."""
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
