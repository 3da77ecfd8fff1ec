"""The thick lines between squares of different regions, shared by the board and the setter's grid:
regions told apart without their colours."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen


def paint_region_borders(
    painter: QPainter, regions: np.ndarray, colour: QColor, left: int, top: int, size: int
) -> None:
    """A line wherever side-by-side squares of ``regions`` (n×n region numbers) differ, on the grid
    at (``left``, ``top``) of ``size``-pixel squares."""
    n = len(regions)
    painter.save()
    painter.setClipRect(QRectF(left, top, n * size, n * size))
    painter.setPen(QPen(colour, max(2.0, size / 9), Qt.PenStyle.SolidLine, Qt.PenCapStyle.SquareCap))
    rows, cols = np.nonzero(regions[:, :-1] != regions[:, 1:])
    lines = [
        QLineF(left + (c + 1) * size, top + r * size, left + (c + 1) * size, top + (r + 1) * size)
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
    ]
    rows, cols = np.nonzero(regions[:-1, :] != regions[1:, :])
    lines += [
        QLineF(left + c * size, top + (r + 1) * size, left + (c + 1) * size, top + (r + 1) * size)
        for r, c in zip(rows.tolist(), cols.tolist(), strict=True)
    ]
    painter.drawLines(lines)
    painter.restore()
