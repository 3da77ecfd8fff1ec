"""The setter's bench: a window where a level's regions are painted, its count and the squares
where its solutions differ always in view, with Check, Rate, Suggest (the one-square changes that
make it unique), Generate, Save and Play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.gui.levels.generate_dialog import GenerateDialog
from app.gui.setting.background import Background
from app.gui.setting.paint_grid import PaintGrid
from app.gui.setting.region_palette import RegionPalette
from bdd_model.board import Cell
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, check_target
from bdd_model.files.untrusted_text import PATH_EXCERPT, excerpt
from bdd_model.levels.setting.answers import Answer, answered
from bdd_model.levels.setting.fixes import Fix, fixes
from bdd_model.levels.setting.sketch import Sketch
from bdd_model.levels.techniques.rating import NotUnique, Rating, rate
from bdd_model.puzzles.level import Level
from bdd_model.wording import plural

SHOW_BUSY_MS = 150
"""How long a count may run before the status says it is counting (quicker ones never flicker)."""


class SketchStep(QUndoCommand):
    """One undoable change of the grid: a stroke, a suggestion applied, a level generated."""

    def __init__(self, editor: LevelEditor, before: Sketch, after: Sketch, text: str) -> None:
        super().__init__(text)
        self._editor, self._before, self._after = editor, before, after

    def redo(self) -> None:
        self._editor.show_sketch(self._after)

    def undo(self) -> None:
        self._editor.show_sketch(self._before)


class LevelEditor(QMainWindow):
    """Paints one level; ``play(level)`` asks the main window to open it for playing."""

    play = Signal(object)

    def __init__(self, sketch: Sketch, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._settings = settings
        self.sketch = sketch
        self._stroke_from: Sketch | None = None
        self.answer: Answer | None = None
        self.steps = QUndoStack(self)
        self.grid = PaintGrid(sketch, self)
        self.regions = RegionPalette(self)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setAccessibleName("Count")
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.note.setAccessibleName("Last answer")
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setToolTip("Stop counting this grid (paint again to count again)")
        self.cancel_button.hide()
        self.suggestions = QListWidget(self)
        self.suggestions.setAccessibleName("Suggested changes")
        self.suggestions.setToolTip("Double-click or press Enter to apply a change (undoable)")
        self.suggestions.hide()
        self.counting = Background(self)
        self.working = Background(self)
        self._busy_timer = QTimer(self, singleShot=True, interval=SHOW_BUSY_MS)
        self._actions = self._make_actions()
        self._lay_out()
        self.grid.stroke_started.connect(self._stroke_started)
        self.grid.square_painted.connect(self._paint)
        self.grid.stroke_ended.connect(self._stroke_ended)
        self.grid.symbol_picked.connect(self.regions.choose)
        self.regions.chosen.connect(lambda _: self.grid.setFocus())
        self.counting.done.connect(self._counted)
        self.counting.failed.connect(lambda _, reason: self._say(reason))
        self.working.done.connect(self._worked)
        self.working.failed.connect(lambda _, reason: self._say(reason))
        self._busy_timer.timeout.connect(self._show_busy)
        self.cancel_button.clicked.connect(self.cancel)
        self.suggestions.itemActivated.connect(self._apply_suggestion)
        self.suggestions.currentItemChanged.connect(self._point_at_suggestion)
        self.steps.cleanChanged.connect(self._cleaned)
        self.steps.undoTextChanged.connect(self._name_steps)
        self.steps.redoTextChanged.connect(self._name_steps)
        self.show_sketch(sketch)
        self.regions.choose(sketch.palette[0])
        self.grid.setFocus()

    @property
    def level(self) -> Level | None:
        return self.sketch.level()

    def show_sketch(self, sketch: Sketch) -> None:
        """Show ``sketch`` and count it in the background (or say which regions are missing); the
        grid shown, counted or being counted, is left as it is (a stroke's end shows its last square
        again)."""
        if sketch == self.sketch and (self.counting.busy or self.answer is not None):
            return
        self.sketch = sketch
        self.answer = None
        self.working.cancel()
        self.note.clear()
        self.grid.marked = None
        stars = "1 star" if sketch.stars == 1 else f"{sketch.stars} stars"
        self.setWindowTitle(f"Paint a Level: {sketch.n}×{sketch.n}, {stars}[*]")
        self.suggestions.hide()
        level = sketch.level()
        for action in (
            self._actions["rate"],
            self._actions["suggest"],
            self._actions["save"],
            self._actions["play"],
        ):
            action.setEnabled(level is not None)
        self.grid.show_sketch(sketch, self.grid.outlined if level is not None else frozenset())
        self.regions.show_regions(sketch, self.grid.shades())
        if level is None:
            self.counting.cancel()
            self._say(sketch.shortfall())
            return
        self.counting.run(level, lambda token: answered(level, token))
        self._busy_timer.start()

    def cancel(self) -> None:
        """Stop the count or the work running; the status says so."""
        counting = self.counting.busy
        self.counting.cancel()
        self.working.cancel()
        self.answer = None
        self.cancel_button.hide()
        self.grid.setFocus()
        if counting:
            self.grid.show_sketch(self.sketch, frozenset())
            self._say("Count cancelled: paint a square, or Check, to count again")

    # ----- painting -----------------------------------------------------------------------

    def _stroke_started(self) -> None:
        self._stroke_from = self.sketch

    def _paint(self, cell: Cell) -> None:
        symbol = self.regions.symbol
        if self._stroke_from is not None and self.sketch.symbol(cell) != symbol:
            self.show_sketch(self.sketch.painted(cell, symbol))

    def _stroke_ended(self) -> None:
        before, self._stroke_from = self._stroke_from, None
        if before is not None and before != self.sketch:
            self.steps.push(SketchStep(self, before, self.sketch, f"Paint region {self.regions.symbol}"))

    def change(self, after: Sketch, text: str) -> None:
        """Show ``after`` as one undoable step."""
        if after != self.sketch:
            self.steps.push(SketchStep(self, self.sketch, after, text))

    # ----- answers ------------------------------------------------------------------------

    def _counted(self, level: Level, answer: Answer) -> None:
        self._busy_timer.stop()
        self.cancel_button.hide()
        self.answer = answer
        self.grid.show_sketch(self.sketch, frozenset(answer.differ or ()))
        notes = " ".join(f"Note: {note}." for note in level.notes())
        self._say(f"{answer.words}. {notes}".strip())

    def _show_busy(self) -> None:
        if self.counting.busy:
            self._say("Counting… (paint on, or Cancel)")
            self.cancel_button.show()

    def check(self) -> None:
        """Say whether the level is unique, and what else is wrong with it."""
        level = self.level
        if level is None:
            QMessageBox.information(self, "Check", self.sketch.shortfall())
        elif self.answer is None or self.counting.busy:
            self.show_sketch(self.sketch)
            self._say("Counting… the answer comes here")
        else:
            verdict = self.answer.words
            if self.answer.solutions > 1:
                verdict += ". Suggest lists the one-square changes that leave one solution"
            QMessageBox.information(
                self, "Check", f"{verdict}." + "".join(f"\nNote: {n}." for n in level.notes())
            )

    def rate(self) -> None:
        level = self.level
        if level is not None:
            self.note.setText("Rating…")
            self.working.run(("rate", level), lambda _: _rated(level))

    def suggest(self) -> None:
        level = self.level
        if level is not None:
            self.note.setText("Looking for one-square changes that leave one solution…")
            self.cancel_button.show()
            self.working.run(("suggest", level), lambda token: fixes(level, token))

    def _worked(self, key: tuple[str, Level], result: object) -> None:
        self.cancel_button.hide()
        kind, level = key
        if kind == "rate":
            self.note.setText(_rating_words(result))  # type: ignore[arg-type]
        elif kind == "suggest":
            self._show_fixes(level, result)  # type: ignore[arg-type]

    def _show_fixes(self, level: Level, found: list[Fix]) -> None:
        self.suggestions.clear()
        if self.answer is not None and self.answer.solutions == 1:
            self.note.setText("Unique already: nothing to change")
            return
        if not found:
            self.note.setText("No change of one square leaves exactly one solution")
            return
        for fix in found:
            item = QListWidgetItem(f"{fix.cell.label()}: {fix.source} → {fix.target} ({fix.difficulty})")
            item.setData(Qt.ItemDataRole.UserRole, fix)
            self.suggestions.addItem(item)
        self.suggestions.setCurrentRow(0)
        self.suggestions.show()
        leave = "leaves" if len(found) == 1 else "leave"
        self.note.setText(
            f"{plural(len(found), 'change')} {leave} one solution, easiest first: double-click to make one"
        )

    def _cleaned(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    def _name_steps(self, _: str) -> None:
        """The step Undo and Redo would take, in their tooltips."""
        self._actions["undo"].setToolTip(f"Undo {self.steps.undoText()} (Ctrl+Z)")
        self._actions["redo"].setToolTip(f"Redo {self.steps.redoText()} (Ctrl+Shift+Z)")

    def _point_at_suggestion(self, item: QListWidgetItem | None) -> None:
        self.grid.marked = None if item is None else item.data(Qt.ItemDataRole.UserRole).cell
        self.grid.update()

    def _apply_suggestion(self, item: QListWidgetItem) -> None:
        fix: Fix = item.data(Qt.ItemDataRole.UserRole)
        self.change(self.sketch.painted(fix.cell, fix.target), f"Move {fix.cell.label()} to {fix.target}")

    # ----- levels in and out ----------------------------------------------------------------

    def generate(self) -> None:
        dialog = GenerateDialog(self.sketch.n, self._settings, self)
        dialog.made.connect(lambda level, difficulty, seed: self.change(Sketch.of_level(level), "Generate"))
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def save(self) -> bool:
        """Ask where, then save; whether it was saved."""
        level = self.level
        if level is None:
            self._say(self.sketch.shortfall())
            return False
        folder = Path(str(self._settings.value("paint/folder", str(Path.home()))))
        name, _ = QFileDialog.getSaveFileName(
            self, "Save Level", str(folder / "level.txt"), "Level (*.txt);;All files (*)"
        )
        return bool(name) and self.save_to(Path(name), level)

    def save_to(self, path: Path, level: Level) -> bool:
        """Write the level's text form whole or not at all; one line on failure."""
        try:
            check_target(path)
            with atomic_output(path) as stream:
                stream.write(level.text().encode("ascii"))
        except FileKindError as error:
            self.note.setText(f"Could not save to {excerpt(str(path), PATH_EXCERPT)}: {error}")
            return False
        except OSError as error:
            self.note.setText(
                f"Could not save to {excerpt(str(path), PATH_EXCERPT)}: {error.strerror or error}"
            )
            return False
        self.steps.setClean()
        self._settings.setValue("paint/folder", str(path.parent))
        self.note.setText(f"Saved to {excerpt(str(path), PATH_EXCERPT)}")
        return True

    def play_level(self) -> None:
        level = self.level
        if level is not None:
            self.play.emit(level)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing a level changed since it was opened or saved asks first (Save, Discard or Cancel)."""
        if not self.steps.isClean():
            answer = QMessageBox.question(
                self,
                "Close",
                "The level has changed since it was opened or saved. Save it first?",
                QMessageBox.StandardButton.Save
                | QMessageBox.StandardButton.Discard
                | QMessageBox.StandardButton.Cancel,
            )
            if answer == QMessageBox.StandardButton.Cancel or (
                answer == QMessageBox.StandardButton.Save and not self.save()
            ):
                event.ignore()
                return
        self.counting.cancel()
        self.working.cancel()
        super().closeEvent(event)

    # ----- inside -------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.status.setText(text)

    def _make_actions(self) -> dict[str, QAction]:
        steps = self.steps
        made = {
            "undo": _step_action(
                self, "&Undo", QKeySequence.StandardKey.Undo, steps.undo, steps.canUndoChanged
            ),
            "redo": _step_action(
                self, "&Redo", QKeySequence.StandardKey.Redo, steps.redo, steps.canRedoChanged
            ),
        }
        for key, text, shortcut, slot, tip in (
            ("check", "Chec&k", "Ctrl+K", self.check, "Say whether the level has one solution"),
            ("rate", "&Rate", "Ctrl+T", self.rate, "The difficulty and the techniques a solution needs"),
            ("suggest", "S&uggest", "Ctrl+U", self.suggest, "The one-square changes that leave one solution"),
            (
                "generate",
                "&Generate…",
                "Ctrl+G",
                self.generate,
                "Start from a new level made by the generator",
            ),
            ("save", "&Save…", "Ctrl+S", self.save, "Write the level's text file"),
            ("play", "&Play", "Ctrl+P", self.play_level, "Open the level in the main window to play it"),
        ):
            action = QAction(text, self, shortcut=QKeySequence(shortcut))
            action.setToolTip(f"{tip} ({shortcut})")
            action.triggered.connect(slot)
            made[key] = action
        toolbar = self.addToolBar("Setter")
        toolbar.setObjectName("setter toolbar")
        for name in ("undo", "redo", None, "check", "rate", "suggest", None, "generate", "save", "play"):
            if name is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(made[name])
                self.addAction(made[name])
        return made

    def _lay_out(self) -> None:
        central = QWidget(self)
        side = QVBoxLayout()
        side.addWidget(self.grid, 1)
        line = QHBoxLayout()
        line.addWidget(self.status, 1)
        line.addWidget(self.cancel_button)
        side.addLayout(line)
        side.addWidget(self.note)
        body = QHBoxLayout()
        body.addLayout(side, 3)
        body.addWidget(self.suggestions, 1)
        layout = QVBoxLayout(central)
        layout.addWidget(self.regions)
        layout.addLayout(body, 1)
        self.setCentralWidget(central)


def _step_action(
    editor: LevelEditor,
    text: str,
    keys: QKeySequence.StandardKey,
    slot: Callable[[], None],
    able: SignalInstance,
) -> QAction:
    """Undo or Redo under a name that stays put (the stack's own actions put the step's words in
    it, which moved the toolbar's buttons after each stroke); the step's words go to its tooltip."""
    action = QAction(text, editor, shortcut=QKeySequence(keys), enabled=False)
    action.triggered.connect(slot)
    able.connect(action.setEnabled)
    return action


def _rated(level: Level) -> Rating | str:
    try:
        return rate(level)
    except NotUnique as error:
        return str(error)


def _rating_words(result: Rating | str) -> str:
    if isinstance(result, str):
        return result[0].upper() + result[1:]
    steps = ", ".join(f"{name} ×{count}" for name, count in result.techniques) or "none"
    left = f"; the techniques leave {result.left} squares open" if result.left else ""
    return f"{result.difficulty.capitalize()}: {steps}{left}"
