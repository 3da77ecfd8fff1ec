"""``nqueens bench --level FILE|FOLDER``: ``level check``'s answer timed on every level, beside the two
references of the levels' issue: z3 with pseudo-Boolean exactly-one constraints and a plain exact-cover
search in Python, each deciding "unique or not" on the same levels in the same run; every answer
compared. Also what a player and an editor wait for: the board built, each decision of a game played
row by row (a mark on a closed square, then the row's pieces), each hint of a game that follows the
hints, and the count after a square changes region."""

from __future__ import annotations

import importlib.util
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from app.bench.engine_bench import summary
from bdd_model.board import Cell, CellState
from bdd_model.errors import NQueensError
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.levels.play.level_board import LevelBoard
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.levels.techniques.hints import SEARCH, NoHint, hint
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level, LevelError

T = TypeVar("T")
MAX_LEVELS = 10_000
"""Level files read from one folder at most."""
GOAL_RANGES: dict[str, Callable[[LevelTiming], bool]] = {
    "one star, up to 11×11": lambda t: t.stars == 1 and t.n <= 11,
    "one star, 12×12 to 18×18": lambda t: t.stars == 1 and 12 <= t.n <= 18,
    "two stars, 10×10": lambda t: t.stars == 2 and t.n == 10,
}
"""The sizes the levels' issue sets its goals for, each reported on its own."""
EDITS = 3
"""Squares moved to a neighbouring region per level, each counted again."""


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
    build_ms: float
    decision_ms: list[float]
    edit_ms: list[float]
    hint_ms: list[float]
    searched: int = 0
    """Hints of the game that the exact search gave, the techniques having none (a last resort)."""


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
            report: dict[str, Any] = {
                "levels": len(levels),
                "check_ms": check,
                "plain_ms": plain,
                "build_ms": summary([t.build_ms for t in levels]),
                "decision_ms": summary([ms for t in levels for ms in t.decision_ms]),
                "edit_ms": summary([ms for t in levels for ms in t.edit_ms]),
                "hint_ms": summary([ms for t in levels for ms in t.hint_ms]),
                "search_hints": sum(t.searched for t in levels),
            }
            if z3 and len(z3) == len(levels):
                report["z3_ms"] = summary(z3)
                report["z3_p95_over_check_p95"] = round(summary(z3)["p95"] / max(check["p95"], 1e-9), 1)
            report["plain_p95_over_check_p95"] = round(plain["p95"] / max(check["p95"], 1e-9), 1)
            return report

        sizes = sorted({(t.n, t.stars) for t in self.levels})
        ranges = {name: [t for t in self.levels if within(t)] for name, within in GOAL_RANGES.items()}
        return {
            "kernel_compile_s": round(self.kernel_compile_s, 2),
            "all": figures(self.levels),
            "ranges": [{"levels_of": name, **figures(levels)} for name, levels in ranges.items() if levels],
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


def read_levels(path: Path, skipped: list[str]) -> Iterator[tuple[Path, Level]]:
    """Each level under ``path`` and its file; a file that is not a level goes to ``skipped``,
    named with its reason."""
    for file in level_files(path):
        try:
            level = read_level(file)
        except LevelError as error:
            skipped.append(f"{file.name}: {error}")
            continue
        yield file, level


def run_level_bench(path: Path, heard: Callable[[LevelTiming], None] | None = None) -> LevelBenchResult:
    """Time every level under ``path``; files that are not levels are skipped, each named with
    its reason. NQueensError when two methods disagree."""
    started = time.perf_counter()
    compiled = LevelKernels("numba")
    LevelSearch(Level(("A",)), compiled).counted()  # the first call loads the compiled code
    result = LevelBenchResult(time.perf_counter() - started)
    z3_ready = importlib.util.find_spec("z3") is not None
    for file, level in read_levels(path, result.skipped):
        started = time.perf_counter()
        solutions = LevelSearch(level, compiled).counted().solutions
        check_ms = (time.perf_counter() - started) * 1000
        plain_unique, plain_ms = _timed(_plain_unique, level)
        z3_answer, z3_ms = _timed(z3_unique, level) if z3_ready else (None, None)
        for method, unique in (("the plain search", plain_unique), ("z3", z3_answer)):
            if unique is not None and unique != (solutions == 1):
                raise NQueensError(f"{file.name}: level check finds {solutions} solutions; {method} differs")
        built, build_ms = _timed(lambda level: _built(level, compiled), level)
        timing = LevelTiming(
            file.name,
            level.n,
            level.stars,
            solutions,
            check_ms,
            plain_ms,
            z3_ms,
            build_ms,
            timed_game(built, built.solution() or []),
            _edited(level, compiled, random.Random(file.name)),
            *(_hinted(level) if solutions == 1 else ([], 0)),
        )
        result.levels.append(timing)
        if heard is not None:
            heard(timing)
    return result


def _timed(work: Callable[[Level], T], level: Level) -> tuple[T, float]:
    started = time.perf_counter()
    answer = work(level)
    return answer, (time.perf_counter() - started) * 1000


def _built(level: Level, compiled: LevelKernels) -> LevelEngine:
    """Everything the board needs to answer a decision, and its first answer."""
    board = LevelEngine(LevelPuzzle.of(level), compiled)
    board.states()
    _ = board.count
    return board


def timed_game(board: LevelBoard, solution: list[Cell]) -> list[float]:
    """The milliseconds of each decision (decided, every square's state, the count) of a game
    played row by row towards a solution: a mark on a closed square, then the row's pieces
    (none for a level without solutions)."""
    times: list[float] = []
    for row in range(board.n):
        states = board.states()
        closed = [c for c in range(board.n) if states[row][c] in (CellState.ATTACKED, CellState.LOOKAHEAD)]
        moves = [(board.mark, Cell(row, c)) for c in closed[:1]]
        moves += [(board.place, cell) for cell in solution if cell.row == row]
        for decide, cell in moves:
            started = time.perf_counter()
            decide(*cell)
            board.states()
            _ = board.count
            times.append((time.perf_counter() - started) * 1000)
    return times


def _hinted(level: Level) -> tuple[list[float], int]:
    """The milliseconds of each hint of a game that takes every hint, until the level is solved
    or no hint comes, and how many of them the exact search gave."""
    board = LevelEngine(LevelPuzzle.of(level), strict=False)
    times: list[float] = []
    searched = 0
    while True:
        started = time.perf_counter()
        try:
            found = hint(board)
        except NoHint:
            return times, searched
        times.append((time.perf_counter() - started) * 1000)
        searched += found.technique == SEARCH
        board.restore([*board.decisions, *found.decisions()])


def _edited(level: Level, compiled: LevelKernels, rng: random.Random) -> list[float]:
    """The milliseconds of each re-count after a square joins a neighbouring region (the
    level rebuilt and counted), for squares whose region keeps another square."""
    n, regions = level.n, [list(row) for row in level.regions]
    sizes = Counter("".join(level.regions))
    times: list[float] = []
    for r, c in rng.sample([(r, c) for r in range(n) for c in range(n)], n * n):
        if len(times) == EDITS:
            break
        sides = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        near = {regions[rr][cc] for rr, cc in sides if 0 <= rr < n and 0 <= cc < n} - {regions[r][c]}
        if not near or sizes[regions[r][c]] < 2:
            continue
        edited = [row.copy() for row in regions]
        edited[r][c] = rng.choice(sorted(near))
        changed = Level(tuple("".join(row) for row in edited), level.stars)
        _, ms = _timed(lambda changed: LevelSearch(changed, compiled).counted(), changed)
        times.append(ms)
    return times


def _plain_unique(level: Level) -> bool:
    """The plain exact-cover search (Python integers, fewest squares first), stopped at two."""
    return sum(1 for _ in islice(LevelSearch(level).solutions(), 2)) == 1


def z3_unique(level: Level) -> bool:
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
