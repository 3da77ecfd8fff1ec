"""The questions a front end asks an engine about its board (why a square is closed, the k-th
remaining solution, a hint) and their answers, as typed records that cross a pipe unchanged."""

from __future__ import annotations

import msgspec

from bdd_model.board import Cell
from bdd_model.engine import Engine
from bdd_model.errors import NQueensError, QueryCancelled
from bdd_model.progress import CancelToken


class Explain(msgspec.Struct, tag="explain"):
    """Which decisions keep a queen off ``cell`` (0-based)?"""

    cell: tuple[int, int]


class SolutionAt(msgspec.Struct, tag="solution"):
    """The ``index``-th remaining solution (0-based)."""

    index: int


class Hint(msgspec.Struct, tag="hint"):
    """A good square for the next queen."""


Question = Explain | SolutionAt | Hint


class Explained(msgspec.Struct, tag="explained"):
    """A smallest set of decision squares to retract (``[]``: a queen fits; None: no solution of
    the empty board has a queen there)."""

    cells: list[tuple[int, int]] | None


class SolutionFound(msgspec.Struct, tag="solution-found"):
    """The queen's column in each row."""

    columns: list[int]


class Hinted(msgspec.Struct, tag="hinted"):
    """The square, or None when no square is open."""

    cell: tuple[int, int] | None


class Unanswered(msgspec.Struct, tag="unanswered"):
    """The question has no answer on this board (past the last solution, the board changed)."""

    reason: str


Answer = Explained | SolutionFound | Hinted | Unanswered


def answer(engine: Engine, question: Question, cancel: CancelToken | None = None) -> Answer:
    """``engine``'s answer to ``question``; ``cancel`` may stop an explanation (QueryCancelled)."""
    try:
        if isinstance(question, Explain):
            cells = engine.explain(*question.cell, cancel=cancel)
            return Explained(None if cells is None else [(cell.row, cell.col) for cell in cells])
        if isinstance(question, SolutionAt):
            return SolutionFound(list(engine.solution(question.index)))
        cell = engine.hint()
        return Hinted(None if cell is None else (cell.row, cell.col))
    except QueryCancelled:
        raise
    except (NQueensError, IndexError) as error:
        return Unanswered(str(error))


def cell_of(value: tuple[int, int] | None) -> Cell | None:
    """A cell of an answer as a ``Cell``."""
    return None if value is None else Cell(*value)
