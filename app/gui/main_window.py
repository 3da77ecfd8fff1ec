"""The desktop window: board, menus, toolbar and status bar around one BoardSession."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.gui import help_pages
from app.gui.action_help import explain_action, plain_text, shortcut_text, tooltip_html
from app.gui.board_widget import BoardPicture, BoardWidget, LegendWidget, heat_peak
from app.gui.compile_indicator import CompileIndicator
from app.gui.diagram_view import MAX_DRAWN_N
from app.gui.explanations import Explanation
from app.gui.insight_panel import InsightPanel
from app.gui.pieces import app_icon
from app.gui.sat_board import SatBoard
from app.gui.session import BoardSession
from app.gui.size_box import SizeBox
from app.gui.status_line import StatusLine
from app.gui.theme import APPEARANCES, apply_appearance
from app.gui.undo_actions import UndoActions
from app.gui.words import duration, memory
from bdd_model import MAX_N, Cell, CellState, Configurator, NQueensError, plural, queens_text, resolve_backend
from bdd_model.atomic_file import atomic_output
from bdd_model.costs import CompileCost, compile_cost
from bdd_model.sat.encoding import clause_count, dimacs, smtlib
from bdd_model.saved_game import dumps, loads, read_text
from bdd_model.solution_count import SolutionCount

FILE_FILTER = "N-Queens configurations (*.nqueens.json *.json);;All files (*)"
PROMPT = (
    "Click an open square to place a queen, right-click to mark it empty; "
    "point at a closed square to see why it is closed."
)
PANEL_WIDTH = 300
"""The Insight panel's width beside the board: fixed, so the board never moves as texts change."""
PANEL_HEIGHT = 250
"""Its height when docked below the board."""
ENGINE_MENU = (
    ("auto", "&Automatic", "The exact BDD up to 12×12 (and 13–15 once built), the SAT engine beyond"),
    ("bdd", "&BDD Only", "Always the compiled diagram: exact counts and the heat map, up to 15×15"),
    (
        "sat",
        "&SAT Engine Only",
        "Always the SAT solver: any size to 100×100 at once, counts may be bounds",
    ),
)
"""View → Engine: the choices, their menu texts and what they mean."""
LARGER_SIZES = (20, 32, 40, 64, 100)
"""Sizes beyond the BDD's reach offered in Game → Size (any other one through Other Size…)."""
HEAT_ON_SAT = (
    "Off on the SAT engine: it counts no solutions per square. On the BDD (View → Engine, up to "
    "15×15) the heat map is there."
)
ASK_BEFORE = 5.0
"""Compiles expected to take longer than this many seconds are announced and confirmed first."""


