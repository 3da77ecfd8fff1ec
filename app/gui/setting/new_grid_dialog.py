"""Game → New Level → Paint…: the size and stars of the grid to paint (at least 4K wide with K
stars, so that a level can have a solution), remembered for next time."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QVBoxLayout, QWidget

from bdd_model.levels.setting.sketch import SIZES, STARS, Sketch


class NewGridDialog(QDialog):
    """``chosen(sketch)``: the grid with each row its own region."""

    chosen = Signal(object)

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.setWindowTitle("Paint a Level")
        self.stars_box = QSpinBox(self)
        self.stars_box.setRange(STARS.start, STARS.stop - 1)
        self.stars_box.setAccessibleName("Stars")
        self.stars_box.setToolTip("Pieces in every row, column and region")
        self.size_box = QSpinBox(self)
        self.size_box.setAccessibleName("Size")
        self.size_box.setToolTip("At least 4 wide per star, at most 18")
        form = QFormLayout()
        form.addRow("S&tars:", self.stars_box)
        form.addRow("Si&ze:", self.size_box)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.stars_box.valueChanged.connect(self._fit_size)
        self.stars_box.setValue(_remembered(settings, "paint/stars", 1))
        self._fit_size()
        self.size_box.setValue(_remembered(settings, "paint/size", 8))

    def accept(self) -> None:
        stars, n = self.stars_box.value(), self.size_box.value()
        self._settings.setValue("paint/stars", stars)
        self._settings.setValue("paint/size", n)
        super().accept()
        self.chosen.emit(Sketch.of_rows(n, stars))

    def _fit_size(self) -> None:
        least = max(SIZES.start, 4 * self.stars_box.value())
        self.size_box.setRange(least, SIZES.stop - 1)
        self.size_box.setSuffix(f"  ({least} to {SIZES.stop - 1} with {self.stars_box.value()} per line)")


def _remembered(settings: QSettings, key: str, default: int) -> int:
    """A whole number kept in the settings, or ``default`` when it is missing or damaged."""
    try:
        return int(str(settings.value(key, default)))
    except ValueError:
        return default
