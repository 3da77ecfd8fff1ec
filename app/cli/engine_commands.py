"""``nqueens count``, ``state`` and ``compile``: the engines' answers on the command line."""

from __future__ import annotations

import argparse
import json
import sys
import time

from app.cli.compile_report import CompileReport
from app.cli.level_answers import run_level_compile, run_level_count, run_level_state
from app.cli.output import explanation, explanation_lines, state_lists
from app.cli.timed_state import run_timed_state
from app.options import (
    add_decision_options,
    add_level_option,
    add_rules_option,
    board_size,
    fail,
    positive_seconds,
    rules_or_level,
    size_argument,
)
from bdd_model import (
    BACKEND_CHOICES,
    CONSTRUCTIONS,
    CellState,
    Configurator,
    NQueensError,
    SolutionSpace,
    cache_path,
    load_or_compile,
    parse_cell,
)
from bdd_model.board import check_whole_size
from bdd_model.cache.store import save
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.backends import resolve_backend
from bdd_model.diagram.space import MAX_N, check_size
from bdd_model.engine import Engine
from bdd_model.engine_choice import ENGINE_CHOICES, choose_engine, open_engine
from bdd_model.families import RuleFamily
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.sat.engine import SAT_ENGINE_MAX_N
from bdd_model.solution_count import SolutionCount

any_board_size = size_argument(lambda n: check_whole_size(n, 10**18, ""))
"""N of ``state``: any whole number from 1; the engine then says what it can take."""


def check_counted_size(n: int, rules: RuleFamily) -> None:
    """Exit 2 when ``count`` cannot compile n×n for the family, saying what to use instead."""
    top = rules.diagram_max_n
    if n <= top:
        return
    known = rules.known_count(n)
    if n > SAT_ENGINE_MAX_N:
        largest = f"{SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}"
        instead = f"no engine here answers a {n}×{n} board: the SAT engine's largest is {largest}"
    elif known is not None:
        instead = (
            f"the empty {n}×{n} board's count is known, {known:,} ({rules.sequence}), and "
            f"'{_state_command(n, rules)}' gives it (and counts or estimates it under decisions)"
        )
    else:
        instead = f"'{_state_command(n, rules)}' estimates it"
    fail(f"argument N: count compiles the BDD, up to {top}×{top}; {instead}")


def _state_command(n: int, rules: RuleFamily) -> str:
    return rules.qualified(f"nqueens state {n}", " --rules ") + " --engine sat --json"


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    """--engine auto|bdd|sat|search, shared by ``count``, ``state`` and ``bench``."""
    parser.add_argument(
        "--engine",
        choices=ENGINE_CHOICES,
        default="auto",
        help="bdd (exact, N ≤ 15; levels to 18), sat (N ≤ 100), search (levels), or auto: the BDD up "
        "to 12 or when cached, the search for a level (default)",
    )


def engine_for(args: argparse.Namespace) -> str:
    """The engine that answers args.n under args.engine; exit 2 with the reason if none can."""
    try:
        return choose_engine(FamilyPuzzle.of(args.rules, args.n), args.engine, args.backend).name
    except NQueensError as error:
        fail(str(error))


def add_space_options(parser: argparse.ArgumentParser) -> None:
    """--backend and --construction, shared by every command that compiles."""
    parser.add_argument(
        "--backend", choices=BACKEND_CHOICES, default="auto", help="dd backend (default: auto)"
    )
    parser.add_argument(
        "--construction",
        choices=CONSTRUCTIONS,
        default="search",
        help="how to build the BDD (default: search)",
    )


def open_space(args: argparse.Namespace) -> SolutionSpace:
    """The compiled space for args.n, from the cache when it verifies; warnings go to stderr.

    Both constructions give the same BDD, so a cached space serves whichever was asked for.
    """
    try:
        check_size(args.n, args.rules)
    except NQueensError as error:
        fail(str(error))
    with CompileReport(args.n, args.backend, args.construction, args.rules) as report:
        if not _cached(args.n, report.backend, args.rules):
            report.expect_compile()
        space = load_or_compile(
            args.n,
            args.backend,
            args.construction,
            progress=report.progress,
            warn=report.warn,
            rules=args.rules,
        )
        report.remember(space)
    return space


def _cached(n: int, backend: str, rules: RuleFamily) -> bool:
    """True when a cache file stands for n×n (it may still prove damaged); False also when the
    cache folder cannot be looked into (``load_or_compile`` then says why)."""
    try:
        return cache_path(n, backend, rules).is_file()
    except OSError:
        return False


def register(commands: argparse._SubParsersAction) -> None:
    count = commands.add_parser("count", help="exact number of solutions, from the compiled BDD")
    count.add_argument("n", metavar="N", type=any_board_size, nargs="?", help=f"board size (1..{MAX_N})")
    add_level_option(count)
    add_space_options(count)
    add_engine_option(count)
    add_rules_option(count, level=True)
    count.add_argument("-v", "--verbose", action="store_true", help="timings and BDD size on stderr")
    count.set_defaults(run=run_count)

    compile_ = commands.add_parser(
        "compile", help="compile N now (no cache read) and cache it, or a level's diagram (its nodes, time)"
    )
    compile_.add_argument("n", metavar="N", type=board_size, nargs="?", help="board size")
    add_level_option(compile_)
    add_space_options(compile_)
    add_rules_option(compile_, level=True)
    compile_.set_defaults(run=run_compile)

    state = commands.add_parser("state", help="the board after decisions: every square's state")
    state.add_argument(
        "n", metavar="N", type=any_board_size, nargs="?", help="board size (1..15 BDD, 1..100 SAT)"
    )
    add_level_option(state)
    add_decision_options(state)
    state.add_argument("--explain", metavar="R,C", help="fewest decisions to retract so a queen fits at R,C")
    state.add_argument("--counts", action="store_true", help="per-square counts of remaining solutions")
    state.add_argument("--json", action="store_true", help="one JSON object (the documented contract)")
    state.add_argument(
        "--time-limit",
        metavar="S",
        type=positive_seconds,
        help="answer with what the SAT engine has proven S seconds after the start; the squares not "
        "decided by then are listed as pending (a cached BDD or a level answers everything)",
    )
    add_engine_option(state)
    add_space_options(state)
    add_rules_option(state, level=True)
    state.set_defaults(run=run_state)


