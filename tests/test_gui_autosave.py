"""Nothing is lost: the board in play is on disk within a second of every change, a window
killed with ``kill -9`` comes back with it, a second window never overwrites the first one's
board, and a damaged kept board is skipped in one line."""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QLockFile, QSettings

from app.gui.mid_end.autosave import MAX_BYTES
from app.gui.mid_end.session import BoardSession
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import dumps
from tests.gui_helpers import click, decisions_of, warned

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
    assert again.status_line.text() == "Reopened the 8×8 board with 2 decisions, as you left it."
    again.commands.undo.trigger()
    assert decisions_of(again) == [Decision(Cell(0, 0), QUEEN)]
    assert len(kept(tmp_path)) == 1, "the reopened board is kept in the same file"


def test_the_unsaved_mark_follows_the_file_across_a_restart_and_a_kill_dash_9(qtbot, tmp_path: Path) -> None:
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    click(qtbot, first, 0, 0)
    assert first.files.save_to(tmp_path / "game1.nqueens.json")
    click(qtbot, first, 1, 6)
    assert first.isWindowModified()
    qtbot.waitUntil(
        lambda: bool(kept(tmp_path)) and len(kept(tmp_path)[0]["board"]["decisions"]) == 2, timeout=1000
    )
    crashed = kept(tmp_path)[0]
    assert crashed["clean"] is False and crashed["saved_back"] == 1, "what a kill -9 now leaves"
    first.close()
    again = reopened(qtbot, tmp_path)
    assert again.windowTitle() == "game1.nqueens.json (8×8)[*]" and again.isWindowModified()
    again.commands.undo.trigger()
    assert decisions_of(again) == [Decision(Cell(0, 0), QUEEN)] and not again.isWindowModified()
    again.commands.redo.trigger()
    assert again.isWindowModified()
    again.close()
    (path,) = (tmp_path / "boards").glob("window-*.json")
    path.write_text(json.dumps(crashed))
    restored = reopened(qtbot, tmp_path)
    assert restored.status_line.text().startswith("Restored the 8×8 board with 2 decisions")
    assert restored.windowTitle() == "game1.nqueens.json (8×8)[*]" and restored.isWindowModified()


@pytest.mark.parametrize(("unsaved", "modified"), [(True, True), (False, False)])
def test_a_board_kept_before_the_place_of_its_save_was_kept_reads_its_unsaved_flag(
    qtbot, tmp_path: Path, unsaved: bool, modified: bool
) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    record = {
        "format": "nqueens-autosave",
        "version": 2,
        "saved_at": 1.5,
        "clean": True,
        "unsaved": unsaved,
        "engine": "auto",
        "board": {"n": 8, "decisions": [0], "file": str(tmp_path / "old.nqueens.json")},
        "tip": None,
        "steps": [],
    }
    (folder / "window-0ld0ld00.json").write_text(json.dumps(record))
    window = reopened(qtbot, tmp_path)
    assert decisions_of(window) == [Decision(Cell(0, 0), QUEEN)] and window.isWindowModified() is modified


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
    assert "Another N-Queens window is open" in second.status_line.text()
    assert (second.x() - first.x(), second.y() - first.y()) == (40, 40)
    click(qtbot, second, 3, 3)
    qtbot.waitUntil(lambda: len(kept(tmp_path)) == 2, timeout=1000)
    boards = sorted(len(record["board"]["decisions"]) for record in kept(tmp_path))
    assert boards == [1, 1] and first.autosave.path != second.autosave.path


