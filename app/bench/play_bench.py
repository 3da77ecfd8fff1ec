"""``nqueens bench --engine sat --play PATTERN``: the SAT engine's clicks in the games people play (row by row
from the left, a knight's-move staircase, or random), each timed as the window's worker answers it, against
the plain method of one incremental CaDiCaL call per square left undecided."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from pysat.solvers import Solver

from app.bench.engine_bench import click_sequence, summary
from bdd_model.board import STATE_ORDER, Cell, CellState
from bdd_model.cnf.encoding import variable
from bdd_model.cnf.solving import DEFAULT_SOLVER
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import NQueensError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import CancelToken
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels.sat_kernels import SatKernels
from bdd_model.sat.rules import IncrementalSolver

PATTERNS = ("random", "left", "stair")
CALL_LIMIT = 10.0
"""Seconds one reference call may take (it then counts as that long)."""
SLICE_CONFLICTS = 2_000
"""Conflicts of a reference call between two looks at the clock."""
RANDOM_CLICKS = 60
"""Clicks of a ``random`` game."""
UNKNOWN = len(STATE_ORDER)
OPEN_CODES = (STATE_ORDER.index(CellState.OPEN), STATE_ORDER.index(CellState.FORCED))


@dataclass
class PlayClick:
    """One click's timings."""

    action: str
    cell: Cell
    open_ms: float
    settled_ms: float
    unknown: int
    reference_ms: float | None = None
    reference_calls: int = 0
    cut: bool = False
    """Not settled within the click limit (its times are then lower bounds)."""


@dataclass
class PlayResult:
    """A game played with one pattern on one board."""

    n: int
    rules: str
    pattern: str
    marks: bool
    solved: bool
    clicks: list[PlayClick] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        referenced = [c for c in self.clicks if c.reference_ms is not None and c.unknown]
        late = [c for c in referenced if c.reference_ms is not None and c.settled_ms > c.reference_ms]
        return {
            "n": self.n,
            "rules": self.rules,
            "engine": "sat",
            "pattern": self.pattern,
            "marks": self.marks,
            "solved": self.solved,
            "clicks": len(self.clicks),
            "open_ms": summary([c.open_ms for c in self.clicks]),
            "settled_ms": summary([c.settled_ms for c in self.clicks]),
            "reference_ms": summary([c.reference_ms for c in referenced if c.reference_ms is not None]),
            "nothing_to_prove": sum(not c.unknown for c in self.clicks),
            "cut_clicks": sum(c.cut for c in self.clicks),
            "settled_after_reference": [
                {
                    "click": self.clicks.index(c) + 1,
                    "settled_ms": c.settled_ms,
                    "reference_ms": c.reference_ms,
                }
                for c in late
            ],
            "per_click": [
                {
                    "action": c.action,
                    "cell": c.cell.one_based(),
                    "open_ms": round(c.open_ms, 2),
                    "settled_ms": round(c.settled_ms, 2),
                    "unknown": c.unknown,
                    "reference_ms": None if c.reference_ms is None else round(c.reference_ms, 2),
                    "reference_calls": c.reference_calls,
                    "cut": c.cut,
                }
                for c in self.clicks
            ],
        }


class Reference:
    """One square at a time with CaDiCaL on the engine's clauses: the method a configurator
    without the engine's search would use."""

    def __init__(self, n: int, sample: int, seed: int, rules: RuleFamily = CLASSIC) -> None:
        self.n = n
        self.sample = sample
        self._rng = random.Random(seed)
        self._solver: Solver = IncrementalSolver(n, DEFAULT_SOLVER, rules=rules).solver

    def time(self, decisions: tuple[Decision, ...], squares: list[Cell]) -> tuple[float, int]:
        """Milliseconds for one call per square (estimated from a sample when ``sample`` is
        smaller), and the calls made."""
        if not squares:
            return 0.0, 0
        chosen = (
            squares
            if not self.sample or len(squares) <= self.sample
            else self._rng.sample(squares, self.sample)
        )
        assumptions = [
            variable(self.n, *d.cell) * (1 if d.kind is DecisionKind.QUEEN else -1) for d in decisions
        ]
        spent = 0.0
        for cell in chosen:
            spent += self._call([*assumptions, variable(self.n, *cell)])
        return spent * 1000 * len(squares) / len(chosen), len(chosen)

    def _call(self, assumptions: list[int]) -> float:
        started = time.perf_counter()
        while time.perf_counter() - started < CALL_LIMIT:
            self._solver.conf_budget(SLICE_CONFLICTS)
            if self._solver.solve_limited(assumptions) is not None:
                break
        return min(time.perf_counter() - started, CALL_LIMIT)


def _next_free_row(states: list[list[CellState]]) -> int | None:
    for r, row in enumerate(states):
        if not any(state.has_queen for state in row):
            return r
    return None


