"""Help → How to Play, How It Works, Glossary, Keyboard Shortcuts and About, each a non-modal window beside
the board; the window hands over what a page reads, so that the help never imports the window."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import PySide6
from PySide6.QtCore import QEvent, QUrl, qVersion
from PySide6.QtGui import QImage, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenuBar,
    QMessageBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.gui.board.board_widget import BOARD_INPUT, BoardPicture
from app.gui.help.family_help import MOVES_N, families, moves_states, moves_url
from app.gui.help.glossary import anchor, glossary_html
from app.gui.help.help_example import POINTED, N, first_steps, level_example
from app.gui.help.help_pictures import SWATCH, board_image, board_side, square_image
from app.gui.help.help_text import (
    FIRST_STEP_PICTURE,
    LEVEL_PICTURE,
    NEXT_STEPS_PICTURE,
    SOLUTION_PICTURE,
    SQUARES,
    about_html,
    how_it_works_html,
    how_to_play_html,
    square_url,
)
from app.gui.help.program_info import NAME, program_info
from app.gui.help.shortcuts_page import menu_entries, shortcuts_html
from bdd_model import CellState
from bdd_model.versions import backend_description, library_versions

PageBuilder = Callable[[QTextDocument, QPalette, float], str]
"""Writes a page: adds its pictures to the document, painted in the palette at the device
pixel ratio, and returns its rich text."""

PAGE_SIZE = (660, 700)
SHORTCUTS_SIZE = (860, 680)


class HelpDialog(QDialog):
    """A help page in a resizable, non-modal window, so the board stays usable beside it."""

    def __init__(self, parent: QWidget, title: str, build: PageBuilder) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.build = build
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._follow)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)

    def refresh(self) -> None:
        """Write the page again, in the current palette, keeping the place the reader was at."""
        scroll = self.browser.verticalScrollBar()
        where = scroll.value()
        self.browser.setHtml(self.build(self.browser.document(), self.palette(), self.devicePixelRatioF()))
        scroll.setValue(where)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.refresh()

    def _follow(self, url: QUrl) -> None:
        """A link to another page (``help:glossary#bdd``) opens that page at its anchor."""
        page = PAGES.get(url.path())
        parent = self.parentWidget()
        if url.scheme() == "help" and page is not None and parent is not None:
            _show(parent, *page, anchor=url.fragment())


def _add(document: QTextDocument, url: str, image: QImage) -> None:
    document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)


def _how_to_play(document: QTextDocument, palette: QPalette, ratio: float) -> str:
    steps = first_steps()
    solved = tuple(
        tuple(CellState.QUEEN if col == steps.solution[row] else CellState.OPEN for col in range(N))
        for row in range(N)
    )
    boards = {
        SOLUTION_PICTURE: BoardPicture.of(N, solved),
        FIRST_STEP_PICTURE: BoardPicture.of(N, steps.after_first),
        NEXT_STEPS_PICTURE: replace(
            BoardPicture.of(N, steps.after_second), culprits=frozenset(steps.culprits), focus=POINTED
        ),
    }
    for url, picture in boards.items():
        _add(document, url, board_image(picture, palette, ratio))
    for state, _, _ in SQUARES:
        _add(document, square_url(state), square_image(state, palette, ratio))
    level = level_example()
    _add(document, LEVEL_PICTURE, board_image(level, palette, ratio, symbols=True))
    _add_moves(document, palette, ratio)
    return how_to_play_html(
        steps, BOARD_INPUT, board_side(N), SWATCH, board_side(MOVES_N), board_side(level.n)
    )


def _how_it_works(document: QTextDocument, palette: QPalette, ratio: float) -> str:
    _add_moves(document, palette, ratio)
    return how_it_works_html(board_side(MOVES_N))


def _add_moves(document: QTextDocument, palette: QPalette, ratio: float) -> None:
    """Each family's picture of its piece's moves."""
    for rules in families():
        picture = BoardPicture.of(MOVES_N, moves_states(rules))
        _add(document, moves_url(rules), board_image(picture, palette, ratio))


def _glossary(document: QTextDocument, palette: QPalette, ratio: float) -> str:
    return glossary_html()


PAGES: dict[str, tuple[str, PageBuilder]] = {
    "how-to-play": ("How to Play", _how_to_play),
    "how-it-works": ("How It Works", _how_it_works),
    "glossary": ("Glossary", _glossary),
}
"""The pages that link to each other, by the path of their ``help:`` address."""


def _show(
    parent: QWidget, title: str, build: PageBuilder, anchor: str = "", size: tuple[int, int] = PAGE_SIZE
) -> HelpDialog:
    """Show the page titled ``title`` (the one already open, else a new one), written afresh."""
    dialog = parent.findChild(HelpDialog, title)
    if dialog is None:
        dialog = HelpDialog(parent, title, build)
        dialog.setObjectName(title)
        dialog.resize(*size)
    dialog.build = build
    dialog.refresh()
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    if anchor:
        dialog.browser.scrollToAnchor(anchor)
    return dialog


def show_how_to_play(parent: QWidget) -> HelpDialog:
    """Help → How to Play: the rules, the squares, a first game, sizes and engines, the keys."""
    return _show(parent, *PAGES["how-to-play"])


def show_how_it_works(parent: QWidget) -> HelpDialog:
    """Help → How It Works: the two engines, the estimate, the explanations."""
    return _show(parent, *PAGES["how-it-works"])


def show_glossary(parent: QWidget, term: str = "") -> HelpDialog:
    """Help → Glossary, at ``term`` when one is given."""
    return _show(parent, *PAGES["glossary"], anchor=anchor(term) if term else "")


def show_shortcuts(parent: QWidget, menu_bar: QMenuBar) -> HelpDialog:
    """Help → Keyboard Shortcuts: every entry of ``menu_bar`` with its keys, then the board's."""

    def build(document: QTextDocument, palette: QPalette, ratio: float) -> str:
        return shortcuts_html(menu_entries(menu_bar), BOARD_INPUT)

    return _show(parent, "Keyboard Shortcuts", build, size=SHORTCUTS_SIZE)


def show_about(parent: QWidget, backend: str) -> None:
    """Help → About: the program's version, its two engines, the libraries (``backend``: the dd
    backend chosen, "auto", "cudd" or "autoref")."""
    versions = {"Qt": qVersion(), "PySide6": PySide6.__version__, **library_versions()}
    QMessageBox.about(
        parent, f"About the {NAME}", about_html(program_info(), backend_description(backend), versions)
    )
