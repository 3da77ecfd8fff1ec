"""Exact counts of the completions of a board, within a work budget.

A depth-first count over the rows with bitmasks (Python integers, so any N), always
continuing with the row that has the fewest usable squares left. It only visits squares not
proven closed, so once few free rows remain it finishes in a blink; on a wide-open board it
stops at its budget and the count stays a lower bound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bdd_model.progress import CancelToken

CANCEL_EVERY = 4096
"""Search nodes between two looks at the cancel token."""


@dataclass(frozen=True)
class CountResult:
    """``exact`` is the count when the search finished, else None; ``found`` solutions were seen."""

    exact: int | None
    found: int
    nodes: int


class _OutOfBudget(Exception):
    pass


def count_solutions(usable: np.ndarray, budget: int, cancel: CancelToken | None = None) -> CountResult:
    """Solutions of the N-Queens rules that only use the ``usable`` squares (N×N booleans).

    ``budget`` bounds the search nodes (about a microsecond or two each in CPython).
    """
    n = usable.shape[0]
    masks = [sum(1 << int(c) for c in np.flatnonzero(usable[r])) for r in range(n)]
    full = (1 << n) - 1
    found = 0
    nodes = 0

    def search(rows: list[int], cols: int, down: int, up: int) -> int:
        nonlocal found, nodes
        nodes += 1
        if nodes > budget or (cancel is not None and nodes % CANCEL_EVERY == 0 and cancel.cancelled):
            raise _OutOfBudget
        if not rows:
            found += 1
            return 1
        best_row, best_free, best_bits = -1, n + 1, 0
        for row in rows:
            free = masks[row] & ~(cols | (down >> (n - 1 - row)) | (up >> row)) & full
            bits = free.bit_count()
            if bits < best_free:
                best_row, best_free, best_bits = row, bits, free
                if bits == 0:
                    return 0
        rest = [row for row in rows if row != best_row]
        total = 0
        while best_bits:
            bit = best_bits & -best_bits
            best_bits ^= bit
            col = bit.bit_length() - 1
            total += search(
                rest, cols | bit, down | (1 << (col - best_row + n - 1)), up | (1 << (best_row + col))
            )
        return total

    try:
        exact: int | None = search(list(range(n)), 0, 0, 0)
    except _OutOfBudget:
        exact = None
    return CountResult(exact, found, nodes)
