"""``nqueens bench --engine sat --play PATTERN --time-limit S``: a game a script plays one process a step,
each step ``nqueens state … --time-limit S --json`` with the decisions so far, the next move chosen among the
squares that step proved open; every process is timed from its start to its end."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.bench.engine_bench import summary
from app.bench.play_bench import MOVES, Known, attacked_marks, next_free_row
from app.child_process import module_command
from bdd_model.board import Cell, CellState
from bdd_model.errors import NQueensError
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.sat.kernels.sat_kernels import sat_kernels

SLACK = 3.0
"""Seconds past the time limit a step may take in all (the contract's bound)."""
LISTED = {
    "queens": CellState.QUEEN,
    "forced": CellState.FORCED,
    "marked": CellState.MARKED,
    "open": CellState.OPEN,
    "blocked": CellState.ATTACKED,
}


@dataclass
class TimedStep:
    """One process: the decision it added, its time, and what it left pending."""

    cell: Cell
    action: str
    seconds: float
    pending: int
    next_row_open: bool
    """The next row the pattern plays showed a proven-open or forced square."""
    next_row_fits: bool
    """… or at least a square a queen is proven to fit on."""


@dataclass
class TimedGame:
    n: int
    rules: str
    pattern: str
    marks: bool
    time_limit: float
    solved: bool = False
    steps: list[TimedStep] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "rules": self.rules,
            "pattern": self.pattern,
            "marks": self.marks,
            "time_limit": self.time_limit,
            "solved": self.solved,
            "steps": len(self.steps),
            "step_s": summary([step.seconds for step in self.steps]),
            "late_steps": sum(step.seconds > self.time_limit + SLACK for step in self.steps),
            "steps_without_next_row_open": sum(not step.next_row_open for step in self.steps),
            "steps_without_next_row_fit": sum(not step.next_row_fits for step in self.steps),
            "per_step": [
                {
                    "action": step.action,
                    "cell": step.cell.one_based(),
                    "seconds": round(step.seconds, 3),
                    "pending": step.pending,
                }
                for step in self.steps
            ],
        }


def board_of(report: dict[str, Any], n: int, fitting: bool = False) -> Known:
    """The states a ``state --json`` answer lists, None for a pending square; ``fitting``: a
    pending square a queen is proven to fit on is played like an open one."""
    states: Known = [[None] * n for _ in range(n)]
    for name, state in LISTED.items():
        for r, c in report[name]:
            states[r - 1][c - 1] = state
    for r, c in report.get("fits", []) if fitting else []:
        states[r - 1][c - 1] = CellState.OPEN
    return states


def play_timed(
    n: int,
    pattern: str,
    marks: bool,
    time_limit: float,
    rules: RuleFamily = CLASSIC,
    heard: Callable[[TimedStep], None] | None = None,
) -> TimedGame:
    """Play the pattern to solved, one ``state --time-limit`` process a step (the kernels are
    compiled first, every family with them: the time limit holds once they are), each move among
    the next row's open squares and those a queen is proven to fit on. The game ends unsolved
    when a step leaves the next row without either."""
    sat_kernels().complete_here()
    move = MOVES[pattern]
    game = TimedGame(n, rules.name, pattern, marks, time_limit)
    decisions: list[str] = []
    report = _state(n, rules, time_limit, decisions)[0]
    while next_free_row(states := board_of(report, n, fitting=True)) is not None:
        cell = move(states)
        if cell is None:
            return game
        clicks = [("queen", cell)]
        decisions += ["--queen", f"{cell.row + 1},{cell.col + 1}"]
        if marks:
            chosen = [*states]
            chosen[cell.row] = [*chosen[cell.row]]
            chosen[cell.row][cell.col] = CellState.QUEEN
            for mark in attacked_marks(chosen, cell, rules):
                clicks.append(("mark", mark))
                decisions += ["--empty", f"{mark.row + 1},{mark.col + 1}"]
        report, seconds = _state(n, rules, time_limit, decisions)
        after = board_of(report, n)
        row = next_free_row(after)
        shown = row is None or any(state in (CellState.OPEN, CellState.FORCED) for state in after[row])
        fits = row is None or shown or any(r == row + 1 for r, _ in report["fits"])
        actions = "+".join(action for action, _ in clicks)
        step = TimedStep(cell, actions, seconds, len(report["pending"]), shown, fits)
        game.steps.append(step)
        if heard is not None:
            heard(step)
    game.solved = True
    return game


def _state(
    n: int, rules: RuleFamily, time_limit: float, decisions: list[str]
) -> tuple[dict[str, Any], float]:
    """One ``state --time-limit`` process: its JSON answer and the seconds it took."""
    command = module_command(
        "app.cli.nqueens",
        "state",
        str(n),
        "--engine",
        "sat",
        "--rules",
        rules.name,
        "--time-limit",
        str(time_limit),
        "--json",
        *decisions,
    )
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise NQueensError(f"a step's state ended with status {done.returncode}: {done.stderr.strip()[:200]}")
    return json.loads(done.stdout), seconds