def reopened(qtbot, tmp_path: Path) -> MainWindow:
    window = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.reopen()
    return window


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (
            lambda p: p.write_text('{"format": "nqueens-autosave", "version": 1, "board": 7}'),
            "it is not a kept board of this version",
        ),
        (lambda p: p.write_text("{not json"), "it is not a board this program wrote (damaged or cut short)"),
        (lambda p: os.mkfifo(p), "it is a FIFO (a named pipe), not a regular file"),
        (lambda p: p.symlink_to("/dev/zero"), "it is a device, not a regular file"),
        (lambda p: p.mkdir(), "it is a folder, not a regular file"),
        (lambda p: p.symlink_to(p.parent / "gone"), "it is a link to a file that does not exist"),
    ],
)
def test_a_kept_board_that_cannot_be_restored_is_put_aside_and_said(
    qtbot, tmp_path: Path, make, reason
) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    make(folder / "window-deadbeef.json")
    started = time.monotonic()
    window = reopened(qtbot, tmp_path)
    assert time.monotonic() - started < 10, "start-up is never held up"
    assert window.session.n == 8 and decisions_of(window) == []
    aside = [p.name for p in folder.glob("unreadable-deadbeef-*.json")]
    assert len(aside) == 1 and not (folder / "window-deadbeef.json").exists()
    assert warned(window) == (
        f"A board kept from before could not be read ({folder / 'window-deadbeef.json'}: {reason}); "
        f"it was put aside as {aside[0]}. Opened an empty 8×8 board instead."
    )


