"""How one square looks in each state, shared by the board and its legend: a pattern or shape for every state,
so that colour is never the only cue, and a ``SquareLook`` that names all a look depends on, so that each look
is painted once."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from app.gui.board.queen_pictures import QueenPictures
from app.gui.board.theme import BoardColors
from bdd_model import CellState

SMALLEST_GLYPH = 14
"""Squares narrower than this (pixels) show a queen as a disc (solid) or a ring (forced):
the crown cannot be read there."""
TINT = 0.4
"""How far a closed square of a level is washed from its region's colour towards the closed
state's: the region still reads under the pattern."""
REASON_ALPHA = 80
"""How opaque the cursor's colour is over a square a hint reasons from (of 255)."""
CHECKING_WASH = 0.6
"""How far a square being checked is washed from its own colour towards the checking tone: its
chessboard contrast nearly gone, it reads as not there yet."""


class SquareLook(NamedTuple):
    """Everything that decides how one square of the board looks."""

    state: CellState | None
    """None: the SAT engine is still checking the square."""
    base: int
    """The square's own colour (its chessboard shade, or its heat) as QColor.rgba()."""
    culprit: bool = False
    """A decision that closes the square pointed at: framed."""
    focus: bool = False
    """The square pointed at, when it is closed: a dashed frame."""
    preview: bool = False
    """The browsed solution has a queen here: a faint queen, or on squares too small for a
    faint one to be seen, the square filled in the cursor's colour."""
    solutions: int | None = None
    """Solutions through the square, written in it (heat map on large squares)."""
    tinted: bool = False
    """The square's own colour is its region's: it shows through a closed or marked square's
    pattern."""
    hinted: bool = False
    """A hint shown decides the square: a frame in the cursor's colour."""
    reason: bool = False
    """A hint shown reasons from the square: shaded in the cursor's colour."""
    fits: bool = False
    """Still being checked, but a queen is proven to fit there: a dot in place of the dash."""


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


def checking(
    painter: QPainter, rect: QRect, colors: BoardColors, base: QColor, ratio: float, fits: bool = False
) -> None:
    """A square whose state is still being worked out: its own colour washed towards a neutral
    tone, and a short dash across the middle ("not known yet"), or where a queen is proven to fit
    a round dot ("a queen fits, open or forced"). The marks are snapped to device pixels and at
    least one pixel thick, so they stay crisp and visible on 6-pixel squares; their shape is the
    same at every size."""
    painter.fillRect(rect, mix(base, colors.checking, CHECKING_WASH))
    if fits:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colors.checking_mark)
        radius = max(1.7, rect.width() * 0.2)
        painter.drawEllipse(QRectF(rect).center(), radius, radius)
        painter.restore()
        return
    pixels = max(1, round(rect.width() * ratio))
    margin = max(1, round(pixels * 0.22))
    thickness = max(1, round(pixels / 14))
    top = (pixels - thickness) // 2
    dash = QRectF(margin, top, pixels - 2 * margin, thickness)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.translate(rect.topLeft())
    painter.scale(1 / ratio, 1 / ratio)
    painter.fillRect(dash, colors.checking_mark)
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
        tinted: bool = False,
        fits: bool = False,
    ) -> None:
        """``base`` is the square's own colour (its chessboard shade, its region's, or its heat);
        a state of None is a square the engine is still checking; ``tinted``: a closed square
        keeps a share of its own colour (a level's region)."""

        def closed(color: QColor) -> QColor:
            return mix(base, color, TINT) if tinted else color

        if state is None:
            checking(painter, rect, colors, base, ratio, fits)
        elif state is CellState.ATTACKED:
            painter.fillRect(rect, closed(colors.attacked))
            hatch(painter, rect, colors.attacked_hatch)
        elif state is CellState.LOOKAHEAD:
            painter.fillRect(rect, closed(colors.lookahead))
            dots(painter, rect, colors.lookahead_dots)
        elif state is CellState.MARKED:
            painter.fillRect(rect, closed(colors.marked))
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

    def paint_look(
        self, painter: QPainter, colors: BoardColors, rect: QRect, look: SquareLook, ratio: float
    ) -> None:
        """A square of the board as ``look`` says; a count is written in the painter's font."""
        base = QColor.fromRgba(look.base)
        self.paint(painter, colors, rect, look.state, base, ratio, look.tinted, look.fits)
        size = rect.width()
        if look.preview and size < SMALLEST_GLYPH:
            painter.fillRect(rect, colors.cursor)
        elif look.preview:
            painter.setOpacity(0.45)
            self.paint_queen(painter, colors.queen, rect, ratio)
            painter.setOpacity(1.0)
        if look.solutions is not None:
            font = QFont(painter.font())
            font.setPixelSize(max(9, rect.height() // 4))
            painter.setFont(font)
            painter.setPen(colors.queen)
            painter.drawText(
                rect.adjusted(0, 0, -3, -1),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                str(look.solutions),
            )
        if look.reason:
            shade = QColor(colors.cursor)
            shade.setAlpha(REASON_ALPHA)
            painter.fillRect(rect, shade)
            painter.setPen(QPen(colors.cursor, max(2.0, size / 14), Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(4, 4, -4, -4))
        if look.hinted:
            painter.setPen(QPen(colors.cursor, max(3.0, size / 9)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(2, 2, -2, -2))
        if look.focus:
            painter.setPen(QPen(colors.cursor, max(2.0, size / 16), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(3, 3, -3, -3))
        if look.culprit:
            painter.setPen(QPen(colors.culprit, max(3.0, size / 10)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(2, 2, -2, -2))

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
