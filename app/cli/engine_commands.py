"""``nqueens count``, ``state`` and ``compile``: the engine's answers on the command line."""

from __future__ import annotations

import argparse
import json
import sys
import time

from app.options import add_decision_options, board_size, fail
from bdd_model import (
    BACKEND_CHOICES,
    CONSTRUCTIONS,
    CellState,
    Configurator,
    NQueensError,
    Progress,
    SolutionSpace,
    cache_path,
    cells_one_based,
    load_or_compile,
    parse_cell,
)
from bdd_model.cache import save
from bdd_model.progress import ProgressCallback


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


def stderr_progress(n: int) -> ProgressCallback:
    """A progress callback that redraws one line on stderr when stderr is a terminal."""
    if not sys.stderr.isatty():
        return lambda _: None

    def report(progress: Progress) -> None:
        end = "\n" if progress.phase == "freeze" and progress.done == progress.total else ""
        sys.stderr.write(f"\rcompiling {n}x{n}: {progress.phase} {progress.done}/{progress.total}   {end}")
        sys.stderr.flush()

    return report


def open_space(args: argparse.Namespace) -> SolutionSpace:
    """The compiled space for args.n, from the cache when it verifies; warnings go to stderr.

    Both constructions give the same BDD, so a cached space serves whichever was asked for.
    """
    return load_or_compile(
        args.n,
        args.backend,
        args.construction,
        progress=stderr_progress(args.n),
        warn=lambda message: sys.stderr.write(f"nqueens: warning: {message}\n"),
    )


def register(commands: argparse._SubParsersAction) -> None:
    count = commands.add_parser("count", help="exact number of solutions, from the compiled BDD")
    count.add_argument("n", metavar="N", type=board_size, help="board size")
    add_space_options(count)
    count.add_argument("-v", "--verbose", action="store_true", help="timings and BDD size on stderr")
    count.set_defaults(run=run_count)

    compile_ = commands.add_parser("compile", help="compile N now (no cache read) and cache it")
    compile_.add_argument("n", metavar="N", type=board_size, help="board size")
    add_space_options(compile_)
    compile_.set_defaults(run=run_compile)

    state = commands.add_parser("state", help="the board after decisions: every square's state")
    state.add_argument("n", metavar="N", type=board_size, help="board size")
    add_decision_options(state)
    state.add_argument("--explain", metavar="R,C", help="fewest decisions to retract so a queen fits at R,C")
    state.add_argument("--counts", action="store_true", help="per-square counts of remaining solutions")
    state.add_argument("--json", action="store_true", help="one JSON object (the documented contract)")
    add_space_options(state)
    state.set_defaults(run=run_state)


def run_count(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    space = open_space(args)
    print(space.count)
    if args.verbose:
        sys.stderr.write(
            f"{args.n}x{args.n}: {space.info.bdd_nodes} BDD nodes ({space.info.backend}), "
            f"{space.origin} in {space.seconds:.3f} s, total {time.perf_counter() - started:.3f} s\n"
        )
    return 0


def run_compile(args: argparse.Namespace) -> int:
    space = SolutionSpace.compile(args.n, args.backend, args.construction, progress=stderr_progress(args.n))
    try:
        save(space)
    except OSError as error:
        fail(f"could not write the cache file {cache_path(args.n, space.info.backend)}: {error}", status=1)
    sys.stderr.write(
        f"{args.n}x{args.n}: {space.count} solutions, {space.info.bdd_nodes} BDD nodes, "
        f"{space.origin} in {space.seconds:.2f} s\n"
    )
    return 0


def run_state(args: argparse.Namespace) -> int:
    n = args.n
    try:
        decisions = [(kind, parse_cell(text, n)) for kind, text in args.decisions]
        target = parse_cell(args.explain, n) if args.explain else None
    except NQueensError as error:
        fail(str(error))
    cfg = Configurator(open_space(args))
    for kind, cell in decisions:
        try:
            if kind == "queen":
                cfg.place(*cell)
            else:
                cfg.forbid(*cell)
        except NQueensError as error:
            fail(str(error))
    report = state_report(cfg)
    if args.counts:
        report["counts"] = cfg.cell_counts()
    if target is not None:
        retract = cfg.explain(*target)
        report["explanation"] = {
            "cell": target.one_based(),
            "retract": None if retract is None else cells_one_based(retract),
        }
    if args.json:
        print(json.dumps(report))
    else:
        print(state_text(cfg, report))
    return 0


_LISTS = {
    "queens": (CellState.QUEEN,),
    "forced": (CellState.FORCED,),
    "marked": (CellState.MARKED,),
    "open": (CellState.OPEN,),
    "blocked": (CellState.ATTACKED, CellState.LOOKAHEAD),
}


def state_report(cfg: Configurator) -> dict[str, object]:
    """The state object of the command-line contract: five lists that partition the board."""
    states = cfg.states()
    report: dict[str, object] = {"n": cfg.n, "solutions": cfg.count}
    for name, kinds in _LISTS.items():
        report[name] = [[r + 1, c + 1] for r in range(cfg.n) for c in range(cfg.n) if states[r][c] in kinds]
    return report


_SYMBOLS = {
    CellState.QUEEN: "Q",
    CellState.FORCED: "F",
    CellState.OPEN: ".",
    CellState.MARKED: "x",
    CellState.ATTACKED: "-",
    CellState.LOOKAHEAD: "~",
}


def state_text(cfg: Configurator, report: dict[str, object]) -> str:
    """The board for people: one symbol per square, then the legend and the numbers."""
    lines = [" ".join(_SYMBOLS[s] for s in row) for row in cfg.states()]
    lines.append("Q queen  F forced  . open  x marked  - attacked  ~ closed by look-ahead")
    lines.append(f"{cfg.count} solutions remain")
    if "counts" in report:
        width = len(str(cfg.count))
        lines.extend(" ".join(f"{k:>{width}}" for k in row) for row in cfg.cell_counts())
    if "explanation" in report:
        explanation = report["explanation"]
        assert isinstance(explanation, dict)
        cell, retract = explanation["cell"], explanation["retract"]
        where = f"{cell[0]},{cell[1]}"
        if retract is None:
            lines.append(f"{where}: no solution of the empty board has a queen there")
        elif not retract:
            lines.append(f"{where}: a queen already fits there")
        else:
            lines.append(f"{where}: retract " + " and ".join(f"{r},{c}" for r, c in retract))
    return "\n".join(lines)
