"""A level's BDD frozen into row layers, the form its answers come from: row nodes joined by one edge per way
to fill the row (its pieces as a mask of columns, one or more) to the next row's nodes, read off either dd
backend's BDD by ``freeze_level``, which checks that every square is asked on every path."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from bdd_model.errors import DiagramShapeError


@dataclass(frozen=True, eq=False)
class LevelLayers:
    """Row layers of a level's solution BDD: ``widths[r]`` row nodes at the top of row r (one root,
    and one TRUE below the last row; none at all when the level has no solution); row r's edges
    go from ``src[r][i]`` to ``dst[r][i]`` with pieces on the columns of ``pieces[r][i]``."""

    n: int
    widths: tuple[int, ...]
    src: tuple[np.ndarray, ...]
    pieces: tuple[np.ndarray, ...]
    dst: tuple[np.ndarray, ...]

    @cached_property
    def columns(self) -> tuple[np.ndarray, ...]:
        """Per row, each edge's pieces as a row of n booleans (edges × n)."""
        bits = np.arange(self.n, dtype=np.int64)
        return tuple(((pieces[:, None] >> bits[None, :]) & 1).astype(np.float64) for pieces in self.pieces)

    @property
    def edge_count(self) -> int:
        """Row edges: one per row node and way to fill its row that leads to a solution."""
        return sum(len(s) for s in self.src)


def freeze_level(manager: Any, root: Any, n: int) -> tuple[LevelLayers, list[int]]:
    """The row layers of a BDD over an n×n level's row-major squares, and the BDD's nodes at each
    of the n² levels. Works on ``dd.cudd`` and ``dd.autoref`` alike (a negated node's children are
    negated here: both return the regular node's)."""
    reader = _RowReader(manager, n)
    if root == manager.false:
        empty = tuple(np.zeros(0, np.int64) for _ in range(n))
        return LevelLayers(n, (0,) * (n + 1), empty, empty, empty), [0] * (n * n)
    layer = [root]
    widths = [1]
    src, pieces, dst = [], [], []
    for r in range(n):
        edges, layer = reader.read_row(r, layer)
        src.append(np.asarray([e[0] for e in edges], dtype=np.int64))
        pieces.append(np.asarray([e[1] for e in edges], dtype=np.int64))
        dst.append(np.asarray([e[2] for e in edges], dtype=np.int64))
        widths.append(len(layer))
    return LevelLayers(n, tuple(widths), tuple(src), tuple(pieces), tuple(dst)), reader.census()


class _RowReader:
    """Walks one row of the BDD at a time: each row node's ways through the row's squares."""

    def __init__(self, manager: Any, n: int) -> None:
        self.n = n
        self.false = manager.false
        self.true = manager.true
        self._levels: list[set[int]] = [set() for _ in range(n * n)]

    def census(self) -> list[int]:
        """Distinct BDD nodes met at each level."""
        return [len(nodes) for nodes in self._levels]

    def read_row(self, r: int, layer: list[Any]) -> tuple[list[tuple[int, int, int]], list[Any]]:
        """Row r's edges (source index, pieces, target index) and the row nodes below it."""
        self._row = r
        self._below: dict[int, int] = {}
        self._below_nodes: list[Any] = []
        self._ways: dict[int, list[tuple[int, int]]] = {}
        edges = [
            (index, pieces, target)
            for index, node in enumerate(layer)
            for pieces, target in self._through(node, 0)
        ]
        return edges, self._below_nodes

    def _through(self, node: Any, col: int) -> list[tuple[int, int]]:
        """The ways from ``node`` (at column ``col`` of the row) to the next row: the pieces from
        ``col`` on and the index of the row node reached."""
        if col == self.n:
            return [(0, self._row_node(node))]
        key = int(node)
        known = self._ways.get(key)
        if known is not None:
            return known
        level = self._row * self.n + col
        if node == self.true or node == self.false or node.level != level:
            raise DiagramShapeError(f"square {self._row + 1},{col + 1} is skipped by the level's BDD")
        self._levels[level].add(int(~node if node.negated else node))
        low, high = (~node.low, ~node.high) if node.negated else (node.low, node.high)
        ways: list[tuple[int, int]] = []
        if high != self.false:
            ways += [(pieces | 1 << col, target) for pieces, target in self._through(high, col + 1)]
        if low != self.false:
            ways += self._through(low, col + 1)
        self._ways[key] = ways
        return ways

    def _row_node(self, node: Any) -> int:
        """The index of the next row's node ``node`` (TRUE below the last row)."""
        if self._row == self.n - 1 and node != self.true:
            raise DiagramShapeError("the last row of the level's BDD does not end in TRUE")
        key = int(node)
        index = self._below.get(key)
        if index is None:
            index = self._below[key] = len(self._below_nodes)
            self._below_nodes.append(node)
        return index
