"""What each action says about itself (status tip, tooltip and the help's description), in one place so that
the help cannot drift from the actions; shortcuts are given only as keys an ordinary keyboard has, since Qt's
standard keys also bind others (F14 for Undo on X11)."""

from __future__ import annotations

import html

from PySide6.QtCore import QKeyCombination, Qt
from PySide6.QtGui import QAction, QKeySequence

KEYBOARD_KEYS = frozenset(
    {
        *(Qt.Key(code) for code in range(Qt.Key.Key_F1.value, Qt.Key.Key_F12.value + 1)),
        Qt.Key.Key_Escape,
        Qt.Key.Key_Tab,
        Qt.Key.Key_Backtab,
        Qt.Key.Key_Backspace,
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
        Qt.Key.Key_Insert,
        Qt.Key.Key_Delete,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
        Qt.Key.Key_Left,
        Qt.Key.Key_Up,
        Qt.Key.Key_Right,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
    }
)
"""The keys beyond letters, digits and punctuation that every PC keyboard has."""


def on_every_keyboard(combination: QKeyCombination) -> bool:
    """True for a printable ASCII key or one of KEYBOARD_KEYS, with any modifiers."""
    key = combination.key()
    return Qt.Key.Key_Space.value <= key.value <= Qt.Key.Key_AsciiTilde.value or key in KEYBOARD_KEYS


def keyboard_shortcuts(action: QAction) -> list[str]:
    """The action's shortcuts that can be typed on an ordinary keyboard, as the platform writes
    them ("Ctrl+Z", "PgUp"), each once, in the action's order."""
    native = QKeySequence.SequenceFormat.NativeText
    found: list[str] = []
    for sequence in action.shortcuts():
        chords = [sequence[i] for i in range(sequence.count())]  # type: ignore[index]  # stubs lack it
        text = sequence.toString(native)
        if chords and all(on_every_keyboard(chord) for chord in chords) and text not in found:
            found.append(text)
    return found


def plain_text(action: QAction) -> str:
    """The action's name without its mnemonic ampersand or trailing ellipsis."""
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…")


def shortcut_text(action: QAction) -> str:
    """Every keyboard shortcut of the action, as the keys are labelled ("Ctrl+Z, Ctrl+Y")."""
    return ", ".join(keyboard_shortcuts(action))


def tooltip_html(title: str, what: str, keys: str = "") -> str:
    """A short rich-text tooltip: the name in bold, what it does, the shortcut (Qt wraps it)."""
    lines = [f"<b>{html.escape(title)}</b>", html.escape(what)]
    if keys:
        lines.append(f"<i>{html.escape(keys)}</i>")
    return "<p style='white-space:normal'>" + "<br>".join(lines) + "</p>"


def explain_action(action: QAction, what: str) -> None:
    """Give the action its status tip, tooltip and What's This text (the help's description)."""
    action.setWhatsThis(what)
    action.setStatusTip(what)
    action.setToolTip(tooltip_html(plain_text(action), what, shortcut_text(action)))
