"""The rule families in the window: Game → Rules and the toolbar's box, remembered; the family in the
title, the status bar, the hatching, saved files and kept boards; Undo across a change of family; a
kept board that breaks the family asked for."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.gui.help.family_help import known_counts, lines_words
from app.gui.help.help_pages import PAGES
from app.gui.mid_end.session import BoardSession
from app.gui.window.main_window import MainWindow
from app.gui.window.rules_choice import remembered_rules
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.engines.insights import DiagramInsight
from bdd_model.families import CLASSIC, family, names
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import dumps
from tests.gui_helpers import click, decisions_of, make_window, point, warned

QUEEN = DecisionKind.QUEEN


def choose(qtbot: QtBot, window: MainWindow, name: str) -> None:
    """Game → Rules → the family's entry, and wait for its board."""
    action = next(a for a in window.rules_choice.group.actions() if a.data() == name)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        action.trigger()


def test_game_rules_lists_every_family_and_the_toolbar_box_follows(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 7)
    entries = [a.text().replace("&", "") for a in window.rules_choice.group.actions()]
    assert entries == [family(name).title for name in names()]
    choose(qtbot, window, "toroidal")
    box = window.rules_choice.box
    assert box.currentText() == "Toroidal queens"
    assert [a.data() for a in window.rules_choice.group.actions() if a.isChecked()] == ["toroidal"]
    assert window.windowTitle().startswith("7×7 toroidal board")
    assert window.count_label.text().endswith("BDD · toroidal")
    assert window.status_line.text().startswith("The 7×7 toroidal board: 28 solutions remain.")
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        box.activated.emit(box.findData("no-touch"))
    assert window.session.rules is family("no-touch") and window.session.configurator.count == 646


def test_a_change_of_family_is_one_undo_step_like_a_change_of_size(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 7)
    click(qtbot, window, 0, 0)
    choose(qtbot, window, "toroidal")
    assert decisions_of(window) == [] and window.session.rules is family("toroidal")
    click(qtbot, window, 0, 0)
    assert window.session.configurator.count == 4
    window.commands.undo.trigger()
    window.commands.undo.trigger()
    qtbot.waitUntil(lambda: window.session.rules is CLASSIC)
    assert decisions_of(window) == [Decision(Cell(0, 0), QUEEN)]
    assert window.rules_choice.box.currentText() == "Queens"
    window.commands.redo.trigger()
    qtbot.waitUntil(lambda: window.session.rules is family("toroidal"))
    assert window.session.configurator.count == 28


def test_a_cancelled_build_of_another_familys_board_keeps_the_family_in_hand(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    window = make_window(qtbot, tmp_path, 8)
    window.sizes.choose_engine("bdd")
    window.session.sources.in_process_max_n = 0
    entry = next(a for a in window.rules_choice.group.actions() if a.data() == "no-touch")
    entry.trigger()
    assert window.session.sources.compiling == 8
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=10000):
        window.session.sources.cancel_compile()
    assert window.session.rules is CLASSIC and window.session.configurator.puzzle.rules is CLASSIC
    assert window.rules_choice.box.currentText() == "Queens"
    assert next(a for a in window.rules_choice.group.actions() if a.isChecked()).data() == "queens"


def test_the_hatching_follows_the_familys_moves(qtbot: QtBot, tmp_path: Path) -> None:
    """A queen on 1,1 of the 7×7 torus attacks 2,7 round the edge; a superqueen attacks the
    knight's squares too."""
    window = make_window(qtbot, tmp_path, 7)
    choose(qtbot, window, "toroidal")
    click(qtbot, window, 0, 0)
    assert window.board.picture.state(1, 6) is CellState.ATTACKED
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.choose(10)
    choose(qtbot, window, "superqueens")
    click(qtbot, window, 0, 2)
    for knight in ((1, 0), (1, 4), (2, 1), (2, 3)):
        assert window.board.picture.state(*knight) is CellState.ATTACKED


