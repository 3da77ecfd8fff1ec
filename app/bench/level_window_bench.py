"""The window's timings on region levels (``nqueens bench --gui --level FOLDER``): each level of the folder
opened in the real window and played with real clicks (pieces on open squares, marks on closed ones, some
taken back; a forced piece is the window's own), each figure ending when a completed paint shows the
answer; every decision's squares, once settled, compared with the level engine's in this process."""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import Click, summary
from app.bench.sat_window_bench import TIMEOUT_S, SatWindowBench, settled
from app.bench.window_bench import offscreen_without_display
from app.bench.window_probes import Paint, wait_until
from app.gui.board.theme import quiet_platform_notes
from app.gui.mid_end.assists import DEFAULT, Assist
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.families import CLASSIC
from bdd_model.levels.level_file import read_level
from bdd_model.levels.play.level_engine import LevelEngine
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import LevelError


def level_clicks(engine: LevelEngine, clicks: int, rng: random.Random) -> list[Click]:
    """A player's clicks on the level, taken on ``engine`` too: a piece on an open square (most), a
    mark on a closed one, or a decision taken back."""
    n = engine.n
    sequence: list[Click] = []
    while len(sequence) < clicks:
        grid = engine.states()
        free = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c] is CellState.OPEN]
        closed = [Cell(r, c) for r in range(n) for c in range(n) if grid[r][c].is_closed]
        roll = rng.random()
        if engine.decisions and roll < 0.15:
            action, cell = "retract", rng.choice(engine.decisions).cell
        elif closed and (roll < 0.3 or not free):
            action, cell = "mark", rng.choice(closed)
        elif free:
            action, cell = "place", rng.choice(free)
        else:
            break
        getattr(engine, action)(*cell)
        sequence.append(Click(False, action, cell, engine.decisions))
    return sequence


def drawn(puzzle: LevelPuzzle) -> Callable[[Paint], bool]:
    """A paint of the level's board (its regions)."""
    regions = puzzle.region_of
    return lambda paint: paint.picture.regions is not None and np.array_equal(paint.picture.regions, regions)


