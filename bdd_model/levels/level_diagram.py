"""A level's decision diagram, built by the frontier method over its squares in row-major order (the
classic board's variable order): a state at a square boundary is the pieces of each column and each
region, the previous row's pieces and this row's so far; equal states share a node, and only states
that can still be completed become nodes (a first step towards a level engine on its diagram, in
plain Python)."""

from __future__ import annotations

from typing import Any

from bdd_model.diagram.backends import declare_board
from bdd_model.puzzles.level import Level

State = tuple[tuple[int, ...], tuple[int, ...], int, int]
"""Pieces per column, pieces per region, the previous row's pieces, this row's pieces (bit c)."""


def level_diagram(manager: Any, level: Level) -> Any:
    """The BDD of the level's solutions over ``declare_board(manager, n)``'s variables."""
    n, k = level.n, level.stars
    region_of = [region for row in level.region_of for region in row]
    x = declare_board(manager, n)
    layers = _live_states(level)
    nodes: dict[State, Any] = {state: manager.true for state in layers[n * n]}
    for i in range(n * n - 1, -1, -1):
        r, c = divmod(i, n)
        below = nodes
        nodes = {}
        for state in layers[i]:
            empty, piece = _successors(state, r, c, n, k, region_of[i])
            high = below.get(piece, manager.false) if piece is not None else manager.false
            low = below.get(empty, manager.false) if empty is not None else manager.false
            node = manager.ite(x[i], high, low)
            if node != manager.false:
                nodes[state] = node
    start: State = ((0,) * n, (0,) * n, 0, 0)
    return nodes.get(start, manager.false)


def _successors(
    state: State, r: int, c: int, n: int, k: int, region: int
) -> tuple[State | None, State | None]:
    """The states after square (r, c) left empty and with a piece (None: not allowed)."""
    columns, regions, above, here = state
    last = c == n - 1
    empty = _row_end(columns, regions, here, n, k) if last else (columns, regions, above, here)
    piece: State | None = None
    beside = c > 0 and here >> (c - 1) & 1
    fits = columns[c] < k and regions[region] < k and here.bit_count() < k and not beside
    if fits and not above & (0b111 << c >> 1):
        cols = (*columns[:c], columns[c] + 1, *columns[c + 1 :])
        regs = (*regions[:region], regions[region] + 1, *regions[region + 1 :])
        mask = here | 1 << c
        piece = _row_end(cols, regs, mask, n, k) if last else (cols, regs, above, mask)
    return empty, piece


def _row_end(columns: tuple[int, ...], regions: tuple[int, ...], here: int, n: int, k: int) -> State | None:
    """The state that starts the next row, or None when this row holds fewer than K pieces."""
    return (columns, regions, here, 0) if here.bit_count() == k else None


def _live_states(level: Level) -> list[set[State]]:
    """The states reachable at each of the n² + 1 square boundaries that can still reach the end:
    forward from the empty board, each column and region needing no more pieces than the squares
    left can give, then backward from the full board."""
    n, k = level.n, level.stars
    region_of = [region for row in level.region_of for region in row]
    left_in_region = [[0] * n for _ in range(n * n + 1)]
    for i in range(n * n - 1, -1, -1):
        left_in_region[i] = left_in_region[i + 1].copy()
        left_in_region[i][region_of[i]] += 1
    layers: list[set[State]] = [{((0,) * n, (0,) * n, 0, 0)}]
    for i in range(n * n):
        r, c = divmod(i, n)
        following: set[State] = set()
        for state in layers[i]:
            for after in _successors(state, r, c, n, k, region_of[i]):
                if after is not None and _may_finish(after, i + 1, n, k, left_in_region[i + 1]):
                    following.add(after)
        layers.append(following)
    goal = {
        state for state in layers[n * n] if all(v == k for v in state[0]) and all(v == k for v in state[1])
    }
    layers[n * n] = goal
    return layers


def _may_finish(state: State, i: int, n: int, k: int, left_in_region: list[int]) -> bool:
    """Whether the squares from boundary ``i`` on can still give every column and region its K."""
    columns, regions, _, here = state
    r, c = divmod(i, n)
    rows_below = n - r - 1 if c else n - r
    for col, count in enumerate(columns):
        free_here = 1 if c and col >= c and not here >> col & 1 else 0
        if k - count > rows_below + free_here:
            return False
    return all(k - count <= left for count, left in zip(regions, left_in_region, strict=True))
