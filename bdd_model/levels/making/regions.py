"""Regions around planted pieces: a piece per row and column (two for Star Battle) placed at random
without touching, regions grown from the pieces at unequal random speeds (small regions constrain
most), and a square handed to a neighbouring region with the squares that keep regions connected
(the approach of public generators)."""

from __future__ import annotations

import random
from functools import cache

from bdd_model.puzzles.level import Level

SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Square = tuple[int, int]


def planted(n: int, rng: random.Random) -> list[Square]:
    """A piece per row and column, no two touching."""
    while True:
        columns: list[int] = []
        for _ in range(n):
            options = [c for c in range(n) if c not in columns and (not columns or abs(c - columns[-1]) > 1)]
            if not options:
                break
            columns.append(rng.choice(options))
        if len(columns) == n:
            return list(enumerate(columns))


def planted_pairs(n: int, rng: random.Random) -> list[Square]:
    """Two pieces per row and column, no two touching: rows filled in turn, a pair of columns
    at a time, backtracking."""
    pairs = [(a, b) for a in range(n) for b in range(a + 2, n)]

    def rows_from(row: int, used: list[int], above: tuple[int, ...]) -> list[tuple[int, int]] | None:
        if row == n:
            return []
        fits = [
            (a, b)
            for a, b in pairs
            if used[a] < 2 and used[b] < 2 and all(abs(a - p) > 1 and abs(b - p) > 1 for p in above)
        ]
        for a, b in rng.sample(fits, len(fits)):
            used[a] += 1
            used[b] += 1
            rest = rows_from(row + 1, used, (a, b)) if all(2 - k <= n - row - 1 for k in used) else None
            used[a] -= 1
            used[b] -= 1
            if rest is not None:
                return [(a, b), *rest]
        return None

    while (chosen := rows_from(0, [0] * n, ())) is None:
        pass
    return [(r, c) for r, pair in enumerate(chosen) for c in pair]


def neighbours(n: int, square: Square) -> list[Square]:
    """The squares beside ``square`` (not diagonally), from a table per size."""
    return _beside(n)[square]


@cache
def _beside(n: int) -> dict[Square, list[Square]]:
    return {
        (r, c): [
            (rr, cc)
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < n and 0 <= cc < n
        ]
        for r in range(n)
        for c in range(n)
    }


def grown(n: int, pieces: list[Square], rng: random.Random, spread: float = 1.0) -> list[list[int]]:
    """Region k grown from piece k, a square at a time; each step grows a region chosen with a
    weight drawn once per region (exponential), so that sizes range widely."""
    region = [[-1] * n for _ in range(n)]
    edges: list[list[Square]] = []
    for k, (r, c) in enumerate(pieces):
        region[r][c] = k
        edges.append([(r, c)])
    weights = [rng.expovariate(1.0) ** spread for _ in pieces]
    left = n * n - len(pieces)
    while left:
        growing = [w if edge else 0.0 for w, edge in zip(weights, edges, strict=True)]
        k = rng.choices(range(len(pieces)), weights=growing)[0]
        edge = edges[k]
        i = rng.randrange(len(edge))
        free = [(rr, cc) for rr, cc in neighbours(n, edge[i]) if region[rr][cc] < 0]
        if not free:
            edge[i] = edge[-1]
            edge.pop()
            continue
        rr, cc = rng.choice(free)
        region[rr][cc] = k
        edge.append((rr, cc))
        left -= 1
    return region


def paired(region: list[list[int]], rng: random.Random) -> list[list[int]] | None:
    """The regions joined two by two, each with a neighbour (a random greedy matching, the
    regions with the fewest neighbours first, tried a few times); None when none pairs them all."""
    n, count = len(region), 1 + max(map(max, region))
    near: dict[int, set[int]] = {k: set() for k in range(count)}
    for r in range(n):
        for c in range(n):
            for rr, cc in neighbours(n, (r, c)):
                if region[rr][cc] != region[r][c]:
                    near[region[r][c]].add(region[rr][cc])
    for _ in range(100):
        mate: dict[int, int] = {}
        for k in sorted(rng.sample(range(count), count), key=lambda k: len(near[k])):
            free = sorted(near[k] - mate.keys())
            if k not in mate and free:
                j = rng.choice(free)
                mate[k], mate[j] = j, k
        if len(mate) == count:
            joined = {k: min(k, j) for k, j in mate.items()}
            names = {k: i for i, k in enumerate(sorted(set(joined.values())))}
            return [[names[joined[k]] for k in row] for row in region]
    return None


def level_of(region: list[list[int]], stars: int) -> Level:
    return Level(tuple("".join(SYMBOLS[k] for k in row) for row in region), stars)


def handovers(region: list[list[int]], square: Square, pieces: set[Square]) -> list[tuple[list[Square], int]]:
    """The ways to give ``square`` to a neighbouring region j, as (squares moved, j): the shortest
    path inside its region from it to a square next to j, avoiding the region's ``pieces``, and
    whatever of the region that path cuts off from them (no way when it parts them), so that
    every region stays connected."""
    n = len(region)
    k = region[square[0]][square[1]]
    before: dict[Square, Square | None] = {square: None}
    layer = [square]
    ends: dict[int, Square] = {}
    while layer and not ends:
        for p in layer:
            for rr, cc in neighbours(n, p):
                if region[rr][cc] != k:
                    ends.setdefault(region[rr][cc], p)
        following = []
        for p in layer:
            for q in neighbours(n, p):
                if region[q[0]][q[1]] == k and q not in before and q not in pieces:
                    before[q] = p
                    following.append(q)
        layer = following
    members = [(r, c) for r in range(n) for c in range(n) if region[r][c] == k]
    ways = []
    for j, end in ends.items():
        path: set[Square] = set()
        step: Square | None = end
        while step is not None:
            path.add(step)
            step = before[step]
        piece = min(pieces)
        kept = {piece}
        stack = [piece]
        while stack:
            for q in neighbours(n, stack.pop()):
                if q not in kept and q not in path and region[q[0]][q[1]] == k:
                    kept.add(q)
                    stack.append(q)
        if not pieces <= kept:
            continue
        moved = [square for square in members if square not in kept]
        ways.append((moved, j))
    return ways
