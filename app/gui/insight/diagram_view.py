"""The compiled diagram drawn as row layers for students of BDDs, the edges that agree with the decisions
drawn strong and the others greyed, on screen or saved as SVG or PNG."""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.gui.board.theme import BoardColors, board_colors
from app.gui.widgets.painter import painting
from bdd_model.diagram.layer_view import LayerEdge, LayerView

LABELLED_EDGES = 80
"""Edges are labelled with their column up to this many edges."""
SWEEPS = 4
"""Barycentre passes (down and up) that order the nodes of each layer."""


def node_order(view: LayerView) -> list[list[int]]:
    """Per layer, its nodes from left to right: each layer sorted by the mean position of its
    neighbours in the layer above (downward passes) or below (upward passes)."""
    order = [list(range(width)) for width in view.widths]
    for sweep in range(SWEEPS):
        downward = sweep % 2 == 0
        layers = range(1, len(order)) if downward else range(len(order) - 2, -1, -1)
        for layer in layers:
            neighbour = layer - 1 if downward else layer + 1
            place = {node: i / max(len(order[neighbour]), 1) for i, node in enumerate(order[neighbour])}
            sums: dict[int, list[float]] = {node: [] for node in order[layer]}
            for edge in view.edges:
                here, there = (edge.row + 1, edge.row) if downward else (edge.row, edge.row + 1)
                if here == layer and there == neighbour:
                    node, other = (edge.target, edge.source) if downward else (edge.source, edge.target)
                    sums[node].append(place[other])
            current = {node: i for i, node in enumerate(order[layer])}
            order[layer].sort(
                key=lambda node: (sum(sums[node]) / len(sums[node]) if sums[node] else 1.0, current[node])
            )
    return order


class DiagramWidget(QWidget):
    """Paints one LayerView; empty (with a sentence) when there is none or it is too large."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: LayerView | None = None
        self._order: list[list[int]] = []
        self._note = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAccessibleName("The compiled diagram as row layers")

    def sizeHint(self) -> QSize:
        return QSize(260, 280)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    @property
    def view(self) -> LayerView | None:
        return self._view

    def set_view(self, view: LayerView | None, note: str = "") -> None:
        """Draw ``view`` (keeping the node order while the board stays the same), or ``note``."""
        if view is None or self._view is None or view.widths != self._view.widths:
            self._order = node_order(view) if view is not None else []
        self._view = view
        self._note = note
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        with painting(self) as painter:
            self.render_to(painter, QRectF(self.rect()), self.palette())

    def render_to(self, painter: QPainter, area: QRectF, palette: QPalette) -> None:
        """Draw into ``area`` of any paint device (the widget, an SVG file, an image)."""
        colors = board_colors(palette)
        text = palette.color(QPalette.ColorRole.WindowText)
        view = self._view
        if view is None or not any(view.widths):
            painter.setPen(text)
            painter.drawText(area.adjusted(8, 8, -8, -8), Qt.TextFlag.TextWordWrap, self._note)
            return
        font = QFont(self.font())
        font.setPixelSize(max(9, min(12, round(area.height() / (len(view.widths) * 3)))))
        painter.setFont(font)
        label_room = painter.fontMetrics().horizontalAdvance("TRUE") + 10
        inner = area.adjusted(label_room, 14, -8, -14)
        positions = self._positions(inner)
        edges = sorted(view.edges, key=lambda edge: edge.alive)
        paths = [self._edge_path(positions, edge) for edge in edges]
        for edge, path in zip(edges, paths, strict=True):
            self._draw_edge(painter, colors, path, edge.alive)
        if len(edges) <= LABELLED_EDGES:
            for edge, path in zip(edges, paths, strict=True):
                self._draw_label(painter, colors, path, edge)
        live = {(e.row, e.source) for e in edges if e.alive} | {
            (e.row + 1, e.target) for e in edges if e.alive
        }
        radius = max(3.0, min(6.0, inner.width() / (3 * max(view.widths))))
        for (layer, node), point in positions.items():
            painter.setPen(QPen(text, 1))
            painter.setBrush(
                colors.forced if (layer, node) in live else palette.color(QPalette.ColorRole.Base)
            )
            painter.drawEllipse(point, radius, radius)
        painter.setPen(text)
        last = len(view.widths) - 1
        for layer in range(len(view.widths)):
            y = positions[(layer, 0)].y() if (layer, 0) in positions else inner.top()
            label = "TRUE" if layer == last else f"row {layer + 1}"
            painter.drawText(
                QRectF(area.left(), y - 8, label_room - 6, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )

    def _positions(self, inner: QRectF) -> dict[tuple[int, int], QPointF]:
        layers = len(self._order)
        step = inner.height() / max(layers - 1, 1)
        positions = {}
        for layer, nodes in enumerate(self._order):
            for i, node in enumerate(nodes):
                x = inner.left() + (i + 0.5) * inner.width() / len(nodes)
                positions[(layer, node)] = QPointF(x, inner.top() + layer * step)
        return positions

    @staticmethod
    def _edge_path(positions: dict[tuple[int, int], QPointF], edge: LayerEdge) -> QPainterPath:
        """A straight line from the edge's source node down to its target node."""
        path = QPainterPath(positions[(edge.row, edge.source)])
        path.lineTo(positions[(edge.row + 1, edge.target)])
        return path

    def _draw_edge(self, painter: QPainter, colors: BoardColors, path: QPainterPath, alive: bool) -> None:
        color = QColor(colors.forced if alive else colors.label)
        if not alive:
            color.setAlpha(70)
        painter.setPen(QPen(color, 2.0 if alive else 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)

    def _draw_label(
        self, painter: QPainter, colors: BoardColors, path: QPainterPath, edge: LayerEdge
    ) -> None:
        """The edge's column (from 1) in a small box a little above the middle, where the edges
        out of one node have fanned out."""
        point = path.pointAtPercent(0.4)
        box = QRectF(point.x() - 7, point.y() - 7, 14, 14)
        painter.setPen(Qt.PenStyle.NoPen)
        back = QColor(colors.light_square)
        back.setAlpha(230 if edge.alive else 150)
        painter.setBrush(back)
        painter.drawRoundedRect(box, 4, 4)
        ink = QColor(colors.queen)
        if not edge.alive:
            ink.setAlpha(120)
        painter.setPen(ink)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(edge.col + 1))

    def picture(self, kind: str, side: int = 900) -> bytes:
        """The drawing as an SVG document (kind "svg") or a PNG image ("png"), side × side."""
        area = QRectF(0, 0, side, side)
        buffer = QBuffer()
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if kind == "svg":
            svg = QSvgGenerator()
            svg.setOutputDevice(buffer)
            svg.setSize(QSize(side, side))
            svg.setViewBox(area)
            svg.setTitle("N-Queens row layers")
            self._paint_on(svg, area)
        else:
            image = QImage(QSize(side, side), QImage.Format.Format_ARGB32)
            self._paint_on(image, area)
            image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs lack the QIODevice form
        return bytes(buffer.data().data())

    def _paint_on(self, device: QSvgGenerator | QImage, area: QRectF) -> None:
        painter = QPainter(device)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(area, self.palette().color(QPalette.ColorRole.Base))
        self.render_to(painter, area, self.palette())
        painter.end()
