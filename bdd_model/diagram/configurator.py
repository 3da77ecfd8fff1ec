"""The interactive configurator on the compiled diagram: decisions in, exact answers out, every square's state
read off the per-square solution counts of one sweep, so that it is backtrack-free and complete; a decision
that would leave no solution is refused and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from bdd_model.board import STATE_ORDER, Cell, CellState, check_cell
from bdd_model.board_view import BoardView
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.diagram_insight import LAYERS_MAX_N, DiagramFigures, DiagramInsight
from bdd_model.diagram.layer_sweeps import Restriction, Sweep, fewest_retractions
from bdd_model.diagram.layer_view import LayerEdge, LayerView
from bdd_model.diagram.space import SolutionSpace
from bdd_model.errors import DecisionError
from bdd_model.progress import CancelToken
from bdd_model.puzzles.family_answers import column_squares, most_solutions_advice
from bdd_model.questions import Advice
from bdd_model.solution_count import SolutionCount
from bdd_model.states import (
    CellCallback,
    checked_decisions,
    no_solution_error,
    refuse_mark,
    refuse_place,
    state_codes,
    why_not_open,
)


class Configurator:
    """Decisions on one board and everything they imply; 0-based rows and columns.

    The BDD engine of the ``Engine`` interface: every answer is exact and known at once.
    """

    engine = "bdd"
    title = "BDD"
    strict = True
    """Always: a decision that leaves no solution is refused."""

    def __init__(self, space: SolutionSpace) -> None:
        self._space = space
        self.rules = space.family
        """The rules compiled."""
        self.puzzle = space.puzzle
        """The board played: the family at the space's size."""
        self._decisions: dict[Cell, DecisionKind] = {}
        self._figures = DiagramFigures.of(space)
        self._show(space.empty_sweep)

    @property
    def space(self) -> SolutionSpace:
        """The compiled space every answer comes from."""
        return self._space

    @property
    def n(self) -> int:
        return self._space.n

    @property
    def count(self) -> int:
        """Exact number of solutions consistent with the decisions."""
        return self._sweep.total

    @property
    def count_at_least(self) -> int:
        """The exact count (the BDD never needs a bound)."""
        return self._sweep.total

    def solution_count(self, cancel: CancelToken | None = None) -> SolutionCount:
        """The exact count as the figure the front ends show."""
        return SolutionCount.of(self._sweep.total)

    def quick_count(self, cancel: CancelToken | None = None) -> SolutionCount:
        """The exact count: there is nothing quicker."""
        return self.solution_count(cancel)

    def prepare_solver(self, cancel: CancelToken | None = None) -> bool:
        """The diagram holds every answer already."""
        return True

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions in the order they were taken."""
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    @property
    def is_solved(self) -> bool:
        """Every row holds a queen (placed or forced): one solution remains."""
        return self.count == 1

    def place(self, row: int, col: int) -> None:
        """Decide a queen on (row, col): an OPEN square, or a FORCED one (the queen is then the
        user's own and stays when the decisions that forced it are retracted)."""
        cell = check_cell(self.n, row, col)
        self._check_has_solutions()
        state = self.cell(row, col)
        if state not in (CellState.OPEN, CellState.FORCED):
            raise refuse_place(self, cell)
        self._decide({**self._decisions, cell: DecisionKind.QUEEN})

    def mark(self, row: int, col: int) -> None:
        """Decide that no queen stands on (row, col); refused where a queen is placed or forced."""
        cell = check_cell(self.n, row, col)
        refusal = refuse_mark(cell, self.cell(row, col), self.rules.piece)
        if refusal is not None:
            raise refusal
        self._decide({**self._decisions, cell: DecisionKind.MARK})

    def retract(self, row: int, col: int) -> Decision:
        """Take back the decision on (row, col), whenever it was taken; return it."""
        cell = check_cell(self.n, row, col)
        if cell not in self._decisions:
            raise DecisionError(f"there is no decision on {cell.label()} to retract")
        kind = self._decisions[cell]
        self._decide({c: k for c, k in self._decisions.items() if c != cell})
        return Decision(cell, kind)

    def restore(self, decisions: Sequence[Decision], cancel: CancelToken | None = None) -> None:
        """Take exactly these decisions at once (undo, redo): one sweep, all or nothing (at
        once: ``cancel`` is never looked at)."""
        self._decide(checked_decisions(self.n, decisions))

    def clear(self) -> None:
        """Retract every decision."""
        self._decisions = {}
        self._show(self.space.empty_sweep)

    def cell(self, row: int, col: int) -> CellState:
        """What square (row, col) shows now."""
        check_cell(self.n, row, col)
        return self._states[row][col]

    def states(self) -> list[list[CellState]]:
        """The whole board, row by row."""
        return [list(row) for row in self._states]

    def point_at(self, cell: Cell | None) -> None:
        """Nothing: every square is decided with each decision."""

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Nothing to do: every square is already decided."""
        return True

    def cell_counts(self, cancel: CancelToken | None = None) -> list[list[int]]:
        """In how many remaining solutions each square holds a queen."""
        return self._sweep.cell_counts.tolist()

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The placed and forced queens attacking (row, col) under the family's rules."""
        target = check_cell(self.n, row, col)
        return [queen for queen in self.queens() if self.rules.excludes(self.n, queen, target)]

    def queens(self) -> list[Cell]:
        """Squares holding a queen in every remaining solution (placed or forced), row-major."""
        return [Cell(r, c) for r, row in enumerate(self._states) for c, s in enumerate(row) if s.has_queen]

    def explain(self, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell] | None:
        """A smallest set of decision squares to retract so that a queen fits on (row, col):
        ``[]`` when it already fits, None when no solution of the empty board has a queen there
        (one pass over the diagram: nothing to cancel)."""
        cell = check_cell(self.n, row, col)
        return fewest_retractions(self.space.diagram, self._sweep.restriction, cell)

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Remaining solutions (the queen's column in each row), in lexicographic order."""
        return self._sweep.solutions()

    def solution(self, index: int) -> tuple[int, ...]:
        """The index-th remaining solution (0-based) in the order of ``solutions()``."""
        return self._sweep.solution(index)

    def layers(self) -> LayerView:
        """The row layers with each edge marked alive or dead under the decisions."""
        diagram, sweep = self.space.diagram, self._sweep
        edges = []
        for r in range(self.n):
            above, below = sweep.above[r], sweep.below[r + 1]
            for source, col, target in zip(diagram.src[r], diagram.col[r], diagram.dst[r], strict=True):
                alive = bool(
                    sweep.restriction.allows(r, int(col)) and above[source] > 0 and below[target] > 0
                )
                edges.append(LayerEdge(r, int(source), int(col), int(target), alive))
        return LayerView(diagram.widths, tuple(edges))

    def hint(self) -> Cell | None:
        """The open square with the most remaining solutions (the first in row-major order on a
        tie); None when no square is open."""
        counts = self._sweep.cell_counts
        open_cells = [
            Cell(r, c) for r in range(self.n) for c in range(self.n) if self._states[r][c] is CellState.OPEN
        ]
        return max(open_cells, key=lambda cell: counts[cell.row, cell.col], default=None)

    def solution_squares(self, index: int) -> list[Cell]:
        """The squares of ``solution(index)``."""
        return column_squares(self.solution(index))

    def advice(self) -> Advice | None:
        """A piece on ``hint``, the square that keeps the most solutions open."""
        return most_solutions_advice(self)

    def take_back(self) -> list[Cell]:
        """Nothing: a decision that leaves no solution is refused, never kept."""
        return []

    def _check_has_solutions(self) -> None:
        if self.space.count == 0:
            raise no_solution_error(self.n, self.rules)

    def _decide(self, decisions: dict[Cell, DecisionKind]) -> None:
        """Take exactly ``decisions``; refused (nothing changes) if no solution would remain."""
        if not decisions:
            self.clear()
            return
        self._check_has_solutions()
        sweep = Sweep.run(self.space.diagram, Restriction.of(self.n, decisions))
        if sweep.total == 0:
            raise DecisionError("that decision would leave no solution")
        self._decisions = decisions
        self._show(sweep)

    def _show(self, sweep: Sweep) -> None:
        """Derive every square's state from the counts of ``sweep``."""
        self._sweep = sweep
        counts, total = sweep.cell_counts, sweep.total
        queens = counts == total if total else np.zeros((self.n, self.n), dtype=bool)
        self._view = BoardView.of(
            self.puzzle,
            self.decisions,
            state_codes(self.puzzle, self._decisions, counts > 0, queens),
            count=SolutionCount.of(total),
            cell_counts=counts,
            insight=DiagramInsight(self._figures, self.layers() if self.n <= LAYERS_MAX_N else None),
        )
        self._states = [[STATE_ORDER[code] for code in row] for row in self._view.codes.tolist()]

    def view(self) -> BoardView:
        """Every square's state, the exact count, the per-square counts and the diagram's insight:
        all known at once."""
        return self._view

    def why_not_open(self, row: int, col: int) -> str:
        """Why a queen cannot be placed on (row, col) now, as a clause ("" when it can)."""
        return why_not_open(self, row, col)
