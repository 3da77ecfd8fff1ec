"""The grid a setter paints: each region in its colour behind thick borders and its letter, the
squares where the solutions differ outlined, painted with the mouse (press and drag) or the keyboard
(arrows, a region's letter, Space)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QLine, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.board.region_borders import paint_region_borders
from app.gui.board.region_colors import region_shades
from app.gui.board.square_painter import mix
from app.gui.board.theme import BoardColors, board_colors
from app.gui.widgets.painter import painting
from bdd_model.board import Cell
from bdd_model.levels.setting.sketch import Sketch

MOVES = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}


class PaintGrid(QWidget):
    """Shows a ``Sketch``; says which squares the setter paints and which region they pick."""

    stroke_started = Signal()
    square_painted = Signal(object)
    """A ``Cell`` to paint with the region chosen."""
    stroke_ended = Signal()
    symbol_picked = Signal(str)

    def __init__(self, sketch: Sketch, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sketch = sketch
        self.outlined: frozenset[Cell] = frozenset()
        self.focus_cell = Cell(0, 0)
        self.marked: Cell | None = None
        """A square to point at (a suggestion's), framed solid."""
        self._stroke: Cell | None = None
        self._shades = self._shaded()
        self._drawn: tuple[object, QPixmap] | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Level being painted")
        self.setToolTip(
            "Press and drag to paint squares into the region chosen; right-click a square to choose its "
            "region. Keys: arrows move, a region's letter chooses it, Space paints"
        )

    def sizeHint(self) -> QSize:
        return QSize(520, 520)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, 200)

    def show_sketch(self, sketch: Sketch, outlined: frozenset[Cell]) -> None:
        """Show the grid, with ``outlined`` squares framed."""
        if sketch != self.sketch:
            self.sketch = sketch
            self._shades = self._shaded()
            self.focus_cell = Cell(
                min(self.focus_cell.row, sketch.n - 1), min(self.focus_cell.col, sketch.n - 1)
            )
        self.outlined = outlined
        self.update()

    def shades(self) -> dict[str, int]:
        """The colour index each region is drawn in (regions without a square are left out)."""
        return {
            self.sketch.rows[r][c]: int(self._shades[r, c])
            for r in range(self.sketch.n)
            for c in range(self.sketch.n)
        }

    def cell_at(self, point: QPoint) -> Cell | None:
        left, top, size = self._geometry()
        r, c = (point.y() - top) // size, (point.x() - left) // size
        n = self.sketch.n
        return Cell(r, c) if 0 <= r < n and 0 <= c < n else None

    def cell_rect(self, cell: Cell) -> QRect:
        left, top, size = self._geometry()
        return QRect(left + cell.col * size, top + cell.row * size, size, size)

    # ----- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        colors = board_colors(self.palette())
        left, top, size = self._geometry()
        n = self.sketch.n
        with painting(self) as painter:
            painter.drawPixmap(0, 0, self._picture())
            painter.setPen(QPen(colors.culprit, max(2, size // 10)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = max(3, size // 7)
            painter.drawRects(
                [self.cell_rect(cell).adjusted(inset, inset, -inset, -inset) for cell in self.outlined]
            )
            painter.setPen(QPen(colors.frame, 2))
            painter.drawRect(left, top, n * size, n * size)
            if self.marked is not None:
                painter.setPen(QPen(colors.cursor, max(3, size // 8)))
                painter.drawRect(self.cell_rect(self.marked).adjusted(1, 1, -1, -1))
            if self.hasFocus():
                painter.setPen(QPen(colors.cursor, max(2, size // 12), Qt.PenStyle.DashLine))
                painter.drawRect(self.cell_rect(self.focus_cell).adjusted(1, 1, -1, -1))

    def _picture(self) -> QPixmap:
        """The regions, their letters and borders, drawn once per grid, size and palette."""
        key = (self.sketch, self.width(), self.height(), self.palette().window().color().rgb())
        if self._drawn is not None and self._drawn[0] == key:
            return self._drawn[1]
        colors = board_colors(self.palette())
        left, top, size = self._geometry()
        n = self.sketch.n
        picture = QPixmap(self.size())
        picture.fill(self.palette().window().color())
        painter = QPainter(picture)
        try:
            for r in range(n):
                for c in range(n):
                    painter.fillRect(
                        left + c * size, top + r * size, size, size, colors.regions[self._shades[r, c]]
                    )
            painter.setPen(QPen(_opaque_grid(colors), 1))
            painter.drawLines(
                [QLine(left + i * size, top, left + i * size, top + n * size) for i in range(1, n)]
                + [QLine(left, top + i * size, left + n * size, top + i * size) for i in range(1, n)]
            )
            font = QFont(self.font())
            font.setPixelSize(max(8, size * 40 // 100))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(colors.queen)
            for r, row in enumerate(self.sketch.rows):
                for c, symbol in enumerate(row):
                    painter.drawText(
                        QRect(left + c * size, top + r * size, size, size),
                        Qt.AlignmentFlag.AlignCenter,
                        symbol,
                    )
            paint_region_borders(painter, self._regions(), colors.frame, left, top, size)
        finally:
            painter.end()
        self._drawn = (key, picture)
        return picture

    # ----- the mouse and the keyboard ---------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if cell is None:
            return
        self.focus_cell = cell
        if event.button() == Qt.MouseButton.RightButton:
            self.symbol_picked.emit(self.sketch.symbol(cell))
        elif event.button() == Qt.MouseButton.LeftButton:
            self._stroke = cell
            self.stroke_started.emit()
            self.square_painted.emit(cell)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if self._stroke is not None and cell is not None and cell != self._stroke:
            for between in _cells_between(self._stroke, cell):
                self.square_painted.emit(between)
            self._stroke = self.focus_cell = cell

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._stroke is not None and event.button() == Qt.MouseButton.LeftButton:
            self._stroke = None
            self.stroke_ended.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        plain = not event.modifiers() & (
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
        )
        text = event.text().upper()
        if key in MOVES and plain:
            dr, dc = MOVES[key]
            n = self.sketch.n
            self.focus_cell = Cell(
                min(n - 1, max(0, self.focus_cell.row + dr)), min(n - 1, max(0, self.focus_cell.col + dc))
            )
            self.update()
        elif key == Qt.Key.Key_Space and plain:
            self.stroke_started.emit()
            self.square_painted.emit(self.focus_cell)
            self.stroke_ended.emit()
        elif plain and len(text) == 1 and text in self.sketch.palette:
            self.symbol_picked.emit(text)
        else:
            super().keyPressEvent(event)

    # ----- inside ------------------------------------------------------------------------

    def _regions(self) -> np.ndarray:
        """Each square's region, numbered in reading order of their first squares as a level
        numbers them, so that the board in play colours them the same."""
        number = {symbol: i for i, symbol in enumerate(dict.fromkeys("".join(self.sketch.rows)))}
        return np.array([[number[s] for s in row] for row in self.sketch.rows], dtype=np.intp)

    def _shaded(self) -> np.ndarray:
        return region_shades(self._regions(), len(board_colors(self.palette()).regions))

    def _geometry(self) -> tuple[int, int, int]:
        """The grid's left and top, and a square's side, centred with a small margin."""
        n = self.sketch.n
        size = max(8, (min(self.width(), self.height()) - 16) // n)
        return (self.width() - n * size) // 2, (self.height() - n * size) // 2, size


def _opaque_grid(colors: BoardColors) -> QColor:
    """The grid's see-through colour laid over the regions' average, opaque: lines in a colour with
    alpha took 1 ms a picture to draw, opaque ones 0.08 ms."""
    regions = colors.regions
    average = QColor(
        sum(c.red() for c in regions) // len(regions),
        sum(c.green() for c in regions) // len(regions),
        sum(c.blue() for c in regions) // len(regions),
    )
    grid = QColor(colors.grid)
    grid.setAlpha(255)
    return mix(average, grid, colors.grid.alphaF())


def _cells_between(start: Cell, end: Cell) -> list[Cell]:
    """The squares a straight stroke from ``start`` (left out) to ``end`` crosses, in order: a quick
    drag's mouse events skip squares."""
    steps = max(abs(end.row - start.row), abs(end.col - start.col))
    return [
        Cell(
            start.row + round((end.row - start.row) * i / steps),
            start.col + round((end.col - start.col) * i / steps),
        )
        for i in range(1, steps + 1)
    ]
