"""Explanations, heat map, solution browser and the BDD panel in the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.gui.window.main_window import MainWindow
from app.gui.window.status_text import prompt
from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.engines.insights import DiagramInsight
from tests import oracle
from tests.gui_helpers import click, decisions_of, make_window, point, run_gui


def test_pointing_at_a_closed_square_frames_its_culprits(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 4)
    click(qtbot, window, 4, 1, Qt.MouseButton.RightButton)
    target = Cell(2, 1)
    assert window.session.configurator.cell(*target).is_closed
    point(qtbot, window, target)
    picture = window.board.picture
    decisions = {d.cell: d.kind for d in decisions_of(window)}
    expected = oracle.minimum_retraction(8, decisions, target)
    assert picture.focus == target
    assert len(picture.culprits) == expected and picture.culprits <= set(decisions)
    assert window.panel.why_label.text().startswith("Retract the ")
    assert "to free 3,2" in window.status_line.text()
    assert not window.panel.free_button.isEnabled(), "pointing only previews: nothing is chosen yet"
    click(qtbot, window, 2, 1)
    assert window.panel.free_button.isEnabled() and window.panel.free_button.text() == "Free 3,2"


def test_free_acts_on_the_chosen_square_wherever_the_pointer_went(qtbot, window: MainWindow) -> None:
    """The newcomer's report: queens on 1,4 and 2,2, point at 5,3, then go to the button across
    other squares; Free must free 5,3, not the last square crossed."""
    click(qtbot, window, 0, 3)
    click(qtbot, window, 1, 1)
    chosen = Cell(4, 2)
    assert window.session.configurator.cell(*chosen).is_closed
    click(qtbot, window, *chosen)
    for crossed in (Cell(1, 7), Cell(3, 5), Cell(0, 0)):
        qtbot.mouseMove(window.board, window.board.cell_rect(crossed).center())
    assert window.panel.free_button.text() == "Free 5,3"
    window.board.leaveEvent(None)
    assert "to free 5,3" in window.panel.why_label.text()
    window.panel.free_button.click()
    assert decisions_of(window)[-1] == Decision(chosen, DecisionKind.QUEEN)
    assert Cell(1, 7) not in {d.cell for d in decisions_of(window)}


def test_the_status_line_comes_back_when_the_pointer_leaves_the_board(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    point(qtbot, window, Cell(5, 5))
    assert window.status_line.text().startswith("6,6 is closed")
    window.board.leaveEvent(None)
    assert window.status_line.text() == prompt("queen")
    click(qtbot, window, 2, 1)
    point(qtbot, window, Cell(6, 6))
    assert window.status_line.text().startswith("7,7 is closed")
    window.board.leaveEvent(None)
    assert window.status_line.text() == window.pointed.words() and window.status_line.text().startswith(
        "3,2 is closed"
    ), "the chosen square is described again"


def test_ctrl_f_frees_the_closed_square_under_the_keyboard_cursor(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.board.leaveEvent(None)
    window.board.take_keys()
    for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Right):
        qtbot.keyClick(window.board, key)
    assert window.board.cursor_cell == Cell(2, 1) and window.pointed.chosen is None
    assert window.session.configurator.cell(2, 1).is_closed
    assert window.commands.free.isEnabled()
    qtbot.keyClick(window.board, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert decisions_of(window) == [Decision(Cell(2, 1), DecisionKind.QUEEN)]
    assert window.session.undo_stack.undoText() == "Free 3,2"


def test_escape_lets_the_chosen_square_go(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 2, 1)
    assert window.panel.free_button.isEnabled()
    window.commands.escape.trigger()
    assert not window.panel.free_button.isEnabled() and window.panel.free_button.text() == "Free a square"


def test_free_this_square_is_one_undo_step(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 4)
    before = decisions_of(window)
    window.point_at(Cell(2, 1))
    culprits = window.board.picture.culprits
    steps = window.session.undo_stack.count()
    window.panel.free_button.click()
    after = decisions_of(window)
    assert window.session.undo_stack.count() == steps + 1
    assert after[-1] == Decision(Cell(2, 1), DecisionKind.QUEEN)
    assert {d.cell for d in after[:-1]} == {d.cell for d in before} - culprits
    assert window.session.configurator.cell(2, 1) is CellState.QUEEN
    window.commands.undo.trigger()
    assert decisions_of(window) == before


def test_a_square_no_solution_uses_says_so(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 6)
    window.point_at(Cell(0, 0))
    assert window.panel.why_label.text() == "No solution of the 6×6 board has a queen on 1,1."
    assert not window.panel.free_button.isEnabled()
    assert window.board.picture.culprits == frozenset()
    window.commands.free.trigger()
    assert decisions_of(window) == []


def test_pointing_at_an_open_square_clears_the_highlight(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.point_at(Cell(1, 1))
    assert window.board.picture.culprits
    window.point_at(Cell(3, 2))
    assert window.board.picture.culprits == frozenset() and window.board.picture.focus is None
    assert "is open: " in window.status_line.text()


def test_heat_map_shades_open_squares_by_their_counts(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 2)
    plain = window.board.grab().toImage()
    window.commands.heat.trigger()
    assert window.board.picture.heat
    heated = window.board.grab().toImage()
    cfg = window.session.configurator
    counts = cfg.view.cell_counts
    open_cells = [Cell(r, c) for r in range(8) for c in range(8) if cfg.cell(r, c) is CellState.OPEN]
    ratio = heated.devicePixelRatio()

    def colour(image, cell: Cell):
        point = window.board.cell_rect(cell).topLeft()
        return image.pixelColor(int((point.x() + 3) * ratio), int((point.y() + 3) * ratio))

    low = min(open_cells, key=lambda cell: counts[cell.row][cell.col])
    high = max(open_cells, key=lambda cell: counts[cell.row][cell.col])
    assert colour(heated, high) != colour(plain, high)
    assert colour(heated, low).lightness() > colour(heated, high).lightness()
    assert "0 … " + str(counts[high.row][high.col]) in window.legend._items()[-1][1]
    window.commands.heat.trigger()
    assert not window.board.picture.heat and window.legend._items()[-1][1] == "heat map off (Ctrl+M)"


def test_the_heat_scale_of_a_solved_board_says_no_square_is_left(qtbot, window: MainWindow) -> None:
    """The newcomer's solved board read "solutions through a square: 0 … 0"."""
    window.commands.heat.trigger()
    window.session.browser.solve()
    assert window.session.configurator.is_solved
    assert window.legend._items()[-1][1] == "heat map: no open square left"


