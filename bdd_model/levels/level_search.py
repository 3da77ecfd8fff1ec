"""The levels' exact search: an exact cover over bitmasks of the board's squares. A piece clears its
touching squares and, once a row, column or region holds its K pieces, the rest of it; the row, column
or region with the fewest squares to spare is branched on, and one left with too few fails at once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bdd_model.board import Cell
from bdd_model.levels.level import Level

MEMO_LIMIT = 1 << 21
"""Boards whose count a count keeps at once (about 400 MB at 30×30); past it they are forgotten."""


class LevelSearch:
    """The solutions of one level under decisions (queens placed, squares kept empty)."""

    def __init__(self, level: Level) -> None:
        n = level.n
        self.level = level
        self.n = n
        self.stars = level.stars
        rows = [((1 << n) - 1) << (r * n) for r in range(n)]
        cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        regions = [0] * n
        for r, row in enumerate(level.region_of):
            for c, k in enumerate(row):
                regions[k] |= 1 << (r * n + c)
        self.groups = rows + cols + regions
        """Row masks, then column masks, then region masks: each holds ``stars`` pieces."""
        self._groups_of = [(r, n + c, 2 * n + level.region_of[r][c]) for r in range(n) for c in range(n)]
        self._touch = [_touching(n, r, c) for r in range(n) for c in range(n)]

    def solutions(
        self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = (), limit: int | None = None
    ) -> Iterator[int]:
        """Each solution that keeps the decisions, as a mask of its squares (bit r·n + c), at most
        ``limit`` of them."""
        start = self._start(queens, empties)
        if start is None or limit == 0:
            return
        for found, solution in enumerate(self._search(*start), start=1):
            yield solution
            if limit is not None and found >= limit:
                return

    def count(self, queens: Iterable[Cell] = (), empties: Iterable[Cell] = ()) -> int:
        """The number of solutions that keep the decisions: the search's count of each board it
        reaches is kept, so a board reached again (the same squares open and the same pieces
        needed, by other moves) costs nothing, dead ones included."""
        start = self._start(queens, empties)
        if start is None:
            return 0
        avail, _, need = start
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        return self._count(avail, need)

    def cells(self, solution: int) -> list[Cell]:
        """A solution's squares, row by row."""
        n = self.n
        return [Cell(x // n, x % n) for x in range(n * n) if solution >> x & 1]

    def _start(self, queens: Iterable[Cell], empties: Iterable[Cell]) -> tuple[int, int, list[int]] | None:
        """(open squares, pieces placed, pieces each group still needs) after the decisions; None
        when they break the rules."""
        n = self.n
        avail = (1 << (n * n)) - 1
        for cell in empties:
            avail &= ~(1 << (cell.row * n + cell.col))
        need = [self.stars] * (3 * n)
        placed = 0
        for cell in queens:
            x = cell.row * n + cell.col
            if not avail >> x & 1:
                return None
            avail = self._place(x, avail, need)
            placed |= 1 << x
        return avail, placed, need

    def _place(self, x: int, avail: int, need: list[int]) -> int:
        """Put a piece on square x (``need`` lowered in place); the squares left open."""
        avail &= ~self._touch[x]
        for g in self._groups_of[x]:
            need[g] -= 1
            if need[g] == 0:
                avail &= ~self.groups[g]
        return avail

    def _search(self, avail: int, placed: int, need: list[int]) -> Iterator[int]:
        best = self._branch(avail, need)
        if best == -2:
            return
        if best == -1:
            yield placed
            return
        squares = avail & self.groups[best]
        if self.stars == 1:
            while squares:
                bit = squares & -squares
                squares ^= bit
                x = bit.bit_length() - 1
                child = need.copy()
                yield from self._search(self._place(x, avail, child), placed | bit, child)
            return
        bit = squares & -squares
        x = bit.bit_length() - 1
        child = need.copy()
        yield from self._search(self._place(x, avail, child), placed | bit, child)
        yield from self._search(avail & ~bit, placed, need)

    def _count(self, avail: int, need: list[int]) -> int:
        key = (avail, tuple(need))
        known = self._memo.get(key)
        if known is not None:
            return known
        total = 0
        best = self._branch(avail, need)
        if best == -1:
            total = 1
        elif best >= 0:
            squares = avail & self.groups[best]
            if self.stars == 1:
                while squares:
                    bit = squares & -squares
                    squares ^= bit
                    child = need.copy()
                    total += self._count(self._place(bit.bit_length() - 1, avail, child), child)
            else:
                bit = squares & -squares
                child = need.copy()
                total = self._count(self._place(bit.bit_length() - 1, avail, child), child)
                total += self._count(avail & ~bit, need)
        if len(self._memo) >= MEMO_LIMIT:
            self._memo.clear()
        self._memo[key] = total
        return total

    def _branch(self, avail: int, need: list[int]) -> int:
        """The group to branch on (the fewest squares to spare), −1 when every group holds its
        pieces, −2 when one cannot."""
        best, best_spare = -1, 1 << 30
        groups = self.groups
        for g, k in enumerate(need):
            if k:
                left = (avail & groups[g]).bit_count()
                if left < k or k < 0:
                    return -2
                if left - k < best_spare:
                    best, best_spare = g, left - k
        return best


def _touching(n: int, r: int, c: int) -> int:
    """The mask of (r, c) and the squares around it."""
    mask = 0
    for rr in range(max(0, r - 1), min(n, r + 2)):
        for cc in range(max(0, c - 1), min(n, c + 2)):
            mask |= 1 << (rr * n + cc)
    return mask
