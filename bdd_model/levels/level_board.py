"""A level under the player's decisions: every square's state, the number of solutions left and the
fewest decisions to take back, each proven by the levels' exact search (a solution through a square
proves it open, and every square of that solution with it; a search that finds none closes it)."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from bdd_model.board import Cell, CellState, check_cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError
from bdd_model.levels.level import Level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.sat.kernels.jit import Kernels


class LevelBoard:
    """One level and the decisions taken on it, in order; 0-based cells."""

    engine = "search"
    """What answers (``state --json``'s ``"engine"``)."""

    def __init__(self, level: Level, kernel_choice: Kernels | None = None) -> None:
        self.level = level
        self.n = level.n
        self._search = LevelSearch(level, kernel_choice)
        self._decisions: dict[Cell, DecisionKind] = {}

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(Decision(cell, kind) for cell, kind in self._decisions.items())

    def place(self, row: int, col: int) -> None:
        """A piece on the square; DecisionError when that leaves no solution."""
        self._decide(Cell(row, col), DecisionKind.QUEEN)

    def mark(self, row: int, col: int) -> None:
        """No piece on the square; DecisionError when that leaves no solution."""
        self._decide(Cell(row, col), DecisionKind.MARK)

    def count(self) -> int:
        """The solutions the decisions leave."""
        return self._search.count(*self._split(self._decisions))

    def states(self) -> list[list[CellState]]:
        """Every square's state under the decisions."""
        n = self.n
        queens, marks = self._split(self._decisions)
        open_now = self._search.open_squares(queens, marks)
        states = [[CellState.ATTACKED] * n for _ in range(n)]
        possible = np.zeros((n, n), dtype=bool)
        every: set[Cell] | None = None
        for cell in (Cell(r, c) for r in range(n) for c in range(n)):
            if self._decisions.get(cell) is DecisionKind.QUEEN:
                states[cell.row][cell.col] = CellState.QUEEN
            elif self._decisions.get(cell) is DecisionKind.MARK:
                states[cell.row][cell.col] = CellState.MARKED
            elif cell in open_now and not possible[cell]:
                found = self._search.counted([*queens, cell], marks, limit=1).first
                if found is None:
                    states[cell.row][cell.col] = CellState.LOOKAHEAD
                    continue
                for square in found:
                    possible[square] = True
                every = set(found) if every is None else every & set(found)
        for r, c in zip(*np.nonzero(possible), strict=True):
            if states[r][c] is CellState.ATTACKED:
                states[r][c] = CellState.OPEN
        shared = every or set()
        for cell in sorted(shared - set(queens)):
            if cell not in shared:
                continue
            other = self._search.counted(queens, [*marks, cell], limit=1).first
            if other is None:
                states[cell.row][cell.col] = CellState.FORCED
            else:
                shared &= set(other)
        return states

    def cell_counts(self) -> list[list[int]]:
        """Each square's number of remaining solutions with a piece on it."""
        queens, marks = self._split(self._decisions)
        return [
            [self._search.count([*queens, Cell(r, c)], marks) for c in range(self.n)] for r in range(self.n)
        ]

    def explain(self, row: int, col: int) -> list[Cell] | None:
        """The fewest decisions to take back so that a piece fits on the square: [] when one
        fits already, None when no solution of the level has one there."""
        target = Cell(row, col)
        decided = list(self._decisions)
        for size in range(len(decided) + 1):
            for taken_back in combinations(decided, size):
                kept = {c: k for c, k in self._decisions.items() if c not in taken_back}
                queens, marks = self._split(kept)
                if self._search.counted([*queens, target], marks, limit=1).solutions:
                    return sorted(taken_back)
        return None

    def _decide(self, cell: Cell, kind: DecisionKind) -> None:
        check_cell(self.n, *cell)
        if cell in self._decisions:
            raise DecisionError(f"{cell.label()} is already decided")
        chosen = {**self._decisions, cell: kind}
        if not self._search.counted(*self._split(chosen), limit=1).solutions:
            verb = "a piece on" if kind is DecisionKind.QUEEN else "a mark on"
            raise DecisionError(f"{verb} {cell.label()} leaves no solution")
        self._decisions = chosen

    @staticmethod
    def _split(decisions: dict[Cell, DecisionKind]) -> tuple[list[Cell], list[Cell]]:
        queens = [cell for cell, kind in decisions.items() if kind is DecisionKind.QUEEN]
        return queens, [cell for cell, kind in decisions.items() if kind is DecisionKind.MARK]
