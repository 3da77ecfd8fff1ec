"""Where the window's boards come from: compiled spaces answered in this process, or the SAT engine in the
worker process, chosen by the engine choice, with a diagram built behind a SAT board where asked."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.gui.workers.compile_job import CompileJob
from app.gui.workers.engine_board import EngineBoard
from app.gui.workers.in_process_board import InProcessBoard
from app.gui.workers.worker_board import WorkerBoard
from app.gui.workers.worker_client import WorkerClient
from bdd_model import (
    Decision,
    NQueensError,
    SolutionSpace,
    load_cached,
    load_or_compile,
    resolve_backend,
)
from bdd_model.cache.store import cache_path, load
from bdd_model.decisions import conflict
from bdd_model.engine_choice import (
    ENGINE_CHOICES,
    SOLVER_ENGINE,
    TITLES,
    largest_for,
    takes_diagram,
    waits_for_diagram,
)
from bdd_model.puzzles import Puzzle
from bdd_model.saved_game import replay

IN_PROCESS_MAX_N = 10
"""Sizes up to this compile in the window's own process (N=10: 0.08 s); larger ones in a child."""
RESTARTS = 3
"""Deaths of the SAT worker within ``RESTART_WINDOW`` seconds after which it is no longer
started again at once (only at the next click)."""
RESTART_WINDOW = 30.0


@dataclass(frozen=True)
class PendingBoard:
    """A board waiting for its engine (a compile, or the SAT engine's first answer)."""

    puzzle: Puzzle
    decisions: tuple[Decision, ...]
    file_path: Path | None
    label: str
    instead: str = ""
    """When not empty, a board whose decisions are refused opens empty instead, and this sentence
    says why before the reason."""


