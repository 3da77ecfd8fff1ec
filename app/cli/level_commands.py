"""``nqueens level check`` and ``level convert``: region levels on the command line (the README's
"Levels")."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from app.cli.output import write_output
from app.options import fail
from bdd_model.board import cells_one_based
from bdd_model.levels.level import Level, LevelError
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch


def register(commands: argparse._SubParsersAction) -> None:
    level = commands.add_parser("level", help="region levels (Queens, Star Battle): check, convert")
    actions = level.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=type(level))
    check = actions.add_parser("check", help="unique, N solutions or no solution (exit 0 only when unique)")
    check.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    check.add_argument("--json", action="store_true", help="one JSON object")
    check.set_defaults(run=run_check)
    convert = actions.add_parser("convert", help="the level in its text form")
    convert.add_argument("file", metavar="FILE", type=Path, help="the level (text or JSON)")
    convert.add_argument(
        "-o", "--output", metavar="OUT", default="-", help="where to write (default: standard output)"
    )
    convert.set_defaults(run=run_convert)


def open_level(path: Path) -> Level:
    """The level in the file, or exit 2 with what is wrong."""
    try:
        return read_level(path)
    except LevelError as error:
        fail(f"{path}: {error}")


def run_check(args: argparse.Namespace) -> int:
    level = open_level(args.file)
    counted = LevelSearch(level).counted()
    solutions = counted.solutions
    if args.json:
        cells = cells_one_based(counted.first) if solutions == 1 and counted.first else None
        report = {"n": level.n, "stars": level.stars, "solutions": solutions, "solution": cells}
        print(json.dumps({**report, "notes": level.notes()}))
    else:
        print("unique" if solutions == 1 else "no solution" if not solutions else f"{solutions} solutions")
    return 0 if solutions == 1 else 1


def run_convert(args: argparse.Namespace) -> int:
    write_output([open_level(args.file).text()], args.output)
    return 0
