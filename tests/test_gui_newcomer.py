"""The window as a new user finds it: current status, nothing cut or lost, a steady layout,
help and tooltips that explain, sizes in a menu with their costs."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from app.gui.board.board_widget import BoardPicture
from app.gui.widgets.action_help import plain_text, shortcut_text
from app.gui.window.compile_indicator import WORDS_WIDTH
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, CellState, Decision, DecisionKind, Progress, resolve_backend
from bdd_model.build_cost.costs import compile_cost
from bdd_model.saved_game import dumps
from bdd_model.wording import duration, memory
from tests.gui_helpers import click, decisions_of, make_window, warned


def board_square(window: MainWindow) -> QRect:
    """The board's squares as laid out now (position and size in the window)."""
    first = window.board.cell_rect(Cell(0, 0))
    last = window.board.cell_rect(Cell(window.session.n - 1, window.session.n - 1))
    top_left = window.board.mapTo(window, first.topLeft())
    return QRect(top_left, last.bottomRight() - first.topLeft() + top_left)


def test_the_status_line_describes_the_state_after_a_click(qtbot, window: MainWindow) -> None:
    qtbot.mouseMove(window.board, window.board.cell_rect(Cell(3, 3)).center())
    qtbot.mouseMove(window.board, window.board.cell_rect(Cell(0, 0)).center())
    assert window.status_line.text().startswith("1,1 is open")
    click(qtbot, window, 0, 0)
    assert window.status_line.text() == "1,1: your queen."
    click(qtbot, window, 0, 0)
    assert window.status_line.text().startswith("1,1 is open")


