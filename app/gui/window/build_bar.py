"""The offer to build a board's exact diagram, in the status bar's place rather than in a modal question, with
its price on this computer and an answer that can be remembered."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QWidget

from app.gui.widgets.elided_text import ElidedText
from bdd_model.build_cost.costs import CompileCost
from bdd_model.engines import BuiltEngineKind, EngineKind
from bdd_model.puzzles import Puzzle
from bdd_model.wording import duration, memory

ALWAYS = "build/always"
"""The setting that remembers "Always build"."""


class BuildBar(QFrame):
    """One offer at a time: build the n×n diagram, or not."""

    changed = Signal()
    """An offer was made or went (the status bar's place shows it, or the status line)."""
    accepted = Signal(int)
    """Build the n×n diagram (now, in the background)."""
    declined = Signal(int)

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._puzzle: Puzzle | None = None
        self._engines: tuple[BuiltEngineKind, EngineKind | None] | None = None
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("Build the exact diagram")
        self.text = ElidedText(self, lines=2, middle=True, name="Build the exact diagram")
        self.build_button = QPushButton("&Build", self)
        self.always_button = QPushButton("&Always Build", self)
        self.not_now_button = QPushButton("&Not Now", self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.text, 1)
        for button in (self.build_button, self.always_button, self.not_now_button):
            layout.addWidget(button)
        self.build_button.clicked.connect(lambda: self._answer(build=True))
        self.always_button.clicked.connect(self._always)
        self.not_now_button.clicked.connect(lambda: self._answer(build=False))

    @property
    def always(self) -> bool:
        """True once the user chose to build every diagram without being asked."""
        return bool(self._settings.value(ALWAYS, False, type=bool))

    @property
    def offered(self) -> int:
        """The size on offer now, or 0."""
        return self._puzzle.n if self._puzzle is not None else 0

    def offer(
        self, puzzle: Puzzle, cost: CompileCost, built: BuiltEngineKind, meanwhile: EngineKind | None
    ) -> None:
        """Offer to build the puzzle for the ``built`` engine at ``cost``; ``meanwhile``: the engine
        the board is open on already (the build only brings more), or None."""
        self._puzzle, self._engines = puzzle, (built, meanwhile)
        board, noun = puzzle.title, built.built_noun
        price = f"{duration(cost.seconds)} and {memory(cost.peak_mb)} of memory, once"
        if meanwhile is not None:
            self.text.set_text(
                f"Build the exact {board} {noun} for {built.brings}? It takes "
                f"{price}; the {meanwhile.title} answers meanwhile."
            )
        else:
            self.text.set_text(
                f"The {board} board needs its exact {noun} first. Building it takes {price}; "
                "the current board stays in play meanwhile."
            )
        self.changed.emit()

    def reprice(self, cost: CompileCost) -> None:
        """The offer in hand at a new price (a fresh measure of this computer's speed)."""
        if self._puzzle is not None and self._engines is not None:
            self.offer(self._puzzle, cost, *self._engines)

    def withdraw(self) -> None:
        """The offer no longer holds (another size was chosen)."""
        if self._puzzle is not None:
            self._puzzle = None
            self.changed.emit()

    def _always(self) -> None:
        self._settings.setValue(ALWAYS, True)
        self._answer(build=True)

    def _answer(self, build: bool) -> None:
        n, self._puzzle = self.offered, None
        self.changed.emit()
        (self.accepted if build else self.declined).emit(n)
