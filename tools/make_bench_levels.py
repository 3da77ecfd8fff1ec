"""Write the levels of the bench folder (``resources/levels/bench``): for each size, a piece per row
and column placed at random without touching, regions grown from the pieces at unequal random speeds
(small regions constrain most), then, while a second solution exists, one of its squares given to a
neighbouring region (with the squares between, keeping regions connected), starting again from new
pieces when that runs long (the approach of public generators, without their technique checks: the
bench measures speed, not difficulty)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bdd_model.board import Cell
from bdd_model.levels.level import Level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.sat.kernels.jit import compile_in_foreground

SIZES = {6: 24, 7: 34, 8: 34, 9: 28, 10: 28, 11: 34, 12: 8, 13: 8, 14: 8, 15: 5, 16: 5, 17: 5, 18: 5}
"""Levels per size (226): as many small ones as people play (community collections lean to 7×7
and 11×11), and some of every size up to 18×18, the largest community levels."""
STAR_SIZES = {10: 20}
"""Two-star levels per size: Star Battle's usual 10×10."""
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MOVES_PER_ROW = 10
"""Squares of a second solution given away, per row of the level, before starting again."""

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
        for a, b in rng.sample(pairs, len(pairs)):
            if used[a] == 2 or used[b] == 2 or any(abs(a - p) <= 1 or abs(b - p) <= 1 for p in above):
                continue
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
    r, c = square
    near = ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
    return [(rr, cc) for rr, cc in near if 0 <= rr < n and 0 <= cc < n]


def grown(n: int, pieces: list[Square], rng: random.Random) -> list[list[int]]:
    """Region k grown from piece k, a square at a time; each step grows a region chosen with a
    weight drawn once per region (exponential), so that sizes range widely."""
    region = [[-1] * n for _ in range(n)]
    edges: list[list[Square]] = []
    for k, (r, c) in enumerate(pieces):
        region[r][c] = k
        edges.append([(r, c)])
    weights = [rng.expovariate(1.0) for _ in pieces]
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
        moved = [(r, c) for r in range(n) for c in range(n) if region[r][c] == k and (r, c) not in kept]
        ways.append((moved, j))
    return ways


def unique_level(n: int, stars: int, rng: random.Random) -> Level | None:
    """A level whose only solution is the planted one, or None when the moves run out."""
    pieces = planted(n, rng) if stars == 1 else planted_pairs(n, rng)
    grown_regions = grown(n, pieces, rng)
    region = grown_regions if stars == 1 else paired(grown_regions, rng)
    if region is None:
        return None
    planted_squares = set(pieces)
    for _ in range(MOVES_PER_ROW * n):
        search = LevelSearch(level_of(region, stars))
        counted = search.counted(limit=2)
        if counted.solutions == 1:
            return level_of(region, stars)
        assert counted.first is not None
        other = {(x.row, x.col) for x in counted.first}
        if other == planted_squares:
            for p in rng.sample(sorted(planted_squares), len(pieces)):
                found = search.counted(empties=[Cell(*p)], limit=1).first
                if found is not None:
                    other = {(x.row, x.col) for x in found}
                    break
        # Giving away a square of the second solution leaves it too many pieces in one region;
        # the fewest squares moved disturb the regions least.
        ways = [
            way
            for r, c in sorted(other - planted_squares)
            for way in handovers(region, (r, c), {p for p in pieces if region[p[0]][p[1]] == region[r][c]})
        ]
        if not ways:
            return None
        fewest = min(len(moved) for moved, _ in ways)
        moved, j = rng.choice([way for way in ways if len(way[0]) == fewest])
        for r, c in moved:
            region[r][c] = j
    return None


def main() -> int:
    """``make_bench_levels.py [FOLDER [N ...]]``: the levels of every size, or of the sizes named
    (two-star levels too where ``STAR_SIZES`` has the size); each size from its own seed, so that
    one size remade alone comes out the same."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("resources/levels/bench")
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [int(n) for n in sys.argv[2:]] or list(SIZES)
    compile_in_foreground(lambda message: print(message, file=sys.stderr))
    for n, stars in [(n, 1) for n in sizes] + [(n, 2) for n in STAR_SIZES if n in sizes]:
        rng = random.Random(f"bench {n}" if stars == 1 else f"bench {n} stars {stars}")
        wanted, name = (SIZES[n], f"{n:02d}") if stars == 1 else (STAR_SIZES[n], f"{n:02d}x{stars}")
        made = 0
        while made < wanted:
            level = unique_level(n, stars, rng)
            if level is None:
                continue
            made += 1
            stars_note = f" with {stars} stars" if stars > 1 else ""
            (folder / f"{name}-{made:02d}.txt").write_text(
                f"# bench level {n}x{n}{stars_note} #{made}\n" + level.text()
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
