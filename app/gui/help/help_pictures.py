"""Pictures for the help pages, painted by the board's own code in the palette of the page:
single squares by SquarePainter as the legend paints them, whole boards by a BoardWidget that
is never shown. A change of the board's look shows in the help without touching it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPainter, QPalette, QRegion
from PySide6.QtWidgets import QWidget

from app.gui.board.board_widget import LABEL_SPACE, BoardPicture, BoardWidget
from app.gui.board.square_painter import SquarePainter
from app.gui.board.theme import board_colors
from bdd_model import CellState

SWATCH = 36
"""Side of a single square's picture (logical pixels)."""
BOARD_SQUARE = 22
"""Side of a square in a picture of a whole board (logical pixels)."""


def square_image(state: CellState | None, palette: QPalette, ratio: float) -> QImage:
    """One square on a light square of the board, framed as in the legend; None is a square
    the SAT engine is still checking."""
    image = QImage(round(SWATCH * ratio), round(SWATCH * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    colors = board_colors(palette)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRect(0, 0, SWATCH, SWATCH)
    SquarePainter().paint(painter, colors, rect, state, colors.light_square, ratio)
    painter.setPen(colors.frame)
    painter.drawRect(rect.adjusted(0, 0, -1, -1))
    painter.end()
    return image


def board_image(picture: BoardPicture, palette: QPalette, ratio: float, symbols: bool = False) -> QImage:
    """The board as the window paints it, with its row and column numbers (and a level's region
    symbols when asked), at BOARD_SQUARE pixels a square, on a transparent background (the page's
    shows through)."""
    board = BoardWidget()
    board.setPalette(palette)
    board.show_symbols(symbols)
    side = board_side(picture.n)
    board.resize(side, side)
    board.set_picture(picture)
    image = QImage(round(side * ratio), round(side * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    board.render(painter, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)
    painter.end()
    board.deleteLater()
    return image


def board_side(n: int) -> int:
    """The side of ``board_image``'s picture of an n×n board (logical pixels)."""
    return BOARD_SQUARE * n + LABEL_SPACE + 8
