"""The board in play, kept on disk within a second of every change, and found again at the next
start: a crash, a ``kill -9`` or a power cut loses at most that second.

Each window writes its own file (``window-<id>.json`` beside the settings), whole or not at all,
and holds a lock file while it runs. At start a window reopens the newest board no running
window holds, says whether it was left cleanly or not, and takes its file over; the other
windows' boards stay on disk, so two windows never overwrite each other's board unseen. A
second window opens offset from the first and says so. Undo history comes back too (the steps
that were taken, up to ``KEPT_STEPS``).

Every file is hostile: one that is damaged, foreign, locked oddly or too large is skipped with a
one-line note; the folder may be unusable (then the board is simply not kept).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from app.gui.board_sources import ENGINE_CHOICES
from app.gui.session import BoardSession
from app.gui.undo_commands import Board, Step
from bdd_model import NQueensError
from bdd_model.atomic_file import atomic_output
from bdd_model.engine_choice import check_board_size
from bdd_model.saved_game import MAX_BYTES, decisions_json, parse_decisions

FORMAT = "nqueens-autosave"
VERSION = 1
WRITE_AFTER_MS = 250
"""A change is written this long after it (a burst of clicks makes one write)."""
KEPT_STEPS = 200
"""Undo steps kept on disk (the oldest go first)."""
KEPT_FILES = 12
"""Boards of windows that are gone kept for recovery; older ones are removed."""


@dataclass(frozen=True)
class Saved:
    """A board found on disk: its window's id, the board, its undo steps, how it ended."""

    ident: str
    board: Board
    steps: tuple[tuple[str, str, Any, Any], ...]
    clean: bool
    saved_at: float
    unsaved: bool
    engine: str


class Autosave(QObject):
    """One window's board on disk."""

    noted = Signal(str)
    """Something about the kept boards worth a line in the status bar."""

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
        for signal in (session.changed, session.fileChanged, session.undo_stack.indexChanged):
            signal.connect(self._changed)

    @property
    def path(self) -> Path | None:
        """This window's file, once it has one."""
        return self._folder / f"window-{self._ident}.json" if self._ident else None

    def others_running(self) -> bool:
        """True when another window holds a board in the folder now."""
        return any(self._held(ident) for ident in self._idents() if ident != self._ident)

    def claim(self) -> Saved | None:
        """Take the newest board that no running window holds (it becomes this window's), or a
        fresh file; None when there is nothing to reopen."""
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
        """Write the board in play now (``clean``: the window is closing as asked)."""
        self._timer.stop()
        cfg, path = self._session.configurator, self.path
        if cfg is None or path is None:
            return
        record = {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": time.time(),
            "clean": clean,
            "unsaved": not self._session.undo_stack.isClean(),
            "engine": self._session.sources.engine_choice,
            "board": _board_json(Board(cfg.n, cfg.decisions, self._session.file_path)),
            "steps": [_step_json(step) for step in self._session.history()[-KEPT_STEPS:]],
        }
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
            with atomic_output(path) as stream:
                stream.write(json.dumps(record).encode("utf-8"))
        except OSError as error:
            self._timer.timeout.disconnect()
            self.noted.emit(
                f"The board cannot be kept on disk ({error.strerror or error}); save it to keep it."
            )

    def close(self) -> None:
        """The window closes as asked: write the board as left, and let its file go."""
        self.write(clean=True)
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def _changed(self) -> None:
        if self._ident and not self._timer.isActive():
            self._timer.start()

    def _take(self, ident: str) -> None:
        try:
            self._folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return
        lock = QLockFile(str(self._folder / f"window-{ident}.lock"))
        lock.setStaleLockTime(0)
        if lock.tryLock(100):
            self._ident, self._lock = ident, lock

    def _held(self, ident: str) -> bool:
        """True when a running window (this one included) holds ``ident``'s lock."""
        lock = QLockFile(str(self._folder / f"window-{ident}.lock"))
        lock.setStaleLockTime(0)
        if lock.tryLock(0):
            lock.unlock()
            return False
        return True

    def _idents(self) -> list[str]:
        try:
            names = [path.name for path in self._folder.glob("window-*.json")]
        except OSError:
            return []
        return [name[len("window-") : -len(".json")] for name in names if _plain(name)]

    def _read(self, ident: str) -> Saved | None:
        path = self._folder / f"window-{ident}.json"
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ValueError("too large")
            record = json.loads(path.read_bytes())
            return _saved(ident, record)
        except (OSError, ValueError, TypeError, KeyError, NQueensError, RecursionError):
            self.noted.emit(f"A board kept from before could not be read ({path.name}); it was left alone.")
            return None

    def _prune(self) -> None:
        """Keep the newest ``KEPT_FILES`` boards of windows that are gone."""
        gone = [ident for ident in self._idents() if ident != self._ident and not self._held(ident)]
        gone.sort(key=lambda ident: _mtime(self._folder / f"window-{ident}.json"), reverse=True)
        for ident in gone[KEPT_FILES:]:
            for suffix in (".json", ".lock"):
                (self._folder / f"window-{ident}{suffix}").unlink(missing_ok=True)


