"""Every action of the window, named, with its shortcut and what it does; and the menus and the
toolbar built from them. The Help pages and the tooltips read the same texts, so they cannot
drift from the actions.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from app.gui.board.theme import APPEARANCES
from app.gui.help import help_pages
from app.gui.mid_end.assists import Assist
from app.gui.mid_end.session import BoardSession
from app.gui.widgets.action_button import ActionButton
from app.gui.widgets.action_help import explain_action, plain_text, shortcut_text, tooltip_html
from app.gui.window.undo_actions import UndoActions
from app.gui.workers.engine_board import EngineBoard
from bdd_model.engine_choice import AUTO, AUTO_WORDS, engines_for
from bdd_model.engines import engines
from bdd_model.puzzles import Puzzle

ENGINE_MENU = (
    (AUTO, "&Automatic", AUTO_WORDS),
    *((kind.name, kind.choice_label, kind.choice_words) for kind in engines()),
)
"""View → Engine: the choices, their menu texts and what they mean."""
HEAT_WITHOUT_SOLUTIONS = "Off: this board has no solution, so no square has one to shade."
"""The heat map's tooltip on a board without a solution."""
HEAT_SPOILS = "Off under this assist: shading squares by their solutions would show where the pieces go."
"""The heat map's tooltip on a level played under an assist that spoils nothing."""


