"""A board as a picture to print or share (File → Export Picture): drawn by the board's own widget at
print size in light colours, the level alone or with the player's pieces."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter, QPalette

from app.gui.board.board_widget import BoardPicture, BoardWidget
from bdd_model import CellState, Decision, DecisionKind
from bdd_model.board import STATE_ORDER
from bdd_model.puzzles import Puzzle

PRINT_PX = 2400
"""The picture's side in pixels: 8 inches at 300 dots per inch. The board is drawn a label margin
short of it, so that the margin the row and column numbers take on the left and top is matched on
the right and bottom."""
PAPER = QColor("white")


def board_png(
    puzzle: Puzzle, decisions: tuple[Decision, ...], with_pieces: bool, symbols: bool = False
) -> bytes:
    """The board as a PNG: every square open, regions drawn (with their symbols when asked), and the
    player's pieces when asked (never the engine's deductions, which would give a level away)."""
    n = puzzle.n
    codes = np.full((n, n), STATE_ORDER.index(CellState.OPEN), dtype=np.int8)
    for decision in decisions if with_pieces else ():
        if decision.kind is DecisionKind.QUEEN:
            codes[decision.cell] = STATE_ORDER.index(CellState.QUEEN)
    board = BoardWidget()
    image = QImage(PRINT_PX, PRINT_PX, QImage.Format.Format_RGB32)
    image.fill(PAPER)
    try:
        board.setPalette(QPalette(PAPER))
        side = PRINT_PX - PRINT_PX // 40
        board.resize(side, side)
        board.show_symbols(symbols)
        board.set_picture(BoardPicture(n, codes, regions=puzzle.region_of))
        painter = QPainter(image)
        painter.drawImage(0, 0, board.grab().toImage())
        painter.end()
    finally:
        board.deleteLater()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs take bytes, PySide a str
    return bytes(buffer.data().data())
