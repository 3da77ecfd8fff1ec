"""The definitions both engines share: every square's state from what an engine has proven, why a
square is not open, and the refusals of decisions a square cannot take."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

from bdd_model.board import STATE_ORDER, Cell, CellState, check_cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError
from bdd_model.families import RuleFamily
from bdd_model.wording import and_list

if TYPE_CHECKING:
    from bdd_model.puzzles import Puzzle

CellCallback = Callable[[Cell, CellState], None]
"""Called once per square when an engine's ``settle`` learns its final state."""


def state_codes(
    puzzle: Puzzle,
    decisions: Mapping[Cell, DecisionKind],
    possible: np.ndarray,
    queens: np.ndarray,
) -> np.ndarray:
    """Every square's state as its index in ``STATE_ORDER`` (int8): the one definition every
    engine shares.

    ``possible``: some remaining solution has a piece there; ``queens``: every remaining solution
    has (placed or forced). A square in no remaining solution is ATTACKED when ``queens`` close it
    under the puzzle's rules, else closed by LOOKAHEAD.
    """
    codes = np.where(puzzle.attacked(queens), 4, 5).astype(np.int8)
    codes[possible] = 3
    codes[queens] = 2
    for (row, col), kind in decisions.items():
        codes[row, col] = 0 if kind is DecisionKind.QUEEN else 1
    return codes


def board_states(
    puzzle: Puzzle,
    decisions: Mapping[Cell, DecisionKind],
    possible: np.ndarray,
    queens: np.ndarray,
) -> tuple[tuple[CellState, ...], ...]:
    """Every square's state (see ``state_codes``)."""
    codes = state_codes(puzzle, decisions, possible, queens)
    return tuple(tuple(STATE_ORDER[code] for code in row) for row in codes.tolist())


class SquareSource(Protocol):
    """What ``why_not_open`` reads of a board: its puzzle, its squares, the pieces that close a
    square."""

    @property
    def puzzle(self) -> Puzzle: ...

    def cell(self, row: int, col: int) -> CellState | None: ...

    def attackers(self, row: int, col: int) -> list[Cell]: ...


def why_not_open(engine: SquareSource, row: int, col: int) -> str:
    """Why a piece cannot be placed on (row, col) now, as a clause ("" when it can)."""
    cell = check_cell(engine.puzzle.n, row, col)
    state = engine.cell(row, col)
    piece = engine.puzzle.piece
    if state is CellState.OPEN:
        return ""
    if state is CellState.QUEEN:
        return f"your {piece} already stands there"
    if state is CellState.FORCED:
        return f"a {piece} already stands there in every remaining solution"
    if state is CellState.MARKED:
        return "you marked it; remove the mark first"
    if state is CellState.ATTACKED:
        labels = [
            q.label() + (" (forced)" if engine.cell(*q) is CellState.FORCED else "")
            for q in engine.attackers(*cell)
        ]
        pieces = f"{piece}s" if len(labels) > 1 else piece
        return f"it is {engine.puzzle.attacked_by} the {pieces} at {and_list(labels)}"
    return f"no remaining solution has a {piece} there"


def refuse_place(engine: SquareSource, cell: Cell) -> DecisionError:
    """The error for a piece the square cannot take."""
    why = why_not_open(engine, *cell)
    return DecisionError(f"cannot place a {engine.puzzle.piece} on {cell.label()}: {why}")


def refuse_mark(cell: Cell, state: CellState, piece: str) -> DecisionError | None:
    """The error for a mark the square cannot take (its state is a piece, forced or marked), else
    None; ``piece``: the family's word for it."""
    if state is CellState.QUEEN:
        return DecisionError(f"cannot mark {cell.label()}: your {piece} stands there")
    if state is CellState.FORCED:
        return DecisionError(f"cannot mark {cell.label()}: every remaining solution has a {piece} there")
    if state is CellState.MARKED:
        return DecisionError(f"{cell.label()} is already marked")
    return None


def no_solution_error(n: int, rules: RuleFamily) -> DecisionError:
    """The refusal of any decision on a board without solutions (classic N = 2, 3)."""
    board = rules.board(n)
    return DecisionError(f"the {board} board has no solution, so there is nothing to decide")


def checked_decisions(n: int, decisions: Sequence[Decision]) -> dict[Cell, DecisionKind]:
    """Decisions in order as a mapping; DecisionError for two decisions on one square."""
    chosen: dict[Cell, DecisionKind] = {}
    for decision in decisions:
        cell = check_cell(n, *decision.cell)
        if cell in chosen:
            raise DecisionError(f"two decisions on {cell.label()}")
        chosen[cell] = DecisionKind(decision.kind)
    return chosen
