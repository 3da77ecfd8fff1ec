"""The window's timings on the SAT engine (``nqueens bench --gui --engine sat``): the real window driven by
real keys, pointer moves and clicks, each figure ending when a completed paint shows the answer, with the
event loop's longest stall and the board's own share of the work."""

from __future__ import annotations

import json
import random
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import Click, clicks_from_records, summary
from app.bench.window_probes import CallTimer, Paint, PaintProbe, StallMeter, covers, pause, wait_until
from app.child_process import module_command
from app.gui.board.theme import quiet_platform_notes
from app.gui.mid_end.session import BoardSession
from app.gui.window.main_window import MainWindow
from app.gui.workers.garbage_collection import freeze_startup_garbage
from app.gui.workers.worker_board import WorkerBoard
from bdd_model import Cell, CellState, DecisionKind
from bdd_model.families import RuleFamily
from bdd_model.puzzles import FamilyPuzzle

MIN_SAMPLES = 30
"""Cursor moves and pointer moves timed, at least (as many as the clicks beyond)."""
PAUSE_S = 0.03
"""Between two inputs: answers they started (an explanation) arrive outside the next timing."""
TIMEOUT_S = 120.0
"""The longest any awaited paint may take before the bench gives up."""


def settled(session: BoardSession) -> bool:
    """The SAT engine has taken every change and decided every square of the session's board."""
    cfg = session.configurator
    return isinstance(cfg, WorkerBoard) and cfg.settled and not cfg.pending


def decided(paint: Paint) -> bool:
    """The paint shows every square decided."""
    return all(None not in row for row in paint.picture.states)


def arrow(cursor: Cell, n: int, heading: int) -> tuple[Qt.Key, int]:
    """The next arrow key of a sweep over the board, row by row, and the heading after it
    (+1 rightwards, -1 leftwards): never a key that would leave the cursor where it is."""
    if 0 <= cursor.col + heading < n:
        return (Qt.Key.Key_Right if heading > 0 else Qt.Key.Key_Left), heading
    return (Qt.Key.Key_Down if cursor.row < n - 1 else Qt.Key.Key_Up), -heading


def shows_click(click: Click, kind: DecisionKind | None) -> Callable[[Paint], bool]:
    """A paint that shows the click's decision taken (its queen and lines, its mark) or gone."""

    def shows(paint: Paint) -> bool:
        state = paint.picture.states[click.cell.row][click.cell.col]
        if click.action == "retract":
            return state is not (CellState.QUEEN if kind is DecisionKind.QUEEN else CellState.MARKED)
        return state is (CellState.QUEEN if click.action == "place" else CellState.MARKED)

    return shows


