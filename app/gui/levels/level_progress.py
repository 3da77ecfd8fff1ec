"""Each level's progress, kept in the settings by the level's identity (its stars and renamed regions):
solved or not, the best time and its hints, and the play in progress (its pieces, time and hints), so
that opening it again resumes it. Records are read back as untrusted: a damaged one is a level not
started, and the oldest go first past ``MAX_RECORDS``."""

from __future__ import annotations

import hashlib
import time
from typing import Annotated

import msgspec
from PySide6.QtCore import QSettings

from bdd_model.decisions import Decision, codes, of_codes
from bdd_model.errors import NQueensError
from bdd_model.puzzles import LevelPuzzle

GROUP = "levels"
MAX_RECORDS = 500
"""Levels remembered at most (the collection's 73, and levels made, pasted or opened)."""
MAX_TEXT = 16 << 10
"""The longest record read back (an 18×18 two-star play in progress takes under 2 KB)."""
Seconds = Annotated[float, msgspec.Meta(ge=0, le=1e11)]
Count = Annotated[int, msgspec.Meta(ge=0, lt=1 << 20)]


class LevelRecord(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    """What is known of one level's plays."""

    solved: bool = False
    best_seconds: Seconds | None = None
    best_hints: Count | None = None
    """The hints of the play that set the best time."""
    seconds: Seconds = 0.0
    """Time on the play in progress."""
    hints: Count = 0
    """Hints shown in the play in progress."""
    pieces: list[Annotated[int, msgspec.Meta(ge=0, lt=1 << 20)]] = []
    """The play in progress: its decisions as numbers (``bdd_model.decisions.codes``)."""
    touched: Seconds = 0.0
    """When it was last written (seconds since the epoch): the oldest records go first."""

    @property
    def in_progress(self) -> bool:
        return bool(self.pieces) or self.seconds > 0

    @property
    def state(self) -> str:
        """ "Not started", "In progress", "Solved" (or "Solved, replaying")."""
        if self.solved:
            return "Solved, replaying" if self.in_progress else "Solved"
        return "In progress" if self.in_progress else "Not started"

    def decisions(self, puzzle: LevelPuzzle) -> tuple[Decision, ...]:
        """The play in progress on ``puzzle``; () when its numbers do not fit the board."""
        try:
            return of_codes(self.pieces, puzzle.n)
        except NQueensError:
            return ()


def level_key(puzzle: LevelPuzzle) -> str:
    """The settings key of a level: its identity's digest."""
    return f"{GROUP}/{hashlib.sha256(msgspec.json.encode(puzzle)).hexdigest()[:24]}"


class LevelProgress:
    """The progress of every level played, in ``settings``."""

    def __init__(self, settings: QSettings) -> None:
        self._settings = settings

    def record(self, puzzle: LevelPuzzle) -> LevelRecord:
        """What is kept of the level (a fresh record when nothing, or nothing readable, is)."""
        return _decoded(self._settings.value(level_key(puzzle), ""))

    def play(self, puzzle: LevelPuzzle, decisions: tuple[Decision, ...], seconds: float, hints: int) -> None:
        """Keep the play in progress."""
        pieces = codes(decisions, puzzle.n)
        self._put(
            puzzle, msgspec.structs.replace(self.record(puzzle), seconds=seconds, hints=hints, pieces=pieces)
        )

    def solved(self, puzzle: LevelPuzzle, seconds: float, hints: int) -> LevelRecord:
        """The level was solved in ``seconds`` with ``hints``: it is solved, its best (fewest hints,
        then fastest) kept, and no play is in progress; the record before this play is returned."""
        before = self.record(puzzle)
        better = before.best_seconds is None or (hints, seconds) < (
            before.best_hints or 0,
            before.best_seconds,
        )
        best = (seconds, hints) if better else (before.best_seconds, before.best_hints)
        self._put(puzzle, LevelRecord(solved=True, best_seconds=best[0], best_hints=best[1]))
        return before

    def _put(self, puzzle: LevelPuzzle, record: LevelRecord) -> None:
        stamped = msgspec.structs.replace(record, touched=time.time())
        self._settings.setValue(level_key(puzzle), msgspec.json.encode(stamped).decode("ascii"))
        self._prune()

    def _prune(self) -> None:
        """Past ``MAX_RECORDS``, forget the levels touched longest ago (unreadable ones first)."""
        self._settings.beginGroup(GROUP)
        try:
            keys = self._settings.childKeys()
            if len(keys) <= MAX_RECORDS:
                return
            ages = sorted(keys, key=lambda key: _decoded(self._settings.value(key, "")).touched)
            for key in ages[: len(keys) - MAX_RECORDS]:
                self._settings.remove(key)
        finally:
            self._settings.endGroup()


def _decoded(text: object) -> LevelRecord:
    """A record as the settings hold it; a fresh one for anything else (damaged, too long, foreign)."""
    if not isinstance(text, str) or not text or len(text) > MAX_TEXT:
        return LevelRecord()
    try:
        return msgspec.json.decode(text, type=LevelRecord)
    except msgspec.DecodeError:
        return LevelRecord()
