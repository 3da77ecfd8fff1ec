"""``nqueens bench --level FILE|FOLDER --engine bdd``: every level compiled into its diagram and played on it,
beside the levels' search on the same levels in the same run: the compile (frontier walk, dd's BDD, row
layers) against the search's board built, each decision of a game played row by row (a mark on a closed
square, then the row's pieces) on both, and the diagram's size; every count compared."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.bench.engine_bench import summary
from app.bench.level_bench import read_levels, timed_game
from bdd_model.errors import NQueensError
from bdd_model.levels.diagram.level_bdd import compile_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.levels.play.diagram_level_engine import DiagramLevelEngine
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level

GOALS_MS = ((11, 20.0), (18, 200.0))
"""The issue's goals for the compile at p95: up to 11×11 within 20 ms, up to 18×18 within 200 ms."""
FRAME_MS = 16.7
"""A frame at 60 Hz: what a click's answer must take at most."""


@dataclass
class DiagramTiming:
    """One level's diagram and the milliseconds of each step, the search's beside."""

    name: str
    n: int
    stars: int
    solutions: int
    nodes: int
    widest: int
    boards: int
    compile_ms: float
    decision_ms: list[float]
    search_build_ms: float
    search_decision_ms: list[float]


@dataclass
class DiagramBenchResult:
    levels: list[DiagramTiming] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        def figures(levels: list[DiagramTiming]) -> dict[str, Any]:
            return {
                "levels": len(levels),
                "compile_ms": summary([t.compile_ms for t in levels]),
                "decision_ms": summary([ms for t in levels for ms in t.decision_ms]),
                "search_build_ms": summary([t.search_build_ms for t in levels]),
                "search_decision_ms": summary([ms for t in levels for ms in t.search_decision_ms]),
                "nodes_max": max(t.nodes for t in levels),
                "widest_max": max(t.widest for t in levels),
                "boards_max": max(t.boards for t in levels),
                "solutions_max": max(t.solutions for t in levels),
            }

        sizes = sorted({(t.n, t.stars) for t in self.levels})
        goals = []
        for up_to, goal in GOALS_MS:
            within = [t for t in self.levels if t.n <= up_to]
            if within:
                p95 = summary([t.compile_ms for t in within])["p95"]
                goals.append({"up_to": up_to, "goal_p95_ms": goal, "p95_ms": p95, "met": p95 <= goal})
        frame = summary([ms for t in self.levels for ms in t.decision_ms])["max"] if self.levels else 0.0
        return {
            "engine": "bdd",
            "all": figures(self.levels) if self.levels else {"levels": 0},
            "sizes": [
                {"n": n, "stars": k, **figures([t for t in self.levels if (t.n, t.stars) == (n, k)])}
                for n, k in sizes
            ],
            "goals": goals,
            "click_within_frame": frame <= FRAME_MS,
            "skipped": self.skipped,
        }


def run_diagram_bench(
    path: Path, backend: str = "auto", heard: Callable[[DiagramTiming], None] | None = None
) -> DiagramBenchResult:
    """Compile and play every level under ``path`` on its diagram and on the search; files that
    are not levels are skipped, each named with its reason. NQueensError when the two differ."""
    compiled = LevelKernels("numba")
    compile_level(Level(("A",)), backend, compiled)  # the first call loads the compiled code
    result = DiagramBenchResult()
    for file, level in read_levels(path, result.skipped):
        timing = _timed_level(file.name, level, backend, compiled)
        result.levels.append(timing)
        if heard is not None:
            heard(timing)
    return result


def _timed_level(name: str, level: Level, backend: str, compiled: LevelKernels) -> DiagramTiming:
    """Both engines on one level: built, then a game played row by row towards a solution."""
    try:
        diagram = compile_level(level, backend, compiled)
    except NQueensError as error:
        raise NQueensError(f"{name}: {error}") from None
    puzzle = LevelPuzzle.of(level)
    started = time.perf_counter()
    search = LevelEngine(puzzle, compiled)
    search.states()
    solutions = search.count
    search_build_ms = (time.perf_counter() - started) * 1000
    if diagram.figures.solutions != solutions or LevelSearch(level, compiled).count() != solutions:
        raise NQueensError(
            f"{name}: the diagram holds {diagram.figures.solutions} solutions, the search {solutions}"
        )
    solution = search.solution() or []
    bdd = DiagramLevelEngine(puzzle, diagram)
    decision_ms = timed_game(bdd, solution)
    if solution and bdd.count != 1:
        raise NQueensError(f"{name}: a game played on the diagram ends with {bdd.count} solutions, not one")
    return DiagramTiming(
        name,
        level.n,
        level.stars,
        solutions,
        diagram.figures.bdd_nodes,
        max(diagram.figures.level_nodes, default=0),
        diagram.boards,
        diagram.figures.compile_seconds * 1000,
        decision_ms,
        search_build_ms,
        timed_game(LevelEngine(puzzle, compiled), solution),
    )
