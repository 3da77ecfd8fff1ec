"""Help → How to Play, Keyboard Shortcuts and About.

How to Play shows every kind of square drawn by the board's own painter; Keyboard Shortcuts is
made from the window's actions (their names, shortcuts and status tips) and the board's own
table of mouse and keys, so neither can drift from what the program does.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import PySide6
from PySide6.QtCore import QRect, QUrl, qVersion
from PySide6.QtGui import QImage, QPainter, QTextDocument
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from app.gui.action_help import plain_text, shortcut_text
from app.gui.board_widget import BOARD_INPUT, LEGEND
from app.gui.square_painter import SquarePainter
from app.gui.theme import board_colors
from bdd_model import CellState
from bdd_model.versions import backend_description, library_versions

if TYPE_CHECKING:
    from app.gui.main_window import MainWindow

SWATCH = 36
"""Side of the pictures of the squares in How to Play (logical pixels)."""

STATE_MEANINGS = {
    CellState.QUEEN: "A queen you placed. Click it to take it back, whenever you placed it.",
    CellState.FORCED: "A queen every remaining solution has, so the program placed it for you. It "
    "goes away by itself when you take back what forced it.",
    CellState.OPEN: "A queen here still leads to at least one solution: click to place it.",
    CellState.ATTACKED: "Hatched: in line with a queen (same row, column or diagonal).",
    CellState.LOOKAHEAD: "Dotted: no queen attacks it, yet no remaining solution has a queen here. "
    "A queen here would leave no way to finish the board.",
    CellState.MARKED: "You said “no queen here” (right click). Right click again removes the mark.",
}


class HelpDialog(QDialog):
    """A help page in a resizable, non-modal window, so the board stays usable beside it."""

    def __init__(self, parent: QWidget, title: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.resize(620, 640)

    def show_page(self, page: str) -> None:
        self.browser.setHtml(page)
        self.show()
        self.raise_()
        self.activateWindow()


def _dialog(window: MainWindow, title: str) -> HelpDialog:
    dialog = window.findChild(HelpDialog, title)
    if dialog is None:
        dialog = HelpDialog(window, title)
        dialog.setObjectName(title)
    return dialog


def square_picture(state: CellState, window: MainWindow) -> QImage:
    """One square as the board paints it in the current palette."""
    ratio = window.devicePixelRatioF()
    image = QImage(round(SWATCH * ratio), round(SWATCH * ratio), QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    colors = board_colors(window.palette())
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = QRect(0, 0, SWATCH, SWATCH)
    SquarePainter().paint(painter, colors, rect, state, colors.light_square, ratio)
    painter.setPen(colors.frame)
    painter.drawRect(rect.adjusted(0, 0, -1, -1))
    painter.end()
    return image


def table(rows: list[tuple[str, ...]], headings: dict[int, str] | None = None) -> str:
    """An HTML table of plain-text cells, the first column in bold; ``headings`` puts a heading
    row spanning the table before the row of that index."""
    headings = headings or {}
    width = max((len(row) for row in rows), default=1)
    lines = []
    for index, row in enumerate(rows):
        if index in headings:
            lines.append(f"<tr><td colspan={width}><h3>{html.escape(headings[index])}</h3></td></tr>")
        first, *rest = (html.escape(cell) for cell in row)
        cells = f"<td><b>{first}</b></td>" + "".join(f"<td>{cell}</td>" for cell in rest)
        lines.append(f"<tr>{cells}</tr>")
    return "<table cellspacing=4>" + "".join(lines) + "</table>"


def how_to_play_page(window: MainWindow, document: QTextDocument) -> str:
    """The How to Play page; the pictures of the squares are added to ``document``."""
    rows = []
    for state, name in LEGEND:
        url = f"square:{state.value}"
        picture = square_picture(state, window)
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), picture)
        rows.append(
            f"<tr><td><img src='{url}' width={SWATCH} height={SWATCH}></td>"
            f"<td><b>{html.escape(name.capitalize())}</b><br>{html.escape(STATE_MEANINGS[state])}</td></tr>"
        )
    return f"""
