"""The Help pages say what the program does: the sizes the code allows, keys as printed on a
keyboard, every menu and shortcut, a glossary the Insight panel reads, the version in About."""

from __future__ import annotations

import re
from importlib.metadata import version

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from app.gui.board.theme import DARK, LIGHT, apply_appearance, board_colors
from app.gui.help import help_pages
from app.gui.help.glossary import GLOSSARY, TECHNIQUE_WORDS, anchor, glossary_html, glossary_order
from app.gui.help.help_example import FIRST, POINTED, SECOND, first_steps, level_example
from app.gui.help.help_text import LEVEL_PICTURE, SQUARES, about_html, how_it_works_html, square_url
from app.gui.help.program_info import PYPROJECT, ProgramInfo, _from_pyproject, program_info
from app.gui.help.shortcuts_page import _key_ranges, access_key, menu_entries
from app.gui.insight.insight_panel import FIGURE_TERMS
from app.gui.widgets.action_help import keyboard_shortcuts, plain_text, shortcut_text
from app.gui.window.main_window import MainWindow
from bdd_model import MAX_N, Cell, CellState, plural
from bdd_model.board import STATE_ORDER
from bdd_model.engine_choice import AUTO_BDD_MAX_N, LARGEST_N
from bdd_model.engines.diagram_engine import LEVEL_MAX_N
from bdd_model.families import family, names
from bdd_model.levels.techniques import TECHNIQUES
from bdd_model.levels.techniques.hints import SEARCH
from bdd_model.sat.engine import SAT_ENGINE_MAX_N
from bdd_model.versions import library_versions
from tests import oracle
from tests.gui_helpers import click, toolbar_button

LIMITS = {AUTO_BDD_MAX_N, MAX_N, SAT_ENGINE_MAX_N, LEVEL_MAX_N} | {
    size for name in names() for size in (family(name).quick_diagram_max_n, family(name).diagram_max_n)
}
LIMIT_PHRASES = re.compile(r"(?:up to|1×1 to|beyond|past|stops at|above) (\d+)×(\d+)", re.IGNORECASE)
LARGEST_PHRASE = re.compile(r"largest (?:board |size )?(?:is |of )?(\d+)×", re.IGNORECASE)
KEY_WORDS = re.compile(
    r"((Ctrl|Shift|Alt|Meta)\+)*(F([1-9]|1[0-2])|[A-Z0-9]|[/\\.,;'\[\]=`-]|PgUp|PgDown|Esc|Tab|Backspace|"
    r"Return|Enter|Ins|Del|Home|End|Left|Up|Right|Down|Space)"
)
"""A key combination as printed on an ordinary keyboard."""
NOT_ON_A_KEYBOARD = re.compile(r"\bF(1[3-9]|2\d|3[0-5])\b")
JARGON = ("binary decision diagram", "SAT solver", "assumption", "node", "witness", "row layer", "CaDiCaL")
REQUIRED_TERMS = {
    "BDD",
    "Node",
    "Row layer",
    "SAT",
    "Assumption",
    "Forced",
    "Look-ahead",
    "BDD nodes",
    "Row edges",
    "Construction",
    "Constant FALSE",
    "Solver call",
    "Estimate",
    "95% interval",
}


def plain(page: str) -> str:
    document = QTextDocument()
    document.setHtml(page)
    return document.toPlainText()


def menu_actions(menu: QMenu) -> list[QAction]:
    """Every entry of a menu and of its submenus."""
    found = []
    for action in menu.actions():
        if isinstance(action.menu(), QMenu):
            found.extend(menu_actions(action.menu()))
        elif not action.isSeparator():
            found.append(action)
    return found


def all_actions(window: MainWindow) -> list[QAction]:
    return [action for top in window.menuBar().actions() for action in menu_actions(top.menu())]


def test_keyboard_shortcuts_are_keys_a_keyboard_has_each_once(qtbot) -> None:
    action = QAction("Undo")
    action.setShortcuts(
        [
            QKeySequence("Ctrl+Z"),
            QKeySequence("F14"),
            QKeySequence(Qt.Key.Key_Undo),
            QKeySequence("Ctrl+Z"),
            QKeySequence("Ctrl+Shift+Z"),
            QKeySequence(Qt.Key.Key_PageUp),
            QKeySequence("Shift+F16"),
            QKeySequence("Ctrl+K, Ctrl+C"),
        ]
    )
    assert keyboard_shortcuts(action) == ["Ctrl+Z", "Ctrl+Shift+Z", "PgUp", "Ctrl+K, Ctrl+C"]
    assert shortcut_text(action) == "Ctrl+Z, Ctrl+Shift+Z, PgUp, Ctrl+K, Ctrl+C"


