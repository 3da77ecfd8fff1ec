"""Game → Levels: the collection listed with each level's state, a play in progress resumed with its time
and hints in another window, a solved level's time kept and the next level offered, Solve not counted,
damaged records read as levels not started, and the clock paused under a dialog."""

from __future__ import annotations

from pathlib import Path

import msgspec
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from app.gui.levels.collection import bundled_levels, in_collection
from app.gui.levels.level_clock import clock_text
from app.gui.levels.level_play import solved_text
from app.gui.levels.level_progress import MAX_RECORDS, LevelProgress, LevelRecord, level_key
from app.gui.levels.levels_dialog import LevelsDialog
from app.gui.mid_end.assists import Assist
from app.gui.window.main_window import MainWindow
from bdd_model import Cell
from tests import level_oracle
from tests.gui_helpers import click, make_window


def _levels_dialog(qtbot, window: MainWindow) -> LevelsDialog:
    window.commands.levels.trigger()
    dialog = window.findChild(LevelsDialog)
    assert dialog is not None and dialog.isVisible()
    return dialog


def _play_first(qtbot, window: MainWindow, skip: int = 0) -> None:
    dialog = _levels_dialog(qtbot, window)
    group = dialog.tree.topLevelItem(0)
    dialog.tree.setCurrentItem(group.child(skip))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        dialog.play_button.click()
    qtbot.waitUntil(lambda: window.session.configurator.settled, timeout=20000)


def _solution(window: MainWindow) -> list[tuple[int, int]]:
    (solution,) = level_oracle.solutions(window.session.puzzle.level)
    return sorted(solution)


def test_the_collection_lists_every_level_by_size_with_its_state_and_plays_the_chosen_one(
    qtbot, window: MainWindow
) -> None:
    levels = bundled_levels()
    assert len(levels) == 73 and levels[0].name == "05-easy-1" and levels[-1].name == "10x2-hard-5"
    dialog = _levels_dialog(qtbot, window)
    assert dialog.summary.text() == "0 of 73 levels solved."
    groups = [dialog.tree.topLevelItem(i).text(0) for i in range(dialog.tree.topLevelItemCount())]
    assert groups == ["5×5", "6×6", "7×7", "8×8", "9×9", "10×10", "11×11", "10×10, two stars"]
    first = dialog.tree.topLevelItem(0).child(0)
    assert [first.text(i) for i in range(4)] == ["Easy 1", "Not started", "", ""]
    assert dialog.tree.currentItem() is first
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(0))
    assert not dialog.play_button.isEnabled(), "a size's heading is not a level"
    dialog.tree.setCurrentItem(dialog.tree.topLevelItem(3).child(4))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        dialog.play_button.click()
    assert in_collection(window.session.puzzle).name == "08-medium-2"
    assert window.level_play.label.isVisible() and window.level_play.label.text().startswith("Medium · 0:0")


