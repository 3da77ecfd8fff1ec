"""Proof that a diagram read from a file is exactly the solution set of its board, since anyone can recompute
a checksum: every path a legal placement (one numpy pass per row for all paths), distinct paths distinct
placements, A000170(n) of them, and a few random solutions checked square by square."""

from __future__ import annotations

import random

import numpy as np

from bdd_model.board import Cell
from bdd_model.diagram.layer_sweeps import Sweep
from bdd_model.diagram.row_layers import FrozenDiagram
from bdd_model.errors import DiagramShapeError
from bdd_model.known_counts import A000170

_FIELD = 16
"""Bits per attack mask in the packed word: columns, left and right diagonals side by side."""
SAMPLES = 3
"""Solutions decoded at random on every check."""


def known_count(n: int) -> int:
    """The number of solutions of the empty n×n board (1 ≤ n ≤ 15, the sizes compiled)."""
    return A000170[n - 1]


def first_illegal_edge(diagram: FrozenDiagram) -> Cell | None:
    """A square that some path takes while a queen above attacks it; None when every path is legal."""
    n = diagram.n
    if n >= _FIELD:
        raise ValueError(f"the packed attack masks hold boards up to {_FIELD - 1}×{_FIELD - 1}")
    full = np.int64((1 << n) - 1)
    attacks = np.zeros(min(diagram.widths[0], 1), dtype=np.int64)
    for r in range(n):
        src, col, dst = diagram.src[r], diagram.col[r], diagram.dst[r]
        bit = np.left_shift(np.int64(1), col.astype(np.int64))
        word = attacks[src]
        cols, left, right = word & full, (word >> _FIELD) & full, word >> (2 * _FIELD)
        illegal = np.flatnonzero((cols | left | right) & bit)
        if len(illegal):
            return Cell(r, int(col[illegal[0]]))
        below = (
            (cols | bit) | ((((left | bit) << 1) & full) << _FIELD) | (((right | bit) >> 1) << (2 * _FIELD))
        )
        attacks = np.zeros(diagram.widths[r + 1], dtype=np.int64)
        np.bitwise_or.at(attacks, dst, below)
    return None


def is_placement(columns: tuple[int, ...], n: int) -> bool:
    """True when ``columns`` (the queen's column in each row) is a solution of the n×n board."""
    return (
        len(columns) == n
        and len(set(columns)) == n
        and len({r - c for r, c in enumerate(columns)}) == n
        and len({r + c for r, c in enumerate(columns)}) == n
    )


def random_solution(sweep: Sweep, rng: random.Random) -> tuple[int, ...]:
    """One path of the diagram drawn uniformly at random, as the queen's column in each row."""
    diagram = sweep.diagram
    node, columns = 0, []
    for r in range(diagram.n):
        out = np.flatnonzero(diagram.src[r] == node)
        ways = sweep.below[r + 1][diagram.dst[r][out]]
        pick = rng.random() * ways.sum()
        e = out[min(int(np.searchsorted(np.cumsum(ways), pick, side="right")), len(out) - 1)]
        columns.append(int(diagram.col[r][e]))
        node = int(diagram.dst[r][e])
    return tuple(columns)


def check_solution_set(sweep: Sweep) -> None:
    """Raise DiagramShapeError unless the swept diagram is exactly the solution set of its board."""
    diagram = sweep.diagram
    n = diagram.n
    if sweep.total != known_count(n):
        raise DiagramShapeError(f"it counts {sweep.total} solutions, not the {known_count(n)} of the board")
    square = first_illegal_edge(diagram)
    if square is not None:
        raise DiagramShapeError(f"a path puts a queen on {square.label()} where one above attacks it")
    rng = random.Random()
    for _ in range(SAMPLES if sweep.total else 0):
        columns = random_solution(sweep, rng)
        if not is_placement(columns, n):
            raise DiagramShapeError(f"it holds a placement that is not a solution: columns {columns}")
