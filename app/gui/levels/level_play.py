"""A level in the window as a game: its clock and hints counted while it is played, its progress kept
(within a second) by the level's identity, the collection listed (Game → Levels) and the next level
offered when one is solved."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMessageBox

from app.gui.board.board_widget import BoardWidget
from app.gui.levels.collection import CollectionLevel, bundled_levels, in_collection
from app.gui.levels.generate_dialog import GenerateDialog
from app.gui.levels.level_clock import LevelClock, clock_text
from app.gui.levels.level_progress import LevelProgress, LevelRecord
from app.gui.levels.levels_dialog import LevelsDialog
from app.gui.mid_end.session import BoardSession
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level
from bdd_model.wording import plural


class LevelActions(Protocol):
    """The window's actions this part answers."""

    levels: QAction
    next_level: QAction
    generate: QAction
    symbols: QAction


SOLVE_STEP = "Solve"
"""The undo text of Solve's step: a level Solve completes is not counted as solved."""


class LevelPlay(QObject):
    """The level in play, timed and remembered."""

    def __init__(
        self,
        window: QMainWindow,
        session: BoardSession,
        settings: QSettings,
        actions: LevelActions,
        board: BoardWidget,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._board = board
        self._settings = settings
        self._session = session
        self.progress = LevelProgress(settings)
        self.clock = LevelClock(window)
        self.hints = 0
        self._puzzle: LevelPuzzle | None = None
        """The level in play and still timed (None: no level, or the level is solved)."""
        self._counted_hint: object = None
        self._uncounted: LevelPuzzle | None = None
        """A level just opened empty, until its count says whether it has one solution."""
        self._strict = True
        """Whether the board in play refused dead ends when it was last looked at (the assist)."""
        self._made: dict[LevelPuzzle, str] = {}
        """The difficulty of each level generated in this window."""
        self.solved_box: QMessageBox | None = None
        self.label = QLabel(window)
        self.label.setAccessibleName("Time on this level")
        self.label.setToolTip("Time on this level, paused while the window is not active or a dialog is open")
        window.statusBar().addPermanentWidget(self.label)
        self.label.hide()
        actions.levels.triggered.connect(self.show_levels)
        actions.next_level.triggered.connect(self.play_next)
        actions.generate.triggered.connect(self.show_generate)
        actions.symbols.toggled.connect(self._show_symbols)
        actions.symbols.setChecked(str(settings.value("view/region_symbols", "")).lower() == "true")
        window.installEventFilter(self)
        session.boardReplaced.connect(self._board_replaced)
        session.changed.connect(self._changed)
        session.updated.connect(self._counted)
        session.hints.shown.connect(self._hint_shown)
        session.browser.browsed.connect(self._solution_shown)
        session.solved.connect(self._solved)
        session.leaving.connect(self.keep)
        self.clock.second.connect(self._second)

    # ----- the collection ---------------------------------------------------------------

    def show_levels(self) -> None:
        """Game → Levels: the collection, the level in play chosen (the next one to play when it
        is solved)."""
        levels = bundled_levels()
        self.keep()
        records = [self.progress.record(level.puzzle) for level in levels]
        current = in_collection(self._session.puzzle)
        if current is None or records[levels.index(current)].solved:
            current = self.next_level()
        dialog = LevelsDialog(levels, records, current, self._window)
        dialog.chosen.connect(self.play)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def play(self, level: CollectionLevel) -> None:
        """Open ``level``, resuming its play in progress."""
        record = self.progress.record(level.puzzle)
        decisions = record.decisions(level.puzzle)
        said = f"Resume {level.title}" if decisions else level.title
        instead = "its play in progress no longer fits it" if decisions else ""
        self._session.open(level.puzzle, decisions, label=said, instead=instead)

    def play_next(self) -> None:
        """Game → Next Level: the first level after the one in play (or after the start) not solved."""
        following = self.next_level()
        if following is None:
            self._session.message.emit("Every level of the collection is solved: well played.")
        else:
            self.play(following)

    def next_level(self) -> CollectionLevel | None:
        """The next level of the collection not solved, after the one in play if it is one."""
        levels = bundled_levels()
        current = in_collection(self._session.puzzle)
        start = levels.index(current) + 1 if current is not None else 0
        for level in levels[start:] + levels[:start]:
            if level != current and not self.progress.record(level.puzzle).solved:
                return level
        return None

    def show_generate(self) -> None:
        """Game → New Level → Generate…: a level made in the background, opened when ready."""
        dialog = GenerateDialog(self._session.n, self._settings, self._window)
        dialog.made.connect(self._play_made)
        dialog.finished.connect(dialog.deleteLater)
        dialog.open()

    def _play_made(self, level: Level, difficulty: str, seed: int) -> None:
        puzzle = LevelPuzzle.of(level)
        self._made[puzzle] = difficulty
        self._session.open(puzzle, label=f"New level (seed {seed})")

    # ----- the level in play ------------------------------------------------------------

    def keep(self, to_disk: bool = True) -> None:
        """Keep the play in progress as it is now (its pieces, time and hints), on disk at once
        unless ``to_disk`` is False (a click: the clock's next second writes it, so that a click
        never waits on the disk)."""
        cfg = self._session.configurator
        if self._puzzle is not None and cfg is not None and cfg.puzzle == self._puzzle:
            self.progress.play(self._puzzle, cfg.decisions, self.clock.seconds, self.hints)
            if to_disk:
                self._settings.sync()

    def _board_replaced(self) -> None:
        """A level starts its clock where its play in progress left it (from nothing for a
        play begun afresh); a family's board, or a solved level, stops it."""
        self.clock.stop()
        cfg = self._session.configurator
        puzzle = cfg.puzzle if cfg is not None else None
        self._puzzle = (
            puzzle if isinstance(puzzle, LevelPuzzle) and cfg is not None and not cfg.is_solved else None
        )
        self._counted_hint = self._session.hints.hint
        self._uncounted = (
            puzzle if isinstance(puzzle, LevelPuzzle) and cfg is not None and not cfg.decisions else None
        )
        self._counted()
        self._strict = cfg.strict if cfg is not None else True
        if self._puzzle is None:
            if isinstance(puzzle, LevelPuzzle):
                self.clock.hold(self.progress.record(puzzle).seconds)
                self.label.setText(self._label_text())
            self.label.setVisible(isinstance(puzzle, LevelPuzzle))
            return
        record = self.progress.record(self._puzzle)
        fresh = cfg is not None and not cfg.decisions and not record.pieces
        self.hints = 0 if fresh else record.hints
        self.clock.start(0.0 if fresh else record.seconds)
        self.label.show()
        self._second()

    def _counted(self) -> None:
        """A level opened empty that has more than one solution says so once it is counted: no
        deduction leads to one solution alone there, and Check cannot tell a mistake."""
        cfg = self._session.configurator
        if self._uncounted is None or cfg is None or cfg.puzzle != self._uncounted or cfg.count is None:
            return
        self._uncounted = None
        if cfg.count > 1 and not cfg.decisions:
            self._session.message.emit(
                f"The {cfg.puzzle.board} has {cfg.count:,} solutions, not one: hints stop where "
                "they differ, and any solution counts as solved."
            )

    def _changed(self) -> None:
        cfg = self._session.configurator
        if cfg is not None and cfg.strict != self._strict and isinstance(cfg.puzzle, LevelPuzzle):
            self._board_replaced()  # another assist: a level the configurator shows solved is played again
        elif self._puzzle is not None:
            self.keep(to_disk=False)

    def _second(self) -> None:
        self.label.setText(self._label_text())
        if self._puzzle is not None and self.clock.seconds >= 1:
            self.keep()

    def _label_text(self) -> str:
        difficulty = self.difficulty(self._session.puzzle)
        shown = f"{difficulty.capitalize()} · " if difficulty else ""
        return f"{shown}{clock_text(self.clock.seconds)}"

    def difficulty(self, puzzle: object) -> str:
        """The level's difficulty when known: the collection's, or the one it was generated at."""
        level = in_collection(puzzle)
        if level is not None:
            return level.difficulty
        return self._made.get(puzzle, "") if isinstance(puzzle, LevelPuzzle) else ""

    def _hint_shown(self) -> None:
        self._count_hint(self._session.hints.hint)

    def _solution_shown(self) -> None:
        """A solution previewed on a level in play gives it away: it counts as a hint."""
        self._count_hint(self._session.browser.preview)

    def _count_hint(self, shown: object) -> None:
        """Count a hint (or a solution) shown on the level in play, once however often it is shown."""
        if self._puzzle is not None and shown is not None and shown is not self._counted_hint:
            self._counted_hint = shown
            self.hints += 1
            self.keep(to_disk=False)

    def _solved(self) -> None:
        """A level solved by the player: its time and hints kept, said, and the next one offered."""
        puzzle = self._puzzle
        if puzzle is None:
            return
        self.clock.stop()
        self._puzzle = None
        seconds = self.clock.seconds
        self.label.setText(self._label_text())
        if self._session.undo_stack.undoText() == SOLVE_STEP:
            self.progress.play(puzzle, (), 0.0, 0)
            return
        before = self.progress.solved(puzzle, seconds, self.hints)
        self._offer_next(solved_text(seconds, self.hints, before))

    def _offer_next(self, text: str) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Information, "Solved", text, QMessageBox.StandardButton.Close, self._window
        )
        following = self.next_level()
        next_button = box.addButton("&Next Level", QMessageBox.ButtonRole.AcceptRole) if following else None
        levels_button = box.addButton("&Levels…", QMessageBox.ButtonRole.ActionRole)
        if next_button is not None:
            box.setDefaultButton(next_button)
            box.setInformativeText(f"Next: {following.title}." if following else "")

        def done() -> None:
            clicked = box.clickedButton()
            if clicked is next_button and following is not None:
                self.play(following)
            elif clicked is levels_button:
                self.show_levels()
            box.deleteLater()
            self.solved_box = None

        box.finished.connect(done)
        self.solved_box = box
        box.open()

    def _show_symbols(self, shown: bool) -> None:
        self._settings.setValue("view/region_symbols", shown)
        self._board.show_symbols(shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The window closing keeps the play as left."""
        if watched is self._window and event.type() == QEvent.Type.Close:
            self.keep()
        return False


def solved_text(seconds: float, hints: int, before: LevelRecord) -> str:
    """What a solved level says: its time and hints, and how they stand against the best before."""
    took = f"Solved in {clock_text(seconds)} with {plural(hints, 'hint') if hints else 'no hints'}."
    if before.best_seconds is None:
        return took
    best_hints = before.best_hints or 0
    if (hints, seconds) < (best_hints, before.best_seconds):
        return f"{took} A new best (before: {clock_text(before.best_seconds)})."
    hinted = f" with {plural(best_hints, 'hint')}" if best_hints else ""
    return f"{took} Best: {clock_text(before.best_seconds)}{hinted}."
