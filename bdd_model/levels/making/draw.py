"""One draw of the generator: pieces planted, regions grown around them, then squares of a second
solution handed to neighbouring regions until the planted solution is the only one; a two-star draw
can then be eased, squares the medium techniques leave open handed over while the level stays unique."""

from __future__ import annotations

import math
import random
import time
from types import TracebackType

from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.found_solutions import FoundSolutions
from bdd_model.levels.making.regions import Square, grown, handovers, level_of, paired, planted, planted_pairs
from bdd_model.levels.making.second_solution import SecondSolution
from bdd_model.levels.techniques.rating import Difficulty, left_open
from bdd_model.puzzles.level import Level

MOVES_PER_ROW = {1: 10, 2: 20}
"""Squares of a second solution given away, per row of the level, before the draw is given up:
two-star draws that ended unique took 54 to 276 moves at 14×14 (docs/measurements.md)."""
OTHERS_TRIED = 8
"""Second solutions tried on a two-star level before a draw is given up, when none of a solution's
squares can be given away (a fresh draw costs a hundred SAT calls at 14×14)."""
EASING_STEPS = 100
"""Hand-overs tried to ease a unique two-star level to medium: at 14×14, 5 of 6 levels the medium
techniques left unsolved were eased within 100, in 0.5 s each (docs/measurements.md)."""


class Draw:
    """A level being made from ``rng``: ``region[r][c]`` is each square's region, and the planted
    pieces its intended solution. Used as a context manager (a two-star draw holds a SAT solver)."""

    def __init__(self, n: int, stars: int, rng: random.Random, spread: float = 1.0) -> None:
        self.n, self.stars, self._rng = n, stars, rng
        self.pieces = planted(n, rng) if stars == 1 else planted_pairs(n, rng)
        grown_regions = grown(n, self.pieces, rng, spread)
        self.region = grown_regions if stars == 1 else paired(grown_regions, rng)
        self._second = SecondSolution(n, stars, self.pieces) if stars > 1 else None
        self._found = FoundSolutions(n, stars)

    def __enter__(self) -> Draw:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._second is not None:
            self._second.close()

    def level(self) -> Level:
        assert self.region is not None
        return level_of(self.region, self.stars)

    def made_unique(self, deadline: float = math.inf) -> bool:
        """Whether the planted solution became the only one before the moves ran out or the clock
        (``time.monotonic``) passed ``deadline``.

        Giving away a square of the second solution leaves it too many pieces in one region. One
        star: the fewest squares moved disturb the regions least. Two stars: any way that leaves
        the fewest of the second solutions met standing; a second solution none of whose squares can
        be given away gives way to another one."""
        region = self.region
        if region is None:
            return False
        for _ in range(MOVES_PER_ROW[self.stars] * self.n):
            if time.monotonic() > deadline:
                return False
            other = self._other()
            if other is None:
                return True
            ways = self._handovers(other)
            avoided: list[set[Square]] = []
            while not ways and self._second is not None and len(avoided) < OTHERS_TRIED:
                avoided.append(other)
                self._found.add(other)
                another = self._second.other(region, avoided)
                if another is None:
                    break
                other, ways = another, self._handovers(another)
            if not ways:
                return False
            if self._second is None:
                fewest = min(len(moved) for moved, _ in ways)
                ways = [way for way in ways if len(way[0]) == fewest]
            else:
                self._found.add(other)
                ways = self._found.fewest_left(region, ways)
            self._hand_over(*self._rng.choice(ways))
        return False

    def eased(self, difficulty: Difficulty, deadline: float = math.inf) -> bool:
        """Whether the techniques of ``difficulty`` solve the unique two-star level after squares
        they leave open are handed over (one at a time, kept when the level stays unique and they
        leave no more squares open)."""
        assert self.region is not None and self._second is not None
        left = left_open(self.level(), difficulty)
        for _ in range(EASING_STEPS):
            if not left or time.monotonic() > deadline:
                break
            square = divmod(self._rng.choice([x for x in range(self.n * self.n) if left >> x & 1]), self.n)
            k = self.region[square[0]][square[1]]
            ways = [] if square in self.pieces else handovers(self.region, square, self._planted_in(k))
            if not ways:
                continue
            moved, j = self._rng.choice(ways)
            self._hand_over(moved, j)
            if self._second.other(self.region) is None:
                now = left_open(self.level(), difficulty)
                if now.bit_count() <= left.bit_count():
                    left = now
                    continue
            self._hand_over(moved, k)
        return not left

    def _other(self) -> set[Square] | None:
        """A solution besides the planted one, or None."""
        assert self.region is not None
        if self._second is not None:
            return self._second.other(self.region)
        return _second_by_search(self.level(), self.pieces, self._rng)

    def _handovers(self, other: set[Square]) -> list[tuple[list[Square], int]]:
        """Every way to give a square of the second solution (not a planted one) to a neighbouring
        region, keeping each region's planted pieces and its squares connected."""
        assert self.region is not None
        region = self.region
        return [
            way
            for r, c in sorted(other - set(self.pieces))
            for way in handovers(region, (r, c), self._planted_in(region[r][c]))
        ]

    def _planted_in(self, k: int) -> set[Square]:
        assert self.region is not None
        return {p for p in self.pieces if self.region[p[0]][p[1]] == k}

    def _hand_over(self, moved: list[Square], j: int) -> None:
        assert self.region is not None
        for r, c in moved:
            self.region[r][c] = j


def _second_by_search(level: Level, pieces: list[Square], rng: random.Random) -> set[Square] | None:
    """A one-star level's solution besides the planted one, by the exact search (fast on one star),
    or None: a second of its first two solutions, or the first without one planted square."""
    search = LevelSearch(level)
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
