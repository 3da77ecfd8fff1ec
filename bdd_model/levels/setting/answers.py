"""What the setter's bench shows after each painted square: the count, exact up to a million (the
count of all never ends on some grids, 18×18 with rows as regions), and the squares where the
solutions differ (docs/measurements.md, "The setter's count")."""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.setting.differences import differing
from bdd_model.progress import CancelToken
from bdd_model.puzzles.level import Level
from bdd_model.wording import plural

COUNTED_TO = 1_000_000
"""The count is exact up to this; past it, "more than a million"."""


@dataclass(frozen=True)
class Answer:
    """A painted level's count (``COUNTED_TO + 1`` meaning more) and where its solutions differ
    (None with fewer than two)."""

    solutions: int
    differ: list[Cell] | None

    @property
    def words(self) -> str:
        """The count as the status says it."""
        if self.solutions == 0:
            return "No solution"
        if self.solutions == 1:
            return "Unique: one solution"
        more = self.solutions > COUNTED_TO
        count = "More than a million solutions" if more else plural(self.solutions, "solution")
        return f"{count}: they differ on the outlined squares"


def answered(level: Level, cancel: CancelToken | None = None) -> Answer:
    """The level's count to ``COUNTED_TO`` and its differing squares; QueryCancelled once
    ``cancel`` is set."""
    search = LevelSearch(level)
    solutions = search.counted(limit=COUNTED_TO + 1, cancel=cancel).solutions
    return Answer(solutions, differing(search, cancel) if solutions > 1 else None)
