"""What the techniques read: a level with the pieces and empty squares known so far, as bitmasks of
its squares (bit r·n + c), and the deduction a technique makes from it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from bdd_model.board import Cell
from bdd_model.levels.level import Level

Action = Literal["queen", "empty"]


@dataclass(frozen=True)
class Deduction:
    """Squares a technique decides, all the same way, with the sentence that says why and the
    squares that sentence uses."""

    cells: tuple[Cell, ...]
    action: Action
    technique: str
    reason: str
    because: tuple[Cell, ...]


@dataclass(frozen=True)
class Shape:
    """A level's groups as masks: rows, then columns, then regions (3n of them, each needing the
    level's stars), and each square's touching squares."""

    level: Level

    @cached_property
    def n(self) -> int:
        return self.level.n

    @cached_property
    def groups(self) -> tuple[int, ...]:
        n = self.n
        rows = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
        cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        regions = [0] * n
        for r, line in enumerate(self.level.region_of):
            for c, k in enumerate(line):
                regions[k] |= 1 << (r * n + c)
        return (*rows, *cols, *regions)

    @cached_property
    def touch(self) -> tuple[int, ...]:
        """Each square's neighbours, diagonals included (not the square itself)."""
        n = self.n
        return tuple(
            sum(
                1 << (rr * n + cc)
                for rr in range(r - 1, r + 2)
                for cc in range(c - 1, c + 2)
                if 0 <= rr < n and 0 <= cc < n and (rr, cc) != (r, c)
            )
            for r in range(n)
            for c in range(n)
        )

    @cached_property
    def groups_of(self) -> tuple[tuple[int, int, int], ...]:
        n, region_of = self.n, self.level.region_of
        return tuple((r, n + c, 2 * n + region_of[r][c]) for r in range(n) for c in range(n))

    def name(self, group: int) -> str:
        """The group as people say it: "row 3", "column 5", "region B"."""
        n = self.n
        if group < n:
            return f"row {group + 1}"
        if group < 2 * n:
            return f"column {group - n + 1}"
        return f"region {self.level.symbols[group - 2 * n]}"

    def names(self, groups: list[int]) -> str:
        """Groups of one kind as people say them: "rows 2 and 3", "regions A, B and C"."""
        words = [self.name(g).split() for g in sorted(groups)]
        if len(words) == 1:
            return " ".join(words[0])
        labels = [label for _, label in words]
        return f"{words[0][0]}s {', '.join(labels[:-1])} and {labels[-1]}"

    def cells(self, mask: int) -> tuple[Cell, ...]:
        n, found = self.n, []
        while mask:
            low = mask & -mask
            x = low.bit_length() - 1
            found.append(Cell(x // n, x % n))
            mask ^= low
        return tuple(found)


@dataclass(frozen=True)
class Position:
    """The level's shape with the pieces and the empty squares known; ``open`` is every other
    square that the rules leave possible (not touching a piece, not in a group that holds all
    its pieces)."""

    shape: Shape
    queens: int = 0
    empties: int = 0

    @cached_property
    def need(self) -> tuple[int, ...]:
        stars = self.shape.level.stars
        return tuple(stars - (self.queens & group).bit_count() for group in self.shape.groups)

    @cached_property
    def open(self) -> int:
        shape = self.shape
        closed = self.queens | self.empties
        queens = self.queens
        while queens:
            low = queens & -queens
            closed |= shape.touch[low.bit_length() - 1]
            queens ^= low
        for group, need in zip(shape.groups, self.need, strict=True):
            if need <= 0:
                closed |= group
        return ((1 << (shape.n * shape.n)) - 1) & ~closed

    def with_queen(self, x: int) -> Position:
        return Position(self.shape, self.queens | 1 << x, self.empties)

    def with_empty(self, mask: int) -> Position:
        return Position(self.shape, self.queens, self.empties | mask)

    def applied(self, deduction: Deduction) -> Position:
        """The position with the deduction's squares decided."""
        n = self.shape.n
        mask = sum(1 << (cell.row * n + cell.col) for cell in deduction.cells)
        if deduction.action == "queen":
            return Position(self.shape, self.queens | mask, self.empties)
        return self.with_empty(mask)

    def broken(self) -> int | None:
        """A group that can no longer hold its pieces (too few open squares), or None."""
        open_now = self.open
        for g, (group, need) in enumerate(zip(self.shape.groups, self.need, strict=True)):
            if need < 0 or (need > 0 and (open_now & group).bit_count() < need):
                return g
        return None

    @property
    def solved(self) -> bool:
        return all(need == 0 for need in self.need)
