"""A toolbar button that follows one action (its text, tips, enabled and checked state) through a single
connection. Qt's own toolbar buttons (``QToolButton.setDefaultAction``, PySide6 6.10–6.11) gain a
connection on every change of their action, so that each later change costs more the longer a
window lives (docs/measurements.md)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar, QToolButton


class ActionButton(QToolButton):
    """A button in ``toolbar`` that triggers ``action`` and shows it as the toolbar's own would."""

    def __init__(self, action: QAction, toolbar: QToolBar) -> None:
        super().__init__(toolbar)
        self.action = action
        self.setAutoRaise(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setToolButtonStyle(toolbar.toolButtonStyle())
        self.setIconSize(toolbar.iconSize())
        toolbar.toolButtonStyleChanged.connect(self.setToolButtonStyle)
        toolbar.iconSizeChanged.connect(self.setIconSize)
        self._holder = toolbar.addWidget(self)
        self.clicked.connect(action.trigger)
        action.changed.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        action = self.action
        self.setText(action.iconText().replace("&", "&&"))
        self.setIcon(action.icon())
        self.setToolTip(action.toolTip())
        self.setStatusTip(action.statusTip())
        self.setWhatsThis(action.whatsThis())
        self.setCheckable(action.isCheckable())
        self.setChecked(action.isChecked())
        self.setEnabled(action.isEnabled())
        self._holder.setVisible(action.isVisible())
