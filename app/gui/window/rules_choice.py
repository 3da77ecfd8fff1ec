"""Choosing the rule family the board is played by: Game → Rules and the toolbar's box, one entry per
registered family, remembered for the next start; a change of family is one undoable step."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, QSignalBlocker, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QToolBar, QWidget

from app.gui.mid_end.session import BoardSession
from app.gui.widgets.action_help import explain_action, tooltip_html
from bdd_model import NQueensError
from bdd_model.families import CLASSIC, RuleFamily, family, names
from bdd_model.puzzles import FamilyPuzzle

SETTING = "board/rules"
BOX_TIP = (
    "The rules the board is played by. A change of rules opens an empty board of the same size; "
    "Undo brings back the previous one."
)


def remembered_rules(settings: QSettings) -> RuleFamily:
    """The family chosen last (the classic one when none is remembered, or one no longer known)."""
    try:
        return family(str(settings.value(SETTING, CLASSIC.name)))
    except NQueensError:
        return CLASSIC


class RulesChoice(QObject):
    """Game → Rules and the toolbar's rules box of one window."""

    def __init__(self, window: QWidget, session: BoardSession, settings: QSettings, menu: QMenu) -> None:
        super().__init__(window)
        self._session = session
        self._settings = settings
        self.group = QActionGroup(window)
        self.group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)
        """None is checked while a level, which holds its own rules, is in play."""
        self.box = QComboBox(window)
        self.box.setAccessibleName("Rules")
        self.box.setPlaceholderText("Level")
        """What the box says while a level, which holds its own rules, is in play."""
        self.box.setToolTip(tooltip_html("Rules", BOX_TIP))
        for name in names():
            rules = family(name)
            action = QAction(f"&{rules.title}", window, checkable=True)
            action.setData(name)
            explain_action(action, rules.about)
            self.group.addAction(action)
            menu.addAction(action)
            self.box.addItem(rules.title, name)
            self.box.setItemData(self.box.count() - 1, rules.about, Qt.ItemDataRole.ToolTipRole)
        self.group.triggered.connect(lambda action: self.choose(family(action.data())))
        self.box.activated.connect(lambda index: self.choose(family(self.box.itemData(index))))
        session.boardReplaced.connect(lambda _: self.show_current())
        session.refused.connect(lambda _: self.show_current())
        session.sources.compileEnded.connect(self.show_current)
        self.show_current()

    def add_to(self, toolbar: QToolBar) -> None:
        """Put the box in ``toolbar`` behind its label."""
        label = QLabel(" Rules ", toolbar)
        label.setToolTip(self.box.toolTip())
        toolbar.addWidget(label)
        toolbar.addWidget(self.box)

    def choose(self, rules: RuleFamily) -> None:
        """Play the board's size by ``rules`` from an empty board (one undo step)."""
        if not self._session.choose_rules(rules):
            self.show_current()

    def carry_over(self, rules: RuleFamily) -> None:
        """The board shown (a kept one), now played by ``rules``: its decisions where they fit,
        else the empty board and one line saying why (one undo step)."""
        cfg = self._session.configurator
        if cfg is None:
            return
        puzzle = FamilyPuzzle.of(rules, cfg.n)
        self._session.open(
            puzzle,
            cfg.decisions,
            label=f"{rules.title} rules",
            instead=f"The kept board's decisions do not fit the {puzzle.title} board",
        )

    def show_current(self) -> None:
        """Check the family of the board shown (or being opened) and remember it; none for a
        level (its rules are its own; choosing a family leaves it)."""
        name = self._session.puzzle.family_name
        for action in self.group.actions():
            action.setChecked(action.data() == name)
        with QSignalBlocker(self.box):
            self.box.setCurrentIndex(self.box.findData(name))
        if self._session.configurator is not None and name:
            self._settings.setValue(SETTING, name)
