"""How one square looks in each state; shared by the board and its legend.

Colour is never the only cue: attacked squares are hatched, look-ahead squares dotted, marks
carry a cross, forced queens are outlines and placed queens solid.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.gui.pieces import QueenPictures
from app.gui.theme import BoardColors
from bdd_model import CellState

SMALLEST_GLYPH = 14
"""Squares narrower than this (pixels) show a queen as a disc (solid) or a ring (forced):
the crown cannot be read there."""


@contextmanager
def painting(widget: QWidget) -> Iterator[QPainter]:
    """A painter on ``widget`` that is ended even if painting fails (an active painter left
    behind by an exception crashes Qt)."""
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    try:
        yield painter
    finally:
        painter.end()


def mix(a: QColor, b: QColor, t: float) -> QColor:
    """The colour a fraction t of the way from a to b."""
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def hatch(painter: QPainter, rect: QRect, color: QColor) -> None:
    """Diagonal lines across a square: the pattern of an attacked square. Five lines a square
    whatever its size, so the pattern reads the same on a 3×3 and a 15×15 board."""
    spacing = max(4.0, rect.width() / 5)
    painter.save()
    painter.setClipRect(rect)
    painter.setPen(QPen(color, max(1.2, rect.width() / 40)))
    offset = spacing / 2
    while offset < 2 * rect.width():
        painter.drawLine(QPointF(rect.left() + offset, rect.top()), QPointF(rect.left(), rect.top() + offset))
        offset += spacing
    painter.restore()


def dots(painter: QPainter, rect: QRect, color: QColor) -> None:
    """A 3×3 grid of small round dots inset in the square: the pattern of a square closed by
    look-ahead. Dots stay small on large squares and never blur into a fill on small ones."""
    size = rect.width()
    steps = 3 if size >= 12 else 2
    radius = min(5.0, max(1.3, size / 16))
    painter.save()
    painter.setClipRect(rect)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(color)
    for i in range(steps):
        for j in range(steps):
            centre = QPointF(rect.left() + (i + 0.5) * size / steps, rect.top() + (j + 0.5) * size / steps)
            painter.drawEllipse(centre, radius, radius)
    painter.restore()


def checking(painter: QPainter, rect: QRect, color: QColor) -> None:
    """A small dashed ring in the middle: a square whose state is still being worked out."""
    size = rect.width()
    radius = max(2.0, size / 6)
    painter.save()
    painter.setPen(QPen(color, max(1.0, size / 24), Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(QRectF(rect).center(), radius, radius)
    painter.restore()


class SquarePainter:
    """Paints a square's background, pattern and piece for a given state."""

    def __init__(self) -> None:
        self._queens = QueenPictures()

    def paint(
        self,
        painter: QPainter,
        colors: BoardColors,
        rect: QRect,
        state: CellState | None,
        base: QColor,
        ratio: float,
    ) -> None:
        """``base`` is the square's own colour (its chessboard shade, or its heat); a state of
        None is a square the SAT engine is still checking."""
        if state is None:
            painter.fillRect(rect, base)
            checking(painter, rect, colors.label)
        elif state is CellState.ATTACKED:
            painter.fillRect(rect, colors.attacked)
            hatch(painter, rect, colors.attacked_hatch)
        elif state is CellState.LOOKAHEAD:
            painter.fillRect(rect, colors.lookahead)
            dots(painter, rect, colors.lookahead_dots)
        elif state is CellState.MARKED:
            painter.fillRect(rect, colors.marked)
            size = rect.width()
            pen = QPen(colors.mark_cross, max(2.0, size / 12), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            cross = QRectF(rect).adjusted(size * 0.3, size * 0.3, -size * 0.3, -size * 0.3)
            painter.drawLine(cross.topLeft(), cross.bottomRight())
            painter.drawLine(cross.topRight(), cross.bottomLeft())
        else:
            painter.fillRect(rect, base)
        if state is CellState.QUEEN:
            self.paint_queen(painter, colors.queen, rect, ratio)
        elif state is CellState.FORCED:
            self.paint_queen(painter, colors.forced, rect, ratio, style="outline")

    def paint_queen(
        self, painter: QPainter, color: QColor, rect: QRect, ratio: float, style: str = "solid"
    ) -> None:
        if rect.width() < SMALLEST_GLYPH:
            disc = QRectF(rect).adjusted(1, 1, -1, -1)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if style == "solid":
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(color)
            else:
                painter.setPen(QPen(color, 1.5))
                painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(disc)
            return
        inset = max(1, rect.width() // 10)
        glyph = rect.adjusted(inset, inset, -inset, -inset)
        painter.drawPixmap(glyph.topLeft(), self._queens.pixmap(style, glyph.width(), color, ratio))