class WindowActions(QObject):
    """The window's actions (attributes named after them) and the menus that hold them."""

    def __init__(self, window: QMainWindow, session: BoardSession, dock: QDockWidget) -> None:
        super().__init__(window)
        self._session = session
        undo = UndoActions(session, window)
        self.undo, self.redo = undo.undo, undo.redo
        self.restart = QAction("&Restart", window, shortcut=QKeySequence("Ctrl+R"))
        self.open = QAction("&Open…", window, shortcut=QKeySequence(QKeySequence.StandardKey.Open))
        self.save = QAction("&Save", window, shortcut=QKeySequence(QKeySequence.StandardKey.Save))
        self.save_as = QAction("Save &As…", window, shortcut=QKeySequence(QKeySequence.StandardKey.SaveAs))
        self.copy = QAction(
            "&Copy Board as Text", window, shortcut=QKeySequence(QKeySequence.StandardKey.Copy)
        )
        self.paste = QAction(
            "&Paste Level or Game", window, shortcut=QKeySequence(QKeySequence.StandardKey.Paste)
        )
        self.export_dimacs = QAction("Export as &DIMACS…", window)
        self.export_smtlib = QAction("Export as S&MT-LIB…", window)
        self.export_picture = QAction("Export &Picture…", window)
        self.export_blank = QAction("Export &Blank Picture…", window)
        self.quit = QAction("&Quit", window, shortcut=QKeySequence("Ctrl+Q"))
        self.levels = QAction("&Levels…", window, shortcut=QKeySequence("Ctrl+L"))
        self.generate = QAction("&Generate…", window, shortcut=QKeySequence("Ctrl+G"))
        self.next_level = QAction("&Next Level", window, shortcut=QKeySequence("Ctrl+N"))
        self.paint = QAction("&Paint…", window, shortcut=QKeySequence("Ctrl+Shift+P"))
        self.edit_level = QAction("&Edit Level", window, shortcut=QKeySequence("Ctrl+E"))
        self.symbols = QAction(
            "&Region Symbols", window, checkable=True, shortcut=QKeySequence("Ctrl+Shift+L")
        )
        self.heat = QAction("&Heat Map", window, checkable=True, shortcut=QKeySequence("Ctrl+M"))
        self.hint = QAction("&Hint", window, shortcut=QKeySequence("Ctrl+H"))
        self.solve = QAction("Sol&ve", window)
        self.check = QAction("Chec&k", window, shortcut=QKeySequence("Ctrl+K"))
        self.free = QAction("&Free Square", window, shortcut=QKeySequence("Ctrl+F"))
        self.previous = QAction("&Previous Solution", window, shortcut=QKeySequence(Qt.Key.Key_PageUp))
        self.next = QAction("&Next Solution", window, shortcut=QKeySequence(Qt.Key.Key_PageDown))
        self.escape = QAction("Hide Preview / &Let Go", window, shortcut=QKeySequence(Qt.Key.Key_Escape))
        self.panel = dock.toggleViewAction()
        self.panel.setText("&Insight Panel")
        self.panel.setShortcut(QKeySequence("F9"))
        self.how_to_play = QAction(
            "&How to Play", window, shortcut=QKeySequence(QKeySequence.StandardKey.HelpContents)
        )
        self.how_it_works = QAction("How It &Works", window)
        self.glossary = QAction("&Glossary", window)
        self.shortcuts = QAction("&Keyboard Shortcuts", window, shortcut=QKeySequence("Ctrl+/"))
        self.about = QAction("&About", window)
        self.appearances = self._group(
            window, [(c, f"&{c.capitalize()}", _appearance_text(c)) for c in APPEARANCES]
        )
        self.engines = self._group(window, list(ENGINE_MENU))
        self.assists = self._group(window, [(a.value, a.label, a.words) for a in Assist])
        for action, what in (
            (self.restart, "Take back every decision on this board (one step, undoable)"),
            (self.open, "Open a saved game or a level (undoable: Undo brings back this board)"),
            (self.save, "Save this board and its decisions"),
            (self.save_as, "Save this board and its decisions under a new name"),
            (
                self.copy,
                "Copy the board as text: one row a line, Q for a queen, . for a square; on a level, "
                "the level's own text",
            ),
            (self.paste, "Open the level or saved game the clipboard holds (undoable)"),
            (self.export_dimacs, "Write this board's CNF (size and rules, or level) for any SAT solver"),
            (self.export_smtlib, "Write this board's SMT-LIB v2 (size and rules, or level) for Z3, cvc5"),
            (
                self.export_picture,
                "Write the board with your pieces as a PNG that prints well (8 in, 300 dpi)",
            ),
            (self.export_blank, "Write the board without pieces as a PNG to print and play on paper"),
            (self.quit, "Close the window; the board is reopened next time"),
            (
                self.levels,
                "The bundled levels by size and difficulty, with what you solved; a level in play resumes",
            ),
            (
                self.generate,
                "Make a new level of the size, stars and difficulty you choose, in the background",
            ),
            (self.next_level, "Play the next level of the collection you have not solved"),
            (
                self.paint,
                "Paint a level's regions in a new window, its count and where its solutions differ in view",
            ),
            (self.edit_level, "Paint the regions of the level in play in a new window (on a level)"),
            (
                self.symbols,
                "Put each region's letter in its squares, as hints name it: regions apart without colour",
            ),
            (self.heat, "Shade open squares by how many remaining solutions have a queen there"),
            (
                self.hint,
                "On a level, show the next deduction (again: apply it); on a family, place the queen "
                "that keeps the most solutions open",
            ),
            (
                self.check,
                "Frame the fewest of your decisions to take back so that a solution keeps the rest; "
                "again, take them back",
            ),
            (self.solve, "Complete the board to the solution shown (or the first one)"),
            (
                self.free,
                "Retract what closes the chosen square (or the closed square under the cursor) and "
                "place a queen there",
            ),
            (self.previous, "Show the previous remaining solution on the board"),
            (self.next, "Show the next remaining solution on the board"),
            (self.escape, "Hide the solution shown on the board, or let go of the chosen square"),
            (self.panel, "Show or hide the Insight panel (drag its title to move it below)"),
            (self.how_to_play, "The rules, the squares, a first game, the sizes and the engines"),
            (self.how_it_works, "What the BDD and the SAT engine do, and what an estimate means"),
            (self.glossary, "The words of the Insight panel and of How It Works"),
            (self.shortcuts, "Every shortcut and menu key, read from the menus"),
            (self.about, "This program's version, its two engines and the libraries it uses"),
        ):
            explain_action(action, what)

    def open_help(self, window: QMainWindow) -> None:
        """The Help menu's actions open their pages over ``window``."""
        sources = self._session.sources
        self.how_to_play.triggered.connect(lambda: help_pages.show_how_to_play(window))
        self.how_it_works.triggered.connect(lambda: help_pages.show_how_it_works(window))
        self.glossary.triggered.connect(lambda: help_pages.show_glossary(window))
        self.shortcuts.triggered.connect(lambda: help_pages.show_shortcuts(window, window.menuBar()))
        self.about.triggered.connect(lambda: help_pages.show_about(window, sources.backend))

    @staticmethod
    def _group(window: QMainWindow, choices: list[tuple[str, str, str]]) -> QActionGroup:
        """Exclusive checkable actions, one per choice (its data is the choice's name)."""
        group = QActionGroup(window)
        for choice, text, what in choices:
            action = QAction(text, window, checkable=True)
            action.setData(choice)
            group.addAction(action)
            explain_action(action, what)
        return group

    def build_menus(self, window: QMainWindow) -> tuple[QMenu, QMenu]:
        """The menu bar; returns Game → Size and Game → Rules."""
        menus: dict[str, list[QAction | None]] = {
            "&File": [
                self.open,
                self.save,
                self.save_as,
                None,
                self.edit_level,
                None,
                self.export_dimacs,
                self.export_smtlib,
                self.export_picture,
                self.export_blank,
                None,
                self.quit,
            ],
            "&Edit": [self.undo, self.redo, None, self.copy, self.paste],
            "&Game": [
                self.restart,
                None,
                self.levels,
                self.next_level,
                None,
                self.free,
                self.hint,
                self.check,
                self.solve,
            ],
            "&View": [self.heat, self.symbols, self.panel, None, self.previous, self.next, self.escape],
            "&Help": [self.how_to_play, self.how_it_works, self.glossary, self.shortcuts, None, self.about],
        }
        size_menu = rules_menu = QMenu(window)
        for title, actions in menus.items():
            menu = window.menuBar().addMenu(title)
            if title == "&Game":
                size_menu = menu.addMenu("&Size")
                rules_menu = menu.addMenu("R&ules")
                menu.addMenu("Ne&w Level").addActions([self.generate, self.paint])
            for action in actions:
                if action is None:
                    menu.addSeparator()
                else:
                    menu.addAction(action)
            if title == "&View":
                menu.addSeparator()
                menu.addMenu("A&ssist").addActions(self.assists.actions())
                menu.addMenu("&Engine").addActions(self.engines.actions())
                menu.addMenu("&Appearance").addActions(self.appearances.actions())
        return size_menu, rules_menu

    def fill_toolbar(self, toolbar: QToolBar) -> None:
        """Undo, redo and restart; hint, Check and the heat map (the size box and rules come first)."""
        for group in ([self.undo, self.redo, self.restart], [self.hint, self.check, self.heat]):
            toolbar.addSeparator()
            for action in group:
                ActionButton(action, toolbar)

    def offer_engines(self, puzzle: Puzzle) -> None:
        """View → Engine lists the engines that answer boards of the puzzle's kind."""
        names = {kind.name for kind in engines_for(puzzle)}
        for action in self.engines.actions():
            action.setVisible(action.data() == AUTO or action.data() in names)

    def offer_heat(self, off_because: str) -> None:
        """The heat map needs per-square counts of some solutions, which only some engines have:
        off on the others and on a board without a solution, its tooltip saying why
        (``off_because``; "" when it is on offer)."""
        action = self.heat
        what = off_because or action.whatsThis()
        if action.isEnabled() == (not off_because) and action.statusTip() == what:
            return
        action.setEnabled(not off_because)
        action.setStatusTip(what)
        action.setToolTip(tooltip_html(plain_text(action), what, shortcut_text(action)))


def heat_off_because(board: EngineBoard, no_solution: bool, spoils: bool) -> str:
    """Why the heat map is off on ``board`` ("" when it is on offer): no solution to shade, an
    assist it would spoil, or an engine without counts per square."""
    if no_solution:
        return HEAT_WITHOUT_SOLUTIONS
    if spoils:
        return HEAT_SPOILS
    return "" if board.view.cell_counts is not None else heat_off_words(board.name, board.puzzle)


def heat_off_words(title: str, puzzle: Puzzle) -> str:
    """The heat map's tooltip on an engine (``title``) without counts per square: which engine
    has them for the puzzle's kind, and up to which size."""
    off = f"Off on the {title}: it counts no solutions per square."
    counting = next((kind for kind in engines_for(puzzle) if kind.counts_per_square), None)
    if counting is None:
        return off
    largest = counting.largest(puzzle)
    return f"{off} On the {counting.title} (View → Engine, up to {largest}×{largest}) the heat map is there."


def _appearance_text(choice: str) -> str:
    return "Follow the desktop's colours" if choice == "system" else f"Always use {choice} colours"
