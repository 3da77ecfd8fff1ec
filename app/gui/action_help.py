"""What each action says about itself: a status tip, and a tooltip of a few short lines that
names the action, says what it does and gives its shortcut. The Help pages read the same
texts, so the help cannot drift from the actions."""

from __future__ import annotations

import html

from PySide6.QtGui import QAction, QKeySequence


def plain_text(action: QAction) -> str:
    """The action's name without its mnemonic ampersand or trailing ellipsis."""
    return action.text().replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…")


def shortcut_text(action: QAction) -> str:
    """Every shortcut of the action, as the platform writes them ("Ctrl+Z, Ctrl+Y")."""
    native = QKeySequence.SequenceFormat.NativeText
    return ", ".join(key.toString(native) for key in action.shortcuts() if not key.isEmpty())


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