def run_count(args: argparse.Namespace) -> int:
    rules_or_level(args)
    if args.level is not None:
        return run_level_count(args)
    if args.engine not in ("auto", "bdd"):
        fail(f"count compiles the BDD: --engine {args.engine} answers a count only with --level")
    if args.rules.diagram_max_n < args.n <= SAT_ENGINE_MAX_N and args.rules.has_no_solution(args.n):
        print(0)
        return 0
    check_counted_size(args.n, args.rules)
    started = time.perf_counter()
    space = open_space(args)
    print(space.count)
    if args.verbose:
        sys.stderr.write(
            f"{args.n}×{args.n}: {space.info.bdd_nodes} BDD nodes ({space.info.backend}), "
            f"{space.origin} in {space.seconds:.3f} s, total {time.perf_counter() - started:.3f} s\n"
        )
    return 0


def run_compile(args: argparse.Namespace) -> int:
    rules_or_level(args)
    if args.level is not None:
        return run_level_compile(args)
    try:
        check_size(args.n, args.rules)
    except NQueensError as error:
        fail(str(error))
    with CompileReport(args.n, args.backend, args.construction, args.rules) as report:
        report.expect_compile()
        space = SolutionSpace.compile(
            args.n, args.backend, args.construction, progress=report.progress, rules=args.rules
        )
        report.remember(space)
    try:
        save(space)
    except OSError as error:
        where = cache_path(args.n, space.info.backend, args.rules)
        fail(f"could not write the cache file {where}: {error}", status=1)
    sys.stderr.write(
        f"{args.n}×{args.n}: {space.count} solutions, {space.info.bdd_nodes} BDD nodes, "
        f"{space.origin} in {space.seconds:.2f} s\n"
    )
    return 0


def run_state(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    rules_or_level(args)
    if args.level is not None:
        return run_level_state(args)
    n = args.n
    engine = engine_for(args)
    timed = args.time_limit is not None and _timed_on_sat(args, engine)
    if (engine == "sat" or timed) and args.counts:
        fail("--counts needs the BDD engine (N ≤ 15): the SAT engine does not count solutions per square")
    if timed:
        return run_timed_state(args, started)
    try:
        decisions = [Decision.parse(kind, text, n) for kind, text in args.decisions]
        target = parse_cell(args.explain, n) if args.explain else None
    except NQueensError as error:
        fail(str(error))
    cfg = (
        Configurator(open_space(args))
        if engine == "bdd"
        else open_engine(FamilyPuzzle.of(args.rules, n), engine)
    )
    for decision in decisions:
        try:
            if decision.kind is DecisionKind.QUEEN:
                cfg.place(*decision.cell)
            else:
                cfg.mark(*decision.cell)
        except NQueensError as error:
            fail(str(error))
    figure = cfg.solution_count()
    assert figure is not None
    report = state_report(cfg, figure)
    if args.counts:
        report["counts"] = cfg.cell_counts()
    if target is not None:
        report["explanation"] = explanation(target, cfg.explain(*target))
    if args.json:
        print(json.dumps(report))
    else:
        print(state_text(cfg, report, figure))
    return 0


def _timed_on_sat(args: argparse.Namespace, engine: str) -> bool:
    """Whether ``state --time-limit`` goes to the SAT engine: when named, or under ``auto``
    unless the BDD is cached (a BDD compile is never started under a time limit)."""
    if args.engine == "auto":
        return not _cached(args.n, resolve_backend(args.backend), args.rules)
    return engine == "sat"


def state_report(cfg: Engine, figure: SolutionCount) -> dict[str, object]:
    """The state object of the command-line contract: five lists that partition the board, and
    the count (``null`` when it is not known exactly, with a true lower bound and an estimate
    with its 95% interval: the same figure the window shows)."""
    states = cfg.states()
    report: dict[str, object] = {
        "n": cfg.n,
        "engine": cfg.engine,
        "rules": cfg.puzzle.rules.name if isinstance(cfg.puzzle, FamilyPuzzle) else "level",
        **figure.json_fields(),
    }
    report.update(state_lists(states))
    return report


_SYMBOLS = {
    CellState.QUEEN: "Q",
    CellState.FORCED: "F",
    CellState.OPEN: ".",
    CellState.MARKED: "x",
    CellState.ATTACKED: "-",
    CellState.LOOKAHEAD: "~",
}


def state_text(cfg: Engine, report: dict[str, object], figure: SolutionCount) -> str:
    """The board for people: one symbol per square, then the legend and the numbers."""
    lines = [" ".join(_SYMBOLS[s] for s in row) for row in cfg.states()]
    lines.append("Q queen  F forced  . open  x marked  - attacked  ~ closed by look-ahead")
    solutions = report["solutions"]
    lines.append(f"{figure.remain()} (engine: {cfg.engine})")
    if "counts" in report:
        counts = report["counts"]
        assert isinstance(counts, list)
        width = len(str(solutions))
        lines.extend(" ".join(f"{k:>{width}}" for k in row) for row in counts)
    lines.extend(explanation_lines(report, "queen", "the empty board"))
    return "\n".join(lines)
