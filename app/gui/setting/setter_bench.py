"""The setter's bench from the main window: Game → New Level → Paint… and File → Edit Level open an
editor window, and an editor's Play opens its level in the main window."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from app.gui.mid_end.session import BoardSession
from app.gui.setting.level_editor import LevelEditor
from app.gui.setting.new_grid_dialog import NewGridDialog
from bdd_model.levels.setting.sketch import SIZES, Sketch
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level


class SetterActions(Protocol):
    """The window's actions this part answers."""

    paint: QAction
    edit_level: QAction


class SetterBench(QObject):
    """Opens editors; ``editors`` are those open now."""

    def __init__(
        self, window: QMainWindow, session: BoardSession, settings: QSettings, actions: SetterActions
    ) -> None:
        super().__init__(window)
        self._window, self._session, self._settings = window, session, settings
        self._edit = actions.edit_level
        self.editors: list[LevelEditor] = []
        actions.paint.triggered.connect(self.paint_new)
        actions.edit_level.triggered.connect(self.edit_level)
        session.boardReplaced.connect(self._offer_edit)
        self._offer_edit()

    def paint_new(self) -> None:
        """Ask the size and stars, then paint from each row its own region."""
        dialog = NewGridDialog(self._settings, self._window)
        dialog.chosen.connect(self.open_editor)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def edit_level(self) -> None:
        """Paint the level in play (its regions renamed A, B, C… in reading order)."""
        puzzle = self._session.puzzle
        if isinstance(puzzle, LevelPuzzle):
            self.open_editor(Sketch.of_level(puzzle.level))

    def open_editor(self, sketch: Sketch) -> LevelEditor:
        editor = LevelEditor(sketch, self._settings, self._window)
        editor.play.connect(self._play)
        editor.destroyed.connect(lambda: self.editors.remove(editor))
        self.editors.append(editor)
        editor.resize(760, 640)
        editor.show()
        return editor

    def _play(self, level: Level) -> None:
        self._session.open(LevelPuzzle.of(level), label="Play the painted level")
        self._window.raise_()
        self._window.activateWindow()

    def _offer_edit(self) -> None:
        puzzle = self._session.puzzle
        fits = isinstance(puzzle, LevelPuzzle) and puzzle.n in SIZES and puzzle.n >= 4 * puzzle.level.stars
        self._edit.setEnabled(fits)
        self._edit.setToolTip(
            "Paint the regions of the level in play in a new window"
            if fits
            else "On a level 4 to 18 wide (at least 4 wide per star) in play: paint its regions"
        )
