"""Where a banner over the board goes: the block of squares that hides the fewest pieces, nearest
the middle, so that a "Solved!" never covers the solution it celebrates where room allows."""

from __future__ import annotations

import numpy as np


def banner_place(pieces: np.ndarray, rows: int, cols: int) -> tuple[int, int]:
    """The top row and left column of a ``rows`` × ``cols`` block of squares over the boolean
    n×n ``pieces`` that holds the fewest of them, ties broken towards the board's middle.

    On a solved board a one-row block always fits beside its piece: some row has its piece in
    the first or the last column."""
    n = pieces.shape[0]
    rows, cols = min(max(rows, 1), n), min(max(cols, 1), n)
    sums = np.zeros((n + 1, n + 1), dtype=np.int64)
    sums[1:, 1:] = pieces.astype(np.int64).cumsum(axis=0).cumsum(axis=1)
    held = sums[rows:, cols:] - sums[:-rows, cols:] - sums[rows:, :-cols] + sums[:-rows, :-cols]
    tops, lefts = np.indices(held.shape)
    off_middle = np.abs(2 * tops + rows - n) + np.abs(2 * lefts + cols - n)
    best = np.lexsort((off_middle.ravel(), held.ravel()))[0]
    top, left = divmod(int(best), held.shape[1])
    return top, left
