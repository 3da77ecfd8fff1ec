"""Where the window's boards come from, for any engine of the registry: a built engine answered in this
process from what it was built from (kept, built here within a moment, or built by a child process with
progress and Cancel), an engine that answers at once, in this process or in the engine worker; and a built
engine built behind a board answered at once, where asked."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from app.gui.mid_end.undo_commands import BoardFile
from app.gui.workers.compile_job import CompileJob
from app.gui.workers.engine_board import EngineBoard
from app.gui.workers.in_process_board import InProcessBoard
from app.gui.workers.worker_board import WorkerBoard
from app.gui.workers.worker_client import WorkerClient
from bdd_model import Decision, NQueensError
from bdd_model.decisions import conflict
from bdd_model.engine_choice import (
    AUTO,
    ENGINE_CHOICES,
    at_once_engine,
    built_engine,
    largest_for,
    waits_for_build,
)
from bdd_model.engines import Built, BuiltEngineKind, EngineKind, as_built, engine_named, engines
from bdd_model.puzzles import Puzzle

IN_PROCESS_MAX_N = 10
"""Sizes up to this are built in the window's own process (the classic 10×10: 0.08 s); larger ones
in a child."""
RESTARTS = 3
"""Deaths of the engine worker within ``RESTART_WINDOW`` seconds after which it is no longer
started again at once (only at the next click)."""
RESTART_WINDOW = 30.0


@dataclass(frozen=True)
class PendingBoard:
    """A board waiting for its engine (a build, or the worker's first answer)."""

    puzzle: Puzzle
    decisions: tuple[Decision, ...]
    file: BoardFile | None
    label: str
    instead: str = ""
    """When not empty, a board whose decisions are refused opens empty instead, and this sentence
    says why before the reason."""


class BoardSources(QObject):
    """What the engines answer from, the build in hand and the engine worker, for one window.
    ``puzzle``: the board shown (or being opened), whose kind questions about a size alone are
    of."""

    ready = Signal(object, object, str)
    """(board, its file or None, label): a requested board is ready to be shown."""
    refusedBoard = Signal(str)
    """A requested board cannot be shown (its decisions leave no solution): why, in a sentence."""
    switched = Signal(object)
    """The current board is answered by another engine from now on (the board, decisions kept)."""
    message = Signal(str)
    problem = Signal(str)
    """Something failed that the user must read (a build, a board that could not be opened)."""
    compileStarted = Signal(object)
    """The puzzle whose built engine began to build."""
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
        self._built: dict[tuple[str, Puzzle], Built] = {}
        self._worker: WorkerClient | None = None
        self._waiting: EngineBoard | None = None
        self._job: CompileJob | None = None
        self._pending: PendingBoard | None = None
        self._notes: list[str] = []
        self._failures: list[float] = []
        """When the engine worker died lately."""
        self.keeps_dead_ends = False
        """The assists that spoil nothing: boards whose engine can keep dead ends keep them."""

    def strict_for(self, kind: EngineKind, puzzle: Puzzle) -> bool:
        """The puzzle's boards on the engine of that kind refuse decisions leaving no solution."""
        return not (self.keeps_dead_ends and kind.keeps_dead_ends(puzzle))

    def keep_dead_ends(self, keep: bool) -> None:
        """Set the policy, for the board shown too."""
        self.keeps_dead_ends = keep
        board = self._current()
        if board is not None:
            board.set_strict(self.strict_for(engine_named(board.engine), board.puzzle))

    @property
    def compiling(self) -> int:
        """The size of the board of the kind in hand being built in the background, or 0."""
        job = self._job
        if job is None or not job.running or job.puzzle != self.puzzle.resized(job.puzzle.n):
            return 0
        return job.puzzle.n

    @property
    def max_n(self) -> int:
        """The largest board of Game → Size (the kind in hand's, a level's family's) that the
        chosen engine answers."""
        return largest_for(self.engine_choice, self.puzzle.resized(1))

    def built_engine(self, n: int) -> BuiltEngineKind | None:
        """The built engine that answers the n×n board of the kind in hand (now, or once it is
        built), if any."""
        return built_engine(self.engine_choice, self.puzzle.resized(n))

    def waits_for_build(self, n: int) -> bool:
        """True when the n×n board of the kind in hand shows nothing until its built engine is
        built (else an engine that answers at once answers meanwhile)."""
        return waits_for_build(self.engine_choice, self.puzzle.resized(n))

    def is_kept(self, n: int) -> bool:
        """True when the n×n board of the kind in hand opens on its built engine without a build
        worth mentioning."""
        puzzle = self.puzzle.resized(n)
        kind = built_engine(self.engine_choice, puzzle)
        if kind is None or n <= self.in_process_max_n or (kind.name, puzzle) in self._built:
            return True
        try:
            return kind.is_kept(puzzle, self.backend)
        except (OSError, NQueensError):
            return False

    def at_once(self, n: int) -> EngineKind:
        """The engine that answers the n×n board of the kind in hand at once, whatever the choice."""
        kind = at_once_engine(AUTO, self.puzzle.resized(n))
        assert kind is not None, "an engine answers at once every size some engine answers"
        return kind

    def on_built_engine(self, board: EngineBoard) -> bool:
        """True when ``board`` is answered by a built engine."""
        return as_built(engine_named(board.engine), board.puzzle) is not None

    def request(
        self,
        puzzle: Puzzle,
        decisions: tuple[Decision, ...],
        file: BoardFile | None,
        label: str,
        build_exact: bool,
        instead: str = "",
    ) -> bool:
        """Prepare the puzzle's board with ``decisions`` on the engine the choice gives;
        ``ready`` brings it (at once when what a built engine answers from is at hand). False
        when it is refused at once (nothing then changes), unless ``instead`` asks for the empty
        board then (see ``PendingBoard``)."""
        if not 1 <= puzzle.n <= largest_for(self.engine_choice, puzzle):
            beyond = f"The {puzzle.title} board is beyond what the {self.engine_choice} engine answers."
            self.refusedBoard.emit(beyond)
            return False
        pending = PendingBoard(puzzle, decisions, file, label, instead)
        job = self._job
        if job is not None and job.running and job.puzzle == puzzle and self._pending is not None:
            self._pending = pending
            self.puzzle = puzzle
            return True
        self._notes.clear()
        kind = built_engine(self.engine_choice, puzzle)
        built = self._at_hand(kind, puzzle) if kind is not None else None
        if kind is not None and built is not None:
            cfg = self._board_of(kind, built, decisions)
            if isinstance(cfg, str):
                return self._refused(pending, cfg)
            self._drop_job()
            self.puzzle = puzzle
            self.ready.emit(cfg, file, label)
            return True
        at_once = at_once_engine(self.engine_choice, puzzle)
        strict = at_once is None or self.strict_for(at_once, puzzle)
        problem = _contradiction(puzzle, decisions) if strict else ""
        if problem:
            return self._refused(pending, problem)
        self.puzzle = puzzle
        if kind is not None and waits_for_build(self.engine_choice, puzzle):
            self._build(kind, puzzle, pending)
            return True
        self._open_at_once(pending)
        if kind is not None and build_exact:
            self._build(kind, puzzle, None)
        return True

    def _refused(self, pending: PendingBoard, reason: str) -> bool:
        """Say why the pending board's decisions were refused; open its empty board instead when
        it asks for that (True then)."""
        if not pending.instead:
            self._back_to_current()
            self.refusedBoard.emit(_not_opened(pending.file, reason))
            return False
        self.refusedBoard.emit(f"{pending.instead}: {reason}. An empty board instead.")
        return self.request(pending.puzzle, (), None, pending.label, False)

    def board(self, puzzle: Puzzle, decisions: Sequence[Decision]) -> EngineBoard:
        """The puzzle's board again, with decisions it held before (undo and redo of a board
        change)."""
        self.puzzle = puzzle
        kind = built_engine(self.engine_choice, puzzle)
        built = self._at_hand(kind, puzzle) if kind is not None else None
        if kind is not None and built is not None:
            return InProcessBoard(built.board(decisions), self.parent())
        return self._at_once_board(puzzle, decisions)

    def set_engine_choice(self, choice: str) -> None:
        """Answer with another engine from now on; the board moves to it, decisions kept, if it can."""
        if choice not in ENGINE_CHOICES:
            raise ValueError(f"unknown engine choice {choice!r}")
        self.engine_choice = choice
        cfg = self._current()
        if cfg is None:
            return
        kind = built_engine(choice, cfg.puzzle)
        on_built = self.on_built_engine(cfg)
        if kind is not None and not on_built:
            built = self._at_hand(kind, cfg.puzzle)
            if built is not None:
                self._switch_to_built(kind, built, cfg.puzzle)
            elif not self._building(cfg.puzzle):
                self._build(kind, cfg.puzzle, None)
        elif kind is None and (on_built or _other_at_once(choice, cfg)):
            self._drop_job()
            try:
                self.switched.emit(self._at_once_board(cfg.puzzle, cfg.decisions))
            except NQueensError as error:
                self.problem.emit(f"The board stays on the {cfg.name}: {error}")

    def worker_pid(self) -> int:
        """The engine worker's process id, 0 while none runs (for the soak test's memory)."""
        return self._worker.pid if self._worker is not None else 0

    def build_behind(self, n: int) -> None:
        """Build the n×n board of the kind in hand for its built engine in the background; the
        board answered at once switches to it then, decisions kept."""
        puzzle = self.puzzle.resized(n)
        kind = built_engine(self.engine_choice, puzzle)
        if kind is not None and not self._building(puzzle) and self._at_hand(kind, puzzle) is None:
            self._build(kind, puzzle, None)

    def start_worker(self) -> None:
        """Start the engine worker's process now (in the background): the first board it answers
        then opens without waiting for its start-up (about a second)."""
        self._worker_client(next(kind for kind in engines() if kind.in_worker)).start()

    def cancel_compile(self) -> None:
        """Stop a background build (the user's Cancel); the current board stays."""
        if self._job is not None and self._job.running:
            self._job.cancel()

    def shut_down(self) -> None:
        """Stop the children: a build and the engine worker (the window closes)."""
        self.cancel_compile()
        if self._worker is not None:
            self._worker.stop()

    def take_notes(self) -> list[str]:
        """What was said while the current board was being prepared (a rebuilt cache, a cache
        that could not be written), once: the window repeats it when the board is shown."""
        notes, self._notes = self._notes, []
        return notes

    def _at_hand(self, kind: BuiltEngineKind, puzzle: Puzzle) -> Built | None:
        """What the puzzle's boards are answered from, if it can be had at once: in memory, kept,
        or built here within a moment."""
        key = (kind.name, puzzle)
        if key not in self._built:
            built = kind.at_hand(puzzle, self.backend, self.in_process_max_n, self._note)
            if built is None:
                return None
            self._built[key] = built
        return self._built[key]

    def _building(self, puzzle: Puzzle) -> bool:
        """True when the puzzle's built engine is being built now."""
        job = self._job
        return job is not None and job.running and job.puzzle == puzzle

    def _note(self, text: str) -> None:
        self._notes.append(text)
        self.message.emit(text)

    def _drop_job(self) -> None:
        """Stop a build that another choice of board replaces, quietly."""
        job, self._job, self._pending = self._job, None, None
        if job is not None and job.running:
            job.cancel()
            self.compileEnded.emit()

    def _board_of(
        self, kind: EngineKind, built: Built, decisions: Sequence[Decision]
    ) -> InProcessBoard | str:
        """A board of ``built`` with the decisions taken in order, or why one was refused."""
        try:
            return InProcessBoard(built.board(decisions), self.parent())
        except NQueensError as error:
            return str(error)

    def _build(self, kind: BuiltEngineKind, puzzle: Puzzle, pending: PendingBoard | None) -> None:
        """Build the puzzle for ``kind`` in a child; show ``pending`` when it is done, or else
        switch the board of that puzzle answered at once to it."""
        self._drop_job()
        self._pending = pending
        job = CompileJob(kind, puzzle, self.backend, self)
        job.progressed.connect(self.compileProgress)
        job.warned.connect(self._note)
        job.succeeded.connect(lambda path: self._built_now(job, Path(path)))
        job.succeeded.connect(job.deleteLater)
        job.failed.connect(job.deleteLater)
        job.failed.connect(lambda reason: self._build_failed(job, reason))
        self._job = job
        self.compileStarted.emit(puzzle)
        job.start()

    def _built_now(self, job: CompileJob, path: Path) -> None:
        kind, puzzle = job.kind, job.puzzle
        if job is not self._job:
            kind.discard_built(puzzle, self.backend, path)
            return
        self._job = None
        self.compileEnded.emit()
        try:
            built = kind.load_built(puzzle, self.backend, path)
        except NQueensError as error:
            self.problem.emit(f"The {puzzle.title} board could not be opened: {error}")
            return
        self._built[kind.name, puzzle] = built
        pending, self._pending = self._pending, None
        current = self._current()
        if pending is not None and pending.puzzle == puzzle:
            cfg = self._board_of(kind, built, pending.decisions)
            if isinstance(cfg, str):
                self._refused(pending, cfg)
            else:
                self.ready.emit(cfg, pending.file, pending.label)
        elif (
            current is not None
            and not self.on_built_engine(current)
            and current.puzzle == puzzle
            and built_engine(self.engine_choice, puzzle) is kind
        ):
            self._switch_to_built(kind, built, puzzle)

    def _build_failed(self, job: CompileJob, reason: str) -> None:
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
        """A board of another kind was not opened: the kind in hand is the shown board's."""
        current = self._current()
        if current is not None:
            self.puzzle = current.puzzle

    def _switch_to_built(self, kind: BuiltEngineKind, built: Built, puzzle: Puzzle) -> None:
        """The built engine of the board answered at once is ready: answer the same decisions
        with it."""
        current = self._current()
        cfg = self._board_of(kind, built, current.decisions if current else ())
        if isinstance(cfg, str):
            ready = f"The {puzzle.title} {kind.built_noun} is ready"
            self.problem.emit(f"{ready} but refused the decisions: {cfg}")
            return
        self.switched.emit(cfg)
        said = f"The {puzzle.title} {kind.built_noun} is built: {kind.brings} from now on."
        self.message.emit(said)

    def _at_once_board(self, puzzle: Puzzle, decisions: Sequence[Decision]) -> EngineBoard:
        """The puzzle's board on the engine that answers it at once (NQueensError: refused)."""
        kind = at_once_engine(self.engine_choice, puzzle)
        assert kind is not None, "an engine answers at once every board the choice lets through"
        strict = self.strict_for(kind, puzzle)
        if kind.in_worker:
            return WorkerBoard(self._worker_client(kind), kind, puzzle, decisions, self.parent(), strict)
        return InProcessBoard.taking(kind.open(puzzle, self.backend), decisions, strict, self.parent())

    def _worker_client(self, kind: EngineKind) -> WorkerClient:
        """The engine worker, named for the engine of the board it answers now."""
        if self._worker is None:
            self._worker = WorkerClient(kind.title, self)
            self._worker.failed.connect(self._worker_failed)
        self._worker.name = kind.title
        return self._worker

    def _open_at_once(self, pending: PendingBoard) -> None:
        """Ask the engine that answers at once about the board; it is shown once the engine takes
        its decisions."""
        if self._waiting is not None:
            self._waiting.deleteLater()
        kind = at_once_engine(self.engine_choice, pending.puzzle)
        assert kind is not None
        self.message.emit(f"Opening the {pending.puzzle.title} board on the {kind.title}…")
        try:
            board = self._at_once_board(pending.puzzle, pending.decisions)
        except NQueensError as error:
            self._not_taken(pending, str(error))
            return
        if not kind.in_worker:
            self.ready.emit(board, pending.file, pending.label)
            return
        self._waiting = board
        board.accepted.connect(lambda: self._accepted(board, pending))
        board.refused.connect(lambda reason: self._refused_by_worker(board, pending, reason))

    def _accepted(self, board: EngineBoard, pending: PendingBoard) -> None:
        if board is not self._waiting:
            return
        self._waiting = None
        board.accepted.disconnect()
        board.refused.disconnect()
        self.ready.emit(board, pending.file, pending.label)

    def _refused_by_worker(self, board: EngineBoard, pending: PendingBoard, reason: str) -> None:
        if board is not self._waiting:
            return
        self._waiting = None
        board.deleteLater()
        self._not_taken(pending, reason)

    def _not_taken(self, pending: PendingBoard, reason: str) -> None:
        """The engine that answers at once refused the pending board's decisions."""
        current = self._current()
        if pending.instead:
            self._refused(pending, reason)
        elif current is None:
            self.refusedBoard.emit(_not_opened(pending.file, reason, "The board is empty."))
            n = pending.puzzle.n
            self._open_at_once(PendingBoard(pending.puzzle, (), None, f"Size {n}×{n}"))
        else:
            self._back_to_current()
            self.refusedBoard.emit(_not_opened(pending.file, reason))

    def _worker_failed(self, reason: str) -> None:
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


def _not_opened(file: BoardFile | None, reason: str, then: str = "The board is unchanged.") -> str:
    """The whole sentence of a refused board, naming its file."""
    what = file.path.name if file is not None else "The configuration"
    return f"{what} was not opened: {reason}. {then}"


def _contradiction(puzzle: Puzzle, decisions: Sequence[Decision]) -> str:
    """Why these decisions cannot all hold on the puzzle's board, found without an engine (two
    decisions on one square, two pieces that attack each other), or ""."""
    found = conflict(puzzle, decisions)
    if found is None:
        return ""
    if found.same_square:
        return f"decisions {found.first} and {found.second} are both on {found.second_cell.label()}"
    return (
        f"decision {found.second} cannot be taken: the {puzzle.piece}s at {found.first_cell.label()} "
        f"(decision {found.first}) and {found.second_cell.label()} attack each other"
    )


def _other_at_once(choice: str, board: EngineBoard) -> bool:
    """The choice has another engine answer the board at once (a level: the search or its BDD)."""
    kind = at_once_engine(choice, board.puzzle)
    return kind is not None and kind is not engine_named(board.engine)
