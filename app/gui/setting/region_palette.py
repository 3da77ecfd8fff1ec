"""The regions a setter paints with: a button a region, its letter on its colour in the grid, the
missing ones marked; a region's letter key or a right-click on the grid chooses it too."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QToolButton, QWidget

from app.gui.board.theme import board_colors
from bdd_model.levels.setting.sketch import Sketch


class RegionPalette(QWidget):
    """The region chosen, ``symbol``; ``chosen(symbol)`` when the setter picks another."""

    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.symbol = "A"
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(QLabel("Region:", self))
        self._buttons: dict[str, QToolButton] = {}
        self._layout.addStretch(1)
        self._shown: tuple[Sketch, dict[str, int]] | None = None

    def show_regions(self, sketch: Sketch, shades: dict[str, int]) -> None:
        """One button a region of ``sketch``, in its colour (``shades``: each region's colour index;
        a missing region is plain)."""
        self._shown = (sketch, shades)
        if "".join(self._buttons) != sketch.palette:
            for button in self._buttons.values():
                self._group.removeButton(button)
                button.deleteLater()
            self._buttons = {}
            for i, symbol in enumerate(sketch.palette):
                button = QToolButton(self)
                button.setText(symbol)
                button.setCheckable(True)
                button.setAccessibleName(f"Region {symbol}")
                button.clicked.connect(lambda _=False, s=symbol: self.choose(s))
                self._group.addButton(button)
                self._layout.insertWidget(1 + i, button)
                self._buttons[symbol] = button
        colors = board_colors(self.palette())
        missing = set(sketch.missing())
        for symbol, button in self._buttons.items():
            shade = shades.get(symbol)
            look = (shade, symbol in missing, colors.regions[0].rgb())
            if button.property("look") == look:
                continue
            button.setProperty("look", look)
            if shade is None:
                button.setStyleSheet("")
                button.setToolTip(f"Region {symbol}: missing, paint a square of it (key {symbol})")
            else:
                fill, text = colors.regions[shade].name(), colors.queen.name()
                button.setStyleSheet(
                    f"QToolButton {{ background: {fill}; color: {text}; font-weight: bold; "
                    "min-width: 1.6em; }"
                    f"QToolButton:checked {{ border: 3px solid {colors.cursor.name()}; }}"
                )
                button.setToolTip(f"Region {symbol} (key {symbol})")
            button.setText(f"{symbol}?" if symbol in missing else symbol)
        self._buttons.get(self.symbol, next(iter(self._buttons.values()))).setChecked(True)

    def changeEvent(self, event: QEvent) -> None:
        """A new appearance recolours the buttons as the grid redraws itself."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._shown is not None:
            self.show_regions(*self._shown)

    def choose(self, symbol: str) -> None:
        """Paint with region ``symbol`` from now on."""
        if symbol in self._buttons:
            self.symbol = symbol
            self._buttons[symbol].setChecked(True)
            self.chosen.emit(symbol)
