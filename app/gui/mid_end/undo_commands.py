"""The undo stack's two kinds of step, a change of decisions and a change of board, each holding what was
shown before and after, so that undo and redo are one step each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand

from bdd_model import Decision
from bdd_model.puzzles import Puzzle


@dataclass(frozen=True)
class BoardFile:
    """The file a board came from: a saved game, which Save writes back, or a level's file, which
    the title names and nothing writes over."""

    path: Path
    level: bool = False

    @property
    def saved_game(self) -> Path | None:
        """The file Save writes back to, if any."""
        return None if self.level else self.path


@dataclass(frozen=True)
class Board:
    """One board as the undo stack remembers it: the puzzle, its decisions, the file it came from."""

    puzzle: Puzzle
    decisions: tuple[Decision, ...]
    file: BoardFile | None

    @property
    def n(self) -> int:
        return self.puzzle.n


class Step(QUndoCommand):
    """Replace ``before`` by ``after`` (already shown when pushed); undo shows ``before`` again.
    ``kind`` says which: "decisions" (tuples of decisions) or "board" (``Board``)."""

    def __init__(self, kind: str, show: Callable[[Any], None], before: Any, after: Any, text: str) -> None:
        super().__init__(text)
        self.kind = kind
        self.before = before
        self.after = after
        self._show = show
        self._applied = True

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._show(self.after)

    def undo(self) -> None:
        self._show(self.before)


def decisions_step(
    show: Callable[[tuple[Decision, ...]], None],
    before: Sequence[Decision],
    after: Sequence[Decision],
    text: str,
) -> Step:
    """A change of decisions on one board."""
    return Step("decisions", show, tuple(before), tuple(after), text)


def board_step(show: Callable[[Board], None], before: Board, after: Board, text: str) -> Step:
    """A change of board: another puzzle (a size, a rule family) or an opened file."""
    return Step("board", show, before, after, text)
