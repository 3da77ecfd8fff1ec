"""The levels' exact search: an exact cover over bitmasks of the board's squares. A piece clears its
touching squares and, once a row, column or region holds its K pieces, the rest of it; the row, column
or region with the fewest squares to spare is branched on (a piece there, or not), and one left with too
few fails at once. Compiled by numba (``level_kernels``, which also confines, remembers boards without a
solution and counts many solutions row by row), in Python while it compiles (``level_python``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from bdd_model.board import Cell
from bdd_model.errors import QueryCancelled
from bdd_model.levels import level_python
from bdd_model.levels.level_search_kernels import LevelKernels, level_kernels
from bdd_model.progress import CancelToken
from bdd_model.puzzles.level import Level


@dataclass(frozen=True)
class Counted:
    """A level's number of solutions under decisions, and its first solution's squares."""

    solutions: int
    first: list[Cell] | None


class LevelSearch:
    """The solutions of one level under decisions (queens placed, squares kept empty)."""

    def __init__(self, level: Level, kernel_choice: LevelKernels | None = None) -> None:
        n = level.n
        self.level = level
        self.n = n
        self._kernels = kernel_choice or level_kernels()
        self._words = (n * n + 63) // 64
        lines, near, line_groups = _lines(n)
        regions = np.array(level.region_of).ravel()
        region_masks = _packed(regions[None, :] == np.arange(n)[:, None], self._words)
        groups_of = np.concatenate([line_groups, (2 * n + regions)[:, None]], axis=1)
        self._arrays = (np.concatenate([lines, region_masks]), near, groups_of)
        """The level as the kernels take it: group masks, touching masks, each square's groups."""
        key_words = self._words + (9 * n + 63) // 64
        capacity = 1 << max(12, min(16, (64 * n * n).bit_length()))
        marks = np.full(capacity + 1, -1, dtype=np.int64)
        marks[-1] = 0
        self._dead = (np.zeros((capacity, key_words), dtype=np.uint64), marks)
        """Boards the searches found without a solution, kept for every later search."""
        self.searches = 0
        """The searches run so far (counts and proofs)."""

    @property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The level as the kernels take it: group masks, touching masks, each square's groups."""
        return self._arrays

    def counted(
        self,
        queens: Iterable[Cell] = (),
        empties: Iterable[Cell] = (),
        limit: int = 0,
        cancel: CancelToken | None = None,
    ) -> Counted:
        """How many solutions keep the decisions (at most ``limit``; 0: all), and the first;
        QueryCancelled once ``cancel`` is set."""
        first = np.zeros(self._words, dtype=np.uint64)
        decided = self._decided(queens, empties)
        self.searches += 1
        found = int(
            self._kernels.search.count(*self._arrays, *decided, limit, first, *self._dead, _stop(cancel))
        )
        if found == level_python.STOPPED:
            raise QueryCancelled("the level's search was cancelled")
        return Counted(found, self.cells(level_python.integer(first)) if found else None)

    def count(
        self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = (), cancel: CancelToken | None = None
    ) -> int:
        """The number of solutions that keep the decisions."""
        return self.counted(queens, empties, cancel=cancel).solutions

    def proven(
        self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = (), cancel: CancelToken | None = None
    ) -> np.ndarray:
        """Each square under the decisions, as an n×n array: −1 closed before any search (a
        decision, touching a piece, in a full row, column or region), 0 in no solution, 1 in
        some, 2 in every one (all 0 when no solution keeps the decisions); QueryCancelled once
        ``cancel`` is set."""
        n = self.n
        state = np.full(n * n, -1, dtype=np.int64)
        decided = self._decided(queens, empties)
        self.searches += 1
        found = self._kernels.search.states(*self._arrays, *decided, state, *self._dead, _stop(cancel))
        if found == level_python.STOPPED:
            raise QueryCancelled("the level's search was cancelled")
        return state.reshape(n, n)

    @property
    def kept(self) -> int:
        """The boards without a solution kept now (the compiled search's; none by its twin)."""
        return int(self._dead[1][-1])

    def solutions(self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = ()) -> Iterator[int]:
        """Each solution that keeps the decisions, as a mask of its squares (bit r·n + c)."""
        board = self._python_board
        start = level_python.started(board, *self._decided(queens, empties))
        if start is not None:
            yield from level_python.solutions(board, *start)

    def cells(self, solution: int) -> list[Cell]:
        """A solution's squares, row by row."""
        n = self.n
        squares = []
        while solution:
            low = solution & -solution
            x = low.bit_length() - 1
            squares.append(Cell(x // n, x % n))
            solution ^= low
        return squares

    @cached_property
    def _python_board(self) -> level_python.Board:
        """The masks as Python integers, for the search that enumerates every solution."""
        return level_python.Board.of(*self._arrays)

    def _decided(self, queens: Iterable[Cell], empties: Iterable[Cell]) -> tuple[np.ndarray, np.ndarray, int]:
        """The decisions as the kernels take them: queens' squares (each once), empty squares,
        stars."""
        n = self.n
        return (
            np.array(sorted({cell.row * n + cell.col for cell in queens}), dtype=np.int64),
            np.array([cell.row * n + cell.col for cell in empties], dtype=np.int64),
            self.level.stars,
        )


def _stop(cancel: CancelToken | None) -> np.ndarray:
    """The stop flag the kernels look at."""
    return cancel.flag if cancel is not None else level_python.NO_STOP


@cache
def _lines(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What a level's arrays share with every level of its size: the rows' and columns' masks, the
    touching squares' masks and each square's row and column (as group numbers)."""
    squares = np.arange(n * n)
    rows, cols = squares // n, squares % n
    words = (n * n + 63) // 64
    lines = np.concatenate([kind[None, :] == np.arange(n)[:, None] for kind in (rows, cols)])
    near = (np.abs(rows[:, None] - rows[None, :]) <= 1) & (np.abs(cols[:, None] - cols[None, :]) <= 1)
    groups = np.stack([rows, n + cols], axis=1).astype(np.int64)
    return _packed(lines, words), _packed(near, words), groups


def _packed(members: np.ndarray, words: int) -> np.ndarray:
    """Rows of booleans as rows of 64-bit words, square 0 the lowest bit of word 0."""
    packed = np.packbits(members, axis=1, bitorder="little")
    padded = np.zeros((len(members), 8 * words), dtype=np.uint8)
    padded[:, : packed.shape[1]] = packed
    return padded.view("<u8").astype(np.uint64)
