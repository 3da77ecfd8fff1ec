"""A region level's board as an engine of the one interface, whatever answers it (the levels' exact search,
the level's diagram): the decisions taken, refused or kept, every square's state, the count, why a square is
closed, advice from the techniques. Strict by default (a decision that leaves no solution is refused);
permissive when asked, and then its view names a smallest set of decisions that conflict."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

import numpy as np

from bdd_model.board import STATE_ORDER, Cell, CellState, check_cell
from bdd_model.board_view import BoardView, Insight
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError, QueryCancelled
from bdd_model.levels.techniques.hints import hint
from bdd_model.progress import CancelToken
from bdd_model.puzzles import LevelPuzzle
from bdd_model.questions import Advice
from bdd_model.solution_count import SolutionCount
from bdd_model.states import (
    CellCallback,
    checked_decisions,
    refuse_mark,
    refuse_place,
    state_codes,
    why_not_open,
)


class LevelBoard(ABC):
    """One level and the decisions taken on it, in order; 0-based cells. A subclass answers.

    ``strict``: a decision that leaves no solution is refused (a DecisionError, nothing changes),
    as the configurator and ``state`` want; otherwise it is kept, the count is 0 and the view
    carries the conflict.
    """

    engine: str
    title: str

    def __init__(self, puzzle: LevelPuzzle, strict: bool = True) -> None:
        self.puzzle = puzzle
        self.strict = strict
        self._decisions: dict[Cell, DecisionKind] = {}
        self._codes: np.ndarray | None = None
        """Every square's state code under the decisions, once proven."""
        self._count: int | None = None
        self._cell_counts: np.ndarray | None = None
        self._conflict: tuple[Decision, ...] | None = None

    @property
    def n(self) -> int:
        return self.puzzle.n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    # ----- the Engine interface: decisions ------------------------------------------------

    def place(self, row: int, col: int) -> None:
        """A piece on the square (strict: an OPEN or FORCED one)."""
        cell = check_cell(self.n, row, col)
        if self.strict and (
            cell in self._decisions or self.cell(*cell) not in (CellState.OPEN, CellState.FORCED)
        ):
            raise refuse_place(self, cell)
        self._decide(cell, DecisionKind.QUEEN)

    def mark(self, row: int, col: int) -> None:
        """No piece on the square (strict: not on a piece, a forced square or a mark)."""
        cell = check_cell(self.n, row, col)
        state = self.cell(*cell) if self.strict else _decided_state(self._decisions.get(cell))
        refused = refuse_mark(cell, state, self.puzzle.piece) if state is not None else None
        if refused is not None:
            raise refused
        self._decide(cell, DecisionKind.MARK)

    def retract(self, row: int, col: int) -> Decision:
        """Take back the decision on (row, col), whenever it was taken; return it."""
        cell = check_cell(self.n, row, col)
        if cell not in self._decisions:
            raise DecisionError(f"there is no decision on {cell.label()} to retract")
        kind = self._decisions[cell]
        self._switch({c: k for c, k in self._decisions.items() if c != cell})
        return Decision(cell, kind)

    def restore(self, decisions: Sequence[Decision], cancel: CancelToken | None = None) -> None:
        """Take exactly these decisions at once: all or nothing (strict: refused when they leave
        no solution where the decisions before them left one; a board already without a
        solution takes any, so that its decisions can be taken back one by one). At once:
        ``cancel`` is never looked at."""
        chosen = checked_decisions(self.n, decisions)
        if self.strict and chosen and not self._solvable(chosen) and self._solvable(self._decisions):
            raise DecisionError("those decisions leave no solution")
        self._switch(chosen)

    def clear(self) -> None:
        """Take back every decision."""
        self._switch({})

    # ----- the Engine interface: answers --------------------------------------------------

    def cell(self, row: int, col: int) -> CellState:
        """The square's state, the board settled first."""
        cell = check_cell(self.n, row, col)
        return self.states()[cell.row][cell.col]

    def states(self) -> list[list[CellState]]:
        """The whole board, settled (every square closed when no solution keeps the decisions)."""
        self.settle()
        assert self._codes is not None
        return [[STATE_ORDER[code] for code in row] for row in self._codes.tolist()]

    def queens(self) -> list[Cell]:
        """Placed and forced pieces, row-major."""
        self.settle()
        return self.view().queens()

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The placed and forced pieces that close (row, col)."""
        return self.puzzle.closers(self.queens(), check_cell(self.n, row, col))

    def why_not_open(self, row: int, col: int) -> str:
        """Why a piece cannot be placed on (row, col) now, as a clause ("" when it can)."""
        return why_not_open(self, row, col)

    @property
    def is_solved(self) -> bool:
        """Every piece of the solution stands, placed or forced."""
        self.settle()
        return self.view().is_solved

    @property
    def count(self) -> int:
        """The exact number of solutions the decisions leave."""
        if self._count is None:
            self._count = self._count_of(self._decisions)
        return self._count

    @property
    def count_at_least(self) -> int:
        """The exact count (the search always counts to the end)."""
        return self.count

    def solution_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """The exact count as the figure to show; None when cancelled first."""
        if self._count is None:
            try:
                self._count = self._count_of(self._decisions, cancel)
            except QueryCancelled:
                return None
        return SolutionCount.of(self._count)

    def quick_count(self, cancel: CancelToken | None = None) -> SolutionCount | None:
        """The exact count: there is nothing quicker."""
        return self.solution_count(cancel)

    def prepare_solver(self, cancel: CancelToken | None = None) -> bool:
        """Nothing to build: the level is answered from what the board holds."""
        return True

    def cell_counts(self, cancel: CancelToken | None = None) -> list[list[int]] | None:
        """Each square's number of remaining solutions with a piece on it (0 off the open
        squares; the count on forced ones); None when ``cancel`` stops them first."""
        if self._cell_counts is None:
            try:
                self._cell_counts = self._counts_through(cancel)
            except QueryCancelled:
                return None
        return self._cell_counts.tolist()

    def explain(self, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell] | None:
        """The fewest decisions to take back so that a piece fits on the square: [] when one
        fits already, None when no solution of the level has one there."""
        return self._fewest_to_take_back([check_cell(self.n, row, col)], cancel)

    @abstractmethod
    def solution_squares(self, index: int) -> list[Cell]:
        """The squares of the index-th remaining solution, row-major; IndexError past the end."""

    def solution(self) -> list[Cell] | None:
        """The squares of a solution that keeps the decisions, None when none does."""
        return self._first(self._decisions)

    def solvable_with(self, queens: Iterable[Cell] = (), marks: Iterable[Cell] = ()) -> bool:
        """Whether a solution keeps the decisions and pieces on ``queens``, none on ``marks``."""
        return self._solvable({**self._decisions, **dict.fromkeys(marks, DecisionKind.MARK)}, queens)

    def advice(self) -> Advice | None:
        """The next deduction of the techniques (the exact search's where they stop) on the
        player's decisions, pieces forced by the search or not; NoHint saying why there is none
        (the player's pieces solve the level, no solution keeps the decisions, or no technique
        applies)."""
        found = hint(self)
        return Advice(
            [(cell.row, cell.col) for cell in found.cells],
            found.action,
            found.technique,
            found.reason,
            [(cell.row, cell.col) for cell in found.because],
        )

    def take_back(self) -> list[Cell]:
        """The fewest decisions to take back so that a solution keeps the rest ([] when one
        does, every decision on a level without solution)."""
        fewest = self._fewest_to_take_back([])
        return fewest if fewest is not None else [decision.cell for decision in self.decisions]

    def conflict(self) -> list[Cell] | None:
        """The fewest decisions that leave no solution between them, None when a solution keeps
        every decision ([] when the level has none). Found as the smallest set meeting every
        solution's broken decisions."""
        broken_by: list[frozenset[Cell]] = []
        queens, marks = split(self._decisions)
        while True:
            chosen = smallest_meeting(broken_by)
            found = self._first(self._only(chosen))
            if found is None:
                return chosen
            broken = frozenset(queens).difference(found) | frozenset(marks).intersection(found)
            if not broken:
                return None
            broken_by.append(broken)

    def point_at(self, cell: Cell | None) -> None:
        """Nothing: every square is decided with each decision."""
        return None

    def settle(self, cancel: CancelToken | None = None, on_cell: CellCallback | None = None) -> bool:
        """Prove every square; ``on_cell`` hears each. False when cancelled (nothing is decided
        then)."""
        if self._codes is None:
            try:
                proven = self._proven(self._decisions, cancel)
            except QueryCancelled:
                return False
            placed = np.zeros((self.n, self.n), dtype=bool)
            for cell, kind in self._decisions.items():
                placed[cell] = kind is DecisionKind.QUEEN
            alive = bool((proven >= 1).any()) or self._solvable(self._decisions)
            possible = (proven >= 1) | (placed & alive)
            queens = (proven == 2) | placed  # at a dead end, the player's pieces still close squares
            self._codes = state_codes(self.puzzle, self._decisions, possible, queens)
            if not alive:
                self._count = 0
                self._conflict = tuple(Decision(c, self._decisions[c]) for c in self.conflict() or ())
            if on_cell is not None:
                for row, states in enumerate(self.states()):
                    for col, state in enumerate(states):
                        on_cell(Cell(row, col), state)
        return True

    def view(self) -> BoardView:
        """What is known now, without any work: the proven squares once settled, else the
        decisions and the squares their pieces close."""
        counts = None if self._count is None else SolutionCount.of(self._count)
        insight = self._insight()
        if self._codes is None:
            early = BoardView.without_engine(self.puzzle, self.decisions).with_count(counts, False)
            return replace(early, insight=insight)
        return BoardView.of(
            self.puzzle,
            self.decisions,
            self._codes,
            count=counts,
            cell_counts=self._cell_counts,
            insight=insight,
            conflict=self._conflict,
        )

    # ----- decisions taken ----------------------------------------------------------------

    def _decide(self, cell: Cell, kind: DecisionKind) -> None:
        if cell in self._decisions:
            raise DecisionError(f"{cell.label()} is already decided")
        self._switch({**self._decisions, cell: kind})

    def _switch(self, decisions: dict[Cell, DecisionKind]) -> None:
        self._decisions = decisions
        self._codes = self._count = self._cell_counts = self._conflict = None

    # ----- what a subclass answers -------------------------------------------------------

    @abstractmethod
    def _count_of(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None = None) -> int:
        """The number of solutions that keep ``decisions``; QueryCancelled once ``cancel`` is set."""

    @abstractmethod
    def _proven(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None) -> np.ndarray:
        """Each square under ``decisions`` (n×n): 0 in no solution, 1 in some, 2 in every one, −1
        or any of those where a decision or the pieces close it; QueryCancelled once ``cancel`` is
        set."""

    @abstractmethod
    def _first(
        self,
        decisions: Mapping[Cell, DecisionKind],
        targets: Iterable[Cell] = (),
        cancel: CancelToken | None = None,
    ) -> list[Cell] | None:
        """The squares of a solution keeping ``decisions`` with pieces on ``targets``, if any."""

    @abstractmethod
    def _counts_through(self, cancel: CancelToken | None) -> np.ndarray:
        """Per-square counts: the solutions through each open square, the total on forced ones."""

    @abstractmethod
    def _fewest_to_take_back(
        self, targets: list[Cell], cancel: CancelToken | None = None
    ) -> list[Cell] | None:
        """A smallest set of decisions to take back so that the rest and pieces on the targets
        keep a solution; None when no solution of the level has pieces on the targets."""

    @abstractmethod
    def _insight(self) -> Insight:
        """What the answers show beyond the squares, for the Insight panel."""

    def _solvable(
        self,
        decisions: Mapping[Cell, DecisionKind],
        targets: Iterable[Cell] = (),
        cancel: CancelToken | None = None,
    ) -> bool:
        return self._first(decisions, targets, cancel) is not None

    def _only(self, cells: Iterable[Cell]) -> dict[Cell, DecisionKind]:
        return {cell: self._decisions[cell] for cell in cells}


def _decided_state(kind: DecisionKind | None) -> CellState | None:
    """The state a decision gives its square (None: no decision)."""
    if kind is None:
        return None
    return CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED


def split(decisions: Mapping[Cell, DecisionKind]) -> tuple[list[Cell], list[Cell]]:
    """The decisions' squares: the pieces, then the marks."""
    queens = [cell for cell, kind in decisions.items() if kind is DecisionKind.QUEEN]
    return queens, [cell for cell, kind in decisions.items() if kind is DecisionKind.MARK]


def smallest_meeting(sets: list[frozenset[Cell]]) -> list[Cell]:
    """The smallest set of cells with one in each of ``sets`` (none empty): branch on the
    smallest set not met yet, its cells in order, bounded by sets that share no cell."""
    best: list[Cell] | None = None

    def extend(chosen: list[Cell], left: list[frozenset[Cell]]) -> None:
        nonlocal best
        if best is not None and len(chosen) + _apart(left) >= len(best):
            return
        if not left:
            best = sorted(chosen)
            return
        smallest = min(left, key=lambda s: (len(s), sorted(s)))
        for cell in sorted(smallest):
            extend([*chosen, cell], [s for s in left if cell not in s])

    extend([], sorted(set(sets), key=lambda s: (len(s), sorted(s))))
    assert best is not None
    return best


def _apart(sets: list[frozenset[Cell]]) -> int:
    """How many of ``sets`` share no cell, taken greedily: a lower bound on the cells meeting
    them all."""
    used: set[Cell] = set()
    count = 0
    for members in sets:
        if used.isdisjoint(members):
            used |= members
            count += 1
    return count
