"""``count``, ``state`` and ``compile`` with ``--level``: a level's answers on the command line, from the
levels' search (the default) or from the level's diagram (``--engine bdd``)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from app.cli.level_commands import open_level
from app.cli.output import explanation, explanation_lines, state_lists
from app.options import fail
from bdd_model import NQueensError, parse_cell, plural
from bdd_model.board import CellState
from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.constructions import CONSTRUCTIONS
from bdd_model.engine_choice import choose_engine
from bdd_model.engines.diagram_engine import DIAGRAM
from bdd_model.levels.diagram.level_bdd import compile_level
from bdd_model.levels.level_search_kernels import level_kernels
from bdd_model.levels.play.level_board import LevelBoard
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level
from bdd_model.solution_count import SolutionCount


def level_board(args: argparse.Namespace, level: Level) -> LevelBoard:
    """The level's board on the engine ``--engine`` names (``auto``: the levels' search); exit 2
    when that engine does not answer it, or ``--construction`` is asked of a level."""
    _no_construction(args)
    puzzle = LevelPuzzle.of(level)
    try:
        board = choose_engine(puzzle, args.engine, args.backend).open(puzzle, args.backend)
    except NQueensError as error:
        fail(str(error))
    assert isinstance(board, LevelBoard), "every engine that answers a level answers with a level's board"
    return board


def run_level_count(args: argparse.Namespace) -> int:
    """``count --level FILE``: the level's exact number of solutions alone (``-v``: which engine,
    and how long, on standard error)."""
    level = open_level(args.level)
    level_kernels().prepare()  # loaded before the clock starts: the count is what -v times
    started = time.perf_counter()
    board = level_board(args, level)
    print(board.count)
    if args.verbose:
        sys.stderr.write(
            f"{board.n}×{board.n} level: counted by the {board.title} in "
            f"{(time.perf_counter() - started) * 1000:.1f} ms\n"
        )
    return 0


def run_level_compile(args: argparse.Namespace) -> int:
    """``compile --level FILE``: the level's diagram built now, its nodes and time on one line."""
    _no_construction(args)
    level = open_level(args.level)
    try:
        DIAGRAM.check_size(LevelPuzzle.of(level))
        diagram = compile_level(level, args.backend)
    except NQueensError as error:
        fail(str(error))
    figures = diagram.figures
    widest = max(figures.level_nodes, default=0)
    stars = plural(level.stars, "star")
    print(
        f"{level.n}×{level.n} level, {stars}: {plural(figures.solutions, 'solution')}, "
        f"{plural(figures.bdd_nodes, 'BDD node')} (widest level {widest}), {figures.edges:,} row edges, "
        f"compiled in {figures.compile_seconds * 1000:.1f} ms ({figures.backend}; the frontier walk met "
        f"{plural(diagram.boards, 'board')})"
    )
    return 0


def run_level_state(args: argparse.Namespace) -> int:
    """``state --level FILE``: the contract's state object for a level, from the engine named."""
    level = open_level(args.level)
    n = level.n
    try:
        decisions = [Decision.parse(kind, text, n) for kind, text in args.decisions]
        target = parse_cell(args.explain, n) if args.explain else None
    except NQueensError as error:
        fail(str(error))
    board = level_board(args, level)
    for decision in decisions:
        try:
            (board.place if decision.kind is DecisionKind.QUEEN else board.mark)(*decision.cell)
        except NQueensError as error:
            fail(str(error))
    states = board.states()
    figure = SolutionCount.of(board.count)
    report: dict[str, object] = {
        "n": n,
        "engine": board.engine,
        "rules": "level",
        "stars": level.stars,
        "regions": list(level.regions),
        **figure.json_fields(),
    }
    report.update(state_lists(states))
    if args.counts:
        report["counts"] = board.cell_counts()
    if target is not None:
        report["explanation"] = explanation(target, board.explain(*target))
    print(json.dumps(report) if args.json else _level_text(level, states, report, figure))
    return 0


def _level_text(
    level: Level, states: list[list[CellState]], report: dict[str, object], figure: SolutionCount
) -> str:
    """The level for people: each row of regions, then the same row's squares, then the counts."""
    shown = {CellState.QUEEN: "Q", CellState.FORCED: "F", CellState.OPEN: ".", CellState.MARKED: "x"}
    rows = [
        f"{' '.join(line)}   {' '.join(shown.get(state, '-') for state in row)}"
        for row, line in zip(states, level.regions, strict=True)
    ]
    counts = report.get("counts")
    if isinstance(counts, list):
        width = len(str(max(max(row) for row in counts)))
        rows += [" ".join(f"{k:>{width}}" for k in row) for row in counts]
    legend = "(left the regions; right Q piece, F forced, . open, x marked, - closed)"
    return "\n".join([*rows, f"{figure.remain()} {legend}", *explanation_lines(report, "piece", "the level")])


def _no_construction(args: argparse.Namespace) -> None:
    """Exit 2 when ``--construction`` is asked of a level: its diagram has one, the frontier walk."""
    if getattr(args, "construction", CONSTRUCTIONS[0]) != CONSTRUCTIONS[0]:
        fail("--construction applies to N: a level's diagram is built by its frontier walk")
