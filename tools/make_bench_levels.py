"""Write the levels of the bench folder (``resources/levels/bench``): for each size, a piece per row
and column placed at random without touching, regions grown from the pieces at random, then squares
moved to a neighbouring region until the planted solution is the only one (the approach of public
generators, without their technique checks: the bench measures speed, not difficulty)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bdd_model.board import Cell
from bdd_model.levels.level import Level
from bdd_model.levels.level_search import LevelSearch

SIZES = {6: 24, 7: 34, 8: 34, 9: 28, 10: 28, 11: 34, 12: 8, 13: 8, 14: 8, 15: 5}
"""Levels per size (211): as many small ones as people play (community collections lean to 7×7
and 11×11), and some of every size to 15×15; from 16×16 on, random regions rarely become unique
within the moves allowed here (one 16×16 level in 8 minutes), which the levels' generator is for."""
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def planted(n: int, rng: random.Random) -> list[int]:
    """A column per row, no two pieces touching."""
    while True:
        columns: list[int] = []
        for _ in range(n):
            options = [c for c in range(n) if c not in columns and (not columns or abs(c - columns[-1]) > 1)]
            if not options:
                break
            columns.append(rng.choice(options))
        if len(columns) == n:
            return columns


def grown(n: int, pieces: list[int], rng: random.Random) -> list[list[int]]:
    region = [[-1] * n for _ in range(n)]
    edge = []
    for r, c in enumerate(pieces):
        region[r][c] = r
        edge.append((r, c))
    left = n * n - n
    while left:
        r, c = rng.choice(edge)
        free = [
            (rr, cc)
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < n and 0 <= cc < n and region[rr][cc] < 0
        ]
        if not free:
            edge.remove((r, c))
            continue
        rr, cc = rng.choice(free)
        region[rr][cc] = region[r][c]
        edge.append((rr, cc))
        left -= 1
    return region


def level_of(region: list[list[int]]) -> Level:
    return Level(tuple("".join(SYMBOLS[k] for k in row) for row in region))


def connected(region: list[list[int]], k: int) -> bool:
    squares = {(r, c) for r, row in enumerate(region) for c, v in enumerate(row) if v == k}
    if not squares:
        return False
    stack = [next(iter(squares))]
    seen = {stack[0]}
    while stack:
        r, c = stack.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in squares and near not in seen:
                seen.add(near)
                stack.append(near)
    return len(seen) == len(squares)


def unique_level(n: int, rng: random.Random) -> Level | None:
    pieces = planted(n, rng)
    region = grown(n, pieces, rng)
    kept = {(r, c) for r, c in enumerate(pieces)}
    for _ in range(40 * n):
        search = LevelSearch(level_of(region))
        if search.counted(limit=2).solutions == 1:
            return level_of(region)
        avoided = rng.sample(sorted(kept), len(kept))
        found = next(
            f for p in avoided if (f := search.counted(empties=[Cell(*p)], limit=1).first) is not None
        )
        other = {(x.row, x.col) for x in found}
        r, c = rng.choice(sorted(other - kept))
        k = region[r][c]
        near = [
            region[rr][cc]
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= rr < n and 0 <= cc < n and region[rr][cc] != k
        ]
        if not near:
            continue
        region[r][c] = rng.choice(near)
        if not connected(region, k):
            region[r][c] = k
    return None


def main() -> int:
    """``make_bench_levels.py [FOLDER [N ...]]``: the levels of every size, or of the sizes named."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("resources/levels/bench")
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [int(n) for n in sys.argv[2:]] or list(SIZES)
    rng = random.Random(2026)
    for n in sizes:
        wanted = SIZES[n]
        made = 0
        while made < wanted:
            level = unique_level(n, rng)
            if level is None:
                continue
            made += 1
            (folder / f"{n:02d}-{made:02d}.txt").write_text(f"# bench level {n}x{n} #{made}\n" + level.text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
