"""Helpers for the window tests: a fresh window on a private settings file, clicks on cells, the
board's squares as laid out in the window."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from app.gui.mid_end.session import BoardSession
from app.gui.widgets.action_button import ActionButton
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, Decision


def make_window(qtbot: QtBot, tmp_path: Path, n: int = 8) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(BoardSession(), settings)
    qtbot.addWidget(window)
    window.resize(700, 740)
    window.show()
    qtbot.waitExposed(window)
    window.session.open_size(n)
    return window


def click(qtbot: QtBot, window: MainWindow, row: int, col: int, button=Qt.MouseButton.LeftButton) -> None:
    """Click the centre of square (row, col), 0-based."""
    board = window.board
    qtbot.mouseClick(board, button, pos=board.cell_rect(Cell(row, col)).center())


def point(qtbot: QtBot, window: MainWindow, cell: Cell) -> None:
    """Move the pointer onto the centre of ``cell`` from the board's corner, so that Qt sees a move
    whatever test left the pointer there before."""
    qtbot.mouseMove(window.board, QPoint(1, 1))
    qtbot.mouseMove(window.board, window.board.cell_rect(cell).center())


def decisions_of(window: MainWindow) -> list[Decision]:
    return list(window.session.configurator.decisions)


def run_gui(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m app ARGV`` in a child process, with settings kept under tmp_path."""
    return subprocess.run(
        [sys.executable, "-m", "app", *argv],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path)},
    )


def warned(window: MainWindow) -> str:
    """The messages waiting above the status line to be read and dismissed, oldest first."""
    return " ".join(window.notices.messages.waiting())


def board_square(window: MainWindow) -> QRect:
    """The board's squares as laid out now (position and size in the window)."""
    first = window.board.cell_rect(Cell(0, 0))
    last = window.board.cell_rect(Cell(window.session.n - 1, window.session.n - 1))
    top_left = window.board.mapTo(window, first.topLeft())
    return QRect(top_left, last.bottomRight() - first.topLeft() + top_left)


def toolbar_button(window: MainWindow, action: QAction) -> ActionButton:
    """The toolbar's button for ``action``."""
    return next(button for button in window.toolbar.findChildren(ActionButton) if button.action is action)
