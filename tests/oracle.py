"""An independent brute-force oracle for small boards (N <= 9): no BDD, no numpy, no rule family
module: each family's attack is written here again, from its definition. Solutions come from
permutations (one piece per row and column) filtered pairwise; every answer of the
configurator is recomputed from that list by definition."""

from __future__ import annotations

import itertools
from functools import cache

from bdd_model import Cell, CellState, DecisionKind

A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512]
SEQUENCES = {
    "queens": A000170,
    "toroidal": [1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496],  # A051906
    "superqueens": [1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900],  # A051223
    "no-touch": [
        1,
        0,
        0,
        2,
        14,
        90,
        646,
        5242,
        47622,
        479306,
        5296790,
        63779034,
        831283558,
        11661506218,
        175203184374,
    ],  # A002464
}
"""Each family's count on the empty n×n board, n = 1, 2, …, copied from OEIS."""


def _diagonal(n: int, dr: int, dc: int) -> bool:
    return abs(dr) == abs(dc)


def _wrapped(n: int, dr: int, dc: int) -> bool:
    return (dr - dc) % n == 0 or (dr + dc) % n == 0


def _super(n: int, dr: int, dc: int) -> bool:
    return abs(dr) == abs(dc) or {abs(dr), abs(dc)} == {1, 2}


def _touching(n: int, dr: int, dc: int) -> bool:
    return abs(dr) <= 1 and abs(dc) <= 1


ATTACKS = {"queens": _diagonal, "toroidal": _wrapped, "superqueens": _super, "no-touch": _touching}
"""Beyond its row and column, which other square a piece attacks (rows and columns apart)."""


@cache
def all_solutions(n: int, rules: str = "queens") -> tuple[tuple[int, ...], ...]:
    """Every solution, as the piece's column in each row, in lexicographic order."""
    attack = ATTACKS[rules]
    found: list[tuple[int, ...]] = []

    def extend(placed: tuple[int, ...]) -> None:
        if len(placed) == n:
            found.append(placed)
            return
        row = len(placed)
        for col in range(n):
            if all(col != c and not attack(n, row - r, col - c) for r, c in enumerate(placed)):
                extend((*placed, col))

    extend(())
    return tuple(found)


def remaining(n: int, decisions: dict[Cell, DecisionKind], rules: str = "queens") -> list[tuple[int, ...]]:
    """Solutions that agree with every decision."""

    def agrees(solution: tuple[int, ...]) -> bool:
        return all((solution[r] == c) == (kind is DecisionKind.QUEEN) for (r, c), kind in decisions.items())

    return [s for s in all_solutions(n, rules) if agrees(s)]


def attacks(a: tuple[int, int], b: tuple[int, int], n: int = 0, rules: str = "queens") -> bool:
    """Pieces on a and b attack each other."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    return a != b and (dr == 0 or dc == 0 or ATTACKS[rules](n, dr, dc))


def counts(n: int, solutions: list[tuple[int, ...]]) -> list[list[int]]:
    grid = [[0] * n for _ in range(n)]
    for s in solutions:
        for r, c in enumerate(s):
            grid[r][c] += 1
    return grid


def states(n: int, decisions: dict[Cell, DecisionKind], rules: str = "queens") -> list[list[CellState]]:
    """Each square's state, by definition from the remaining solutions."""
    sols = remaining(n, decisions, rules)
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
            elif any(attacks(q, (r, c), n, rules) for q in queens):
                row.append(CellState.ATTACKED)
            else:
                row.append(CellState.LOOKAHEAD)
        out.append(row)
    return out


def minimum_retraction(
    n: int, decisions: dict[Cell, DecisionKind], target: Cell, rules: str = "queens"
) -> int | None:
    """Size of the smallest set of decisions whose retraction lets a queen stand on target."""
    if not any(s[target.row] == target.col for s in all_solutions(n, rules)):
        return None
    items = list(decisions.items())
    for size in range(len(items) + 1):
        for dropped in itertools.combinations(range(len(items)), size):
            kept = {cell: kind for i, (cell, kind) in enumerate(items) if i not in dropped}
            if any(s[target.row] == target.col for s in remaining(n, kept, rules)):
                return size
    raise AssertionError("retracting every decision must free a square that some solution uses")
