"""The front end's board: paints a BoardPicture and turns mouse and keys into cell signals.

It knows nothing of the engine's rules: the window hands it a picture of the current state
and listens to ``activated`` (left click, Enter), ``markToggled`` (right click, Space) and
``hovered``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QEasingCurve, QPoint, QPointF, QRect, QRectF, QSize, Qt, QVariantAnimation, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QLinearGradient, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.action_help import tooltip_html
from app.gui.square_painter import SquarePainter, mix, painting
from app.gui.theme import BoardColors, board_colors
from bdd_model import Cell, CellState

LABEL_SPACE = 22
"""Room for the row and column numbers left of and above the board (logical pixels)."""

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
    ("Arrow keys", "Move the keyboard cursor (the first press shows it)"),
    ("Enter", "As a left click on the cursor's square"),
    ("Space", "As a right click on the cursor's square"),
)
"""What the mouse and the keys do on the board, for the Help pages (keyPressEvent and the
mouse handlers below implement exactly these)."""


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board shows at one moment."""

    n: int
    states: tuple[tuple[CellState | None, ...], ...]
    """Each square's state; None while the SAT engine checks it."""
    counts: tuple[tuple[int, ...], ...] = ()
    """Per-square solution counts (the heat map), empty where the engine has none."""
    culprits: frozenset[Cell] = field(default_factory=frozenset)
    preview: tuple[int, ...] | None = None
    heat: bool = False
    focus: Cell | None = None


