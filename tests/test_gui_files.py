"""Configurations in the window: opening a file is one undoable step, a refused one changes nothing
and is named in a message read whole, and the title marks unsaved work."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog

from app.gui.window.main_window import MainWindow
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.families import family
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import dumps
from tests.gui_helpers import click, decisions_of, make_window, warned


def test_opening_a_file_is_undoable_and_the_title_marks_unsaved_work(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    assert not window.isWindowModified()
    click(qtbot, window, 0, 0)
    assert window.isWindowModified() and window.windowTitle() == "8×8 board[*]"
    path = tmp_path / "six.nqueens.json"
    path.write_text(dumps(FamilyPuzzle(6), [Decision(Cell(0, 1), DecisionKind.QUEEN)]))
    assert window.files.open_from(path)
    assert window.session.n == 6 and window.windowTitle() == "six.nqueens.json (6×6), solved[*]"
    assert not window.isWindowModified()
    window.commands.undo.trigger()
    assert window.session.n == 8 and decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert window.session.file_path is None and window.isWindowModified()
    saved = tmp_path / "eight.nqueens.json"
    assert window.files.save_to(saved)
    assert not window.isWindowModified() and window.windowTitle().startswith("eight.nqueens.json (8×8)")
    click(qtbot, window, 1, 4)
    assert window.isWindowModified()


def test_undoing_an_open_says_what_the_board_now_is(qtbot, window: MainWindow, tmp_path: Path) -> None:
    click(qtbot, window, 0, 0)
    path = tmp_path / "game1.nqueens.json"
    path.write_text(dumps(FamilyPuzzle(8), [Decision(Cell(0, 1), DecisionKind.QUEEN)]))
    assert window.files.open_from(path)
    assert (
        window.status_line.text()
        == "Opened game1.nqueens.json: the 8×8 board with 1 decision: 8 solutions remain."
    )
    window.commands.undo.trigger()
    assert window.status_line.text() == "Back to the 8×8 board with 1 decision: 4 solutions remain."
    window.commands.redo.trigger()
    assert window.status_line.text() == (
        "Back to the 8×8 board with 1 decision (game1.nqueens.json): 8 solutions remain."
    )


def test_leaving_a_file_with_unsaved_changes_for_another_size_says_undo_brings_them_back(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    click(qtbot, window, 0, 0)
    assert window.files.save_to(tmp_path / "mygame.nqueens.json")
    click(qtbot, window, 1, 6)
    window.session.open_size(6)
    assert window.status_line.text() == (
        "The 6×6 board: 4 solutions remain. Click a square to place a queen. "
        "mygame.nqueens.json had changes not saved: Undo (Ctrl+Z) brings them back."
    )
    window.commands.undo.trigger()
    assert window.windowTitle() == "mygame.nqueens.json (8×8)[*]" and window.isWindowModified()


def test_save_as_adds_the_suffix_and_the_dialogs_start_where_the_last_file_was(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    asked: list[str] = []

    def save_dialog(_parent, _title, suggestion, _filter):
        asked.append(suggestion)
        return str(folder / "mine"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_dialog)
    click(qtbot, window, 0, 0)
    window.commands.save_as.trigger()
    assert (
        folder / "mine.nqueens.json"
    ).is_file() and window.session.file_path == folder / "mine.nqueens.json"
    assert Path(asked[0]).parent == Path.home()
    again = make_window(qtbot, tmp_path)
    again.commands.save_as.trigger()
    assert Path(asked[1]).parent == folder


def test_a_file_with_a_byte_order_mark_opens(qtbot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text(
        "\ufeff" + dumps(FamilyPuzzle(6), [Decision(Cell(0, 1), DecisionKind.QUEEN)]), encoding="utf-8"
    )
    assert window.files.open_from(path)
    assert window.session.n == 6 and decisions_of(window) == [Decision(Cell(0, 1), DecisionKind.QUEEN)]


def test_a_solved_board_saved_opens_again(qtbot, window: MainWindow, tmp_path: Path) -> None:
    window.session.browser.solve()
    taken = decisions_of(window)
    path = tmp_path / "solved.json"
    assert window.files.save_to(path)
    window.session.restart()
    assert window.files.open_from(path)
    assert decisions_of(window) == taken and window.session.configurator.is_solved
    assert window.session.file_path == path


def test_a_refused_file_is_named_and_its_whole_message_can_be_read(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "conflict.nqueens.json"
    decisions = [{"cell": [1, 1], "kind": "queen"}, {"cell": [2, 1], "kind": "queen"}]
    path.write_text(
        json.dumps({"format": "nqueens-configuration", "version": 1, "n": 100, "decisions": decisions})
    )
    window.resize(640, 480)
    QApplication.processEvents()
    assert not window.files.open_from(path)
    said = warned(window)
    assert said == (
        "conflict.nqueens.json was not opened: decision 2 cannot be taken: the queens at 1,1 (decision 1) "
        "and 2,1 attack each other. The board is unchanged."
    )
    assert window.notices.currentWidget() is window.notices.messages, "it stays until dismissed"
    assert not window.notices.messages.text.is_elided(), "shown whole at the smallest window"
    window.notices.messages.dismiss_button.click()
    assert warned(window) == "" and window.notices.currentIndex() == 0
    assert window.session.n == 8


def test_a_second_bad_file_is_the_message_in_view(qtbot, window: MainWindow, tmp_path: Path) -> None:
    garbage, empty = tmp_path / "garbage.txt", tmp_path / "empty.nqueens.json"
    garbage.write_text("no configuration at all")
    empty.write_text("")
    assert not window.files.open_from(garbage)
    assert not window.files.open_from(empty)
    assert warned(window) == "empty.nqueens.json was not opened: the file is empty"


def test_a_refused_open_keeps_the_current_file(qtbot, window: MainWindow, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    window.session.open_size(5)
    assert window.files.save_to(good)
    bad = tmp_path / "bad.json"
    bad.write_text(
        dumps(
            FamilyPuzzle(8),
            [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 1), DecisionKind.QUEEN)],
        )
    )
    window.files.open_from(bad)
    assert "was not opened" in warned(window)
    assert window.session.file_path == good and window.session.n == 5


def test_a_message_about_a_board_ends_when_that_board_is_left(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The newcomer's report: File → Open's error stayed through later changes of size and
    rules, hiding the count; what is said of a board goes with it, what is said of the next one
    stays."""
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("no configuration at all")
    assert not window.files.open_from(garbage)
    assert warned(window).startswith("garbage.txt was not opened")
    window.sizes.choose(6)
    assert warned(window) == "" and window.notices.currentIndex() == 0
    assert window.count_label.text().startswith("0 placed of 6 queens · 4 solutions")
    assert not window.files.open_from(garbage)
    window.session.choose_rules(family("no-touch"))
    assert warned(window) == "" and window.session.rules is family("no-touch")
    assert not window.files.open_from(garbage)
    window.session.undo_stack.undo()
    assert warned(window) == "", "undo across boards leaves the board too"
    clash = [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 1), DecisionKind.QUEEN)]
    window.session.open_size(7, clash, instead="The kept board breaks the rules")
    assert window.session.n == 7 and not window.session.configurator.decisions
    assert warned(window).startswith("The kept board breaks the rules: "), "said of the board now shown"
    window.autosave.troubled.emit("The folder is full: boards are not kept until there is room.")
    window.sizes.choose(5)
    assert warned(window) == "The folder is full: boards are not kept until there is room."