def measure_levels(folder: Path, clicks: int, seed: int) -> dict[str, object]:
    """Per assist and size of the folder's levels: the board's build (open to every square
    decided), click to repaint and to settled, whether every settled board equals the engine's
    here; under the default assist also Check (on the board played, then on 2N decisions made as
    a player makes them, mistakes and all) and a hint shown, each from the asking to the answer
    painted."""
    paths = sorted(folder.iterdir()) if folder.is_dir() else [folder]
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    rng = random.Random(seed)
    found: dict[tuple[str, int, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    differ: dict[tuple[str, int, int], int] = defaultdict(int)
    skipped: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        bench = SatWindowBench(1, Path(scratch), CLASSIC)
        bench.start_engine()
        for assist in Assist:
            bench.window.set_assist(assist, remember=False)
            for path in paths:
                try:
                    puzzle = LevelPuzzle.of(read_level(path))
                except (LevelError, OSError) as error:
                    if assist is DEFAULT:
                        skipped.append(f"{path.name}: {error}")
                    continue
                key = (assist.value, puzzle.n, puzzle.stars)
                times = found[key]
                _, built = bench.open_board(partial(bench.session.open, puzzle), drawn(puzzle), path.name)
                times["build"].append(built)
                engine = LevelEngine(puzzle)
                for click in level_clicks(LevelEngine(puzzle), clicks, rng):
                    shown, done, _ = bench.click(click)
                    times["shown"].append(shown)
                    times["settled"].append(done)
                    getattr(engine, click.action)(*click.cell)
                    engine.settle()
                    board = bench.session.configurator
                    assert board is not None
                    differ[key] += int(not np.array_equal(board.view.codes, engine.view().codes))
                if assist is DEFAULT:
                    times["check"].append(_check_ms(bench))
                    times["check"].append(_check_ms(bench, _played_with_mistakes(puzzle, rng)))
                    times["hint"].extend(_hints_ms(bench, HINTS_TIMED))
        bench.close()
    app.processEvents()
    return {
        "sizes": [
            {
                "assist": key[0],
                "n": key[1],
                "stars": key[2],
                "levels": len(times["build"]),
                "clicks": len(times["shown"]),
                "build_ms": summary(times["build"]),
                "click_to_shown_ms": summary(times["shown"]),
                "click_to_settled_ms": summary(times["settled"]),
                "states_differ": differ[key],
                **({"check_ms": summary(times["check"])} if times["check"] else {}),
                **({"hint_shown_ms": summary(times["hint"])} if times["hint"] else {}),
            }
            for key, times in sorted(found.items(), key=lambda item: (item[0][1:], item[0][0]))
        ],
        "skipped": skipped,
    }


HINTS_TIMED = 4
"""Hints shown (and applied) per level under the default assist, from the empty board."""
Shows = Callable[[], Callable[[Paint], bool] | None]
"""What the board shows of an answer, asked once the answer is said (None: nothing)."""


def _played_with_mistakes(puzzle: LevelPuzzle, rng: random.Random) -> tuple[Decision, ...]:
    """2N decisions as a player makes them under the cross-out assist, mistakes and all: pieces
    (three in five) and marks on squares drawn from those the pieces so far leave uncrossed."""
    n = puzzle.n
    pieces = np.zeros((n, n), dtype=bool)
    decisions: list[Decision] = []
    while len(decisions) < 2 * n:
        crossed = puzzle.attacked(pieces)
        taken = {decision.cell for decision in decisions}
        free = [
            Cell(r, c) for r in range(n) for c in range(n) if not crossed[r, c] and Cell(r, c) not in taken
        ]
        if not free:
            break
        cell = rng.choice(free)
        piece = rng.random() < 0.6
        pieces[cell] |= piece
        decisions.append(Decision(cell, DecisionKind.QUEEN if piece else DecisionKind.MARK))
    return tuple(decisions)


def _answered(bench: SatWindowBench, ask: Callable[[], None], shows: Shows, what: str) -> float:
    """Ms from ``ask`` to the session's first message after it, or, when ``shows`` then says
    what the board shows of the answer, to the board painted with it."""
    said: list[float] = []
    connection = bench.session.message.connect(lambda _: said.append(time.perf_counter()))
    started = time.perf_counter()
    ask()
    wait_until(lambda: bool(said), TIMEOUT_S, what)
    bench.session.message.disconnect(connection)
    shown = shows()
    if shown is None:
        return (said[0] - started) * 1000
    return (bench.painted(started, shown, f"{what} painted").ended - started) * 1000


def _check_ms(bench: SatWindowBench, decisions: tuple[Decision, ...] | None = None) -> float:
    """Check on the board in play, or on ``decisions`` taken first."""
    if decisions is not None:
        bench.session.change(decisions, "Pieces at random")
        wait_until(lambda: settled(bench.session), TIMEOUT_S, "the pieces taken")

    def framed() -> Callable[[Paint], bool] | None:
        wrong = bench.session.checks.mistakes
        return (lambda paint: wrong <= paint.picture.culprits) if wrong else None

    return _answered(bench, bench.window.commands.check.trigger, framed, "Check")


def _hints_ms(bench: SatWindowBench, count: int) -> list[float]:
    """From the empty board, ``count`` hints shown (each then applied)."""
    bench.window.commands.restart.trigger()
    wait_until(lambda: settled(bench.session), TIMEOUT_S, "an empty board")

    def hinted() -> Callable[[Paint], bool] | None:
        return (lambda paint: bool(paint.picture.hinted)) if bench.session.hints.hint else None

    times = []
    for _ in range(count):
        board = bench.session.configurator
        if board is None or board.is_solved:
            break
        times.append(_answered(bench, bench.window.commands.hint.trigger, hinted, "a hint"))
        if bench.session.hints.hint is None:
            break
        bench.window.commands.hint.trigger()
        wait_until(
            lambda: settled(bench.session) and bench.session.hints.hint is None, TIMEOUT_S, "the hint applied"
        )
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="level_window_bench")
    parser.add_argument("folder", type=Path)
    parser.add_argument("clicks", type=int)
    parser.add_argument("seed", type=int)
    args = parser.parse_args(argv)
    offscreen_without_display()
    print(json.dumps(measure_levels(args.folder, args.clicks, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
