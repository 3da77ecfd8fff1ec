"""The board's colours for light and dark palettes, the user's appearance choice (System, Light or Dark), and
the filter that keeps Qt's meaningless offscreen notes off standard error."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from PySide6.QtCore import QMessageLogContext, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

APPEARANCES = ("system", "light", "dark")


@dataclass(frozen=True)
class BoardColors:
    """Every colour the board painter uses."""

    light_square: QColor
    dark_square: QColor
    attacked: QColor
    attacked_hatch: QColor
    lookahead: QColor
    lookahead_dots: QColor
    marked: QColor
    mark_cross: QColor
    checking: QColor
    checking_mark: QColor
    queen: QColor
    forced: QColor
    cursor: QColor
    culprit: QColor
    label: QColor
    frame: QColor
    grid: QColor
    banner: QColor
    banner_text: QColor
    heat_low: QColor
    heat_high: QColor
    regions: tuple[QColor, ...]
    """A level's region colours, every two told apart in normal and colour-blind vision
    (``region_colors`` picks one a region)."""


LIGHT = BoardColors(
    light_square=QColor("#f3e7cf"),
    dark_square=QColor("#d9bf94"),
    attacked=QColor("#b9b4ac"),
    attacked_hatch=QColor("#8f897f"),
    lookahead=QColor("#b9aed6"),
    lookahead_dots=QColor("#6d5fa3"),
    marked=QColor("#c9c3ba"),
    mark_cross=QColor("#7a2e2e"),
    checking=QColor("#e4e0d8"),
    checking_mark=QColor("#7a7164"),
    queen=QColor("#1b2330"),
    forced=QColor("#0f6e78"),
    cursor=QColor("#1f6fd1"),
    culprit=QColor("#d2452d"),
    label=QColor("#5b5348"),
    frame=QColor("#6e5a3c"),
    grid=QColor(110, 90, 60, 110),
    banner=QColor(20, 110, 60, 225),
    banner_text=QColor("#ffffff"),
    heat_low=QColor("#fff3c4"),
    heat_high=QColor("#e0531f"),
    regions=tuple(
        QColor(hex_rgb)
        for hex_rgb in (
            "#6fa0ee",
            "#e2a97f",
            "#88e0bc",
            "#df7484",
            "#9b92ad",
            "#e7ef7e",
            "#78a23a",
            "#fce0f7",
        )
    ),
)

DARK = BoardColors(
    light_square=QColor("#8a7b62"),
    dark_square=QColor("#6b5f4d"),
    attacked=QColor("#262524"),
    attacked_hatch=QColor("#6a655d"),
    lookahead=QColor("#2d2a3a"),
    lookahead_dots=QColor("#6c6587"),
    marked=QColor("#2a2826"),
    mark_cross=QColor("#e07a6b"),
    checking=QColor("#4b4843"),
    checking_mark=QColor("#aaa192"),
    queen=QColor("#f6efe2"),
    forced=QColor("#5fd0d9"),
    cursor=QColor("#5aa2ff"),
    culprit=QColor("#ff7a5c"),
    label=QColor("#b8ad9c"),
    frame=QColor("#1d1a16"),
    grid=QColor(0, 0, 0, 150),
    banner=QColor(30, 140, 80, 225),
    banner_text=QColor("#ffffff"),
    heat_low=QColor("#4d4630"),
    heat_high=QColor("#ff7b39"),
    regions=tuple(
        QColor(hex_rgb)
        for hex_rgb in (
            "#327d86",
            "#b65061",
            "#537423",
            "#755cbb",
            "#023b6e",
            "#6e3704",
            "#5a3e4d",
            "#2d3d29",
        )
    ),
)


def _pass_on(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if kind == QtMsgType.QtFatalMsg:
        sys.stderr.write(f"nqueens-gui: error: Qt cannot start: {message.splitlines()[0]}\n")
        os._exit(1)
    if "propagateSizeHints" not in message:
        sys.stderr.write(message + "\n")


def quiet_platform_notes() -> None:
    """Pass Qt's messages on to stderr, except the offscreen platform's note on size hints
    (printed at every window shown without a display, and meaningless there). A fatal message
    ends the program with its first line and exit status 1, not with Qt's abort and a core dump."""
    qInstallMessageHandler(_pass_on)


def is_dark(palette: QPalette) -> bool:
    """True when the palette's window colour is dark."""
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def board_colors(palette: QPalette) -> BoardColors:
    return DARK if is_dark(palette) else LIGHT


def _dark_palette() -> QPalette:
    """A dark palette for platforms whose theme cannot switch to dark by itself."""
    roles = QPalette.ColorRole
    palette = QPalette()
    for role, color in (
        (roles.Window, "#2b2b2e"),
        (roles.WindowText, "#e8e6e3"),
        (roles.Base, "#1f1f22"),
        (roles.AlternateBase, "#2f2f33"),
        (roles.ToolTipBase, "#3a3a3e"),
        (roles.ToolTipText, "#f0f0f0"),
        (roles.PlaceholderText, "#8d8b88"),
        (roles.Text, "#e8e6e3"),
        (roles.Button, "#35353a"),
        (roles.ButtonText, "#e8e6e3"),
        (roles.BrightText, "#ff6b6b"),
        (roles.Light, "#4a4a50"),
        (roles.Midlight, "#3d3d42"),
        (roles.Mid, "#2a2a2e"),
        (roles.Dark, "#18181b"),
        (roles.Shadow, "#000000"),
        (roles.Highlight, "#3d7bd9"),
        (roles.HighlightedText, "#ffffff"),
        (roles.Link, "#7fb0ff"),
    ):
        palette.setColor(role, QColor(color))
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7875"))
    return palette


def apply_appearance(choice: str) -> None:
    """Follow the system colour scheme, or force light or dark.

    Qt's style hints switch the platform theme where it can; where the resulting palette does
    not match the wanted scheme (offscreen, minimal desktops) the Fusion style with an
    explicit palette is used instead.
    """
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    hints = QGuiApplication.styleHints()
    if choice == "light":
        hints.setColorScheme(Qt.ColorScheme.Light)
    elif choice == "dark":
        hints.setColorScheme(Qt.ColorScheme.Dark)
    else:
        hints.unsetColorScheme()
    want_dark = hints.colorScheme() == Qt.ColorScheme.Dark if choice == "system" else choice == "dark"
    palette = app.style().standardPalette()
    if is_dark(palette) != want_dark:
        app.setStyle("Fusion")
        palette = _dark_palette() if want_dark else app.style().standardPalette()
    app.setPalette(palette)
