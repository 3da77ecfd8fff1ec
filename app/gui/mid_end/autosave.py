"""The board in play kept on disk within a second of every change, each window in its own file written from a
thread, and found again at the next start, so that a crash or a power cut loses at most that second."""

from __future__ import annotations

import os
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QLockFile, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from app.gui.mid_end.kept_file import MAX_BYTES, UNREADABLE, Saved, header, kept_text, read_kept
from app.gui.mid_end.session import BoardSession
from app.gui.mid_end.undo_commands import Board, Step
from bdd_model import NQueensError
from bdd_model.files.atomic_file import atomic_output, remove_abandoned
from bdd_model.files.checked_file import read_bounded
from bdd_model.wording import plural

WRITE_AFTER_MS = 250
"""A change is written this long after it (a burst of clicks makes one write)."""
KEPT_STEPS = 200
"""Undo steps kept on disk at most (the oldest go first)."""
KEPT_FILES = 12
"""Boards of windows that are gone kept for recovery, and files put aside; older ones go."""
ASIDE = "unreadable-"
"""The name a file that could not be restored is put aside under starts with this."""


class Autosave(QObject):
    """One window's board on disk."""

    noted = Signal(str)
    """Something about the kept boards worth a line in the status bar."""
    troubled = Signal(str)
    """The board cannot be kept on disk (why, in a sentence), or "" when it is kept again."""
    _written = Signal(str)
    """The writer thread's outcome: "" or why the file could not be written."""

    def __init__(
        self,
        session: BoardSession,
        folder: Path,
        parent: QObject | None = None,
        engine: Callable[[], str] | None = None,
    ) -> None:
        """``engine``: the engine choice to keep with the board (by default the one in use; the
        window keeps the remembered one, not a choice made for one start)."""
        super().__init__(parent)
        self._session = session
        self._engine = engine or (lambda: session.sources.engine_choice)
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
        board = Board(cfg.puzzle, cfg.decisions, self._session.file)
        geometry = bytes(self._window.saveGeometry().data()) if self._window is not None else None
        engine, saved_back = self._engine(), _saved_back(self._session.undo_stack)
        fields = header(time.time(), clean, saved_back, engine, geometry)
        text = kept_text(fields, self._session.history(KEPT_STEPS), board, self._fragments)
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
        except (OSError, ValueError, NQueensError) as error:
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


def _saved_back(stack: QUndoStack) -> int | None:
    """Steps back from the current one to where the board was the file's content, if any."""
    clean, index = stack.cleanIndex(), stack.index()
    return index - clean if 0 <= clean <= index else None


def _reason(error: BaseException) -> str:
    """Why a kept board could not be read, in a few words."""
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error) or UNREADABLE


def _plain(name: str) -> bool:
    ident = name[len("window-") : -len(".json")]
    return 0 < len(ident) <= 32 and ident.isalnum()


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def describe_reopened(saved: Saved) -> str:
    """What the status bar says about a board reopened at start."""
    count = len(saved.board.decisions)
    what = f"the {saved.board.puzzle.board}" + (f" with {plural(count, 'decision')}" if count else "")
    if saved.clean:
        return f"Reopened {what}, as you left it."
    when = time.strftime("%H:%M:%S", time.localtime(saved.saved_at))
    return f"Restored {what}: the last session ended without closing (kept at {when})."


def folder_beside(settings_file: str) -> Path:
    """Where boards are kept: beside the settings file."""
    return Path(os.path.dirname(os.path.abspath(settings_file))) / "boards"