def heat_peak(picture: BoardPicture) -> int:
    """The largest count on an open square: the top of the heat map's scale."""
    if not picture.counts:
        return 0
    return max(
        (
            picture.counts[r][c]
            for r in range(picture.n)
            for c in range(picture.n)
            if picture.states[r][c] is CellState.OPEN
        ),
        default=0,
    )


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
        self._picture = BoardPicture(0, ())
        self._squares = SquarePainter()
        self._cursor: Cell | None = None
        self._cursor_visible = False
        self._hover: Cell | None = None
        self._banner = ""
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

    def set_picture(self, picture: BoardPicture) -> None:
        if picture.n != self._picture.n:
            self._cursor = None
            self._hover = None
        self._picture = picture
        self.update()

    @property
    def picture(self) -> BoardPicture:
        return self._picture

    @property
    def cursor_cell(self) -> Cell | None:
        """The keyboard cursor while it is visible."""
        return self._cursor if self._cursor_visible else None

    def flash_banner(self, text: str) -> None:
        """Show a short banner over the board (e.g. "Solved!") that fades by itself."""
        self._banner = text
        self._banner_animation.stop()
        self._banner_animation.start()

    def _set_banner_opacity(self, value: float) -> None:
        self._banner_opacity = float(value)
        self.update()

    # ----- geometry ----------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    def _geometry(self) -> tuple[int, int, int]:
        """(left, top, square size) of the board inside the widget."""
        n = max(self._picture.n, 1)
        room = min(self.width(), self.height()) - LABEL_SPACE - 8
        size = max(4, room // n)
        board = size * n
        left = (self.width() - board + LABEL_SPACE) // 2
        top = (self.height() - board + LABEL_SPACE) // 2
        return left, top, size

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

    # ----- input -------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        self._cursor_visible = False
        if cell is None:
            return
        self._cursor = cell
        if event.button() == Qt.MouseButton.LeftButton:
            self.activated.emit(cell)
        elif event.button() == Qt.MouseButton.RightButton:
            self.markToggled.emit(cell)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if self._cursor_visible:
            self._cursor_visible = False
            self.update()
        if cell != self._hover:
            self._hover = cell
            self.hovered.emit(cell)
            self.update()

    def leaveEvent(self, event: object) -> None:
        if self._hover is not None:
            self._hover = None
            self.hovered.emit(None)
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        n = self._picture.n
        key = event.key()
        if n == 0:
            super().keyPressEvent(event)
            return
        if key in MOVES:
            cursor = self._cursor or self._hover or Cell(0, 0)
            if self._cursor_visible:
                dr, dc = MOVES[Qt.Key(key)]
                cursor = Cell(min(max(cursor.row + dr, 0), n - 1), min(max(cursor.col + dc, 0), n - 1))
            self._cursor = cursor
            self._cursor_visible = True
            self.hovered.emit(cursor)
            self.update()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self._cursor_visible and self._cursor:
            self.activated.emit(self._cursor)
        elif key == Qt.Key.Key_Space and self._cursor_visible and self._cursor:
            self.markToggled.emit(self._cursor)
        else:
            super().keyPressEvent(event)

    # ----- painting ----------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        with painting(self) as painter:
            self._paint_board(painter)

    def _paint_board(self, painter: QPainter) -> None:
        picture = self._picture
        colors = board_colors(self.palette())
        if picture.n == 0:
            return
        left, top, size = self._geometry()
        ratio = self.devicePixelRatioF()
        peak = heat_peak(picture)
        for row in range(picture.n):
            for col in range(picture.n):
                self._paint_square(painter, colors, Cell(row, col), size, ratio, peak)
        self._paint_grid(painter, colors, left, top, size)
        painter.setPen(QPen(colors.frame, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(left - 1, top - 1, size * picture.n + 2, size * picture.n + 2))
        self._paint_labels(painter, colors, left, top, size)
        self._paint_focus(painter, colors, size)
        if self._banner_opacity > 0 and self._banner:
            self._paint_banner(painter, colors, left, top, size * picture.n)

    def _paint_square(
        self, painter: QPainter, colors: BoardColors, cell: Cell, size: int, ratio: float, peak: int
    ) -> None:
        picture = self._picture
        rect = self.cell_rect(cell)
        state = picture.states[cell.row][cell.col]
        base = colors.light_square if (cell.row + cell.col) % 2 == 0 else colors.dark_square
        heated = picture.heat and state is CellState.OPEN and bool(picture.counts)
        if heated and peak:
            base = mix(colors.heat_low, colors.heat_high, picture.counts[cell.row][cell.col] / peak)
        self._squares.paint(painter, colors, rect, state, base, ratio)
        if self._hover == cell and not self._cursor_visible:
            painter.fillRect(rect, QColor(255, 255, 255, 40))
        has_queen = state is not None and state.has_queen
        if picture.preview is not None and picture.preview[cell.row] == cell.col and not has_queen:
            painter.setOpacity(0.45)
            self._squares.paint_queen(painter, colors.queen, rect, ratio)
            painter.setOpacity(1.0)
        if heated and size >= 34:
            self._paint_count(painter, colors, rect, picture.counts[cell.row][cell.col])
        if cell == picture.focus:
            painter.setPen(QPen(colors.cursor, max(2.0, size / 16), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(3, 3, -3, -3))
        if cell in picture.culprits:
            painter.setPen(QPen(colors.culprit, max(3.0, size / 10)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(2, 2, -2, -2))

    def _paint_grid(self, painter: QPainter, colors: BoardColors, left: int, top: int, size: int) -> None:
        """Thin lines between the squares, so that neighbours in one state never merge into one
        patch (a 3×3 board is all look-ahead)."""
        painter.setPen(QPen(colors.grid, 1))
        side = size * self._picture.n
        for i in range(1, self._picture.n):
            painter.drawLine(QPointF(left + i * size, top), QPointF(left + i * size, top + side))
            painter.drawLine(QPointF(left, top + i * size), QPointF(left + side, top + i * size))

    def _paint_count(self, painter: QPainter, colors: BoardColors, rect: QRect, count: int) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(9, rect.height() // 4))
        painter.setFont(font)
        painter.setPen(colors.queen)
        painter.drawText(
            rect.adjusted(0, 0, -3, -1),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
            str(count),
        )

    def _paint_labels(self, painter: QPainter, colors: BoardColors, left: int, top: int, size: int) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(8, min(13, size // 3)))
        painter.setFont(font)
        painter.setPen(colors.label)
        n = self._picture.n
        metrics = painter.fontMetrics()
        across = label_step(metrics.horizontalAdvance(str(n)) + 4, size)
        down = label_step(metrics.height(), size)
        for i in range(n):
            number = i + 1
            if labelled(number, down):
                painter.drawText(
                    QRect(left - LABEL_SPACE, top + i * size, LABEL_SPACE - 4, size),
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    str(number),
                )
            if labelled(number, across):
                painter.drawText(
                    QRect(left + i * size - size, top - LABEL_SPACE, 3 * size, LABEL_SPACE - 2),
                    Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                    str(number),
                )

    def _paint_focus(self, painter: QPainter, colors: BoardColors, size: int) -> None:
        if not (self._cursor_visible and self._cursor):
            return
        painter.setPen(QPen(colors.cursor, max(3.0, size / 12)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(self.cell_rect(self._cursor)).adjusted(2, 2, -2, -2))

    def _paint_banner(self, painter: QPainter, colors: BoardColors, left: int, top: int, board: int) -> None:
        painter.setOpacity(self._banner_opacity)
        font = QFont(self.font())
        font.setPixelSize(max(16, board // 9))
        font.setBold(True)
        painter.setFont(font)
        height = font.pixelSize() * 2
        rect = QRectF(left + board * 0.1, top + (board - height) / 2, board * 0.8, height)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colors.banner)
        painter.drawRoundedRect(rect, height / 4, height / 4)
        painter.setPen(colors.banner_text)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._banner)
        painter.setOpacity(1.0)


LEGEND = (
    (CellState.QUEEN, "your queen"),
    (CellState.FORCED, "forced"),
    (CellState.OPEN, "open"),
    (CellState.ATTACKED, "attacked"),
    (CellState.LOOKAHEAD, "look-ahead"),
    (CellState.MARKED, "marked"),
)


SCALE_LABELS = (
    "heat map off (Ctrl+M)",
    "solutions through a square: 0 … 9,999,999",
    "checking (the SAT engine is deciding it)",
)
"""The last slot's labels: the heat scale off, at its longest when on (N = 15 peaks below 10⁷),
and on the SAT engine, which has no heat map, the squares it is still checking."""


class LegendWidget(QWidget):
    """One swatch per kind of square, drawn exactly as the board draws it, and the heat map's
    scale; wraps when narrow. The scale keeps its room when the heat map is off, so turning it
    on never moves the board."""

    SWATCH = 20
    GAP = 14

    HEAT_WIDTH = 60

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._squares = SquarePainter()
        self._heat_peak: int | None = None
        self._checking = False
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Legend: " + ", ".join(text for _, text in LEGEND))
        self.setToolTip(
            tooltip_html(
                "The squares",
                "Solid queen: yours. Outlined queen: forced, in every remaining solution. "
                "Hatched: in line with a queen. Dotted (look-ahead): not attacked, yet no remaining "
                "solution has a queen there. Cross: marked empty by you. "
                "The scale: solutions through a square, when the heat map is on (Ctrl+M).",
            )
        )

    def set_heat(self, peak: int | None) -> None:
        """Show the heat map's scale (0 … peak solutions through a square), or hide it (None)."""
        if peak != self._heat_peak:
            self._heat_peak = peak
            self._fit_height()
            self.update()

    def set_checking(self, checking: bool) -> None:
        """On the SAT engine the last slot shows a square being checked instead of the scale."""
        if checking != self._checking:
            self._checking = checking
            self.update()

    def _items(self) -> list[tuple[CellState | None, str]]:
        """The six states, then the last slot (None: the heat scale, or a square being checked)."""
        if self._checking:
            last = SCALE_LABELS[2]
        elif self._heat_peak is None:
            last = SCALE_LABELS[0]
        else:
            last = f"solutions through a square: 0 … {self._heat_peak:,}"
        return [*LEGEND, (None, last)]

    def _item_widths(self) -> list[int]:
        """Room of each item, the scale's at its longest label, so the layout never changes
        with the heat map or its peak."""
        metrics = self.fontMetrics()
        widths = [self.SWATCH + 6 + metrics.horizontalAdvance(text) for _, text in LEGEND]
        scale = max(metrics.horizontalAdvance(text) for text in SCALE_LABELS)
        return [*widths, self.HEAT_WIDTH + 6 + scale]

    def _rows(self, width: int) -> list[list[int]]:
        """Indices of the legend items on each line for a given width."""
        rows: list[list[int]] = [[]]
        used = 0
        for index, item in enumerate(self._item_widths()):
            if rows[-1] and used + item > width:
                rows.append([])
                used = 0
            rows[-1].append(index)
            used += item + self.GAP
        return rows

    def sizeHint(self) -> QSize:
        return QSize(sum(w + self.GAP for w in self._item_widths()), self.SWATCH + 8)

    def resizeEvent(self, event: object) -> None:
        self._fit_height()

    def _fit_height(self) -> None:
        self.setFixedHeight(len(self._rows(self.width())) * (self.SWATCH + 6) + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        with painting(self) as painter:
            self._paint(painter)

    def _paint(self, painter: QPainter) -> None:
        colors = board_colors(self.palette())
        widths = self._item_widths()
        items = self._items()
        top = 2
        for row in self._rows(self.width()):
            x = max(0, (self.width() - sum(widths[i] + self.GAP for i in row) + self.GAP) // 2)
            for index in row:
                state, text = items[index]
                if state is None and self._checking:
                    rect = QRect(x + self.HEAT_WIDTH - self.SWATCH, top, self.SWATCH, self.SWATCH)
                    self._squares.paint(
                        painter, colors, rect, None, colors.light_square, self.devicePixelRatioF()
                    )
                elif state is None:
                    rect = QRect(x, top, self.HEAT_WIDTH, self.SWATCH)
                    gradient = QLinearGradient(rect.topLeft(), rect.topRight())
                    gradient.setColorAt(0, colors.heat_low)
                    gradient.setColorAt(1, colors.heat_high)
                    painter.setOpacity(1.0 if self._heat_peak is not None else 0.3)
                    painter.fillRect(rect, gradient)
                    painter.setOpacity(1.0)
                else:
                    rect = QRect(x, top, self.SWATCH, self.SWATCH)
                    self._squares.paint(
                        painter, colors, rect, state, colors.light_square, self.devicePixelRatioF()
                    )
                painter.setPen(QPen(colors.frame, 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
                painter.setPen(self.palette().color(self.foregroundRole()))
                text_rect = QRect(rect.right() + 7, top, widths[index], self.SWATCH)
                painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, text)
                x += widths[index] + self.GAP
            top += self.SWATCH + 6


def label_step(room: int, size: int) -> int:
    """Label every k-th row or column, k the smallest of 1, 2, 5, 10, 20, 25, 50 that gives each
    label ``room`` pixels on squares of ``size`` pixels."""
    for step in (1, 2, 5, 10, 20, 25, 50):
        if step * size >= room:
            return step
    return 100


def labelled(number: int, step: int) -> bool:
    """Whether row or column ``number`` (1-based) carries its label: 1, 3, 5… when every other
    one is labelled, else 1 and the multiples of ``step``."""
    if step == 2:
        return number % 2 == 1
    return number == 1 or number % step == 0
