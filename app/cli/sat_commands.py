"""``nqueens generate | smtlib | solve | show``: the SAT tools' side of the command line."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from app.cli.level_commands import open_level
from app.cli.output import write_output
from app.options import (
    add_level_option,
    add_rules_option,
    fail,
    file_name,
    positive_int,
    rules_or_level,
    sat_board_size,
)
from bdd_model import board_text, queens_text
from bdd_model.cnf.answer_file import SolverOutputError, broken_rules, queens_of, read_answer
from bdd_model.cnf.encoding import SAT_MAX_N
from bdd_model.cnf.formulas import formula
from bdd_model.cnf.solving import DEFAULT_SOLVER, SOLVERS, solve_all
from bdd_model.files.checked_file import FileKindError, open_regular
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle

"""Write errors that are the disk's fault, not the path's: exit status 1, not 2."""


def register(commands: argparse._SubParsersAction) -> None:
    for name, run, what in (
        ("generate", run_generate, "the DIMACS CNF (default N-queens.cnf, or the level's name .cnf)"),
        (
            "smtlib",
            run_smtlib,
            "SMT-LIB v2 for Z3 and cvc5 (default N-queens.smt2, or the level's name .smt2)",
        ),
    ):
        export = commands.add_parser(name, help=f"write {what}")
        export.add_argument(
            "n", metavar="N", nargs="?", type=sat_board_size, help=f"board size (1..{SAT_MAX_N})"
        )
        export.add_argument(
            "-o", "--output", metavar="FILE", type=file_name, help="where to write ('-': standard output)"
        )
        add_rules_option(export, level=True)
        add_level_option(export)
        export.set_defaults(run=run)

    solve = commands.add_parser("solve", help="solve with a SAT solver in memory and print boards")
    solve.add_argument("n", metavar="N", type=sat_board_size, help=f"board size (1..{SAT_MAX_N})")
    solve.add_argument("--all", action="store_true", help="every solution, by blocking clauses")
    solve.add_argument("--limit", type=positive_int, metavar="K", help="stop after K solutions")
    solve.add_argument(
        "--solver",
        choices=SOLVERS,
        default=DEFAULT_SOLVER,
        help=f"python-sat solver (default {DEFAULT_SOLVER})",
    )
    add_rules_option(solve)
    solve.set_defaults(run=run_solve)

    show = commands.add_parser("show", help="print a SAT solver's answer as a board")
    show.add_argument(
        "file", metavar="FILE", type=file_name, help="MiniSat result file, or s/v lines ('-': stdin)"
    )
    show.add_argument("--n", type=sat_board_size, required=True, help="board size")
    add_rules_option(show)
    show.set_defaults(run=run_show)


def _export(args: argparse.Namespace, kind: str, suffix: str) -> int:
    """Write the board's or the level's formula (``suffix`` "cnf" or "smt2") where ``-o`` says,
    else to its default name in the current folder."""
    rules_or_level(args)
    puzzle = LevelPuzzle.of(open_level(args.level)) if args.level else FamilyPuzzle.of(args.rules, args.n)
    encoded = formula(puzzle)
    name = args.level.stem if args.level else encoded.name
    target = args.output or f"{name}.{suffix}"
    report = sys.stderr if target == "-" else sys.stdout
    where = "standard output" if target == "-" else f"'{excerpt(target, PATH_EXCERPT)}'"
    print(f"Generating {kind} for {encoded.problem}...", file=report, flush=True)
    if suffix == "cnf":
        lines, size = encoded.dimacs(), f"{encoded.clause_count} clauses"
    else:
        lines, size = encoded.smtlib(), f"{encoded.assertions} assertions"
    write_output(lines, target)
    print(f"Successfully wrote problem to {where} ({encoded.variables} variables, {size})", file=report)
    return 0


def run_generate(args: argparse.Namespace) -> int:
    return _export(args, "CNF", "cnf")


def run_smtlib(args: argparse.Namespace) -> int:
    return _export(args, "SMT-LIB", "smt2")


def run_solve(args: argparse.Namespace) -> int:
    n = args.n
    limit = args.limit if args.all else (args.limit or 1)
    print(f"Solving for {args.rules.problem(n)}...")
    progress = _Progress(enabled=n >= 10 and args.all)
    boards = []
    for columns in solve_all(n, args.solver, limit, args.rules):
        boards.append(columns)
        progress.tick(len(boards))
    progress.done()
    if not boards:
        print(f"No solutions found for N={n}")
        return 0
    if not args.all:
        print(f"Found a solution for N={n}")
    elif args.limit and len(boards) == args.limit:
        print(f"Found {len(boards)} unique solutions for N={n} (stopped at --limit {args.limit})")
    else:
        print(f"Found {len(boards)} unique solutions for N={n}")
    for index, columns in enumerate(boards, start=1):
        print(f"\n--- Solution {index} ---")
        print(rows_as_printed(board_text(columns, n)))
    return 0


def rows_as_printed(board: str) -> str:
    """A board as the Rust tool of seed 000 prints it: ``Q`` and ``.`` one space apart, nothing
    after the last square of a row."""
    return "\n".join(row.rstrip() for row in board.splitlines())


class _Progress:
    """A counter on stderr during long enumerations, redrawn at most every half second."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self.last = 0.0

    def tick(self, found: int) -> None:
        now = time.monotonic()
        if self.enabled and now - self.last > 0.5:
            self.last = now
            sys.stderr.write(f"\r{found} solutions so far...")
            sys.stderr.flush()

    def done(self) -> None:
        if self.enabled and self.last:
            sys.stderr.write("\r" + " " * 40 + "\r")


def run_show(args: argparse.Namespace) -> int:
    n = args.n
    name = "standard input" if args.file == "-" else f"'{excerpt(args.file, PATH_EXCERPT)}'"
    try:
        if args.file == "-":
            answer = read_answer(sys.stdin.buffer, n)
        else:
            with open_regular(Path(args.file)) as stream:
                answer = read_answer(stream, n)
    except OSError as error:
        fail(f"cannot read {name}: {error.strerror or error}")
    except (SolverOutputError, FileKindError) as error:
        fail(f"{name}: {error}")
    if not answer.satisfiable:
        fail(f"the solver found no solution (UNSAT): there is no {n}×{n} board to show")
    queens = queens_of(answer, n)
    print(rows_as_printed(queens_text(n, queens)))
    problems = broken_rules(n, queens, args.rules)
    if problems:
        print(f"Not a valid placement: {'; '.join(problems)}.")
        return 1
    print(f"A valid placement of {n} {args.rules.piece}s.")
    return 0
