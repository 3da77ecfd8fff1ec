"""``nqueens bench --engine sat --play PATTERN --gui``: the games of ``play_bench`` played in the real window,
by real mouse clicks on what the window paints: each click is timed until a paint shows the next row the
pattern plays with a proven-open (or forced) square, and the next move is chosen among the squares painted
proven open after the player has thought ``THINK`` seconds."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import summary
from app.bench.play_bench import MOVES, Known, attacked_marks, next_free_row
from app.bench.sat_window_bench import SatWindowBench, settled
from app.bench.window_probes import Paint, pause, wait_until
from app.gui.board.theme import quiet_platform_notes
from bdd_model import Cell, CellState
from bdd_model.families import RuleFamily

OPEN_OR_FORCED = (CellState.OPEN, CellState.FORCED)


def next_row_shown(paint: Paint, cell: Cell, action: str, fitting: bool) -> bool:
    """The paint shows the click taken and, in the next row the pattern plays, a proven-open or
    forced square (``fitting``: or one a queen is proven to fit on), or no row left."""
    picture = paint.picture
    states: Known = picture.states
    taken = CellState.QUEEN if action == "place" else CellState.MARKED
    if states[cell.row][cell.col] is not taken:
        return False
    row = next_free_row(states)
    if row is None or any(state in OPEN_OR_FORCED for state in states[row]):
        return True
    return fitting and any(picture.fits(row, col) for col in range(picture.n))


def playable(paint: Paint) -> Known:
    """The painted board as a player reads it to choose: a square marked as one a queen fits on
    is played like an open one."""
    picture = paint.picture
    return [
        [CellState.OPEN if picture.fits(r, c) else state for c, state in enumerate(row)]
        for r, row in enumerate(picture.states)
    ]


class WindowGame:
    """One game in the window, and its clicks' timings."""

    def __init__(self, bench: SatWindowBench, think: float, limit: float) -> None:
        self.bench, self.think, self.limit = bench, think, limit
        self.next_ms: list[float] = []
        self.fits_ms: list[float] = []
        self.per_click: list[dict[str, Any]] = []
        self.cut = False

    def shown(self) -> Known:
        """What the window paints now, as a player reads it."""
        return playable(self.bench.probe.paints[-1])

    def click(self, cell: Cell, action: str) -> bool:
        """Click as a person does and time it; then think. False when the next row showed no
        proven-open square within the limit."""
        board = self.bench.board
        button = Qt.MouseButton.LeftButton if action == "place" else Qt.MouseButton.RightButton
        started = time.perf_counter()
        QTest.mouseClick(board, button, pos=board.cell_rect(cell).center())

        def first(fitting: bool) -> float | None:
            paint = self.bench.probe.first_after(started, lambda p: next_row_shown(p, cell, action, fitting))
            return None if paint is None else (paint.ended - started) * 1000

        fits: list[float] = []

        def fitted() -> bool:
            ms = first(True)
            if ms is not None:
                fits.append(ms)
            return bool(fits)

        try:
            wait_until(fitted, self.limit, f"the next row after {cell.label()}")
        except TimeoutError:
            self.per_click.append({"action": action, "cell": cell.one_based(), "next_row_fits_ms": None})
            self.cut = True
            return False
        opened = first(False)
        thought = time.perf_counter() + self.think
        while time.perf_counter() < thought and not settled(self.bench.session):
            pause(0.01)
            opened = opened if opened is not None else first(False)
        self.fits_ms.append(fits[0])
        if opened is not None:
            self.next_ms.append(opened)
        self.per_click.append(
            {
                "action": action,
                "cell": cell.one_based(),
                "next_row_fits_ms": round(fits[0], 2),
                "next_row_ms": None if opened is None else round(opened, 2),
            }
        )
        return True


def play_in_window(
    n: int, pattern: str, marks: bool, think: float, limit: float, rules: RuleFamily
) -> dict[str, Any]:
    """Play the pattern in the window until solved (or a click is cut at ``limit`` seconds)."""
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    move = MOVES[pattern]
    with tempfile.TemporaryDirectory() as folder:
        bench = SatWindowBench(n, Path(folder), rules)
        bench.start_engine()
        bench.open()
        game = WindowGame(bench, think, limit)
        while next_free_row(states := game.shown()) is not None:
            cell = move(states)
            if cell is None:
                raise RuntimeError(f"the {pattern} pattern found no proven-open square in the window")
            if not game.click(cell, "place"):
                break
            for mark in attacked_marks(game.shown(), cell, rules) if marks else []:
                if not game.click(mark, "mark"):
                    break
            if game.cut:
                break
        solved = not game.cut and next_free_row(game.shown()) is None
        stall = bench.meter.longest_ms
        bench.close()
    app.processEvents()
    return {
        "engine": "sat",
        "n": n,
        "rules": rules.name,
        "pattern": pattern,
        "marks": marks,
        "think_s": think,
        "solved": solved,
        "clicks": len(game.per_click),
        "cut_clicks": int(game.cut),
        "next_row_fits_ms": summary(game.fits_ms),
        "next_row_ms": summary(game.next_ms),
        "next_row_open_clicks": len(game.next_ms),
        "longest_stall_ms": round(stall, 1),
        "per_click": game.per_click,
    }
