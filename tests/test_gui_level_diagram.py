"""A level on its diagram in the window: View → Engine → BDD Only moves the level in play to its BDD with the
decisions kept (mistakes too, under the assists that spoil nothing), answered in the window's process; the
Insight panel shows the diagram's figures; Automatic brings the search back."""

from __future__ import annotations

from pathlib import Path

from app.gui.mid_end.assists import Assist
from bdd_model import Cell
from bdd_model.diagram.diagram_insight import DiagramInsight
from bdd_model.levels.level_file import read_level
from bdd_model.puzzles import LevelPuzzle
from tests.gui_helpers import click

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"


def open_level(qtbot, window, name: str) -> None:
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.session.open(LevelPuzzle.of(read_level(BENCH / name)))
    qtbot.waitUntil(lambda: window.session.configurator.settled, timeout=20000)


def test_a_level_moves_to_its_diagram_and_back_with_its_decisions(qtbot, window) -> None:
    window.set_assist(Assist.CROSS_OUT)
    open_level(qtbot, window, "08-01.txt")
    click(qtbot, window, 0, 0)
    decided = window.session.configurator.decisions
    engines = {action.data(): action for action in window.commands.engines.actions()}
    assert engines["bdd"].isVisible() and engines["search"].isVisible() and not engines["sat"].isVisible()
    window.sizes.choose_engine("bdd")
    qtbot.waitUntil(lambda: window.session.configurator.engine == "bdd", timeout=20000)
    board = window.session.configurator
    assert board.decisions == decided and not board.strict
    insight = board.view.insight
    assert isinstance(insight, DiagramInsight) and insight.figures.construction == "frontier"
    assert window.panel.figure_labels["Construction"].text() == "frontier"
    assert window.panel.figure_labels["BDD nodes"].text() == "65"
    assert window.panel.widest_label.text().startswith("One solution: the diagram is a single path")
    window.sizes.choose_engine("auto")
    qtbot.waitUntil(lambda: window.session.configurator.engine == "search", timeout=20000)
    assert window.session.configurator.decisions == decided


def test_a_level_played_on_its_diagram_answers_each_click_at_once(qtbot, window) -> None:
    window.set_assist(Assist.EVERYTHING)
    window.sizes.choose_engine("bdd")
    open_level(qtbot, window, "10x2-01.txt")
    board = window.session.configurator
    assert board.engine == "bdd" and board.settled and board.is_solved
    assert window.count_label.text() == "Solved: 20 stars (20 forced) · BDD"
    assert window.status_line.text() == "The 10×10 two-star level: 1 solution remains."
    closed = next(Cell(0, c) for c in range(10) if board.view.state(0, c).is_closed)
    window.point_at(closed)
    assert window.status_line.text().startswith(f"{closed.label()} is closed: ")
    assert "No solution of the 10×10 two-star level has a star on" in window.status_line.text()


def test_the_size_box_shows_a_level_larger_than_the_engines_largest_family(qtbot, window) -> None:
    window.sizes.choose_engine("bdd")
    open_level(qtbot, window, "18-01.txt")
    assert window.session.configurator.engine == "bdd" and window.size_box.value() == 18
    window.session.open_size(8)
    qtbot.waitUntil(lambda: window.session.n == 8, timeout=20000)
    assert window.size_box.maximum() == 15


def test_the_drawn_diagram_of_a_level_waits_for_the_assist_that_shows_everything(qtbot, window) -> None:
    """Each path of a level's drawn diagram is a solution: drawn only when the assist shows all."""
    window.set_assist(Assist.CROSS_OUT)
    window.sizes.choose_engine("bdd")
    open_level(qtbot, window, "06-01.txt")
    assert (
        window.panel.diagram._view is None and "would show where the pieces go" in window.panel.diagram._note
    )
    assert not window.panel.save_diagram_button.isEnabled()
    window.set_assist(Assist.EVERYTHING)
    qtbot.waitUntil(lambda: window.panel.diagram._view is not None, timeout=5000)
    assert window.panel.save_diagram_button.isEnabled()