<h2>How to play</h2>
<p>Place N queens on the N×N board so that no two share a row, a column or a diagonal. The
configurator never lets you walk into a dead end: every square it offers can still be completed
to a full solution, and every square that can be is offered.</p>
<h3>The squares</h3>
<table cellspacing=6>{"".join(rows)}</table>
<h3>Mouse and keys</h3>
{table(list(BOARD_INPUT))}
<p>Every decision can be taken back in any order, and Undo (Ctrl+Z) takes back any step,
a new size or an opened file included. Help → Keyboard Shortcuts lists every shortcut.</p>
<h3>The count</h3>
<p>The status bar counts your queens, the forced ones, and how many complete solutions of the
puzzle remain with your decisions, and names the engine that answers. On the BDD (up to 15×15)
the count is exact: every solution of the board was compiled once into a binary decision
diagram, and each click is answered from it. On the SAT engine (any size to 100×100) it is
exact once counted, else a lower bound said as such (“at least 429 solutions”).</p>
<h3>Big boards and the two engines</h3>
<p>View → Engine chooses who answers. <b>Automatic</b> takes the BDD where it is built or builds
in about a second, and the SAT engine elsewhere; for 13×13 to 15×15 the board opens at once on
the SAT engine and switches to the BDD, your decisions kept, once its diagram is built in the
background. The SAT engine asks a SAT solver with your decisions as assumptions; its squares
show the same states, filled in as they are decided. A square not decided yet shows a small
dashed ring (“checking”), usually for a few milliseconds; a click on it meanwhile only says
so in the status bar.</p>
<h3>Why not here?</h3>
<p>Point at a closed or marked square: the Insight panel says which of your decisions close it,
and the board frames them in red. It is always a <i>smallest</i> such set. <b>Free this
square</b> (Ctrl+F) takes back exactly those decisions and places a queen there, as one step
that Undo takes back.</p>
<h3>The heat map</h3>
<p>View → Heat Map (Ctrl+M) shades each open square by the number of remaining solutions with a
queen on it: the darker, the more. On large squares the number itself is shown; the scale
below the board gives the range.</p>
<h3>Solutions, Solve and Hint</h3>
<p>The Insight panel steps through the remaining solutions (Page Up, Page Down; Esc hides the
preview). <b>Solve</b> completes the board to the solution shown; <b>Hint</b> (Ctrl+H) places
the queen that keeps the most solutions open.</p>
<h3>Board sizes</h3>
<p>Sizes up to 12 open at once. Larger ones are built once, in the background, with progress
and Cancel in the status bar; Game → Size says which sizes are ready and what the others take
to build. The largest is 15×15.</p>
"""


def shortcuts_page(window: MainWindow) -> str:
    """Every action of every menu with its shortcuts and what it does, then the board's input,
    in one table so that the columns line up."""
    rows: list[tuple[str, ...]] = []
    headings: dict[int, str] = {}
    for menu, actions in window.actions_by_menu.items():
        headings[len(rows)] = f"{menu} menu"
        rows.extend((shortcut_text(a) or "—", plain_text(a), a.whatsThis()) for a in actions)
    headings[len(rows)] = "On the board"
    rows.extend((keys, "", what) for keys, what in BOARD_INPUT)
    return "<h2>Keyboard shortcuts</h2>" + table(rows, headings)


def about_text(backend: str) -> str:
    versions = {"Qt": qVersion(), "PySide6": PySide6.__version__, **library_versions()}
    return (
        "<p><b>N-Queens configurator</b></p>"
        "<p>Every solution of the board is compiled once into a binary decision diagram with "
        f"<i>dd</i> ({html.escape(backend_description(backend))}); each click is answered from it "
        "exactly. The command line <tt>nqueens</tt> exports, solves and counts as SAT tools do.</p>"
        + table(list(versions.items()))
    )


def show_how_to_play(window: MainWindow) -> HelpDialog:
    dialog = _dialog(window, "How to Play")
    dialog.show_page(how_to_play_page(window, dialog.browser.document()))
    return dialog


def show_shortcuts(window: MainWindow) -> HelpDialog:
    dialog = _dialog(window, "Keyboard Shortcuts")
    dialog.show_page(shortcuts_page(window))
    return dialog


def show_about(window: MainWindow) -> None:
    QMessageBox.about(window, "About the N-Queens configurator", about_text(window.session.sources.backend))
