"""The compiled solution space of one board size: frozen row layers plus what we know of its BDD."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import msgspec

from bdd_model.board import check_whole_size
from bdd_model.diagram.backends import new_manager, out_of_memory, resolve_backend
from bdd_model.diagram.constructions import BUILDERS, CONSTRUCTIONS
from bdd_model.diagram.layer_sweeps import EXACT_LIMIT, Restriction, Sweep
from bdd_model.diagram.row_layers import FrozenDiagram, freeze
from bdd_model.errors import NQueensError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import CancelToken, ProgressCallback, no_progress
from bdd_model.puzzles import FamilyPuzzle

MAX_N = 15
"""The largest board this program compiles on a 24 GiB machine (N=15: 5 minutes, 6 GB)."""

SIZE_LIMIT_REASON = (
    "a {n}×{n} board is above the BDD's maximum of {maximum}: it grows about sixfold per size "
    "(the classic N=15: 52 million nodes, 6 GB), so N=16 would need about 35 GB of memory; the SAT engine "
    "answers up to 100x100 (state --engine sat, and the window)"
)


def check_size(n: object, rules: RuleFamily = CLASSIC) -> int:
    """Return n if it is a board size this program compiles for the family, else raise
    BoardSizeError."""
    return check_whole_size(n, rules.diagram_max_n, SIZE_LIMIT_REASON)


@dataclass(frozen=True)
class SpaceInfo:
    """Figures of a compiled space, stored beside it in the cache and shown in the window."""

    puzzle: FamilyPuzzle
    """The board compiled."""
    backend: str
    construction: str
    solutions: int
    bdd_nodes: int
    level_nodes: tuple[int, ...]
    compile_seconds: float

    @property
    def n(self) -> int:
        return self.puzzle.n

    def to_json(self) -> dict[str, object]:
        """The figures as the cache stores them."""
        return {
            "puzzle": msgspec.to_builtins(self.puzzle),
            "backend": self.backend,
            "construction": self.construction,
            "solutions": self.solutions,
            "bdd_nodes": self.bdd_nodes,
            "level_nodes": list(self.level_nodes),
            "compile_seconds": self.compile_seconds,
        }


class SolutionSpace:
    """Every solution of the n×n board, compiled once; answers come from ``diagram``.

    ``origin`` says where it came from ("compiled" or "cache") and ``seconds`` how long that took.
    """

    def __init__(self, diagram: FrozenDiagram, info: SpaceInfo, origin: str, seconds: float) -> None:
        self.diagram = diagram
        self.info = info
        self.origin = origin
        self.seconds = seconds

    @property
    def n(self) -> int:
        return self.info.n

    @property
    def family(self) -> RuleFamily:
        """The rules compiled."""
        return self.info.puzzle.rules

    @property
    def puzzle(self) -> FamilyPuzzle:
        """The board compiled: the family at its size."""
        return self.info.puzzle

    @property
    def count(self) -> int:
        """Number of solutions of the empty board."""
        return self.info.solutions

    @cached_property
    def empty_sweep(self) -> Sweep:
        """Counts of the empty board, computed once and shared by every configurator."""
        return Sweep.run(self.diagram, Restriction.empty(self.n))

    @classmethod
    def compile(
        cls,
        n: int,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        cancel: CancelToken | None = None,
        with_bdd: Callable[[SolutionSpace, Any, Any], None] | None = None,
        rules: RuleFamily = CLASSIC,
    ) -> SolutionSpace:
        """Compile the family's rules of the n×n board into a BDD with dd and freeze it into row
        layers. ``with_bdd(space, manager, root)``, if given, runs while the BDD still exists (the
        benchmark's baseline needs it); the BDD is dropped afterwards, nodes before manager."""
        check_size(n, rules)
        backend = resolve_backend(backend)
        if construction not in CONSTRUCTIONS:
            raise NQueensError(
                f"unknown construction '{construction}' (choose one of {', '.join(CONSTRUCTIONS)})"
            )
        started = time.perf_counter()
        with out_of_memory():
            manager = new_manager(backend)
            root = BUILDERS[construction](manager, n, rules, progress, cancel)
        try:
            solutions = int(manager.count(root, nvars=n * n))
            diagram, level_nodes = freeze(manager, root, n, progress, cancel)
            seconds = time.perf_counter() - started
            puzzle, nodes = FamilyPuzzle.of(rules, n), root.dag_size
            info = SpaceInfo(puzzle, backend, construction, solutions, nodes, tuple(level_nodes), seconds)
            space = cls(diagram, info, "compiled", seconds)
            space.check_consistent()
            if with_bdd is not None:
                with_bdd(space, manager, root)
        finally:
            del root
            gc.collect()
        return space

    def check_consistent(self) -> None:
        """Raise NQueensError unless the layers count exactly the solutions the BDD counted."""
        if self.count >= EXACT_LIMIT:
            raise NQueensError(f"{self.count} solutions are too many to count exactly here")
        if self.empty_sweep.total != self.count:
            raise NQueensError(
                f"the frozen layers count {self.empty_sweep.total} solutions, the BDD {self.count}"
            )
