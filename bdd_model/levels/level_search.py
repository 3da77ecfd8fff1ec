"""The levels' exact search: an exact cover over bitmasks of the board's squares. A piece clears its
touching squares and, once a row, column or region holds its K pieces, the rest of it; the row, column
or region with the fewest squares to spare is branched on (a piece there, or not), and one left with too
few fails at once. Compiled by numba (``level_kernels``), in Python while it compiles (``level_python``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from bdd_model.board import Cell
from bdd_model.levels import level_python
from bdd_model.levels.level import Level
from bdd_model.sat.kernels.jit import Kernels, kernels


@dataclass(frozen=True)
class Counted:
    """A level's number of solutions under decisions, and its first solution's squares."""

    solutions: int
    first: list[Cell] | None


class LevelSearch:
    """The solutions of one level under decisions (queens placed, squares kept empty)."""

    def __init__(self, level: Level, kernel_choice: Kernels | None = None) -> None:
        n = level.n
        self.level = level
        self.n = n
        self._kernels = kernel_choice or kernels()
        squares = np.arange(n * n)
        rows, cols = squares // n, squares % n
        regions = np.array(level.region_of).ravel()
        members = np.concatenate([kind[None, :] == np.arange(n)[:, None] for kind in (rows, cols, regions)])
        near = (np.abs(rows[:, None] - rows[None, :]) <= 1) & (np.abs(cols[:, None] - cols[None, :]) <= 1)
        self._words = (n * n + 63) // 64
        self._groups = _packed(members, self._words)
        self._touch = _packed(near, self._words)
        self._groups_of = np.stack([rows, n + cols, 2 * n + regions], axis=1).astype(np.int64)

    def counted(self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = (), limit: int = 0) -> Counted:
        """How many solutions keep the decisions (at most ``limit``; 0: all), and the first."""
        queens = set(queens)
        start = self._start(queens, empties)
        if start is None:
            return Counted(0, None)
        avail, need = start
        first = np.zeros(self._words, dtype=np.uint64)
        found = int(
            self._kernels.levels.count(self._groups, self._touch, self._groups_of, avail, need, limit, first)
        )
        return Counted(found, self.cells(level_python.integer(first) | self._mask(queens)) if found else None)

    def count(self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = ()) -> int:
        """The number of solutions that keep the decisions."""
        return self.counted(queens, empties).solutions

    def solutions(self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = ()) -> Iterator[int]:
        """Each solution that keeps the decisions, as a mask of its squares (bit r·n + c)."""
        queens = set(queens)
        start = self._start(queens, empties)
        if start is not None:
            board = self._python_board
            avail, need = level_python.integer(start[0]), start[1].tolist()
            yield from level_python.solutions(board, avail, need, self._mask(queens))

    def open_squares(self, queens: Iterable[Cell], empties: Iterable[Cell]) -> set[Cell]:
        """The squares the decisions leave open before any search: not touching a piece, not
        in a row, column or region that holds its pieces, not kept empty."""
        start = self._start(set(queens), empties)
        return set() if start is None else set(self.cells(level_python.integer(start[0])))

    @cached_property
    def _python_board(self) -> level_python.Board:
        """The masks as Python integers, for the search that enumerates every solution."""
        return level_python.Board.of(self._groups, self._touch, self._groups_of)

    def _mask(self, cells: Iterable[Cell]) -> int:
        return sum(1 << (cell.row * self.n + cell.col) for cell in cells)

    def cells(self, solution: int) -> list[Cell]:
        """A solution's squares, row by row."""
        n = self.n
        return [Cell(x // n, x % n) for x in range(n * n) if solution >> x & 1]

    def _start(self, queens: Iterable[Cell], empties: Iterable[Cell]) -> tuple[np.ndarray, np.ndarray] | None:
        """(open squares as words, pieces each group still needs) after the decisions; None
        when they break the rules."""
        n = self.n
        avail = _packed(np.ones((1, n * n), dtype=bool), self._words)[0]
        for cell in empties:
            x = cell.row * n + cell.col
            avail[x >> 6] &= ~np.uint64(1 << (x & 63))
        need = np.full(3 * n, self.level.stars, dtype=np.int64)
        for cell in queens:
            x = cell.row * n + cell.col
            if not int(avail[x >> 6]) >> (x & 63) & 1:
                return None
            avail &= ~self._touch[x]
            for g in self._groups_of[x]:
                need[g] -= 1
                if need[g] == 0:
                    avail &= ~self._groups[g]
        return avail, need


def _packed(members: np.ndarray, words: int) -> np.ndarray:
    """Rows of booleans as rows of 64-bit words, square 0 the lowest bit of word 0."""
    packed = np.packbits(members, axis=1, bitorder="little")
    padded = np.zeros((len(members), 8 * words), dtype=np.uint8)
    padded[:, : packed.shape[1]] = packed
    return padded.view("<u8").astype(np.uint64)
