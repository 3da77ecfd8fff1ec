"""The window on the SAT engine while the worker is busy: no click waits or is refused for that,
clicks are taken in order and become one undo step each, a click that leaves no solution is
refused as a closed square is, and the count keeps its last figure while the next is worked out
(the same figure in the status bar, the Insight panel and ``nqueens state``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.engine_commands import state_report
from app.gui.window.main_window import MainWindow
from app.gui.workers.worker_board import WorkerBoard
from bdd_model import Cell, CellState, Configurator, Decision, DecisionKind, load_or_compile
from bdd_model.sat.engine import SatEngine
from bdd_model.solution_count import Estimate, SolutionCount, approximately
from tests.gui_helpers import click, decisions_of, make_window
from tests.test_gui_sat import open_on_sat, settle

QUEEN, MARK = DecisionKind.QUEEN, DecisionKind.MARK


@pytest.fixture
def sat_window(qtbot, tmp_path: Path) -> MainWindow:
    window = make_window(qtbot, tmp_path)
    window.sizes.choose_engine("sat")
    settle(qtbot, window)
    return window


def answered(qtbot, window: MainWindow) -> WorkerBoard:
    """Wait until the worker has answered every change and decided every square."""
    cfg = window.session.configurator
    assert isinstance(cfg, WorkerBoard)
    qtbot.waitUntil(lambda: cfg.pending == 0 and cfg.settled, timeout=60000)
    return cfg


def lookahead_example(n: int) -> tuple[list[Decision], Cell]:
    """Queens after which some square in line with none of them is closed (the BDD says which)."""
    cfg = Configurator(load_or_compile(n))
    for r in range(n):
        for c in range(n):
            if cfg.cell(r, c) is not CellState.OPEN:
                continue
            cfg.place(r, c)
            closed = [Cell(i, j) for i in range(n) for j in range(n) if cfg.cell(i, j) is CellState.LOOKAHEAD]
            if closed:
                return list(cfg.decisions), closed[0]
            cfg.retract(r, c)
    raise AssertionError("no look-ahead square after one queen")


def test_clicks_on_squares_still_being_checked_are_taken_in_order(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    board = open_on_sat(qtbot, window, 40)
    window.session.activate(Cell(0, 0))
    assert board.cell(5, 7) is None, "the second square is still being checked"
    window.session.activate(Cell(5, 7))
    window.session.toggle_mark(Cell(9, 30))
    assert board.cell(0, 0) is board.cell(5, 7) is CellState.QUEEN
    assert board.cell(9, 30) is CellState.MARKED and board.cell(39, 7) is CellState.ATTACKED
    answered(qtbot, window)
    assert decisions_of(window) == [
        Decision(Cell(0, 0), QUEEN),
        Decision(Cell(5, 7), QUEEN),
        Decision(Cell(9, 30), MARK),
    ]
    stack = window.session.undo_stack
    assert [stack.text(i) for i in range(1, stack.count())] == ["Queen on 1,1", "Queen on 6,8", "Mark 10,31"]
    window.commands.undo.trigger()
    window.commands.undo.trigger()
    assert decisions_of(window) == [Decision(Cell(0, 0), QUEEN)]


def test_a_click_that_leaves_no_solution_is_refused_with_its_reason(sat_window: MainWindow, qtbot) -> None:
    decisions, closed = lookahead_example(8)
    session = sat_window.session
    for decision in decisions:
        session.activate(decision.cell)
    messages: list[str] = []
    session.message.connect(messages.append)
    session.activate(closed)
    assert session.configurator.cell(*closed) is CellState.QUEEN, "shown at once, as every click"
    board = answered(qtbot, sat_window)
    assert decisions_of(sat_window) == decisions
    assert board.cell(*closed) is CellState.LOOKAHEAD
    assert any(f"{closed.label()} is closed" in text and "was not taken" in text for text in messages)
    stack = session.undo_stack
    assert stack.count() == len(decisions), "the refused click is no undo step"


def test_clicks_after_a_refused_one_are_made_again_without_it(sat_window: MainWindow, qtbot) -> None:
    decisions, closed = lookahead_example(8)
    session = sat_window.session
    for decision in decisions:
        session.activate(decision.cell)
    session.activate(closed)
    bdd = Configurator(load_or_compile(8))
    bdd.restore(decisions)
    other = next(
        Cell(r, c)
        for r in range(8)
        for c in range(8)
        if session.configurator.cell(r, c) is None and bdd.cell(r, c) is CellState.OPEN
    )
    session.toggle_mark(other)
    answered(qtbot, sat_window)
    assert decisions_of(sat_window) == [*decisions, Decision(other, MARK)]


def test_undo_while_a_click_waits_takes_that_click_back(sat_window: MainWindow, qtbot) -> None:
    session = sat_window.session
    session.activate(Cell(0, 0))
    board = answered(qtbot, sat_window)
    target = next(Cell(r, c) for r in range(8) for c in range(8) if board.cell(r, c) is CellState.OPEN)
    session.activate(target)
    assert session.pending_label and sat_window.commands.undo.text() == f"&Undo Queen on {target.label()}"
    assert not sat_window.commands.redo.isEnabled()
    sat_window.commands.undo.trigger()
    assert decisions_of(sat_window) == [Decision(Cell(0, 0), QUEEN)]
    answered(qtbot, sat_window)
    assert decisions_of(sat_window) == [Decision(Cell(0, 0), QUEEN)]
    assert session.undo_stack.count() == 1 and sat_window.commands.undo.text() == "&Undo Queen on 1,1"


def test_the_count_is_one_figure_everywhere_and_stays_while_updating(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    board = open_on_sat(qtbot, window, 20)
    window.session.activate(Cell(3, 4))
    answered(qtbot, window)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=60000)
    figure = board.solution_count
    assert figure is not None and figure.exact is None and figure.estimate is not None
    said = figure.solutions()
    assert (
        said.startswith("about ") and "estimated" in said and figure.remain().startswith(said.split(",")[0])
    )
    assert said in window.count_label.text() and "updating" not in window.count_label.text()
    assert figure.short() in window.panel.browse_label.text()
    interval = f"{approximately(figure.estimate.low)} to {approximately(figure.estimate.high)}"
    proven = f"at least {figure.at_least:,} distinct solution"
    for label in (window.count_label, window.panel.browse_label):
        assert interval in label.toolTip() and proven in label.toolTip(), label.toolTip()
    engine = SatEngine(20)
    engine.place(3, 4)
    report = state_report(engine, engine.solution_count())
    assert report["solutions"] is None
    assert report["solutions_estimate"] == {
        "value": figure.estimate.value,
        "low": figure.estimate.low,
        "high": figure.estimate.high,
    }
    window.session.activate(Cell(10, 0))
    assert said in window.count_label.text() and "(updating…)" in window.count_label.text()
    answered(qtbot, window)


def test_the_status_line_follows_a_clicked_closed_square_until_its_explanation_arrives(
    sat_window: MainWindow, qtbot
) -> None:
    """The explanation of a closed square comes from the worker after the click: the status line
    said "Finding which of your decisions close 1,6…" and kept saying it."""
    click(qtbot, sat_window, 0, 0)
    answered(qtbot, sat_window)
    click(qtbot, sat_window, 0, 5)
    qtbot.waitUntil(
        lambda: "Retract the queen at 1,1 to free 1,6" in sat_window.status_line.text(), timeout=30000
    )
    assert "Finding" not in sat_window.status_line.text()


LEFT_32 = [(0, 0), (1, 2), (2, 4), (3, 1), (4, 3), (5, 8), (6, 10), (7, 12), (8, 14), (9, 5)]
"""A 32×32 board filled row by row, each queen on the first open square of its row: after the
tenth, some squares take seconds to prove."""


def test_squares_hard_to_prove_are_said_and_never_hold_up_a_click(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 32)
    for cell in LEFT_32[:-1]:
        window.session.activate(Cell(*cell))
        answered(qtbot, window)
    window.session.activate(Cell(*LEFT_32[-1]))
    board = window.session.configurator
    assert isinstance(board, WorkerBoard)
    assert "proving" in window.count_label.text()
    qtbot.waitUntil(lambda: "a hard one can take seconds" in window.count_label.text(), timeout=10000)
    assert not board.settled and board.view.undecided > 0
    states = board.states()
    opens = [
        Cell(r, c) for r, row in enumerate(states) for c, state in enumerate(row) if state is CellState.OPEN
    ]
    assert opens, "the open squares are shown while the hard ones are proven"
    window.session.activate(opens[0])
    qtbot.waitUntil(lambda: board.pending == 0, timeout=2000)
    assert board.cell(*opens[0]) is CellState.QUEEN


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
        assert "below" not in text
        assert ("about" in text) == (figure.steady and figure.exact is None), "an estimate only when narrow"
        if decided == 12 and figure.estimate is not None and figure not in earlier:
            assert figure.estimate.low <= final.estimate.high and figure.estimate.high >= final.estimate.low
    # a mark that removes no solution keeps the figure
    before = window.count_label.text()
    window.session.toggle_mark(Cell(99, 1))
    settle(qtbot, window)
    qtbot.waitUntil(lambda: not board.view.counting, timeout=60000)
    assert window.count_label.text() == before


def test_a_wide_interval_gives_the_proven_bound_and_says_why() -> None:
    wide = SolutionCount(None, 258, Estimate(1.1e87, 258.0, 2.7e164, 130))
    assert not wide.steady
    assert wide.solutions() == "at least 258 solutions" and wide.short() == "at least 258"
    assert wide.remain() == "at least 258 solutions remain"
    assert "260 to 2.7 × 10¹⁶⁴" in wide.detail() and "factor of 100" in wide.detail()
    narrow = SolutionCount(None, 9, Estimate(1e40, 3e39, 4e40, 2000))
    assert narrow.steady and narrow.short() == "about 1.0 × 10⁴⁰"
    edge = SolutionCount(None, 9, Estimate(1e6, 1e5, 1e7, 256))
    assert edge.steady and "about 1.0 × 10⁶" in edge.solutions()
    beyond = SolutionCount(None, 9, Estimate(1e6, 1e5, 1.01e7, 256))
    assert not beyond.steady and beyond.solutions() == "at least 9 solutions"
