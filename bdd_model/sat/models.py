"""The solutions the SAT engine has seen, kept across clicks as witnesses in one int16 array: those that agree
with the decisions prove their queens open without a solver call and bound the count from below."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bdd_model.diagram.layer_sweeps import Restriction

KEEP_AT_MOST = 8192
"""Models kept (N = 100: 1.6 MB); a full store forgets its older half. Enough for every click's
starting points and pool, small enough that agreement with new decisions is a few hundred µs."""


class ModelStore:
    """Distinct solutions in the order found."""

    def __init__(self, n: int) -> None:
        self.n = n
        self._rows = np.empty((64, n), dtype=np.int16)
        self._size = 0
        self._seen: set[bytes] = set()

    def __len__(self) -> int:
        return self._size

    def add(self, columns: Sequence[int] | np.ndarray) -> int | None:
        """Keep a solution and return its index; None when it was kept before."""
        row = np.asarray(columns, dtype=np.int16)
        key = row.tobytes()
        if key in self._seen:
            return None
        if self._size >= KEEP_AT_MOST:
            self._forget_older_half()
        if self._size == len(self._rows):
            self._rows = np.concatenate([self._rows, np.empty_like(self._rows)])
        self._rows[self._size] = row
        self._size += 1
        self._seen.add(key)
        return self._size - 1

    def _forget_older_half(self) -> None:
        kept = self._rows[self._size // 2 : self._size].copy()
        self._rows[: len(kept)] = kept
        self._size = len(kept)
        self._seen = {row.tobytes() for row in kept}

    def newest(self, count: int) -> np.ndarray:
        """The ``count`` newest kept models (fewer if fewer are kept), one per row."""
        return self._rows[max(0, self._size - count) : self._size]

    def rows(self, indices: np.ndarray) -> list[list[int]]:
        """The given kept models as lists of columns."""
        return self._rows[indices].tolist()

    def agreeing(self, restriction: Restriction) -> np.ndarray:
        """Indices of the kept models that agree with every decision, in the order found."""
        models = self._rows[: self._size]
        fits = np.ones(self._size, dtype=bool)
        for row in np.flatnonzero(restriction.queen_col >= 0):
            fits &= models[:, row] == restriction.queen_col[row]
        for row, col in np.argwhere(restriction.marked):
            fits &= models[:, row] != col
        return np.flatnonzero(fits)

    def one_swap_away(self, restriction: Restriction) -> np.ndarray:
        """Candidates for a solution of these decisions: each kept model that misses exactly one
        decided queen, with the rows of that queen's square and column swapped (the witness
        kernels prove a square open by such a swap without keeping it). Unchecked, one per row."""
        rows = np.flatnonzero(restriction.queen_col >= 0)
        models = self._rows[: self._size].astype(np.int64)
        if not len(rows) or not len(models):
            return np.empty((0, self.n), dtype=np.int64)
        wrong = models[:, rows] != restriction.queen_col[rows]
        near = np.flatnonzero(wrong.sum(axis=1) == 1)
        swapped = models[near]
        picks = np.arange(len(near))
        row = rows[wrong[near].argmax(axis=1)]
        col = restriction.queen_col[row]
        other = (swapped == col[:, None]).argmax(axis=1)
        swapped[picks, other] = swapped[picks, row]
        swapped[picks, row] = col
        return swapped[::-1]

    def queens(self, indices: np.ndarray) -> np.ndarray:
        """N×N: in how many of the given models each square holds a queen."""
        grid = np.zeros((self.n, self.n), dtype=np.int64)
        models = self._rows[indices]
        for row in range(self.n):
            grid[row] = np.bincount(models[:, row], minlength=self.n)
        return grid
