"""``nqueens bench --engine sat --play PATTERN``: the SAT engine's clicks in the games people play (row by row
from the left, a knight's-move staircase, or random), each timed as the window's worker answers it: until the
next row the pattern plays shows a proven-open square, and until settled, against the plain method of one
incremental CaDiCaL call per square left undecided. Each move is chosen among the squares proven open when
the player has thought ``THINK`` seconds, as a person chooses among what the window shows."""

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
from bdd_model.board import FITS, STATE_OF_CODE, STATE_ORDER, UNDECIDED, Cell, CellState
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
THINK = 1.0
"""Seconds a player looks at the board before the next click (the engine goes on proving
meanwhile); the click is cut when the next row shows no proven-open square within the limit."""
OPEN_CODES = (STATE_ORDER.index(CellState.OPEN), STATE_ORDER.index(CellState.FORCED))


@dataclass
class PlayClick:
    """One click's timings."""

    action: str
    cell: Cell
    open_ms: float
    next_ms: float | None
    """Until the next row the pattern plays showed a proven-open (or forced) square; None when
    no row is left, when it did not before the next click or, for a random game, there is no
    next row."""
    fits_ms: float | None
    """Until the next row showed a square a queen is proven to fit on (open, forced, or a
    solution found has one there); None as above."""
    settled_ms: float | None
    """None when the player clicked again before every square was proven."""
    unknown: int
    reference_ms: float | None = None
    reference_calls: int = 0
    cut: bool = False
    """The next row showed no square a queen fits on within the click limit (a random game's
    click: not settled within it)."""


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
        late = [
            c
            for c in referenced
            if c.reference_ms is not None and c.settled_ms is not None and c.settled_ms > c.reference_ms
        ]
        return {
            "n": self.n,
            "rules": self.rules,
            "engine": "sat",
            "pattern": self.pattern,
            "marks": self.marks,
            "solved": self.solved,
            "clicks": len(self.clicks),
            "think_s": THINK,
            "open_ms": summary([c.open_ms for c in self.clicks]),
            "next_row_ms": summary([c.next_ms for c in self.clicks if c.next_ms is not None]),
            "next_row_clicks": sum(c.fits_ms is not None for c in self.clicks),
            "next_row_open_clicks": sum(c.next_ms is not None for c in self.clicks),
            "next_row_fits_ms": summary([c.fits_ms for c in self.clicks if c.fits_ms is not None]),
            "settled_ms": summary([c.settled_ms for c in self.clicks if c.settled_ms is not None]),
            "settled_clicks": sum(c.settled_ms is not None for c in self.clicks),
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
                    "next_row_ms": None if c.next_ms is None else round(c.next_ms, 2),
                    "next_row_fits_ms": None if c.fits_ms is None else round(c.fits_ms, 2),
                    "settled_ms": None if c.settled_ms is None else round(c.settled_ms, 2),
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


Known = list[list[CellState | None]]
"""The board as the window shows it: None for a square not proven yet."""


def next_free_row(states: Known) -> int | None:
    """The first row without a placed or forced queen (the row the patterns play next)."""
    for r, row in enumerate(states):
        if not any(state is not None and state.has_queen for state in row):
            return r
    return None


def left_move(states: Known) -> Cell | None:
    """The first open square of the first row without a queen."""
    r = next_free_row(states)
    if r is None:
        return None
    return next((Cell(r, c) for c, state in enumerate(states[r]) if state is CellState.OPEN), None)


def stair_move(states: Known) -> Cell | None:
    """The open square nearest (r, 2r + 1 mod N) in the first row r without a queen."""
    r = next_free_row(states)
    if r is None:
        return None
    n = len(states)
    target = (2 * r + 1) % n
    opens = [c for c, state in enumerate(states[r]) if state is CellState.OPEN]
    return Cell(r, min(opens, key=lambda c: (abs(c - target), c))) if opens else None


def attacked_marks(states: Known, queen: Cell, rules: RuleFamily = CLASSIC) -> list[Cell]:
    """Two squares the queen attacks in the rows below it that have no queen, nearest first
    (by row, then by distance from its column, left first)."""
    n = len(states)
    piece = np.zeros((n, n), dtype=bool)
    piece[queen] = True
    attacked = rules.attacked(n, piece)
    return [
        Cell(r, c)
        for r in range(queen.row + 1, n)
        if next_free_row(states[r : r + 1]) is not None
        for c in sorted(range(n), key=lambda c: (abs(c - queen.col), c))
        if attacked[r, c] and states[r][c] is CellState.ATTACKED
    ][:2]


MOVES: dict[str, Callable[[Known], Cell | None]] = {"left": left_move, "stair": stair_move}


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

    def click(self, action: str, cell: Cell, after: tuple[Decision, ...], think: float | None) -> PlayClick:
        """Take the decisions after the click, as the worker does, and time the answer: then
        prove on while the player thinks ``think`` seconds past the moment the next row showed a
        square a queen fits on (None: until settled)."""
        engine = self.engine
        started = time.perf_counter()
        engine.restore(after)
        codes = engine.known_codes()
        unknown = int((codes >= UNDECIDED).sum())
        row = next_free_row(shown(codes)) if think is not None else None
        opened = np.isin(codes, OPEN_CODES)
        now = time.perf_counter()
        first_open = now if opened.any() else None
        next_open = now if row is None or opened[row].any() else None
        next_fit = now if row is None or (opened[row] | (codes[row] == FITS)).any() else None

        def heard(square: Cell, state: CellState) -> None:
            nonlocal first_open, next_open, next_fit
            if state in (CellState.OPEN, CellState.FORCED):
                first_open = first_open or time.perf_counter()
                if square.row == row:
                    next_open = next_open or time.perf_counter()
                    next_fit = next_fit or next_open

        token = CancelToken()
        watch = threading.Thread(target=self._watch, args=(token, started, think, lambda: next_fit))
        watch.start()
        try:
            settled = engine.settle(token, heard)
        finally:
            token.cancel()
            watch.join()
        ended = time.perf_counter()

        def since(moment: float | None) -> float | None:
            return None if row is None or moment is None else (moment - started) * 1000

        record = PlayClick(
            action,
            cell,
            ((first_open or ended) - started) * 1000,
            since(next_open),
            since(next_fit),
            (ended - started) * 1000 if settled else None,
            unknown,
        )
        record.cut = next_fit is None if think is not None else not settled
        if self.reference is not None and settled:
            undecided = [Cell(int(r), int(c)) for r, c in np.argwhere(codes >= UNDECIDED)]
            record.reference_ms, record.reference_calls = self.reference.time(after, undecided)
        if self.heard is not None:
            self.heard(record)
        return record

    def _watch(
        self, token: CancelToken, started: float, think: float | None, next_fit: Callable[[], float | None]
    ) -> None:
        """Cancel the settling at the click limit, or ``think`` seconds after the next row
        showed a square a queen fits on."""
        while not token.cancelled:
            now = time.perf_counter()
            shown_at = next_fit()
            if now - started >= self.limit or (
                think is not None and shown_at is not None and now - shown_at >= think
            ):
                token.cancel()
                return
            time.sleep(0.002)


def shown(codes: np.ndarray) -> Known:
    """The board of ``known_codes`` as states, None where not proven yet."""
    return [[STATE_OF_CODE[code] for code in row] for row in codes.tolist()]


def playable(codes: np.ndarray) -> Known:
    """The board as a player reads it to choose a move: a square a queen is proven to fit on
    (``FITS``) is played like an open one."""
    return shown(np.where(codes == FITS, STATE_ORDER.index(CellState.OPEN), codes))


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
    think: float = THINK,
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
            result.clicks.append(player.click(click.action, click.cell, click.after, None))
            if result.clicks[-1].cut:
                return result
        result.solved = True
        return result
    move = MOVES[pattern]
    while next_free_row(states := playable(engine.known_codes())) is not None:
        cell = move(states)
        if cell is None:
            raise NQueensError(f"the {pattern} pattern found no proven-open square on {engine.decisions}")
        after = (*engine.decisions, Decision(cell, DecisionKind.QUEEN))
        result.clicks.append(player.click("place", cell, after, think))
        if result.clicks[-1].cut:
            return result
        if marks:
            for mark in attacked_marks(playable(engine.known_codes()), cell, rules):
                after = (*engine.decisions, Decision(mark, DecisionKind.MARK))
                result.clicks.append(player.click("mark", mark, after, think))
                if result.clicks[-1].cut:
                    return result
    result.solved = engine.is_solved
    return result
