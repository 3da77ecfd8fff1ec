"""Help → Keyboard Shortcuts: every entry of the menu bar with its menu path, access keys, shortcuts and
description, read from the menus themselves so that the list cannot drift from them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar

from app.gui.help.help_text import html_table
from app.gui.widgets.action_help import keyboard_shortcuts

MNEMONIC = re.compile(r"&([^&])")
LISTED_NAMES = 4
"""A submenu of undescribed entries names this many of them, then the last."""


@dataclass(frozen=True)
class MenuEntry:
    """One entry of a menu, or a menu itself."""

    path: tuple[str, ...]
    """The names from the menu bar down: ("Edit", "Undo")."""
    access: tuple[str, ...]
    """The keys that reach it through the menus, ("Alt+E", "U"); empty when one is missing."""
    shortcuts: tuple[str, ...]
    what: str
    """An entry's description; for a menu, the entries it holds that get no row of their own."""
    is_menu: bool = False


def access_key(text: str) -> str:
    """The underlined character of a menu text ("Re&start" → "S"), or ""."""
    found = MNEMONIC.search(text.replace("&&", ""))
    return found.group(1).upper() if found else ""


def entry_name(action: QAction) -> str:
    """The name the menu shows, without its access key mark, ellipsis or right-hand detail;
    the icon text where it is set apart from a changing text ("Undo", not "Undo Place …")."""
    return action.iconText().split("\t", 1)[0].removesuffix("…")


def menu_entries(menu_bar: QMenuBar) -> list[MenuEntry]:
    """Every menu and entry of the menu bar, in menu order; entries that describe nothing (the
    sizes of Game → Size) are summed up in their submenu's row instead of a row each."""
    entries: list[MenuEntry] = []
    for action in menu_bar.actions():
        menu = action.menu()
        if isinstance(menu, QMenu):
            key = access_key(action.text())
            _walk(menu, (entry_name(action),), (f"Alt+{key}",) if key else (), entries)
    return entries


def _walk(menu: QMenu, path: tuple[str, ...], access: tuple[str, ...], into: list[MenuEntry]) -> None:
    into.append(MenuEntry(path, access, (), _summary(menu), is_menu=True))
    for action in menu.actions():
        if action.isSeparator() or not action.text():
            continue
        name, key = entry_name(action), access_key(action.text())
        reach = (*access, key) if access and key else ()
        submenu = action.menu()
        if isinstance(submenu, QMenu):
            _walk(submenu, (*path, name), reach, into)
        elif action.whatsThis():
            into.append(
                MenuEntry((*path, name), reach, tuple(keyboard_shortcuts(action)), action.whatsThis())
            )


def _summary(menu: QMenu) -> str:
    """The entries of ``menu`` that get no row of their own: "1 × 1, 2 × 2, … 100 × 100, Other
    Size (keys 1–9, O)"; "" when every entry has its row."""
    silent = [
        action
        for action in menu.actions()
        if not (action.isSeparator() or action.menu() or action.whatsThis() or not action.text())
    ]
    if not silent:
        return ""
    names = [entry_name(action) for action in silent]
    if len(names) > LISTED_NAMES + 1:
        names = [*names[:LISTED_NAMES], "…", names[-2], names[-1]]
    keys = _key_ranges([access_key(action.text()) for action in silent if access_key(action.text())])
    return ", ".join(names).replace(", …,", " …") + (f" (keys {keys})" if keys else "")


def _key_ranges(keys: list[str]) -> str:
    """Access keys with runs of consecutive digits joined: ["1", …, "9", "O"] → "1–9, O"."""
    parts: list[str] = []
    run: list[str] = []
    for key in [*keys, ""]:
        if key.isdigit() and (not run or int(key) == int(run[-1]) + 1):
            run.append(key)
            continue
        if run:
            parts.append(run[0] if len(run) == 1 else f"{run[0]}–{run[-1]}")
            run = []
        if key.isdigit():
            run = [key]
        elif key:
            parts.append(key)
    return ", ".join(parts)


def shortcuts_html(entries: list[MenuEntry], board_input: Sequence[tuple[str, str]]) -> str:
    """Help → Keyboard Shortcuts: each menu under its own heading, every entry with its
    shortcuts, menu path, access keys and description; then the board's mouse and keys."""
    rows: list[tuple[str, ...]] = []
    headings: dict[int, str] = {}
    for entry in entries:
        reach = ", ".join(entry.access) or "—"
        if len(entry.path) == 1:
            headings[len(rows)] = f"{entry.path[0]} menu ({reach})"
            continue
        name = " → ".join(entry.path)
        if entry.is_menu:
            rows.append(
                ("", f"{name} ▸", reach, f"Entries: {entry.what}" if entry.what else "Its entries follow")
            )
        else:
            rows.append(("\n".join(entry.shortcuts), name, reach, entry.what))
    return (
        "<h2>Keyboard shortcuts</h2>"
        "<p><b>Menu keys</b>: hold Alt and press a menu's underlined letter to open it (Alt+G opens "
        "Game), then press an entry's letter alone (S for Size).</p>"
        + html_table(rows, headings, header=("Shortcut", "Menu entry", "Menu keys", "What it does"))
        + "<h3>On the board</h3>"
        + html_table(board_input)
    )