class MainWindow(QMainWindow):
    """One board of the configurator and everything around it."""

    def __init__(self, session: BoardSession | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.session = session or BoardSession()
        if self.session.parent() is None:
            self.session.setParent(self)
        self.settings = settings or QSettings()
        self._focus: Cell | None = None
        self._describing_focus = False
        self._replaced = False
        self._opening = ""
        """The words for a board just opened on the SAT engine, until it is settled."""
        self.setWindowIcon(app_icon())
        self.board = BoardWidget(self)
        self.legend = LegendWidget(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.legend)
        self.setCentralWidget(central)
        self._make_panel()
        self._make_actions()
        self._make_menus()
        self._make_toolbar()
        self._make_status_bar()
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

    def _make_panel(self) -> None:
        self.panel = InsightPanel(self)
        self.dock = QDockWidget("Insight", self)
        self.dock.setObjectName("insight-dock")
        self.panel_scroller = QScrollArea(self)
        self.panel_scroller.setWidget(self.panel)
        self.panel_scroller.setWidgetResizable(True)
        self.panel_scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.dock.setWidget(self.panel_scroller)
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.dock.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea
            | Qt.DockWidgetArea.RightDockWidgetArea
            | Qt.DockWidgetArea.BottomDockWidgetArea
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.dockLocationChanged.connect(self._dock_moved)
        self._dock_moved(Qt.DockWidgetArea.RightDockWidgetArea)

    def _make_actions(self) -> None:
        self.undo_actions = UndoActions(self.session, self)
        self.undo_action, self.redo_action = self.undo_actions.undo, self.undo_actions.redo
        self.restart_action = QAction("Re&start", self, shortcut=QKeySequence("Ctrl+R"))
        self.open_action = QAction("&Open…", self, shortcut=QKeySequence.StandardKey.Open)
        self.save_action = QAction("&Save", self, shortcut=QKeySequence.StandardKey.Save)
        self.save_as_action = QAction("Save &As…", self, shortcut=QKeySequence.StandardKey.SaveAs)
        self.copy_action = QAction("&Copy Board as Text", self, shortcut=QKeySequence.StandardKey.Copy)
        self.export_dimacs_action = QAction("Export as &DIMACS…", self)
        self.export_smtlib_action = QAction("Export as S&MT-LIB…", self)
        self.quit_action = QAction("&Quit", self, shortcut=QKeySequence("Ctrl+Q"))
        self.heat_action = QAction("&Heat Map", self, checkable=True, shortcut=QKeySequence("Ctrl+M"))
        self.hint_action = QAction("&Hint", self, shortcut=QKeySequence("Ctrl+H"))
        self.solve_action = QAction("Sol&ve", self)
        self.free_action = QAction("&Free Square", self, shortcut=QKeySequence("Ctrl+F"))
        self.previous_action = QAction("&Previous Solution", self, shortcut=QKeySequence(Qt.Key.Key_PageUp))
        self.next_action = QAction("&Next Solution", self, shortcut=QKeySequence(Qt.Key.Key_PageDown))
        self.hide_preview_action = QAction(
            "&Hide Solution Preview", self, shortcut=QKeySequence(Qt.Key.Key_Escape)
        )
        self.panel_action = self.dock.toggleViewAction()
        self.panel_action.setText("&Insight Panel")
        self.panel_action.setShortcut(QKeySequence("F9"))
        self.how_to_play_action = QAction(
            "&How to Play", self, shortcut=QKeySequence(QKeySequence.StandardKey.HelpContents)
        )
        self.shortcuts_action = QAction("&Keyboard Shortcuts", self, shortcut=QKeySequence("Ctrl+/"))
        self.about_action = QAction("&About", self)
        self.appearance_group = QActionGroup(self)
        for choice in APPEARANCES:
            action = QAction(choice.capitalize(), self, checkable=True)
            action.setData(choice)
            self.appearance_group.addAction(action)
            what = "Follow the desktop's colours" if choice == "system" else f"Always use {choice} colours"
            explain_action(action, what)
        self.engine_group = QActionGroup(self)
        for choice, text, what in ENGINE_MENU:
            action = QAction(text, self, checkable=True)
            action.setData(choice)
            self.engine_group.addAction(action)
            explain_action(action, what)
        for action, what in (
            (self.restart_action, "Take back every decision on this board (one step, undoable)"),
            (self.open_action, "Open a saved configuration (undoable: Undo brings back this board)"),
            (self.save_action, "Save this board's size and decisions"),
            (self.save_as_action, "Save this board's size and decisions under a new name"),
            (self.copy_action, "Copy the board as text: one row a line, Q for a queen, . for a square"),
            (self.export_dimacs_action, "Write the CNF of this board size, for any SAT solver"),
            (self.export_smtlib_action, "Write SMT-LIB v2 of this board size, for Z3 or cvc5"),
            (self.quit_action, "Close the window; the board is reopened next time"),
            (self.heat_action, "Shade open squares by how many remaining solutions have a queen there"),
            (self.hint_action, "Place the queen that keeps the most solutions open"),
            (self.solve_action, "Complete the board to the solution shown (or the first one)"),
            (self.free_action, "Retract what closes the pointed square and place a queen there"),
            (self.previous_action, "Show the previous remaining solution on the board"),
            (self.next_action, "Show the next remaining solution on the board"),
            (self.hide_preview_action, "Hide the solution shown on the board"),
            (self.panel_action, "Show or hide the Insight panel (drag its title to move it below)"),
            (self.how_to_play_action, "The squares, the mouse and keys, the count and the heat map"),
            (self.shortcuts_action, "Every action with its keyboard shortcut"),
            (self.about_action, "Versions of this program and of Qt, dd and python-sat"),
        ):
            explain_action(action, what)

    def _make_menus(self) -> None:
        self.actions_by_menu: dict[str, list[QAction]] = {}
        menus = {
            "&File": [
                self.open_action,
                self.save_action,
                self.save_as_action,
                None,
                self.export_dimacs_action,
                self.export_smtlib_action,
                None,
                self.quit_action,
            ],
            "&Edit": [self.undo_action, self.redo_action, None, self.copy_action],
            "&Game": [self.restart_action, None, self.free_action, self.hint_action, self.solve_action],
            "&View": [
                self.heat_action,
                self.panel_action,
                None,
                self.previous_action,
                self.next_action,
                self.hide_preview_action,
            ],
            "&Help": [self.how_to_play_action, self.shortcuts_action, None, self.about_action],
        }
        for title, actions in menus.items():
            menu = self.menuBar().addMenu(title)
            if title == "&Game":
                self.size_menu = menu.addMenu("&Size")
                self.size_menu.aboutToShow.connect(self._fill_size_menu)
                self._fill_size_menu()
            for action in actions:
                if action is None:
                    menu.addSeparator()
                else:
                    menu.addAction(action)
            if title == "&View":
                menu.addSeparator()
                menu.addMenu("&Engine").addActions(self.engine_group.actions())
                menu.addMenu("&Appearance").addActions(self.appearance_group.actions())
            self.actions_by_menu[title.replace("&", "")] = [a for a in actions if a is not None]

    def _fill_size_menu(self) -> None:
        """One entry per size: the current one checked, the others with what opening them costs."""
        menu: QMenu = self.size_menu
        menu.clear()
        backend = resolve_backend(self.session.sources.backend)
        sat_only = self.session.sources.engine_choice == "sat"
        for n in range(1, MAX_N + 1):
            label = f"&{n} × {n}" if n < 10 else f"{n} × {n}"
            cost = compile_cost(n, backend)
            if sat_only:
                detail = "SAT engine"
            elif n == self.session.sources.compiling:
                detail = "building…"
            elif self.session.sources.is_cached(n) or cost is None:
                detail = "ready"
            else:
                took = "in under a second" if cost.seconds < 1 else f"in {duration(cost.seconds)}"
                detail = f"builds {took}, {memory(cost.peak_mb)}"
                if not self.session.sources.waits_for_bdd(n):
                    detail = f"SAT engine now, exact {detail}"
            self._size_entry(menu, n, f"{label}\t{detail}")
        menu.addSeparator()
        larger = [n for n in LARGER_SIZES if n <= self.session.sources.max_n]
        for n in larger:
            self._size_entry(menu, n, f"{n} × {n}\tSAT engine")
        other = menu.addAction("&Other Size…")
        other.triggered.connect(self._ask_other_size)

    def _size_entry(self, menu: QMenu, n: int, text: str) -> None:
        action = menu.addAction(text)
        action.setCheckable(True)
        action.setChecked(n == self.session.n)
        action.triggered.connect(lambda _=False, size=n: self.request_size(size))

    def _make_toolbar(self) -> None:
        toolbar = QToolBar("Board", self)
        toolbar.setObjectName("board-toolbar")
        toolbar.setMovable(False)
        size_label = QLabel(" Board size ", toolbar)
        toolbar.addWidget(size_label)
        self.size_box = SizeBox(self.session.sources.max_n, toolbar)
        self.size_box.setToolTip(
            tooltip_html(
                "Board size",
                "N queens on an N×N board, from 1 to 100: type a size and press Enter, or step "
                "with the arrows. Up to 12 the exact diagram opens at once; 13 to 15 open on the "
                "SAT engine while the diagram is built; larger boards are the SAT engine's. "
                "Undo brings back the previous size.",
            )
        )
        size_label.setToolTip(self.size_box.toolTip())
        toolbar.addWidget(self.size_box)
        toolbar.addSeparator()
        toolbar.addActions([self.undo_action, self.redo_action, self.restart_action])
        toolbar.addSeparator()
        toolbar.addActions([self.hint_action, self.heat_action])
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.status_line = StatusLine(self)
        bar.addWidget(self.status_line, 1)
        self.count_label = QLabel(self)
        self.count_label.setToolTip(
            tooltip_html(
                "Queens and solutions",
                "Queens you placed, queens every remaining solution shares (forced), and how many "
                "solutions of the puzzle remain with your decisions.",
            )
        )
        self.compile_indicator = CompileIndicator(self)
        bar.addPermanentWidget(self.compile_indicator)
        bar.addPermanentWidget(self.count_label)
        bar.setMinimumHeight(
            max(w.sizeHint().height() for w in (self.compile_indicator, self.count_label)) + 4
        )

    def _connect(self) -> None:
        session = self.session
        session.changed.connect(self._changed)
        session.updated.connect(self._updated)
        session.explained.connect(self._explained)
        session.engineChanged.connect(lambda _: self._show_engine())
        session.browser.browsed.connect(self.refresh)
        session.boardReplaced.connect(self._board_replaced)
        session.message.connect(self.show_message)
        session.refused.connect(self.show_message)
        session.solved.connect(self._solved)
        session.sources.compileStarted.connect(
            lambda n: self.compile_indicator.started(n, resolve_backend(session.sources.backend))
        )
        session.sources.compileProgress.connect(self.compile_indicator.progressed)
        session.sources.compileEnded.connect(self._compile_ended)
        session.undo_stack.cleanChanged.connect(self._refresh_title)
        self.board.activated.connect(self._activated)
        self.board.markToggled.connect(self._mark_toggled)
        self.board.hovered.connect(self._hovered)
        self.restart_action.triggered.connect(session.restart)
        self.size_box.chosen.connect(self.request_size)
        self.compile_indicator.cancelRequested.connect(session.sources.cancel_compile)
        self.open_action.triggered.connect(self._open_dialog)
        self.save_action.triggered.connect(self._save)
        self.save_as_action.triggered.connect(self._save_dialog)
        self.copy_action.triggered.connect(self.copy_board)
        self.export_dimacs_action.triggered.connect(lambda: self._export_dialog("cnf"))
        self.export_smtlib_action.triggered.connect(lambda: self._export_dialog("smt2"))
        self.quit_action.triggered.connect(self.close)
        self.how_to_play_action.triggered.connect(lambda: help_pages.show_how_to_play(self))
        self.shortcuts_action.triggered.connect(lambda: help_pages.show_shortcuts(self))
        self.about_action.triggered.connect(lambda: help_pages.show_about(self))
        self.heat_action.toggled.connect(self.refresh)
        self.hint_action.triggered.connect(session.hint)
        self.solve_action.triggered.connect(session.browser.solve)
        self.free_action.triggered.connect(self.free_focus)
        self.previous_action.triggered.connect(lambda: session.browser.browse(-1))
        self.next_action.triggered.connect(lambda: session.browser.browse(1))
        self.hide_preview_action.triggered.connect(session.browser.stop)
        self.panel.freeRequested.connect(self.free_focus)
        self.panel.previousRequested.connect(lambda: session.browser.browse(-1))
        self.panel.nextRequested.connect(lambda: session.browser.browse(1))
        self.panel.solveRequested.connect(session.browser.solve)
        self.panel.hintRequested.connect(session.hint)
        self.panel.saveDiagramRequested.connect(self._save_diagram_dialog)
        self.appearance_group.triggered.connect(lambda action: self.set_appearance(action.data()))
        self.engine_group.triggered.connect(lambda action: self.choose_engine(action.data()))
        for action in self.engine_group.actions():
            action.setChecked(action.data() == self.session.sources.engine_choice)
        choice = str(self.settings.value("view/appearance", "system"))
        for action in self.appearance_group.actions():
            action.setChecked(action.data() == choice)

    # ----- state to screen ---------------------------------------------------------------

    def picture(self) -> BoardPicture:
        """What the board shows now: states, counts, culprits of the focused square, preview."""
        cfg = self.session.configurator
        if cfg is None:
            return BoardPicture(0, ())
        explanation = self.focus_explanation()
        culprits = explanation.culprits if explanation and explanation.culprits else ()
        counts = cfg.cell_counts()
        return BoardPicture(
            cfg.n,
            tuple(tuple(row) for row in cfg.states()),
            tuple(tuple(row) for row in counts) if counts is not None else (),
            culprits=frozenset(d.cell for d in culprits),
            preview=self.session.browser.preview,
            heat=self.heat_action.isChecked(),
            focus=explanation.cell if explanation else None,
        )

    def focus_explanation(self) -> Explanation | None:
        """The explanation of the square last pointed at, if it is closed or marked."""
        cfg = self.session.configurator
        if cfg is None or self._focus is None or self._focus.row >= cfg.n or self._focus.col >= cfg.n:
            return None
        state = cfg.cell(*self._focus)
        if state is None or not (state.is_blocked or state is CellState.MARKED):
            return None
        return self.session.explain(self._focus)

    def free_focus(self) -> None:
        """Free the square last pointed at (Game → Free Square, or the panel's button)."""
        if self._focus is not None and self.session.configurator is not None:
            self.session.free(self._focus)

    def refresh(self) -> None:
        cfg = self.session.configurator
        self.board.set_picture(self.picture())
        self._refresh_panel()
        has_board = cfg is not None
        for action in (
            self.save_action,
            self.save_as_action,
            self.copy_action,
            self.restart_action,
            self.export_dimacs_action,
            self.export_smtlib_action,
        ):
            action.setEnabled(has_board)
        self._refresh_title()
        if cfg is None:
            self.count_label.setText("No board yet")
            return
        self.restart_action.setEnabled(bool(cfg.decisions))
        states = self.board.picture.states
        placed = sum(s is CellState.QUEEN for row in states for s in row)
        forced = sum(s is CellState.FORCED for row in states for s in row)
        engine = "BDD" if cfg.engine == "bdd" else "SAT engine"
        if cfg.is_solved:
            text = f"Solved: {placed + forced} of {cfg.n} queens ({forced} forced)"
        else:
            text = f"{placed} placed + {forced} forced of {cfg.n} queens  ·  {self.count_text()}"
        self.count_label.setText(f"{text}  ·  {engine}")
        self.count_label.setAccessibleName(self.count_label.text())

    def count_figure(self) -> tuple[SolutionCount | None, bool]:
        """The count to show and whether a newer one is being worked out (the SAT engine keeps
        its last figure meanwhile); the status bar and the Insight panel say the same."""
        cfg = self.session.configurator
        if isinstance(cfg, SatBoard):
            return cfg.solution_count, cfg.count_updating
        if cfg is None:
            return None, False
        return SolutionCount.of(cfg.count), False

    def count_text(self) -> str:
        """The count in the status bar's words: "92 solutions remain", "about 3.1 × 10³⁹
        solutions remain, estimated ±20% (updating…)", "counting…"."""
        figure, updating = self.count_figure()
        if figure is None:
            return "counting…"
        return figure.remain() + (" (updating…)" if updating else "")

    def _refresh_title(self) -> None:
        cfg = self.session.configurator
        if cfg is None:
            self.setWindowTitle("N-Queens configurator")
            return
        path = self.session.file_path
        title = f"{path.name} ({cfg.n}×{cfg.n})" if path else f"{cfg.n}×{cfg.n} board"
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
        explanation = self.focus_explanation()
        if explanation is not None:
            self.panel.show_explanation(explanation.text, explanation.can_free)
        else:
            self.panel.show_explanation(
                "Point at a closed square to see which of your decisions close it.", False
            )
        self.free_action.setEnabled(bool(explanation and explanation.can_free))
        if cfg is None:
            return
        figure, updating = self.count_figure()
        self.panel.show_browser(self.session.browser.index, figure, updating, cfg.is_solved)
        heat = self.heat_action.isChecked() and isinstance(cfg, Configurator)
        self.legend.set_heat(heat_peak(self.board.picture) if heat else None)
        self.legend.set_checking(isinstance(cfg, SatBoard))
        self._offer_heat(isinstance(cfg, Configurator))
        if isinstance(cfg, Configurator):
            layers = cfg.layers() if cfg.n <= MAX_DRAWN_N else None
            self.panel.show_layers(layers, cfg.n, cfg.space.diagram.edge_count)
        else:
            decided = sum(s is not None for row in self.board.picture.states for s in row)
            self.panel.show_solver(cfg.n, decided, cfg.solver_calls, cfg.settled)
        for action in (self.hint_action, self.solve_action):
            action.setEnabled(cfg.count_at_least > 0 and not cfg.is_solved)

    def _changed(self) -> None:
        """After every change of the board: the picture, and a status line about the new state."""
        self.refresh()
        replaced, self._replaced = self._replaced, False
        if not replaced:
            self._opening = ""
        if self._focus is not None:
            self._describe_focus()
        elif not replaced:
            self.status_line.set_text(PROMPT)

    def _describe_focus(self) -> None:
        assert self._focus is not None
        self.status_line.set_text(self.session.describe(self._focus))
        self._describing_focus = True

    def show_message(self, text: str) -> None:
        """Say something that just happened; the next change of the board replaces it."""
        self.status_line.set_text(text)
        self._describing_focus = False
        self._opening = ""

    def status_text(self) -> str:
        """The whole text of the status line (it may be shown elided)."""
        return self.status_line.text()

    def point_at(self, cell: Cell) -> None:
        """Focus a square as hovering does: its explanation in the panel, its culprits framed."""
        self._hovered(cell)

    def _hovered(self, cell: Cell | None) -> None:
        if cell is None or self.session.configurator is None:
            return
        if cell != self._focus:
            self._focus = cell
            self.board.set_picture(self.picture())
            self._refresh_panel()
        self._describe_focus()

    def _activated(self, cell: Cell) -> None:
        self._hovered(cell)
        self.session.activate(cell)

    def _offer_heat(self, available: bool) -> None:
        """The heat map needs per-square counts, which only the BDD has: off on the SAT engine,
        and its tooltip says why."""
        action = self.heat_action
        if action.isEnabled() == available and action.statusTip():
            return
        action.setEnabled(available)
        what = action.whatsThis() if available else HEAT_ON_SAT
        action.setStatusTip(what)
        action.setToolTip(tooltip_html(plain_text(action), what, shortcut_text(action)))

    def _mark_toggled(self, cell: Cell) -> None:
        self._hovered(cell)
        self.session.toggle_mark(cell)

    def _board_replaced(self, n: int) -> None:
        self._focus = None
        self._replaced = True
        self._show_engine()
        self.size_box.show_size(n)
        self.settings.setValue("board/size", n)
        cfg = self.session.configurator
        assert cfg is not None
        if cfg.count == 0:
            text = f"No {n} queens fit on a {n}×{n} board without attacking: every square is closed."
        else:
            path = self.session.file_path
            board = f"Opened {path.name}: the {n}×{n} board" if path else f"The {n}×{n} board"
            if cfg.decisions:
                board += f" with {plural(len(cfg.decisions), 'decision')}"
            if cfg.count is not None:
                text = f"{board}: {SolutionCount.of(cfg.count).remain()}."
            else:
                text = f"{board}, on the SAT engine: squares fill in as they are checked."
                self._opening = board
        self.status_line.set_text(" ".join([text, *self.session.sources.take_notes()]))

    def _show_engine(self) -> None:
        """The panel's account of the engine that answers the board now."""
        cfg = self.session.configurator
        if isinstance(cfg, Configurator):
            self.panel.show_space(cfg.space)
        self.refresh()

    def _updated(self) -> None:
        """The SAT engine decided more squares: repaint, and keep the status line current (once
        a newly opened board is settled, it says what is known of its solutions)."""
        self.refresh()
        if self._focus is not None and self._describing_focus:
            self._describe_focus()
        cfg = self.session.configurator
        if self._opening and isinstance(cfg, SatBoard) and cfg.settled and cfg.solution_count is not None:
            self.status_line.set_text(f"{self._opening}, on the SAT engine: {self.count_text()}.")
            self._opening = ""

    def _explained(self, cell: Cell) -> None:
        if cell == self._focus:
            self.board.set_picture(self.picture())
            self._refresh_panel()
            if self._describing_focus:
                self._describe_focus()

    def _solved(self) -> None:
        self.board.flash_banner("Solved!")
        self.show_message("Solved: every row holds a queen. Undo takes the last queen back.")

    def _dock_moved(self, area: Qt.DockWidgetArea) -> None:
        """Beside the board the panel has a fixed width; below it, a fixed height and its
        groups side by side."""
        below = area in (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea)
        self.panel.set_side_by_side(below)
        scroller = self.panel_scroller
        if below:
            scroller.setMinimumWidth(0)
            scroller.setMaximumWidth(16777215)
            scroller.setFixedHeight(PANEL_HEIGHT)
            scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        else:
            scroller.setMinimumHeight(0)
            scroller.setMaximumHeight(16777215)
            scroller.setFixedWidth(PANEL_WIDTH)
            scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    # ----- sizes and compiling -----------------------------------------------------------

    def request_size(self, n: int) -> None:
        """The user picked a size: say what building its diagram would cost, and ask first when
        it is long. On "auto", 13 to 15 open at once on the SAT engine and the question is only
        whether to build the exact diagram behind it."""
        session = self.session
        build = True
        if (
            n != session.n
            and n != session.sources.compiling
            and session.sources.uses_bdd(n)
            and not session.sources.is_cached(n)
        ):
            cost = compile_cost(n, resolve_backend(session.sources.backend))
            if cost is not None and cost.seconds >= ASK_BEFORE:
                build = self._confirm_build(n, cost, meanwhile_sat=not session.sources.waits_for_bdd(n))
                if not build and session.sources.waits_for_bdd(n):
                    self.size_box.show_size(session.n)
                    return
        self.choose_size(n, build)

    def _confirm_build(self, n: int, cost: CompileCost, meanwhile_sat: bool) -> bool:
        """Ask before a long compile; True to build. ``meanwhile_sat``: the board opens on the SAT
        engine either way, the question is only about the exact diagram."""
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Question)
        price = (
            f"Building its diagram takes {duration(cost.seconds)} and up to {memory(cost.peak_mb)} of "
            "memory (measured on a 2-core machine); it is built once and then opens at once."
        )
        if meanwhile_sat:
            box.setWindowTitle(f"Build the exact {n}×{n} diagram?")
            box.setText(f"The {n}×{n} board opens on the SAT engine whatever you choose.")
            box.setInformativeText(
                f"{price} With it come exact counts and the heat map; the board switches to it by "
                "itself, your decisions kept. Cancel in the status bar stops the build."
            )
            build = box.addButton("Build in the background", QMessageBox.ButtonRole.AcceptRole)
            box.addButton("SAT engine only", QMessageBox.ButtonRole.RejectRole)
        else:
            box.setWindowTitle(f"Build the {n}×{n} board?")
            box.setText(f"The {n}×{n} board is not built on this computer yet.")
            box.setInformativeText(
                f"{price} The current board stays usable meanwhile; Cancel in the status bar stops the build."
            )
            build = box.addButton("Build", QMessageBox.ButtonRole.AcceptRole)
            box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is build

    def choose_size(self, n: int, build_exact: bool = True) -> None:
        """Switch to an empty n×n board (compiling it in the background if needed); choosing the
        size already shown while another compiles only cancels that compile."""
        if n == self.session.n:
            self.session.sources.cancel_compile()
            return
        if not self.session.open_size(n, build_exact=build_exact):
            self.size_box.show_size(self.session.n)

    def choose_engine(self, choice: str) -> None:
        """View → Engine: which engine answers, from now on and for this board."""
        self.settings.setValue("view/engine", choice)
        self.session.sources.set_engine_choice(choice)
        self.size_box.setMaximum(self.session.sources.max_n)
        for action in self.engine_group.actions():
            action.setChecked(action.data() == choice)

    def _ask_other_size(self) -> None:
        n, ok = QInputDialog.getInt(
            self,
            "Board size",
            f"N (1 to {self.session.sources.max_n}):",
            self.session.n or 8,
            1,
            self.session.sources.max_n,
        )
        if ok:
            self.request_size(n)

    def _compile_ended(self) -> None:
        self.compile_indicator.ended()
        if self.session.n:
            self.size_box.show_size(self.session.n)

    # ----- files -------------------------------------------------------------------------

    @property
    def file_path(self) -> Path | None:
        return self.session.file_path

    def save_to(self, path: Path) -> bool:
        """Write the configuration; False (with a message) if the file cannot be written."""
        cfg = self.session.configurator
        if cfg is None:
            return False
        try:
            with atomic_output(path) as stream:
                stream.write((dumps(cfg.n, cfg.decisions) + "\n").encode("utf-8"))
        except OSError as error:
            self.show_message(f"Could not save {path.name}: {error.strerror or error}")
            return False
        self.session.mark_saved(path)
        self.settings.setValue("files/folder", str(path.parent))
        self._refresh_title()
        self.show_message(f"Saved {path.name}")
        return True

    def open_from(self, path: Path) -> bool:
        """Read a configuration; a bad file is refused with a message and nothing changes."""
        try:
            n, decisions = loads(read_text(path))
        except OSError as error:
            self.show_message(f"Could not read {path.name}: {error.strerror or error}")
            return False
        except NQueensError as error:
            self.show_message(f"{path.name} was not opened: {error}")
            return False
        self.settings.setValue("files/folder", str(path.parent))
        return self.session.open_size(n, decisions, file_path=path, label=f"Open {path.name}")

    def _open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open configuration", self._folder(), FILE_FILTER)
        if name:
            self.open_from(Path(name))

    def _save(self) -> None:
        if self.file_path is None:
            self._save_dialog()
        else:
            self.save_to(self.file_path)

    def _save_dialog(self) -> None:
        n = self.session.n
        suggestion = str(Path(self._folder()) / f"queens-{n}x{n}.nqueens.json")
        name, _ = QFileDialog.getSaveFileName(self, "Save configuration", suggestion, FILE_FILTER)
        if name:
            path = Path(name)
            self.save_to(path if path.suffix else path.with_name(path.name + ".nqueens.json"))

    def _folder(self) -> str:
        """Where the file dialogs start: the current file's folder, else the last one used."""
        if self.file_path:
            return str(self.file_path.parent)
        return str(self.settings.value("files/folder", str(Path.home())))

    def export_to(self, path: Path, kind: str) -> bool:
        """Write the DIMACS (kind "cnf") or SMT-LIB ("smt2") encoding of the current size."""
        n = self.session.n
        lines = dimacs(n) if kind == "cnf" else smtlib(n)
        try:
            with atomic_output(path) as stream:
                stream.writelines(line.encode("ascii") for line in lines)
        except OSError as error:
            self.show_message(f"Could not export {path.name}: {error.strerror or error}")
            return False
        what = "DIMACS CNF" if kind == "cnf" else "SMT-LIB"
        self.show_message(
            f"Exported the {n}×{n} problem as {what} to {path.name} ({plural(clause_count(n), 'clause')})"
        )
        return True

    def _export_dialog(self, kind: str) -> None:
        n = self.session.n
        suggestion = str(Path(self._folder()) / f"{n}-queens.{kind}")
        label = "DIMACS CNF (*.cnf)" if kind == "cnf" else "SMT-LIB v2 (*.smt2)"
        name, _ = QFileDialog.getSaveFileName(self, "Export", suggestion, f"{label};;All files (*)")
        if name:
            self.export_to(Path(name), kind)

    def save_diagram(self, path: Path) -> bool:
        """Write the drawn diagram as SVG or PNG (by the file's suffix)."""
        kind = "svg" if path.suffix.lower() == ".svg" else "png"
        try:
            path.write_bytes(self.panel.diagram.picture(kind))
        except OSError as error:
            self.show_message(f"Could not save {path.name}: {error.strerror or error}")
            return False
        self.show_message(f"Saved the diagram to {path.name}")
        return True

    def _save_diagram_dialog(self) -> None:
        n = self.session.n
        suggestion = str(Path(self._folder()) / f"queens-{n}x{n}-diagram.svg")
        name, _ = QFileDialog.getSaveFileName(
            self, "Save the diagram", suggestion, "SVG drawing (*.svg);;PNG image (*.png)"
        )
        if name:
            self.save_diagram(Path(name))

    def copy_board(self) -> None:
        cfg = self.session.configurator
        if cfg is not None:
            QGuiApplication.clipboard().setText(queens_text(cfg.n, cfg.queens()) + "\n")
            self.show_message("Board copied as text")

    # ----- appearance, closing -----------------------------------------------------------

    def set_appearance(self, choice: str) -> None:
        self.settings.setValue("view/appearance", choice)
        apply_appearance(choice)
        self.board.update()

    def open_last_board(self) -> None:
        """Reopen the board left last time, with its decisions (an empty 8×8 the first time)."""
        text = self.settings.value("board/last")
        size = self.settings.value("board/size", 8)
        try:
            n, decisions = loads(str(text)) if text else (int(size), [])  # type: ignore[call-overload]
        except (NQueensError, ValueError, TypeError):
            n, decisions = 8, []
        if not 1 <= n <= self.session.sources.max_n:
            n = 8
        if not self.session.open_size(n, decisions):
            self.session.open_size(n)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.session.sources.shut_down()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        cfg = self.session.configurator
        if cfg is not None:
            self.settings.setValue("board/last", dumps(cfg.n, cfg.decisions))
        super().closeEvent(event)
