"""Row-by-row search of the N-Queens states, vectorised with numpy and merged into the distinct functions of
the rows below each row boundary: one BDD node each, for the ``search`` construction."""

from __future__ import annotations

import numpy as np

from bdd_model.progress import CancelToken, Progress, ProgressCallback, no_progress


def _unique_sorted(values: np.ndarray) -> np.ndarray:
    """Sorted distinct values (sort-based: numpy's hash-based unique is slower here)."""
    values = np.sort(values)
    if len(values) == 0:
        return values
    keep = np.empty(len(values), dtype=bool)
    keep[0] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


class _Packing:
    """Packs (cols, ld, rd) of an n-column board into one int64 and applies a queen move."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.full = np.int64((1 << n) - 1)

    def unpack(self, states: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        n, full = self.n, self.full
        return states & full, (states >> n) & full, (states >> (2 * n)) & full

    def move(
        self, cols: np.ndarray, ld: np.ndarray, rd: np.ndarray, col: int
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The masks of the next row after a queen in column ``col``."""
        bit = np.int64(1 << col)
        return cols | bit, ((ld | bit) << 1) & self.full, (rd | bit) >> 1

    def pack(self, cols: np.ndarray, ld: np.ndarray, rd: np.ndarray) -> np.ndarray:
        return cols | (ld << self.n) | (rd << (2 * self.n))


def row_functions(
    n: int,
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
) -> list[np.ndarray]:
    """For each row r, an int32 table (distinct functions of rows r.., N columns).

    Entry [i, c] is 0 when a queen in column c leads to no solution, else j ≥ 1: node j−1 of
    row r+1 (for the last row, 1 is TRUE). Row 0 has one node, or none when N has no solution.
    """
    cancel = cancel or CancelToken()
    packing = _Packing(n)
    full = packing.full
    states = [np.zeros(1, dtype=np.int64)]
    for r in range(n):
        cancel.check()
        cols, ld, rd = packing.unpack(states[r])
        occupied = cols | ld | rd
        parts = []
        for c in range(n):
            free = (occupied & np.int64(1 << c)) == 0
            ncols, nld, nrd = packing.move(cols[free], ld[free], rd[free], c)
            alive = np.ones(len(ncols), dtype=bool)
            for k in range(n - r - 1):
                alive &= (full & ~(ncols | (nld << k) | (nrd >> k))) != 0
            parts.append(packing.pack(ncols, nld, nrd)[alive])
        states.append(_unique_sorted(np.concatenate(parts)))
        progress(Progress("search", r + 1, 2 * n))

    ids = np.ones(len(states[n]), dtype=np.int64)
    tables: list[np.ndarray] = []
    for r in range(n - 1, -1, -1):
        cancel.check()
        here, below = states[r], states[r + 1]
        cols, ld, rd = packing.unpack(here)
        occupied = cols | ld | rd
        children = np.zeros((len(here), n), dtype=np.int64)
        for c in range(n):
            free = (occupied & np.int64(1 << c)) == 0
            child = packing.pack(*packing.move(cols[free], ld[free], rd[free], c))
            at = np.searchsorted(below, child)
            at[at >= len(below)] = 0
            found = below[at] == child if len(below) else np.zeros(len(child), dtype=bool)
            column = np.zeros(len(child), dtype=np.int64)
            column[found] = ids[at[found]]
            children[free, c] = column
        live = children.any(axis=1)
        distinct, inverse = np.unique(children[live], axis=0, return_inverse=True)
        ids = np.zeros(len(here), dtype=np.int64)
        ids[live] = inverse.ravel() + 1
        tables.append(distinct.astype(np.int32).reshape(-1, n))
        progress(Progress("search", 2 * n - r, 2 * n))
    tables.reverse()
    return tables