@pytest.mark.parametrize(("n", "engine"), [(8, "auto"), (10, "auto"), (20, "auto"), (10, "sat")])
def test_a_board_without_a_solution_says_so_in_the_panel_and_offers_nothing_that_cannot_act(
    qtbot: QtBot, tmp_path: Path, n: int, engine: str
) -> None:
    """Toroidal 8×8 and 10×10 have no solution: the panel says what the status line says, the
    heat map is off and says why, the empty chart is gone, and the panel needs no scroll bar."""
    window = make_window(qtbot, tmp_path, 7)
    window.resize(1040, 780)
    window.sizes.choose_engine(engine)
    choose(qtbot, window, "toroidal")
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.choose(n)
    said = f"No {n} queens fit on the {n}×{n} toroidal board without attacking: every square is closed."
    qtbot.waitUntil(lambda: window.status_line.text().startswith(said), timeout=30000)
    window.size_box.released.emit()  # the size typed, Enter: the keys go to the board
    assert "Enter places" not in window.status_line.text()
    assert window.panel.why_label.text() == window.status_line.text()
    heat = window.commands.heat
    assert not heat.isEnabled() and "no solution" in heat.statusTip()
    assert not any(b.isEnabled() for b in (window.panel.solve_button, window.panel.hint_button))
    assert not window.panel.free_button.isEnabled()
    if isinstance(window.session.configurator.view.insight, DiagramInsight):
        assert window.panel.chart.isHidden() and window.panel.chart_caption.isHidden()
        assert "constant FALSE" in window.panel.diagram._note
    QApplication.processEvents()
    assert not window.panel_scroller.verticalScrollBar().isVisible()
    point(qtbot, window, Cell(2, 2))
    window.board.leaveEvent(None)
    assert window.panel.why_label.text() == window.status_line.text()
    choose(qtbot, window, "queens")
    on_diagram = isinstance(window.session.configurator.view.insight, DiagramInsight)
    assert heat.isEnabled() == on_diagram
    assert not window.panel.chart.isHidden() or not on_diagram


def test_the_window_says_one_word_for_the_familys_piece(qtbot: QtBot, tmp_path: Path) -> None:
    """The newcomer's superqueens status mixed "10 superqueens" and "Solved: 10 queens"."""
    window = make_window(qtbot, tmp_path, 10)
    choose(qtbot, window, "superqueens")
    assert "place a superqueen" in window.status_line.text()
    assert "your superqueen" in window.legend.accessibleName()
    with qtbot.waitSignal(window.session.solved, timeout=10000):
        click(qtbot, window, 0, 2)  # one solution of four has it: the rest are forced
    assert window.session.undo_stack.undoText() == "Superqueen on 1,3"
    said = window.status_line.text()
    assert said == "Solved: every row holds a superqueen. Undo takes the superqueen on 1,3 back."
    assert window.count_label.text().startswith("Solved: 10 superqueens (9 forced)")
    point(qtbot, window, Cell(0, 2))
    assert window.status_line.text() == "1,3: your superqueen."
    point(qtbot, window, Cell(0, 5))
    assert window.status_line.text().startswith(
        "1,6 is closed: it is in line or a knight's move away from the superqueens at 1,3 and 2,6 (forced). "
        "No solution of the 10×10 superqueens board has a superqueen on 1,6."
    )
    window.session.undo_stack.undo()
    with qtbot.waitSignal(window.session.solved, timeout=10000):
        window.session.browser.solve()
    assert window.status_line.text().startswith("Solved: every row holds a superqueen. Undo takes back every")
    assert window.status_line.text().endswith("superqueen Solve placed.")


def test_the_family_is_remembered_for_the_next_start(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 7)
    choose(qtbot, window, "no-touch")
    window.close()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert remembered_rules(settings) is family("no-touch")
    settings.setValue("board/rules", "atomic")
    assert remembered_rules(settings) is CLASSIC


