"""The board in play, kept on disk within a second of every change, and found again at the next
start: a crash, a ``kill -9`` or a power cut loses at most that second.

Each window writes its own file (``window-<id>.json`` in the ``boards`` folder beside the
settings), whole or not at all, from a thread of its own (a sync to disk can take tens of
milliseconds, never the window's), and holds a lock file while it runs. At start a window
reopens the newest board no running window holds, says whether it was left cleanly or not, and
takes its file over; the other windows' boards stay on disk, so two windows never overwrite each
other's board unseen. A second window opens offset from the first and says so.

The file grows with the game, not with its square: the decisions are written once, as one
number each, and each undo step as what it changed (the decisions it took away, where they
were, and how many it added at the end). The same limit, ``MAX_BYTES``, bounds what is written
(the oldest steps go first) and what is read; the board alone (up to 10,000 decisions) is a
small part of it. Every file is hostile: one that cannot be restored is put aside under a name
that says so, and the window says which and what it opened instead; a folder that cannot be
written is said once, and the board is kept again as soon as it can be.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QLockFile, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from app.gui.mid_end.board_sources import ENGINE_CHOICES
from app.gui.mid_end.session import BoardSession
from app.gui.mid_end.undo_commands import Board, Step
from bdd_model import Cell, Decision, DecisionKind, NQueensError
from bdd_model.engine_choice import check_board_size
from bdd_model.files.atomic_file import atomic_output, remove_abandoned
from bdd_model.files.checked_file import read_bounded
from bdd_model.wording import plural

FORMAT = "nqueens-autosave"
VERSION = 2
WRITE_AFTER_MS = 250
"""A change is written this long after it (a burst of clicks makes one write)."""
KEPT_STEPS = 200
"""Undo steps kept on disk at most (the oldest go first)."""
MAX_BYTES = 8 << 20
"""The largest file written and the largest read: older steps are left out until it fits."""
KEPT_FILES = 12
"""Boards of windows that are gone kept for recovery, and files put aside; older ones go."""
GEOMETRY_BYTES = 1024
"""The longest window geometry read back (Qt's is about 66 bytes)."""
ASIDE = "unreadable-"
"""The name a file that could not be restored is put aside under starts with this."""


@dataclass(frozen=True)
class Saved:
    """A board found on disk: its window's id, the board, its undo steps, how it ended."""

    ident: str
    board: Board
    steps: tuple[tuple[str, str, Any, Any], ...]
    clean: bool
    saved_at: float
    saved_back: int | None
    """How many steps back from the board the last save (or open) of its file lies; None: none."""
    engine: str
    geometry: bytes | None = None
    """The window's size and place when it was kept (Qt's ``saveGeometry``)."""


class Autosave(QObject):
    """One window's board on disk."""

    noted = Signal(str)
    """Something about the kept boards worth a line in the status bar."""
    troubled = Signal(str)
    """The board cannot be kept on disk (why, in a sentence), or "" when it is kept again."""
    _written = Signal(str)
    """The writer thread's outcome: "" or why the file could not be written."""

    def __init__(self, session: BoardSession, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._folder = folder
        self._ident = ""
        self._lock: QLockFile | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(WRITE_AFTER_MS)
        self._timer.timeout.connect(lambda: self.write(clean=False))
        self._fragments: dict[int, tuple[Step, str]] = {}
        """Each undo step as written, by its identity (a step never changes once taken)."""
        self._failing = ""
        self._writer = _Writer(self._written.emit)
        self._written.connect(self._outcome)
        self.problems: list[str] = []
        """What went wrong with the boards found at start, one sentence each."""
        for signal in (session.changed, session.fileChanged, session.undo_stack.indexChanged):
            signal.connect(self._changed)
        self._window = parent if isinstance(parent, QWidget) else None
        if self._window is not None:
            self._window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A window moved or resized is kept too, so that a crash keeps its size and place."""
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize) and self.path is not None:
            self._changed()
        return False

    @property
    def path(self) -> Path | None:
        """This window's file, once it has one."""
        return self._folder / f"window-{self._ident}.json" if self._ident else None

    def others_running(self) -> bool:
        """True when another window holds a board in the folder now."""
        return any(self._held(ident) for ident in self._idents() if ident != self._ident)

    def claim(self) -> Saved | None:
        """Take the newest board that no running window holds (it becomes this window's), or a
        fresh file; None when there is nothing to reopen. Files that cannot be restored are put
        aside, each said in ``problems``."""
        found = None
        for ident in self._idents():
            if self._held(ident):
                continue
            saved = self._read(ident)
            if saved is not None and (found is None or saved.saved_at > found.saved_at):
                found = saved
        self._take(found.ident if found is not None else secrets.token_hex(4))
        self._prune()
        return found

    def start_fresh(self) -> None:
        """Keep this window's board in a new file (the window was opened on a given board)."""
        self._take(secrets.token_hex(4))
        self._prune()

    def write(self, clean: bool) -> None:
        """Write the board in play (``clean``: the window is closing as asked, and the file is
        written before this returns); otherwise the writer thread writes it."""
        self._timer.stop()
        cfg, path = self._session.configurator, self.path
        if cfg is None or path is None:
            return
        board = Board(cfg.n, cfg.decisions, self._session.file_path)
        header = {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": time.time(),
            "clean": clean,
            "saved_back": _saved_back(self._session.undo_stack),
            "engine": self._session.sources.engine_choice,
            "board": _board_json(board),
        }
        if self._window is not None:
            header["geometry"] = bytes(self._window.saveGeometry().toBase64().data()).decode("ascii")
        text = kept_text(header, self._session.history()[-KEPT_STEPS:], board, self._fragments)
        if clean:
            self._writer.stop()
            self._outcome(_write_file(self._folder, path, text))
        else:
            self._writer.put(self._folder, path, text)

    def close(self) -> None:
        """The window closes as asked: write the board as left, and let its file go."""
        self.write(clean=True)
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def _outcome(self, problem: str) -> None:
        """Say once when the board can no longer be kept, and once when it is kept again."""
        if problem and not self._failing:
            self.troubled.emit(f"The board cannot be kept on disk ({problem}); save it to keep it.")
        elif not problem and self._failing:
            self.troubled.emit("")
            self.noted.emit("The board is kept on disk again.")
        self._failing = problem

    def _changed(self) -> None:
        if not self._timer.isActive():
            self._timer.start()

    def _take(self, ident: str) -> None:
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._cannot_keep(error.strerror or str(error))
            return
        lock = QLockFile(str(self._folder / f"window-{ident}.lock"))
        lock.setStaleLockTime(0)
        if lock.tryLock(100):
            self._ident, self._lock = ident, lock
        elif lock.error() != QLockFile.LockError.LockFailedError:
            self._cannot_keep("its lock file cannot be made")

    def _cannot_keep(self, reason: str) -> None:
        self.problems.append(
            f"Boards cannot be kept in {self._folder} ({reason}): this one is not kept on disk; "
            "use File → Save to keep it."
        )

    def _held(self, ident: str) -> bool:
        """True when a running window (this one included) holds ``ident``'s lock."""
        lock = QLockFile(str(self._folder / f"window-{ident}.lock"))
        lock.setStaleLockTime(0)
        if lock.tryLock(0):
            lock.unlock()
            return False
        return lock.error() == QLockFile.LockError.LockFailedError

    def _idents(self) -> list[str]:
        try:
            names = [path.name for path in self._folder.glob("window-*.json")]
        except OSError:
            return []
        return [name[len("window-") : -len(".json")] for name in names if _plain(name)]

    def _read(self, ident: str) -> Saved | None:
        path = self._folder / f"window-{ident}.json"
        try:
            return read_kept(ident, read_bounded(path, MAX_BYTES, "a kept board"))
        except (OSError, ValueError, TypeError, KeyError, IndexError, NQueensError, RecursionError) as error:
            self.problems.append(self._put_aside(path, _reason(error)))
            return None

    def _put_aside(self, path: Path, reason: str) -> str:
        """Move a file that cannot be restored out of the way, under a name that says so; the
        sentence that says it."""
        aside = path.with_name(f"{ASIDE}{path.stem.removeprefix('window-')}-{int(time.time())}.json")
        said = f"A board kept from before could not be read ({path}: {reason})"
        try:
            os.replace(path, aside)
            (self._folder / f"{path.stem}.lock").unlink(missing_ok=True)
        except OSError:
            return f"{said}."
        return f"{said}; it was put aside as {aside.name}."

    def _prune(self) -> None:
        """Keep the newest ``KEPT_FILES`` boards of windows that are gone, and as many files
        put aside; remove what writers that are gone left half written."""
        try:
            remove_abandoned(self._folder)
        except OSError:
            return
        gone = [ident for ident in self._idents() if ident != self._ident and not self._held(ident)]
        gone.sort(key=lambda ident: _mtime(self._folder / f"window-{ident}.json"), reverse=True)
        for ident in gone[KEPT_FILES:]:
            for suffix in (".json", ".lock"):
                (self._folder / f"window-{ident}{suffix}").unlink(missing_ok=True)
        try:
            aside = sorted(self._folder.glob(f"{ASIDE}*.json"), key=_mtime, reverse=True)
        except OSError:
            return
        for path in aside[KEPT_FILES:]:
            path.unlink(missing_ok=True)


def kept_text(
    header: dict[str, Any], steps: Sequence[Step], board: Board, fragments: dict[int, tuple[Step, str]]
) -> str:
    """The file's text: the header, and as many of the newest steps as fit in ``MAX_BYTES``.
    ``fragments`` keeps each step as written, by its identity, so a write costs what changed
    (steps no longer given are dropped from it)."""
    live = {id(step) for step in steps}
    for key in [key for key in fragments if key not in live]:
        del fragments[key]
    written = []
    for step in steps:
        kept = fragments.get(id(step))
        if kept is None or kept[0] is not step:
            kept = fragments[id(step)] = (step, json.dumps(_step_json(step), separators=(",", ":")))
        written.append(kept[1])
    head = json.dumps({**header, "tip": _tip(steps, board)}, separators=(",", ":"))
    room = MAX_BYTES - len(head) - len(',"steps":[]}')
    first = len(written)
    while first > 0 and room - len(written[first - 1]) - 1 >= 0:
        first -= 1
        room -= len(written[first]) + 1
    return f'{head[:-1]},"steps":[{",".join(written[first:])}]}}'


def read_kept(ident: str, text: str | bytes) -> Saved:
    """A kept board read back from ``kept_text``'s form; ValueError (or NQueensError) saying
    why it cannot be."""
    return _saved(ident, json.loads(text))


class _Writer:
    """The thread that writes the files, the newest text first (an older one still waiting is
    dropped); ``done`` hears each outcome ("" or why it failed)."""

    def __init__(self, done: Any) -> None:
        self._done = done
        self._next: tuple[Path, Path, str] | None = None
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False

    def put(self, folder: Path, path: Path, text: str) -> None:
        with self._wake:
            self._next = (folder, path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="nqueens-autosave", daemon=True)
                self._thread.start()
            self._wake.notify()

    def stop(self) -> None:
        """Drop what waits and let the write in hand finish."""
        with self._wake:
            self._next = None
            while self._busy:
                self._wake.wait()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._next is None:
                    self._wake.wait()
                folder, path, text = self._next
                self._next = None
                self._busy = True
            try:
                self._done(_write_file(folder, path, text))
            finally:
                with self._wake:
                    self._busy = False
                    self._wake.notify_all()


def _write_file(folder: Path, path: Path, text: str) -> str:
    """Write one file whole; "" or why it could not be written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_output(path) as stream:
            stream.write(text.encode("utf-8"))
    except OSError as error:
        return error.strerror or str(error)
    return ""


def _reason(error: BaseException) -> str:
    """Why a kept board could not be read, in a few words."""
    if isinstance(error, OSError):
        return error.strerror or str(error)
    if isinstance(error, json.JSONDecodeError | UnicodeDecodeError) or not str(error):
        return "it is not a board this program wrote (damaged or cut short)"
    if isinstance(error, NQueensError | ValueError):
        return str(error)
    return "it is not a board this program wrote (damaged or cut short)"


def _plain(name: str) -> bool:
    ident = name[len("window-") : -len(".json")]
    return 0 < len(ident) <= 32 and ident.isalnum()


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _codes(n: int, decisions: Sequence[Decision]) -> list[int]:
    """Each decision as one number: twice its square's index, plus one for a mark."""
    return [2 * (d.cell.row * n + d.cell.col) + (d.kind is DecisionKind.MARK) for d in decisions]


def _decisions(n: int, codes: object) -> tuple[Decision, ...]:
    if not isinstance(codes, list):
        raise ValueError("no list of decisions")
    decisions = []
    for code in codes:
        if type(code) is not int or not 0 <= code < 2 * n * n:
            raise ValueError("a decision off the board")
        square, mark = divmod(code, 2)
        kind = DecisionKind.MARK if mark else DecisionKind.QUEEN
        decisions.append(Decision(Cell(*divmod(square, n)), kind))
    if len({d.cell for d in decisions}) < len(decisions):
        raise ValueError("two decisions on one square")
    return tuple(decisions)


def _board_json(board: Board) -> dict[str, Any]:
    return {
        "n": board.n,
        "decisions": _codes(board.n, board.decisions),
        "file": str(board.file_path) if board.file_path else None,
    }


def _board(data: object) -> Board:
    if not isinstance(data, dict):
        raise ValueError("no board")
    n = check_board_size(data["n"])
    file = data.get("file")
    if file is not None and not (isinstance(file, str) and len(file) < 4096 and "\0" not in file):
        raise ValueError("no file name")
    return Board(n, _decisions(n, data["decisions"]), Path(file) if file else None)


def _tip(steps: Sequence[Step], board: Board) -> dict[str, Any] | None:
    """The board after the last step, when it is not the board shown (a change the SAT engine
    has not taken yet shows before it becomes a step)."""
    if not steps:
        return None
    last = steps[-1]
    tip = last.after if last.kind == "board" else Board(board.n, last.after, board.file_path)
    return None if (tip.n, tip.decisions) == (board.n, board.decisions) else _board_json(tip)


def _step_json(step: Step) -> list[Any]:
    """A step as what it changed: a board step keeps the board before it; a decisions step the
    decisions it took away with their places, and how many it added at the end (or, if it did
    anything else, the decisions before it in full)."""
    if step.kind == "board":
        return ["board", step.text(), _board_json(step.before), _board_json(step.after)]
    before, after = step.before, step.after
    staying = set(after)
    removed = [(i, d) for i, d in enumerate(before) if d not in staying]
    kept = [d for d in before if d in staying]
    added = len(after) - len(kept)
    if tuple(kept) == tuple(after[: len(kept)]):
        places = [i for i, _ in removed]
        return ["change", step.text(), places, [_code(d) for _, d in removed], added]
    return ["decisions", step.text(), [_code(d) for d in before]]


def _code(decision: Decision) -> list[int]:
    return [decision.cell.row, decision.cell.col, int(decision.kind is DecisionKind.MARK)]


def _decoded(entry: object, n: int) -> Decision:
    if not (isinstance(entry, list) and len(entry) == 3 and all(type(v) is int for v in entry)):
        raise ValueError("a decision is not a square")
    row, col, mark = entry
    if not (0 <= row < n and 0 <= col < n and mark in (0, 1)):
        raise ValueError("a decision off the board")
    return Decision(Cell(row, col), DecisionKind.MARK if mark else DecisionKind.QUEEN)


def _steps_back(records: object, tip: Board) -> list[tuple[str, str, Any, Any]]:
    """The undo steps, oldest first, rebuilt from the newest back (each step's board after it
    is the board before the next)."""
    if not isinstance(records, list):
        raise ValueError("no steps")
    steps: list[tuple[str, str, Any, Any]] = []
    board = tip
    for record in reversed(records):
        if not (isinstance(record, list) and record and isinstance(record[1], str) and len(record[1]) <= 200):
            raise ValueError("a step without a name")
        kind, text = record[0], record[1]
        if kind == "board":
            before, after = _board(record[2]), _board(record[3])
            if (after.n, after.decisions) != (board.n, board.decisions):
                raise ValueError("the steps do not lead to the board")
            steps.append(("board", text, before, after))
            board = before
            continue
        after_decisions = board.decisions
        if kind == "change":
            places, removed, added = record[2], [_decoded(e, board.n) for e in record[3]], record[4]
            if not (isinstance(places, list) and len(places) == len(removed) and type(added) is int):
                raise ValueError("a step is damaged")
            if not 0 <= added <= len(after_decisions):
                raise ValueError("a step is damaged")
            earlier = list(after_decisions[: len(after_decisions) - added])
            for place, decision in sorted(zip(places, removed, strict=True), key=lambda item: item[0]):
                if type(place) is not int or not 0 <= place <= len(earlier):
                    raise ValueError("a step is damaged")
                earlier.insert(place, decision)
            before_decisions = tuple(earlier)
        elif kind == "decisions":
            before_decisions = tuple(_decoded(e, board.n) for e in record[2])
        else:
            raise ValueError("an unknown step")
        if len({d.cell for d in before_decisions}) < len(before_decisions):
            raise ValueError("two decisions on one square")
        steps.append(("decisions", text, before_decisions, after_decisions))
        board = Board(board.n, before_decisions, board.file_path)
    return list(reversed(steps))


def _saved(ident: str, record: object) -> Saved:
    if not isinstance(record, dict) or record.get("format") != FORMAT or record.get("version") != VERSION:
        raise ValueError("it is not a kept board of this version")
    board = _board(record["board"])
    tip = board if record.get("tip") is None else _board(record["tip"])
    steps = _steps_back(record.get("steps", []), tip)
    saved_at, engine = record["saved_at"], record.get("engine")
    if not isinstance(saved_at, int | float) or not isinstance(record.get("clean"), bool):
        raise ValueError("it has no time")
    if engine not in ENGINE_CHOICES:
        raise ValueError("it names no engine")
    geometry = record.get("geometry")
    return Saved(
        ident,
        board,
        tuple(steps),
        record["clean"],
        float(saved_at),
        _saved_back_read(record),
        engine,
        _geometry(geometry),
    )


def _saved_back(stack: QUndoStack) -> int | None:
    """Steps back from the current one to where the board was the file's content, if any."""
    clean, index = stack.cleanIndex(), stack.index()
    return index - clean if 0 <= clean <= index else None


def _saved_back_read(record: dict[str, Any]) -> int | None:
    """``saved_back`` as kept; files of before it say only whether the board was unsaved."""
    if "saved_back" not in record:
        return None if record.get("unsaved") is True else 0
    back = record["saved_back"]
    if back is not None and not (type(back) is int and back >= 0):
        raise ValueError("it says no place of its last save")
    return back


def _geometry(text: object) -> bytes | None:
    """The window's geometry as kept, when it is one (base64 of at most ``GEOMETRY_BYTES``)."""
    if not isinstance(text, str) or len(text) > GEOMETRY_BYTES or not text.isascii():
        return None
    try:
        return base64.b64decode(text, validate=True)
    except ValueError:
        return None


def describe_reopened(saved: Saved) -> str:
    """What the status bar says about a board reopened at start."""
    n, count = saved.board.n, len(saved.board.decisions)
    what = f"the {n}×{n} board" + (f" with {plural(count, 'decision')}" if count else "")
    if saved.clean:
        return f"Reopened {what}, as you left it."
    when = time.strftime("%H:%M:%S", time.localtime(saved.saved_at))
    return f"Restored {what}: the last session ended without closing (kept at {when})."


def folder_beside(settings_file: str) -> Path:
    """Where boards are kept: beside the settings file."""
    return Path(os.path.dirname(os.path.abspath(settings_file))) / "boards"