def _plain(name: str) -> bool:
    ident = name[len("window-") : -len(".json")]
    return 0 < len(ident) <= 32 and ident.isalnum()


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def _board_json(board: Board) -> dict[str, Any]:
    return {
        "n": board.n,
        "decisions": decisions_json(board.decisions),
        "file": str(board.file_path) if board.file_path else None,
    }


def _board(data: object) -> Board:
    if not isinstance(data, dict):
        raise ValueError("no board")
    n = check_board_size(data["n"])
    file = data.get("file")
    if file is not None and not (isinstance(file, str) and len(file) < 4096 and "\0" not in file):
        raise ValueError("no file name")
    return Board(n, tuple(parse_decisions(data["decisions"], n)), Path(file) if file else None)


def _step_json(step: Step) -> list[Any]:
    if step.kind == "board":
        return ["board", step.text(), _board_json(step.before), _board_json(step.after)]
    return ["decisions", step.text(), decisions_json(step.before), decisions_json(step.after)]


def _saved(ident: str, record: object) -> Saved:
    if not isinstance(record, dict) or record.get("format") != FORMAT or record.get("version") != VERSION:
        raise ValueError("not an autosave of this version")
    board = _board(record["board"])
    steps = []
    n = board.n
    for kind, text, before, after in reversed(record.get("steps", [])):
        if not isinstance(text, str) or len(text) > 200:
            raise ValueError("a step without a name")
        if kind == "board":
            later, earlier = _board(after), _board(before)
            steps.append((kind, text, earlier, later))
            n = earlier.n
        elif kind == "decisions":
            steps.append((kind, text, tuple(parse_decisions(before, n)), tuple(parse_decisions(after, n))))
        else:
            raise ValueError("an unknown step")
    saved_at, engine = record["saved_at"], record.get("engine")
    if not isinstance(saved_at, int | float) or not isinstance(record.get("clean"), bool):
        raise ValueError("no time")
    if engine not in ENGINE_CHOICES:
        raise ValueError("no engine")
    return Saved(
        ident,
        board,
        tuple(reversed(steps)),
        record["clean"],
        float(saved_at),
        record.get("unsaved") is True,
        engine,
    )


def describe_reopened(saved: Saved) -> str:
    """What the status bar says about a board reopened at start."""
    n, count = saved.board.n, len(saved.board.decisions)
    what = f"the {n}×{n} board" + (f" with {count} decision{'s' if count != 1 else ''}" if count else "")
    if saved.clean:
        return f"Reopened {what}, as you left it."
    when = time.strftime("%H:%M:%S", time.localtime(saved.saved_at))
    return f"Restored {what}: the last session ended without closing (kept at {when})."


def folder_beside(settings_file: str) -> Path:
    """Where boards are kept: beside the settings file."""
    return Path(os.path.dirname(os.path.abspath(settings_file))) / "boards"
