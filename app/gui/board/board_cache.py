"""The board's squares as one image, so that a change repaints only the squares whose look changed: each look
is painted once into a tile, and the tiles are copied into place with numpy."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from app.gui.board.board_picture import OPEN, BoardPicture, heat_shown
from app.gui.board.region_colors import region_shades
from app.gui.board.square_painter import SquareLook, SquarePainter, mix
from app.gui.board.theme import BoardColors
from bdd_model import Cell, CellState
from bdd_model.board import FITS, STATE_OF_CODE

MAX_TILES = 1024
"""Looks kept before the tiles are painted afresh (heat colours vary from click to click)."""
COUNTS_FROM = 34
"""Squares at least this wide (pixels) write their count when the heat map is on."""


class SquareTiles:
    """Each look painted once at the board's square size, as rows of pixels numpy can copy.

    A tile carries its half of the grid lines around it (an antialiased one-pixel line between
    two squares lies half in each), so the grid needs no drawing of its own.
    """

    def __init__(self, squares: SquarePainter, colors: BoardColors, size: int, pixels: int, font: QFont):
        self._squares = squares
        self._colors = colors
        self._size = size
        self._pixels = pixels
        self._font = font
        self._index: dict[SquareLook, int] = {}
        self.array = np.zeros((16, pixels, pixels, 4), dtype=np.uint8)

    def __len__(self) -> int:
        return len(self._index)

    def index(self, look: SquareLook) -> int:
        """The tile of ``look``, painted now if it is new."""
        known = self._index.get(look)
        if known is not None:
            return known
        index = self._index[look] = len(self._index)
        if index == len(self.array):
            self.array = np.concatenate([self.array, np.zeros_like(self.array)])
        self.array[index] = self._paint(look)
        return index

    def _paint(self, look: SquareLook) -> np.ndarray:
        """The pixels of ``look``, copied out while the image that holds them lives."""
        pixels = self._pixels
        image = QImage(pixels, pixels, QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(pixels / self._size)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setFont(self._font)
        try:
            square = QRect(0, 0, self._size, self._size)
            self._squares.paint_look(painter, self._colors, square, look, pixels / self._size)
            painter.setPen(QPen(self._colors.grid, 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(square))
        finally:
            painter.end()
        rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(pixels, image.bytesPerLine())
        return rows[:, : pixels * 4].reshape(pixels, pixels, 4).copy()


class Drawing(NamedTuple):
    """What a board's image is made for: board size, square size, pixel ratio, colours, font, and
    a level's regions (None: the chessboard)."""

    n: int
    size: int
    ratio: float
    colors: BoardColors
    font: QFont
    regions: np.ndarray | None

    def key(self) -> tuple[object, ...]:
        """The drawing as a comparable value (the font by its key, the regions by their bytes)."""
        regions = b"" if self.regions is None else self.regions.tobytes()
        return (self.n, self.size, self.ratio, self.colors, self.font.key(), regions)