class BoardSources(QObject):
    """Compiled spaces, the compile in hand and the SAT worker, for one window. ``puzzle``: the
    board shown (or being opened), whose kind questions about a size alone are of."""

    ready = Signal(object, object, str)
    """(board, file path or None, label): a requested board is ready to be shown."""
    refusedBoard = Signal(str)
    """A requested board cannot be shown (its decisions leave no solution): why, in a sentence."""
    switched = Signal(object)
    """The current board is answered by another engine from now on (the board, decisions kept)."""
    message = Signal(str)
    problem = Signal(str)
    """Something failed that the user must read (a build, a board that could not be opened)."""
    compileStarted = Signal(object)
    """The puzzle whose diagram began to build."""
    compileProgress = Signal(object)
    compileEnded = Signal()

    def __init__(
        self,
        current: Callable[[], EngineBoard | None],
        backend: str,
        engine: str,
        puzzle: Puzzle,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.backend = backend
        self.engine_choice = engine
        self.puzzle = puzzle
        self.in_process_max_n = IN_PROCESS_MAX_N
        self._current = current
        self._spaces: dict[Puzzle, SolutionSpace] = {}
        self._sat: WorkerClient | None = None
        self._waiting: WorkerBoard | None = None
        self._job: CompileJob | None = None
        self._pending: PendingBoard | None = None
        self._notes: list[str] = []
        self._failures: list[float] = []
        """When the SAT worker died lately."""

    @property
    def compiling(self) -> int:
        """The size of the board of the kind in hand being compiled in the background, or 0."""
        job = self._job
        same_kind = job is not None and job.puzzle == self.puzzle.resized(job.puzzle.n)
        return job.puzzle.n if job is not None and job.running and same_kind else 0

    @property
    def max_n(self) -> int:
        """The largest board the chosen engine answers."""
        return largest_for(self.engine_choice, self.puzzle.rules)

    def is_cached(self, n: int) -> bool:
        """True when the n×n board of the kind in hand opens on its BDD without a compile worth
        mentioning."""
        puzzle = self.puzzle.resized(n)
        if n <= self.in_process_max_n or puzzle in self._spaces:
            return True
        try:
            return cache_path(n, resolve_backend(self.backend), puzzle.rules).is_file()
        except (OSError, NQueensError):
            return False

    def uses_bdd(self, n: int) -> bool:
        """True when the n×n board of the kind in hand is to be answered by the BDD (now, or once
        it is built)."""
        return takes_diagram(self.engine_choice, self.puzzle.resized(n))

    def waits_for_bdd(self, n: int) -> bool:
        """True when the n×n board of the kind in hand shows nothing until its BDD is compiled
        (else the SAT engine answers meanwhile)."""
        return waits_for_diagram(self.engine_choice, self.puzzle.resized(n))

    def request(
        self,
        puzzle: Puzzle,
        decisions: tuple[Decision, ...],
        file_path: Path | None,
        label: str,
        build_exact: bool,
        instead: str = "",
    ) -> bool:
        """Prepare the puzzle's board with ``decisions`` on the engine the choice gives;
        ``ready`` brings it (at once when its BDD is at hand). False when it is refused at once
        (nothing then changes), unless ``instead`` asks for the empty board then (see
        ``PendingBoard``)."""
        n = puzzle.n
        if n > largest_for(self.engine_choice, puzzle.rules) or n < 1:
            beyond = f"The {puzzle.title} board is beyond what the {self.engine_choice} engine answers."
            self.refusedBoard.emit(beyond)
            return False
        pending = PendingBoard(puzzle, decisions, file_path, label, instead)
        job = self._job
        if job is not None and job.running and job.puzzle == puzzle and self._pending is not None:
            self._pending = pending
            self.puzzle = puzzle
            return True
        self._notes.clear()
        diagram = takes_diagram(self.engine_choice, puzzle)
        space = self.space_now(puzzle) if diagram else None
        if space is not None:
            cfg = self._bdd(space, decisions)
            if isinstance(cfg, str):
                return self._refused(pending, cfg)
            self._drop_job()
            self.puzzle = puzzle
            self.ready.emit(cfg, file_path, label)
            return True
        problem = _contradiction(puzzle, decisions)
        if problem:
            return self._refused(pending, problem)
        self.puzzle = puzzle
        if waits_for_diagram(self.engine_choice, puzzle):
            self._compile(puzzle, pending)
            return True
        self._open_on_sat(pending)
        if diagram and build_exact:
            self._compile(puzzle, None)
        return True

    def _refused(self, pending: PendingBoard, reason: str) -> bool:
        """Say why the pending board's decisions were refused; open its empty board instead when
        it asks for that (True then)."""
        if not pending.instead:
            self._back_to_current()
            self.refusedBoard.emit(_not_opened(pending.file_path, reason))
            return False
        self.refusedBoard.emit(f"{pending.instead}: {reason}. An empty board instead.")
        return self.request(pending.puzzle, (), None, pending.label, False)

    def board(self, puzzle: Puzzle, decisions: Sequence[Decision]) -> EngineBoard:
        """The puzzle's board again, with decisions it held before (undo and redo of a board
        change)."""
        self.puzzle = puzzle
        space = self.space_now(puzzle) if takes_diagram(self.engine_choice, puzzle) else None
        if space is not None:
            return InProcessBoard(replay(space, decisions), self.parent())
        return self._solver_board(puzzle, decisions)

    def set_engine_choice(self, choice: str) -> None:
        """Answer with another engine from now on; the current board moves to it with its
        decisions where it can (a board larger than the BDD's reach stays on the SAT engine)."""
        if choice not in ENGINE_CHOICES:
            raise ValueError(f"unknown engine choice {choice!r}")
        self.engine_choice = choice
        cfg = self._current()
        if cfg is None:
            return
        diagram = takes_diagram(choice, cfg.puzzle)
        if diagram and cfg.space is None:
            space = self.space_now(cfg.puzzle)
            if space is not None:
                self._switch_to_bdd(space)
            elif not self._compiling(cfg.puzzle):
                self._compile(cfg.puzzle, None)
        elif not diagram and cfg.space is not None:
            self._drop_job()
            self.switched.emit(self._solver_board(cfg.puzzle, cfg.decisions))

    def sat_worker_pid(self) -> int:
        """The SAT worker's process id, 0 while none runs (for the soak test's memory)."""
        return self._sat.pid if self._sat is not None else 0

    def build_behind(self, n: int) -> None:
        """Build the diagram of the n×n board of the kind in hand in the background; the SAT
        board of it then switches to it, decisions kept."""
        puzzle = self.puzzle.resized(n)
        if not self._compiling(puzzle) and self.space_now(puzzle) is None:
            self._compile(puzzle, None)

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

    def space_now(self, puzzle: Puzzle) -> SolutionSpace | None:
        """The puzzle's space if it can be had at once: in memory, small enough, or in a cache
        that verifies."""
        if puzzle in self._spaces:
            return self._spaces[puzzle]
        n, rules = puzzle.n, puzzle.rules
        if n <= self.in_process_max_n:
            space = load_or_compile(n, self.backend, warn=self._note, rules=rules)
        else:
            cached = load_cached(n, self.backend, warn=self._note, rules=rules)
            if cached is None:
                return None
            space = cached
        self._spaces[puzzle] = space
        return space

    def _compiling(self, puzzle: Puzzle) -> bool:
        """True when the puzzle's diagram is being compiled now."""
        job = self._job
        return job is not None and job.running and job.puzzle == puzzle

    def _note(self, text: str) -> None:
        self._notes.append(text)
        self.message.emit(text)

    def _drop_job(self) -> None:
        """Stop a compile that another choice of board replaces, quietly."""
        job, self._job, self._pending = self._job, None, None
        if job is not None and job.running:
            job.cancel()
            self.compileEnded.emit()

    def _bdd(self, space: SolutionSpace, decisions: Sequence[Decision]) -> InProcessBoard | str:
        """A board on the diagram with the decisions taken in order, or why one was refused."""
        try:
            return InProcessBoard(replay(space, decisions), self.parent())
        except NQueensError as error:
            return str(error)

    def _compile(self, puzzle: Puzzle, pending: PendingBoard | None) -> None:
        """Compile the puzzle's diagram in a child; show ``pending`` when it is done, or else
        switch the SAT board of that puzzle to the BDD."""
        self._drop_job()
        self._pending = pending
        job = CompileJob(puzzle, self.backend, self)
        job.progressed.connect(self.compileProgress)
        job.warned.connect(self._note)
        job.succeeded.connect(lambda path: self._compiled(job, Path(path)))
        job.succeeded.connect(job.deleteLater)
        job.failed.connect(job.deleteLater)
        job.failed.connect(lambda reason: self._compile_failed(job, reason))
        self._job = job
        self.compileStarted.emit(puzzle)
        job.start()

    def _compiled(self, job: CompileJob, path: Path) -> None:
        backend = resolve_backend(self.backend)
        puzzle = job.puzzle
        kept = cache_path(puzzle.n, backend, puzzle.rules)
        if job is not self._job:
            if path != kept:
                path.unlink(missing_ok=True)
            return
        self._job = None
        self.compileEnded.emit()
        try:
            space = load(puzzle.n, backend, path, puzzle.rules)
        except NQueensError as error:
            self.problem.emit(f"The {puzzle.title} board could not be opened: {error}")
            return
        finally:
            if path != kept:
                path.unlink(missing_ok=True)
        space.origin, space.seconds = "compiled", space.info.compile_seconds
        self._spaces[puzzle] = space
        pending, self._pending = self._pending, None
        current = self._current()
        if pending is not None and pending.puzzle == puzzle:
            cfg = self._bdd(space, pending.decisions)
            if isinstance(cfg, str):
                self._refused(pending, cfg)
            else:
                self.ready.emit(cfg, pending.file_path, pending.label)
        elif (
            current is not None
            and current.space is None
            and current.puzzle == puzzle
            and takes_diagram(self.engine_choice, puzzle)
        ):
            self._switch_to_bdd(space)

    def _compile_failed(self, job: CompileJob, reason: str) -> None:
        if job is not self._job:
            return
        self._job = None
        self._pending = None
        self._back_to_current()
        self.compileEnded.emit()
        board = job.puzzle.title
        if reason == "cancelled":
            self.message.emit(f"Building the {board} board was cancelled; the board is unchanged.")
        else:
            self.problem.emit(f"Could not build the {board} board: {reason}. The board is unchanged.")

    def _back_to_current(self) -> None:
        """A board of another family was not opened: the family in hand is the shown board's."""
        current = self._current()
        if current is not None:
            self.puzzle = current.puzzle

    def _switch_to_bdd(self, space: SolutionSpace) -> None:
        """The BDD of the SAT board's size is ready: answer the same decisions with it."""
        current = self._current()
        cfg = self._bdd(space, current.decisions if current else ())
        if isinstance(cfg, str):
            self.problem.emit(f"The {space.puzzle.title} diagram is ready but refused the decisions: {cfg}")
            return
        self.switched.emit(cfg)
        built = f"The {space.puzzle.title} diagram is built: exact counts and the heat map from now on."
        self.message.emit(built)

    def _solver_board(self, puzzle: Puzzle, decisions: Sequence[Decision]) -> WorkerBoard:
        """The puzzle's board on the engine past the diagram, in the worker process."""
        return WorkerBoard(
            self._sat_client(), SOLVER_ENGINE, TITLES[SOLVER_ENGINE], puzzle, decisions, self.parent()
        )

    def _sat_client(self) -> WorkerClient:
        if self._sat is None:
            self._sat = WorkerClient(self)
            self._sat.failed.connect(self._sat_failed)
        return self._sat

    def _open_on_sat(self, pending: PendingBoard) -> None:
        """Ask the SAT engine about the board; it is shown once the engine takes its decisions."""
        if self._waiting is not None:
            self._waiting.deleteLater()
        board = self._solver_board(pending.puzzle, pending.decisions)
        self._waiting = board
        self.message.emit(f"Opening the {pending.puzzle.title} board on the SAT engine…")
        board.accepted.connect(lambda: self._sat_accepted(board, pending))
        board.refused.connect(lambda reason: self._sat_refused(board, pending, reason))

    def _sat_accepted(self, board: WorkerBoard, pending: PendingBoard) -> None:
        if board is not self._waiting:
            return
        self._waiting = None
        board.accepted.disconnect()
        board.refused.disconnect()
        self.ready.emit(board, pending.file_path, pending.label)

    def _sat_refused(self, board: WorkerBoard, pending: PendingBoard, reason: str) -> None:
        if board is not self._waiting:
            return
        self._waiting = None
        board.deleteLater()
        current = self._current()
        if pending.instead:
            self._refused(pending, reason)
        elif current is None:
            self.refusedBoard.emit(_not_opened(pending.file_path, reason, "The board is empty."))
            self._open_on_sat(PendingBoard(board.puzzle, (), None, f"Size {board.n}×{board.n}"))
        else:
            self._back_to_current()
            self.refusedBoard.emit(_not_opened(pending.file_path, reason))

    def _sat_failed(self, reason: str) -> None:
        """The worker died: the board in hand and a board being opened are asked again of a new
        one, unless it keeps dying (then the next question starts it)."""
        now = time.monotonic()
        self._failures = [t for t in self._failures if now - t < RESTART_WINDOW] + [now]
        said = reason[0].upper() + reason[1:]
        if len(self._failures) > RESTARTS:
            self.problem.emit(
                f"{said}, {len(self._failures)} times within {RESTART_WINDOW:.0f} s: it starts again at "
                "your next click."
            )
            return
        self.problem.emit(f"{said}; it was started again, and nothing you did was lost.")
        for board in (self._current(), self._waiting):
            if board is not None:
                board.resend()


def _not_opened(file_path: Path | None, reason: str, then: str = "The board is unchanged.") -> str:
    """The whole sentence of a refused board, naming its file."""
    what = file_path.name if file_path is not None else "The configuration"
    return f"{what} was not opened: {reason}. {then}"


def _contradiction(puzzle: Puzzle, decisions: Sequence[Decision]) -> str:
    """Why these decisions cannot all hold on the puzzle's board, found without an engine (two
    decisions on one square, two pieces that attack each other), or ""."""
    found = conflict(puzzle.n, decisions, puzzle.rules)
    if found is None:
        return ""
    if found.same_square:
        return f"decisions {found.first} and {found.second} are both on {found.second_cell.label()}"
    return (
        f"decision {found.second} cannot be taken: the {puzzle.piece}s at {found.first_cell.label()} "
        f"(decision {found.first}) and {found.second_cell.label()} attack each other"
    )
