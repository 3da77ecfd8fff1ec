"""Playing a level under the assists that spoil nothing: only the player's decisions (and what their
pieces cross out) shown, mistakes kept until Check frames them, Check again takes them back as one
step; everything shown again frames a mistake and says so; the families keep the configurator."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QSettings

from app.gui.board.theme import board_colors
from app.gui.mid_end.assists import Assist, remembered_assist
from app.gui.mid_end.mistake_check import squares_words
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.board import STATE_ORDER, CellState
from bdd_model.levels.level_file import read_level
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle
from tests import level_oracle
from tests.gui_helpers import run_gui

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"
LEVEL = BENCH / "08-01.txt"
QUEEN, ATTACKED, OPEN = (STATE_ORDER.index(s) for s in (CellState.QUEEN, CellState.ATTACKED, CellState.OPEN))


def solution() -> list[Cell]:
    (found,) = level_oracle.solutions(read_level(LEVEL))
    return sorted(Cell(r, c) for r, c in found)


def wrong_square(right: list[Cell]) -> Cell:
    """A square of row 1 that is not the solution's, and that the solution's pieces on rows 2 to
    4 do not cross out."""
    level = LevelPuzzle.of(read_level(LEVEL))
    others = np.zeros((8, 8), dtype=bool)
    for cell in right[1:4]:
        others[cell] = True
    closed = level.attacked(others)
    return next(Cell(0, c) for c in range(8) if Cell(0, c) != right[0] and not closed[0, c])


def open_level(qtbot, window, assist: Assist) -> None:
    window.set_assist(assist)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.files.open_from(LEVEL)
    qtbot.waitUntil(lambda: window.session.configurator.settled, timeout=20000)


def play(qtbot, window, cells: list[Cell]) -> None:
    for cell in cells:
        window.session.activate(cell)
        qtbot.waitUntil(lambda cell=cell: cell in {d.cell for d in window.session.configurator.decisions})
    qtbot.waitUntil(lambda: not window.session.configurator.pending, timeout=20000)


def test_cross_out_shows_the_players_pieces_and_what_they_cross_out_and_nothing_else(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    board = window.session.configurator
    assert not board.is_solved and not (window.board.picture.codes == QUEEN).any()
    assert "0 of 8 queens placed" in window.count_label.text() and "solution" not in window.count_label.text()
    first = solution()[0]
    play(qtbot, window, [first])
    codes = window.board.picture.codes
    crossed = LevelPuzzle.of(read_level(LEVEL)).attacked(codes == QUEEN)
    assert (
        codes[first] == QUEEN
        and (codes[crossed] == ATTACKED).all()
        and (codes[~crossed & (codes != QUEEN)] == OPEN).all()
    )


def test_none_shows_only_the_players_decisions(qtbot, window) -> None:
    open_level(qtbot, window, Assist.NONE)
    play(qtbot, window, solution()[:2])
    codes = window.board.picture.codes
    assert (codes == QUEEN).sum() == 2 and ((codes == QUEEN) | (codes == OPEN)).all()


def test_the_legend_and_the_heat_map_spoil_nothing_the_assist_hides(qtbot, window) -> None:
    window.commands.heat.setChecked(True)
    open_level(qtbot, window, Assist.NONE)
    legend = set(window.legend.accessibleName().removeprefix("Legend: ").split(", "))
    assert "marked" in legend and not {"forced", "look-ahead", "attacked", "crossed out"} & legend
    assert not window.board.picture.heat and not window.commands.heat.isEnabled()
    assert "would show where" in window.commands.heat.toolTip()
    window.set_assist(Assist.CROSS_OUT)
    assert "crossed out" in window.legend.accessibleName() and not window.board.picture.heat
    window.set_assist(Assist.EVERYTHING)
    assert "look-ahead" in window.legend.accessibleName() and "forced" in window.legend.accessibleName()
    assert "would show where" not in window.commands.heat.toolTip()


def test_the_legend_draws_a_level_s_squares_on_a_region_colour_and_a_family_s_on_the_board_s(
    qtbot, window
) -> None:
    def legend_colours() -> set[str]:
        image = window.legend.grab().toImage()
        return {image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())}

    colors = board_colors(window.board.palette())
    shown = legend_colours()
    assert colors.light_square.name() in shown and colors.regions[0].name() not in shown
    open_level(qtbot, window, Assist.CROSS_OUT)
    shown = legend_colours()
    assert colors.regions[0].name() in shown and colors.light_square.name() not in shown


def test_squares_are_said_apart_though_their_labels_hold_commas() -> None:
    assert squares_words(frozenset({Cell(1, 3)})) == "2,4"
    assert squares_words(frozenset({Cell(2, 4), Cell(0, 6), Cell(1, 3)})) == "1,7; 2,4 and 3,5"


def test_a_mistake_is_kept_checked_framed_and_taken_back_as_one_step(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    right = solution()
    wrong = wrong_square(right)
    play(qtbot, window, [wrong, *right[1:4]])
    assert len(window.session.configurator.decisions) == 4 and window.session.configurator.count == 0
    window.commands.check.trigger()
    qtbot.waitUntil(lambda: window.session.checks.mistakes == {wrong}, timeout=20000)
    assert window.board.picture.culprits == {wrong}
    assert f"1 decision to take back (framed: {wrong.label()})" in window.status_line.text()
    window.commands.check.trigger()
    qtbot.waitUntil(lambda: not window.session.configurator.pending, timeout=20000)
    assert {d.cell for d in window.session.configurator.decisions} == set(right[1:4])
    assert window.session.undo_stack.undoText() == "Check's take-back of 1 mistake"
    assert window.status_line.text().startswith(f"Took back {wrong.label()}: a solution keeps the rest.")
    window.session.undo()
    qtbot.waitUntil(lambda: len(window.session.configurator.decisions) == 4, timeout=20000)


def test_check_without_a_mistake_says_so(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    play(qtbot, window, solution()[:3])
    window.commands.check.trigger()
    qtbot.waitUntil(lambda: "No mistake so far." in window.status_line.text(), timeout=20000)
    assert not window.session.checks.mistakes


def test_everything_on_a_board_with_a_mistake_frames_it_and_says_so(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    right = solution()
    wrong = wrong_square(right)
    play(qtbot, window, [wrong, right[1]])
    window.set_assist(Assist.EVERYTHING)
    qtbot.waitUntil(lambda: window.session.checks.mistakes == {wrong}, timeout=20000)
    assert len(window.session.configurator.decisions) == 2 and "to take back" in window.status_line.text()
    assert window.board.picture.culprits == {wrong}
    window.set_assist(Assist.NONE)
    assert window.session.checks.mistakes == frozenset() and not window.board.picture.culprits


def test_placing_the_solution_under_cross_out_solves_the_level(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    with qtbot.waitSignal(window.session.solved, timeout=30000):
        play(qtbot, window, solution())
    assert window.session.configurator.is_solved and "solved" in window.windowTitle()


def test_a_family_keeps_the_configurator_under_any_assist(qtbot, window) -> None:
    window.set_assist(Assist.NONE)
    window.session.activate(Cell(0, 0))
    qtbot.waitUntil(
        lambda: window.session.configurator.decisions == (Decision(Cell(0, 0), DecisionKind.QUEEN),)
    )
    assert window.session.puzzle == FamilyPuzzle(8) and window.session.shown_assist is Assist.EVERYTHING
    assert (window.board.picture.codes == ATTACKED).sum() == 21 and "solution" in window.count_label.text()


def test_the_assist_is_remembered_and_a_bad_setting_is_the_default(tmp_path: Path, qtbot, window) -> None:
    window.commands.assists.actions()[0].trigger()
    assert window.session.assist is Assist.NONE and remembered_assist(window.settings) is Assist.NONE
    settings = QSettings(str(tmp_path / "odd.ini"), QSettings.Format.IniFormat)
    settings.setValue("view/assist", "everything-please")
    assert remembered_assist(settings) is Assist.CROSS_OUT


def test_the_command_line_keeps_a_mistake_under_cross_out_and_refuses_it_under_everything(
    tmp_path: Path,
) -> None:
    argv = [str(LEVEL), "--queen", "1,1", "--queen", "3,3", "--screenshot", str(tmp_path / "x.png")]
    assert run_gui(tmp_path, *argv, "--assist", "cross-out").returncode == 0
    refused = run_gui(tmp_path, *argv, "--assist", "everything")
    assert refused.returncode == 2 and "cannot be taken" in refused.stderr


def press_hint(qtbot, window) -> None:
    """Hint, and wait for what it does: a hint shown, or one applied and taken."""
    before = (window.session.hints.hint, window.session.configurator.decisions)
    window.commands.hint.trigger()
    qtbot.waitUntil(
        lambda: (window.session.hints.hint, window.session.configurator.decisions) != before, timeout=20000
    )
    qtbot.waitUntil(lambda: not window.session.configurator.pending, timeout=20000)


def test_a_hint_is_shown_on_the_board_first_and_applied_as_one_step_by_a_second_press(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    press_hint(qtbot, window)
    hint = window.session.hints.hint
    assert hint is not None and not window.session.configurator.decisions
    assert window.board.picture.hinted == set(hint.squares) and window.board.picture.reasons == hint.because
    assert "Hint again (Ctrl+H) applies it." in window.status_line.text() and hint.words.startswith("Hint (")
    assert window.panel.hint_button.text() == "Apply Hint"
    press_hint(qtbot, window)
    assert {d.cell for d in window.session.configurator.decisions} == set(hint.squares)
    assert window.session.hints.hint is None and not window.board.picture.hinted
    assert window.session.undo_stack.undoText().startswith("Hint: ")


def test_hints_alone_solve_a_level_and_every_piece_they_place_is_the_solutions(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    right = set(solution())
    for _ in range(2 * 64):
        if window.session.configurator.is_solved:
            break
        press_hint(qtbot, window)
    board = window.session.configurator
    assert board.is_solved
    assert {d.cell for d in board.decisions if d.kind is DecisionKind.QUEEN} == right


def test_hint_solve_and_the_solutions_on_a_board_with_a_mistake_say_to_check_first(qtbot, window) -> None:
    open_level(qtbot, window, Assist.CROSS_OUT)
    right = solution()
    play(qtbot, window, [wrong_square(right), *right[1:4]])
    window.commands.hint.trigger()
    assert "Check (Ctrl+K) first, then Hint" in window.status_line.text()
    assert window.session.hints.hint is None
    before = window.session.configurator.decisions
    window.commands.solve.trigger()
    assert "Check (Ctrl+K) first, then Solve" in window.status_line.text()
    window.commands.next.trigger()
    assert "then browse the solutions" in window.status_line.text()
    assert window.session.configurator.decisions == before and window.session.browser.index is None