def test_a_saved_file_keeps_its_family_and_opens_in_it(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 7)
    choose(qtbot, window, "toroidal")
    click(qtbot, window, 0, 0)
    path = tmp_path / "torus.nqueens.json"
    assert window.files.save_to(path)
    assert json.loads(path.read_text())["puzzle"]["family"] == "toroidal"
    other = make_window(qtbot, tmp_path / "other", 8)
    with qtbot.waitSignal(other.session.boardReplaced, timeout=30000):
        assert other.files.open_from(path)
    assert other.session.rules is family("toroidal") and decisions_of(other) == [Decision(Cell(0, 0), QUEEN)]
    assert other.windowTitle().startswith("torus.nqueens.json (7×7 toroidal)")
    broken = tmp_path / "broken.nqueens.json"
    broken.write_text("{")
    assert not other.files.open_from(broken) and "broken.nqueens.json was not opened" in warned(other)
    with qtbot.waitSignal(other.session.boardReplaced, timeout=30000):
        assert other.files.open_from(path)
    assert warned(other) == "", "a file that opens takes the last file's trouble away"


def test_a_file_whose_decisions_break_its_family_is_refused(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "knight.nqueens.json"
    path.write_text(
        dumps(FamilyPuzzle(10, "superqueens"), [Decision(Cell(0, 0), QUEEN), Decision(Cell(1, 2), QUEEN)])
    )
    window = make_window(qtbot, tmp_path, 8)
    assert not window.files.open_from(path)
    assert "knight.nqueens.json was not opened" in warned(window)
    assert window.session.n == 8 and window.session.rules is CLASSIC


def new_window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(BoardSession(), settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_kept_board_comes_back_in_its_family(qtbot: QtBot, tmp_path: Path) -> None:
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    with qtbot.waitSignal(first.session.boardReplaced):
        first.sizes.choose(7)
    choose(qtbot, first, "toroidal")
    click(qtbot, first, 0, 0)
    first.close()
    kept = json.loads(next((tmp_path / "boards").glob("window-*.json")).read_text())
    assert kept["board"]["puzzle"]["family"] == "toroidal"
    again = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(again.session.boardReplaced):
        again.reopen()
    assert again.session.rules is family("toroidal") and decisions_of(again) == [Decision(Cell(0, 0), QUEEN)]
    assert again.status_line.text().startswith("Reopened the 7×7 toroidal board with 1 decision")


def test_a_kept_board_that_breaks_the_family_asked_for_opens_its_empty_board(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Queens on 1,2 and 3,7 stand on the plain 7×7 board but attack each other round the edge:
    asked for toroidal rules, the window opens the empty toroidal board, says why in one line,
    and Undo brings the kept board back."""
    first = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(first.session.boardReplaced):
        first.reopen()
    with qtbot.waitSignal(first.session.boardReplaced):
        first.sizes.choose(7)
    click(qtbot, first, 0, 1)
    click(qtbot, first, 2, 6)
    first.close()
    again = new_window(qtbot, tmp_path)
    with qtbot.waitSignal(again.session.boardReplaced):
        again.reopen(family("toroidal"))
    qtbot.waitUntil(lambda: again.session.rules is family("toroidal") and again.session.n == 7)
    assert decisions_of(again) == []
    said = warned(again)
    assert "The kept board's decisions do not fit the 7×7 toroidal board" in said and "\n" not in said
    again.commands.undo.trigger()
    qtbot.waitUntil(lambda: again.session.rules is CLASSIC)
    assert decisions_of(again) == [Decision(Cell(0, 1), QUEEN), Decision(Cell(2, 6), QUEEN)]


def test_the_help_gives_every_family_a_few_lines_and_a_picture(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 8)
    for page in ("how-to-play", "how-it-works", "glossary"):
        document = QTextDocument()
        text = PAGES[page][1](document, window.palette(), 1.0)
        for name in names():
            rules = family(name)
            said = {"how-it-works": lines_words(rules)}.get(page, rules.about)
            assert html.escape(said) in text
            assert html.escape(known_counts(rules)) in text or page == "how-it-works"
            if page != "glossary":
                url = f"picture:moves-{name}"
                assert url in text
                image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl(url))
                assert isinstance(image, QImage) and not image.isNull()
