"""The setter's bench in the window: painting with the mouse and the keyboard as undoable strokes,
the count and the squares where solutions differ kept in view, missing regions said, Suggest's
changes applied, Rate, Save and Play."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.gui.setting.level_editor import LevelEditor
from app.gui.setting.new_grid_dialog import NewGridDialog
from app.gui.window.main_window import MainWindow
from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.generator import generate
from bdd_model.levels.setting.differences import differing
from bdd_model.levels.setting.fixes import fixes
from bdd_model.levels.setting.sketch import Sketch
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.test_level_setting import near_unique


def _editor(window: MainWindow, sketch: Sketch) -> LevelEditor:
    editor = window.setter.open_editor(sketch)
    editor.resize(700, 600)
    return editor


def _answered(qtbot, editor: LevelEditor) -> None:
    qtbot.waitUntil(lambda: editor.answer is not None and not editor.counting.busy, timeout=10000)


def _centre(editor: LevelEditor, cell: Cell) -> QPoint:
    return editor.grid.cell_rect(cell).center()


def test_paint_opens_the_rows_start_of_the_size_and_stars_chosen(qtbot, window: MainWindow) -> None:
    window.commands.paint.trigger()
    dialog = window.findChild(NewGridDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.stars_box.setValue(2)
    assert (dialog.size_box.minimum(), dialog.size_box.maximum()) == (8, 18)
    dialog.size_box.setValue(9)
    dialog.accept()
    editor = window.setter.editors[-1]
    assert editor.sketch == Sketch.of_rows(9, 2) and editor.sketch.rows[3] == "D" * 9
    _answered(qtbot, editor)
    expected = len(level_oracle.solutions(Level(editor.sketch.rows, 2)))
    assert editor.answer is not None and editor.answer.solutions == expected


def test_a_drag_paints_one_undoable_stroke_and_the_keyboard_paints_a_square(
    qtbot, window: MainWindow
) -> None:
    editor = _editor(window, Sketch.of_rows(6, 1))
    qtbot.waitExposed(editor)
    editor.regions.choose("B")
    grid = editor.grid
    QTest.mousePress(grid, Qt.MouseButton.LeftButton, pos=_centre(editor, Cell(0, 0)))
    QTest.mouseMove(grid, _centre(editor, Cell(0, 2)))  # a quick drag: the square between is crossed too
    QTest.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=_centre(editor, Cell(0, 2)))
    assert editor.sketch.rows[0] == "BBBAAA" and editor.steps.count() == 1
    assert editor.isWindowModified() and editor.windowTitle() == "Paint a Level: 6×6, 1 star[*]"
    assert editor._actions["undo"].text() == "&Undo" and "Paint region B" in editor._actions["undo"].toolTip()
    grid.setFocus()
    QTest.keyClick(grid, Qt.Key.Key_C)
    assert editor.regions.symbol == "C"
    QTest.keyClick(grid, Qt.Key.Key_Down)
    QTest.keyClick(grid, Qt.Key.Key_Space)
    assert editor.sketch.rows[1][2] == "C" and editor.steps.count() == 2
    editor.steps.undo()
    editor.steps.undo()
    assert editor.sketch == Sketch.of_rows(6, 1)
    editor.steps.redo()
    assert editor.sketch.rows[0] == "BBBAAA"


def test_a_region_painted_away_is_said_missing_and_nothing_is_counted(qtbot, window: MainWindow) -> None:
    editor = _editor(window, Sketch.of_rows(5, 1))
    editor.regions.choose("D")
    for col in range(5):
        editor.grid.stroke_started.emit()
        editor.grid.square_painted.emit(Cell(4, col))
        editor.grid.stroke_ended.emit()
    assert editor.level is None and not editor.counting.busy
    assert editor.status.text().startswith("1 region missing (E)")
    assert not editor._actions["suggest"].isEnabled() and editor.grid.outlined == frozenset()


def test_the_count_and_the_outlines_follow_the_grid(qtbot, window: MainWindow) -> None:
    several = near_unique(6, 1, 1, 10)
    editor = _editor(window, Sketch.of_level(several))
    _answered(qtbot, editor)
    level = editor.level
    assert level is not None
    solutions = len(level_oracle.solutions(level))
    assert solutions >= 2 and editor.status.text().startswith(f"{solutions} solutions: they differ")
    assert editor.grid.outlined == frozenset(differing(LevelSearch(level)) or ())
    unique = generate(6, 1, "easy", 1)
    editor.change(Sketch.of_level(unique), "Generate")
    _answered(qtbot, editor)
    assert editor.status.text().startswith("Unique: one solution") and editor.grid.outlined == frozenset()


def test_suggest_lists_the_fixes_and_one_applied_leaves_one_solution_undoably(
    qtbot, window: MainWindow
) -> None:
    several = Sketch.of_level(near_unique(6, 1, 1, 10))
    editor = _editor(window, several)
    _answered(qtbot, editor)
    editor.suggest()
    qtbot.waitUntil(lambda: editor.suggestions.isVisible(), timeout=10000)
    level = several.level()
    assert level is not None
    expected = fixes(level)
    assert editor.suggestions.count() == len(expected) > 0
    first = expected[0]
    assert (
        editor.suggestions.item(0).text()
        == f"{first.cell.label()}: {first.source} → {first.target} ({first.difficulty})"
    )
    editor.suggestions.itemActivated.emit(editor.suggestions.item(0))
    _answered(qtbot, editor)
    assert editor.answer is not None and editor.answer.solutions == 1
    editor.steps.undo()
    assert editor.sketch == several


def test_rate_says_the_difficulty_and_save_writes_the_level_whole(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    level = generate(7, 1, "medium", 3)
    editor = _editor(window, Sketch.of_level(level))
    editor.rate()
    qtbot.waitUntil(lambda: editor.note.text().startswith("Medium:"), timeout=10000)
    path = tmp_path / "painted.txt"
    assert editor.save_to(path, level)
    assert path.read_text() == level.text()
    assert not editor.save_to(tmp_path / "no folder" / "x.txt", level)
    said = editor.note.text()
    assert said.startswith(f"Could not save to {tmp_path / 'no folder' / 'x.txt'}: ") and "\n" not in said


def test_play_opens_the_painted_level_in_the_window_and_edit_level_paints_the_one_in_play(
    qtbot, window: MainWindow
) -> None:
    level = generate(6, 1, "easy", 2)
    editor = _editor(window, Sketch.of_level(level))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=10000):
        editor._actions["play"].trigger()
    assert window.session.puzzle == LevelPuzzle.of(Level(Sketch.of_level(level).rows, 1))
    assert window.commands.edit_level.isEnabled()
    window.commands.edit_level.trigger()
    assert window.setter.editors[-1].sketch == Sketch.of_level(level)


def test_edit_level_is_offered_only_on_a_level(qtbot, window: MainWindow) -> None:
    assert not window.commands.edit_level.isEnabled()


def test_closing_a_changed_level_asks_first_and_cancel_keeps_the_window(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    editor = _editor(window, Sketch.of_rows(5, 1))
    qtbot.waitExposed(editor)
    editor.change(editor.sketch.painted(Cell(0, 0), "B"), "Paint region B")
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Discard]
    asked: list[str] = []

    def question(parent, title, text, buttons):
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    editor.close()
    assert editor.isVisible() and len(asked) == 1
    editor.close()
    assert not editor.isVisible() and len(asked) == 2


def test_check_says_unique_or_the_count_and_generate_starts_from_a_made_level(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from app.gui.levels.generate_dialog import GenerateDialog

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda parent, title, text: said.append(text))
    editor = _editor(window, Sketch.of_level(near_unique(6, 1, 1, 10)))
    _answered(qtbot, editor)
    editor.check()
    assert said[-1].startswith("2 solutions: they differ on the outlined squares. Suggest lists")
    gone = editor.sketch.symbol(Cell(0, 0))
    editor.regions.choose(next(symbol for symbol in editor.sketch.palette if symbol != gone))
    editor.grid.stroke_started.emit()
    for r, row in enumerate(editor.sketch.rows):
        for c, symbol in enumerate(row):
            if symbol == gone:
                editor.grid.square_painted.emit(Cell(r, c))
    editor.grid.stroke_ended.emit()
    missing = editor.sketch.missing()
    editor.check()
    assert missing == [gone] and said[-1] == editor.sketch.shortfall()
    editor._actions["generate"].trigger()
    dialog = editor.findChild(GenerateDialog)
    assert dialog is not None
    made = generate(7, 1, "easy", 4)
    dialog.made.emit(made, "easy", 4)
    assert editor.sketch == Sketch.of_level(made)
    _answered(qtbot, editor)
    editor.check()
    assert said[-1] == "Unique: one solution."
    editor.steps.undo()
    assert editor.sketch.missing() == missing
