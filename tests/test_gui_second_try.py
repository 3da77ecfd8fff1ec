"""A new user's second try (issue 18): errors read whole and name their file, the panel says a
board was just built when it was, the title keeps its file across a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.gui.mid_end.board_sources import IN_PROCESS_MAX_N
from app.gui.mid_end.session import BoardSession
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.saved_game import refusal
from tests.gui_helpers import click, warned


def test_a_refused_file_is_named_and_its_whole_message_can_be_read(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "conflict.nqueens.json"
    decisions = [{"cell": [1, 1], "kind": "queen"}, {"cell": [2, 1], "kind": "queen"}]
    path.write_text(
        json.dumps({"format": "nqueens-configuration", "version": 1, "n": 100, "decisions": decisions})
    )
    window.resize(640, 480)
    QApplication.processEvents()
    assert not window.files.open_from(path)
    said = warned(window)
    assert said == (
        "conflict.nqueens.json was not opened: decision 2 cannot be taken: the queens at 1,1 (decision 1) "
        "and 2,1 attack each other. The board is unchanged."
    )
    assert window.notices.currentWidget() is window.notices.messages, "it stays until dismissed"
    assert not window.notices.messages.text.is_elided(), "shown whole at the smallest window"
    window.notices.messages.dismiss_button.click()
    assert warned(window) == "" and window.notices.currentIndex() == 0
    assert window.session.n == 8


def test_a_board_just_built_says_so_not_opened_from_the_cache(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    window.session.sources.in_process_max_n = 0
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.sizes.choose(9)
    assert window.panel.figure_labels["Opened"].text().startswith("compiled now in ")


def test_the_very_first_start_builds_its_board_in_the_window_which_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking the command line's decisions built the board before the window (which then
    said "from the cache"): without decisions nothing is checked, nothing built."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    assert refusal(8, [], "bdd", "auto", IN_PROCESS_MAX_N) is None
    assert not (tmp_path / "fresh-cache").exists() or not any((tmp_path / "fresh-cache").iterdir())
    assert refusal(8, [Decision(Cell(0, 0), DecisionKind.QUEEN)] * 2, "bdd", "auto", IN_PROCESS_MAX_N)


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


def test_solved_goes_with_the_solution(qtbot, window: MainWindow) -> None:
    for col in (0, 4, 7, 5, 2, 6, 1):
        click(qtbot, window, len(window.session.configurator.decisions), col)
    qtbot.waitUntil(lambda: window.board._banner_opacity > 0.5, timeout=2000)
    window.commands.undo.trigger()
    assert window.board._banner_opacity == 0 and "Solved" not in window.status_line.text()
    assert not window.count_label.text().startswith("Solved")


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


def test_the_smallest_window_leaves_the_board_most_of_its_width(qtbot, window: MainWindow) -> None:
    window.resize(100, 100)
    QApplication.processEvents()
    assert (window.width(), window.height()) == (640, 480)
    assert window.board.width() >= window.width() // 2
    side = window.board.cell_rect(Cell(0, 0)).width() * window.session.n
    assert side >= 240, "a board a person can play on"


def test_the_size_box_keeps_its_width_whatever_the_engine(qtbot, window: MainWindow) -> None:
    width = window.size_box.width()
    for choice in ("sat", "bdd", "auto"):
        window.sizes.choose_engine(choice)
        QApplication.processEvents()
        assert window.size_box.width() == width
