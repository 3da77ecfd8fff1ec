"""The README's table of keys says what the window's actions do: no key missing, none invented."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence

from app.gui.help.shortcuts_page import menu_entries
from app.gui.window.main_window import MainWindow

README = Path(__file__).resolve().parent.parent / "README.md"
BOARD_KEYS = {"Enter", "Space", "arrows"}
KEY = re.compile(r"Ctrl\+Shift\+\w|Ctrl\+[^\s,/|]+|Ctrl\+/|F\d+\b|PgUp|PgDown|Esc|Enter|Space|arrows|Alt\+\w")
MENU_KEYS = re.compile(r"Alt\+\w, \w")


def keyboard_column() -> list[str]:
    """The keyboard column of the README's table of the window, row by row."""
    text = README.read_text(encoding="utf-8")
    table = text[text.index("| do | mouse | keyboard |") :].split("\n\n", 1)[0]
    return [line.split("|")[3] for line in table.splitlines()[2:]]


def readme_keys() -> set[str]:
    """Every key named in the keyboard column of the README's table of the window."""
    return {key for row in keyboard_column() for key in KEY.findall(row)}


def test_every_key_in_the_readme_belongs_to_an_action_and_every_shortcut_is_there(window: MainWindow) -> None:
    portable = QKeySequence.SequenceFormat.PortableText
    shortcuts = {
        action: {key.toString(portable) for key in action.shortcuts()}
        for action in _menu_actions(window.menuBar().actions())
        if action.shortcuts()
    }
    mnemonics = {
        f"Alt+{title[title.index('&') + 1].upper()}"
        for title in (action.text() for action in window.menuBar().actions())
        if "&" in title
    }
    known = set().union(*shortcuts.values()) | BOARD_KEYS | mnemonics
    named = readme_keys()
    assert named - known == set()
    for action, keys in shortcuts.items():
        assert keys & named, f"{action.text()} ({', '.join(sorted(keys))}) is not in the README's table"
    assert {"Ctrl+F", "Ctrl+M", "F9", "PgUp", "Esc", "F1"} <= named


def _menu_actions(actions: list[QAction]) -> list[QAction]:
    """Every action of these menus and of their submenus."""
    found = []
    for action in actions:
        menu = action.menu()
        if menu is not None:
            found += _menu_actions(menu.actions())
        else:
            found.append(action)
    return found


def test_the_menu_keys_in_the_readme_open_those_menus(window: MainWindow) -> None:
    reach = {", ".join(entry.access[:2]) for entry in menu_entries(window.menuBar()) if len(entry.access) > 1}
    named = {keys for row in keyboard_column() for keys in MENU_KEYS.findall(row)}
    assert named and named <= reach
