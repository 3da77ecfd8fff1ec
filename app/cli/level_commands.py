"""``nqueens level check``, ``fix``, ``convert``, ``hint``, ``rate`` and ``generate``: region levels on the
command line (the README's "Levels")."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

from app.cli.output import write_output
from app.options import HELP_WIDTH, add_decision_options, fail, whole_number
from bdd_model import NQueensError
from bdd_model.board import cells_one_based
from bdd_model.decisions import Decision
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.levels.level_file import level_form, read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.generator import SIZES, NotToBeHad, described, generate, made_text
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.levels.setting.differences import differing
from bdd_model.levels.setting.fixes import Fix, fixes
from bdd_model.levels.techniques.hints import NoHint, hint
from bdd_model.levels.techniques.position import Deduction
from bdd_model.levels.techniques.rating import DIFFICULTIES, NotUnique, rate
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import MAX_N, MAX_STARS, Level, LevelError
from bdd_model.wording import and_list

LEVEL_FILE = (
    "A level file is ASCII text, case-sensitive (a UTF-8 BOM and CRLF accepted); blank lines and "
    "'#' lines are ignored anywhere. An optional line 'stars K' (K from 1 to {stars}, default 1) "
    "comes before the grid: N lines of N region symbols (A–Z, a–z, 0–9; spaces between them "
    "allowed), N from 1 to {n}, with exactly N distinct symbols. K pieces go in every row, column "
    "and region, no two on touching squares (diagonals included). JSON is read too: an array of N "
    'strings or of N arrays of one-symbol strings, or {{"stars": K, "regions": [...]}}.'
)
"""The level file's grammar, as ``nqueens level --help`` gives it."""
LEVEL_EXAMPLE = """\
    # a 5x5 level: regions A to E, one piece each
    CCAAA
    CBBAA
    CBBAA
    DDDDA
    EEDDD"""
"""The example ``nqueens level --help`` gives after the grammar (the tests read it back)."""


def register(commands: argparse._SubParsersAction) -> None:
    level = commands.add_parser(
        "level",
        help="region levels (Queens, Star Battle): check, fix, convert, hint, rate, generate",
        description=textwrap.fill(LEVEL_FILE.format(stars=MAX_STARS, n=MAX_N), HELP_WIDTH)
        + f"\n\nFor example, a level with one solution:\n\n{LEVEL_EXAMPLE}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = level.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=type(level))
    check = actions.add_parser(
        "check", help="unique, N solutions or no solution (exit 0 only when unique); notes on stderr"
    )
    check.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    check.add_argument("--json", action="store_true", help="one JSON object")
    check.set_defaults(run=run_check)
    mending = actions.add_parser(
        "fix", help="the one-square region changes that leave one solution, the easiest level first"
    )
    mending.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    mending.add_argument("--json", action="store_true", help="one JSON array")
    mending.add_argument("--limit", metavar="K", type=_number("--limit", least=1), help="at most K changes")
    mending.set_defaults(run=run_fix)
    convert = actions.add_parser("convert", help="the level in its text form, or JSON for OUT.json")
    convert.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    convert.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        default="-",
        help="where to write (default: standard output); a name ending in .json gets the JSON form",
    )
    convert.set_defaults(run=run_convert)
    advice = actions.add_parser("hint", help="the simplest deduction on open squares, with its reason")
    advice.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    add_decision_options(advice)
    advice.add_argument("--json", action="store_true", help="one JSON object")
    advice.set_defaults(run=run_hint)
    rating = actions.add_parser("rate", help="easy, medium or hard, by the techniques a solution needs")
    rating.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    rating.add_argument("--json", action="store_true", help="one JSON object")
    rating.set_defaults(run=run_rate)
    making = actions.add_parser("generate", help="a new level with one solution, of the difficulty asked")
    making.add_argument("n", metavar="N", type=_number("N"), help="the size (5-14; 8-14 with 2 stars)")
    making.add_argument(
        "--stars",
        metavar="K",
        type=_number("--stars"),
        default=1,
        help=f"pieces per row, column and region: {' or '.join(map(str, SIZES))} (default 1)",
    )
    making.add_argument("--difficulty", choices=DIFFICULTIES, default="medium", help="default: medium")
    making.add_argument("--seed", type=_number("--seed"), help="the same seed makes the same level")
    making.add_argument(
        "-o", "--output", metavar="FILE", default="-", help="where to write (default: standard output)"
    )
    making.set_defaults(run=run_generate)


def open_level(path: Path) -> Level:
    """The level in the file, or exit 2 with what is wrong."""
    try:
        return read_level(path)
    except LevelError as error:
        fail(f"{path}: {error}")


