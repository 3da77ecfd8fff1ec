"""An independent brute-force oracle for small boards (N <= 8): no BDD, no numpy.

Solutions come from permutations (one queen per row and column) filtered by the diagonals;
every answer of the configurator is recomputed from that list by definition.
"""

from __future__ import annotations

import itertools
from functools import cache

from bdd_model import Cell, CellState, DecisionKind

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]


@cache
def all_solutions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every solution, as the queen's column in each row, in lexicographic order."""
    return tuple(
        p
        for p in itertools.permutations(range(n))
        if len({r - c for r, c in enumerate(p)}) == n and len({r + c for r, c in enumerate(p)}) == n
    )


def remaining(n: int, decisions: dict[Cell, DecisionKind]) -> list[tuple[int, ...]]:
    """Solutions that agree with every decision."""

    def agrees(solution: tuple[int, ...]) -> bool:
        return all((solution[r] == c) == (kind is DecisionKind.QUEEN) for (r, c), kind in decisions.items())

    return [s for s in all_solutions(n) if agrees(s)]


def attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a != b and (a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1]))


def counts(n: int, solutions: list[tuple[int, ...]]) -> list[list[int]]:
    grid = [[0] * n for _ in range(n)]
    for s in solutions:
        for r, c in enumerate(s):
            grid[r][c] += 1
    return grid


def states(n: int, decisions: dict[Cell, DecisionKind]) -> list[list[CellState]]:
    """Each square's state, by definition from the remaining solutions."""
    sols = remaining(n, decisions)
    grid = counts(n, sols)
    queens = [(r, c) for r in range(n) for c in range(n) if sols and grid[r][c] == len(sols)]
    out = []
    for r in range(n):
        row = []
        for c in range(n):
            kind = decisions.get(Cell(r, c))
            if kind is DecisionKind.QUEEN:
                row.append(CellState.QUEEN)
            elif kind is DecisionKind.MARK:
                row.append(CellState.MARKED)
            elif sols and grid[r][c] == len(sols):
                row.append(CellState.FORCED)
            elif grid[r][c]:
                row.append(CellState.OPEN)
            elif any(attacks(q, (r, c)) for q in queens):
                row.append(CellState.ATTACKED)
            else:
                row.append(CellState.LOOKAHEAD)
        out.append(row)
    return out


def minimum_retraction(n: int, decisions: dict[Cell, DecisionKind], target: Cell) -> int | None:
    """Size of the smallest set of decisions whose retraction lets a queen stand on target."""
    if not any(s[target.row] == target.col for s in all_solutions(n)):
        return None
    items = list(decisions.items())
    for size in range(len(items) + 1):
        for dropped in itertools.combinations(range(len(items)), size):
            kept = {cell: kind for i, (cell, kind) in enumerate(items) if i not in dropped}
            if any(s[target.row] == target.col for s in remaining(n, kept)):
                return size
    raise AssertionError("retracting every decision must free a square that some solution uses")
