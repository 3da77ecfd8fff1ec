"""The questions a front end asks an engine about its board (why a square is closed, the k-th
remaining solution, advice, which decisions to take back) and their answers, as typed records that cross a
pipe unchanged; every answer is squares, so that it fits any puzzle (``engine.answer`` answers them)."""

from __future__ import annotations

from typing import Literal

import msgspec

from bdd_model.board import Cell

Square = tuple[int, int]
"""A square of an answer, (row, column) 0-based."""


class Explain(msgspec.Struct, tag="explain"):
    """Which decisions keep a piece off ``cell`` (0-based)?"""

    cell: Square


class SolutionAt(msgspec.Struct, tag="solution"):
    """The ``index``-th remaining solution (0-based)."""

    index: int


class Hint(msgspec.Struct, tag="hint"):
    """What to decide next, and why?"""


class Check(msgspec.Struct, tag="check"):
    """Which decisions to take back so that a solution keeps the rest?"""


Question = Explain | SolutionAt | Hint | Check


class Explained(msgspec.Struct, tag="explained"):
    """A smallest set of decision squares to retract (``[]``: a piece fits; None: no solution of
    the empty board has a piece there)."""

    cells: list[Square] | None


class SolutionFound(msgspec.Struct, tag="solution-found"):
    """The squares that hold a piece in the solution, row-major."""

    squares: list[Square]


class Advice(msgspec.Struct, tag="advice"):
    """What to decide next: a piece on each of ``squares``, or each left empty; the technique that
    finds it, its reason in words, and the squares it reasons from."""

    squares: list[Square]
    action: Literal["queen", "empty"]
    technique: str
    reason: str
    because: list[Square] = []


class TakeBack(msgspec.Struct, tag="take-back"):
    """The fewest decisions (their squares) to take back so that a solution keeps the rest; ``[]``
    when one does."""

    decisions: list[Square]


class Unanswered(msgspec.Struct, tag="unanswered"):
    """The question has no answer on this board (past the last solution, no square open, the
    board changed)."""

    reason: str


Answer = Explained | SolutionFound | Advice | TakeBack | Unanswered


def cells_of(squares: list[Square]) -> list[Cell]:
    """The squares of an answer as cells."""
    return [Cell(*square) for square in squares]
