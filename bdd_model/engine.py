"""One interface over every engine (the compiled diagram, the SAT engine): decisions on one board
and everything they imply, cells 0-based. The front ends and the worker talk to an ``Engine``;
what the engines share beyond it is in ``states``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from bdd_model.board import Cell, CellState
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError, NQueensError, QueryCancelled
from bdd_model.progress import CancelToken
from bdd_model.questions import (
    Advice,
    Answer,
    Check,
    Explain,
    Explained,
    Question,
    SolutionAt,
    SolutionFound,
    TakeBack,
    Unanswered,
)
from bdd_model.solution_count import SolutionCount
from bdd_model.states import CellCallback

if TYPE_CHECKING:
    from bdd_model.board_view import BoardView
    from bdd_model.puzzles import Puzzle

EngineT = TypeVar("EngineT", bound="Engine")


@runtime_checkable
class Engine(Protocol):
    """Decisions on one n×n board and everything they imply.

    Strict (every engine's default): a decision that leaves no solution raises DecisionError and
    changes nothing, so the engine never reaches a state without solutions. An engine that keeps
    dead ends (the level search) takes such decisions when ``strict`` is False; its view then
    counts 0 solutions and names the decisions that conflict.
    """

    engine: str
    """The engine's name in the registry (``bdd_model.engines``)."""
    title: str
    """The engine as people name it ("BDD", "SAT engine")."""
    strict: bool
    """Whether a decision that leaves no solution is refused (always, for the families' engines)."""

    @property
    def puzzle(self) -> Puzzle:
        """The board played, as one value."""
        ...

    @property
    def n(self) -> int: ...

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions in the order they were taken."""
        ...

    def place(self, row: int, col: int) -> None:
        """A queen on an OPEN or FORCED square."""
        ...

    def mark(self, row: int, col: int) -> None:
        """No queen on a square that is neither a queen, forced, nor already marked."""
        ...

    def retract(self, row: int, col: int) -> Decision:
        """Take back the decision on (row, col), whenever it was taken."""
        ...

    def restore(self, decisions: Sequence[Decision], cancel: CancelToken | None = None) -> None:
        """Take exactly these decisions at once (undo, redo, open a file): all or nothing.
        QueryCancelled when ``cancel`` is set before they are proven to leave a solution (an
        engine that decides at once never raises it)."""
        ...

    def clear(self) -> None: ...

    def cell(self, row: int, col: int) -> CellState:
        """The square's final state (the SAT engine settles what this needs)."""
        ...

    def states(self) -> list[list[CellState]]:
        """The whole board, settled."""
        ...

    def queens(self) -> list[Cell]:
        """Placed and forced queens, row-major."""
        ...

    def attackers(self, row: int, col: int) -> list[Cell]: ...

    def why_not_open(self, row: int, col: int) -> str: ...

    @property
    def is_solved(self) -> bool: ...

    @property
    def count(self) -> int | None:
        """Solutions left: exact, or None when only a lower bound is known."""
        ...

    @property
    def count_at_least(self) -> int:
        """A true lower bound on the solutions left; equal to ``count`` when that is exact."""
        ...

    def solution_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """The figure to show: exact, or an estimate with its 95% interval, the same for the
        same decisions wherever it is asked (None when cancelled)."""
        ...

    def quick_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """A first figure, sooner than ``solution_count`` where that takes a while (None when
        cancelled)."""
        ...

    def prepare_solver(self, cancel: CancelToken | None = None) -> bool:
        """Build in advance what later answers need (False when cancelled first)."""
        ...

    def cell_counts(self, cancel: CancelToken | None = None) -> list[list[int]] | None:
        """Per-square solution counts (the heat map), or None where the engine cannot afford them
        or ``cancel`` stops them first."""
        ...

    def explain(self, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell] | None:
        """A smallest set of decision squares to retract so that a queen fits on (row, col):
        ``[]`` when it fits, None when no solution of the empty board has a queen there;
        QueryCancelled when ``cancel`` stops it first."""
        ...

    def solution_squares(self, index: int) -> list[Cell]:
        """The squares that hold a piece in the index-th remaining solution, row-major;
        IndexError past the end."""
        ...

    def advice(self) -> Advice | None:
        """What to decide next and why, or None when no square is open."""
        ...

    def take_back(self) -> list[Cell]:
        """The fewest decisions (their squares) to take back so that a solution keeps the rest."""
        ...

    def point_at(self, cell: Cell | None) -> None:
        """The square the person points at (None: none), which an engine that decides squares
        one by one decides near first; safe to call while ``settle`` runs on another thread."""
        ...

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Decide every square; ``on_cell`` hears each one as it is decided. False when cancelled
        (what was decided stays decided)."""
        ...

    def view(self) -> BoardView:
        """What is known of the board now, without any work."""
        ...


def answer(engine: Engine, question: Question, cancel: CancelToken | None = None) -> Answer:
    """``engine``'s answer to ``question``; ``cancel`` may stop an explanation (QueryCancelled)."""
    try:
        if isinstance(question, Explain):
            cells = engine.explain(*question.cell, cancel=cancel)
            return Explained(None if cells is None else [(cell.row, cell.col) for cell in cells])
        if isinstance(question, SolutionAt):
            return SolutionFound([(cell.row, cell.col) for cell in engine.solution_squares(question.index)])
        if isinstance(question, Check):
            return TakeBack([(cell.row, cell.col) for cell in engine.take_back()])
        advice = engine.advice()
        return advice if advice is not None else Unanswered("no square is open")
    except QueryCancelled:
        raise
    except (NQueensError, IndexError) as error:
        return Unanswered(str(error))


def take_in_order(engine: EngineT, decisions: Sequence[Decision]) -> EngineT:
    """``engine`` with the decisions taken one by one; DecisionError naming the first one
    refused."""
    for number, decision in enumerate(decisions, start=1):
        take_one(engine, number, decision)
    return engine


def take_one(engine: Engine, number: int, decision: Decision) -> None:
    """Take one decision; DecisionError naming it by ``number``, its place among those given."""
    take = engine.place if decision.kind is DecisionKind.QUEEN else engine.mark
    try:
        take(*decision.cell)
    except NQueensError as error:
        raise DecisionError(f"decision {number} cannot be taken: {error}") from None
