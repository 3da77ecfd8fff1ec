"""The compiled diagram as an engine of the registry: a family's board answered in this process from its BDD,
compiled once (in a child process when it takes a while) and kept in the cache; a level's from its own BDD,
compiled when it opens (milliseconds) and only when the BDD is chosen by name."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from bdd_model.build_cost.costs import remember_compile
from bdd_model.cache.store import cache_path, load, load_cached, load_or_compile, save
from bdd_model.decisions import Decision
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import MAX_N, SolutionSpace, check_size
from bdd_model.engine import take_in_order
from bdd_model.engines.engine_kind import BuiltEngineKind, Warn, _quiet, family_board
from bdd_model.errors import BoardSizeError, CacheError
from bdd_model.levels.diagram.level_bdd import compile_level
from bdd_model.levels.play.diagram_level_engine import DiagramLevelEngine
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle, Puzzle

LEVEL_MAX_N = 18
"""The largest level the BDD answers: every published level (to 18×18) compiles within 12 ms
(docs/measurements.md)."""


@dataclass(frozen=True)
class CompiledSpace:
    """A compiled space as the boards of its puzzle are opened from."""

    space: SolutionSpace

    def board(self, decisions: Sequence[Decision]) -> Configurator:
        return take_in_order(Configurator(self.space), decisions)


class DiagramEngine(BuiltEngineKind):
    """The BDD: exact counts and per-square counts, every answer at once, from the family's
    diagram (up to the family's ``diagram_max_n``)."""

    name = "bdd"
    title = short_title = Configurator.title
    choice_label = "&BDD Only"
    choice_words = (
        f"Always the compiled diagram: exact counts and the heat map, up to {MAX_N}×{MAX_N} "
        f"(levels to {LEVEL_MAX_N}×{LEVEL_MAX_N})"
    )
    counts_per_square = True
    built_noun = "diagram"
    brings = "exact counts and the heat map"

    def largest(self, puzzle: Puzzle) -> int:
        """The family's largest diagram; a level's size when it is within reach, else 0 (a level
        has one size: beyond reach, the choice of the BDD leaves it to the search)."""
        if isinstance(puzzle, FamilyPuzzle):
            return puzzle.rules.diagram_max_n
        return LEVEL_MAX_N if puzzle.n <= LEVEL_MAX_N else 0

    def builds(self, puzzle: Puzzle) -> bool:
        return isinstance(puzzle, FamilyPuzzle)

    def by_name_only(self, puzzle: Puzzle) -> bool:
        return isinstance(puzzle, LevelPuzzle)

    def keeps_dead_ends(self, puzzle: Puzzle) -> bool:
        return isinstance(puzzle, LevelPuzzle)

    def check_size(self, puzzle: Puzzle) -> None:
        if isinstance(puzzle, LevelPuzzle):
            if puzzle.n > LEVEL_MAX_N:
                raise BoardSizeError(
                    f"the {self.title} answers levels up to {LEVEL_MAX_N}×{LEVEL_MAX_N}; "
                    f"the levels' search answers this {puzzle.n}×{puzzle.n} one (--engine search)"
                )
            return
        board = family_board(self.title, puzzle)
        check_size(board.n, board.rules)

    def quick(self, puzzle: Puzzle) -> bool:
        board = family_board(self.title, puzzle)
        return board.n <= board.rules.quick_diagram_max_n

    def open(
        self,
        puzzle: Puzzle,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        warn: Warn = _quiet,
    ) -> Configurator | DiagramLevelEngine:
        if isinstance(puzzle, LevelPuzzle):
            self.check_size(puzzle)
            return DiagramLevelEngine(puzzle, compile_level(puzzle.level, backend))
        board = family_board(self.title, puzzle)
        space = load_or_compile(board.n, backend, construction, progress, warn=warn, rules=board.rules)
        return Configurator(space)

    def at_hand(self, puzzle: Puzzle, backend: str, build_up_to: int, warn: Warn) -> CompiledSpace | None:
        board = family_board(self.title, puzzle)
        n, rules = board.n, board.rules
        if n <= build_up_to:
            return CompiledSpace(load_or_compile(n, backend, warn=warn, rules=rules))
        cached = load_cached(n, backend, warn=warn, rules=rules)
        return CompiledSpace(cached) if cached is not None else None

    def is_kept(self, puzzle: Puzzle, backend: str) -> bool:
        board = family_board(self.title, puzzle)
        return cache_path(board.n, resolve_backend(backend), board.rules).is_file()

    def build(
        self,
        puzzle: Puzzle,
        backend: str,
        progress: ProgressCallback,
        warn: Warn,
        done: Callable[[Path, int], None],
    ) -> None:
        """Compile into the cache (a temporary file when the cache cannot be written or read
        back), then remember the compile's time and memory for the next price."""
        board = family_board(self.title, puzzle)
        n, rules = board.n, board.rules
        space = load_or_compile(n, backend, progress=progress, warn=warn, rules=rules)
        path = cache_path(n, space.info.backend, rules)
        try:
            load(n, space.info.backend, path, rules)
        except CacheError:
            handle, name = tempfile.mkstemp(prefix=f"nqueens-{n}-", suffix=".npz")
            os.close(handle)
            path = save(space, Path(name))
        done(path, space.count)
        remember_compile(space)

    def load_built(self, puzzle: Puzzle, backend: str, path: Path) -> CompiledSpace:
        backend, board = resolve_backend(backend), family_board(self.title, puzzle)
        try:
            space = load(board.n, backend, path, board.rules)
        finally:
            self.discard_built(puzzle, backend, path)
        space.origin, space.seconds = "compiled", space.info.compile_seconds
        return CompiledSpace(space)

    def discard_built(self, puzzle: Puzzle, backend: str, path: Path) -> None:
        board = family_board(self.title, puzzle)
        if path != cache_path(board.n, resolve_backend(backend), board.rules):
            path.unlink(missing_ok=True)


DIAGRAM = DiagramEngine()
