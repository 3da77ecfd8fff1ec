"""Nothing is lost: the board in play is on disk within a second of every change, a window
killed with ``kill -9`` comes back with it, a second window never overwrites the first one's
board, and a damaged kept board is skipped in one line."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QSettings

from app.gui.main_window import MainWindow
from app.gui.session import BoardSession
from bdd_model import Cell, Decision, DecisionKind
from tests.gui_helpers import click, decisions_of

QUEEN = DecisionKind.QUEEN


def new_window(qtbot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(BoardSession(), settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def kept(tmp_path: Path) -> list[dict]:
    """The boards kept in the folder beside the settings, newest first."""
    files = sorted((tmp_path / "boards").glob("window-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return [json.loads(path.read_text()) for path in files]


def test_a_board_is_kept_at_once_and_reopened_with_its_history(qtbot, tmp_path: Path) -> None:
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    click(qtbot, first, 0, 0)
    click(qtbot, first, 1, 4)
    qtbot.waitUntil(
        lambda: bool(kept(tmp_path)) and len(kept(tmp_path)[0]["board"]["decisions"]) == 2, timeout=1000
    )
    assert kept(tmp_path)[0]["clean"] is False
    first.close()
    assert kept(tmp_path)[0]["clean"] is True
    again = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(again.session.boardReplaced):
        again.reopen()
    assert decisions_of(again) == [Decision(Cell(0, 0), QUEEN), Decision(Cell(1, 4), QUEEN)]
    assert again.status_text() == "Reopened the 8×8 board with 2 decisions, as you left it."
    again.actions.undo.trigger()
    assert decisions_of(again) == [Decision(Cell(0, 0), QUEEN)]
    assert len(kept(tmp_path)) == 1, "the reopened board is kept in the same file"


def test_a_second_window_keeps_its_own_board_and_opens_offset(qtbot, tmp_path: Path) -> None:
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    click(qtbot, first, 0, 0)
    qtbot.waitUntil(
        lambda: bool(kept(tmp_path)) and len(kept(tmp_path)[0]["board"]["decisions"]) == 1, timeout=1000
    )
    second = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(second.session.boardReplaced):
        second.reopen()
    assert decisions_of(second) == []
    assert "Another N-Queens window is open" in second.status_text()
    assert (second.x() - first.x(), second.y() - first.y()) == (40, 40)
    click(qtbot, second, 3, 3)
    qtbot.waitUntil(lambda: len(kept(tmp_path)) == 2, timeout=1000)
    boards = sorted(len(record["board"]["decisions"]) for record in kept(tmp_path))
    assert boards == [1, 1] and first.autosave.path != second.autosave.path


def test_a_damaged_kept_board_is_skipped_in_one_line(qtbot, tmp_path: Path) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "window-deadbeef.json").write_text('{"format": "nqueens-autosave", "version": 1, "board": 7}')
    window = new_window(qtbot, tmp_path)
    said: list[str] = []
    window.autosave.noted.connect(said.append)
    with qtbot.waitSignal(window.session.boardReplaced):
        window.reopen()
    assert window.session.n == 8 and decisions_of(window) == []
    assert said == ["A board kept from before could not be read (window-deadbeef.json); it was left alone."]


def test_a_kill_dash_9_loses_at_most_the_last_second(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
    folder = tmp_path / "nqueens-configurator" / "boards"

    def boards() -> list[dict]:
        records = []
        for path in folder.glob("window-*.json"):
            try:
                records.append(json.loads(path.read_text()))
            except ValueError:
                continue
        return records

    def wait_for(test, process: subprocess.Popen) -> None:
        deadline = time.monotonic() + 60
        while not test() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert test(), process.poll()

    first = subprocess.Popen([sys.executable, "-m", "app", "8", "--queen", "1,1", "--queen", "2,5"], env=env)
    wait_for(lambda: any(len(b["board"]["decisions"]) == 2 for b in boards()), first)
    killed_at = time.time()
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    second = subprocess.Popen([sys.executable, "-m", "app"], env=env)
    try:
        wait_for(lambda: any(b["saved_at"] > killed_at for b in boards()), second)
        (record,) = boards()
        assert record["board"]["n"] == 8 and record["clean"] is False
        assert record["board"]["decisions"] == [
            {"cell": [1, 1], "kind": "queen"},
            {"cell": [2, 5], "kind": "queen"},
        ]
    finally:
        second.terminate()
        second.wait(timeout=30)
