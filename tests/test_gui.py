"""The desktop window, driven as a user would: clicks, keys, menus, files, background compiles."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QImage

from app.gui.board.theme import DARK, LIGHT, board_colors, is_dark
from app.gui.mid_end.session import BoardSession
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.cnf.encoding import dimacs, smtlib
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import dumps
from tests import oracle
from tests.gui_helpers import click, decisions_of, make_window, run_gui, warned


def test_left_click_places_and_removes_a_queen(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    assert decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert window.board.picture.states[0][0] is CellState.QUEEN
    click(qtbot, window, 3, 2)
    click(qtbot, window, 0, 0)
    assert decisions_of(window) == [Decision(Cell(3, 2), DecisionKind.QUEEN)]


def test_right_click_toggles_a_mark(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 4, 4, Qt.MouseButton.RightButton)
    assert window.session.configurator.cell(4, 4) is CellState.MARKED
    assert window.board.picture.states[4][4] is CellState.MARKED
    click(qtbot, window, 4, 4, Qt.MouseButton.RightButton)
    assert decisions_of(window) == []


def test_a_click_on_a_closed_square_changes_nothing_and_says_why(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    before = (decisions_of(window), window.session.configurator.count)
    click(qtbot, window, 0, 5)
    assert (decisions_of(window), window.session.configurator.count) == before
    assert "in line with the queen at 1,1" in window.status_line.text()
    look_ahead = next(
        Cell(r, c)
        for r in range(8)
        for c in range(8)
        if window.session.configurator.cell(r, c) is CellState.LOOKAHEAD
    )
    click(qtbot, window, *look_ahead)
    assert decisions_of(window) == before[0]
    assert "no remaining solution has a queen there" in window.status_line.text()


def test_forced_queens_appear_and_vanish(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 6)
    click(qtbot, window, 0, 1)
    states = window.board.picture.states
    forced = {Cell(r, c) for r in range(6) for c in range(6) if states[r][c] is CellState.FORCED}
    assert forced == {Cell(1, 3), Cell(2, 5), Cell(3, 0), Cell(4, 2), Cell(5, 4)}
    assert "solved" in window.windowTitle()
    click(qtbot, window, 0, 1)
    assert not any(s is CellState.FORCED for row in window.board.picture.states for s in row)
    assert "solved" not in window.windowTitle()


def test_undo_redo_and_restart_with_the_keyboard(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 4)
    click(qtbot, window, 6, 6, Qt.MouseButton.RightButton)
    taken = decisions_of(window)
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == taken[:2]
    qtbot.keyClick(
        window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert decisions_of(window) == taken
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == taken
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == []
    assert window.session.configurator.count == 92
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == taken


def test_removing_an_early_queen_keeps_the_later_ones(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 4)
    click(qtbot, window, 0, 0)
    assert decisions_of(window) == [Decision(Cell(1, 4), DecisionKind.QUEEN)]
    window.commands.undo.trigger()
    assert decisions_of(window) == [
        Decision(Cell(0, 0), DecisionKind.QUEEN),
        Decision(Cell(1, 4), DecisionKind.QUEEN),
    ]


def test_keyboard_cursor_places_and_marks(qtbot, window: MainWindow) -> None:
    board = window.board
    board.setFocus()
    qtbot.keyClick(board, Qt.Key.Key_Down)
    assert board.cursor_cell == Cell(1, 0), "the first press moves too: Down, Right, Right is 2,3"
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Right)
    qtbot.keyClick(board, Qt.Key.Key_Return)
    assert decisions_of(window) == [Decision(Cell(1, 2), DecisionKind.QUEEN)]
    qtbot.keyClick(board, Qt.Key.Key_Down)
    qtbot.keyClick(board, Qt.Key.Key_Space)
    assert decisions_of(window)[-1] == Decision(Cell(2, 2), DecisionKind.MARK)
    qtbot.mouseMove(board, board.cell_rect(Cell(5, 5)).center())
    assert board.cursor_cell is None


def test_status_bar_count_is_the_engines(qtbot, window: MainWindow) -> None:
    assert "92 solutions ·" in window.count_label.text()
    click(qtbot, window, 0, 0)
    cfg = window.session.configurator
    expected = len(oracle.remaining(8, {Cell(0, 0): DecisionKind.QUEEN}))
    assert cfg.count == expected
    assert f"{expected} solutions ·" in window.count_label.text()
    assert "1 placed of 8 queens" in window.count_label.text()


def test_completion_is_shown(qtbot, window: MainWindow) -> None:
    solved = []
    window.session.solved.connect(lambda: solved.append(True))
    for col in (0, 4, 7, 5, 2, 6, 1):
        click(qtbot, window, len(decisions_of(window)), col)
    qtbot.waitUntil(lambda: solved == [True])
    assert window.windowTitle() == "8×8 board, solved[*]"
    assert window.count_label.text().startswith("Solved: 8 queens")
    assert window.board._banner == "Solved!"
    qtbot.waitUntil(lambda: window.board._banner_opacity > 0.5, timeout=2000)


def test_copy_board_as_text(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 4)
    click(qtbot, window, 0, 1)
    window.commands.copy.trigger()
    assert QGuiApplication.clipboard().text() == ". Q . . \n. . . Q \nQ . . . \n. . Q . \n"


def test_save_and_open_round_trip(qtbot, window: MainWindow, tmp_path: Path) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 5, 5, Qt.MouseButton.RightButton)
    taken = decisions_of(window)
    path = tmp_path / "game.nqueens.json"
    assert window.files.save_to(path)
    assert json.loads(path.read_text())["decisions"] == [
        {"cell": [1, 1], "kind": "queen"},
        {"cell": [6, 6], "kind": "empty"},
    ]
    window.session.restart()
    assert window.files.open_from(path)
    assert decisions_of(window) == taken


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"hello": 1}', "not an N-Queens configuration"),
        (dumps(FamilyPuzzle(8), [])[:30], "not a configuration"),
        ("\x00\x01garbage", "not a configuration"),
        (
            json.dumps({"format": "nqueens-configuration", "version": 1, "n": 101, "decisions": []}),
            "impossible",
        ),
        (
            json.dumps({"format": "nqueens-configuration", "version": 1, "n": 0, "decisions": []}),
            "impossible",
        ),
        (
            json.dumps(
                {
                    "format": "nqueens-configuration",
                    "version": 1,
                    "n": 8,
                    "decisions": [{"cell": [9, 1], "kind": "queen"}],
                }
            ),
            "off the 8×8 board",
        ),
        (
            dumps(
                FamilyPuzzle(8),
                [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 1), DecisionKind.QUEEN)],
            ),
            "decision 2 cannot be taken",
        ),
        (
            dumps(
                FamilyPuzzle(6),
                [Decision(Cell(0, 1), DecisionKind.QUEEN), Decision(Cell(1, 3), DecisionKind.MARK)],
            ),
            "decision 2 cannot be taken",
        ),
    ],
)
def test_bad_files_are_refused_and_the_board_is_untouched(
    qtbot, window: MainWindow, tmp_path: Path, content: str, message: str
) -> None:
    click(qtbot, window, 0, 0)
    before = decisions_of(window)
    path = tmp_path / "bad.nqueens.json"
    path.write_text(content)
    window.files.open_from(path)
    assert window.session.n == 8
    assert decisions_of(window) == before
    assert message in warned(window)


def test_an_unreadable_file_is_refused(qtbot, window: MainWindow, tmp_path: Path) -> None:
    assert not window.files.open_from(tmp_path / "missing.json")
    assert "Could not read missing.json" in warned(window)
    assert not window.files.save_to(tmp_path / "no" / "such" / "folder.json")
    assert "Could not save" in warned(window)


def test_size_chooser_and_remembered_settings(qtbot, window: MainWindow, tmp_path: Path) -> None:
    window.size_box.lineEdit().selectAll()
    qtbot.keyClicks(window.size_box, "6")
    qtbot.keyClick(window.size_box, Qt.Key.Key_Return)
    assert window.session.n == 6
    assert window.session.configurator.count == 4
    assert window.settings.value("board/size") == 6
    window.resize(760, 700)
    window.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(BoardSession(), settings)
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (760, 700)


def test_every_size_opens_at_its_count(qtbot, window: MainWindow) -> None:
    for n in range(1, 10):
        window.sizes.choose(n)
        assert window.session.n == n
        assert window.session.configurator.count == oracle.A000170[n - 1]


def test_dark_and_light_palettes(qtbot, window: MainWindow) -> None:
    window.set_appearance("dark")
    assert is_dark(QGuiApplication.palette())
    qtbot.waitUntil(lambda: board_colors(window.board.palette()) is DARK)
    assert window.settings.value("view/appearance") == "dark"
    window.set_appearance("light")
    qtbot.waitUntil(lambda: board_colors(window.board.palette()) is LIGHT)
    window.set_appearance("system")


def test_a_background_compile_reports_progress_and_installs_the_board(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    session = window.session
    session.sources.in_process_max_n = 0
    progress = []
    session.sources.compileProgress.connect(progress.append)
    click(qtbot, window, 0, 0)
    with qtbot.waitSignal(session.boardReplaced, timeout=60000):
        window.sizes.choose(9)
        assert session.sources.compiling == 9
        assert window.compile_indicator.cancel_button.isVisible()
    assert session.n == 9 and session.configurator.count == 352
    assert {p.phase for p in progress} == {"search", "build", "freeze"}
    assert progress[-1].phase == "freeze" and progress[-1].done == progress[-1].total
    assert not window.compile_indicator.cancel_button.isVisible()


def test_cancel_keeps_the_previous_board_and_the_event_loop_runs(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    session = window.session
    click(qtbot, window, 0, 0)
    ticks = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    with qtbot.waitSignal(session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    assert session.sources.compiling == 13
    qtbot.wait(200)
    assert len(ticks) >= 3
    click(qtbot, window, 1, 4)
    assert len(decisions_of(window)) == 2
    with qtbot.waitSignal(session.sources.compileEnded, timeout=10000):
        window.compile_indicator.cancel_button.click()
    assert session.n == 8 and len(decisions_of(window)) == 2
    assert "cancelled" in window.status_line.text()
    assert window.size_box.value() == 8


def test_a_crashed_compile_keeps_the_previous_board(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    session = window.session
    with qtbot.waitSignal(session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    pid = session.sources._job._process.processId()
    with qtbot.waitSignal(session.sources.compileEnded, timeout=10000):
        os.kill(pid, signal.SIGKILL)
    assert session.n == 8
    assert "stopped by the system" in warned(window)


def test_screenshot_writes_a_picture(tmp_path: Path) -> None:
    path = tmp_path / "shot.png"
    result = run_gui(tmp_path, "8", "--queen", "2,3", "--queen", "3,7", "--screenshot", str(path))
    assert result.returncode == 0, result.stderr
    image = QImage(str(path))
    assert image.width() > 300 and image.height() > 300
    assert (
        len({image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}) > 20
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["8", "--queen", "1,1", "--queen", "1,2"], "cannot place a queen on 1,2"),
        (["8", "--queen", "9,9"], "cell 9,9 is off the 8×8 board"),
        (["101"], "N=101 is above 100, the largest board this program answers"),
        (["16", "--engine", "bdd"], "N=16 would need about 35 GB"),
        (["30", *(a for c in range(1, 31) for a in ("--empty", f"1,{c}"))], "decision 30 cannot be taken"),
        (["8", "--window-size", "huge"], "not of the form WIDTHxHEIGHT"),
    ],
)
def test_screenshot_bad_input_exits_2(tmp_path: Path, argv: list[str], message: str) -> None:
    result = run_gui(tmp_path, *argv, "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr
    assert not (tmp_path / "x.png").exists()


def test_running_out_of_memory_keeps_the_previous_board(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    monkeypatch.setenv("NQUEENS_MEMORY_LIMIT_MB", "250")
    click(qtbot, window, 0, 0)
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=60000):
        window.sizes.choose(13)
    assert window.session.n == 8 and len(decisions_of(window)) == 1
    assert "ran out of memory" in warned(window)


def test_export_dimacs_and_smtlib_for_the_current_size(qtbot, window: MainWindow, tmp_path: Path) -> None:
    assert window.files.export_to(tmp_path / "a.cnf", "cnf")
    assert (tmp_path / "a.cnf").read_text() == "".join(dimacs(8))
    assert "736 clauses" in window.status_line.text()
    window.sizes.choose(5)
    assert window.files.export_to(tmp_path / "a.smt2", "smt2")
    assert (tmp_path / "a.smt2").read_text() == "".join(smtlib(5))
    assert not window.files.export_to(tmp_path / "missing" / "x.cnf", "cnf")
    assert "Could not export" in warned(window)


def test_a_compile_reaches_the_window_even_when_the_cache_cannot_be_written(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(blocker / "cache"))
    window.session.sources.in_process_max_n = 0
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.sizes.choose(7)
    assert window.session.configurator.count == 40


def test_a_board_without_solutions_says_so(qtbot, window: MainWindow) -> None:
    window.sizes.choose(3)
    assert window.session.configurator.count == 0
    assert window.status_line.text() == (
        "No 3 queens fit on the 3×3 board without attacking: every square is closed. "
        "Nearest sizes with solutions: 1×1 and 4×4."
    )
    assert all(s is CellState.LOOKAHEAD for row in window.board.picture.states for s in row)
    click(qtbot, window, 1, 1)
    assert decisions_of(window) == []


def test_the_window_on_a_board_without_solutions(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 3)
    click(qtbot, window, 0, 0, Qt.MouseButton.RightButton)
    assert decisions_of(window) == [] and window.session.undo_stack.count() == 0
    assert "has no solution" in window.status_line.text()
    assert not window.commands.solve.isEnabled() and not window.commands.hint.isEnabled()
    assert not window.panel.solve_button.isEnabled()