def test_the_status_line_follows_free_this_square_and_the_keyboard(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.point_at(Cell(1, 1))
    assert window.status_line.text().startswith("2,2 is closed")
    qtbot.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.session.configurator.cell(1, 1) is CellState.QUEEN
    assert window.status_line.text() == "2,2: your queen."
    window.board.setFocus()
    qtbot.keyClick(window.board, Qt.Key.Key_Right)
    qtbot.keyClick(window.board, Qt.Key.Key_Right)
    cursor = window.board.cursor_cell
    assert cursor is not None and window.status_line.text().startswith(f"{cursor.label()} ")
    qtbot.keyClick(window.board, Qt.Key.Key_Space)
    assert window.status_line.text().startswith(f"{cursor.label()}: marked empty by you.")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.status_line.text().startswith(f"{cursor.label()}: marked")


def test_a_long_message_is_elided_never_cut_and_stays_readable(qtbot, window: MainWindow) -> None:
    window.resize(640, 600)
    long = "Retract " + ", ".join(f"the queen at {r},{r}" for r in range(1, 15)) + " to free 9,9."
    window.show_message(long)
    line, counter = window.status_line, window.count_label
    qtbot.waitUntil(lambda: line.width() > 0)
    assert window.status_line.text() == long and line.is_elided()
    assert long in line.toolTip().replace("&amp;", "&")
    assert line.geometry().right() < counter.geometry().left()
    click(qtbot, window, 0, 0)
    window.point_at(Cell(1, 2))
    assert window.panel.why_label.text().startswith("Retract")


def test_undo_brings_back_the_previous_size_with_its_decisions(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 4, Qt.MouseButton.RightButton)
    taken = decisions_of(window)
    window.sizes.choose(6)
    assert window.session.n == 6 and decisions_of(window) == []
    assert window.commands.undo.text() == "&Undo Size 6×6"
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.session.n == 8 and decisions_of(window) == taken
    assert window.size_box.value() == 8
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == taken[:1]
    window.commands.redo.trigger()
    window.commands.redo.trigger()
    assert window.session.n == 6


def test_opening_a_file_is_undoable_and_the_title_marks_unsaved_work(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    assert not window.isWindowModified()
    click(qtbot, window, 0, 0)
    assert window.isWindowModified() and window.windowTitle() == "8×8 board[*]"
    path = tmp_path / "six.nqueens.json"
    path.write_text(dumps(6, [Decision(Cell(0, 1), DecisionKind.QUEEN)]))
    assert window.files.open_from(path)
    assert window.session.n == 6 and window.windowTitle() == "six.nqueens.json (6×6), solved[*]"
    assert not window.isWindowModified()
    window.commands.undo.trigger()
    assert window.session.n == 8 and decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert window.session.file_path is None and window.isWindowModified()
    saved = tmp_path / "eight.nqueens.json"
    assert window.files.save_to(saved)
    assert not window.isWindowModified() and window.windowTitle().startswith("eight.nqueens.json (8×8)")
    click(qtbot, window, 1, 4)
    assert window.isWindowModified()


def test_undoing_an_open_says_what_the_board_now_is(qtbot, window: MainWindow, tmp_path: Path) -> None:
    click(qtbot, window, 0, 0)
    path = tmp_path / "game1.nqueens.json"
    path.write_text(dumps(8, [Decision(Cell(0, 1), DecisionKind.QUEEN)]))
    assert window.files.open_from(path)
    assert (
        window.status_line.text()
        == "Opened game1.nqueens.json: the 8×8 board with 1 decision: 8 solutions remain."
    )
    window.commands.undo.trigger()
    assert window.status_line.text() == "Back to the 8×8 board with 1 decision: 4 solutions remain."
    window.commands.redo.trigger()
    assert window.status_line.text() == (
        "Back to the 8×8 board with 1 decision (game1.nqueens.json): 8 solutions remain."
    )


def test_a_second_bad_file_is_the_message_in_view(qtbot, window: MainWindow, tmp_path: Path) -> None:
    garbage, empty = tmp_path / "garbage.txt", tmp_path / "empty.nqueens.json"
    garbage.write_text("no configuration at all")
    empty.write_text("")
    assert not window.files.open_from(garbage)
    assert not window.files.open_from(empty)
    assert warned(window) == "empty.nqueens.json was not opened: the file is empty"


def test_leaving_a_file_with_unsaved_changes_for_another_size_says_undo_brings_them_back(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    click(qtbot, window, 0, 0)
    assert window.files.save_to(tmp_path / "mygame.nqueens.json")
    click(qtbot, window, 1, 6)
    window.session.open_size(6)
    assert window.status_line.text() == (
        "The 6×6 board: 4 solutions remain. Click a square to place a queen. "
        "mygame.nqueens.json had changes not saved: Undo (Ctrl+Z) brings them back."
    )
    window.commands.undo.trigger()
    assert window.windowTitle() == "mygame.nqueens.json (8×8)[*]" and window.isWindowModified()


def test_a_refused_open_leaves_a_running_compile_alone(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    with qtbot.waitSignal(window.session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    for bad in (
        dumps(6, [Decision(Cell(0, 1), DecisionKind.QUEEN), Decision(Cell(1, 3), DecisionKind.MARK)]),
        dumps(14, [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(5, 5), DecisionKind.QUEEN)]),
    ):
        path = tmp_path / "bad.json"
        path.write_text(bad)
        assert not window.files.open_from(path)
        assert "was not opened" in warned(window)
        assert window.session.sources.compiling == 13 and window.compile_indicator.cancel_button.isVisible()
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=10000):
        window.compile_indicator.cancel_button.click()


def test_the_board_does_not_move_when_the_heat_map_or_undo_changes(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 2)
    QApplication.processEvents()
    before = board_square(window)
    undo_button = window.toolbar.widgetForAction(window.commands.undo)
    undo_width = undo_button.width()
    window.commands.heat.trigger()
    QApplication.processEvents()
    assert board_square(window) == before
    click(qtbot, window, 1, 5, Qt.MouseButton.RightButton)
    states = window.session.configurator.states()
    target = next(Cell(r, c) for r in range(3, 8) for c in range(8) if states[r][c] is CellState.OPEN)
    click(qtbot, window, *target)
    QApplication.processEvents()
    assert undo_button.width() == undo_width
    assert f"Take back: Queen on {target.label()}" in window.commands.undo.toolTip()
    panel_width = window.panel_scroller.width()
    window.point_at(Cell(7, 7))
    QApplication.processEvents()
    assert window.panel_scroller.width() == panel_width
    assert board_square(window) == before


@pytest.mark.parametrize("n", [3, 8, 15])
def test_the_board_keeps_priority_in_an_800_by_600_window(qtbot, tmp_path: Path, n: int) -> None:
    window = make_window(qtbot, tmp_path, min(n, 8))
    if n > 8:
        window.board.set_picture(BoardPicture.of(n, ((CellState.OPEN,) * n,) * n, ((0,) * n,) * n))
    window.resize(800, 600)
    QApplication.processEvents()
    side = window.board.cell_rect(Cell(0, 0)).width() * window.board.picture.n
    assert side >= 0.6 * window.height()
    assert window.panel.width() <= window.panel_scroller.viewport().width()


def test_the_panel_can_move_below_the_board(qtbot, window: MainWindow) -> None:
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, window.dock)
    QApplication.processEvents()
    assert window.panel_scroller.height() <= 260
    assert window.dock.geometry().top() > window.board.mapTo(window, window.board.rect().bottomLeft()).y()
    window.commands.panel.trigger()
    assert not window.dock.isVisible()


def test_every_toolbar_control_says_what_it_does_and_its_shortcut(qtbot, window: MainWindow) -> None:
    for action in window.toolbar.actions():
        if action.isSeparator() or not action.text():
            continue
        tip = action.toolTip()
        assert plain_text(action) in tip and len(tip) > len(plain_text(action)) + 20
        if shortcut_text(action):
            assert shortcut_text(action) in tip
    for widget in (window.size_box, window.legend, window.count_label):
        assert widget.toolTip().startswith("<p") and "<br>" in widget.toolTip()


def test_the_size_menu_says_what_is_ready_and_what_a_build_costs(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    window.sizes.menu.aboutToShow.emit()
    entries = [a.text() for a in window.sizes.menu.actions()]
    assert entries[:10] == [f"&{n} × {n}" for n in range(1, 10)] + ["10 × 10"]
    assert entries[11] == "12 × 12 — build about 1 s, 121 MB"
    assert window.sizes.menu.actions()[7].isChecked()
    assert entries[13] == "14 × 14 — SAT now, exact: build about 45 s, 1.2 GB"
    assert entries[16:] == [f"{n} × {n} — SAT engine" for n in (20, 32, 40, 64, 100)] + ["&Other Size…"]
    assert all("\t" not in entry for entry in entries), "one column: no gap between a size and its note"
    window.sizes.choose_engine("bdd")
    window.sizes.menu.aboutToShow.emit()
    entries = [a.text() for a in window.sizes.menu.actions()]
    assert entries[13] == "14 × 14 — build about 45 s, 1.2 GB" and entries[16:] == ["&Other Size…"]
    window.sizes.menu.actions()[5].trigger()
    assert window.session.n == 6


def offered_price(window: MainWindow, n: int) -> str:
    """The price the offer should say for n×n, from the calibration the window has now."""
    cost = window.pace.cost(n, resolve_backend(window.session.sources.backend))
    assert cost is not None
    return f"takes {duration(cost.seconds)} and {memory(cost.peak_mb)} of memory, once"


def test_an_expensive_size_is_priced_on_this_computer_then_offered_and_the_board_stays_put(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.resize(1040, 780)
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    QApplication.processEvents()
    squares = board_square(window)
    window.sizes.request(14)
    bar = window.build_bar
    assert QApplication.activeModalWidget() is None
    assert not bar.offered, "no price before this computer is timed"
    qtbot.waitUntil(lambda: bar.offered == 14, timeout=30000)
    assert window.pace.fresh(resolve_backend("auto"))
    text = bar.text.text()
    assert text == (
        f"The 14×14 board needs its exact diagram first. Building it {offered_price(window, 14)}; "
        "the current board stays in play meanwhile."
    )
    assert not bar.text.is_elided(), text
    assert window.notices.currentWidget() is bar and bar.isVisible()
    assert window.session.n == 8 and not window.session.sources.compiling and window.size_box.value() == 8
    QApplication.processEvents()
    assert board_square(window) == squares, "the offer never moves the board"
    bar.not_now_button.click()
    QApplication.processEvents()
    assert not bar.isVisible() and window.session.n == 8 and not window.session.sources.compiling
    assert board_square(window) == squares


def test_on_auto_a_size_past_the_quick_builds_opens_at_once_and_the_build_is_offered(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.resize(800, 600)
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.request(13)
    assert window.session.n == 13 and window.session.engine == "sat"
    qtbot.waitUntil(lambda: window.build_bar.offered == 13, timeout=30000)
    offer = window.build_bar.text.text()
    assert offer == (
        f"Build the exact 13×13 diagram for exact counts and the heat map? It {offered_price(window, 13)}; "
        "the SAT engine answers meanwhile."
    )
    assert not window.build_bar.text.is_elided(), offer
    window.sizes.pace.measured.emit(resolve_backend("auto"))
    assert window.build_bar.text.text().startswith("Build the exact 13×13"), "a new price keeps the offer"
    assert not window.session.sources.compiling
    window.build_bar.always_button.click()
    assert window.session.sources.compiling == 13 and window.build_bar.always
    window.session.sources.cancel_compile()
    qtbot.waitUntil(lambda: not window.session.sources.compiling, timeout=30000)
    window.sizes.choose(8)
    window.sizes.request(14)
    assert not window.build_bar.isVisible() and window.session.sources.compiling == 14, "remembered"
    window.session.sources.cancel_compile()


def test_not_now_is_not_asked_again_in_this_window(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.request(13)
    qtbot.waitUntil(lambda: window.build_bar.offered == 13, timeout=30000)
    window.build_bar.not_now_button.click()
    click(qtbot, window, 0, 0)
    window.session.undo_stack.undo()
    window.session.undo_stack.undo()
    window.session.undo_stack.redo()
    qtbot.wait(300)
    assert window.session.n == 13 and not window.build_bar.offered and not window.session.sources.compiling


def test_compile_progress_speaks_in_rows_and_time(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [100.0]
    monkeypatch.setattr("app.gui.window.compile_indicator.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(window.pace, "cost", compile_cost)
    window.session.sources.compileStarted.emit(14)
    assert window.compile_indicator.label.text() == "Building the 14×14 board · about 45 s left"
    clock[0] += 30
    window.session.sources.compileProgress.emit(Progress("build", 9, 14))
    text = window.compile_indicator.label.text()
    assert text.startswith("Building 14×14: building the diagram, row 9 of 14 · about ")
    assert text.endswith(" s left")
    window.resize(640, 480)
    QApplication.processEvents()
    assert window.compile_indicator.label.width() == WORDS_WIDTH, "the words keep their room"
    window.session.sources.compileEnded.emit()
    assert not window.compile_indicator.label.isVisible()


def test_words_agree_with_their_numbers(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 1)
    assert window.panel.widest_label.text() == "Widest at level 0 (row 1, square 1,1): 1 node."
    window.sizes.choose(4)
    assert "2 solutions ·" in window.count_label.text()
    click(qtbot, window, 0, 1)
    window.point_at(Cell(3, 3))
    window.sizes.choose(8)
    window.point_at(Cell(0, 0))
    assert "4 of 92 solutions have a queen here" in window.status_line.text()
    click(qtbot, window, 0, 0)
    counts = window.session.configurator.view.cell_counts
    once = next(Cell(r, c) for r in range(8) for c in range(8) if counts[r][c] == 1)
    window.point_at(once)
    assert "1 of 4 solutions has a queen here" in window.status_line.text()


def test_the_panel_draws_the_diagram_with_its_live_paths(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 6)
    view = window.panel.diagram.view
    assert view is not None and len(view.edges) == 24 and all(edge.alive for edge in view.edges)
    click(qtbot, window, 0, 1)
    view = window.panel.diagram.view
    assert sum(edge.alive for edge in view.edges) == 6
    svg, png = tmp_path / "d.svg", tmp_path / "d.png"
    assert window.files.save_diagram(svg) and window.files.save_diagram(png)
    assert b"<svg" in svg.read_bytes() and png.read_bytes().startswith(b"\x89PNG")
    assert "Saved the diagram to d.png" in window.status_line.text()
    window.sizes.choose(8)
    assert window.panel.diagram.view is None and not window.panel.save_diagram_button.isEnabled()
    assert "up to 7×7; this 8×8 one has 378 row edges" in window.panel.diagram._note


def test_save_as_adds_the_suffix_and_the_dialogs_start_where_the_last_file_was(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    asked: list[str] = []

    def save_dialog(_parent, _title, suggestion, _filter):
        asked.append(suggestion)
        return str(folder / "mine"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    click(qtbot, window, 0, 0)
    window.commands.save_as.trigger()
    assert (
        folder / "mine.nqueens.json"
    ).is_file() and window.session.file_path == folder / "mine.nqueens.json"
    assert Path(asked[0]).parent == Path.home()
    again = make_window(qtbot, tmp_path)
    again.commands.save_as.trigger()
    assert Path(asked[1]).parent == folder
