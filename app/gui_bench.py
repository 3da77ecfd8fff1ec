"""The window's side of ``nqueens bench --gui``: open a cached size, then click and repaint."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from bdd_model import DecisionKind, SolutionSpace
from bdd_model.bench import click_sequence, summary


def measure_window(space: SolutionSpace, clicks: int, seed: int) -> dict[str, object]:
    """Milliseconds from choosing the (cached) size to a painted board, and per click to repaint."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.session import BoardSession
    from app.theme import quiet_platform_notes

    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "bench.ini"), QSettings.Format.IniFormat)
        session = BoardSession(space.info.backend)
        window = MainWindow(session, settings)
        window.show()
        session.open_size(1 if space.n != 1 else 2)
        app.processEvents()
        started = time.perf_counter()
        window.choose_size(space.n)
        window.board.repaint()
        open_ms = (time.perf_counter() - started) * 1000
        times = []
        for click in click_sequence(space, clicks, seed):
            if click.fresh:
                session.restart()
            decided = {d.cell: d.kind for d in session.configurator.decisions}
            started = time.perf_counter()
            if click.action == "forbid" or decided.get(click.cell) is DecisionKind.MARK:
                session.toggle_mark(click.cell)
            else:
                session.activate(click.cell)
            window.board.repaint()
            times.append((time.perf_counter() - started) * 1000)
        window.close()
    return {"open_cached_ms": round(open_ms, 1), "click_to_paint_ms": summary(times)}
