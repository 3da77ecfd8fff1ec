"""What the techniques read: a level with the pieces and empty squares known so far, as bitmasks of
its squares (bit r·n + c), and the deduction a technique makes from it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from bdd_model.board import Cell
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.puzzles.level import Level

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

    def decisions(self) -> list[Decision]:
        """The deduction as a player's decisions: a piece or a mark on each of its squares."""
        kind = DecisionKind.QUEEN if self.action == "queen" else DecisionKind.MARK
        return [Decision(cell, kind) for cell in self.cells]


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

    @property
    def touch(self) -> tuple[int, ...]:
        """Each square's neighbours, diagonals included (not the square itself)."""
        return _touching(self.n)

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

    @property
    def blocks_at(self) -> tuple[tuple[int, ...], ...]:
        """The 2×2 blocks (each holds at most one piece) that hold each square."""
        return _blocks_at(self.n)

    def fit(self, mask: int, most: int) -> int:
        """How many pieces the squares of ``mask`` can hold, none touching another, counted up to
        ``most``."""
        if most == 0 or mask == 0:
            return 0
        low = mask & -mask
        rest = mask ^ low
        taken = 1 + self.fit(rest & ~self.touch[low.bit_length() - 1], most - 1)
        return taken if taken == most else max(taken, self.fit(rest, most))

    def cells(self, mask: int) -> tuple[Cell, ...]:
        n = self.n
        return tuple(Cell(x // n, x % n) for x in squares(mask))


@dataclass(frozen=True)
class Position:
    """The level's shape with the pieces and the empty squares known; ``open`` is every other
    square that the rules leave possible (not touching a piece, not in a group that holds all
    its pieces)."""

    shape: Shape
    queens: int = 0
    empties: int = 0

    @classmethod
    def of(cls, level: Level, decisions: list[Decision]) -> Position:
        """The level with a player's pieces and marks."""
        n = level.n
        placed = {kind: 0 for kind in DecisionKind}
        for decision in decisions:
            placed[decision.kind] |= 1 << (decision.cell.row * n + decision.cell.col)
        return cls(Shape(level), placed[DecisionKind.QUEEN], placed[DecisionKind.MARK])

    @cached_property
    def need(self) -> tuple[int, ...]:
        stars = self.shape.level.stars
        return tuple(stars - (self.queens & group).bit_count() for group in self.shape.groups)

    @cached_property
    def open(self) -> int:
        shape = self.shape
        closed = self.queens | self.empties
        for x in squares(self.queens):
            closed |= shape.touch[x]
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
        """A group that can no longer hold its pieces (fewer open squares than pieces), or None."""
        open_now = self.open
        for g, (group, need) in enumerate(zip(self.shape.groups, self.need, strict=True)):
            if need < 0 or (open_now & group).bit_count() < need:
                return g
        return None

    def closing(self, x: int) -> int:
        """The open squares a piece on square x would close: those touching it and the rest of
        its groups that it fills (not x itself)."""
        closed = self._closings.get(x)
        if closed is None:
            shape, closed = self.shape, self.shape.touch[x]
            for g in shape.groups_of[x]:
                if self.need[g] == 1:
                    closed |= shape.groups[g]
            closed = self._closings[x] = closed & self.open & ~(1 << x)
        return closed

    @cached_property
    def _closings(self) -> dict[int, int]:
        return {}

    def starved_by(self, x: int, g: int) -> bool:
        """Whether a piece on square x would leave group g fewer open squares than pieces."""
        group = self.shape.groups[g]
        need = self.need[g] - (group >> x & 1)
        return (self.open & group & ~self.closing(x) & ~(1 << x)).bit_count() < need

    @property
    def solved(self) -> bool:
        return all(need == 0 for need in self.need)


@cache
def _touching(n: int) -> tuple[int, ...]:
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


@cache
def _blocks_at(n: int) -> tuple[tuple[int, ...], ...]:
    corner = 1 | 1 << 1 | 1 << n | 1 << (n + 1)
    return tuple(
        tuple(
            corner << (rr * n + cc)
            for rr in (r - 1, r)
            for cc in (c - 1, c)
            if 0 <= rr < n - 1 and 0 <= cc < n - 1
        )
        for r in range(n)
        for c in range(n)
    )


def squares(mask: int) -> Iterator[int]:
    """The squares of a mask (their bit numbers), lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
