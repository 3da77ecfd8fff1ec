"""The compiled BDD frozen into row layers, the form every click is answered from: row nodes joined by one
edge per column to the next row's, read off either dd backend's BDD by ``freeze``, which checks the
one-queen-per-row shape as it goes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from bdd_model.errors import DiagramShapeError
from bdd_model.progress import CANCEL_EVERY, CancelToken, Progress, ProgressCallback, no_progress


@dataclass(frozen=True, eq=False)
class FrozenDiagram:
    """Row layers of an n×n board's solution BDD.

    ``widths[r]`` row nodes sit at the top of row r (``widths[0] == 1`` is the root,
    ``widths[n] == 1`` is TRUE). Row r's edges are ``src[r][i]`` → ``dst[r][i]`` placing a queen
    in column ``col[r][i]``, sorted by column; ``col_start[r, c] : col_start[r, c+1]`` slices
    the edges of column c. Every row node lies on a path to TRUE. An empty board (N = 2, 3)
    has ``widths[0] == 0``.
    """

    n: int
    widths: tuple[int, ...]
    src: tuple[np.ndarray, ...]
    col: tuple[np.ndarray, ...]
    dst: tuple[np.ndarray, ...]
    col_start: np.ndarray

    @classmethod
    def from_edges(
        cls, n: int, widths: list[int], src: list[np.ndarray], col: list[np.ndarray], dst: list[np.ndarray]
    ) -> FrozenDiagram:
        """Sort each row's edges by (column, source) unless they are already, and check everything."""
        sorted_src, sorted_col, sorted_dst = [], [], []
        col_start = np.zeros((n, n + 1), dtype=np.int64)
        for r in range(n):
            s, c, d = (np.asarray(a, dtype=np.int64) for a in (src[r], col[r], dst[r]))
            if not np.all(np.diff(c * (widths[r] + 1) + s) > 0):
                order = np.lexsort((s, c))
                s, c, d = s[order], c[order], d[order]
            s = np.ascontiguousarray(s, dtype=np.int32)
            c = np.ascontiguousarray(c, dtype=np.int16)
            d = np.ascontiguousarray(d, dtype=np.int32)
            sorted_src.append(s)
            sorted_col.append(c)
            sorted_dst.append(d)
            col_start[r] = np.searchsorted(c, np.arange(n + 1), side="left")
        diagram = cls(n, tuple(widths), tuple(sorted_src), tuple(sorted_col), tuple(sorted_dst), col_start)
        diagram.validate()
        return diagram

    @cached_property
    def by_node(self) -> tuple[np.ndarray, ...]:
        """Per row, edge indices grouped by source node, each group in column order."""
        return tuple(np.lexsort((c, s)) for s, c in zip(self.src, self.col, strict=True))

    @cached_property
    def _node_starts(self) -> tuple[np.ndarray, ...]:
        return tuple(
            np.searchsorted(s[order], np.arange(w + 1))
            for s, order, w in zip(self.src, self.by_node, self.widths, strict=False)
        )

    def node_edges(self, r: int, node: int) -> tuple[int, int]:
        """The slice of ``by_node[r]`` holding the edges out of row node ``node``."""
        starts = self._node_starts[r]
        return int(starts[node]), int(starts[node + 1])

    @property
    def edge_count(self) -> int:
        """Number of row edges: one per (row node, column) that leads to a solution."""
        return sum(len(s) for s in self.src)

    def validate(self) -> None:
        """Raise DiagramShapeError unless every index is in range and every node is live."""
        n, widths = self.n, self.widths
        if len(widths) != n + 1 or widths[n] != (1 if widths[0] else 0) or widths[0] not in (0, 1):
            raise DiagramShapeError("row widths do not describe a rooted diagram")
        for r in range(n):
            s, c, d = self.src[r], self.col[r], self.dst[r]
            if not (len(s) == len(c) == len(d)):
                raise DiagramShapeError(f"row {r + 1}: edge arrays differ in length")
            if len(s) == 0:
                if widths[r] or widths[r + 1]:
                    raise DiagramShapeError(f"row {r + 1}: nodes without edges")
                continue
            if s.min() < 0 or s.max() >= widths[r] or d.min() < 0 or d.max() >= widths[r + 1]:
                raise DiagramShapeError(f"row {r + 1}: an edge points outside its layer")
            if c.min() < 0 or c.max() >= n:
                raise DiagramShapeError(f"row {r + 1}: a column is off the board")
            key = c.astype(np.int64) * (widths[r] + 1) + s
            if not np.all(np.diff(key) > 0):
                raise DiagramShapeError(f"row {r + 1}: edges unsorted, or two leave one node in one column")
            if not (
                np.bincount(s, minlength=widths[r]).all() and np.bincount(d, minlength=widths[r + 1]).all()
            ):
                raise DiagramShapeError(f"row {r + 1}: a node has no way in or no way out")

    def to_arrays(self) -> dict[str, np.ndarray]:
        """Flat arrays for storage (see ``from_arrays``)."""
        return {
            "widths": np.asarray(self.widths, dtype=np.int64),
            "row_edges": np.asarray([len(s) for s in self.src], dtype=np.int64),
            "src": np.concatenate(self.src) if self.n else np.zeros(0, np.int32),
            "col": np.concatenate(self.col) if self.n else np.zeros(0, np.int16),
            "dst": np.concatenate(self.dst) if self.n else np.zeros(0, np.int32),
        }

    @classmethod
    def from_arrays(cls, n: int, arrays: dict[str, np.ndarray]) -> FrozenDiagram:
        """Rebuild and validate a diagram stored with ``to_arrays``."""
        widths = [int(w) for w in arrays["widths"]]
        row_edges = np.asarray(arrays["row_edges"], dtype=np.int64)
        src, col, dst = arrays["src"], arrays["col"], arrays["dst"]
        if len(row_edges) != n or row_edges.min(initial=0) < 0 or row_edges.max(initial=0) > len(src):
            raise DiagramShapeError("stored edge counts do not match the board size")
        if not all(0 <= w <= len(src) + 1 for w in widths):
            raise DiagramShapeError("stored row widths exceed the edges")
        bounds = np.concatenate([[0], np.cumsum(row_edges)])
        if not (len(src) == len(col) == len(dst) == bounds[-1]):
            raise DiagramShapeError("stored edge arrays are truncated")
        rows = range(n)
        return cls.from_edges(
            n,
            widths,
            [src[bounds[r] : bounds[r + 1]] for r in rows],
            [col[bounds[r] : bounds[r + 1]] for r in rows],
            [dst[bounds[r] : bounds[r + 1]] for r in rows],
        )


