"""The window at any size: the board keeps priority and never moves, the Insight panel fits beside
or below it, and nothing that matters is cut."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.gui.board.board_widget import BoardPicture, BoardWidget
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, CellState
from tests.gui_helpers import board_square, click, make_window, toolbar_button, warned


def test_the_smallest_window_leaves_the_board_most_of_its_width(qtbot, window: MainWindow) -> None:
    window.resize(100, 100)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (640, 480)
    assert window.board.width() >= window.width() // 2
    side = window.board.cell_rect(Cell(0, 0)).width() * window.session.n
    assert side >= 240, "a board a person can play on"


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


def test_the_biggest_board_is_never_cut_in_the_smallest_window(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.set_picture(BoardPicture.of(100, tuple((CellState.OPEN,) * 100 for _ in range(100))))
    last = board.cell_rect(Cell(99, 99))
    assert board.rect().contains(last) and last.width() >= 2


def test_nothing_that_matters_is_cut_at_800_by_600(qtbot, window: MainWindow) -> None:
    window.resize(800, 600)
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 2)
    QApplication.processEvents()
    said = window.status_line.text()
    assert said.startswith("2,3 is closed") and said.endswith("Retract the queen at 1,1 to free 2,3.")
    assert not window.status_line.is_elided(), said
    longest = (
        "proving 9,988 squares; a hard one can take minutes · 12 placed + 3 forced of 100 queens · "
        "about 1.8 × 10⁹⁰ solutions, estimated within a factor of 100 "
        "(updating: counting more of the solutions) · SAT engine"
    )
    window.count_label.set_text(longest)
    QApplication.processEvents()
    assert not window.count_label.is_elided() and window.width() == 800
    window.compile_indicator.started("15×15", "cudd", 300.0)
    window.count_label.set_text(
        "proving 200 squares; a hard one can take seconds · 14 placed + 1 forced of 15 queens · "
        "at least 3 solutions (updating…) · SAT engine"
    )
    QApplication.processEvents()
    assert not window.count_label.is_elided() and not window.compile_indicator.label.is_elided()
    assert window.width() == 800
    window.compile_indicator.ended()
    window.files.open_from(Path("/nonexistent/folder/with a long name/empty.nqueens.json"))
    QApplication.processEvents()
    assert warned(window).startswith("Could not read empty.nqueens.json")
    assert not window.notices.messages.text.is_elided()


def test_the_board_does_not_move_when_the_heat_map_or_undo_changes(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 2)
    QApplication.processEvents()
    before = board_square(window)
    undo_button = toolbar_button(window, window.commands.undo)
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


def test_the_panel_fits_the_default_window_and_holds_still(qtbot, window: MainWindow) -> None:
    window.resize(1040, 780)
    QApplication.processEvents()
    assert window.panel_scroller.verticalScrollBar().maximum() == 0, "no scrolling at the default size"
    solutions = window.panel.browse_label.mapTo(window.panel, window.panel.browse_label.rect().topLeft())
    width = window.panel_scroller.width()
    window.panel.show_explanation("Retract " + ", ".join(f"the queen at {r},{r}" for r in range(1, 40)))
    QApplication.processEvents()
    assert (
        window.panel.browse_label.mapTo(window.panel, window.panel.browse_label.rect().topLeft()) == solutions
    )
    window.panel.browse_label.set_text(
        "1 of about 3.1 × 10¹¹⁵ remaining, estimated within a factor of 5 (updating…)"
    )
    QApplication.processEvents()
    assert (
        window.panel_scroller.width() == width
        and window.panel.width() <= window.panel_scroller.viewport().width()
    )


def test_the_panel_can_move_below_the_board(qtbot, window: MainWindow) -> None:
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, window.dock)
    QApplication.processEvents()
    assert window.panel_scroller.height() <= 260
    assert window.dock.geometry().top() > window.board.mapTo(window, window.board.rect().bottomLeft()).y()
    window.commands.panel.trigger()
    assert not window.dock.isVisible()
