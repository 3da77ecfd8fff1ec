"""Witnesses by local search: min-conflicts repair of a board with one queen per row.

Start from a known solution with the wanted queen moved in, keep the decided queens fixed,
use only squares not yet proven closed (marks included), and move a queen of a random
attacked row to a square of its row with the fewest attacks, preferring squares not yet
proven possible (so each repaired board proves as many new squares as it can). N-Queens
boards repair in near-linear time; a square no solution uses makes the search give up
within its step budget, and the solver decides it instead.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def min_conflicts(
    start: Sequence[int],
    fixed: Mapping[int, int],
    allowed: Sequence[Sequence[int]],
    wanted: Sequence[Sequence[bool]],
    rng: random.Random,
    max_steps: int,
) -> list[int] | None:
    """A solution (queen's column per row) that has the ``fixed`` queens (row → column) and
    only ``allowed`` columns per row, or None after ``max_steps`` moves.

    The fixed queens must not attack each other and every row must allow some column.
    """
    n = len(start)
    cols = list(start)
    for row, col in fixed.items():
        cols[row] = col
    for row in range(n):
        if row not in fixed and cols[row] not in allowed[row]:
            cols[row] = rng.choice(allowed[row])
    in_col, down, up = [0] * n, [0] * (2 * n), [0] * (2 * n)
    for row, col in enumerate(cols):
        in_col[col] += 1
        down[row - col + n] += 1
        up[row + col] += 1
    movable = [row for row in range(n) if row not in fixed]
    for _ in range(max_steps):
        attacked = [r for r in movable if in_col[cols[r]] + down[r - cols[r] + n] + up[r + cols[r]] > 3]
        if not attacked:
            return cols
        row = rng.choice(attacked)
        old = cols[row]
        in_col[old] -= 1
        down[row - old + n] -= 1
        up[row + old] -= 1
        best, choices = n, []
        for c in allowed[row]:
            score = in_col[c] + down[row - c + n] + up[row + c]
            if score < best:
                best, choices = score, [c]
            elif score == best:
                choices.append(c)
        preferred = [c for c in choices if wanted[row][c]]
        col = rng.choice(preferred or choices)
        cols[row] = col
        in_col[col] += 1
        down[row - col + n] += 1
        up[row + col] += 1
    return None


class IndexedSolution:
    """A solution with its lines indexed, so that swapping two rows' queens is checked in O(1).

    Swapping the queens of rows i and j keeps one queen per row and column; the two new
    squares never share a diagonal (that would need the old queens to share one), so the swap
    is a solution iff each new square's two diagonals hold no queen but those of rows i and j.
    """

    def __init__(self, columns: Sequence[int]) -> None:
        n = len(columns)
        self.columns = list(columns)
        self.row_of = [0] * n
        self.down = [-1] * (2 * n)
        self.up = [-1] * (2 * n)
        for row, col in enumerate(columns):
            self.row_of[col] = row
            self.down[row - col + n] = row
            self.up[row + col] = row

    def swapped_onto(
        self, row: int, col: int, fixed: Sequence[bool], usable: Sequence[Sequence[bool]]
    ) -> list[int] | None:
        """The solution with a queen on the usable square (row, col) made by swapping two rows'
        queens, or None when that swap moves a ``fixed`` row, uses a square that is not
        ``usable``, or attacks."""
        n = len(self.columns)
        other = self.row_of[col]
        moved = self.columns[row]
        if other == row or fixed[row] or fixed[other] or not usable[other][moved]:
            return None
        for owner in (
            self.down[row - col + n],
            self.up[row + col],
            self.down[other - moved + n],
            self.up[other + moved],
        ):
            if owner not in (-1, row, other):
                return None
        columns = list(self.columns)
        columns[row], columns[other] = col, moved
        return columns

    def cycled_onto(
        self, row: int, col: int, fixed: Sequence[bool], usable: Sequence[Sequence[bool]]
    ) -> list[int] | None:
        """The solution with a queen on the usable square (row, col) made by rotating the queens of three rows
        (row takes col, the row that held col takes a third row's column, the third row takes
        row's old column), or None when no third row makes a solution: O(N)."""
        n = len(self.columns)
        other = self.row_of[col]
        moved = self.columns[row]
        if other == row or fixed[row] or fixed[other]:
            return None
        here = (self.down[row - col + n], self.up[row + col])
        for third in range(n):
            if third in (row, other) or fixed[third]:
                continue
            taken = self.columns[third]
            if not (usable[other][taken] and usable[third][moved]):
                continue
            rotating = (-1, row, other, third)
            owners = (
                *here,
                self.down[other - taken + n],
                self.up[other + taken],
                self.down[third - moved + n],
                self.up[third + moved],
            )
            if any(owner not in rotating for owner in owners):
                continue
            downs = {row - col, other - taken, third - moved}
            ups = {row + col, other + taken, third + moved}
            if len(downs) == len(ups) == 3:
                columns = list(self.columns)
                columns[row], columns[other], columns[third] = col, taken, moved
                return columns
        return None