def test_browser_steps_through_the_remaining_solutions(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    expected = [
        frozenset(Cell(row, col) for row, col in enumerate(columns))
        for columns in oracle.remaining(8, {Cell(0, 0): DecisionKind.QUEEN})
    ]
    assert window.panel.browse_label.text() == "4 remaining"
    window.panel.next_button.click()
    assert window.panel.browse_label.text() == "1 of 4"
    assert window.board.picture.preview == expected[0]
    window.panel.previous_button.click()
    assert window.panel.browse_label.text() == "4 of 4"
    assert window.board.picture.preview == expected[3]
    qtbot.keyClick(window, Qt.Key.Key_PageDown)
    assert window.board.picture.preview == expected[0]
    assert decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.board.picture.preview is None
    assert window.panel.browse_label.text() == "4 remaining"


def test_solve_completes_to_the_previewed_solution_in_one_step(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.session.browser.browse_to(2)
    shown = window.board.picture.preview
    steps = window.session.undo_stack.count()
    window.panel.solve_button.click()
    cfg = window.session.configurator
    assert cfg.is_solved and frozenset(cfg.view.queens()) == shown
    assert window.session.undo_stack.count() == steps + 1
    assert window.board.picture.preview is None
    window.commands.undo.trigger()
    assert decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]


def test_hint_places_the_queen_that_keeps_most_solutions(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    counts = window.session.configurator.view.cell_counts
    window.commands.hint.trigger()
    placed = decisions_of(window)[-1]
    assert placed.kind is DecisionKind.QUEEN
    best = max(
        counts[r][c]
        for r in range(8)
        for c in range(8)
        if oracle.states(8, {Cell(0, 0): DecisionKind.QUEEN})[r][c] is CellState.OPEN
    )
    assert counts[placed.cell.row][placed.cell.col] == best
    assert "Hint: a queen on" in window.status_line.text()


def test_bdd_panel_shows_the_compiled_space(qtbot, window: MainWindow) -> None:
    labels = window.panel.figure_labels
    assert labels["BDD nodes"].text() == "2,451"
    assert labels["Solutions"].text() == "92"
    assert labels["Row edges"].text() == "378"
    assert labels["Backend"].text() == "CUDD (dd.cudd)"
    assert len(window.panel.chart._levels) == 64 and sum(window.panel.chart._levels) == 2450
    window.sizes.choose(5)
    assert labels["Solutions"].text() == "10" and len(window.panel.chart._levels) == 25
    assert "Widest at level" in window.panel.widest_label.text()


def test_the_nodes_per_level_chart_is_seen_whole_at_800_by_600(qtbot, window: MainWindow) -> None:
    window.resize(800, 600)
    QApplication.processEvents()
    assert window.panel.folds.currentWidget() is window.panel.bdd_group
    assert window.panel.chart.visibleRegion().boundingRect().height() >= 80


def test_screenshot_options_render_the_insight(tmp_path: Path) -> None:
    path = tmp_path / "explain.png"
    argv = ["8", "--queen", "1,1", "--explain", "2,2", "--heat", "--browse", "2", "--screenshot", str(path)]
    result = run_gui(tmp_path, *argv)
    assert result.returncode == 0, result.stderr
    assert path.stat().st_size > 10000
    result = run_gui(tmp_path, "8", "--queen", "1,1", "--browse", "9", "--screenshot", str(path))
    assert result.returncode == 2 and "only 4 solutions remain" in result.stderr


def test_pointing_elsewhere_never_contradicts_the_chosen_square(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    chosen, pointed = Cell(1, 3), Cell(5, 5)
    click(qtbot, window, *chosen)
    about_chosen = window.panel.why_label.text()
    assert chosen.label() in about_chosen and window.panel.free_button.text() == f"Free {chosen.label()}"
    point(qtbot, window, pointed)
    qtbot.waitUntil(lambda: window.pointed.pointed == pointed)
    assert window.panel.why_label.text() == about_chosen
    assert window.panel.free_button.text() == f"Free {chosen.label()}"
    assert window.board.picture.focus == chosen
    assert window.status_line.text().startswith(pointed.label())
    assert f"Free still acts on {chosen.label()}" in window.status_line.text()
    window.board.leaveEvent(None)
    assert window.status_line.text().startswith(chosen.label())


def test_after_a_build_the_panel_shows_the_diagrams_figures(window: MainWindow) -> None:
    panel = window.panel
    panel.show_solver("8×8", 8, 0, 0, False)
    assert panel.folds.currentWidget() is panel.solver_group
    insight = window.session.configurator.view.insight
    assert isinstance(insight, DiagramInsight)
    panel.show_insight(window.session.configurator.view)
    assert panel.folds.currentWidget() is panel.bdd_group


def test_the_panel_draws_the_diagram_with_its_live_paths(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 6)
    view = window.panel.diagram.view
    assert view is not None and len(view.edges) == 24 and all(edge.alive for edge in view.edges)
    click(qtbot, window, 0, 1)
    view = window.panel.diagram.view
    assert sum(edge.alive for edge in view.edges) == 6
    svg, png = tmp_path / "d.svg", tmp_path / "d.png"
    assert window.files.save_diagram(svg) and window.files.save_diagram(png)
    assert b"<svg" in svg.read_bytes() and png.read_bytes().startswith(b"\x89PNG")
    assert "Saved the diagram to d.png" in window.status_line.text()
    window.sizes.choose(8)
    assert window.panel.diagram.view is None and not window.panel.save_diagram_button.isEnabled()
    assert "up to 7×7; this 8×8 one has 378 row edges" in window.panel.diagram._note
