"""Numpy sweeps over the frozen row layers under the user's decisions: one pass down and one up give the
remaining solutions through every edge, hence the exact count and each square's count, and the smallest
retractions that free a square."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from bdd_model.board import Cell
from bdd_model.decisions import DecisionKind
from bdd_model.diagram.row_layers import FrozenDiagram
from bdd_model.errors import DecisionError

EXACT_LIMIT = 2**53
"""Largest count float64 sums hold exactly; a board with more solutions is refused."""


@dataclass(frozen=True)
class Restriction:
    """The decisions as the sweeps see them: the queen column of each row (−1: none) and marks."""

    queen_col: np.ndarray
    marked: np.ndarray

    @classmethod
    def empty(cls, n: int) -> Restriction:
        return cls(np.full(n, -1, dtype=np.int64), np.zeros((n, n), dtype=bool))

    @classmethod
    def of(cls, n: int, decisions: Mapping[Cell, DecisionKind]) -> Restriction:
        """The decisions as arrays; DecisionError when two queens share a row."""
        restriction = cls.empty(n)
        for cell, kind in decisions.items():
            if kind is DecisionKind.QUEEN:
                if restriction.queen_col[cell.row] >= 0:
                    raise DecisionError(f"two queens in row {cell.row + 1} leave no solution")
                restriction.queen_col[cell.row] = cell.col
            else:
                restriction.marked[cell.row, cell.col] = True
        return restriction

    def allows(self, row: int, col: int) -> bool:
        """True when a queen at (row, col) agrees with every decision."""
        queen = self.queen_col[row]
        return (queen < 0 or queen == col) and not self.marked[row, col]

    def allows_all(self, columns: Sequence[int]) -> bool:
        """True when the solution (queen's column per row) agrees with every decision."""
        return all(self.allows(row, col) for row, col in enumerate(columns))


def _row_edges(
    diagram: FrozenDiagram, restriction: Restriction, r: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Row r's edges that agree with the decisions (views when nothing is dropped)."""
    src, col, dst = diagram.src[r], diagram.col[r], diagram.dst[r]
    queen = int(restriction.queen_col[r])
    if queen >= 0:
        if restriction.marked[r, queen]:
            return src[:0], col[:0], dst[:0]
        span = slice(diagram.col_start[r, queen], diagram.col_start[r, queen + 1])
        return src[span], col[span], dst[span]
    marked_row = restriction.marked[r]
    if marked_row.any():
        keep = ~marked_row[col]
        return src[keep], col[keep], dst[keep]
    return src, col, dst


@dataclass(frozen=True, eq=False)
class Sweep:
    """Solution counts of the decisions: through each row node from above and below, per square."""

    diagram: FrozenDiagram
    restriction: Restriction
    above: tuple[np.ndarray, ...]
    below: tuple[np.ndarray, ...]
    cell_counts: np.ndarray
    total: int

    @classmethod
    def run(cls, diagram: FrozenDiagram, restriction: Restriction) -> Sweep:
        """Both passes and the per-square counts: O(edges) numpy work in 3·N calls of bincount."""
        n, widths = diagram.n, diagram.widths
        edges = [_row_edges(diagram, restriction, r) for r in range(n)]
        above: list[np.ndarray] = [np.ones(widths[0], dtype=np.float64)]
        for r in range(n):
            src, _, dst = edges[r]
            above.append(np.bincount(dst, weights=above[r][src], minlength=widths[r + 1]))
        below: list[np.ndarray] = [np.ones(widths[n], dtype=np.float64)]
        for r in range(n - 1, -1, -1):
            src, _, dst = edges[r]
            below.append(np.bincount(src, weights=below[-1][dst], minlength=widths[r]))
        below.reverse()
        counts = np.zeros((n, n), dtype=np.int64)
        for r in range(n):
            src, col, dst = edges[r]
            weights = above[r][src] * below[r + 1][dst]
            counts[r] = np.rint(np.bincount(col, weights=weights, minlength=n))
        total = int(below[0][0]) if widths[0] else 0
        return cls(diagram, restriction, tuple(above), tuple(below), counts, total)

    def _choices(self, r: int, node: int) -> Iterator[tuple[int, int, int]]:
        """(column, next node, solutions below) of each allowed edge out of a row node, by column."""
        start, stop = self.diagram.node_edges(r, node)
        order = self.diagram.by_node[r][start:stop]
        for e in order:
            col = int(self.diagram.col[r][e])
            if self.restriction.allows(r, col):
                nxt = int(self.diagram.dst[r][e])
                ways = int(self.below[r + 1][nxt])
                if ways:
                    yield col, nxt, ways

    def solution(self, index: int) -> tuple[int, ...]:
        """The index-th remaining solution (0-based, in lexicographic order of the columns)."""
        if not 0 <= index < self.total:
            raise IndexError(f"solution {index + 1} of {self.total} does not exist")
        columns, node = [], 0
        for r in range(self.diagram.n):
            for col, nxt, ways in self._choices(r, node):
                if index < ways:
                    columns.append(col)
                    node = nxt
                    break
                index -= ways
        return tuple(columns)

    def solutions(self) -> Iterator[tuple[int, ...]]:
        """Every remaining solution, in lexicographic order; each step leads to a solution."""
        if not self.total:
            return
        n = self.diagram.n
        columns: list[int] = []
        stack = [self._choices(0, 0)]
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if columns:
                    columns.pop()
                continue
            col, nxt, _ = step
            columns.append(col)
            if len(columns) == n:
                yield tuple(columns)
                columns.pop()
            else:
                stack.append(self._choices(len(columns), nxt))


def fewest_retractions(diagram: FrozenDiagram, restriction: Restriction, target: Cell) -> list[Cell] | None:
    """A smallest set of decision squares whose retraction lets a queen stand on ``target``.

    Shortest path from the root to TRUE through an edge of ``target`` in the unrestricted
    layers, where an edge costs one per decision it contradicts (a queen elsewhere in its row,
    a mark on its square). ``None`` when no solution of the empty board has a queen there.
    """
    n = diagram.n
    if not diagram.widths[0]:
        return None
    unreachable = np.int64(n * n + 1)
    dist = [np.zeros(1, dtype=np.int64)]
    costs = []
    for r in range(n):
        src, col, dst = diagram.src[r], diagram.col[r], diagram.dst[r]
        if r == target.row:
            span = slice(diagram.col_start[r, target.col], diagram.col_start[r, target.col + 1])
            src, col, dst = src[span], col[span], dst[span]
        queen = restriction.queen_col[r]
        cost = restriction.marked[r][col].astype(np.int64)
        if queen >= 0:
            cost += col != queen
        costs.append((src, col, dst, cost))
        reach = np.full(diagram.widths[r + 1], unreachable, dtype=np.int64)
        np.minimum.at(reach, dst, dist[r][src] + cost)
        dist.append(reach)
    if dist[n][0] >= unreachable:
        return None
    path = [0] * n
    node = 0
    for r in range(n - 1, -1, -1):
        src, col, dst, cost = costs[r]
        fits = (dst == node) & (dist[r][src] + cost == dist[r + 1][node])
        e = int(np.flatnonzero(fits)[0])
        path[r] = int(col[e])
        node = int(src[e])
    culprits = []
    for r in range(n):
        queen = int(restriction.queen_col[r])
        if queen >= 0 and queen != path[r]:
            culprits.append(Cell(r, queen))
        if restriction.marked[r, path[r]]:
            culprits.append(Cell(r, path[r]))
    return culprits
