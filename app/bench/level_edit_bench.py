"""The setter's bench timed (``nqueens bench --gui --level FOLDER --edit``): each level of the folder
repainted in the editor window from each row its own region, one square per step as a setter paints
(the grid's own signals), each step timed to the count and the outlines painted; and ``level fix``
on each level with one square moved so that it has several solutions (the setter's case)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from functools import partial
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import summary
from app.bench.window_bench import offscreen_without_display
from app.bench.window_probes import wait_until
from app.gui.board.theme import quiet_platform_notes
from app.gui.setting.level_editor import LevelEditor
from bdd_model.board import Cell
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.regions import neighbours
from bdd_model.levels.setting.answers import COUNTED_TO
from bdd_model.levels.setting.fixes import changed, fixes
from bdd_model.levels.setting.sketch import SIZES, Sketch
from bdd_model.puzzles.level import Level, LevelError

ANSWER_TIMEOUT_S = 120.0
GOALS_MS = {"small": 16.0, "large": 50.0}
"""Count and outlines after a painted square, p95: to 11×11 with one star, and past it."""
FIX_GOAL_MS = 1000.0
"""``level fix`` p95 to 11×11."""


def repainted(editor: LevelEditor, target: Sketch) -> tuple[list[float], list[float], int]:
    """Milliseconds from each painted square to its answer painted, for grids of at most a million
    solutions and for those with more, and the steps that left a region missing."""
    counted: list[float] = []
    more: list[float] = []
    missing = 0
    heard: list[object] = []
    editor.counting.done.connect(lambda level, _: heard.append(level))
    grid = editor.grid
    for r in range(target.n):
        for c in range(target.n):
            cell = Cell(r, c)
            if editor.sketch.symbol(cell) == target.symbol(cell):
                continue
            editor.regions.choose(target.symbol(cell))
            heard.clear()
            started = time.perf_counter()
            grid.stroke_started.emit()
            grid.square_painted.emit(cell)
            grid.stroke_ended.emit()
            level = editor.level
            if level is None:
                missing += 1
                continue
            wait_until(partial(_heard, heard, level), ANSWER_TIMEOUT_S, "the count")
            QApplication.processEvents()
            grid.repaint()
            took = (time.perf_counter() - started) * 1000
            assert editor.answer is not None
            (counted if editor.answer.solutions <= COUNTED_TO else more).append(took)
    return counted, more, missing


def _heard(heard: list[object], level: Level) -> bool:
    return level in heard


def one_square_off(level: Level) -> Level | None:
    """The first change of one square to a region beside it that leaves several solutions."""
    for r in range(level.n):
        for c in range(level.n):
            source = level.regions[r][c]
            for rr, cc in neighbours(level.n, (r, c)):
                target = level.regions[rr][cc]
                if target == source:
                    continue
                try:
                    moved = changed(level, Cell(r, c), target)
                except LevelError:
                    continue
                if LevelSearch(moved).counted(limit=2).solutions > 1:
                    return moved
    return None


def measure(folder: Path) -> dict[str, object]:
    paths = sorted(folder.iterdir()) if folder.is_dir() else [folder]
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    found: dict[tuple[int, int], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    missing: dict[tuple[int, int], int] = defaultdict(int)
    skipped: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        for path in paths:
            try:
                level = read_level(path)
            except (LevelError, OSError) as error:
                skipped.append(f"{path.name}: {error}")
                continue
            if level.n not in SIZES or level.n < 4 * level.stars:
                skipped.append(f"{path.name}: {level.n}×{level.n} is not painted")
                continue
            key = (level.n, level.stars)
            editor = LevelEditor(Sketch.of_rows(level.n, level.stars), settings)
            editor.resize(760, 640)
            editor.show()
            counted, more, left = repainted(editor, Sketch.of_level(level))
            found[key]["counted"] += counted
            found[key]["more"] += more
            missing[key] += left
            editor.steps.setClean()  # the setter leaves the level unsaved: no question on closing
            editor.close()
            app.processEvents()
            off = one_square_off(level)
            if off is not None:
                started = time.perf_counter()
                fixes(off)
                found[key]["fix"].append((time.perf_counter() - started) * 1000)
    sizes = []
    for (n, stars), times in sorted(found.items()):
        goal = GOALS_MS["small" if n <= 11 and stars == 1 else "large"]
        figures = summary(times["counted"])
        fix = summary(times["fix"])
        fix_goal = FIX_GOAL_MS if n <= 11 and stars == 1 else None
        sizes.append(
            {
                "n": n,
                "stars": stars,
                "steps": len(times["counted"]),
                "answer_ms": figures,
                "goal_p95_ms": goal,
                "more_than_a_million": len(times["more"]),
                "more_answer_ms": summary(times["more"]),
                "missing_steps": missing[n, stars],
                "fixes": len(times["fix"]),
                "fix_ms": fix,
                "fix_goal_p95_ms": fix_goal,
                "met": figures["p95"] <= goal and (fix_goal is None or fix["p95"] <= fix_goal),
            }
        )
    return {"sizes": sizes, "skipped": skipped, "met": all(size["met"] for size in sizes)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="level_edit_bench")
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    offscreen_without_display()
    print(json.dumps(measure(args.folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
