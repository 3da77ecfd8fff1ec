"""Levels with exactly one solution and a chosen difficulty: regions grown around planted pieces,
then, while a second solution exists, one of its squares handed to a neighbouring region; levels
are drawn until the techniques alone solve one at the difficulty asked."""

from __future__ import annotations

import math
import random
import time

from bdd_model.board import Cell
from bdd_model.errors import NQueensError
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.regions import grown, handovers, level_of, paired, planted, planted_pairs
from bdd_model.levels.making.second_solution import SecondSolution
from bdd_model.levels.techniques.rating import Difficulty, rated_as
from bdd_model.puzzles.level import Level, LevelError

MOVES_PER_ROW = 10
"""Squares of a second solution given away, per row of the level, before starting again."""
OTHERS_TRIED = 8
"""Second solutions tried on a two-star level before a draw is given up, when none of a solution's
squares can be given away (a fresh draw costs a hundred SAT calls at 14×14)."""
SIZES = {1: range(5, 15), 2: range(8, 15)}
"""The sizes made for each number of stars."""
SPREAD = {"easy": 1.0, "medium": 1.0, "hard": 0.0}
"""How unequal the regions grow for each difficulty: regions grown at equal speeds need chains
three times as often (docs/measurements.md); easy and medium grow as the bench folder's."""
TWO_STAR_SPREAD = 1.0
"""Two-star levels grow at unequal speeds whatever the difficulty: most unique ones need chains
anyway, and equal speeds end unique rarely at 14x14 (2 of 100 draws for one seed); 14x14 hard took
p50 11.5 s with equal speeds, 1.8 s with unequal (docs/measurements.md)."""
TRIES = 3000
"""Unique levels drawn before giving up on the difficulty. A draw takes 0.4 ms at 5×5, 18 ms at
12×12 and 67 ms at 14×14, where ``SECONDS`` ends it first; a hard 5×5 level is about one draw
in a hundred (300 draws gave up on 11 seeds of 300, 2000 on none)."""
SECONDS = 60.0
"""How long to draw before giving up: the rarest kinds (hard two-star levels past 11×11) take
seconds a level."""
UNREACHED = {
    (2, "easy"): "no two-star level drawn was easy enough (each needed more than the simplest steps); "
    "ask for a medium or hard one"
}
"""Difficulties no level drawn ever had, in a player's words (none of the unique two-star levels
drawn in measurement needed only ``single`` and ``confined``)."""


class NotToBeHad(NQueensError):
    """No level of that difficulty: none was ever drawn, or none among ``TRIES`` from the seed."""


def generate(n: int, stars: int, difficulty: Difficulty, seed: int, seconds: float = SECONDS) -> Level:
    """The first of the levels drawn from ``seed`` that has one solution and that the techniques
    alone solve at ``difficulty``: the same level for the same arguments, or NotToBeHad after
    ``TRIES`` levels or ``seconds``. LevelError for a size or number of stars not made."""
    sizes = SIZES.get(stars)
    if sizes is None:
        raise LevelError(f"levels are made with 1 or 2 stars, not {stars}")
    if n not in sizes:
        raise LevelError(
            f"levels with {stars} star{'s' * (stars > 1)} are {sizes.start} to {sizes.stop - 1} wide, not {n}"
        )
    if (stars, difficulty) in UNREACHED:
        raise NotToBeHad(f"no {difficulty} level with {stars} stars: {UNREACHED[stars, difficulty]}")
    rng = random.Random(f"level {n} {stars} {difficulty} {seed}")
    deadline = time.monotonic() + seconds
    for _ in range(TRIES):
        if time.monotonic() > deadline:
            raise NotToBeHad(f"no {difficulty} {n}×{n} level found from seed {seed} in {seconds:g} s")
        spread = SPREAD[difficulty] if stars == 1 else TWO_STAR_SPREAD
        level = unique_level(n, stars, rng, spread, deadline=deadline)
        if level is None:
            continue
        if rated_as(level, difficulty):
            return level
    raise NotToBeHad(f"no {difficulty} {n}×{n} level found in {TRIES} levels drawn from seed {seed}")


