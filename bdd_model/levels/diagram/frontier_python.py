"""A level's reduced decision diagram without a compiler: ``frontier_kernels``'s twin (the same function on
the same arrays, the same nodes), which answers while numba compiles; plainer (a group left with too few
squares ends a board, no confinement)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bdd_model.levels.level_python import STOPPED, Board, branch, place

BEYOND = -1
"""The root when the walk met more boards than it may."""


@dataclass
class _Board:
    """A board of the walk: square ``x`` next, its open squares and needs, and what its two ways
    (no piece on x, a piece) gave so far."""

    x: int
    avail: int
    need: list[int]
    stage: int = 0
    low: int = 0
    high: int = 0


def diagram(
    groups: np.ndarray,
    touch: np.ndarray,
    groups_of: np.ndarray,
    stars: int,
    most_boards: int,
    stop: np.ndarray,
) -> tuple[np.ndarray, int, int]:
    """As ``frontier_kernels.diagram``: the nodes (square, low, high), children first after FALSE
    and TRUE, the root and the boards walked; the root ``BEYOND`` past ``most_boards`` boards
    (0: no bound), ``STOPPED`` once ``stop[0]`` is set."""
    board = Board.of(groups, touch, groups_of)
    cells = len(board.touch)
    nodes: list[tuple[int, int, int]] = [(cells, 0, 0), (cells, 1, 1)]
    unique: dict[tuple[int, int, int], int] = {}
    known: dict[tuple[int, int, tuple[int, ...]], int] = {}
    boards = 0
    stack = [_Board(0, (1 << cells) - 1, [stars] * len(board.groups))]
    result = 0
    while stack:
        top = stack[-1]
        x = top.x
        if top.stage == 0:
            result = -1
            if branch(board, top.avail, top.need) == -2:
                result = 0
            elif x == cells:
                result = 1
            else:
                result = known.get((x, top.avail, tuple(top.need)), -1)
            if result < 0:
                boards += 1
                if boards == most_boards or stop[0]:
                    return np.array(nodes, dtype=np.int64), BEYOND if not stop[0] else STOPPED, boards
                top.stage = 1
                stack.append(_Board(x + 1, top.avail & ~(1 << x), top.need))
                continue
        elif top.stage == 1 and top.avail >> x & 1:
            top.stage = 2
            need = top.need.copy()
            stack.append(_Board(x + 1, place(board, x, top.avail, need), need))
            continue
        else:
            result = top.low
            if top.low != top.high:
                result = unique.setdefault((x, top.low, top.high), len(nodes))
                if result == len(nodes):
                    nodes.append((x, top.low, top.high))
            known[(x, top.avail, tuple(top.need))] = result
        stack.pop()
        if stack:
            if stack[-1].stage == 1:
                stack[-1].low = result
            else:
                stack[-1].high = result
    return np.array(nodes, dtype=np.int64), result, boards