def test_access_keys_are_read_from_menu_texts() -> None:
    assert [access_key(text) for text in ("Re&start", "&Size", "Fish && &Chips", "Light", "&1 × 1")] == [
        "S",
        "S",
        "C",
        "",
        "1",
    ]
    assert _key_ranges(["1", "2", "3", "4", "5", "6", "7", "8", "9", "O"]) == "1–9, O"
    assert _key_ranges(["1", "3", "A", "7", "8"]) == "1, 3, A, 7–8"


def test_keyboard_shortcuts_list_every_shortcut_menu_and_access_key(qtbot, window: MainWindow) -> None:
    dialog = help_pages.show_shortcuts(window, window.menuBar())
    text = dialog.browser.toPlainText()
    assert NOT_ON_A_KEYBOARD.search(text) is None
    for action in all_actions(window):
        for key in keyboard_shortcuts(action):
            assert key in text, f"{action.text()}: {key}"
    entries = menu_entries(window.menuBar())
    for entry in entries:
        if len(entry.path) > 1:
            assert " → ".join(entry.path) in text
        if entry.access:
            assert ", ".join(entry.access) in text
        for key in entry.shortcuts:
            assert KEY_WORDS.fullmatch(key), key
    paths = {entry.path: entry for entry in entries}
    assert {", ".join(paths[(title,)].access) for title in ("File", "Edit", "Game", "View", "Help")} == {
        "Alt+F",
        "Alt+E",
        "Alt+G",
        "Alt+V",
        "Alt+H",
    }
    assert paths[("Game", "Size")].access == ("Alt+G", "S") and paths[("Game", "Size")].is_menu
    assert "(keys 1–9, O)" in paths[("Game", "Size")].what
    assert paths[("View", "Engine", "Automatic")].access == ("Alt+V", "E", "A")
    assert paths[("Edit", "Undo")].shortcuts[0] == "Ctrl+Z"
    assert "Ctrl+Shift+Z" in paths[("Edit", "Redo")].shortcuts
    assert "Undo" not in paths[("Edit", "Undo")].shortcuts
    for keys in ("Arrow keys", "Enter", "Space", "Right click"):
        assert keys in text


def test_no_two_entries_of_a_menu_share_an_access_key(qtbot, window: MainWindow) -> None:
    def clashes(menu: QMenu) -> list[str]:
        keys = [access_key(action.text()) for action in menu.actions() if access_key(action.text())]
        found = [f"{menu.title()}: {key}" for key in sorted(set(keys)) if keys.count(key) > 1]
        for action in menu.actions():
            if isinstance(action.menu(), QMenu):
                found.extend(clashes(action.menu()))
        return found

    assert [clash for top in window.menuBar().actions() for clash in clashes(top.menu())] == []


def test_how_to_play_names_every_look_of_a_square_and_draws_it(qtbot, window: MainWindow) -> None:
    dialog = help_pages.show_how_to_play(window)
    text = dialog.browser.toPlainText()
    document = dialog.browser.document()
    for state, name, meaning in SQUARES:
        assert name in text and meaning[:40] in text
        picture = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(square_url(state)))
        assert picture is not None and not picture.isNull()
    for url in ("picture:solution", "picture:first-step", "picture:next-steps"):
        picture = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(url))
        assert picture is not None and picture.width() > 150
    for word in ("Free this square", "Heat map", "Hint", "Solve", "Undo", "How it works"):
        assert word in text
    lowered = text.casefold()
    assert [word for word in JARGON if word.casefold() in lowered] == []


def test_how_to_play_tells_levels_with_a_picture_of_one_played_and_the_window_s_own_names(
    qtbot, window: MainWindow
) -> None:
    dialog = help_pages.show_how_to_play(window)
    text = dialog.browser.toPlainText()
    picture = dialog.browser.document().resource(
        QTextDocument.ResourceType.ImageResource, QUrl(LEVEL_PICTURE)
    )
    assert picture is not None and picture.width() > 100
    example = level_example()
    codes = example.codes
    assert example.regions is not None and (codes == STATE_ORDER.index(CellState.QUEEN)).sum() == 2
    assert (codes == STATE_ORDER.index(CellState.MARKED)).sum() == 1
    for action in (
        window.commands.levels,
        window.commands.next_level,
        window.commands.generate,
        window.commands.symbols,
    ):
        name = action.text().replace("&", "").rstrip("…")
        shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.PortableText)
        assert name in text and f"({shortcut})" in text, name
    for word in (
        "Cross Out",
        "Check (Ctrl+K)",
        "Hint (Ctrl+H)",
        "single",
        "trial",
        "Glossary",
        "not counted",
    ):
        assert word in text


