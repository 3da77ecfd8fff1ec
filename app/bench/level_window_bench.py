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
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import Click, summary
from app.bench.sat_window_bench import SatWindowBench
from app.bench.window_bench import offscreen_without_display
from app.bench.window_probes import Paint
from app.gui.board.theme import quiet_platform_notes
from bdd_model import Cell, CellState
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
    """Per size of the folder's levels: the board's build (open to every square decided), click to
    repaint and to settled, and whether every settled board equals the engine's here."""
    paths = sorted(folder.iterdir()) if folder.is_dir() else [folder]
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    rng = random.Random(seed)
    builds: dict[tuple[int, int], list[float]] = defaultdict(list)
    shown_ms: dict[tuple[int, int], list[float]] = defaultdict(list)
    settled_ms: dict[tuple[int, int], list[float]] = defaultdict(list)
    differ: dict[tuple[int, int], int] = defaultdict(int)
    skipped: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        bench = SatWindowBench(1, Path(scratch), CLASSIC)
        bench.start_engine()
        for path in paths:
            try:
                puzzle = LevelPuzzle.of(read_level(path))
            except (LevelError, OSError) as error:
                skipped.append(f"{path.name}: {error}")
                continue
            size = (puzzle.n, puzzle.stars)
            _, built = bench.open_board(partial(bench.session.open, puzzle), drawn(puzzle), path.name)
            builds[size].append(built)
            engine = LevelEngine(puzzle)
            for click in level_clicks(LevelEngine(puzzle), clicks, rng):
                shown, done, _ = bench.click(click)
                shown_ms[size].append(shown)
                settled_ms[size].append(done)
                getattr(engine, click.action)(*click.cell)
                engine.settle()
                board = bench.session.configurator
                assert board is not None
                differ[size] += int(not np.array_equal(board.view.codes, engine.view().codes))
        bench.close()
    app.processEvents()
    return {
        "sizes": [
            {
                "n": size[0],
                "stars": size[1],
                "levels": len(builds[size]),
                "clicks": len(shown_ms[size]),
                "build_ms": summary(builds[size]),
                "click_to_shown_ms": summary(shown_ms[size]),
                "click_to_settled_ms": summary(settled_ms[size]),
                "states_differ": differ[size],
            }
            for size in sorted(builds)
        ],
        "skipped": skipped,
    }


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
