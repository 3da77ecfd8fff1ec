"""The levels' exact search as an engine of the registry: any region level to 30×30, answered at once in the
engine worker process (a count past 11×11 can take seconds, and the window never waits on one)."""

from __future__ import annotations

from bdd_model.engines.engine_kind import EngineKind, Warn, _quiet, level_board
from bdd_model.levels.level_search_kernels import level_kernels
from bdd_model.levels.play.level_engine import SEARCH_TITLE, LevelEngine
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import LevelPuzzle, Puzzle
from bdd_model.puzzles.level import MAX_N


class SearchEngine(EngineKind):
    """The level search: exact counts, per-square counts and the techniques' advice."""

    name = "search"
    title = SEARCH_TITLE
    short_title = "search"
    choice_label = "&Level Search"
    choice_words = f"The levels' exact search: every level to {MAX_N}×{MAX_N}, exact counts and the heat map"
    in_worker = True
    counts_per_square = True

    def largest(self, puzzle: Puzzle) -> int:
        return MAX_N if isinstance(puzzle, LevelPuzzle) else 0

    def keeps_dead_ends(self, puzzle: Puzzle) -> bool:
        return True

    def prepare(self) -> bool:
        return level_kernels().prepare()

    def check_size(self, puzzle: Puzzle) -> None:
        level_board(self.title, puzzle)

    def open(
        self,
        puzzle: Puzzle,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        warn: Warn = _quiet,
    ) -> LevelEngine:
        return LevelEngine(level_board(self.title, puzzle))


SEARCH = SearchEngine()
