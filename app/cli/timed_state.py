"""``nqueens state N … --time-limit S --json``: what the SAT engine has proven S seconds after the command
started, the rest listed as pending, so that a script playing a big board one process a step is answered in
time; the solutions found are kept in the cache folder for the next step."""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time

import numpy as np

from app.cli.output import explanation, state_lists
from app.options import fail
from bdd_model import NQueensError, parse_cell
from bdd_model.board import FITS, STATE_OF_CODE, Cell, CellState
from bdd_model.cache.store import cache_dir
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.errors import DecisionError, QueryCancelled
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.kernels.loader import compile_behind, usable_folder
from bdd_model.progress import CancelToken
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kept_proofs import load_solutions, proofs_path, save_solutions
from bdd_model.sat.kernels.sat_kernels import SatKernels, sat_kernels
from bdd_model.solution_count import SolutionCount


def run_timed_state(args: argparse.Namespace, started: float) -> int:
    """The SAT engine's state of the board within ``args.time_limit`` seconds of ``started``."""
    n = args.n
    compile_behind(_warn)
    try:
        decisions = [Decision.parse(kind, text, n) for kind, text in args.decisions]
        target = parse_cell(args.explain, n) if args.explain else None
        engine = SatEngine(n, rules=args.rules, kernel_choice=_kernels_now())
    except NQueensError as error:
        fail(str(error))
    token = CancelToken()
    timer = threading.Timer(max(0.0, started + args.time_limit - time.perf_counter()), token.cancel)
    timer.daemon = True
    timer.start()
    keeping = usable_folder(proofs_path(engine).parent)
    if keeping:
        load_solutions(engine, _warn)
    else:
        where = excerpt(str(cache_dir()), PATH_EXCERPT)
        _warn(f"warning: the cache folder '{where}' cannot be used; the solutions found are not kept")
    try:
        consistent = _take(engine, decisions, token)
        settled = consistent and engine.settle(token)
        if consistent:
            figure = (engine.solution_count(token) if settled else None) or engine.known_count()
        else:
            figure = SolutionCount(None, 0)
        report = _report(engine, decisions if not consistent else None, args.rules.name, figure)
        if target is not None:
            report["explanation"] = _explained(engine, target, token) if consistent else None
    finally:
        timer.cancel()
        if keeping:
            save_solutions(engine, _warn)
    print(json.dumps(report) if args.json else _text(report))
    return 0


def _kernels_now() -> SatKernels:
    """The compiled kernels when nothing of them is left to compile, else the uncompiled ones
    while the rest compiles in the background (a rule family's kernels compile at first use:
    seconds no answer under a time limit may wait)."""
    kernels = sat_kernels()
    kernels.prepare()
    if kernels.compiled and not kernels.complete:
        kernels.complete_behind()
        return SatKernels("numpy")
    return kernels


def _take(engine: SatEngine, decisions: list[Decision], token: CancelToken) -> bool:
    """Take the decisions; False when their consistency is not proven in time. Exit 2 naming
    the first decision that leaves no solution when that is proven in time."""
    try:
        engine.restore(decisions, token)
        return True
    except QueryCancelled:
        return False
    except DecisionError as error:
        if len({d.cell for d in decisions}) < len(decisions):
            fail(str(error))
    for taken in range(1, len(decisions) + 1):
        try:
            engine.restore(decisions[:taken], token)
        except QueryCancelled:
            break
        except DecisionError:
            fail(_refusal(decisions[:taken], engine))
    fail("these decisions leave no solution")
    return False


def _refusal(taken: list[Decision], engine: SatEngine) -> str:
    """The refusal of the last decision taken, which left no solution, naming its square (and
    an earlier queen that attacks it, when one does)."""
    *earlier, decision = taken
    cell, piece = decision.cell, engine.puzzle.piece
    if decision.kind is DecisionKind.MARK:
        return f"cannot mark {cell.label()}: every remaining solution has a {piece} there"
    attackers = [
        d.cell
        for d in earlier
        if d.kind is DecisionKind.QUEEN and engine.rules.excludes(engine.n, d.cell, cell)
    ]
    why = (
        f"it is in line with the {piece} at {attackers[0].label()}"
        if attackers
        else f"no remaining solution has a {piece} there"
    )
    return f"cannot place a {piece} on {cell.label()}: {why}"


def _report(
    engine: SatEngine, unproven: list[Decision] | None, rules: str, figure: SolutionCount
) -> dict[str, object]:
    """The state object, with what is not proven in ``pending`` and, of those, the squares a
    queen is proven to fit on (a solution found has one there) in ``fits``; ``unproven``: the
    decisions when their consistency was not proven in time (every square they do not close is
    pending)."""
    fits: list[list[int]] = []
    if unproven is None:
        codes = engine.known_codes()
        states = [[STATE_OF_CODE[code] for code in row] for row in codes.tolist()]
        fits = [[int(r) + 1, int(c) + 1] for r, c in np.argwhere(codes == FITS)]
    else:
        states = _unproven_states(engine, unproven)
    report: dict[str, object] = {"n": engine.n, "engine": engine.engine, "rules": rules}
    report.update(figure.json_fields())
    report.update(state_lists(states))
    report["fits"] = fits
    return report


def _unproven_states(engine: SatEngine, decisions: list[Decision]) -> list[list[CellState | None]]:
    """The decisions' squares, the squares their queens attack, and the rest pending."""
    n = engine.n
    placed = np.zeros((n, n), dtype=bool)
    for decision in decisions:
        placed[decision.cell] = decision.kind is DecisionKind.QUEEN
    attacked = engine.rules.attacked(n, placed)
    states: list[list[CellState | None]] = [
        [CellState.ATTACKED if attacked[r, c] else None for c in range(n)] for r in range(n)
    ]
    for decision in decisions:
        kind = CellState.QUEEN if decision.kind is DecisionKind.QUEEN else CellState.MARKED
        states[decision.cell.row][decision.cell.col] = kind
    return states


def _explained(engine: SatEngine, target: Cell, token: CancelToken) -> dict[str, object] | None:
    """The explanation, or None when it is not found in time (past the time limit, the board is
    not settled, and asking about an undecided square would search without a bound)."""
    if token.cancelled:
        return None
    try:
        return explanation(target, engine.explain(*target, cancel=token))
    except QueryCancelled:
        return None


def _warn(text: str) -> None:
    sys.stderr.write(f"nqueens: {text}\n")


def _text(report: dict[str, object]) -> str:
    """The lists for people: how many squares each holds."""
    names = ("queens", "forced", "marked", "open", "blocked", "pending")
    counts = ", ".join(f"{len(report[name])} {name}" for name in names)  # type: ignore[arg-type]
    return f"{counts}; solutions at least {report['solutions_at_least']:,}"