def test_a_play_left_half_way_resumes_with_its_pieces_time_and_hints_in_a_new_window(
    qtbot, tmp_path: Path
) -> None:
    window = make_window(qtbot, tmp_path)
    window.set_assist(Assist.CROSS_OUT)
    _play_first(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.session.hint()
    qtbot.waitUntil(lambda: window.session.hints.hint is not None, timeout=10000)
    (r, c) = _solution(window)[0]
    click(qtbot, window, r, c)
    qtbot.waitUntil(lambda: len(window.session.configurator.decisions) == 1)
    qtbot.waitUntil(lambda: window.level_play.clock.seconds >= 1.2, timeout=5000)
    puzzle = window.session.puzzle
    window.close()
    record = LevelProgress(window.settings).record(puzzle)
    assert record.state == "In progress" and record.hints == 1 and record.seconds >= 1.2
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    again = MainWindow(window.session.__class__(), settings)
    qtbot.addWidget(again)
    again.show()
    again.session.open_size(6)
    qtbot.waitUntil(lambda: again.session.n == 6)
    dialog = _levels_dialog(qtbot, again)
    assert dialog.tree.topLevelItem(0).child(0).text(1).startswith("In progress (0:01")
    with qtbot.waitSignal(again.session.boardReplaced, timeout=20000):
        dialog.play_button.click()
    assert again.session.puzzle == puzzle and [d.cell for d in again.session.configurator.decisions] == [
        Cell(r, c)
    ]
    assert again.level_play.hints == 1 and again.level_play.clock.seconds >= 1.2


def test_a_solved_level_says_its_time_and_hints_keeps_its_best_and_offers_the_next_level(
    qtbot, window: MainWindow
) -> None:
    window.set_assist(Assist.CROSS_OUT)
    _play_first(qtbot, window)
    first = in_collection(window.session.puzzle)
    for r, c in _solution(window):
        click(qtbot, window, r, c)
    qtbot.waitUntil(lambda: window.level_play.solved_box is not None, timeout=20000)
    box = window.level_play.solved_box
    assert box.text().startswith("Solved in 0:0") and "with no hints" in box.text()
    assert box.informativeText() == "Next: 5×5 level, easy 2."
    record = window.level_play.progress.record(first.puzzle)
    assert record.solved and record.best_hints == 0 and not record.in_progress
    assert not window.level_play.clock.running
    box.button(QMessageBox.StandardButton.Close).click()
    dialog = _levels_dialog(qtbot, window)
    assert dialog.tree.currentItem().text(0) == "Easy 2", "the level in play is solved: the next is chosen"
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        dialog.play_button.click()
    assert in_collection(window.session.puzzle).name == "05-easy-2"
    dialog = _levels_dialog(qtbot, window)
    assert dialog.summary.text() == "1 of 73 levels solved."
    assert dialog.tree.topLevelItem(0).text(1) == "1 of 9 solved"
    row = dialog.tree.topLevelItem(0).child(0)
    assert row.text(1) == "Solved" and row.text(2) == clock_text(record.best_seconds) and row.text(3) == "0"
    dialog.reject()


def test_a_solution_shown_on_a_level_in_play_counts_as_a_hint(qtbot, window: MainWindow) -> None:
    _play_first(qtbot, window)
    window.commands.next.trigger()
    qtbot.waitUntil(lambda: window.session.browser.preview is not None, timeout=10000)
    assert window.level_play.hints == 1
    window.commands.next.trigger()
    qtbot.wait(100)
    assert window.level_play.hints == 1, "the level has one solution: showing it again tells nothing new"


def test_a_level_completed_by_solve_is_not_counted_as_solved(qtbot, window: MainWindow) -> None:
    _play_first(qtbot, window, skip=1)
    puzzle = window.session.puzzle
    window.session.browser.solve()
    qtbot.waitUntil(lambda: window.session.configurator.is_solved, timeout=20000)
    qtbot.wait(50)
    assert window.level_play.solved_box is None
    assert window.level_play.progress.record(puzzle).state == "Not started"


def test_the_clock_stands_still_while_a_dialog_is_open(qtbot, window: MainWindow) -> None:
    _play_first(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.level_play.clock.counting()
    dialog = QDialog(window)
    dialog.setModal(True)
    dialog.show()
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is dialog)
    assert not window.level_play.clock.counting()
    before = window.level_play.clock.seconds
    qtbot.wait(700)
    assert window.level_play.clock.seconds == before
    dialog.close()


def test_damaged_or_foreign_records_read_as_levels_not_started_and_old_ones_are_dropped(
    tmp_path: Path,
) -> None:
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    progress = LevelProgress(settings)
    levels = bundled_levels()
    for text in ("{", '{"solved": "yes"}', '{"pieces": [-1]}', "x" * 20000, '{"evil": 1}'):
        settings.setValue(level_key(levels[0].puzzle), text)
        assert progress.record(levels[0].puzzle) == LevelRecord()
    settings.setValue(level_key(levels[0].puzzle), msgspec.json.encode(LevelRecord(pieces=[10**5])).decode())
    assert progress.record(levels[0].puzzle).decisions(levels[0].puzzle) == ()
    for index in range(MAX_RECORDS + 3):
        settings.setValue(
            f"levels/old{index:04d}", msgspec.json.encode(LevelRecord(touched=index + 1)).decode()
        )
    progress.play(levels[1].puzzle, (), 3.0, 0)
    settings.beginGroup("levels")
    kept = settings.childKeys()
    settings.endGroup()
    assert len(kept) == MAX_RECORDS and level_key(levels[1].puzzle).split("/")[1] in kept
    assert "old0000" not in kept and f"old{MAX_RECORDS + 2:04d}" in kept


def test_the_solved_words_weigh_a_play_against_the_best_before() -> None:
    assert solved_text(75, 0, LevelRecord()) == "Solved in 1:15 with no hints."
    assert solved_text(75, 1, LevelRecord(best_seconds=80, best_hints=0)) == (
        "Solved in 1:15 with 1 hint. Best: 1:20."
    )
    assert solved_text(61, 0, LevelRecord(best_seconds=80, best_hints=0)) == (
        "Solved in 1:01 with no hints. A new best (before: 1:20)."
    )
    assert clock_text(3725) == "1:02:05"


def test_region_symbols_are_drawn_when_chosen_and_remembered(qtbot, window: MainWindow) -> None:
    _play_first(qtbot, window)
    plain = window.board.grab().toImage()
    window.commands.symbols.trigger()
    assert window.settings.value("view/region_symbols") is True
    lettered = window.board.grab().toImage()
    assert plain != lettered
    window.commands.symbols.trigger()
    assert window.board.grab().toImage() == plain


def test_a_level_with_several_solutions_says_so_once_counted_and_a_unique_one_does_not(
    qtbot, window: MainWindow
) -> None:
    window.set_assist(Assist.CROSS_OUT)
    QApplication.clipboard().setText("AAAAAB\nACCCBB\nACDDDB\nAEEDFB\nAEEDFF\nAAAAFF\n")
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.commands.paste.trigger()
    said = "The 6×6 level has 3 solutions, not one: hints stop where they differ"
    qtbot.waitUntil(lambda: window.status_line.text().startswith(said), timeout=20000)
    _play_first(qtbot, window)
    qtbot.waitUntil(lambda: window.session.configurator.count == 1, timeout=20000)
    assert "solutions, not one" not in window.status_line.text()


def test_a_level_the_configurator_shows_solved_holds_its_own_time_and_runs_again_under_cross_out(
    qtbot, window: MainWindow
) -> None:
    """Under Everything on the BDD a unique level opens solved (every piece forced): the clock shows
    that level's time, not the last one's, and under Cross Out it is played and timed."""
    window.set_assist(Assist.EVERYTHING)
    window.sizes.choose_engine("bdd")
    window.level_play.clock.start(18.0)
    _play_first(qtbot, window)
    clock = window.level_play.clock
    assert window.session.configurator.is_solved and not clock.running and clock.seconds == 0.0
    assert window.level_play.label.text().endswith("0:00")
    window.set_assist(Assist.CROSS_OUT)
    assert not window.session.configurator.is_solved and clock.running
