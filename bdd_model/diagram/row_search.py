"""Row-by-row search of a rule family's states, vectorised with numpy and merged into the distinct
functions of the rows below each row boundary: one BDD node each, for the ``search`` construction."""

from __future__ import annotations

import numpy as np

from bdd_model.diagram.frontier import Frontier
from bdd_model.families import CLASSIC, RuleFamily
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


def row_functions(
    n: int,
    family: RuleFamily = CLASSIC,
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
) -> list[np.ndarray]:
    """For each row r, an int32 table (distinct functions of rows r.., N columns) under ``family``.

    Entry [i, c] is 0 when a queen in column c leads to no solution, else j ≥ 1: node j−1 of
    row r+1 (for the last row, 1 is TRUE). Row 0 has one node, or none when N has no solution.
    """
    cancel = cancel or CancelToken()
    frontier = Frontier(family, n)
    states = [np.zeros(1, dtype=np.int64)]
    for r in range(n):
        cancel.check()
        here = states[r]
        blocked = frontier.blocked(here)
        parts = []
        for c in range(n):
            free = (blocked & np.int64(1 << c)) == 0
            moved = frontier.move(here[free], c)
            parts.append(moved[frontier.alive(moved, n - r - 1)])
        states.append(_unique_sorted(np.concatenate(parts)))
        progress(Progress("search", r + 1, 2 * n))

    ids = np.ones(len(states[n]), dtype=np.int64)
    tables: list[np.ndarray] = []
    for r in range(n - 1, -1, -1):
        cancel.check()
        here, below = states[r], states[r + 1]
        blocked = frontier.blocked(here)
        children = np.zeros((len(here), n), dtype=np.int64)
        for c in range(n):
            free = (blocked & np.int64(1 << c)) == 0
            child = frontier.move(here[free], c)
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
