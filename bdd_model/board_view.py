"""What an engine knows of a board at one moment, as one immutable value: the states as one array
of codes (``STATE_ORDER``; ``UNDECIDED`` for a square still being proven), the count figure, and
what the engine can also give (per-square counts, its insight), or that no solution keeps the decisions."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from bdd_model.board import FITS, STATE_OF_CODE, STATE_ORDER, UNDECIDED, Cell, CellState
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.puzzles import Puzzle
from bdd_model.solution_count import SolutionCount

QUEEN_CODES = (STATE_ORDER.index(CellState.QUEEN), STATE_ORDER.index(CellState.FORCED))
"""The codes of the squares that hold a queen in every remaining solution."""


class Insight:
    """What an engine shows of a board beyond its squares (its diagram, its solver calls): each
    engine's kind of insight is a subclass, and the window shows the one a view carries."""

    __slots__ = ()


@dataclass(frozen=True, eq=False)
class BoardView:
    """A puzzle's decisions and every square's state as far as it is decided."""

    puzzle: Puzzle
    decisions: tuple[Decision, ...]
    codes: np.ndarray
    """Each square's state code (int8, n×n, read-only)."""
    count: SolutionCount | None = None
    """The count figure to show (None before the first)."""
    counting: bool = False
    """A better figure for these decisions is being worked out."""
    cell_counts: np.ndarray | None = None
    """In how many remaining solutions each square holds a queen, where the engine counts them."""
    insight: Insight | None = None
    """What the engine shows beyond the squares (its diagram, its solver calls), where it has
    said."""
    conflict: tuple[Decision, ...] | None = None
    """No solution keeps the decisions: a smallest set of them that no solution takes together."""

    @classmethod
    def of(
        cls, puzzle: Puzzle, decisions: tuple[Decision, ...], codes: np.ndarray, **known: object
    ) -> BoardView:
        """A view over a copy of ``codes`` that nobody can change."""
        held = np.array(codes, dtype=np.int8, copy=True).reshape(puzzle.n, puzzle.n)
        held.flags.writeable = False
        return cls(puzzle, decisions, held, **known)  # type: ignore[arg-type]

    @classmethod
    def without_engine(cls, puzzle: Puzzle, decisions: tuple[Decision, ...]) -> BoardView:
        """What is known before an engine answers: the decisions, and the squares a placed queen
        excludes (closed in every solution); every other square undecided."""
        n = puzzle.n
        queens = np.zeros((n, n), dtype=bool)
        codes = np.full((n, n), UNDECIDED, dtype=np.int8)
        for decision in decisions:
            queens[decision.cell] |= decision.kind is DecisionKind.QUEEN
        codes[puzzle.attacked(queens)] = STATE_ORDER.index(CellState.ATTACKED)
        for (row, col), kind in decisions:
            codes[row, col] = STATE_ORDER.index(
                CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED
            )
        return cls.of(puzzle, decisions, codes)

    @property
    def n(self) -> int:
        """The board's side."""
        return self.puzzle.n

    def state(self, row: int, col: int) -> CellState | None:
        """The square's state, or None while it is being proven."""
        return STATE_OF_CODE[self.codes[row, col]]

    def states(self) -> list[list[CellState | None]]:
        """Every square's state, row by row."""
        return [[STATE_OF_CODE[code] for code in row] for row in self.codes.tolist()]

    @property
    def undecided(self) -> int:
        """Squares still being proven (``FITS`` among them)."""
        return int((self.codes >= UNDECIDED).sum())

    @property
    def settled(self) -> bool:
        """Every square is decided."""
        return not (self.codes >= UNDECIDED).any()

    def fits(self, row: int, col: int) -> bool:
        """A queen is proven to fit on the square, still being proven open or forced."""
        return bool(self.codes[row, col] == FITS)

    @property
    def is_solved(self) -> bool:
        """Every piece of a solution stands, placed or forced (not a dead end's pieces)."""
        dead_end = self.count is not None and self.count.exact == 0
        return not dead_end and int(np.isin(self.codes, QUEEN_CODES).sum()) == self.puzzle.pieces

    @property
    def exact(self) -> int | None:
        """The exact number of remaining solutions, once known."""
        return self.count.exact if self.count is not None else None

    def queens(self) -> list[Cell]:
        """The queens known now, placed and forced, row-major."""
        return [
            Cell(int(r), int(c)) for r, c in zip(*np.nonzero(np.isin(self.codes, QUEEN_CODES)), strict=True)
        ]

    def cell(self, row: int, col: int) -> CellState | None:
        """The square's state (``state``), as ``why_not_open`` reads a board."""
        return self.state(row, col)

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The known queens that close (row, col)."""
        return self.puzzle.closers(self.queens(), Cell(row, col))

    def with_codes(self, squares: np.ndarray, codes: np.ndarray) -> BoardView:
        """The same view with more squares decided (``squares`` as row × n + column)."""
        updated = self.codes.copy()
        updated.reshape(-1)[squares] = codes
        updated.flags.writeable = False
        return replace(self, codes=updated)

    def with_count(self, count: SolutionCount | None, counting: bool) -> BoardView:
        """The same view with another count figure."""
        return replace(self, count=count, counting=counting)