def left_move(states: list[list[CellState]]) -> Cell | None:
    """The first open square of the first row without a queen."""
    r = _next_free_row(states)
    if r is None:
        return None
    return next((Cell(r, c) for c, state in enumerate(states[r]) if state is CellState.OPEN), None)


def stair_move(states: list[list[CellState]]) -> Cell | None:
    """The open square nearest (r, 2r + 1 mod N) in the first row r without a queen."""
    r = _next_free_row(states)
    if r is None:
        return None
    n = len(states)
    target = (2 * r + 1) % n
    opens = [c for c, state in enumerate(states[r]) if state is CellState.OPEN]
    return Cell(r, min(opens, key=lambda c: (abs(c - target), c))) if opens else None


def attacked_marks(states: list[list[CellState]], queen: Cell, rules: RuleFamily = CLASSIC) -> list[Cell]:
    """Two squares the queen attacks in the rows below it that have no queen, nearest first
    (by row, then by distance from its column, left first)."""
    n = len(states)
    piece = np.zeros((n, n), dtype=bool)
    piece[queen] = True
    attacked = rules.attacked(n, piece)
    return [
        Cell(r, c)
        for r in range(queen.row + 1, n)
        if not any(state.has_queen for state in states[r])
        for c in sorted(range(n), key=lambda c: (abs(c - queen.col), c))
        if attacked[r, c] and states[r][c] is CellState.ATTACKED
    ][:2]


MOVES: dict[str, Callable[[list[list[CellState]]], Cell | None]] = {"left": left_move, "stair": stair_move}


class Player:
    """The engine as the window's worker drives it, and the clicks it times."""

    def __init__(
        self,
        n: int,
        reference: Reference | None,
        limit: float,
        heard: Callable[[PlayClick], None] | None,
        rules: RuleFamily = CLASSIC,
    ) -> None:
        self.engine = SatEngine(n, kernel_choice=SatKernels("numba"), rules=rules)
        self.engine.settle()
        self.reference = reference
        self.limit = limit
        self.heard = heard

    def click(self, action: str, cell: Cell, after: tuple[Decision, ...]) -> PlayClick:
        """Take the decisions after the click, as the worker does, and time the answer."""
        engine = self.engine
        started = time.perf_counter()
        engine.restore(after)
        codes = engine.known_codes()
        unknown = [Cell(int(r), int(c)) for r, c in np.argwhere(codes == UNKNOWN)]
        last_open = time.perf_counter() if np.isin(codes, OPEN_CODES).any() else started

        def heard(_: Cell, state: CellState) -> None:
            nonlocal last_open
            if state in (CellState.OPEN, CellState.FORCED):
                last_open = time.perf_counter()

        token = CancelToken()
        timer = threading.Timer(self.limit, token.cancel)
        timer.start()
        try:
            cut = not engine.settle(token, heard)
        finally:
            timer.cancel()
        ended = time.perf_counter()
        record = PlayClick(action, cell, (last_open - started) * 1000, (ended - started) * 1000, len(unknown))
        record.cut = cut
        if self.reference is not None and not cut:
            record.reference_ms, record.reference_calls = self.reference.time(after, unknown)
        if self.heard is not None:
            self.heard(record)
        return record


def play(
    n: int,
    pattern: str,
    marks: bool,
    seed: int = 1,
    sample: int = 32,
    reference: bool = True,
    limit: float = 600.0,
    heard: Callable[[PlayClick], None] | None = None,
    rules: RuleFamily = CLASSIC,
) -> PlayResult:
    """Play one game with the pattern until solved, timing every click (``heard`` hears each)."""
    player = Player(n, Reference(n, sample, seed, rules) if reference else None, limit, heard, rules)
    engine = player.engine
    result = PlayResult(n, rules.name, pattern, marks, solved=False)
    if pattern == "random":
        for click in click_sequence(SatEngine(n, seed=seed, rules=rules), RANDOM_CLICKS, seed):
            if click.fresh:
                engine.clear()
                engine.settle()
            result.clicks.append(player.click(click.action, click.cell, click.after))
            if result.clicks[-1].cut:
                return result
        result.solved = True
        return result
    move = MOVES[pattern]
    while not engine.is_solved:
        states = engine.states()
        cell = move(states)
        if cell is None:
            raise NQueensError(f"the {pattern} pattern found no open square on {engine.decisions}")
        after = (*engine.decisions, Decision(cell, DecisionKind.QUEEN))
        result.clicks.append(player.click("place", cell, after))
        if result.clicks[-1].cut:
            return result
        if marks and not engine.is_solved:
            for mark in attacked_marks(engine.states(), cell, rules):
                after = (*engine.decisions, Decision(mark, DecisionKind.MARK))
                result.clicks.append(player.click("mark", mark, after))
                if result.clicks[-1].cut:
                    return result
    result.solved = engine.is_solved
    return result
