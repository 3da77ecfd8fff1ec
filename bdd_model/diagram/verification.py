"""Proof that a diagram read from a file is exactly the solution set of its board, since anyone can recompute
a checksum: every path a legal placement (one numpy pass per row for all paths), distinct paths distinct
placements, as many as the family's known count (A000170(n) for the classic queens), and a few random
solutions checked square by square."""

from __future__ import annotations

import random

import numpy as np

from bdd_model.board import Cell
from bdd_model.diagram.frontier import Frontier
from bdd_model.diagram.layer_sweeps import Sweep
from bdd_model.diagram.row_layers import FrozenDiagram
from bdd_model.errors import DiagramShapeError
from bdd_model.families import CLASSIC, RuleFamily

SAMPLES = 3
"""Solutions decoded at random on every check."""


def first_illegal_edge(diagram: FrozenDiagram, family: RuleFamily = CLASSIC) -> Cell | None:
    """A square that some path takes while a piece above excludes it; None when every path is
    legal. Each row node carries what all paths into it block below, packed in two int64 words:
    per kind of line the columns blocked in its row (n bits each), and per row below within a
    leap the columns leaps block there."""
    n = diagram.n
    frontier = Frontier(family, n)
    full, field = frontier.full, np.int64(n)
    width = max(1, diagram.widths[0])
    lines = np.zeros(width, dtype=np.int64)
    leaps = np.zeros(width, dtype=np.int64)
    for r in range(n):
        src, col, dst = diagram.src[r], diagram.col[r], diagram.dst[r]
        bit = np.left_shift(np.int64(1), col.astype(np.int64))
        word = lines[src]
        blocked = leaps[src] & full if frontier.reach else np.zeros_like(word)
        for k in range(len(frontier.steps)):
            blocked |= word >> np.int64(k * n)
        illegal = np.flatnonzero(blocked & bit)
        if len(illegal):
            return Cell(r, int(col[illegal[0]]))
        below = np.zeros(len(src), dtype=np.int64)
        for k, (step, wraps) in enumerate(frontier.steps):
            own = ((word >> np.int64(k * n)) & full) | bit
            below |= frontier.shift(own, step, wraps) << np.int64(k * n)
        lines = np.zeros(diagram.widths[r + 1], dtype=np.int64)
        np.bitwise_or.at(lines, dst, below)
        if frontier.reach:
            leaped = leaps[src] >> field
            for down, across in family.leaps:
                near = ((bit << np.int64(across)) & full) | (bit >> np.int64(across))
                leaped |= near << np.int64((down - 1) * n)
            leaps = np.zeros(diagram.widths[r + 1], dtype=np.int64)
            np.bitwise_or.at(leaps, dst, leaped)
    return None


def is_placement(columns: tuple[int, ...], n: int, family: RuleFamily = CLASSIC) -> bool:
    """True when ``columns`` (the piece's column in each row) is a solution under ``family``."""
    if len(columns) != n or not all(0 <= c < n for c in columns):
        return False
    cols = np.array(columns, dtype=np.int64)
    ids = family.line_ids(n)[:, np.arange(n), cols]
    if any(len(np.unique(line)) < n for line in ids):
        return False
    return not any((np.abs(cols[down:] - cols[: n - down]) == across).any() for down, across in family.leaps)


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


def check_solution_set(sweep: Sweep, family: RuleFamily = CLASSIC) -> None:
    """Raise DiagramShapeError unless the swept diagram is exactly the family's solution set of
    its board (its count the known one, where it is known)."""
    diagram = sweep.diagram
    n = diagram.n
    known = family.known_count(n)
    if known is not None and sweep.total != known:
        raise DiagramShapeError(f"it counts {sweep.total} solutions, not the {known} of the board")
    square = first_illegal_edge(diagram, family)
    if square is not None:
        raise DiagramShapeError(
            f"a path puts a {family.piece} on {square.label()} where one above attacks it"
        )
    rng = random.Random()
    for _ in range(SAMPLES if sweep.total else 0):
        columns = random_solution(sweep, rng)
        if not is_placement(columns, n, family):
            raise DiagramShapeError(f"it holds a placement that is not a solution: columns {columns}")
