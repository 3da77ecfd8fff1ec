"""``nqueens bench``: compile, load and click timings, against the Java configurator's baseline.

The clicks follow random legal decision sequences from a fixed seed (mostly queens, some marks
and retractions, a fresh board when one is solved). Each click is timed for the full answer:
every square's state, the forced queens, the exact count and the per-square counts. The
baseline answers the same decisions with N² BDD satisfiability checks and must agree.
"""

from __future__ import annotations

import math
import random
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bdd_model.board import Cell, CellState, Decision
from bdd_model.cache import load, save
from bdd_model.configurator import Configurator
from bdd_model.errors import NQueensError
from bdd_model.java_baseline import SatisfiabilityChecks
from bdd_model.space import SolutionSpace


def summary(times_ms: list[float]) -> dict[str, float]:
    """p50, p95 and max of a list of milliseconds (nearest-rank percentiles)."""
    ordered = sorted(times_ms)
    if not ordered:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    rank = max(0, math.ceil(0.95 * len(ordered)) - 1)
    return {
        "p50": round(statistics.median(ordered), 3),
        "p95": round(ordered[rank], 3),
        "max": round(ordered[-1], 3),
    }


@dataclass
class BenchResult:
    n: int
    backend: str
    construction: str
    compile_s: float
    load_s: float
    peak_rss_mb: float
    nodes: int
    edges: int
    clicks: int
    click_ms: list[float] = field(default_factory=list)
    baseline_click_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The documented JSON object (plus the construction and the row-edge count)."""
        clicks, baseline = summary(self.click_ms), summary(self.baseline_click_ms)
        return {
            "n": self.n,
            "backend": self.backend,
            "construction": self.construction,
            "compile_s": round(self.compile_s, 3),
            "load_s": round(self.load_s, 4),
            "peak_rss_mb": round(self.peak_rss_mb, 1),
            "nodes": self.nodes,
            "edges": self.edges,
            "clicks": self.clicks,
            "click_ms": clicks,
            "baseline_click_ms": baseline,
            "speedup_p50": round(baseline["p50"] / clicks["p50"], 1) if clicks["p50"] else None,
        }


@dataclass(frozen=True)
class Click:
    """One user click: a decision on a square, possibly on a fresh board (the last one was solved)."""

    fresh: bool
    action: str
    cell: Cell
    after: tuple[Decision, ...]


def click_sequence(space: SolutionSpace, clicks: int, seed: int) -> list[Click]:
    """``clicks`` random legal clicks: 70% queens on open squares, 15% marks, 15% retractions."""
    rng = random.Random(seed)
    cfg = Configurator(space)
    n = space.n
    sequence: list[Click] = []
    fresh = False
    while len(sequence) < clicks and space.count:
        grid = cfg.states()
        opens = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c] is CellState.OPEN]
        closed = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c].is_blocked]
        roll = rng.random()
        if cfg.decisions and roll < 0.15:
            action, cell = "retract", rng.choice(cfg.decisions).cell
        elif closed and roll < 0.3:
            action, cell = "forbid", rng.choice(closed)
        elif opens:
            action, cell = "place", rng.choice(opens)
        elif cfg.decisions:
            cfg.clear()
            fresh = True
            continue
        else:
            break
        getattr(cfg, action)(*cell)
        sequence.append(Click(fresh, action, cell, cfg.decisions))
        fresh = False
        if cfg.is_solved:
            cfg.clear()
            fresh = True
    return sequence


def time_clicks(space: SolutionSpace, sequence: list[Click]) -> list[float]:
    """Milliseconds per click for the full answer: states, forced queens, count, per-square counts."""
    cfg = Configurator(space)
    times = []
    for click in sequence:
        if click.fresh:
            cfg.clear()
        started = time.perf_counter()
        getattr(cfg, click.action)(*click.cell)
        cfg.states()
        cfg.cell_counts()
        _ = cfg.count
        times.append((time.perf_counter() - started) * 1000)
    return times


def run_bench(
    n: int, clicks: int = 50, backend: str = "auto", construction: str = "search", seed: int = 1
) -> BenchResult:
    """Compile cold (no cache), load warm, time the clicks and the baseline on the same sequence."""
    measured: dict[str, Any] = {}

    def baseline(space: SolutionSpace, manager: Any, root: Any) -> None:
        measured["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        sequence = click_sequence(space, clicks, seed)
        checks = SatisfiabilityChecks(manager, root, n)
        reference = Configurator(space)
        times = []
        for click in sequence:
            started = time.perf_counter()
            count, open_cells, forced = checks.answer(click.after)
            times.append((time.perf_counter() - started) * 1000)
            reference.restore(click.after)
            grid = reference.states()
            expected_open = {(r, c) for r in range(n) for c in range(n) if grid[r][c] is CellState.OPEN}
            expected_forced = {(r, c) for r in range(n) for c in range(n) if grid[r][c].has_queen}
            if count != reference.count or open_cells != expected_open or forced != expected_forced:
                raise NQueensError(f"the baseline and the frozen layers disagree after {click.after}")
        del checks
        measured["sequence"], measured["baseline"] = sequence, times

    space = SolutionSpace.compile(n, backend, construction, with_bdd=baseline)
    with tempfile.TemporaryDirectory() as folder:
        path = save(space, Path(folder) / "bench.npz")
        load(n, space.info.backend, path)
        started = time.perf_counter()
        load(n, space.info.backend, path)
        load_s = time.perf_counter() - started
    return BenchResult(
        n=n,
        backend=space.info.backend,
        construction=construction,
        compile_s=space.info.compile_seconds,
        load_s=load_s,
        peak_rss_mb=measured["rss"],
        nodes=space.info.bdd_nodes,
        edges=space.diagram.edge_count,
        clicks=len(measured["sequence"]),
        click_ms=time_clicks(space, measured["sequence"]),
        baseline_click_ms=measured["baseline"],
    )
