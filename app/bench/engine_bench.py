"""``nqueens bench``: the BDD's compile, load and click timings against the Java configurator's baseline, and
the SAT engine's clicks, along random legal decisions from a fixed seed, every answer checked against the
other method's where both can answer."""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.bench.java_baseline import SatisfiabilityChecks
from bdd_model.board import Cell, CellState
from bdd_model.build_cost.costs import peak_mb
from bdd_model.cache.store import load, load_or_compile, save
from bdd_model.cnf.solving import DEFAULT_SOLVER
from bdd_model.decisions import Decision, codes, of_codes
from bdd_model.diagram.configurator import Configurator
from bdd_model.diagram.space import SolutionSpace
from bdd_model.engine import Engine
from bdd_model.errors import NQueensError
from bdd_model.families import CLASSIC, RuleFamily, family
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels.sat_kernels import SatKernels


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
    rules: str
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
            "rules": self.rules,
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


def click_sequence(board: Engine | SolutionSpace, clicks: int, seed: int) -> list[Click]:
    """``clicks`` random legal clicks on a fresh board of either engine (a compiled space: the
    BDD's): 70% queens on open squares, 15% marks, 15% retractions."""
    rng = random.Random(seed)
    cfg = Configurator(board) if isinstance(board, SolutionSpace) else board
    n = cfg.n
    sequence: list[Click] = []
    fresh = False
    while len(sequence) < clicks and cfg.count_at_least:
        grid = cfg.states()
        opens = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c] is CellState.OPEN]
        closed = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c].is_closed]
        roll = rng.random()
        if cfg.decisions and roll < 0.15:
            action, cell = "retract", rng.choice(cfg.decisions).cell
        elif closed and roll < 0.3:
            action, cell = "mark", rng.choice(closed)
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


def click_records(clicks: list[Click], n: int) -> list[dict[str, Any]]:
    """Clicks on an n×n board as JSON (0-based cells, the decisions after each as numbers), for a
    process that must not build an engine itself."""
    return [
        {
            "fresh": click.fresh,
            "action": click.action,
            "cell": list(click.cell),
            "after": codes(click.after, n),
        }
        for click in clicks
    ]


def clicks_from_records(records: list[dict[str, Any]], n: int) -> list[Click]:
    """The clicks that ``click_records`` wrote."""
    return [
        Click(
            bool(record["fresh"]), str(record["action"]), Cell(*record["cell"]), of_codes(record["after"], n)
        )
        for record in records
    ]


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
    n: int,
    clicks: int = 50,
    backend: str = "auto",
    construction: str = "search",
    seed: int = 1,
    rules: RuleFamily = CLASSIC,
) -> BenchResult:
    """Compile cold (no cache), load warm, time the clicks and the baseline on the same sequence."""
    measured: dict[str, Any] = {}

    def baseline(space: SolutionSpace, manager: Any, root: Any) -> None:
        measured["rss"] = peak_mb()
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

    space = SolutionSpace.compile(n, backend, construction, with_bdd=baseline, rules=rules)
    with tempfile.TemporaryDirectory() as folder:
        path = save(space, Path(folder) / "bench.npz")
        load(n, space.info.backend, path, rules)
        started = time.perf_counter()
        load(n, space.info.backend, path, rules)
        load_s = time.perf_counter() - started
    return BenchResult(
        n=n,
        rules=rules.name,
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


@dataclass
class SatBenchResult:
    """The SAT engine's clicks (and explanations) on one board size."""

    n: int
    rules: str
    solver: str
    compiled: bool
    kernel_compile_s: float
    setup_s: float
    clicks: int
    click_ms: list[float]
    final_count_ms: list[float]
    explain_ms: list[float]
    exact_counts: int
    solver_calls: list[int]
    deep_click_ms: list[float]
    agrees_with_bdd: bool | None

    def to_json(self) -> dict[str, Any]:
        """The same ``click_ms`` fields as the BDD's report, and what only the SAT engine has."""
        return {
            "n": self.n,
            "rules": self.rules,
            "engine": "sat",
            "solver": self.solver,
            "kernels": "numba" if self.compiled else "numpy",
            "kernel_compile_s": round(self.kernel_compile_s, 3),
            "setup_s": round(self.setup_s, 3),
            "clicks": self.clicks,
            "click_ms": summary(self.click_ms),
            "final_count_ms": summary(self.final_count_ms),
            "explain_ms": summary(self.explain_ms),
            "exact_count_clicks": self.exact_counts,
            "solver_calls_per_click": summary([float(k) for k in self.solver_calls]),
            "deep_clicks": len(self.deep_click_ms),
            "deep_click_ms": summary(self.deep_click_ms),
            "agrees_with_bdd": self.agrees_with_bdd,
        }


def _disagreement(sat: SatEngine, bdd: Configurator, target: Cell) -> str | None:
    """What the two engines answer differently on the same decisions, if anything."""
    if sat.states() != bdd.states():
        return "the square states differ"
    if sat.count is not None and sat.count != bdd.count:
        return f"the counts differ ({sat.count} against {bdd.count})"
    if sat.count_at_least > bdd.count:
        return f"the lower bound {sat.count_at_least} exceeds the count {bdd.count}"
    ours, theirs = sat.explain(*target), bdd.explain(*target)
    if (ours is None) != (theirs is None) or len(ours or ()) != len(theirs or ()):
        return f"the explanations of {target.label()} differ ({ours} against {theirs})"
    return None


def timed_click(sat: SatEngine, action: str, cell: Cell) -> float:
    """Milliseconds for one click's full answer: the decision, every square decided (forced
    queens among them) and the figure a click shows (exact, or the first estimate)."""
    started = time.perf_counter()
    getattr(sat, action)(*cell)
    sat.states()
    sat.quick_count()
    return (time.perf_counter() - started) * 1000


def deep_sequence(sat: SatEngine, seed: int) -> list[float]:
    """One game played until solved on a fresh board: 90% queens on open squares, 10% marks on
    closed ones, no retraction; the milliseconds of each click."""
    rng = random.Random(seed)
    n = sat.n
    sat.clear()
    times = []
    while not sat.is_solved and sat.count_at_least:
        grid = sat.states()
        opens = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c] is CellState.OPEN]
        closed = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c].is_closed]
        if closed and rng.random() < 0.1:
            times.append(timed_click(sat, "mark", rng.choice(closed)))
        elif opens:
            times.append(timed_click(sat, "place", rng.choice(opens)))
        else:
            break
    return times