def freeze(
    manager: Any,
    root: Any,
    n: int,
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
) -> tuple[FrozenDiagram, list[int]]:
    """Read the row layers off a BDD over the row-major square variables of an n×n board.

    Also returns the number of BDD nodes at each of the N² levels (the diagram's shape).
    Works on ``dd.cudd`` and ``dd.autoref`` alike: ``low``/``high`` of a negated node are
    negated here, because both backends return the children of the regular node.
    """
    cancel = cancel or CancelToken()
    reader = _LayerReader(manager, n)
    if root == manager.false:
        empty = [np.zeros(0, np.int64)] * n
        return FrozenDiagram.from_edges(n, [0] * (n + 1), empty, empty, empty), [0] * (n * n)
    layer = [root]
    widths = [1]
    src_rows, col_rows, dst_rows = [], [], []
    for r in range(n):
        cancel.check()
        src, col, dst, layer = reader.read_row(r, layer, cancel)
        src_rows.append(src)
        col_rows.append(col)
        dst_rows.append(dst)
        widths.append(len(layer))
        progress(Progress("freeze", r + 1, n))
    del layer
    diagram = FrozenDiagram.from_edges(n, widths, src_rows, col_rows, dst_rows)
    return diagram, reader.level_census()


class _LayerReader:
    """Walks one row of the BDD at a time, checking the one-queen-per-row shape."""

    def __init__(self, manager: Any, n: int) -> None:
        self.n = n
        self.false = manager.false
        self.true = manager.true
        self._levels: list[set[int]] = [set() for _ in range(n * n)]

    def level_census(self) -> list[int]:
        """Distinct BDD nodes seen at each level."""
        return [len(nodes) for nodes in self._levels]

    def read_row(
        self, r: int, layer: list[Any], cancel: CancelToken
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[Any]]:
        """Edges (source index, column, target index) of row r, and the row nodes below it."""
        self._row, self._first = r, r * self.n
        self._next_index: dict[int, int] = {}
        self._next_nodes: list[Any] = []
        self._exits: dict[int, int | None] = {}
        src, cols, dst = [], [], []
        for index, node in enumerate(layer):
            if index % CANCEL_EVERY == 0:
                cancel.check()
            for c in range(self.n):
                self._expect_level(node, self._first + c)
                low, high = self._children(node)
                if high != self.false:
                    target = self._row_exit(high, c)
                    if target is not None:
                        src.append(index)
                        cols.append(c)
                        dst.append(target)
                node = low
                if node == self.false:
                    break
            if node != self.false:
                raise DiagramShapeError(f"row {r + 1} may stay empty")
        return (
            np.asarray(src, dtype=np.int64),
            np.asarray(cols, dtype=np.int64),
            np.asarray(dst, dtype=np.int64),
            self._next_nodes,
        )

    def _children(self, node: Any) -> tuple[Any, Any]:
        low, high = node.low, node.high
        return (~low, ~high) if node.negated else (low, high)

    def _expect_level(self, node: Any, level: int) -> None:
        if node == self.true or node == self.false or node.level != level:
            raise DiagramShapeError(
                f"square {level // self.n + 1},{level % self.n + 1} is skipped by the BDD: "
                "not one queen per row"
            )
        self._levels[level].add(int(~node if node.negated else node))

    def _row_exit(self, node: Any, c: int) -> int | None:
        """Follow 'no other queen in this row' from column c+1; index of the row node reached."""
        key = int(node)
        if key in self._exits:
            return self._exits[key]
        for j in range(c + 1, self.n):
            if node == self.false:
                break
            self._expect_level(node, self._first + j)
            low, high = self._children(node)
            if high != self.false:
                raise DiagramShapeError(f"row {self._row + 1} admits two queens")
            node = low
        target: int | None = None
        if node != self.false:
            if self._row == self.n - 1:
                if node != self.true:
                    raise DiagramShapeError("the last row does not end in TRUE")
            else:
                self._expect_level(node, self._first + self.n)
            k = int(node)
            target = self._next_index.get(k)
            if target is None:
                target = self._next_index[k] = len(self._next_nodes)
                self._next_nodes.append(node)
        self._exits[key] = target
        return target
