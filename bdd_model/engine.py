"""One configurator interface over two engines: the compiled BDD and the incremental SAT solver.

The session, the command line and the benchmark talk to an ``Engine``; ``Configurator`` (the
BDD, exact, N ≤ 15) and ``SatEngine`` (python-sat, N ≤ 100) implement it. Cells are 0-based.

Both engines give every square the same meaning (see ``board_states``); they differ in what
they can afford: the BDD always knows the exact count and the per-square counts, the SAT
engine may only know a lower bound on the count and has no per-square counts. The SAT engine
also decides squares lazily: ``known_states`` shows what is decided so far, ``settle`` decides
the rest cell by cell (cancellably), and every other query settles what it needs.

A typical worker loop in the window::

    engine.place(r, c)                                  # quick: one witness, or one solver call
    engine.settle(cancel=token, on_cell=paint)          # paint(cell, state) as squares are decided
    count, at_least = engine.count, engine.count_at_least
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol, runtime_checkable

import numpy as np

from bdd_model.board import Cell, CellState, check_cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError
from bdd_model.progress import CancelToken
from bdd_model.solution_count import SolutionCount
from bdd_model.wording import and_list

ENGINES = ("bdd", "sat")
"""The engines by name, as the command line and the JSON say them."""

CellCallback = Callable[[Cell, CellState], None]
"""Called once per square when ``settle`` learns its final state."""


@runtime_checkable
class Engine(Protocol):
    """Decisions on one n×n board and everything they imply.

    A refused decision raises DecisionError and changes nothing, so no engine ever reaches a
    state without solutions.
    """

    engine: str
    """"bdd" or "sat"."""

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

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take exactly these decisions at once (undo, redo, open a file): all or nothing."""
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

    def cell_counts(self) -> list[list[int]] | None:
        """Per-square solution counts (the heat map), or None where the engine cannot afford them."""
        ...

    def explain(self, row: int, col: int) -> list[Cell] | None:
        """A smallest set of decision squares to retract so that a queen fits on (row, col):
        ``[]`` when it fits, None when no solution of the empty board has a queen there."""
        ...

    def solution(self, index: int) -> tuple[int, ...]:
        """The index-th remaining solution (queen's column per row); IndexError past the end."""
        ...

    def solutions(self) -> Iterator[tuple[int, ...]]: ...

    def hint(self) -> Cell | None:
        """An open square that is a good next queen, or None when no square is open."""
        ...

    def known_states(self) -> list[list[CellState | None]]:
        """Each square's state as far as it is decided now, without any work (None: not yet)."""
        ...

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Decide every square; ``on_cell`` hears each one as it is decided. False when cancelled
        (what was decided stays decided)."""
        ...


def line_mask(n: int, queens: np.ndarray) -> np.ndarray:
    """Squares in line with (attacked by) any of the queens of the boolean mask, the queens excluded."""
    rows, cols = np.nonzero(queens)
    r, c = np.ogrid[:n, :n]
    in_row, in_col = np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
    down, up = np.zeros(2 * n - 1, dtype=bool), np.zeros(2 * n - 1, dtype=bool)
    in_row[rows], in_col[cols] = True, True
    down[rows - cols + n - 1], up[rows + cols] = True, True
    attacked = in_row[r] | in_col[c] | down[r - c + n - 1] | up[r + c]
    return attacked & ~queens


STATE_ORDER = (
    CellState.QUEEN,
    CellState.MARKED,
    CellState.FORCED,
    CellState.OPEN,
    CellState.ATTACKED,
    CellState.LOOKAHEAD,
)
"""The states by their codes in ``state_codes``."""


def state_codes(
    n: int, decisions: Mapping[Cell, DecisionKind], possible: np.ndarray, queens: np.ndarray
) -> np.ndarray:
    """Every square's state as its index in ``STATE_ORDER`` (int8): the one definition both
    engines share.

    ``possible``: some remaining solution has a queen there; ``queens``: every remaining solution
    has (placed or forced). A square in no remaining solution is ATTACKED when in line with one
    of ``queens``, else closed by LOOKAHEAD.
    """
    codes = np.where(line_mask(n, queens), 4, 5).astype(np.int8)
    codes[possible] = 3
    codes[queens] = 2
    for (row, col), kind in decisions.items():
        codes[row, col] = 0 if kind is DecisionKind.QUEEN else 1
    return codes


def board_states(
    n: int, decisions: Mapping[Cell, DecisionKind], possible: np.ndarray, queens: np.ndarray
) -> tuple[tuple[CellState, ...], ...]:
    """Every square's state (see ``state_codes``)."""
    codes = state_codes(n, decisions, possible, queens)
    return tuple(tuple(STATE_ORDER[code] for code in row) for row in codes.tolist())


class SquareSource(Protocol):
    """What ``why_not_open`` reads of a board: its size, its squares and the queens in line."""

    @property
    def n(self) -> int: ...

    def cell(self, row: int, col: int) -> CellState | None: ...

    def attackers(self, row: int, col: int) -> list[Cell]: ...


def why_not_open(engine: SquareSource, row: int, col: int) -> str:
    """Why a queen cannot be placed on (row, col) now, as a clause ("" when it can)."""
    cell = check_cell(engine.n, row, col)
    state = engine.cell(row, col)
    if state is CellState.OPEN:
        return ""
    if state is CellState.QUEEN:
        return "your queen already stands there"
    if state is CellState.FORCED:
        return "a queen already stands there in every remaining solution"
    if state is CellState.MARKED:
        return "you marked it; remove the mark first"
    if state is CellState.ATTACKED:
        labels = [
            q.label() + (" (forced)" if engine.cell(*q) is CellState.FORCED else "")
            for q in engine.attackers(*cell)
        ]
        return f"it is in line with the queen{'s' if len(labels) > 1 else ''} at {and_list(labels)}"
    return "no remaining solution has a queen there"


def refuse_place(engine: Engine, cell: Cell) -> DecisionError:
    """The error for a queen the square cannot take."""
    return DecisionError(f"cannot place a queen on {cell.label()}: {why_not_open(engine, *cell)}")


def refuse_mark(cell: Cell, state: CellState) -> DecisionError | None:
    """The error for a mark the square cannot take (its state is a queen, forced or marked), else None."""
    if state is CellState.QUEEN:
        return DecisionError(f"cannot mark {cell.label()}: your queen stands there")
    if state is CellState.FORCED:
        return DecisionError(f"cannot mark {cell.label()}: every remaining solution has a queen there")
    if state is CellState.MARKED:
        return DecisionError(f"{cell.label()} is already marked")
    return None


def no_solution_error(n: int) -> DecisionError:
    """The refusal of any decision on a board without solutions (N = 2, 3)."""
    return DecisionError(f"the {n}×{n} board has no solution, so there is nothing to decide")


def checked_decisions(n: int, decisions: Sequence[Decision]) -> dict[Cell, DecisionKind]:
    """Decisions in order as a mapping; DecisionError for two decisions on one square."""
    chosen: dict[Cell, DecisionKind] = {}
    for decision in decisions:
        cell = check_cell(n, *decision.cell)
        if cell in chosen:
            raise DecisionError(f"two decisions on {cell.label()}")
        chosen[cell] = DecisionKind(decision.kind)
    return chosen
