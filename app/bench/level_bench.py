"""``nqueens bench --level FILE|FOLDER``: ``level check``'s answer timed on every level, beside the two
references of the levels' issue: z3 with pseudo-Boolean exactly-one constraints and a plain exact-cover
search in Python, each deciding "unique or not" on the same levels in the same run; every answer
compared."""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from app.bench.engine_bench import summary
from bdd_model.errors import NQueensError
from bdd_model.levels.level import Level, LevelError
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.sat.kernels.jit import Kernels

MAX_LEVELS = 10_000
"""Level files read from one folder at most."""


@dataclass
class LevelTiming:
    """One level's answer and the milliseconds of each method."""

    name: str
    n: int
    stars: int
    solutions: int
    check_ms: float
    plain_ms: float
    z3_ms: float | None


@dataclass
class LevelBenchResult:
    kernel_compile_s: float
    levels: list[LevelTiming] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        def figures(levels: list[LevelTiming]) -> dict[str, Any]:
            check = summary([t.check_ms for t in levels])
            plain = summary([t.plain_ms for t in levels])
            z3 = [t.z3_ms for t in levels if t.z3_ms is not None]
            report: dict[str, Any] = {"levels": len(levels), "check_ms": check, "plain_ms": plain}
            if z3 and len(z3) == len(levels):
                report["z3_ms"] = summary(z3)
                report["z3_p95_over_check_p95"] = round(summary(z3)["p95"] / max(check["p95"], 1e-9), 1)
            report["plain_p95_over_check_p95"] = round(plain["p95"] / max(check["p95"], 1e-9), 1)
            return report

        sizes = sorted({(t.n, t.stars) for t in self.levels})
        return {
            "kernel_compile_s": round(self.kernel_compile_s, 2),
            "all": figures(self.levels),
            "sizes": [
                {"n": n, "stars": k, **figures([t for t in self.levels if (t.n, t.stars) == (n, k)])}
                for n, k in sizes
            ],
            "unique": sum(t.solutions == 1 for t in self.levels),
            "skipped": self.skipped,
        }


def level_files(path: Path) -> list[Path]:
    """The file itself, or a folder's regular files in name order (at most ``MAX_LEVELS``)."""
    if not path.is_dir():
        return [path]
    files = []
    for entry in sorted(path.iterdir()):
        if entry.is_file() and not entry.name.startswith("."):
            files.append(entry)
            if len(files) >= MAX_LEVELS:
                break
    return files


def run_level_bench(path: Path, heard: Callable[[LevelTiming], None] | None = None) -> LevelBenchResult:
    """Time every level under ``path``; files that are not levels are skipped, each named with
    its reason. NQueensError when two methods disagree."""
    started = time.perf_counter()
    compiled = Kernels("numba")
    LevelSearch(Level(("A",)), compiled).counted()  # the first call loads the compiled code
    result = LevelBenchResult(time.perf_counter() - started)
    z3_ready = importlib.util.find_spec("z3") is not None
    for file in level_files(path):
        try:
            level = read_level(file)
        except LevelError as error:
            result.skipped.append(f"{file.name}: {error}")
            continue
        started = time.perf_counter()
        solutions = LevelSearch(level, compiled).counted().solutions
        check_ms = (time.perf_counter() - started) * 1000
        plain_unique, plain_ms = _timed(_plain_unique, level)
        z3_unique, z3_ms = _timed(_z3_unique, level) if z3_ready else (None, None)
        for method, unique in (("the plain search", plain_unique), ("z3", z3_unique)):
            if unique is not None and unique != (solutions == 1):
                raise NQueensError(f"{file.name}: level check finds {solutions} solutions; {method} differs")
        timing = LevelTiming(file.name, level.n, level.stars, solutions, check_ms, plain_ms, z3_ms)
        result.levels.append(timing)
        if heard is not None:
            heard(timing)
    return result


def _timed(work: Callable[[Level], bool], level: Level) -> tuple[bool, float]:
    started = time.perf_counter()
    answer = work(level)
    return answer, (time.perf_counter() - started) * 1000


def _plain_unique(level: Level) -> bool:
    """The plain exact-cover search (Python integers, fewest squares first), stopped at two."""
    return sum(1 for _ in islice(LevelSearch(level).solutions(), 2)) == 1


def _z3_unique(level: Level) -> bool:
    """z3 with pseudo-Boolean exactly-K per row, column and region and a clause per touching
    pair: a solution, then one more after blocking it."""
    import z3

    n, k = level.n, level.stars
    square = [[z3.Bool(f"q{r}_{c}") for c in range(n)] for r in range(n)]
    solver = z3.Solver()
    groups = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    groups += [[(r, c) for r in range(n) for c in range(n) if level.region_of[r][c] == g] for g in range(n)]
    for group in groups:
        solver.add(z3.PbEq([(square[r][c], 1) for r, c in group], k))
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    solver.add(z3.Or(z3.Not(square[r][c]), z3.Not(square[r + dr][c + dc])))
    if solver.check() != z3.sat:
        return False
    model = solver.model()
    placed = [square[r][c] for r in range(n) for c in range(n) if z3.is_true(model[square[r][c]])]
    solver.add(z3.Or([z3.Not(piece) for piece in placed]))
    return solver.check() != z3.sat