class SatWindowBench:
    """One window on the SAT engine and the timings taken on it."""

    def __init__(self, n: int, folder: Path, rules: RuleFamily) -> None:
        self.n = n
        settings = QSettings(str(folder / "bench.ini"), QSettings.Format.IniFormat)
        self.session = BoardSession(engine="sat", puzzle=FamilyPuzzle.of(rules, 1))
        self.window = MainWindow(self.session, settings)
        self.window.show()
        QTest.qWaitForWindowExposed(self.window)
        freeze_startup_garbage()
        self.board = self.window.board
        self.probe = PaintProbe(self.board)
        self.updates = CallTimer(self.board, "set_picture")
        self.meter = StallMeter(self.window)
        self.meter.start()

    def start_engine(self) -> float:
        """Start the SAT worker as the window does at start-up; ms to its first answer (1×1)."""
        started = time.perf_counter()
        self.session.sources.start_worker()
        self.session.open_size(1)
        ended = wait_until(lambda: self.session.n == 1 and settled(self.session), TIMEOUT_S, "a 1×1 board")
        return (ended - started) * 1000

    def open(self) -> tuple[float, float]:
        """Choose the n×n board: ms to it drawn, and to it drawn with every square decided. The
        stall meter and the board's timings start over: the worker's start-up (and the 1×1 board
        shown meanwhile) is not part of the run."""
        n = self.n
        self.meter.restart()
        self.probe.durations_ms.clear()
        self.updates.durations_ms.clear()
        return self.open_board(
            lambda: self.window.sizes.choose(n), lambda p: p.picture.n == n, f"the {n}×{n} board"
        )

    def open_board(
        self, show: Callable[[], object], shown: Callable[[Paint], bool], what: str
    ) -> tuple[float, float]:
        """``show`` a board: ms to a paint that ``shown`` recognises, and to it with every square
        decided, the worker then settled."""
        started = time.perf_counter()
        show()
        drawn = self.painted(started, shown, what)
        done = self.painted(started, lambda p: shown(p) and decided(p), f"{what} decided")
        wait_until(lambda: settled(self.session), TIMEOUT_S, f"{what} settled")
        return (drawn.ended - started) * 1000, (done.ended - started) * 1000

    def click(self, click: Click) -> tuple[float, float, float]:
        """One click as a real mouse click: ms to its decision shown, to every square decided,
        and the worker's own ms from taking the board to settling it."""
        if click.fresh:
            self.window.commands.restart.trigger()
            wait_until(lambda: settled(self.session), TIMEOUT_S, "a fresh board settled")
        board = self.session.configurator
        assert board is not None
        kinds = {d.cell: d.kind for d in board.decisions}
        kind = kinds.get(click.cell)
        right = click.action == "mark" or kind is DecisionKind.MARK
        button = Qt.MouseButton.RightButton if right else Qt.MouseButton.LeftButton
        started = time.perf_counter()
        QTest.mouseClick(self.board, button, pos=self.board.cell_rect(click.cell).center())
        shown = self.painted(started, shows_click(click, kind), f"the click on {click.cell.label()}")
        done = self.painted(started, lambda p: shows_click(click, kind)(p) and decided(p), "every square")
        wait_until(lambda: settled(self.session), TIMEOUT_S, "the board settled")
        cfg = self.session.configurator
        if cfg is None or cfg.decisions != click.after:
            raise RuntimeError(f"the window did not take the click on {click.cell.label()}")
        assert isinstance(cfg, WorkerBoard)
        pause(PAUSE_S)
        return (shown.ended - started) * 1000, (done.ended - started) * 1000, cfg.settle_ms

    def hover(self, cell: Cell) -> float:
        """Move the pointer onto ``cell``: ms to the square repainted."""
        centre = self.board.cell_rect(cell).center()
        started = time.perf_counter()
        QTest.mouseMove(self.board, centre)
        shown = self.painted(started, covers(centre), f"the pointer on {cell.label()}")
        pause(PAUSE_S)
        return (shown.ended - started) * 1000

    def sweep(self, moves: int) -> list[float]:
        """Show the keyboard cursor, then move it ``moves`` times: ms from each arrow key to the
        cursor's new square repainted."""
        QTest.keyClick(self.board, Qt.Key.Key_Right)
        heading, times = 1, []
        for _ in range(moves):
            key, heading = arrow(self.board.cursor_cell or Cell(0, 0), self.n, heading)
            started = time.perf_counter()
            QTest.keyClick(self.board, key)
            cursor = self.board.cursor_cell
            assert cursor is not None
            shown = self.painted(started, covers(self.board.cell_rect(cursor).center()), "the cursor")
            times.append((shown.ended - started) * 1000)
            pause(PAUSE_S)
        return times

    def close(self) -> None:
        """Close the window (the stall meter stops first)."""
        self.meter.stop()
        self.window.close()

    def painted(self, started: float, shows: Callable[[Paint], bool], what: str) -> Paint:
        """The first paint after ``started`` that ``shows`` what was waited for; each paint is
        looked at once (looking takes the window's thread too)."""
        found: Paint | None = None
        looked = started

        def arrived() -> bool:
            nonlocal found, looked
            found = self.probe.first_after(looked, shows)
            if found is None and self.probe.paints:
                looked = max(looked, self.probe.paints[-1].ended)
            return found is not None

        wait_until(arrived, TIMEOUT_S, what)
        assert found is not None
        return found


def sat_clicks(n: int, clicks: int, seed: int, rules: RuleFamily) -> list[Click]:
    """``click_sequence`` on the family's SAT engine, from a child process."""
    command = module_command("app.bench.engine_bench", str(n), str(clicks), str(seed), rules.name)
    child = subprocess.run(command, capture_output=True, text=True, check=True)
    return clicks_from_records(json.loads(child.stdout), n)


def measure_sat_window(n: int, clicks: int, seed: int, rules: RuleFamily) -> dict[str, object]:
    """The window's figures on an n×n SAT board of the family (milliseconds)."""
    sequence = sat_clicks(n, clicks, seed, rules)
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        bench = SatWindowBench(n, Path(folder), rules)
        engine_start = bench.start_engine()
        open_drawn, open_decided = bench.open()
        timed = [bench.click(click) for click in sequence]
        shown, done, engine = ([t[i] for t in timed] for i in range(3))
        samples = max(MIN_SAMPLES, clicks) if n > 1 else 0
        cells = [Cell(rng.randrange(n), rng.randrange(n)) for _ in range(samples)]
        QTest.mouseMove(bench.board, QPoint(1, 1))
        hovers = [bench.hover(cell) for i, cell in enumerate(cells) if i == 0 or cell != cells[i - 1]]
        moves = bench.sweep(samples)
        square = bench.board.cell_rect(Cell(0, 0)).width()
        size = bench.window.size()
        bench.close()
    app.processEvents()
    return {
        "engine": "sat",
        "n": n,
        "rules": rules.name,
        "window_px": [size.width(), size.height()],
        "square_px": square,
        "clicks": len(sequence),
        "engine_start_ms": round(engine_start, 1),
        "open_to_drawn_ms": round(open_drawn, 1),
        "open_to_decided_ms": round(open_decided, 1),
        "cursor_move_ms": summary(moves),
        "hover_ms": summary(hovers),
        "click_to_shown_ms": summary(shown),
        "click_to_settled_ms": summary(done),
        "engine_settle_ms": summary(engine),
        "settled_beyond_engine_ms": summary([d - e for d, e in zip(done, engine, strict=True)]),
        "longest_stall_ms": round(bench.meter.longest_ms, 1),
        "longest_busy_ms": round(bench.meter.longest_busy_ms, 1),
        "board_update_ms": summary(bench.updates.durations_ms),
        "board_paint_ms": summary(bench.probe.durations_ms),
    }