class BoardCache:
    """The image of an n×n board's squares at one square size, pixel ratio, palette, font and
    regions (a level's, or the chessboard's two shades)."""

    def __init__(self, squares: SquarePainter, drawing: Drawing) -> None:
        n, size, ratio, colors, font, regions = drawing
        self._key = drawing.key()
        self._squares = squares
        self._n = n
        self._size = size
        self._colors = colors
        self._font = QFont(font)
        self._pixels = max(1, round(size * ratio))
        side = n * self._pixels
        self._image_pixels = np.zeros((side, side, 4), dtype=np.uint8)
        self._image = QImage(self._image_pixels.data, side, side, side * 4, QImage.Format.Format_RGB32)
        self._tinted = regions is not None
        self._shades: tuple[QColor, ...]
        if regions is None:
            self._shade = np.add.outer(np.arange(n), np.arange(n)).astype(np.intp) % 2
            self._shades = (colors.light_square, colors.dark_square)
        else:
            self._shade = region_shades(regions, len(colors.regions))
            self._shades = colors.regions
        """Each square's own colour, as an index into ``_shades``."""
        self._tiles, self._plain = self._new_tiles()
        self._shown = np.full((n, n), -1, dtype=np.intp)
        """The tile each square of the image shows (-1: not painted yet)."""

    def fits(self, drawing: Drawing) -> bool:
        """True when the image was made for this drawing of the board."""
        return self._key == drawing.key()

    def _new_tiles(self) -> tuple[SquareTiles, np.ndarray]:
        """Fresh tiles, and the tile of each state on each shade (by state code × shades +
        shade), -1 until a square needs it: a board of large squares paints only what it shows."""
        tiles = SquareTiles(self._squares, self._colors, self._size, self._pixels, self._font)
        return tiles, np.full(len(self._shades) * len(STATE_OF_CODE), -1, dtype=np.intp)

    def _plain_tiles(self, keys: np.ndarray) -> np.ndarray:
        """The tiles of squares that show only their state on their shade (``keys``: state code
        × shades + shade)."""
        count = len(self._shades)
        for key in np.unique(keys).tolist():
            if self._plain[key] < 0:
                base, code = self._shades[key % count].rgba(), key // count
                look = SquareLook(STATE_OF_CODE[code], base, tinted=self._tinted, fits=code == FITS)
                self._plain[key] = self._tiles.index(look)
        return self._plain[keys]

    def redraw(self, picture: BoardPicture, rows: Sequence[int], peak: int) -> tuple[np.ndarray, np.ndarray]:
        """Repaint the squares of ``rows`` whose look differs from what the image shows; the rows
        and columns of the squares repainted. ``peak`` is the top of the heat map's scale."""
        n = self._n
        if len(self._tiles) > MAX_TILES:
            self._tiles, self._plain = self._new_tiles()
            self._shown.fill(-1)
            rows = range(n)
        picked = np.asarray(rows, dtype=np.intp)
        codes = picture.codes[picked].astype(np.intp)
        looks = self._plain_tiles(codes * len(self._shades) + self._shade[picked])
        for i, r in enumerate(rows):
            for c in self._special(picture, r):
                looks[i, c] = self._tiles.index(self.look(picture, Cell(r, c), peak))
        changed_i, changed_c = np.nonzero(looks != self._shown[picked])
        changed_r = picked[changed_i]
        self._shown[changed_r, changed_c] = looks[changed_i, changed_c]
        p = self._pixels
        squares = self._image_pixels.reshape(n, p, n, p, 4)
        squares[changed_r, :, changed_c, :] = self._tiles.array[looks[changed_i, changed_c]]
        return changed_r, changed_c

    def _special(self, picture: BoardPicture, row: int) -> list[int]:
        """The columns of ``row`` whose look is more than their state and shade."""
        cols = [cell.col for cell in picture.culprits | picture.hinted | picture.reasons if cell.row == row]
        if picture.focus is not None and picture.focus.row == row:
            cols.append(picture.focus.col)
        if picture.preview is not None:
            cols.extend(cell.col for cell in picture.preview if cell.row == row)
        if heat_shown(picture):
            cols.extend(np.flatnonzero(picture.codes[row] == OPEN).tolist())
        return cols

    def look(self, picture: BoardPicture, cell: Cell, peak: int) -> SquareLook:
        """How ``cell`` of ``picture`` looks on this board."""
        colors = self._colors
        row, col = cell
        state = picture.state(row, col)
        base = self._shades[self._shade[row, col]]
        counts = picture.counts if heat_shown(picture) and state is CellState.OPEN else None
        if counts is not None and peak:
            base = mix(colors.heat_low, colors.heat_high, int(counts[row, col]) / peak)
        has_queen = state is not None and state.has_queen
        return SquareLook(
            state,
            base.rgba(),
            culprit=cell in picture.culprits,
            focus=cell == picture.focus,
            hinted=cell in picture.hinted,
            reason=cell in picture.reasons,
            preview=picture.preview is not None and cell in picture.preview and not has_queen,
            solutions=int(counts[row, col]) if counts is not None and self._size >= COUNTS_FROM else None,
            tinted=self._tinted,
            fits=picture.fits(row, col),
        )

    def draw(self, painter: QPainter, left: int, top: int, rect: QRect) -> None:
        """Blit the part of the board's image under ``rect`` (widget coordinates; the board's
        top-left square at ``left``, ``top``)."""
        side = self._n * self._size
        target = rect.intersected(QRect(left, top, side, side))
        if target.isEmpty():
            return
        scale = self._pixels / self._size
        source = QRectF(target.translated(-left, -top))
        source = QRectF(source.topLeft() * scale, source.size() * scale)
        painter.drawImage(QRectF(target), self._image, source)
