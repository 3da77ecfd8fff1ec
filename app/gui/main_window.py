"""The desktop window: board, menus, toolbar and status bar around one BoardSession."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from app.gui.board_widget import BoardPicture, BoardWidget, LegendWidget, heat_peak
from app.gui.explanations import Explanation
from app.gui.insight_panel import InsightPanel
from app.gui.pieces import app_icon
from app.gui.session import BoardSession
from app.gui.theme import APPEARANCES, apply_appearance
from bdd_model import MAX_N, Cell, CellState, NQueensError, Progress, queens_text
from bdd_model.atomic_file import atomic_output
from bdd_model.sat.encoding import clause_count, dimacs, smtlib
from bdd_model.saved_game import dumps, loads, read_text

PHASE_NAMES = {"search": "searching rows", "build": "building the BDD", "freeze": "freezing rows"}
FILE_FILTER = "N-Queens configurations (*.nqueens.json *.json);;All files (*)"


class MainWindow(QMainWindow):
    """One board of the configurator and everything around it."""

    def __init__(self, session: BoardSession | None = None, settings: QSettings | None = None) -> None:
        super().__init__()
        self.session = session or BoardSession(parent=self)
        self.settings = settings or QSettings()
        self.file_path: Path | None = None
        self._opening: Path | None = None
        self.setWindowIcon(app_icon())
        self.board = BoardWidget(self)
        self.legend = LegendWidget(self)
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 2)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.legend)
        self.setCentralWidget(central)
        self.panel = InsightPanel(self)
        self.dock = QDockWidget("Insight", self)
        self.dock.setObjectName("insight-dock")
        scroller = QScrollArea(self)
        scroller.setWidget(self.panel)
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setMinimumWidth(self.panel.sizeHint().width() + 20)
        self.dock.setWidget(scroller)
        self.dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self._focus: Cell | None = None
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
        self.refresh()

    # ----- construction ------------------------------------------------------------------

    def _make_actions(self) -> None:
        stack = self.session.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        redo_keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        for extra in ("Ctrl+Shift+Z", "Ctrl+Y"):
            if QKeySequence(extra) not in redo_keys:
                redo_keys.append(QKeySequence(extra))
        self.redo_action.setShortcuts(redo_keys)
        self.restart_action = QAction("Re&start", self, shortcut=QKeySequence("Ctrl+R"))
        self.restart_action.setStatusTip("Take back every decision (undoable)")
        self.open_action = QAction("&Open…", self, shortcut=QKeySequence.StandardKey.Open)
        self.save_action = QAction("&Save", self, shortcut=QKeySequence.StandardKey.Save)
        self.save_as_action = QAction("Save &As…", self, shortcut=QKeySequence.StandardKey.SaveAs)
        self.copy_action = QAction("&Copy Board as Text", self, shortcut=QKeySequence.StandardKey.Copy)
        self.export_dimacs_action = QAction("Export as &DIMACS…", self)
        self.export_dimacs_action.setStatusTip("The CNF of this board size, for any SAT solver")
        self.export_smtlib_action = QAction("Export as S&MT-LIB…", self)
        self.export_smtlib_action.setStatusTip("SMT-LIB v2 of this board size, for Z3 or cvc5")
        self.quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        self.about_action = QAction("&About", self)
        self.heat_action = QAction("&Heat Map", self, checkable=True, shortcut=QKeySequence("Ctrl+M"))
        self.heat_action.setStatusTip("Shade open squares by how many remaining solutions have a queen there")
        self.hint_action = QAction("&Hint", self, shortcut=QKeySequence("Ctrl+H"))
        self.hint_action.setStatusTip("Place the queen that keeps the most solutions open")
        self.solve_action = QAction("Sol&ve", self)
        self.solve_action.setStatusTip("Complete the board to the shown solution")
        self.free_action = QAction("&Free Square", self, shortcut=QKeySequence("Ctrl+F"))
        self.free_action.setStatusTip("Retract the decisions that close the pointed square and place a queen")
        self.previous_action = QAction("&Previous Solution", self, shortcut=QKeySequence(Qt.Key.Key_PageUp))
        self.next_action = QAction("&Next Solution", self, shortcut=QKeySequence(Qt.Key.Key_PageDown))
        self.hide_preview_action = QAction(
            "Hide Solution Preview", self, shortcut=QKeySequence(Qt.Key.Key_Escape)
        )
        self.panel_action = self.dock.toggleViewAction()
        self.panel_action.setText("&Insight Panel")
        self.panel_action.setShortcut(QKeySequence("F9"))
        self.appearance_group = QActionGroup(self)
        for choice in APPEARANCES:
            action = QAction(choice.capitalize(), self, checkable=True)
            action.setData(choice)
            self.appearance_group.addAction(action)

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        file_menu.addSeparator()
        file_menu.addAction(self.copy_action)
        file_menu.addActions([self.export_dimacs_action, self.export_smtlib_action])
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.addActions([self.undo_action, self.redo_action, self.restart_action])
        edit_menu.addSeparator()
        edit_menu.addActions([self.free_action, self.hint_action, self.solve_action])
        self.view_menu = self.menuBar().addMenu("&View")
        self.view_menu.addActions([self.heat_action, self.panel_action])
        self.view_menu.addSeparator()
        self.view_menu.addActions([self.previous_action, self.next_action, self.hide_preview_action])
        self.view_menu.addSeparator()
        appearance = self.view_menu.addMenu("&Appearance")
        appearance.addActions(self.appearance_group.actions())
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction(self.about_action)

    def _make_toolbar(self) -> None:
        toolbar = QToolBar("Board", self)
        toolbar.setObjectName("board-toolbar")
        toolbar.setMovable(False)
        toolbar.addWidget(QLabel(" Board size "))
        self.size_box = QComboBox(toolbar)
        self.size_box.setAccessibleName("Board size")
        for n in range(1, MAX_N + 1):
            self.size_box.addItem(f"{n} × {n}", n)
        toolbar.addWidget(self.size_box)
        toolbar.addSeparator()
        toolbar.addActions([self.undo_action, self.redo_action, self.restart_action])
        toolbar.addSeparator()
        toolbar.addActions([self.hint_action, self.heat_action])
        self.addToolBar(toolbar)
        self.toolbar = toolbar

    def _make_status_bar(self) -> None:
        bar = self.statusBar()
        self.count_label = QLabel(self)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(False)
        self.progress_label = QLabel(self)
        self.cancel_button = QPushButton("Cancel", self)
        for widget in (self.progress_label, self.progress, self.cancel_button):
            bar.addPermanentWidget(widget)
            widget.hide()
        bar.addPermanentWidget(self.count_label)

    def _connect(self) -> None:
        session = self.session
        session.changed.connect(self.refresh)
        session.browsed.connect(self.refresh)
        session.boardReplaced.connect(self._board_replaced)
        session.message.connect(self.show_message)
        session.refused.connect(self._refused)
        session.solved.connect(self._solved)
        session.compileStarted.connect(self._compile_started)
        session.compileProgress.connect(self._compile_progress)
        session.compileEnded.connect(self._compile_ended)
        self.board.activated.connect(session.activate)
        self.board.markToggled.connect(session.toggle_mark)
        self.board.hovered.connect(self._hovered)
        self.restart_action.triggered.connect(session.restart)
        self.size_box.activated.connect(lambda index: self.choose_size(self.size_box.itemData(index)))
        self.cancel_button.clicked.connect(session.cancel_compile)
        self.open_action.triggered.connect(self._open_dialog)
        self.save_action.triggered.connect(self._save)
        self.save_as_action.triggered.connect(self._save_dialog)
        self.copy_action.triggered.connect(self.copy_board)
        self.export_dimacs_action.triggered.connect(lambda: self._export_dialog("cnf"))
        self.export_smtlib_action.triggered.connect(lambda: self._export_dialog("smt2"))
        self.quit_action.triggered.connect(self.close)
        self.about_action.triggered.connect(self._about)
        self.heat_action.toggled.connect(self.refresh)
        self.hint_action.triggered.connect(session.hint)
        self.solve_action.triggered.connect(session.solve)
        self.free_action.triggered.connect(self.free_focus)
        self.previous_action.triggered.connect(lambda: session.browse(-1))
        self.next_action.triggered.connect(lambda: session.browse(1))
        self.hide_preview_action.triggered.connect(session.stop_browsing)
        self.panel.freeRequested.connect(self.free_focus)
        self.panel.previousRequested.connect(lambda: session.browse(-1))
        self.panel.nextRequested.connect(lambda: session.browse(1))
        self.panel.solveRequested.connect(session.solve)
        self.panel.hintRequested.connect(session.hint)
        self.appearance_group.triggered.connect(lambda action: self.set_appearance(action.data()))
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
        return BoardPicture(
            cfg.n,
            tuple(tuple(row) for row in cfg.states()),
            tuple(tuple(row) for row in cfg.cell_counts()),
            culprits=frozenset(d.cell for d in culprits),
            preview=self.session.preview,
            heat=self.heat_action.isChecked(),
            focus=explanation.cell if explanation else None,
        )

    def focus_explanation(self) -> Explanation | None:
        """The explanation of the square last pointed at, if it is closed or marked."""
        cfg = self.session.configurator
        if cfg is None or self._focus is None or self._focus.row >= cfg.n or self._focus.col >= cfg.n:
            return None
        state = cfg.cell(*self._focus)
        if not (state.is_blocked or state is CellState.MARKED):
            return None
        return self.session.explain(self._focus)

    def free_focus(self) -> None:
        """Free the square last pointed at (Edit → Free Square, or the panel's button)."""
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
        if cfg is None:
            self.count_label.setText("No board yet")
            self.setWindowTitle("N-Queens configurator")
            return
        self.restart_action.setEnabled(bool(cfg.decisions))
        states = self.board.picture.states
        placed = sum(s is CellState.QUEEN for row in states for s in row)
        forced = sum(s is CellState.FORCED for row in states for s in row)
        solutions = f"{cfg.count:,} solution{'s' if cfg.count != 1 else ''}"
        if cfg.is_solved:
            self.count_label.setText(f"Solved: {placed + forced} of {cfg.n} queens ({forced} forced)")
            self.setWindowTitle(f"N-Queens {cfg.n}×{cfg.n} — solved")
        else:
            self.count_label.setText(
                f"Queens {placed} placed + {forced} forced of {cfg.n}  ·  {solutions} remain"
            )
            self.setWindowTitle(f"N-Queens {cfg.n}×{cfg.n}")
        self.count_label.setAccessibleName(self.count_label.text())

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
        if cfg is not None:
            self.panel.show_browser(self.session.browse_index, cfg.count, cfg.is_solved)
            self.legend.set_heat(heat_peak(self.board.picture) if self.heat_action.isChecked() else None)
        for action in (self.hint_action, self.solve_action):
            action.setEnabled(cfg is not None and cfg.count > 0 and not cfg.is_solved)

    def show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

    def point_at(self, cell: Cell) -> None:
        """Focus a square as hovering does: its explanation in the panel, its culprits framed."""
        self._hovered(cell)

    def _hovered(self, cell: Cell | None) -> None:
        if cell is None or self.session.configurator is None:
            return
        self.statusBar().showMessage(self.session.describe(cell), 8000)
        if cell != self._focus:
            self._focus = cell
            self.board.set_picture(self.picture())
            self._refresh_panel()

    def _board_replaced(self, n: int) -> None:
        self.file_path, self._opening = self._opening, None
        self._focus = None
        cfg = self.session.configurator
        if cfg is not None:
            self.panel.show_space(cfg.space)
            if cfg.count == 0:
                self.show_message(
                    f"No {n} queens fit on a {n}×{n} board without attacking: every square is closed."
                )
        self.size_box.setCurrentIndex(n - 1)
        self.settings.setValue("board/size", n)

    def _solved(self) -> None:
        self.board.flash_banner("Solved!")
        self.show_message("Solved: every row holds a queen.")

    # ----- sizes and compiling -----------------------------------------------------------

    def choose_size(self, n: int) -> None:
        """Switch to an empty n×n board (compiling it in the background if needed); choosing the
        size already shown while another compiles only cancels that compile."""
        if n == self.session.n:
            self.session.cancel_compile()
            return
        self._opening = None
        self.session.open_size(n)

    def _compile_started(self, n: int) -> None:
        self.progress.setValue(0)
        self.progress_label.setText(f"Compiling {n}×{n}…")
        for widget in (self.progress_label, self.progress, self.cancel_button):
            widget.show()

    def _compile_progress(self, progress: Progress) -> None:
        self.progress.setValue(round(progress.fraction * 1000))
        n = self.session.compiling
        self.progress_label.setText(
            f"Compiling {n}×{n}: {PHASE_NAMES.get(progress.phase, progress.phase)}, "
            f"row {progress.done} of {progress.total}"
        )

    def _compile_ended(self) -> None:
        for widget in (self.progress_label, self.progress, self.cancel_button):
            widget.hide()
        if self.session.n:
            self.size_box.setCurrentIndex(self.session.n - 1)

    # ----- files -------------------------------------------------------------------------

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
        self.file_path = path
        self.show_message(f"Saved {path.name}")
        return True

    def open_from(self, path: Path) -> bool:
        """Read a configuration; a bad file is refused with a message and the board untouched."""
        try:
            n, decisions = loads(read_text(path))
        except OSError as error:
            self.show_message(f"Could not read {path.name}: {error.strerror or error}")
            return False
        except NQueensError as error:
            self.show_message(f"{path.name} was not opened: {error}")
            return False
        self._opening = path
        self.session.open_size(n, decisions)
        return True

    def _refused(self, text: str) -> None:
        self._opening = None
        self.show_message(text)

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
            self.save_to(Path(name))

    def _folder(self) -> str:
        return str(self.file_path.parent) if self.file_path else str(Path.home())

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
            f"Exported the {n}×{n} problem as {what} to {path.name} ({clause_count(n)} clauses)"
        )
        return True

    def _export_dialog(self, kind: str) -> None:
        n = self.session.n
        suggestion = str(Path(self._folder()) / f"{n}-queens.{kind}")
        label = "DIMACS CNF (*.cnf)" if kind == "cnf" else "SMT-LIB v2 (*.smt2)"
        name, _ = QFileDialog.getSaveFileName(self, "Export", suggestion, f"{label};;All files (*)")
        if name:
            self.export_to(Path(name), kind)

    def copy_board(self) -> None:
        cfg = self.session.configurator
        if cfg is not None:
            QGuiApplication.clipboard().setText(queens_text(cfg.n, cfg.queens()) + "\n")
            self.show_message("Board copied as text")

    # ----- appearance, about, closing ----------------------------------------------------

    def set_appearance(self, choice: str) -> None:
        self.settings.setValue("view/appearance", choice)
        apply_appearance(choice)
        self.board.update()

    def _about(self) -> None:
        QMessageBox.about(
            self,
            "About the N-Queens configurator",
            "<p><b>N-Queens configurator</b></p>"
            "<p>Every solution of the board is compiled once into a binary decision diagram "
            "(with <i>dd</i>); each click is answered from it exactly. Hatched squares are "
            "attacked by a queen; dotted squares are closed by look-ahead: no remaining "
            "solution has a queen there. Outlined queens are forced: every remaining solution "
            "has them.</p><p>Left click: place or remove a queen. Right click: mark a square "
            "empty. Arrows, Enter and Space do the same from the keyboard.</p>",
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.session.cancel_compile()
        self.settings.setValue("window/geometry", self.saveGeometry())
        super().closeEvent(event)
