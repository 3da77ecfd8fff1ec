"""The desktop window: board, Insight panel, menus, toolbar and status bar around one ``BoardSession``, kept
in step with it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QMimeData, QSettings, QSignalBlocker
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMainWindow,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.gui.board.board_widget import BoardPicture, BoardWidget, LegendWidget, heat_peak
from app.gui.board.queen_pictures import app_icon
from app.gui.board.theme import apply_appearance
from app.gui.insight.insight_dock import InsightDock
from app.gui.levels.level_play import LevelPlay
from app.gui.mid_end.assists import Assist, remembered_assist
from app.gui.mid_end.autosave import Autosave, folder_beside
from app.gui.mid_end.session import BoardSession
from app.gui.setting.setter_bench import SetterBench
from app.gui.widgets.elided_text import ElidedText
from app.gui.window.build_bar import BuildBar
from app.gui.window.compile_indicator import CompileIndicator
from app.gui.window.file_commands import FileCommands
from app.gui.window.notice_strip import BOARD_TOPIC, NoticeStrip
from app.gui.window.pointed_square import PointedSquare
from app.gui.window.reopening import reopen_last_board
from app.gui.window.rules_choice import RulesChoice
from app.gui.window.shown_picture import shown_picture
from app.gui.window.size_box import SizeBox
from app.gui.window.size_choice import SizeChoice
from app.gui.window.status_line import StatusLine
from app.gui.window.status_text import (
    DEAD_END_WORDS,
    count_figure,
    count_text,
    counters,
    first_step,
    greeting,
    keys_on_board,
    no_solution_words,
    prompt,
    solved_words,
)
from app.gui.window.window_actions import WindowActions, heat_off_because
from app.gui.workers.machine_speed_job import MachinePace
from bdd_model import Cell, resolve_backend
from bdd_model.families import RuleFamily
from bdd_model.puzzles import Puzzle

SMALLEST = (640, 480)
"""The smallest window: the board keeps at least half its width."""


class MainWindow(QMainWindow):
    """One board of the configurator and everything around it."""

    def __init__(self, session: BoardSession | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.session = session or BoardSession()
        if self.session.parent() is None:
            self.session.setParent(self)
        self.settings = settings or QSettings()
        self._changes = 0
        self._replaced = False
        self._opening = ""
        """The words for a board just opened on the SAT engine, until its count is known."""
        self.setWindowIcon(app_icon())
        self.setMinimumSize(*SMALLEST)
        self.board = BoardWidget(self)
        self.legend = LegendWidget(self)
        self.build_bar = BuildBar(self.settings, self)
        self.pace = MachinePace(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.legend)
        self.setCentralWidget(central)
        self.setAcceptDrops(True)
        self.dock = InsightDock(self)
        self.panel, self.panel_scroller = self.dock.panel, self.dock.scroller
        self.commands = WindowActions(self, self.session, self.dock)
        size_menu, rules_menu = self.commands.build_menus(self)
        self.size_box = SizeBox(self.session.sources.max_n, self)
        self.rules_choice = RulesChoice(self, self.session, self.settings, rules_menu)
        self._make_toolbar()
        self._make_status_bar()
        self.pointed = PointedSquare(self.session, self)
        self.status = StatusLine(self.status_line, self.pointed, prompt(self.session.puzzle.piece))
        self.files = FileCommands(
            self,
            self.session,
            self.settings,
            self.show_message,
            self.warn_about_file,
            self.panel.diagram.picture,
        )
        self.sizes = SizeChoice(
            self,
            self.session,
            self.settings,
            self.size_box,
            size_menu,
            self.commands.engines,
            self.build_bar,
            self.pace,
        )
        self.level_play = LevelPlay(self, self.session, self.settings, self.commands, self.board)
        self.setter = SetterBench(self, self.session, self.settings, self.commands)
        folder = folder_beside(self.settings.fileName())
        self.autosave = Autosave(self.session, folder, self, self.sizes.remembered_engine)
        self._connect()
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1040, 780)
        state = self.settings.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        self.refresh()

    # ----- construction ------------------------------------------------------------------

    def _make_toolbar(self) -> None:
        toolbar = QToolBar("Board", self)
        toolbar.setObjectName("board-toolbar")
        toolbar.setMovable(False)
        self.size_box.add_to(toolbar)
        self.rules_choice.add_to(toolbar)
        self.commands.fill_toolbar(toolbar)
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _make_status_bar(self) -> None:
        """The status line and the count (never cut: it takes the room its words need), in
        the strip that also shows offers and messages; a build's progress beside it."""
        bar = self.statusBar()
        row = QWidget(bar)
        self.status_line = ElidedText(row, lines=2, name="Status", middle=True)
        self.count_label = ElidedText(
            row,
            lines=2,
            middle=True,
            whole=True,
            name="Queens and solutions",
            about="Queens you placed, queens every remaining solution shares (forced), how many "
            "solutions of the puzzle remain with your decisions, and the engine that answers",
        )
        layout = QHBoxLayout(row)
        layout.setContentsMargins(2, 0, 2, 0)
        layout.addWidget(self.status_line, 1)
        layout.addWidget(self.count_label)
        self.notices = NoticeStrip(row, self.build_bar, bar)
        self.compile_indicator = CompileIndicator(self)
        bar.addWidget(self.notices, 1)
        bar.addPermanentWidget(self.compile_indicator)

    def _connect(self) -> None:
        session, sources, actions = self.session, self.session.sources, self.commands
        session.changed.connect(self._changed)
        session.updated.connect(self._updated)
        session.engineChanged.connect(lambda _: self.refresh())
        session.browser.browsed.connect(self.refresh)
        session.leaving.connect(self.notices.messages.leaving_board)
        session.boardReplaced.connect(self._board_replaced)
        session.message.connect(self.show_message)
        session.refused.connect(self.warn_about_file)
        sources.problem.connect(self.warn)
        session.solved.connect(self._solved)
        session.fileChanged.connect(self._refresh_title)
        self.autosave.noted.connect(self.show_message)
        self.autosave.troubled.connect(lambda text: self.notices.messages.post(text, topic="autosave"))
        session.undo_stack.cleanChanged.connect(self._refresh_title)
        sources.compileStarted.connect(self._compile_started)
        sources.compileProgress.connect(self.compile_indicator.progressed)
        sources.compileEnded.connect(self.compile_indicator.ended)
        self.compile_indicator.cancelRequested.connect(sources.cancel_compile)
        self.pointed.changed.connect(self._pointed_changed)
        self.board.activated.connect(self._activated)
        self.board.markToggled.connect(self._mark_toggled)
        self.board.hovered.connect(self._hovered)
        self.size_box.released.connect(self._keys_to_board)
        actions.restart.triggered.connect(session.restart)
        self.files.take_actions(actions)
        actions.quit.triggered.connect(self.close)
        actions.open_help(self)
        actions.heat.toggled.connect(self.refresh)
        actions.hint.triggered.connect(session.hint)
        actions.check.triggered.connect(lambda: session.checks.check())
        actions.solve.triggered.connect(session.browser.solve)
        actions.free.triggered.connect(self.pointed.free)
        actions.previous.triggered.connect(lambda: session.browser.browse(-1))
        actions.next.triggered.connect(lambda: session.browser.browse(1))
        actions.escape.triggered.connect(self._escape)
        self.panel.freeRequested.connect(self.pointed.free)
        self.panel.previousRequested.connect(lambda: session.browser.browse(-1))
        self.panel.nextRequested.connect(lambda: session.browser.browse(1))
        self.panel.solveRequested.connect(session.browser.solve)
        self.panel.hintRequested.connect(session.hint)
        self.panel.saveDiagramRequested.connect(self.files.save_diagram_dialog)
        actions.appearances.triggered.connect(lambda action: self.set_appearance(action.data()))
        choice = str(self.settings.value("view/appearance", "system"))
        for action in actions.appearances.actions():
            action.setChecked(action.data() == choice)
        actions.assists.triggered.connect(lambda action: self.set_assist(Assist(action.data())))
        self.set_assist(remembered_assist(self.settings), remember=False)

    # ----- state to screen ---------------------------------------------------------------

    def picture(self) -> BoardPicture:
        """What the board shows now."""
        return shown_picture(self.session, self.pointed.explanation(), self.commands.heat.isChecked())

    def refresh(self, now: bool = False) -> None:
        """Everything the window shows, from the session (``now``: the board first, painted
        before this returns: the user's own change)."""
        cfg = self.session.configurator
        self.board.set_picture(self.picture(), now)
        self._refresh_panel()
        for action in (
            self.commands.save,
            self.commands.save_as,
            self.commands.copy,
            self.commands.export_dimacs,
            self.commands.export_smtlib,
            self.commands.export_picture,
            self.commands.export_blank,
        ):
            action.setEnabled(cfg is not None)
        self.commands.restart.setEnabled(cfg is not None and bool(cfg.decisions))
        self._refresh_title()
        figure, _ = count_figure(cfg)
        self.count_label.set_text(
            counters(cfg) if cfg is not None else "No board yet",
            figure.detail() if figure is not None else "",
        )

    def _refresh_title(self) -> None:
        cfg = self.session.configurator
        if cfg is None:
            self.setWindowTitle("N-Queens configurator")
            return
        file = self.session.file
        title = f"{file.path.name} ({cfg.puzzle.title})" if file else cfg.puzzle.board
        self.setWindowTitle(title + (", solved" if cfg.is_solved else "") + "[*]")
        self.setWindowModified(self.is_unsaved())

    def is_unsaved(self) -> bool:
        """True when the board holds something a save would keep and has not been saved as it is."""
        cfg = self.session.configurator
        if cfg is None or self.session.undo_stack.isClean():
            return False
        return bool(cfg.decisions) or self.session.file_path is not None

    def _refresh_panel(self) -> None:
        cfg = self.session.configurator
        explanation = self.pointed.explanation()
        no_solution = cfg is not None and cfg.count == 0 and cfg.strict
        hint = self.session.hints.hint
        self.panel.hint_button.setText("Apply Hint" if hint else "Hint")
        if explanation is not None:
            self.panel.show_explanation(explanation.text)
        elif hint is not None:
            self.panel.show_explanation(hint.words)
        elif cfg is not None and no_solution and cfg.decisions:
            self.panel.show_explanation(DEAD_END_WORDS)
        elif cfg is not None and no_solution:
            self.panel.show_explanation(no_solution_words(cfg))
        elif cfg is not None and not cfg.decisions:
            self.panel.show_explanation(first_step(cfg.puzzle.piece))
        else:
            self.panel.show_explanation("Click a closed square to see which of your decisions close it.")
        chosen = self.pointed.chosen_explanation()
        self.panel.show_free(chosen.cell if chosen else None, bool(chosen and chosen.can_free))
        self.commands.free.setEnabled(bool(explanation and explanation.can_free))
        if cfg is None:
            return
        figure, updating = count_figure(cfg)
        self.panel.show_browser(self.session.browser.index, figure, updating, cfg.is_solved, not cfg.strict)
        counted, heat = cfg.view.cell_counts is not None, self.commands.heat.isChecked()
        spoils = self.session.shown_assist is not Assist.EVERYTHING
        shaded = counted and heat and not no_solution and not spoils
        self.legend.set_heat(heat_peak(self.board.picture) if shaded else None)
        self.legend.set_checking(not counted)
        self.legend.set_no_solution(no_solution)
        self.legend.set_spoils(spoils)
        self.legend.set_puzzle(cfg.puzzle, self.session.shown_assist.shown_states)
        self.commands.offer_heat(heat_off_because(cfg, no_solution, spoils))
        self.panel.show_insight(cfg.view, spoils)
        for action in (self.commands.hint, self.commands.solve):
            action.setEnabled((cfg.count_at_least > 0 or not cfg.strict) and not cfg.is_solved)

    # ----- what happens ------------------------------------------------------------------

    def _changed(self) -> None:
        """After every change of the board: the picture, and a status line about the new state."""
        self._changes += 1
        cfg = self.session.configurator
        if cfg is None or not cfg.is_solved:
            self.board.hide_banner()
        self.refresh(now=True)
        replaced, self._replaced = self._replaced, False
        if not replaced:
            self._opening = ""
            self.status.board_line = prompt(self.session.puzzle.piece)
        if self.pointed.pointed is not None:
            self.status.describe()
        elif not replaced:
            self.status.say(prompt(self.session.puzzle.piece))

    def _updated(self) -> None:
        """The SAT engine decided more squares or counted better: repaint, and keep the status
        line current (once a newly opened board is counted, it says what is known of it). The
        board settled is painted at once: it is the answer to the user's last click."""
        cfg = self.session.configurator
        self.refresh(now=cfg is not None and cfg.settled)
        if self.pointed.pointed is not None and self.status.describing:
            self.status.describe()
        if self._opening and cfg is not None and cfg.solution_count and not cfg.view.counting:
            opened = no_solution_words(cfg) if cfg.count == 0 and not cfg.decisions else None
            self.status.say(opened or f"{self._opening}, on the {cfg.name}: {count_text(cfg)}.")
            self._opening = ""

    def _board_replaced(self, n: int) -> None:
        self._replaced = True
        self.notices.messages.board_left()
        self.refresh()
        cfg = self.session.configurator
        assert cfg is not None
        self.commands.offer_engines(cfg.puzzle)
        file = self.session.file
        text, self._opening = greeting(cfg, file.path.name if file else "", back=self.session.from_history)
        keyed = self.board.hasFocus() and self.board.cursor_cell and cfg.count != 0
        keys = [keys_on_board(cfg.puzzle.piece)] if keyed else []
        left = self.session.left_unsaved
        unsaved = [f"{left.name} had changes not saved: Undo (Ctrl+Z) brings them back."] if left else []
        self.status.say(" ".join([text, *unsaved, *self.session.sources.take_notes(), *keys]))

    def _keys_to_board(self) -> None:
        """The size box hands the keys to the board, and the status line says so where a piece
        can be placed."""
        self.board.take_keys()
        said = self.status_line.text()
        keys = keys_on_board(self.session.puzzle.piece)
        cfg = self.session.configurator
        if keys not in said and cfg is not None and cfg.count != 0:
            self.status.say(f"{said} {keys}".strip())

    def _compile_started(self, puzzle: Puzzle) -> None:
        backend = resolve_backend(self.session.sources.backend)
        cost = self.pace.cost(puzzle.n, backend, puzzle.resized(puzzle.n).rules)
        self.compile_indicator.started(puzzle.title, backend, cost.seconds if cost else None)

    def _solved(self) -> None:
        self.board.flash_banner("Solved!")
        self.show_message(solved_words(self.session.undo_stack.undoText(), self.session.puzzle))

    def _pointed_changed(self) -> None:
        self.board.set_picture(self.picture())
        self._refresh_panel()
        if self.status.describing:
            self.status.describe()

    def show_message(self, text: str) -> None:
        """Say something that just happened; the next change of the board replaces it."""
        self.status.say(text)
        self._opening = ""

    def warn(self, text: str) -> None:
        """Say something that must be read (a build that failed, a worker started again): it
        stays in the status bar's place until dismissed."""
        self.notices.messages.post(text)

    def warn_about_file(self, text: str) -> None:
        """Say why a file or a board was not taken (or saved), in place of what was said of one
        before; it stays until dismissed or until the board in hand is left."""
        self.notices.messages.post(text, topic=BOARD_TOPIC)

    def point_at(self, cell: Cell) -> None:
        """Choose a square as a click does, without deciding anything: its explanation in the
        panel, its culprits framed, Free acting on it."""
        self.pointed.choose(cell)
        self._hovered(cell)

    def _hovered(self, cell: Cell | None) -> None:
        if self.session.configurator is None:
            return
        self.session.configurator.point_at(cell)
        self.pointed.point(cell)
        if cell is not None:
            self.status.describe()

    def _activated(self, cell: Cell) -> None:
        self._decide(cell, choose=True)

    def _mark_toggled(self, cell: Cell) -> None:
        self._decide(cell, choose=False)

    def _decide(self, cell: Cell, choose: bool) -> None:
        """A click, Enter or Space on ``cell``: the pointer (and, for a click, the choice) moves
        there, then the decision; one refresh for both, painted at once."""
        if self.session.configurator is None:
            return
        with QSignalBlocker(self.pointed):
            if choose:
                self.pointed.choose(cell)
            self.pointed.point(cell)
        self.status.describe()
        changes, board_line = self._changes, self.status.board_line
        if choose:
            self.session.activate(cell)
        else:
            self.session.toggle_mark(cell)
        if self._changes == changes:
            self.board.set_picture(self.picture())
            self._refresh_panel()
            if self.status_line.text() == self.pointed.words():
                self.status.describing = True  # the refusal describes the square: keep it current
                self.status.board_line = board_line

    def _escape(self) -> None:
        """Esc: hide the solution shown, else let go of the chosen square."""
        if self.session.browser.preview is not None:
            self.session.browser.stop()
        else:
            self.pointed.let_go()

    # ----- appearance, the last board, closing -------------------------------------------

    def set_assist(self, assist: Assist, remember: bool = True) -> None:
        """Show levels by this assist, remembered for the next start unless ``remember`` is False
        (the command line's choice for one start); a board left without a solution says so."""
        if remember:
            self.settings.setValue("view/assist", assist.value)
        for action in self.commands.assists.actions():
            action.setChecked(action.data() == assist.value)
        self.session.set_assist(assist)

    def set_appearance(self, choice: str, remember: bool = True) -> None:
        """Light, dark or the system's colours, remembered for the next start unless
        ``remember`` is False (the command line's choice for one start)."""
        if remember:
            self.settings.setValue("view/appearance", choice)
        apply_appearance(choice)
        for action in self.commands.appearances.actions():
            action.setChecked(action.data() == choice)
        self.board.update()

    def reopen(self, rules: RuleFamily | None = None, engine: str | None = None) -> None:
        """The first board of this window: the newest kept one no other window holds, else an
        empty one (``reopening.reopen_last_board``)."""
        reopen_last_board(self, rules, engine)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """A file dragged over the window may be dropped: a level or a saved game."""
        if dropped_file(event.mimeData()) is not None:
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A file dropped on the window opens as File → Open opens it."""
        path = dropped_file(event.mimeData())
        if path is not None:
            event.acceptProposedAction()
            self.files.open_from(path)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.session.sources.shut_down()
        self.pace.stop()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.autosave.close()
        super().closeEvent(event)


def dropped_file(mime: QMimeData) -> Path | None:
    """The local file a drag carries (the first), or None."""
    files = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()]
    return files[0] if files else None
