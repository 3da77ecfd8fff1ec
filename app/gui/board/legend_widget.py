"""The board's legend: one swatch per kind of square, painted by the board's own square painter,
and the heat map's scale (or, on the SAT engine, a square being checked)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QLinearGradient, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.board.square_painter import SquarePainter
from app.gui.board.theme import board_colors
from app.gui.widgets.action_help import tooltip_html
from app.gui.widgets.painter import painting
from bdd_model import CellState
from bdd_model.puzzles import FamilyPuzzle, Puzzle

LEGEND = (
    (CellState.QUEEN, "your {piece}"),
    (CellState.FORCED, "forced"),
    (CellState.OPEN, "open"),
    (CellState.ATTACKED, "attacked"),
    (CellState.LOOKAHEAD, "look-ahead"),
    (CellState.MARKED, "marked"),
)
"""Each kind of square and its words, ``{piece}`` the family's word for its piece."""


SCALE_LABELS = (
    "heat map off (Ctrl+M)",
    "solutions through a square: 0 … 9,999,999",
    "checking; with a dot, a queen fits there",
    "heat map: no solution to shade",
    "heat map: no open square left",
    "heat map: off under this assist",
)
"""The last slot's labels: the heat scale off, at its longest when on (N = 15 peaks below 10⁷),
on the SAT engine, which has no heat map, the squares it is still checking, and why there is no
scale on a board without a solution or without an open square, or under an assist it would spoil."""


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
        self._no_solution = False
        self._spoils = False
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._legend: list[tuple[CellState, str]] = []
        self._shown: tuple[Puzzle, frozenset[CellState]] | None = None
        self.set_puzzle(FamilyPuzzle(8), frozenset(CellState))

    def set_puzzle(self, puzzle: Puzzle, states: frozenset[CellState]) -> None:
        """List the kinds of square the board shows (``states``: all but the configurator's own
        under an assist that spoils nothing), and say what "attacked" means under its rules."""
        if (puzzle, states) == self._shown:
            return
        self._shown = (puzzle, states)
        piece = puzzle.piece
        crossing = CellState.LOOKAHEAD not in states
        self._legend = [
            (state, "crossed out" if crossing and state is CellState.ATTACKED else text.format(piece=piece))
            for state, text in LEGEND
            if state in states
        ]
        self.setAccessibleName("Legend: " + ", ".join(text for _, text in self._legend))
        self._fit_height()
        self.update()
        says = {
            CellState.QUEEN: f"Solid {piece}: yours.",
            CellState.FORCED: f"Outlined {piece}: forced, in every remaining solution.",
            CellState.ATTACKED: f"Hatched: {puzzle.attacked_by} a {piece}."
            if not crossing
            else f"Hatched: crossed out by your {piece}s (touching, or in a full row, column or region).",
            CellState.LOOKAHEAD: "Dotted (look-ahead): not attacked, yet no remaining solution has a "
            f"{piece} there.",
            CellState.MARKED: "Cross: marked empty by you.",
        }
        scale = (
            "Washed out with a dash: the SAT engine is still checking it; with a dot: a solution "
            f"found has a {piece} there, so one fits, and whether every solution needs it is still "
            "being checked. "
            "The scale: solutions through a square, when the heat map is on (Ctrl+M)."
        )
        words = " ".join(says[state] for state, _ in self._legend if state in says)
        self.setToolTip(tooltip_html("The squares", f"{words} {scale}"))

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

    def set_no_solution(self, no_solution: bool) -> None:
        """A board without a solution has no heat to scale: the last slot says so."""
        if no_solution != self._no_solution:
            self._no_solution = no_solution
            self.update()

    def set_spoils(self, spoils: bool) -> None:
        """Under an assist that spoils nothing the heat map is off: the last slot says so."""
        if spoils != self._spoils:
            self._spoils = spoils
            self.update()

    def _items(self) -> list[tuple[CellState | None, str]]:
        """The states shown, then the last slot (None: the heat scale, or a square being checked)."""
        if self._spoils:
            last = SCALE_LABELS[5]
        elif self._no_solution:
            last = SCALE_LABELS[3]
        elif self._checking:
            last = SCALE_LABELS[2]
        elif self._heat_peak is None:
            last = SCALE_LABELS[0]
        elif self._heat_peak == 0:
            last = SCALE_LABELS[4]
        else:
            last = f"solutions through a square: 0 … {self._heat_peak:,}"
        return [*self._legend, (None, last)]

    def _item_widths(self) -> list[int]:
        """Room of each item, the scale's at its longest label, so the layout never changes
        with the heat map or its peak."""
        metrics = self.fontMetrics()
        widths = [self.SWATCH + 6 + metrics.horizontalAdvance(text) for _, text in self._legend]
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
                if state is None and self._checking and not self._no_solution:
                    ratio = self.devicePixelRatioF()
                    dash = QRect(x + self.HEAT_WIDTH - 2 * self.SWATCH - 4, top, self.SWATCH, self.SWATCH)
                    rect = QRect(x + self.HEAT_WIDTH - self.SWATCH, top, self.SWATCH, self.SWATCH)
                    self._squares.paint(painter, colors, dash, None, colors.light_square, ratio)
                    self._squares.paint(painter, colors, rect, None, colors.light_square, ratio, fits=True)
                    painter.setPen(QPen(colors.frame, 1))
                    painter.drawRect(dash)
                elif state is None:
                    rect = QRect(x, top, self.HEAT_WIDTH, self.SWATCH)
                    gradient = QLinearGradient(rect.topLeft(), rect.topRight())
                    gradient.setColorAt(0, colors.heat_low)
                    gradient.setColorAt(1, colors.heat_high)
                    painter.setOpacity(1.0 if self._heat_peak else 0.3)
                    painter.fillRect(rect, gradient)
                    painter.setOpacity(1.0)
                else:
                    rect = QRect(x, top, self.SWATCH, self.SWATCH)
                    level = self._shown is not None and self._shown[0].region_of is not None
                    base = colors.regions[0] if level else colors.light_square
                    self._squares.paint(painter, colors, rect, state, base, self.devicePixelRatioF(), level)
                painter.setPen(QPen(colors.frame, 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
                painter.setPen(self.palette().color(self.foregroundRole()))
                text_rect = QRect(rect.right() + 7, top, widths[index], self.SWATCH)
                painter.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter, text)
                x += widths[index] + self.GAP
            top += self.SWATCH + 6