def made_text(level: Level, difficulty: Difficulty, seed: int) -> str:
    """The level's text form after two comments: ``# seed S`` first, then what it is."""
    what = described(level, difficulty, "x")
    return f"# seed {seed}\n# {what}, made by nqueens level generate\n{level.text()}"


def described(level: Level, difficulty: Difficulty, by: str = "×") -> str:
    """What a level made is: "an easy 6×6 level", "a hard 10×10 level with 2 stars" (``by``: "x"
    in a level file, which is ASCII)."""
    article = "an" if difficulty == "easy" else "a"
    stars = f" with {level.stars} stars" if level.stars > 1 else ""
    return f"{article} {difficulty} {level.n}{by}{level.n} level{stars}"


def unique_level(
    n: int,
    stars: int,
    rng: random.Random,
    spread: float = 1.0,
    deadline: float = math.inf,
) -> Level | None:
    """A level whose only solution is the planted one, or None when the moves run out or the
    clock (``time.monotonic``) passes ``deadline``."""
    pieces = planted(n, rng) if stars == 1 else planted_pairs(n, rng)
    grown_regions = grown(n, pieces, rng, spread)
    region = grown_regions if stars == 1 else paired(grown_regions, rng)
    if region is None:
        return None
    second = SecondSolution(n, stars, pieces) if stars > 1 else None
    try:
        for _ in range(MOVES_PER_ROW * n):
            if time.monotonic() > deadline:
                return None
            other = _second_solution(region, stars, pieces, rng) if second is None else second.other(region)
            if other is None:
                return level_of(region, stars)
            # Giving away a square of the second solution leaves it too many pieces in one region.
            # One star: the fewest squares moved disturb the regions least. Two stars: any way,
            # at random (2 of 49 draws at 14x14 ended unique within their moves with the fewest,
            # 8 of 49 with any); a second solution none of whose squares can be given away gives
            # way to another one.
            ways = _handovers(region, pieces, other)
            avoided: list[set[tuple[int, int]]] = []
            while not ways and second is not None and len(avoided) < OTHERS_TRIED:
                avoided.append(other)
                found = second.other(region, avoided)
                if found is None:
                    break
                other, ways = found, _handovers(region, pieces, found)
            if not ways:
                return None
            if second is None:
                fewest = min(len(moved) for moved, _ in ways)
                ways = [way for way in ways if len(way[0]) == fewest]
            moved, j = rng.choice(ways)
            for r, c in moved:
                region[r][c] = j
    finally:
        if second is not None:
            second.close()
    return None


def _handovers(
    region: list[list[int]], pieces: list[tuple[int, int]], other: set[tuple[int, int]]
) -> list[tuple[list[tuple[int, int]], int]]:
    """Every way to give a square of the second solution (not a planted one) to a neighbouring
    region, keeping each region's planted pieces and its squares connected."""
    planted_squares = set(pieces)
    return [
        way
        for r, c in sorted(other - planted_squares)
        for way in handovers(region, (r, c), {p for p in pieces if region[p[0]][p[1]] == region[r][c]})
    ]


def _second_solution(
    region: list[list[int]], stars: int, pieces: list[tuple[int, int]], rng: random.Random
) -> set[tuple[int, int]] | None:
    """A one-star level's solution besides the planted one, by the exact search (fast on one star),
    or None: a second of its first two solutions, or the first without one planted square."""
    search = LevelSearch(level_of(region, stars))
    counted = search.counted(limit=2)
    if counted.solutions == 1:
        return None
    assert counted.first is not None
    other = {(x.row, x.col) for x in counted.first}
    planted_squares = set(pieces)
    if other == planted_squares:
        for p in rng.sample(sorted(planted_squares), len(pieces)):
            found = search.counted(empties=[Cell(*p)], limit=1).first
            if found is not None:
                return {(x.row, x.col) for x in found}
    return other
