"""A new user's third try (issue 24): the keyboard goes where the eye is, the words are true,
counts do not jump, nothing that matters is cut."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.gui.board.board_widget import BoardPicture, BoardWidget
from app.gui.help.help_example import FIRST, POINTED, SECOND, first_steps
from app.gui.window.main_window import FIRST_STEP, KEYS_ON_BOARD, MainWindow
from bdd_model import Cell, CellState, plural
from bdd_model.solution_count import Estimate, SolutionCount
from bdd_model.versions import library_versions
from tests.gui_helpers import click, warned
from tests.test_gui_newcomer import board_square
from tests.test_gui_sat import open_on_sat, settle


def test_after_a_size_is_typed_the_arrows_move_on_the_board(qtbot, window: MainWindow) -> None:
    box = window.size_box
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, "7")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.session.n == 7)
    assert window.board.hasFocus() and KEYS_ON_BOARD in window.status_line.text()
    assert window.board.cursor_cell == Cell(0, 0)
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert window.session.n == 7 and box.value() == 7
    assert window.board.cursor_cell == Cell(3, 0)
    qtbot.keyClick(window.board, Qt.Key.Key_Return)
    assert [d.cell for d in window.session.configurator.decisions] == [Cell(3, 0)]


def test_after_stepping_the_size_the_keys_go_to_the_board(qtbot, window: MainWindow) -> None:
    box = window.size_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: window.session.n == 7, timeout=3000)
    assert window.board.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
    assert window.session.n == 7 and window.board.cursor_cell == Cell(1, 0)


def test_the_wheel_changes_the_size_only_while_the_box_has_the_focus(qtbot, window: MainWindow) -> None:
    box = window.size_box
    window.board.setFocus()

    def wheel() -> None:
        centre = box.rect().center()
        event = QWheelEvent(
            centre,
            box.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(box, event)

    wheel()
    assert box.value() == 8 and not box.hasFocus()
    box.setFocus()
    wheel()
    assert box.value() == 7


def test_the_empty_board_up_to_27_shows_the_known_count(qtbot, window: MainWindow) -> None:
    board = open_on_sat(qtbot, window, 20)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=60000)
    assert board.count == 39_029_188_884
    assert "39,029,188,884 solutions (known: OEIS A000170)" in window.count_label.text()
    click(qtbot, window, 0, 0)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=60000)
    assert "known" not in window.count_label.text() and board.count != 39_029_188_884


def test_big_board_counts_do_not_jump(qtbot, window: MainWindow) -> None:
    board = open_on_sat(qtbot, window, 100)
    qtbot.waitUntil(lambda: board.solution_count is not None and not board.view.counting, timeout=60000)
    assert "about" in window.count_label.text() and "known" not in window.count_label.text()
    shown: list[tuple[SolutionCount, int, str]] = []

    def note() -> None:
        figure = board.solution_count
        if figure is not None:
            shown.append((figure, len(board.decisions), window.count_label.text()))

    window.session.updated.connect(note)
    window.session.changed.connect(note)
    for r in range(12):
        window.session.activate(Cell(r, (2 * r + 1) % 100))
    settle(qtbot, window)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=120000)
    final = board.solution_count
    assert final is not None and final.estimate is not None
    earlier = {figure for figure, decided, _ in shown if decided < 12}
    for figure, decided, text in shown:
        assert "below" not in text and "at least" not in text
        if decided == 12 and figure.estimate is not None and figure not in earlier:
            assert figure.estimate.low <= final.estimate.high and figure.estimate.high >= final.estimate.low
    # a mark that removes no solution keeps the figure
    before = window.count_label.text()
    window.session.toggle_mark(Cell(99, 1))
    settle(qtbot, window)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=60000)
    assert window.count_label.text() == before


def test_a_wide_interval_is_said_in_powers_of_ten() -> None:
    wide = SolutionCount(None, 258, Estimate(1.1e87, 258.0, 2.7e164, 130))
    assert not wide.steady
    assert "below" not in wide.solutions() and "powers of ten" in wide.solutions()
    assert SolutionCount(None, 9, Estimate(1e40, 3e39, 4e40, 2000)).steady


def test_the_first_board_says_how_to_place_a_queen(window: MainWindow) -> None:
    assert window.panel.why_label.text() == FIRST_STEP
    assert "Click a square to place a queen." in window.status_line.text()


def test_after_solve_the_words_about_undo_are_true(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.session.browser.solve()
    assert window.session.configurator.is_solved
    qtbot.waitUntil(lambda: window.status_line.text().endswith("Undo takes back every queen Solve placed."))
    window.session.undo_stack.undo()
    assert [d.cell for d in window.session.configurator.decisions] == [Cell(0, 0)]


def test_after_a_finishing_mark_undo_is_said_to_take_the_mark_back(qtbot, window: MainWindow) -> None:
    window.session.open_size(4)
    window.session.toggle_mark(Cell(0, 1))
    assert window.session.configurator.is_solved
    qtbot.waitUntil(lambda: window.status_line.text().endswith("Undo takes the mark on 1,2 back."))
    window.session.undo_stack.undo()
    assert window.session.configurator.decisions == ()


def test_the_solved_banner_spares_the_queen_hint_placed(qtbot, window: MainWindow) -> None:
    for n in (4, 8):
        window.session.open_size(n)
        if n == 8:
            for r, c in enumerate((0, 4, 7, 5, 2)):
                window.session.activate(Cell(r, c))
        window.session.hint()
        qtbot.waitUntil(lambda: "Undo takes the queen on" in window.status_line.text())
        (placed,) = window.session.last_queens()
        assert window.status_line.text().endswith(f"Undo takes the queen on {placed.label()} back.")
        banner = window.board._banner_rect()
        assert not banner.intersects(QRectF(window.board.cell_rect(placed)))


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


def test_pointing_elsewhere_never_contradicts_the_chosen_square(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    chosen, pointed = Cell(1, 3), Cell(5, 5)
    click(qtbot, window, *chosen)
    about_chosen = window.panel.why_label.text()
    assert chosen.label() in about_chosen and window.panel.free_button.text() == f"Free {chosen.label()}"
    qtbot.mouseMove(window.board, window.board.cell_rect(pointed).center())
    qtbot.waitUntil(lambda: window.pointed.pointed == pointed)
    assert window.panel.why_label.text() == about_chosen
    assert window.panel.free_button.text() == f"Free {chosen.label()}"
    assert window.board.picture.focus == chosen
    assert window.status_line.text().startswith(pointed.label())
    assert f"Free still acts on {chosen.label()}" in window.status_line.text()
    window.board.leaveEvent(None)
    assert window.status_line.text().startswith(chosen.label())


def test_about_lists_numba_beside_the_other_libraries() -> None:
    found = library_versions()
    assert set(found) >= {"Python", "dd", "python-sat", "numpy", "numba"}
    assert found["numba"] != "not installed"


def test_nothing_that_matters_is_cut_at_800_by_600(qtbot, window: MainWindow) -> None:
    window.resize(800, 600)
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 2)
    QApplication.processEvents()
    said = window.status_line.text()
    assert said.startswith("2,3 is closed") and said.endswith("Retract the queen at 1,1 to free 2,3.")
    assert not window.status_line.is_elided(), said
    longest = (
        "proving 9,988 squares; a hard one can take seconds · 12 placed + 3 forced of 100 queens · "
        "about 1.8 × 10⁹⁰ solutions, estimated to within 5 powers of ten (updating…) · SAT engine"
    )
    window.count_label.set_text(longest)
    QApplication.processEvents()
    assert not window.count_label.is_elided() and window.width() == 800
    window.compile_indicator.started(15, "cudd", 300.0)
    window.count_label.set_text(
        "proving 200 squares; a hard one can take seconds · 14 placed + 1 forced of 15 queens · "
        "at least 3 solutions (updating…) · SAT engine"
    )
    QApplication.processEvents()
    assert not window.count_label.is_elided() and not window.compile_indicator.label.is_elided()
    assert window.width() == 800
    window.compile_indicator.ended()
    window.files.open_from(Path("/nonexistent/folder/with a long name/empty.nqueens.json"))
    QApplication.processEvents()
    assert warned(window).startswith("Could not read empty.nqueens.json")
    assert not window.notices.messages.text.is_elided()


def test_a_message_stays_until_dismissed_and_never_moves_the_board(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    window.resize(800, 600)
    QApplication.processEvents()
    squares = board_square(window)
    path = tmp_path / "empty.nqueens.json"
    path.write_text("")
    assert not window.files.open_from(path)
    QApplication.processEvents()
    assert window.notices.currentWidget() is window.notices.messages
    assert board_square(window) == squares
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 2)
    assert warned(window).startswith("empty.nqueens.json was not opened"), "play does not put it away"
    window.notices.messages.dismiss_button.click()
    QApplication.processEvents()
    assert warned(window) == "" and window.status_line.isVisible()
    assert board_square(window) == squares


def test_after_a_build_the_panel_shows_the_diagrams_figures(window: MainWindow) -> None:
    panel = window.panel
    panel.show_solver(8, 0, 0, False)
    assert panel.folds.currentWidget() is panel.solver_group
    cfg = window.session.configurator
    assert cfg.space is not None
    panel.show_space(cfg.space)
    assert panel.folds.currentWidget() is panel.bdd_group


def test_the_biggest_board_is_never_cut_in_the_smallest_window(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.set_picture(BoardPicture.of(100, tuple((CellState.OPEN,) * 100 for _ in range(100))))
    last = board.cell_rect(Cell(99, 99))
    assert board.rect().contains(last) and last.width() >= 2