def test_the_glossary_explains_every_technique_a_hint_names(qtbot) -> None:
    text = plain(glossary_html())
    for name in [technique.NAME for technique in TECHNIQUES] + [SEARCH]:
        assert f"\nHint: {name}\n" in text, name
        assert TECHNIQUE_WORDS[name][:60] in text


def test_how_to_play_walks_through_what_the_engine_answers(qtbot, window: MainWindow) -> None:
    steps = first_steps()
    assert steps.solutions == oracle.A000170[7]
    assert steps.after_first[FIRST.row][FIRST.col] is CellState.QUEEN
    assert any(CellState.LOOKAHEAD in row for row in steps.after_first)
    assert steps.forced and steps.pointed_state is CellState.LOOKAHEAD and steps.culprits == (FIRST,)
    text = help_pages.show_how_to_play(window).browser.toPlainText()
    assert f"“1 placed of 8 queens · {steps.count_first} solutions · BDD”" in text
    assert f"Click {SECOND.label()}" in text and f"on {steps.forced[0].label()}" in text
    assert f"Click the dotted square {POINTED.label()}" in text
    for row, col in ((FIRST.row, FIRST.col), (SECOND.row, SECOND.col)):
        window.session.activate(Cell(row, col))
    cfg = window.session.configurator
    assert cfg.count == steps.count_second
    assert tuple(tuple(row) for row in cfg.states()) == steps.after_second


def test_keys_named_in_how_to_play_belong_to_actions(qtbot, window: MainWindow) -> None:
    text = help_pages.show_how_to_play(window).browser.toPlainText()
    named = set(re.findall(r"\b(?:Ctrl\+\S|F\d+)\b", text))
    bound = {key for action in all_actions(window) for key in keyboard_shortcuts(action)}
    assert named and named <= bound


def test_no_page_names_a_size_limit_the_code_does_not_have(qtbot, window: MainWindow) -> None:
    how_to_play = help_pages.show_how_to_play(window).browser.toPlainText()
    pages = {
        "how to play": how_to_play,
        "how it works": plain(how_it_works_html(80)),
        "glossary": plain(glossary_html()),
        "about": plain(about_html(ProgramInfo("1.0", "MIT"), "CUDD (dd.cudd)", {})),
    }
    named = 0
    for name, text in pages.items():
        for found in LIMIT_PHRASES.finditer(text):
            assert found.group(1) == found.group(2) and int(found.group(1)) in LIMITS, (name, found.group(0))
            named += 1
        for found in LARGEST_PHRASE.finditer(text):
            assert int(found.group(1)) == LARGEST_N, (name, found.group(0))
    assert named >= 6
    assert LARGEST_PHRASE.search("Board sizes: the largest is 15×15.")
    assert f"BDD, for boards up to {MAX_N}×{MAX_N}" in how_to_play
    assert f"SAT engine, for every size from 1×1 to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}" in how_to_play
    assert f"BDD, boards up to {MAX_N}×{MAX_N}" in pages["about"]
    assert f"SAT engine, boards up to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}" in pages["about"]


def test_pages_link_to_each_other(qtbot, window: MainWindow) -> None:
    how_to_play = help_pages.show_how_to_play(window)
    how_to_play.browser.anchorClicked.emit(QUrl("help:how-it-works"))
    works = window.findChild(help_pages.HelpDialog, "How It Works")
    assert works is not None and works.isVisible()
    assert works.browser.toPlainText().startswith("How it works")
    works.browser.anchorClicked.emit(QUrl("help:glossary#row-edges"))
    glossary = window.findChild(help_pages.HelpDialog, "Glossary")
    assert glossary is not None and "Row edges" in glossary.browser.toPlainText()
    assert glossary.browser.verticalScrollBar().value() > 0
    assert help_pages.show_glossary(window, "Row edges") is glossary
    for term in ("BDD", "Assumption", "95% interval", "Witness"):
        assert f"help:glossary#{anchor(term)}" in how_it_works_html(80)


