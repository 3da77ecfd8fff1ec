"""``nqueens bench --generate [K]``: ``level generate`` timed in process from seeds 1 to K for each
size and difficulty the levels' issue sets goals for, beside those goals (p50 / p95 seconds)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.bench.engine_bench import summary
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.generator import generate
from bdd_model.levels.techniques.rating import DIFFICULTIES, Difficulty
from bdd_model.puzzles.level import Level

CASES: list[tuple[int, int, Difficulty, float, float]] = [
    *[(8, 1, d, 0.2, 1.0) for d in DIFFICULTIES],
    *[(11, 1, d, 1.0, 5.0) for d in DIFFICULTIES],
    *[(10, 2, d, 5.0, 20.0) for d in ("medium", "hard")],
]
"""Size, stars, difficulty and the goal's p50 and p95 in seconds."""


def run_generate_bench(seeds: int, heard: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Each case generated from seeds 1..``seeds``: the seconds per level and whether the goal holds."""
    LevelSearch(Level(("A",))).counted()  # the first call loads the compiled code
    cases = []
    for n, stars, difficulty, goal_p50, goal_p95 in CASES:
        seconds = []
        for seed in range(1, seeds + 1):
            started = time.perf_counter()
            generate(n, stars, difficulty, seed)
            seconds.append(time.perf_counter() - started)
        figures = {key: value / 1000 for key, value in summary([s * 1000 for s in seconds]).items()}
        met = figures["p50"] <= goal_p50 and figures["p95"] <= goal_p95
        case = {"n": n, "stars": stars, "difficulty": difficulty, "levels": seeds, "seconds": figures}
        cases.append({**case, "goal_p50_s": goal_p50, "goal_p95_s": goal_p95, "met": met})
        if heard is not None:
            heard(generate_line(cases[-1]))
    return {"cases": cases, "met": all(case["met"] for case in cases)}


def generate_line(case: dict[str, Any]) -> str:
    """One case as people read it."""
    stars = f" ({case['stars']} stars)" if case["stars"] > 1 else ""
    seconds, n = case["seconds"], case["n"]
    return (
        f"{n}×{n}{stars} {case['difficulty']}: {case['levels']} levels, p50 {seconds['p50']:.3f} / "
        f"p95 {seconds['p95']:.3f} / max {seconds['max']:.3f} s (goal {case['goal_p50_s']:g} / "
        f"{case['goal_p95_s']:g} s{'' if case['met'] else ', missed'})"
    )
