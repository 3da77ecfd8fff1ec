"""The compiled diagram as an engine of the registry: a family's board answered in this process from its BDD,
compiled once (in a child process when it takes a while) and kept in the cache."""

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
from bdd_model.engines.engine_kind import BuiltEngineKind, Warn, _quiet
from bdd_model.errors import CacheError
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import Puzzle


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
    choice_words = f"Always the compiled diagram: exact counts and the heat map, up to {MAX_N}×{MAX_N}"
    counts_per_square = True
    built_noun = "diagram"
    brings = "exact counts and the heat map"

    def largest(self, puzzle: Puzzle) -> int:
        return puzzle.rules.diagram_max_n

    def check_size(self, puzzle: Puzzle) -> None:
        check_size(puzzle.n, puzzle.rules)

    def quick(self, puzzle: Puzzle) -> bool:
        return puzzle.n <= puzzle.rules.quick_diagram_max_n

    def open(
        self,
        puzzle: Puzzle,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        warn: Warn = _quiet,
    ) -> Configurator:
        space = load_or_compile(puzzle.n, backend, construction, progress, warn=warn, rules=puzzle.rules)
        return Configurator(space)

    def at_hand(self, puzzle: Puzzle, backend: str, build_up_to: int, warn: Warn) -> CompiledSpace | None:
        n, rules = puzzle.n, puzzle.rules
        if n <= build_up_to:
            return CompiledSpace(load_or_compile(n, backend, warn=warn, rules=rules))
        cached = load_cached(n, backend, warn=warn, rules=rules)
        return CompiledSpace(cached) if cached is not None else None

    def is_kept(self, puzzle: Puzzle, backend: str) -> bool:
        return cache_path(puzzle.n, resolve_backend(backend), puzzle.rules).is_file()

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
        n, rules = puzzle.n, puzzle.rules
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
        backend = resolve_backend(backend)
        try:
            space = load(puzzle.n, backend, path, puzzle.rules)
        finally:
            self.discard_built(puzzle, backend, path)
        space.origin, space.seconds = "compiled", space.info.compile_seconds
        return CompiledSpace(space)

    def discard_built(self, puzzle: Puzzle, backend: str, path: Path) -> None:
        if path != cache_path(puzzle.n, resolve_backend(backend), puzzle.rules):
            path.unlink(missing_ok=True)


DIAGRAM = DiagramEngine()
