"""Choosing the board's size: the size box typed, stepped or wheeled, the keys going to the board
after it, and Undo bringing back the previous size with its decisions."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.gui.window.main_window import MainWindow
from app.gui.window.status_text import keys_on_board
from bdd_model import Cell
from tests.gui_helpers import click, decisions_of


def test_after_a_size_is_typed_the_arrows_move_on_the_board(qtbot, window: MainWindow) -> None:
    box = window.size_box
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "7")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.n == 7)
    assert window.board.hasFocus() and keys_on_board("queen") in window.status_line.text()
    assert window.board.cursor_cell == Cell(0, 0)
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert window.session.n == 7 and box.value() == 7
    assert window.board.cursor_cell == Cell(3, 0)
    qtbot.keyClick(window.board, Qt.Key.Key_Return)
    assert [d.cell for d in window.session.configurator.decisions] == [Cell(3, 0)]


def test_after_stepping_the_size_the_keys_go_to_the_board(qtbot, window: MainWindow) -> None:
    box = window.size_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: window.session.n == 7, timeout=3000)
    assert window.board.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert window.session.n == 7 and window.board.cursor_cell == Cell(1, 0)


def test_the_wheel_changes_the_size_only_while_the_box_has_the_focus(qtbot, window: MainWindow) -> None:
    box = window.size_box
    window.board.setFocus()

    def wheel() -> None:
        centre = box.rect().center()
        event = QWheelEvent(
            centre,
            box.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(box, event)

    wheel()
    assert box.value() == 8 and not box.hasFocus()
    box.setFocus()
    wheel()
    assert box.value() == 7


def test_the_size_box_keeps_its_width_whatever_the_engine(qtbot, window: MainWindow) -> None:
    width = window.size_box.width()
    for choice in ("sat", "bdd", "auto"):
        window.sizes.choose_engine(choice)
        QApplication.processEvents()
        assert window.size_box.width() == width


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


def test_a_size_typed_past_the_engines_reach_says_why_it_stays(qtbot, window: MainWindow) -> None:
    window.sizes.choose_engine("bdd", remember=False)
    window.session.open_size(10)
    box = window.size_box
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "20")
    with qtbot.waitSignal(window.session.message, timeout=2000) as said:
        qtbot.keyClick(box, Qt.Key.Key_Return)
    reason = "the engine chosen in View → Engine answers boards to 15×15; Automatic answers it"
    assert said.args == [f"20×20 was not opened: {reason}."]
    assert window.session.n == 10 and box.value() == 10
