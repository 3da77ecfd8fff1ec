"""What the window says of the board: the status line on the square pointed at and after each
change, words that agree with their numbers and with what Undo does, the solved banner, and messages
that stay until dismissed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

from app.gui.window.main_window import MainWindow
from app.gui.window.status_text import first_step
from bdd_model import Cell, CellState
from tests.gui_helpers import board_square, click, make_window, warned


def test_the_first_board_says_how_to_place_a_queen(window: MainWindow) -> None:
    assert window.panel.why_label.text() == first_step("queen")
    assert "Click a square to place a queen." in window.status_line.text()


def test_the_status_line_describes_the_state_after_a_click(qtbot, window: MainWindow) -> None:
    def hovered() -> bool:
        """Move onto 1,1 from elsewhere (again while the board's own message comes later)."""
        qtbot.mouseMove(window.board, window.board.cell_rect(Cell(3, 3)).center())
        qtbot.mouseMove(window.board, window.board.cell_rect(Cell(0, 0)).center())
        return window.status_line.text().startswith("1,1 is open")

    qtbot.waitUntil(hovered)
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


def test_words_agree_with_their_numbers(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 1)
    assert window.panel.widest_label.text().startswith("One solution: the diagram is a single path")
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


def test_a_message_stays_until_dismissed_and_never_moves_the_board(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    window.resize(800, 600)
    QApplication.processEvents()
    squares = board_square(window)
    path = tmp_path / "empty.nqueens.json"
    path.write_text("")
    assert not window.files.open_from(path)
    QApplication.processEvents()
    assert window.notices.currentWidget() is window.notices.messages
    assert board_square(window) == squares
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 2)
    assert warned(window).startswith("empty.nqueens.json was not opened"), "play does not put it away"
    window.notices.messages.dismiss_button.click()
    QApplication.processEvents()
    assert warned(window) == "" and window.status_line.isVisible()
    assert board_square(window) == squares


def test_solved_goes_with_the_solution(qtbot, window: MainWindow) -> None:
    for col in (0, 4, 7, 5, 2, 6, 1):
        click(qtbot, window, len(window.session.configurator.decisions), col)
    qtbot.waitUntil(lambda: window.board._banner_opacity > 0.5, timeout=2000)
    window.commands.undo.trigger()
    assert window.board._banner_opacity == 0 and "Solved" not in window.status_line.text()
    assert not window.count_label.text().startswith("Solved")


def test_after_solve_the_words_about_undo_are_true(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.session.browser.solve()
    assert window.session.configurator.is_solved
    qtbot.waitUntil(lambda: window.status_line.text().endswith("Undo takes back every queen Solve placed."))
    window.session.undo_stack.undo()
    assert [d.cell for d in window.session.configurator.decisions] == [Cell(0, 0)]


def test_after_a_finishing_mark_undo_is_said_to_take_the_mark_back(qtbot, window: MainWindow) -> None:
    window.session.open_size(4)
    window.session.toggle_mark(Cell(0, 1))
    assert window.session.configurator.is_solved
    qtbot.waitUntil(lambda: window.status_line.text().endswith("Undo takes the mark on 1,2 back."))
    window.session.undo_stack.undo()
    assert window.session.configurator.decisions == ()


def test_the_solved_banner_spares_every_piece(qtbot, window: MainWindow) -> None:
    for n in (4, 8):
        window.session.open_size(n)
        if n == 8:
            for r, c in enumerate((0, 4, 7, 5, 2)):
                window.session.activate(Cell(r, c))
        window.session.hint()
        qtbot.waitUntil(lambda: "Undo takes the queen on" in window.status_line.text())
        banner = window.board._banner_rect()
        states = window.session.configurator.states()
        pieces = [
            Cell(r, c)
            for r, row in enumerate(states)
            for c, state in enumerate(row)
            if state in (CellState.QUEEN, CellState.FORCED)
        ]
        assert len(pieces) == n
        assert not any(banner.intersects(QRectF(window.board.cell_rect(cell))) for cell in pieces)
