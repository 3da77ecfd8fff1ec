"""A level under the player's decisions: every square's state, the number of solutions left and the
fewest decisions to take back, each proven by the levels' exact search (a solution through a square
proves it open, and every square of that solution with it; a search that finds none closes it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import combinations

from bdd_model.board import Cell, CellState, check_cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError
from bdd_model.levels.level import Level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels

STATE_OF_CODE = {-1: CellState.ATTACKED, 0: CellState.LOOKAHEAD, 1: CellState.OPEN, 2: CellState.FORCED}
"""``LevelSearch.proven``'s codes as the board's states."""


class LevelBoard:
    """One level and the decisions taken on it, in order; 0-based cells. A decision that leaves
    no solution is refused, as the configurator and ``state`` want."""

    engine = "search"
    """What answers (``state --json``'s ``"engine"``)."""

    refuses_conflicts = True
    """Whether a decision that leaves no solution is refused (a DecisionError) or kept."""

    def __init__(self, level: Level, kernel_choice: LevelKernels | None = None) -> None:
        self.level = level
        self.n = level.n
        self._search = LevelSearch(level, kernel_choice)
        self._decisions: dict[Cell, DecisionKind] = {}

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    def place(self, row: int, col: int) -> None:
        """A piece on the square."""
        self._decide(Cell(row, col), DecisionKind.QUEEN)

    def mark(self, row: int, col: int) -> None:
        """No piece on the square."""
        self._decide(Cell(row, col), DecisionKind.MARK)

    def take_back(self, row: int, col: int) -> None:
        """The square's decision undone; DecisionError when it has none."""
        cell = Cell(row, col)
        check_cell(self.n, *cell)
        if cell not in self._decisions:
            raise DecisionError(f"{cell.label()} has no decision to take back")
        del self._decisions[cell]

    def count(self) -> int:
        """The solutions the decisions leave."""
        return self._search.count(*_split(self._decisions))

    def solvable_with(self, queens: Iterable[Cell] = (), marks: Iterable[Cell] = ()) -> bool:
        """Whether a solution keeps the decisions and pieces on ``queens``, none on ``marks``."""
        kept = {**self._decisions, **dict.fromkeys(marks, DecisionKind.MARK)}
        return self._solvable(kept, queens)

    def solution(self) -> list[Cell] | None:
        """The squares of a solution that keeps the decisions, None when none does."""
        return self._search.counted(*_split(self._decisions), limit=1).first

    def states(self) -> list[list[CellState]]:
        """Every square's state under the decisions (all closed when none leaves a solution)."""
        codes = self._search.proven(*_split(self._decisions)).tolist()
        states = [[STATE_OF_CODE[code] for code in row] for row in codes]
        for cell, kind in self._decisions.items():
            states[cell.row][cell.col] = CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED
        return states

    def cell_counts(self) -> list[list[int]]:
        """Each square's number of remaining solutions with a piece on it."""
        queens, marks = _split(self._decisions)
        return [
            [self._search.count([*queens, Cell(r, c)], marks) for c in range(self.n)] for r in range(self.n)
        ]

    def explain(self, row: int, col: int) -> list[Cell] | None:
        """The fewest decisions to take back so that a piece fits on the square: [] when one
        fits already, None when no solution of the level has one there."""
        return self._fewest_to_take_back([Cell(row, col)])

    def to_take_back(self) -> list[Cell] | None:
        """The fewest decisions to take back so that a solution remains: [] when one does,
        None when the level has none."""
        return self._fewest_to_take_back([])

    def conflict(self) -> list[Cell] | None:
        """The fewest decisions that leave no solution between them, None when a solution keeps
        every decision ([] when the level has none). Found as the smallest set meeting every
        solution's broken decisions, each solution found by one search."""
        broken_by: list[frozenset[Cell]] = []
        while True:
            chosen = _smallest_meeting(broken_by)
            found = self._search.counted(*_split(self._only(chosen)), limit=1).first
            if found is None:
                return chosen
            queens, marks = _split(self._decisions)
            broken = frozenset(queens).difference(found) | frozenset(marks).intersection(found)
            if not broken:
                return None
            broken_by.append(broken)

    def _fewest_to_take_back(self, targets: list[Cell]) -> list[Cell] | None:
        """The smallest set meeting every conflicting set of decisions (each one found by taking
        decisions out one by one while the rest still conflict), so that the rest and pieces on
        the targets keep a solution."""
        if not self._solvable({}, targets):
            return None
        conflicts: list[frozenset[Cell]] = []
        while True:
            taken_back = _smallest_meeting(conflicts)
            kept = {c: k for c, k in self._decisions.items() if c not in taken_back}
            if self._solvable(kept, targets):
                return taken_back
            core = dict(kept)
            for cell in list(core):
                without = {c: k for c, k in core.items() if c != cell}
                if not self._solvable(without, targets):
                    core = without
            conflicts.append(frozenset(core))

    def _solvable(self, decisions: Mapping[Cell, DecisionKind], targets: Iterable[Cell] = ()) -> bool:
        queens, marks = _split(decisions)
        return self._search.counted([*queens, *targets], marks, limit=1).solutions > 0

    def _only(self, cells: Iterable[Cell]) -> dict[Cell, DecisionKind]:
        return {cell: self._decisions[cell] for cell in cells}

    def _decide(self, cell: Cell, kind: DecisionKind) -> None:
        check_cell(self.n, *cell)
        if cell in self._decisions:
            raise DecisionError(f"{cell.label()} is already decided")
        chosen = {**self._decisions, cell: kind}
        if self.refuses_conflicts and not self._solvable(chosen):
            verb = "a piece on" if kind is DecisionKind.QUEEN else "a mark on"
            raise DecisionError(f"{verb} {cell.label()} leaves no solution")
        self._decisions = chosen


class LevelPlay(LevelBoard):
    """A level as a player plays it with assists: every decision on the board is kept, and when
    none leaves a solution the board says so (``count`` 0) and which decisions conflict."""

    refuses_conflicts = False


def _split(decisions: Mapping[Cell, DecisionKind]) -> tuple[list[Cell], list[Cell]]:
    queens = [cell for cell, kind in decisions.items() if kind is DecisionKind.QUEEN]
    return queens, [cell for cell, kind in decisions.items() if kind is DecisionKind.MARK]


def _smallest_meeting(sets: list[frozenset[Cell]]) -> list[Cell]:
    """The smallest set of cells with one in each of ``sets`` (none empty), the first in cell
    order."""
    cells = sorted(set().union(*sets))
    for size in range(len(cells)):
        for chosen in combinations(cells, size):
            if all(not s.isdisjoint(chosen) for s in sets):
                return list(chosen)
    return cells
