"""A level's BDD frozen into row layers, the form its answers come from: row nodes joined by one edge per way
to fill the row (its pieces as a mask of columns, one or more) to the next row's nodes, read off the reduced
diagram's nodes by ``layers_of``, which checks that every square is asked on every path."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

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


def layers_of(nodes: np.ndarray, root: int, n: int) -> LevelLayers:
    """The row layers of a reduced BDD over an n×n level's row-major squares, given as its nodes
    (rows of square, low, high; 0 FALSE, 1 TRUE), read a row at a time: each row node's ways
    through the row's n squares, all at once in numpy. DiagramShapeError when a path skips a
    square or the last row does not end in TRUE."""
    if root == 0:
        empty = tuple(np.zeros(0, np.int64) for _ in range(n))
        return LevelLayers(n, (0,) * (n + 1), empty, empty, empty)
    square, low, high = (np.ascontiguousarray(part) for part in nodes.T)
    layer = np.array([root], dtype=np.int64)
    widths = [1]
    src, pieces, dst = [], [], []
    for r in range(n):
        origin = np.arange(len(layer), dtype=np.int64)
        at = layer
        row = np.zeros(len(layer), dtype=np.int64)
        for c in range(n):
            if not np.all(square[at] == r * n + c):
                raise DiagramShapeError(f"square {r + 1},{c + 1} is skipped by the level's BDD")
            empty, piece = low[at] != 0, high[at] != 0
            origin = np.concatenate([origin[empty], origin[piece]])
            row = np.concatenate([row[empty], row[piece] | 1 << c])
            at = np.concatenate([low[at][empty], high[at][piece]])
        if r == n - 1 and not np.all(at == 1):
            raise DiagramShapeError("the last row of the level's BDD does not end in TRUE")
        layer, target = np.unique(at, return_inverse=True)
        src.append(origin)
        pieces.append(row)
        dst.append(target.astype(np.int64))
        widths.append(len(layer))
    return LevelLayers(n, tuple(widths), tuple(src), tuple(pieces), tuple(dst))
