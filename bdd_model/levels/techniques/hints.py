"""A hint on a level under the player's decisions: the simplest technique's deduction on a square
still open, proven by the levels' exact search before it is given."""

from __future__ import annotations

from bdd_model.board import Cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import NQueensError
from bdd_model.levels.level import Level
from bdd_model.levels.level_board import LevelPlay
from bdd_model.levels.techniques import TECHNIQUES
from bdd_model.levels.techniques.position import Deduction, Position


class NoHint(NQueensError):
    """No hint to give: the level is solved, the decisions leave no solution (the message names
    the fewest to take back), or no technique applies."""


def hint(level: Level, decisions: list[Decision]) -> Deduction:
    """The simplest deduction on one open square, each technique's in the order of
    ``TECHNIQUES``, proven exact; NoHint when there is none."""
    board = LevelPlay(level)
    for decision in decisions:
        (board.place if decision.kind is DecisionKind.QUEEN else board.mark)(*decision.cell)
    if board.solution() is None:
        taken_back = board.to_take_back()
        if taken_back is None:
            raise NoHint("the level has no solution")
        raise NoHint(
            "no solution keeps these decisions: take back " + " and ".join(c.label() for c in taken_back)
        )
    position = Position.of(level, decisions)
    if position.solved:
        raise NoHint("the level is solved")
    for technique in TECHNIQUES:
        found = technique.find(position)
        if found is not None and _proven(board, found.cells[0], found.action):
            return Deduction(found.cells[:1], found.action, found.technique, found.reason, found.because)
    raise NoHint("no technique applies here")


def _proven(board: LevelPlay, cell: Cell, action: str) -> bool:
    """Whether every solution that keeps the decisions agrees: a piece on the square, or none."""
    if action == "queen":
        return not board.solvable_with(marks=[cell])
    return not board.solvable_with(queens=[cell])