def run_sat_bench(
    n: int, clicks: int = 50, seed: int = 1, solver: str = DEFAULT_SOLVER, rules: RuleFamily = CLASSIC
) -> SatBenchResult:
    """Time the SAT engine's clicks: on the BDD's click paths, with every answer compared, where
    the family's BDD compiles in about a second; on paths from the SAT engine itself beyond.
    Then one game played until solved (the deepest states).

    The compiled kernels are compiled first if they are not (timed apart). Each click times the
    decision, every square's state and the count figure a click shows; the final figure (the
    whole estimate, or an exact count it allows) and the explanation of a random closed square
    are timed apart. NQueensError if the engines disagree.
    """
    started = time.perf_counter()
    choice = SatKernels("numba")
    compile_s = time.perf_counter() - started
    quick = n <= rules.quick_diagram_max_n
    reference = Configurator(load_or_compile(n, rules=rules)) if quick else None
    sequence = click_sequence(reference or SatEngine(n, solver, seed, choice, rules), clicks, seed)
    rng = random.Random(seed)
    started = time.perf_counter()
    sat = SatEngine(n, solver, seed, choice, rules)
    sat.states()
    sat.quick_count()
    setup_s = time.perf_counter() - started
    times, finals, explain_times, calls, exact = [], [], [], [], 0
    for click in sequence:
        if click.fresh:
            sat.clear()
        before = sat.solver_calls
        times.append(timed_click(sat, click.action, click.cell))
        calls.append(sat.solver_calls - before)
        exact += sat.count is not None
        started = time.perf_counter()
        sat.solution_count()
        finals.append((time.perf_counter() - started) * 1000)
        grid = sat.states()
        closed = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c].is_closed]
        target = rng.choice(closed) if closed else click.cell
        started = time.perf_counter()
        sat.explain(*target)
        explain_times.append((time.perf_counter() - started) * 1000)
        if reference is not None:
            reference.restore(click.after)
            problem = _disagreement(sat, reference, target)
            if problem:
                raise NQueensError(f"the SAT engine and the BDD disagree after {click.after}: {problem}")
    return SatBenchResult(
        n=n,
        rules=rules.name,
        solver=solver,
        compiled=choice.compiled,
        kernel_compile_s=compile_s,
        setup_s=setup_s,
        clicks=len(sequence),
        click_ms=times,
        final_count_ms=finals,
        explain_ms=explain_times,
        exact_counts=exact,
        solver_calls=calls,
        deep_click_ms=deep_sequence(sat, seed),
        agrees_with_bdd=True if reference is not None else None,
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m app.bench.engine_bench N CLICKS SEED RULES``: the SAT engine's random clicks on an
    N×N board of the family as one JSON list. The window's benchmark asks for them from a child
    process, so that its own process holds no engine (whose objects would lengthen the window's
    garbage collections)."""
    size, count, start, name = sys.argv[1:] if argv is None else argv
    n, clicks, seed = int(size), int(count), int(start)
    engine = SatEngine(n, seed=seed, rules=family(name))
    print(json.dumps(click_records(click_sequence(engine, clicks, seed), n)))
    return 0
