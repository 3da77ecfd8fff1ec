"""Queen pictures from the SVGs in resources/, tinted and cached per size and device pixel ratio."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from app.gui.board.resource_files import resource_bytes


def app_icon() -> QIcon:
    """The application icon at the usual sizes."""
    renderer = QSvgRenderer(QByteArray(resource_bytes("icon.svg")))
    icon = QIcon()
    for size in (16, 32, 48, 64, 128, 256):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


class QueenPictures:
    """Tinted queen pixmaps: ``solid`` for placed queens, ``outline`` for forced ones."""

    def __init__(self) -> None:
        self._renderers = {
            "solid": QSvgRenderer(QByteArray(resource_bytes("queen.svg"))),
            "outline": QSvgRenderer(QByteArray(resource_bytes("queen-outline.svg"))),
        }
        self._cache: dict[tuple[str, int, float, int], QPixmap] = {}

    def pixmap(self, style: str, size: int, color: QColor, ratio: float) -> QPixmap:
        """A size×size (logical pixels) queen in ``color``, rendered at ``ratio`` for crisp edges."""
        key = (style, size, ratio, color.rgba())
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        pixels = max(1, round(size * ratio))
        image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._renderers[style].render(painter, QRectF(0, 0, pixels, pixels))
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(image.rect(), color)
        painter.end()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(ratio)
        if len(self._cache) > 64:
            self._cache.clear()
        self._cache[key] = pixmap
        return pixmap
