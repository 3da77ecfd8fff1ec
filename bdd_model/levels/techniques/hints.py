"""A hint on a level under the player's decisions: the simplest technique's deduction on squares
still open, proven by the levels' exact search before it is given; where the techniques stop while
several solutions remain, the squares the exact search alone decides."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bdd_model.board import Cell, CellState
from bdd_model.decisions import Decision
from bdd_model.errors import NQueensError
from bdd_model.levels.techniques import TECHNIQUES
from bdd_model.levels.techniques.position import Action, Deduction, Position
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level


class HintedBoard(Protocol):
    """What a hint reads of a level's board (the level engine): its decisions and what its
    exact search proves."""

    @property
    def puzzle(self) -> LevelPuzzle: ...

    @property
    def decisions(self) -> tuple[Decision, ...]: ...

    def solution(self) -> list[Cell] | None: ...

    def conflict(self) -> list[Cell] | None: ...

    def take_back(self) -> list[Cell]: ...

    def states(self) -> list[list[CellState]]: ...

    def solvable_with(self, queens: Iterable[Cell] = (), marks: Iterable[Cell] = ()) -> bool: ...


class NoHint(NQueensError):
    """No hint to give: the level is solved, the decisions leave no solution (the message names
    the fewest to take back), or no technique applies."""


SEARCH = "search"
"""The name of the exact search's deductions, given only where the techniques stop."""
NO_CHOICE_DECIDED = (
    "no square is decided yet: each open square holds a piece in some of the solutions left and "
    "not in others; choose where a piece goes"
)


def hint(board: HintedBoard, named: Level | None = None) -> Deduction:
    """The simplest deduction on the board's open squares, each technique's in the order of
    ``TECHNIQUES``, every square of it proven exact; when none applies and several solutions keep
    the decisions (a level that is not unique), the squares the exact search decides. NoHint when
    there is none. ``named``: the board's level as its file spells it, whose symbols the reasons
    use (the puzzle's regions are renamed in reading order)."""
    level, decisions = named or board.puzzle.level, list(board.decisions)
    if board.solution() is None:
        if not board.conflict():
            raise NoHint("the level has no solution")
        raise NoHint(
            "no solution keeps these decisions: take back "
            + " and ".join(c.label() for c in board.take_back())
        )
    position = Position.of(level, decisions)
    if position.solved:
        raise NoHint("the level is solved")
    for technique in TECHNIQUES:
        found = technique.find(position)
        if found is not None and all(_proven(board, cell, found.action) for cell in found.cells):
            return found
    return _searched(board, position)


def _searched(board: HintedBoard, position: Position) -> Deduction:
    """The squares the techniques leave open that the exact search decides, the pieces first,
    when several solutions keep the decisions; NoHint otherwise (one solution left: the
    techniques alone are stuck)."""
    states = board.states()
    left = position.shape.cells(position.open)
    if all(states[cell.row][cell.col] is not CellState.OPEN for cell in left):
        raise NoHint("no technique applies here")
    pieces = [cell for cell in left if states[cell.row][cell.col] is CellState.FORCED]
    empty = [cell for cell in left if states[cell.row][cell.col].is_closed]
    cells = pieces or empty
    if not cells:
        raise NoHint(NO_CHOICE_DECIDED)
    action: Action = "queen" if pieces else "empty"
    where = "here" if len(cells) == 1 else "on these squares"
    has = "every" if pieces else "no"
    reason = f"no technique applies, but {has} solution left has a piece {where}"
    return Deduction(tuple(cells), action, SEARCH, reason, tuple(d.cell for d in board.decisions))


def _proven(board: HintedBoard, cell: Cell, action: str) -> bool:
    """Whether every solution that keeps the decisions agrees: a piece on the square, or none."""
    if action == "queen":
        return not board.solvable_with(marks=[cell])
    return not board.solvable_with(queens=[cell])
