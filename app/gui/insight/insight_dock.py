"""The Insight panel's dock: beside the board with a fixed width (narrower in a narrow window,
so the board keeps most of it), or below the board with a fixed height and its groups side by
side. Its width never follows the texts inside it, so the board never moves as they change.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea

from app.gui.insight.insight_panel import InsightPanel

PANEL_WIDTH = 300
"""The panel's width beside the board in a roomy window..."""
PANEL_SHARE = 0.33
PANEL_NARROWEST = 220
"""...at most this share of a narrow window, never narrower than this."""
PANEL_HEIGHT = 250
"""Its height when docked below the board."""
UNBOUNDED = 16777215


class InsightDock(QDockWidget):
    """The panel in a scroll area, docked to one side of the window (or below the board)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__("Insight", window)
        self.setObjectName("insight-dock")
        self._window = window
        self.panel = InsightPanel(self)
        self.scroller = QScrollArea(self)
        self.scroller.setWidget(self.panel)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidget(self.scroller)
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetClosable | QDockWidget.DockWidgetFeature.DockWidgetMovable
        )
        self.setAllowedAreas(
            Qt.DockWidgetArea.LeftDockWidgetArea
            | Qt.DockWidgetArea.RightDockWidgetArea
            | Qt.DockWidgetArea.BottomDockWidgetArea
        )
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.dockLocationChanged.connect(self._moved)
        self._moved(Qt.DockWidgetArea.RightDockWidgetArea)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The window was resized: a panel beside the board narrows or widens with it."""
        if watched is self._window and event.type() == QEvent.Type.Resize and self._beside():
            self.scroller.setFixedWidth(self._width())
        return False

    def _beside(self) -> bool:
        return self.scroller.maximumWidth() < UNBOUNDED

    def _width(self) -> int:
        return max(PANEL_NARROWEST, min(PANEL_WIDTH, int(self._window.width() * PANEL_SHARE)))

    def _moved(self, area: Qt.DockWidgetArea) -> None:
        below = area in (Qt.DockWidgetArea.BottomDockWidgetArea, Qt.DockWidgetArea.TopDockWidgetArea)
        self.panel.set_side_by_side(below)
        scroller = self.scroller
        if below:
            scroller.setMinimumWidth(0)
            scroller.setMaximumWidth(UNBOUNDED)
            scroller.setFixedHeight(PANEL_HEIGHT)
            scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        else:
            scroller.setMinimumHeight(0)
            scroller.setMaximumHeight(UNBOUNDED)
            scroller.setFixedWidth(self._width())
            scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