def test_a_full_disk_is_said_once_and_the_board_is_kept_again_when_space_returns(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.gui.mid_end.autosave as autosave

    window = reopened(qtbot, tmp_path)
    said: list[str] = []
    window.autosave.noted.connect(said.append)
    window.autosave.troubled.connect(said.append)
    full = [True]
    real = autosave._write_file

    def write(folder: Path, path: Path, text: str) -> str:
        return "No space left on device" if full[0] else real(folder, path, text)

    monkeypatch.setattr(autosave, "_write_file", write)
    click(qtbot, window, 0, 0)
    qtbot.waitUntil(lambda: len(said) == 1, timeout=5000)
    click(qtbot, window, 1, 4)
    qtbot.wait(600)
    trouble = "The board cannot be kept on disk (No space left on device); save it to keep it."
    assert said == [trouble] and warned(window) == trouble
    full[0] = False
    window.session.toggle_mark(Cell(7, 0))
    qtbot.waitUntil(lambda: len(said) == 3, timeout=5000)
    assert said[1:] == ["", "The board is kept on disk again."]
    assert warned(window) == "" and window.status_line.text() == said[2], (
        "the trouble is over: its message goes"
    )
    assert kept(tmp_path)[0]["board"]["decisions"] == [0, 2 * (8 + 4), 2 * 56 + 1]


def test_a_folder_whose_lock_cannot_be_made_is_said_and_play_goes_on(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import app.gui.mid_end.autosave as autosave

    class NoLock:
        LockError = QLockFile.LockError

        def __init__(self, path: str) -> None:
            pass

        def setStaleLockTime(self, ms: int) -> None:  # noqa: N802 - Qt's name
            pass

        def tryLock(self, ms: int = 0) -> bool:  # noqa: N802 - Qt's name
            return False

        def error(self) -> QLockFile.LockError:
            return QLockFile.LockError.PermissionError

    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "window-cafe.json").write_text("{}")
    monkeypatch.setattr(autosave, "QLockFile", NoLock)
    window = reopened(qtbot, tmp_path)
    text = warned(window)
    assert f"Boards cannot be kept in {tmp_path / 'boards'} (its lock file cannot be made)" in text
    assert "use File → Save to keep it" in text and "Another N-Queens window" not in text
    click(qtbot, window, 0, 0)
    assert decisions_of(window) == [Decision(Cell(0, 0), QUEEN)]


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_save_as_onto_a_fifo_or_a_device_is_refused_at_once(qtbot, tmp_path: Path, kind: str) -> None:
    window = reopened(qtbot, tmp_path)
    target = tmp_path / "target.nqueens.json"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    started = time.monotonic()
    assert window.files.save_to(target) is False
    assert time.monotonic() - started < 2
    what = "a FIFO (a named pipe)" if kind == "fifo" else "a device"
    assert warned(window) == f"Could not save target.nqueens.json: it is {what}, not a regular file"


class KeptBoards:
    """The boards kept by windows started as a user does (``python -m app``), in their folder."""

    def __init__(self, tmp_path: Path) -> None:
        self.env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen"}
        self.folder = tmp_path / "nqueens-configurator" / "boards"

    def records(self) -> list[dict]:
        records = []
        for path in self.folder.glob("window-*.json"):
            try:
                records.append(json.loads(path.read_text()))
            except (OSError, ValueError):
                continue
        return records

    def start(self, *argv: str) -> subprocess.Popen:
        return subprocess.Popen([sys.executable, "-m", "app", *argv], env=self.env)

    def wait_for(self, test, process: subprocess.Popen) -> None:
        deadline = time.monotonic() + 120
        while not test() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert test(), process.poll()

    def killed_and_restored(self, first: subprocess.Popen, count: int) -> dict:
        """Kill the window once its board with ``count`` decisions is kept; start another; the
        board that one keeps (it reopened the killed one's)."""
        self.wait_for(lambda: any(len(b["board"]["decisions"]) == count for b in self.records()), first)
        (before,) = self.records()
        killed_at = time.time()
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        second = self.start()
        try:
            self.wait_for(lambda: any(b["saved_at"] > killed_at for b in self.records()), second)
            (record,) = self.records()
        finally:
            second.terminate()
            second.wait(timeout=30)
        assert record["clean"] is False and record["board"] == before["board"]
        return record


def test_a_kill_dash_9_loses_at_most_the_last_second(tmp_path: Path) -> None:
    kept_boards = KeptBoards(tmp_path)
    record = kept_boards.killed_and_restored(kept_boards.start("8", "--queen", "1,1", "--queen", "2,5"), 2)
    assert record["board"]["puzzle"]["n"] == 8 and record["board"]["decisions"] == [0, 2 * (8 + 4)]


def test_a_window_sent_sigterm_closes_as_quit_does_and_reopens_its_board(tmp_path: Path) -> None:
    """A logout or ``kill`` is not a crash: the board is kept as closed, and reopened as left."""
    kept_boards = KeptBoards(tmp_path)
    first = kept_boards.start("8", "--queen", "1,1")
    kept_boards.wait_for(lambda: any(len(b["board"]["decisions"]) == 1 for b in kept_boards.records()), first)
    first.terminate()
    assert first.wait(timeout=30) == 0
    (record,) = kept_boards.records()
    assert record["clean"] is True and record["board"]["decisions"] == [0]


def staircase_game(count: int) -> list[str]:
    """``--queen``/``--empty`` arguments for ``count`` decisions on a 100×100 board: ten queens of
    a solution (row r's queen on column 2r + 2, 1-based) and marks on squares they attack."""
    queens = [(r, 2 * r + 1) for r in range(10)]
    marks = [
        (r, c)
        for r in range(10, 100)
        for c in range(100)
        if any(c == qc or abs(c - qc) == r - qr for qr, qc in queens)
    ]
    argv = []
    for r, c in queens:
        argv += ["--queen", f"{r + 1},{c + 1}"]
    for r, c in marks[: count - len(queens)]:
        argv += ["--empty", f"{r + 1},{c + 1}"]
    return argv


@pytest.mark.parametrize("count", [300, 1000])
def test_a_long_game_on_the_largest_board_survives_a_kill_dash_9(tmp_path: Path, count: int) -> None:
    kept_boards = KeptBoards(tmp_path)
    record = kept_boards.killed_and_restored(kept_boards.start("100", *staircase_game(count)), count)
    assert record["board"]["puzzle"]["n"] == 100 and len(record["board"]["decisions"]) == count


def test_a_configuration_with_every_square_but_one_solution_marked_is_kept(qtbot, tmp_path: Path) -> None:
    solution = [2 * r + 1 if r < 50 else 2 * (r - 50) for r in range(100)]
    marks = [
        Decision(Cell(r, c), DecisionKind.MARK) for r in range(100) for c in range(100) if solution[r] != c
    ]
    path = tmp_path / "one-solution.nqueens.json"
    path.write_text(dumps(FamilyPuzzle(100), marks))
    assert 500_000 < path.stat().st_size < 1 << 20
    window = reopened(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        assert window.files.open_from(path)
    qtbot.waitUntil(
        lambda: bool(kept(tmp_path)) and len(kept(tmp_path)[0]["board"]["decisions"]) == 9900, timeout=5000
    )
    assert (tmp_path / "boards").stat().st_size < MAX_BYTES
    window.close()
    again = reopened(qtbot, tmp_path)
    assert decisions_of(again) == marks


def test_the_window_keeps_its_size_and_place_through_a_crash(qtbot, tmp_path: Path) -> None:
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    first.resize(730, 570)
    qtbot.waitUntil(lambda: bool(kept(tmp_path)) and "geometry" in kept(tmp_path)[0], timeout=2000)
    geometry = kept(tmp_path)[0]["geometry"]
    first.autosave._lock.unlock()  # the window is gone without closing: its file is free
    again = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(again.session.boardReplaced):
        again.reopen()
    assert (again.width(), again.height()) == (730, 570)
    assert base64.b64decode(geometry)[:4] == b"\x01\xd9\xd0\xcb"  # Qt's geometry magic number


def test_a_build_cut_short_by_closing_is_offered_again_not_restarted(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    window = reopened(qtbot, tmp_path)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.choose(13)
    assert window.session.sources.compiling == 13
    window.close()
    again = reopened(qtbot, tmp_path)
    assert again.session.n == 13 and again.session.engine == "sat"
    assert not again.session.sources.compiling
    qtbot.waitUntil(lambda: again.build_bar.offered == 13, timeout=30000)
    assert not again.session.sources.compiling


def test_the_title_keeps_its_file_after_a_restart(qtbot, tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    first = MainWindow(BoardSession(), settings)
    qtbot.addWidget(first)
    first.show()
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    click(qtbot, first, 0, 0)
    assert first.files.save_to(tmp_path / "mine.nqueens.json")
    first.close()
    again = MainWindow(BoardSession(), settings)
    qtbot.addWidget(again)
    again.show()
    with qtbot.waitSignal(again.session.boardReplaced):
        again.reopen()
    assert again.windowTitle() == "mine.nqueens.json (8×8)[*]"
    assert not again.isWindowModified()


def test_the_command_lines_engine_and_theme_apply_to_that_start_only(tmp_path: Path) -> None:
    """The newcomer's `nqueens-gui 20 --engine sat` made the SAT engine the remembered choice (a
    later start reopened on it); N and the rules are remembered like any board played."""
    kept_boards = KeptBoards(tmp_path)
    settings = tmp_path / "nqueens-configurator" / "nqueens-gui.conf"

    def remembered() -> QSettings:
        return QSettings(str(settings), QSettings.Format.IniFormat)

    for argv in (["20", "--engine", "sat", "--theme", "dark", "--rules", "no-touch"], ["--engine", "sat"]):
        started = time.time()
        window = kept_boards.start(*argv)
        try:
            kept_boards.wait_for(
                lambda since=started: any(b["saved_at"] > since for b in kept_boards.records()), window
            )
            kept_boards.wait_for(settings.is_file, window)
        finally:
            window.terminate()
            window.wait(timeout=30)
        (record,) = kept_boards.records()
        assert record["engine"] == "auto" and record["board"]["puzzle"]["n"] == 20
        assert remembered().value("board/size") in ("20", 20)
        assert remembered().value("board/rules") == "no-touch"
        assert remembered().value("view/engine") is None and remembered().value("view/appearance") is None


def test_a_theme_for_one_start_is_checked_in_the_menu_and_not_remembered(qtbot, tmp_path: Path) -> None:
    window = new_window(qtbot, tmp_path)
    window.set_appearance("dark", remember=False)
    checked = [action.data() for action in window.commands.appearances.actions() if action.isChecked()]
    assert checked == ["dark"] and window.settings.value("view/appearance") is None
    window.set_appearance("light")
    assert window.settings.value("view/appearance") == "light"
    window.set_appearance("system")
