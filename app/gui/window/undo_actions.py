"""Edit → Undo and Redo, one step each, also while the SAT worker has not answered a change yet (which Qt's
own undo actions cannot know)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from app.gui.mid_end.session import BoardSession
from app.gui.widgets.action_help import shortcut_text, tooltip_html

REDO_KEYS = ("Ctrl+Shift+Z", "Ctrl+Y")
"""Redo's keys on every platform, beside the platform's own."""


class UndoActions(QObject):
    """The Undo and Redo actions of one session, their texts kept current."""

    def __init__(self, session: BoardSession, parent: QObject) -> None:
        super().__init__(parent)
        self._session = session
        self.undo = QAction("&Undo", parent)
        self.undo.setShortcuts(QKeySequence.StandardKey.Undo)
        self.undo.setIconText("Undo")
        self.undo.setWhatsThis("Take back the last step: a decision, a new size or an opened file")
        self.redo = QAction("&Redo", parent)
        keys = QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)
        keys += [QKeySequence(extra) for extra in REDO_KEYS if QKeySequence(extra) not in keys]
        self.redo.setShortcuts(keys)
        self.redo.setIconText("Redo")
        self.redo.setWhatsThis("Take again the step last taken back")
        self.undo.triggered.connect(session.undo)
        self.redo.triggered.connect(session.redo)
        stack = session.undo_stack
        for signal in (stack.indexChanged, stack.cleanChanged, session.changed, session.updated):
            signal.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Enable the actions and name the steps they would take (nothing once the session is
        being taken down with the window)."""
        session, stack = self._session, self._session.undo_stack
        if not shiboken6.isValid(stack):
            return
        pending = session.pending_label
        undo_step = pending or stack.undoText()
        redo_step = "" if pending else stack.redoText()
        self.undo.setEnabled(bool(pending) or stack.canUndo())
        self.redo.setEnabled(not pending and stack.canRedo())
        for action, name, step, what in (
            (self.undo, "&Undo", undo_step, "Take back"),
            (self.redo, "&Redo", redo_step, "Take again"),
        ):
            action.setText(f"{name} {step}" if step else name)
            said = f"{what}: {step}" if step else f"{what} the last step (there is none now)"
            action.setStatusTip(said)
            action.setToolTip(tooltip_html(action.iconText(), said, shortcut_text(action)))
