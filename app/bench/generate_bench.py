"""``nqueens bench --generate [K]``: ``level generate`` timed in process from seeds 1 to K for every size,
star count and difficulty the generator makes (the window's Generate… offers each), beside the goal: a
level within 10 s at p95, and none refused for a seed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.bench.engine_bench import summary
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.generator import SIZES, UNREACHED, NotToBeHad, generate
from bdd_model.levels.techniques.rating import DIFFICULTIES, Difficulty
from bdd_model.puzzles.level import Level

CASES: list[tuple[int, int, Difficulty]] = [
    (n, stars, difficulty)
    for stars, sizes in SIZES.items()
    for n in sizes
    for difficulty in DIFFICULTIES
    if (stars, difficulty) not in UNREACHED
]
"""Size, stars and difficulty of every kind of level made."""
GOAL_P95_S = 10.0


def run_generate_bench(seeds: int, heard: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Each case generated from seeds 1..``seeds``: the seconds per level and whether the goal holds."""
    LevelSearch(Level(("A",))).counted()  # the first call loads the compiled code
    cases = []
    for n, stars, difficulty in CASES:
        seconds = []
        refused = []
        for seed in range(1, seeds + 1):
            started = time.perf_counter()
            try:
                generate(n, stars, difficulty, seed)
            except NotToBeHad:
                refused.append(seed)
            seconds.append(time.perf_counter() - started)
        figures = {key: value / 1000 for key, value in summary([s * 1000 for s in seconds]).items()}
        met = figures["p95"] <= GOAL_P95_S and not refused
        case = {"n": n, "stars": stars, "difficulty": difficulty, "levels": seeds, "seconds": figures}
        cases.append({**case, "refused_seeds": refused, "goal_p95_s": GOAL_P95_S, "met": met})
        if heard is not None:
            heard(generate_line(cases[-1]))
    return {"cases": cases, "met": all(case["met"] for case in cases)}


def generate_line(case: dict[str, Any]) -> str:
    """One case as people read it."""
    stars = f" ({case['stars']} stars)" if case["stars"] > 1 else ""
    seconds, n = case["seconds"], case["n"]
    refused = f", refused seeds {case['refused_seeds']}" if case["refused_seeds"] else ""
    return (
        f"{n}×{n}{stars} {case['difficulty']}: {case['levels']} levels, p50 {seconds['p50']:.3f} / "
        f"p95 {seconds['p95']:.3f} / max {seconds['max']:.3f} s (goal p95 {case['goal_p95_s']:g} s"
        f"{refused}{'' if case['met'] else ', missed'})"
    )