def run_check(args: argparse.Namespace) -> int:
    """``level check``: one line (or object) on standard output, exit 0 only when unique; in
    text, the notes follow on standard error, one line each, so the answer stays one line."""
    level = open_level(args.file)
    search = LevelSearch(level)
    counted = search.counted()
    solutions = counted.solutions
    if args.json:
        cells = cells_one_based(counted.first) if solutions == 1 and counted.first else None
        differ = differing(search) if solutions > 1 else None
        report = {"n": level.n, "stars": level.stars, "solutions": solutions, "solution": cells}
        report["differ"] = None if differ is None else cells_one_based(differ)
        print(json.dumps({**report, "notes": level.notes()}))
    else:
        print("unique" if solutions == 1 else "no solution" if not solutions else f"{solutions} solutions")
        for note in level.notes():
            print(f"nqueens: note: {note}", file=sys.stderr)
    return 0 if solutions == 1 else 1


def run_fix(args: argparse.Namespace) -> int:
    """``level fix``: the changes, one a line (or a JSON array); exit 1 with one line on stderr
    when no single-square change leaves one solution."""
    level = open_level(args.file)
    unique = LevelSearch(level).counted(limit=2).solutions == 1
    found = fixes(level)[: args.limit]
    if args.json:
        print(json.dumps([_fix_record(fix) for fix in found]))
    elif unique:
        print("unique: nothing to change")
    else:
        for fix in found:
            print(f"{fix.cell.label()}: {fix.source} to {fix.target} ({fix.difficulty})")
    if not found and not unique:
        fail("no change of one square leaves exactly one solution", status=1)
    return 0


def _fix_record(fix: Fix) -> dict[str, object]:
    return {
        "square": fix.cell.one_based(),
        "from": fix.source,
        "to": fix.target,
        "difficulty": fix.difficulty,
    }


def run_hint(args: argparse.Namespace) -> int:
    """``level hint``: on a level with several solutions, one line on stderr says so first; exit
    1 with one line on stderr when solved, stuck, in conflict or without a solution."""
    level = open_level(args.file)
    found: Deduction | NoHint
    try:
        decisions = [Decision.parse(kind, text, level.n) for kind, text in args.decisions]
        board = LevelEngine(LevelPuzzle.of(level), strict=False)
        board.restore(decisions)
        found = hint(board, level)
    except NoHint as error:
        found = error
    except NQueensError as error:
        fail(str(error))
    several = LevelSearch(level).counted(limit=2).solutions > 1
    if several:
        print(f"nqueens: {SEVERAL_SOLUTIONS}", file=sys.stderr)
    if isinstance(found, NoHint):
        fail(str(found), status=1)
    cells = cells_one_based(list(found.cells))
    report = {
        "cell": cells[0],
        "cells": cells,
        "action": found.action,
        "technique": found.technique,
        "reason": found.reason,
        "because": cells_one_based(list(found.because)),
        "unique": not several,
    }
    where = and_list(cell.label() for cell in found.cells)
    print(json.dumps(report) if args.json else f"{where}: {found.action} ({found.technique}): {found.reason}")
    return 0


SEVERAL_SOLUTIONS = (
    "the level has more than one solution, so some squares are left to your choice; "
    "each hint holds in every solution your decisions leave"
)
"""What ``level hint`` says first on a level that is not unique (one with none: its hint says so)."""


def run_rate(args: argparse.Namespace) -> int:
    """``level rate``: exit 1 with one line when the level has not exactly one solution."""
    level = open_level(args.file)
    try:
        rating = rate(level)
    except NotUnique as error:
        fail(str(error), status=1)
    used = [{"name": name, "count": count} for name, count in rating.techniques]
    if rating.left:
        print(f"nqueens: the techniques alone leave {rating.left} squares open: rated hard", file=sys.stderr)
    if args.json:
        print(json.dumps({"difficulty": rating.difficulty, "techniques": used}))
    else:
        steps = ", ".join(f"{name} ×{count}" for name, count in rating.techniques) or "none"
        print(f"{rating.difficulty} ({steps})")
    return 0


def run_generate(args: argparse.Namespace) -> int:
    """``level generate``: exit 1 with one line when the difficulty is not to be had."""
    seed = secrets.randbelow(10**9) if args.seed is None else args.seed
    try:
        level = generate(args.n, args.stars, args.difficulty, seed)
    except NotToBeHad as error:
        fail(str(error), status=1)
    except LevelError as error:
        fail(str(error))
    made = f"{described(level, args.difficulty)} (seed {seed})"
    _write(made_text(level, args.difficulty, seed), args.output, made)
    return 0


def _number(name: str, least: int = 0) -> Callable[[str], int]:
    """An argparse type for a whole number ≥ ``least``, named in its error."""

    def parse(text: str) -> int:
        number = whole_number(text)
        if number is None or number < least:
            raise argparse.ArgumentTypeError(f"{name} takes a whole number ≥ {least}, not {text!r}")
        return number

    return parse


def run_convert(args: argparse.Namespace) -> int:
    """``level convert``: the form follows the output's name (``.json``: JSON), else text."""
    text, form = level_form(open_level(args.file), args.output)
    _write(text, args.output, f"the level as {form}")
    return 0


def _write(text: str, target: str, what: str) -> None:
    """The text to standard output ('-'), or to the file with one line on standard output saying
    what was written where, as ``generate`` says it."""
    write_output([text], target)
    if target != "-":
        print(f"Wrote {what} to '{excerpt(target, PATH_EXCERPT)}'")
