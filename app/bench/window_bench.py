"""The window's side of ``nqueens bench --gui``, run as a child process so that the command line never imports
the window: on the BDD, open a cached size, then click and repaint; on the SAT engine,
``sat_window_bench``."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from app.bench.engine_bench import click_sequence, summary
from app.options import rules_name
from bdd_model import DecisionKind, SolutionSpace, load_or_compile
from bdd_model.families import CLASSIC


def offscreen_without_display() -> None:
    """Draw offscreen unless there is a display to draw on."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def measure_window(space: SolutionSpace, clicks: int, seed: int) -> dict[str, object]:
    """Milliseconds from choosing the (cached) size to a painted board, and per click to repaint."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.gui.board.theme import quiet_platform_notes
    from app.gui.mid_end.session import BoardSession
    from app.gui.window.main_window import MainWindow

    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "bench.ini"), QSettings.Format.IniFormat)
        session = BoardSession(space.info.backend, puzzle=space.puzzle)
        window = MainWindow(session, settings)
        window.show()
        session.open_size(1 if space.n != 1 else 2)
        app.processEvents()
        started = time.perf_counter()
        window.sizes.choose(space.n)
        window.board.repaint()
        open_ms = (time.perf_counter() - started) * 1000
        times = []
        for click in click_sequence(space, clicks, seed):
            if click.fresh:
                session.restart()
            board = session.configurator
            assert board is not None
            decided = {d.cell: d.kind for d in board.decisions}
            started = time.perf_counter()
            if click.action == "mark" or decided.get(click.cell) is DecisionKind.MARK:
                session.toggle_mark(click.cell)
            else:
                session.activate(click.cell)
            window.board.repaint()
            times.append((time.perf_counter() - started) * 1000)
        window.close()
    return {"open_cached_ms": round(open_ms, 1), "click_to_paint_ms": summary(times)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="window_bench")
    parser.add_argument("n", type=int)
    parser.add_argument("clicks", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("backend")
    parser.add_argument("--engine", choices=("bdd", "sat"), default="bdd")
    parser.add_argument("--rules", type=rules_name, default=CLASSIC)
    parser.add_argument("--soak", action="store_true")
    parser.add_argument("--play", choices=("left", "stair"))
    parser.add_argument("--marks", action="store_true")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--limit", type=float, default=600.0)
    args = parser.parse_args(argv)
    offscreen_without_display()
    if args.play:
        from app.bench.window_play_bench import play_in_window

        game = play_in_window(args.n, args.play, args.marks, args.think, args.limit, args.rules)
        print(json.dumps(game))
        return 0
    if args.soak:
        from app.bench.window_soak import soak_sat_window

        print(json.dumps(soak_sat_window(args.n, args.clicks, args.seed, args.rules)))
        return 0
    if args.engine == "sat":
        from app.bench.sat_window_bench import measure_sat_window

        print(json.dumps(measure_sat_window(args.n, args.clicks, args.seed, args.rules)))
        return 0
    space = load_or_compile(args.n, args.backend, rules=args.rules)
    print(json.dumps(measure_window(space, args.clicks, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