BENCH_LEVEL = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench" / "08-01.txt"


def test_a_level_copied_is_its_text_and_pasting_it_opens_it(qtbot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.files.open_from(BENCH_LEVEL)
    level = window.session.puzzle
    window.commands.copy.trigger()
    assert QApplication.clipboard().text() == level.level.text()
    window.session.open_size(6)
    qtbot.waitUntil(lambda: window.session.puzzle == FamilyPuzzle(6))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.commands.paste.trigger()
    assert window.session.puzzle == level and window.session.undo_stack.undoText() == "Paste"


def test_a_saved_game_pasted_opens_with_its_decisions(qtbot, window: MainWindow) -> None:
    queen = Decision(Cell(0, 2), DecisionKind.QUEEN)
    QApplication.clipboard().setText(dumps(FamilyPuzzle(7), [queen]))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.commands.paste.trigger()
    assert window.session.puzzle == FamilyPuzzle(7) and decisions_of(window) == [queen]


@pytest.mark.parametrize(
    ("clipboard", "says"),
    [
        ("", "Nothing was pasted: the clipboard holds no text"),
        ("Dear friend,\nthis is a letter\n", "The clipboard was not opened: it holds no level or saved game"),
        ("A" * 2_000_000, "The clipboard was not opened: it holds no level or saved game (it is over"),
    ],
)
def test_pasting_what_is_no_board_says_so_in_one_line_and_keeps_the_board(
    qtbot, window: MainWindow, clipboard: str, says: str
) -> None:
    click(qtbot, window, 0, 2)
    before = (window.session.puzzle, decisions_of(window))
    QApplication.clipboard().setText(clipboard)
    window.commands.paste.trigger()
    assert warned(window).startswith(says) and "\n" not in warned(window)
    assert (window.session.puzzle, decisions_of(window)) == before


def test_a_level_exports_as_a_print_sized_picture_blank_or_with_the_players_pieces(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.files.open_from(BENCH_LEVEL)
    window.session.activate(Cell(0, 0))
    qtbot.waitUntil(lambda: bool(window.session.configurator.decisions), timeout=20000)
    played, blank = tmp_path / "played.png", tmp_path / "blank.png"
    assert window.files.export_picture(played, with_pieces=True)
    assert "with your pieces to played.png (2400 × 2400 pixels)" in window.status_line.text()
    assert window.files.export_picture(blank, with_pieces=False)
    window.commands.symbols.setChecked(True)
    lettered = tmp_path / "lettered.png"
    assert window.files.export_picture(lettered, with_pieces=False)
    pictures = [QImage(str(path)) for path in (played, blank, lettered)]
    assert all(picture.width() == picture.height() == 2400 for picture in pictures)
    assert pictures[0] != pictures[1] and pictures[1] != pictures[2]


def test_a_picture_not_written_says_so_in_one_line(qtbot, window: MainWindow, tmp_path: Path) -> None:
    assert not window.files.export_picture(tmp_path / "missing" / "board.png", with_pieces=True)
    assert warned(window).startswith("Could not export board.png")
