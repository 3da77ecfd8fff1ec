"""Numpy sweeps over a level's row layers under the player's decisions: one pass down and one up give the
solutions through every edge, hence the exact count and each square's count, the solutions in order, and
the fewest decisions to take back so that pieces fit on given squares (a shortest path)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

import numpy as np

from bdd_model.board import Cell
from bdd_model.decisions import DecisionKind
from bdd_model.levels.diagram.level_layers import LevelLayers


@dataclass(frozen=True)
class RowDecisions:
    """The decisions as the sweeps see them: per row, the columns with the player's pieces and the
    columns marked empty (bit c)."""

    pieces: np.ndarray
    marks: np.ndarray

    @classmethod
    def of(
        cls, n: int, decisions: Mapping[Cell, DecisionKind], pieces_on: Iterable[Cell] = ()
    ) -> RowDecisions:
        """The decisions, with pieces on ``pieces_on`` too."""
        pieces = np.zeros(n, dtype=np.int64)
        marks = np.zeros(n, dtype=np.int64)
        for cell, kind in decisions.items():
            target = pieces if kind is DecisionKind.QUEEN else marks
            target[cell.row] |= 1 << cell.col
        for cell in pieces_on:
            pieces[cell.row] |= 1 << cell.col
        return cls(pieces, marks)

    def allowed(self, r: int, row_pieces: np.ndarray) -> np.ndarray:
        """Which of row r's ways to fill it keep the decisions."""
        wanted = self.pieces[r]
        return ((row_pieces & self.marks[r]) == 0) & ((row_pieces & wanted) == wanted)


@dataclass(frozen=True, eq=False)
class LevelSweep:
    """Solution counts under the decisions: through each row node from above and below, per square."""

    layers: LevelLayers
    decisions: RowDecisions
    above: tuple[np.ndarray, ...]
    below: tuple[np.ndarray, ...]
    cell_counts: np.ndarray
    total: int

    @classmethod
    def run(cls, layers: LevelLayers, decisions: RowDecisions) -> LevelSweep:
        """Both passes and the per-square counts (exact: a level's counts stay far below 2⁵³)."""
        n, widths = layers.n, layers.widths
        keep = [decisions.allowed(r, layers.pieces[r]) for r in range(n)]
        above: list[np.ndarray] = [np.ones(widths[0], dtype=np.float64)]
        for r in range(n):
            weights = np.where(keep[r], above[r][layers.src[r]], 0.0)
            above.append(np.bincount(layers.dst[r], weights=weights, minlength=widths[r + 1]))
        below: list[np.ndarray] = [np.ones(widths[n], dtype=np.float64)]
        for r in range(n - 1, -1, -1):
            weights = np.where(keep[r], below[-1][layers.dst[r]], 0.0)
            below.append(np.bincount(layers.src[r], weights=weights, minlength=widths[r]))
        below.reverse()
        counts = np.zeros((n, n), dtype=np.int64)
        for r in range(n):
            through = np.where(keep[r], above[r][layers.src[r]] * below[r + 1][layers.dst[r]], 0.0)
            counts[r] = np.rint(through @ layers.columns[r])
        total = int(below[0][0]) if widths[0] else 0
        return cls(layers, decisions, tuple(above), tuple(below), counts, total)

    def _ways(self, r: int, node: int) -> Iterator[tuple[int, int, int]]:
        """(pieces, next node, solutions below) of each allowed edge out of a row node, the
        pieces' masks in increasing order."""
        layers = self.layers
        out = np.flatnonzero(layers.src[r] == node)
        out = out[self.decisions.allowed(r, layers.pieces[r][out])]
        for e in out[np.argsort(layers.pieces[r][out], kind="stable")]:
            target = int(layers.dst[r][e])
            ways = int(self.below[r + 1][target])
            if ways:
                yield int(layers.pieces[r][e]), target, ways

    def solution(self, index: int) -> list[Cell]:
        """The index-th solution keeping the decisions (0-based), its squares row-major; IndexError
        past the end."""
        if not 0 <= index < self.total:
            raise IndexError(f"there is no solution number {index + 1}")
        cells: list[Cell] = []
        node = 0
        for r in range(self.layers.n):
            for pieces, target, ways in self._ways(r, node):
                if index < ways:
                    cells += _cells(r, pieces)
                    node = target
                    break
                index -= ways
        return cells

    def solutions(self) -> Iterator[list[Cell]]:
        """Every solution keeping the decisions, in the order of ``solution``."""
        return (self.solution(index) for index in range(self.total))


def fewest_taken_back(
    layers: LevelLayers, decisions: RowDecisions, targets: Iterable[Cell] = ()
) -> list[Cell] | None:
    """A smallest set of decided squares to take back so that a solution keeps the rest with pieces
    on ``targets``: the shortest path from the root to TRUE through edges holding the targets,
    where an edge costs one per decision it breaks (a piece of the player's it lacks, a mark on
    one of its pieces). None when no solution of the level has pieces on all the targets."""
    n = layers.n
    if not layers.widths[0]:
        return None
    must = np.zeros(n, dtype=np.int64)
    for cell in targets:
        must[cell.row] |= 1 << cell.col
    unreachable = np.int64(n * n + 1)
    dist = [np.zeros(1, dtype=np.int64)]
    costs = []
    for r in range(n):
        pieces = layers.pieces[r]
        fits = (pieces & must[r]) == must[r]
        cost = _popcounts(pieces & decisions.marks[r]) + _popcounts(decisions.pieces[r] & ~pieces)
        cost = np.where(fits, cost, unreachable)
        costs.append(cost)
        reach = np.full(layers.widths[r + 1], unreachable, dtype=np.int64)
        np.minimum.at(reach, layers.dst[r], np.minimum(dist[r][layers.src[r]] + cost, unreachable))
        dist.append(reach)
    if dist[n][0] >= unreachable:
        return None
    taken_back: list[Cell] = []
    node = 0
    for r in range(n - 1, -1, -1):
        src, dst, cost = layers.src[r], layers.dst[r], costs[r]
        on_path = (dst == node) & (cost < unreachable) & (dist[r][src] + cost == dist[r + 1][node])
        e = int(np.flatnonzero(on_path)[0])
        row = int(layers.pieces[r][e])
        taken_back += _cells(r, (row & int(decisions.marks[r])) | (int(decisions.pieces[r]) & ~row))
        node = int(src[e])
    return sorted(taken_back)


def _popcounts(masks: np.ndarray) -> np.ndarray:
    """The number of set bits of each mask (masks below 2³¹)."""
    counts = np.zeros(masks.shape, dtype=np.int64)
    left = masks.copy()
    while left.any():
        counts += left & 1
        left >>= 1
    return counts


def _cells(r: int, pieces: int) -> list[Cell]:
    """The squares of row r in the mask, left to right."""
    return [Cell(r, c) for c in range(pieces.bit_length()) if pieces >> c & 1]
