"""Game → New Level → Generate…: a size, stars and difficulty within the generator's range and a seed
(shown, editable: the same seed makes the same level); the level is made in the background, with the
time it has taken and Cancel, and opened when it is ready."""

from __future__ import annotations

import secrets
import time

from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.gui.workers.generate_job import GenerateJob
from bdd_model.levels.making.generator import SIZES, UNREACHED
from bdd_model.levels.techniques.rating import DIFFICULTIES

LARGEST_SEED = 10**9 - 1


def _remembered(settings: QSettings, key: str) -> int:
    """A whole number kept under ``generate/key`` (0 when none, or none readable)."""
    text = str(settings.value(f"generate/{key}", ""))
    return int(text) if text.isdigit() and len(text) < 4 else 0


class GenerateDialog(QDialog):
    """The choices of a new level, and its making."""

    made = Signal(object, str, int)
    """The level made (a ``Level``), its difficulty and its seed."""

    def __init__(self, n: int, settings: QSettings, parent: QWidget | None = None) -> None:
        """``n``: the size to offer unless another was chosen last time (kept in ``settings``)."""
        super().__init__(parent)
        self._settings = settings
        self.setWindowTitle("Generate a Level")
        self.size_box = QSpinBox(self)
        self.size_box.setAccessibleName("Size")
        self.stars_box = QComboBox(self)
        self.stars_box.setAccessibleName("Stars")
        for stars in SIZES:
            self.stars_box.addItem("1 star" if stars == 1 else f"{stars} stars", stars)
        self.difficulty_box = QComboBox(self)
        self.difficulty_box.setAccessibleName("Difficulty")
        for difficulty in DIFFICULTIES:
            self.difficulty_box.addItem(difficulty.capitalize(), difficulty)
        self.seed_box = QSpinBox(self)
        self.seed_box.setAccessibleName("Seed")
        self.seed_box.setRange(0, LARGEST_SEED)
        self.seed_box.setValue(secrets.randbelow(LARGEST_SEED))
        self.seed_box.setToolTip("The same size, stars, difficulty and seed make the same level")
        self.new_seed = new_seed = QPushButton("New &Seed", self)
        new_seed.clicked.connect(lambda: self.seed_box.setValue(secrets.randbelow(LARGEST_SEED)))
        form = QFormLayout()
        form.addRow("Si&ze:", self.size_box)
        form.addRow("S&tars:", self.stars_box)
        form.addRow("&Difficulty:", self.difficulty_box)
        form.addRow("S&eed:", self.seed_box)
        form.addRow("", new_seed)
        self.status = QLabel("", self)
        self.status.setWordWrap(True)
        self.status.setMinimumHeight(2 * self.status.fontMetrics().lineSpacing())
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)
        policy = self.bar.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.bar.setSizePolicy(policy)
        self.bar.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.generate_button = self.buttons.addButton("&Generate", QDialogButtonBox.ButtonRole.AcceptRole)
        self.generate_button.setDefault(True)
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.bar)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self._job: GenerateJob | None = None
        self._started = 0.0
        self._ticker = QTimer(self)
        self._ticker.setInterval(500)
        self._ticker.timeout.connect(self._show_time)
        self.stars_box.currentIndexChanged.connect(self._fit_choices)
        self.stars_box.setCurrentIndex(max(0, self.stars_box.findData(_remembered(settings, "stars"))))
        self._fit_choices()
        chosen = self.difficulty_box.findData(settings.value("generate/difficulty", ""))
        if chosen >= 0 and self.difficulty_box.model().item(chosen).isEnabled():  # type: ignore[attr-defined]
            self.difficulty_box.setCurrentIndex(chosen)
        self.size_box.setValue(_remembered(settings, "size") or n)

    @property
    def stars(self) -> int:
        return int(self.stars_box.currentData())

    def _fit_choices(self) -> None:
        """Sizes and difficulties as the generator makes them for the stars chosen."""
        sizes = SIZES[self.stars]
        self.size_box.setRange(sizes.start, sizes.stop - 1)
        model = self.difficulty_box.model()
        for index, difficulty in enumerate(DIFFICULTIES):
            reached = (self.stars, difficulty) not in UNREACHED
            model.item(index).setEnabled(reached)  # type: ignore[attr-defined]
            if not reached and self.difficulty_box.currentIndex() == index:
                self.difficulty_box.setCurrentIndex(index + 1)
        why = [
            f"No {d} level with {self.stars} stars: {UNREACHED[self.stars, d]}"
            for d in DIFFICULTIES
            if (self.stars, d) in UNREACHED
        ]
        self.difficulty_box.setToolTip(
            why[0] if why else "Easy levels need only the simplest steps; hard ones need chains of them"
        )

    def start(self) -> None:
        """Make the level chosen in a child process."""
        difficulty = str(self.difficulty_box.currentData())
        for key, value in (
            ("size", self.size_box.value()),
            ("stars", self.stars),
            ("difficulty", difficulty),
        ):
            self._settings.setValue(f"generate/{key}", value)
        self._job = GenerateJob(self.size_box.value(), self.stars, difficulty, self.seed_box.value(), self)
        self._job.made.connect(lambda level: self._made(level, difficulty))
        self._job.failed.connect(self._failed)
        self._started = time.monotonic()
        for widget in self._choices():
            widget.setEnabled(False)
        self.bar.show()
        self._show_time()
        self._ticker.start()
        self._job.start()

    def reject(self) -> None:
        """Cancel: stop a level being made (the dialog stays, to choose again), else close."""
        if self._job is not None and self._job.running:
            self._job.cancel()
            return
        super().reject()

    def _choices(self) -> tuple[QWidget, ...]:
        """What the player chooses, set aside while a level is made."""
        return (
            self.size_box,
            self.stars_box,
            self.difficulty_box,
            self.seed_box,
            self.new_seed,
            self.generate_button,
        )

    def _show_time(self) -> None:
        seconds = int(time.monotonic() - self._started)
        self.status.setText(
            f"Drawing levels until one has a single solution and the difficulty asked… {seconds} s"
        )

    def _made(self, level: object, difficulty: str) -> None:
        self._stop("")
        self.made.emit(level, difficulty, self.seed_box.value())
        self.accept()

    def _failed(self, reason: str) -> None:
        said = "Cancelled: choose again, or close." if reason == "cancelled" else f"No level made: {reason}."
        self._stop(said)

    def _stop(self, said: str) -> None:
        self._ticker.stop()
        self.bar.hide()
        self.status.setText(said)
        for widget in self._choices():
            widget.setEnabled(True)
        self._fit_choices()
