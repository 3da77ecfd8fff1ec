"""The front end's board: paints a ``BoardPicture`` from a cached image of its squares, with the cursor,
labels and banner over it, and turns mouse and keys into cell signals, knowing nothing of the engine's
rules."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import (
    QEasingCurve,
    QEvent,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QRegion,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.board.banner_place import banner_place
from app.gui.board.board_cache import BoardCache, Drawing
from app.gui.board.board_picture import (
    PIECES,
    BoardPicture,
    changed_rows,
    heat_peak,
    heat_shown,
    same_counts,
)
from app.gui.board.legend_widget import LegendWidget
from app.gui.board.region_borders import paint_region_borders
from app.gui.board.square_painter import SquarePainter
from app.gui.board.theme import BoardColors, board_colors
from app.gui.widgets.painter import painting
from bdd_model import Cell
from bdd_model.puzzles.level_puzzle import RENAMED

__all__ = [
    "BOARD_INPUT",
    "BoardPicture",
    "BoardWidget",
    "LegendWidget",
    "heat_peak",
    "label_step",
    "labelled_numbers",
]

LABEL_SPACE = 22
"""Room for the row and column numbers left of and above the board (logical pixels)."""
FEW_SQUARES = 32
"""Up to this many changed squares are repainted as themselves; more, as their bounding rectangle."""
BANNER_HEIGHT = 30
"""The least height of the banner (logical pixels): it spans as many rows as make it."""
BANNER_LARGEST_TEXT = 48
"""The banner's words at most this many pixels high, however large the squares."""
HOVER = QColor(255, 255, 255, 40)
"""The pointer's highlight over the square under it."""
ROW_LABEL = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextDontClip
COLUMN_LABEL = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextDontClip
"""How the row and column numbers sit; on small squares they are taller (or wider) than their
row (or column) and must not be cut to it."""

MOVES = {
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
}
"""The arrow keys move the keyboard cursor by one square."""

BOARD_INPUT = (
    ("Left click", "Place a queen on an open square, or take one of yours back"),
    ("Right click", 'Mark a square "no queen here", or remove the mark'),
    ("Point at a square", "Say what it is; for a closed square, which decisions close it"),
    ("Arrow keys", "Move the keyboard cursor a square (from the square pointed at, or the top left)"),
    ("Enter", "As a left click on the cursor's square"),
    ("Space", "As a right click on the cursor's square"),
)
"""What the mouse and the keys do on the board, for the Help pages (keyPressEvent and the
mouse handlers below implement exactly these)."""

REBUILDING = (
    QEvent.Type.PaletteChange,
    QEvent.Type.StyleChange,
    QEvent.Type.FontChange,
    QEvent.Type.DevicePixelRatioChange,
)
"""Changes after which the squares are painted afresh (the cache notices the new colours,
font or pixel ratio at the next paint)."""