def test_every_glossary_term_is_explained_once_and_listed(qtbot) -> None:
    assert set(GLOSSARY) >= REQUIRED_TERMS
    assert all(len(meaning) > 40 and meaning.endswith((".", "”")) for meaning in GLOSSARY.values())
    assert len({anchor(term) for term in GLOSSARY}) == len(GLOSSARY)
    text = plain(glossary_html())
    positions = [text.index(f"\n{term}\n") for term in glossary_order(list(GLOSSARY))]
    assert positions == sorted(positions)
    terms = ["Witness", "95% interval", "assumption"]
    assert glossary_order(terms) == ["assumption", "95% interval", "Witness"]


def test_the_insight_panel_terms_carry_their_glossary_entries(qtbot, window: MainWindow) -> None:
    panel = window.panel
    for key, term in FIGURE_TERMS.items():
        value = panel.figure_labels[key]
        name = panel.figures.labelForField(value)
        assert name.text() == key
        for label in (name, value):
            assert GLOSSARY[term] in plain(label.toolTip())
    assert GLOSSARY["Solver call"] in plain(panel.solver_label.toolTip())
    assert GLOSSARY["95% interval"] in plain(panel.browse_label.toolTip())
    window.sizes.choose(3)
    assert "FALSE" in panel.widest_label.text() and "no path to a solution" in panel.widest_label.text()
    assert GLOSSARY["Constant FALSE"] in plain(panel.widest_label.toolTip())


def test_about_names_the_version_both_engines_and_the_libraries(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    help_pages.show_about(window, "auto")
    text = plain(shown[0])
    assert f"N-Queens configurator {version('nqueens-configurator')}" in text
    for words in ("BDD", "SAT engine", "CaDiCaL", "Qt", "PySide6", "python-sat", "numpy", "Licence: MIT"):
        assert words in text
    assert program_info() == ProgramInfo(version("nqueens-configurator"), "MIT")


def test_a_source_checkout_reads_its_version_from_pyproject(tmp_path) -> None:
    installed = version("nqueens-configurator")
    assert _from_pyproject(PYPROJECT) == ProgramInfo(f"{installed} (source checkout)", "MIT")
    assert _from_pyproject(tmp_path / "missing.toml").version == "unknown (source checkout)"


def test_how_to_play_redraws_its_pictures_in_the_new_palette(qtbot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    try:
        apply_appearance("light")
        dialog = help_pages.show_how_to_play(parent)
        url = QUrl(square_url(CellState.OPEN))
        document = dialog.browser.document()
        light = document.resource(QTextDocument.ResourceType.ImageResource, url).pixelColor(18, 18)
        assert light == LIGHT.light_square
        apply_appearance("dark")
        qtbot.waitUntil(lambda: board_colors(dialog.palette()) is DARK)
        dark = document.resource(QTextDocument.ResourceType.ImageResource, url).pixelColor(18, 18)
        assert dark == DARK.light_square
    finally:
        apply_appearance("system")


def test_how_to_play_works_as_written(qtbot, window: MainWindow) -> None:
    steps = first_steps()
    window.activateWindow()
    click(qtbot, window, *FIRST)
    assert (
        window.count_label.text() == f"1 placed of 8 queens · {plural(steps.count_first, 'solution')} · BDD"
    )
    click(qtbot, window, *SECOND)
    click(qtbot, window, *POINTED)
    assert window.panel.free_button.text() == f"Free {POINTED.label()}"
    culprits = ", ".join(cell.label() for cell in steps.culprits)
    assert f"Retract the queen at {culprits}" in window.panel.why_label.text()
    assert window.board.picture.culprits == frozenset(steps.culprits)
    qtbot.keyClick(window.board, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.session.configurator.cell(*POINTED) is CellState.QUEEN
    qtbot.keyClick(window.board, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert [d.cell for d in window.session.configurator.decisions] == [FIRST, SECOND]


def test_about_lists_numba_beside_the_other_libraries() -> None:
    found = library_versions()
    assert set(found) >= {"Python", "dd", "python-sat", "numpy", "numba"}
    assert found["numba"] != "not installed"


def test_every_toolbar_control_says_what_it_does_and_its_shortcut(qtbot, window: MainWindow) -> None:
    buttons = [window.commands.undo, window.commands.redo, window.commands.restart]
    buttons += [window.commands.hint, window.commands.check, window.commands.heat]
    for action in buttons:
        tip = toolbar_button(window, action).toolTip()
        assert plain_text(action) in tip and len(tip) > len(plain_text(action)) + 20
        if shortcut_text(action):
            assert shortcut_text(action) in tip
    for widget in (window.size_box, window.legend, window.count_label):
        assert widget.toolTip().startswith("<p") and "<br>" in widget.toolTip()