class BoardWidget(QWidget):
    """An N×N board that scales with the window and is fully usable from the keyboard."""

    activated = Signal(object)
    markToggled = Signal(object)
    hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("Board")
        self._picture = BoardPicture(0)
        self._peak = 0
        self._squares = SquarePainter()
        self._cache: BoardCache | None = None
        self._cursor: Cell | None = None
        self._cursor_visible = False
        self._hover: Cell | None = None
        self._symbols = False
        self._banner = ""
        self._banner_block = (0, 0, 1, 1)
        """(top row, left column, rows, columns) of the squares the banner lies over."""
        self._banner_opacity = 0.0
        self._banner_animation = QVariantAnimation(self)
        self._banner_animation.setDuration(2200)
        self._banner_animation.setKeyValueAt(0.0, 0.0)
        self._banner_animation.setKeyValueAt(0.1, 1.0)
        self._banner_animation.setKeyValueAt(0.7, 1.0)
        self._banner_animation.setKeyValueAt(1.0, 0.0)
        self._banner_animation.setEasingCurve(QEasingCurve.Type.InOutQuad)
        self._banner_animation.valueChanged.connect(self._set_banner_opacity)

    # ----- what to show ------------------------------------------------------------------

    def set_picture(self, picture: BoardPicture, now: bool = False) -> None:
        """Show ``picture``: the squares whose look changed are painted into the cache now and
        repainted on screen at the next paint (``now``: before this returns, as for the
        user's own click); a new board size is painted whole then."""
        old, self._picture = self._picture, picture
        if self._banner_animation.state() == QVariantAnimation.State.Running and picture.n == old.n:
            self._place_banner()
            self.update()
        if picture.n != old.n:
            self._cursor = Cell(0, 0) if self._cursor_visible and picture.n else None
            self._hover = None
        if heat_shown(picture) and (
            not heat_shown(old)
            or picture.n != old.n
            or not same_counts(old, picture)
            or changed_rows(old, picture)
        ):
            self._peak = heat_peak(picture)
        cache = self._fitting_cache()
        if picture.n != old.n or cache is None:
            self.update()
            return
        rows, cols = cache.redraw(picture, sorted(changed_rows(old, picture)), self._peak)
        if not len(rows):
            return
        region = QRegion()
        if len(rows) <= FEW_SQUARES:
            for row, col in zip(rows.tolist(), cols.tolist(), strict=True):
                region += self.cell_rect(Cell(row, col))
        else:
            corner = self.cell_rect(Cell(int(rows.min()), int(cols.min())))
            region += corner.united(self.cell_rect(Cell(int(rows.max()), int(cols.max()))))
        if now:
            self.repaint(region)
        else:
            self.update(region)

    @property
    def picture(self) -> BoardPicture:
        return self._picture

    @property
    def cursor_cell(self) -> Cell | None:
        """The keyboard cursor while it is visible."""
        return self._cursor if self._cursor_visible else None

    def show_symbols(self, shown: bool) -> None:
        """Put each region's symbol in its squares (View → Region Symbols), or take them away."""
        self._symbols = shown
        self.update()

    def take_keys(self) -> None:
        """Take the keyboard focus with the cursor shown, so the arrows visibly move on the board."""
        before = self._overlays()
        self.setFocus(Qt.FocusReason.OtherFocusReason)
        self._cursor = self._cursor or (Cell(0, 0) if self._picture.n else None)
        self._cursor_visible = True
        self._repaint_overlays(before)

    def flash_banner(self, text: str) -> None:
        """Show a short banner over the board (e.g. "Solved!") that fades by itself, over the
        block of squares that hides the fewest pieces (none, where its words fit in a row beside
        a piece); a piece it must cover is drawn over it."""
        n = max(self._picture.n, 1)
        _, _, size = self._geometry()
        rows = min(n, math.ceil(BANNER_HEIGHT / size))
        font = self._banner_font(rows * size)
        room = QFontMetricsF(font).horizontalAdvance(text) + rows * size * 0.6
        cols = min(n, math.ceil(room / size))
        self._banner_block = (0, 0, rows, cols)
        self._place_banner()
        self._banner = text
        self._banner_animation.stop()
        self._banner_animation.start()

    def _place_banner(self) -> None:
        """Put the banner's block where it hides the fewest of the pieces shown now."""
        _, _, rows, cols = self._banner_block
        pieces = np.isin(self._picture.codes, PIECES) if self._picture.n else np.zeros((1, 1), dtype=bool)
        top, left = banner_place(pieces, rows, cols)
        self._banner_block = (top, left, rows, cols)

    def hide_banner(self) -> None:
        """Take the banner away now: what it said no longer holds."""
        if self._banner_opacity > 0 or self._banner_animation.state() == QVariantAnimation.State.Running:
            self._banner_animation.stop()
            self._set_banner_opacity(0.0)

    def _set_banner_opacity(self, value: float) -> None:
        self._banner_opacity = float(value)
        self.update(self._banner_rect().toAlignedRect())

    # ----- geometry ----------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    def _geometry(self) -> tuple[int, int, int]:
        """(left, top, square size) of the board inside the widget."""
        n = max(self._picture.n, 1)
        space = self._label_space()
        room = min(self.width(), self.height()) - space - 8
        size = max(2, room // n)
        board = size * n
        left = (self.width() - board + space) // 2
        top = (self.height() - board + space) // 2
        return left, top, size

    def _label_space(self) -> int:
        """The margin that holds the row and column numbers: wider on a board drawn large (a
        picture to print), so that they read at its scale."""
        return max(LABEL_SPACE, min(self.width(), self.height()) // 40)

    def cell_rect(self, cell: Cell) -> QRect:
        left, top, size = self._geometry()
        return QRect(left + cell.col * size, top + cell.row * size, size, size)

    def cell_at(self, point: QPoint | QPointF) -> Cell | None:
        n = self._picture.n
        left, top, size = self._geometry()
        x, y = point.x() - left, point.y() - top
        if n == 0 or x < 0 or y < 0:
            return None
        row, col = int(y // size), int(x // size)
        return Cell(row, col) if row < n and col < n else None

    def _banner_rect(self) -> QRectF:
        """The banner over its block of squares, a pixel inside it."""
        left, top, size = self._geometry()
        row, col, rows, cols = self._banner_block
        block = QRectF(left + col * size, top + row * size, cols * size, rows * size)
        return block.adjusted(1, 1, -1, -1)

    def _banner_font(self, height: float) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(8, min(BANNER_LARGEST_TEXT, round(height * 0.55))))
        font.setBold(True)
        return font

    # ----- input -------------------------------------------------------------------------

    def _overlays(self) -> frozenset[tuple[str, Cell]]:
        """The squares under the keyboard cursor or the pointer's highlight, and which."""
        if self._cursor_visible and self._cursor is not None:
            return frozenset({("cursor", self._cursor)})
        return frozenset({("hover", self._hover)}) if self._hover is not None else frozenset()

    def _repaint_overlays(self, before: frozenset[tuple[str, Cell]]) -> None:
        """Repaint the squares whose overlay came or went since ``before``."""
        for _, cell in before ^ self._overlays():
            self.update(self.cell_rect(cell))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        before = self._overlays()
        self._cursor_visible = False
        self._repaint_overlays(before)
        if cell is None:
            return
        self._cursor = cell
        if event.button() == Qt.MouseButton.LeftButton:
            self.activated.emit(cell)
        elif event.button() == Qt.MouseButton.RightButton:
            self.markToggled.emit(cell)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        before = self._overlays()
        self._cursor_visible = False
        if cell != self._hover:
            self._hover = cell
            self.hovered.emit(cell)
        self._repaint_overlays(before)

    def leaveEvent(self, event: object) -> None:
        if self._hover is not None:
            before = self._overlays()
            self._hover = None
            self.hovered.emit(None)
            self._repaint_overlays(before)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        n = self._picture.n
        key = event.key()
        if n == 0:
            super().keyPressEvent(event)
            return
        if key in MOVES:
            before = self._overlays()
            start = (
                (self._cursor if self._cursor_visible else None) or self._hover or self._cursor or Cell(0, 0)
            )
            dr, dc = MOVES[Qt.Key(key)]
            cursor = Cell(min(max(start.row + dr, 0), n - 1), min(max(start.col + dc, 0), n - 1))
            self._cursor = cursor
            self._cursor_visible = True
            self.hovered.emit(cursor)
            self._repaint_overlays(before)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._cursor_visible and self._cursor:
            self.activated.emit(self._cursor)
        elif key == Qt.Key.Key_Space and self._cursor_visible and self._cursor:
            self.markToggled.emit(self._cursor)
        else:
            super().keyPressEvent(event)

    # ----- painting ----------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in REBUILDING:
            self.update()
        super().changeEvent(event)

    def _drawing(self) -> Drawing:
        """What the squares' cache is made for, as the board is drawn now."""
        _, _, size = self._geometry()
        colors = board_colors(self.palette())
        return Drawing(
            self._picture.n, size, self.devicePixelRatioF(), colors, self.font(), self._picture.regions
        )

    def _fitting_cache(self) -> BoardCache | None:
        """The squares' cache, if it was made for the board as it is drawn now."""
        cache = self._cache
        return cache if cache is not None and cache.fits(self._drawing()) else None

    def _new_cache(self) -> BoardCache:
        """A cache for the board as it is drawn now, every square painted."""
        self._cache = BoardCache(self._squares, self._drawing())
        self._cache.redraw(self._picture, range(self._picture.n), self._peak)
        return self._cache

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._picture.n == 0:
            return
        cache = self._fitting_cache() or self._new_cache()
        with painting(self) as painter:
            self._paint_board(painter, event.rect(), cache)

    def _paint_board(self, painter: QPainter, rect: QRect, cache: BoardCache) -> None:
        """The squares under ``rect`` from the cache, and everything drawn over them."""
        colors = board_colors(self.palette())
        n = self._picture.n
        left, top, size = self._geometry()
        cache.draw(painter, left, top, rect)
        if self._picture.regions is not None:
            if self._symbols:
                self._paint_symbols(painter, colors, rect)
            paint_region_borders(painter, self._picture.regions, colors.frame, left, top, size)
        painter.setPen(QPen(colors.frame, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(left - 1, top - 1, size * n + 2, size * n + 2))
        if rect.left() < left or rect.top() < top:
            self._paint_labels(painter, colors, left, top, size)
        if self._hover is not None and not self._cursor_visible:
            painter.fillRect(self.cell_rect(self._hover), HOVER)
        self._paint_focus(painter, colors, size)
        if self._banner_opacity > 0 and self._banner:
            self._paint_banner(painter, colors, cache)

    def _paint_symbols(self, painter: QPainter, colors: BoardColors, rect: QRect) -> None:
        """The letter hints name each region by, in the top-left corner of its squares under
        ``rect`` that hold no piece, clear of the thick border."""
        regions = self._picture.regions
        assert regions is not None
        n = self._picture.n
        left, top, size = self._geometry()
        rows = range(max(0, (rect.top() - top) // size), min(n, (rect.bottom() - top) // size + 1))
        cols = range(max(0, (rect.left() - left) // size), min(n, (rect.right() - left) // size + 1))
        font = QFont(self.font())
        font.setPixelSize(max(7, size * 27 // 100))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(colors.queen)
        inset = max(2, size // 8)
        corner = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
        pieces = np.isin(self._picture.codes, PIECES)
        for r in rows:
            for c in cols:
                if pieces[r, c]:
                    continue
                square = QRect(left + c * size + inset, top + r * size + inset // 2, size, size)
                painter.drawText(square, corner, RENAMED[regions[r, c]])

    def _paint_labels(self, painter: QPainter, colors: BoardColors, left: int, top: int, size: int) -> None:
        space = self._label_space()
        font = QFont(self.font())
        font.setPixelSize(max(8, min(13 * space // LABEL_SPACE, size // 3)))
        painter.setFont(font)
        painter.setPen(colors.label)
        n = self._picture.n
        metrics = painter.fontMetrics()
        step = label_step(max(metrics.horizontalAdvance(str(n)) + 4, metrics.height()), size)
        for number in labelled_numbers(n, step):
            i = number - 1
            painter.drawText(QRect(left - space, top + i * size, space - 4, size), ROW_LABEL, str(number))
            painter.drawText(
                QRect(left + i * size - size, top - space, 3 * size, space - 2),
                COLUMN_LABEL,
                str(number),
            )

    def _paint_focus(self, painter: QPainter, colors: BoardColors, size: int) -> None:
        """The keyboard cursor: a frame kept inside its square, so that repainting the square
        repaints all of it."""
        if not (self._cursor_visible and self._cursor):
            return
        width = max(3.0, size / 12)
        inset = math.ceil(width / 2)
        painter.setPen(QPen(colors.cursor, width))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(self.cell_rect(self._cursor)).adjusted(inset, inset, -inset, -inset))

    def _paint_banner(self, painter: QPainter, colors: BoardColors, cache: BoardCache) -> None:
        """The banner, then any piece under it drawn again over it, so that none is hidden."""
        rect = self._banner_rect()
        height = rect.height()
        painter.setOpacity(self._banner_opacity)
        painter.setFont(self._banner_font(height))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colors.banner)
        painter.drawRoundedRect(rect, height / 4, height / 4)
        painter.setPen(colors.banner_text)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._banner)
        painter.setOpacity(1.0)
        row, col, rows, cols = self._banner_block
        left, top, _ = self._geometry()
        codes = self._picture.codes[row : row + rows, col : col + cols]
        for r, c in zip(*np.nonzero(np.isin(codes, PIECES)), strict=True):
            cache.draw(painter, left, top, self.cell_rect(Cell(row + int(r), col + int(c))))


def label_step(room: int, size: int) -> int:
    """Label every k-th row or column, k the smallest of 1, 2, 5, 10, 20, 25, 50 that gives each
    label ``room`` pixels on squares of ``size`` pixels."""
    for step in (1, 2, 5, 10, 20, 25, 50):
        if step * size >= room:
            return step
    return 100


def labelled_numbers(n: int, step: int) -> list[int]:
    """The rows and columns (1-based) that carry their label, the same for both: 1, 3, 5… when
    every other one is labelled, else 1 and the multiples of ``step``."""
    if step == 2:
        return list(range(1, n + 1, 2))
    return [number for number in range(1, n + 1) if number == 1 or number % step == 0]
