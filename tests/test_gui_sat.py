"""The window on the SAT engine: big boards, engine switches that keep the decisions, answers that
arrive in the background while the window keeps running."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

from app.gui.mid_end import board_sources
from app.gui.window.main_window import MainWindow
from app.gui.workers.worker_board import WorkerBoard
from bdd_model import Cell, CellState, Decision, DecisionKind, load_or_compile
from bdd_model.engines.solver_engine import SOLVER
from bdd_model.saved_game import replay
from tests.gui_helpers import click, decisions_of, make_window, point


def settle(qtbot, window: MainWindow, timeout: int = 60000) -> WorkerBoard:
    """Wait until the SAT engine has decided every square of the window's board."""
    cfg = window.session.configurator
    assert isinstance(cfg, WorkerBoard)
    qtbot.waitUntil(lambda: window.session.configurator is cfg and cfg.settled, timeout=timeout)
    return cfg


def open_on_sat(qtbot, window: MainWindow, n: int) -> WorkerBoard:
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.sizes.choose(n)
    assert window.session.engine == "sat"
    return settle(qtbot, window)


def bdd_states(n: int, decisions: list[Decision]) -> list[list[CellState]]:
    cfg = replay(load_or_compile(n), decisions)
    return [[cfg.cell(r, c) for c in range(n)] for r in range(n)]


@pytest.mark.parametrize("n", [40, 100])
def test_a_big_board_opens_and_plays_on_the_sat_engine(qtbot, tmp_path: Path, n: int) -> None:
    window = make_window(qtbot, tmp_path)
    ticks: list[int] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    board = open_on_sat(qtbot, window, n)
    assert all(s is CellState.OPEN for row in board.states() for s in row)
    # the count follows the squares: the worker sends it after the board is settled
    qtbot.waitUntil(lambda: "solutions, estimated" in window.count_label.text(), timeout=60000)
    assert "SAT engine" in window.count_label.text()
    click(qtbot, window, 0, 1)
    assert board.cell(0, 1) is CellState.QUEEN and board.cell(n - 1, 1) is CellState.ATTACKED
    assert board.cell(2, 2) is None or board.cell(2, 2) is CellState.OPEN
    settle(qtbot, window)
    assert board.cell(2, 2) is CellState.OPEN
    assert all(s is not None for row in board.states() for s in row)
    assert len(ticks) >= 5, "the event loop kept running while the engine worked"
    window.session.undo_stack.undo()
    assert decisions_of(window) == []


def test_sat_states_equal_the_bdds_and_switching_keeps_the_decisions(qtbot, window: MainWindow) -> None:
    for row, col in ((0, 0), (1, 4)):
        click(qtbot, window, row, col)
    mark = Decision(Cell(7, 7), DecisionKind.MARK)
    window.session.toggle_mark(mark.cell)
    decisions = decisions_of(window)
    assert len(decisions) == 3 and window.session.engine == "bdd"
    with qtbot.waitSignal(window.session.changed, timeout=5000):
        window.sizes.choose_engine("sat")
    board = settle(qtbot, window)
    assert decisions_of(window) == decisions
    assert board.states() == bdd_states(8, decisions)
    assert "SAT engine" in window.count_label.text()
    window.sizes.choose_engine("auto")
    assert window.session.engine == "bdd" and decisions_of(window) == decisions
    assert "BDD" in window.count_label.text()


def test_a_contradiction_found_only_by_the_solver_is_refused(qtbot, window: MainWindow) -> None:
    """Queens at 1,1 and 2,3 on 4×4 attack nothing of each other, but no solution keeps both."""
    window.sizes.choose_engine("sat")
    refused: list[str] = []
    window.session.refused.connect(refused.append)
    window.session.open_size(
        4, [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 2), DecisionKind.QUEEN)]
    )
    qtbot.waitUntil(lambda: bool(refused), timeout=10000)
    assert "was not opened" in refused[0]
    assert window.session.n == 8


def test_explanations_arrive_in_the_background_and_match_the_bdd(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    click(qtbot, window, 1, 2)
    expected = {cell: window.session.explain(cell).text for cell in (Cell(2, 4), Cell(2, 1), Cell(3, 3))}
    assert expected[Cell(2, 1)] == "Retract the queen at 1,1 to free 3,2."
    window.sizes.choose_engine("sat")
    settle(qtbot, window)
    for cell, text in expected.items():
        qtbot.waitUntil(lambda cell=cell: not window.session.explain(cell).pending, timeout=10000)
        assert window.session.explain(cell).text == text


def test_a_square_pointed_at_while_another_is_chosen_gets_its_explanation(qtbot, tmp_path: Path) -> None:
    """The newcomer's report: on 20×20, a queen on 1,1, 5,5 chosen, then pointing at 1,9 must
    bring 1,9's explanation into the status line once the worker finds it."""
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 20)
    click(qtbot, window, 0, 0)
    settle(qtbot, window)
    click(qtbot, window, 4, 4)
    assert window.pointed.chosen == Cell(4, 4)
    pointed = Cell(0, 8)
    explained = window.session.explained
    with qtbot.waitSignal(explained, timeout=20000, check_params_cb=lambda cell: cell == pointed):
        point(qtbot, window, pointed)
        assert "Finding which of your decisions close 1,9" in window.status_line.text()
    assert "Retract the queen at 1,1 to free 1,9." in window.status_line.text()
    assert "Free still acts on 5,5" in window.status_line.text()


def test_after_solve_on_the_sat_engine_the_words_about_undo_are_true(qtbot, tmp_path: Path) -> None:
    """The solution Solve shows is solved before the worker takes it: "solved" waits for its step."""
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 20)
    click(qtbot, window, 4, 4)
    qtbot.waitUntil(lambda: window.session.undo_stack.undoText() == "Queen on 5,5", timeout=10000)
    with qtbot.waitSignal(window.session.solved, timeout=30000):
        window.session.browser.solve()
    assert window.session.undo_stack.undoText() == "Solve"
    qtbot.waitUntil(lambda: window.status_line.text().endswith("Undo takes back every queen Solve placed."))


def test_solve_and_hint_work_on_the_sat_engine(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 20)
    with qtbot.waitSignal(window.session.changed, timeout=10000):
        window.session.hint()
    assert len(decisions_of(window)) == 1
    with qtbot.waitSignal(window.session.solved, timeout=30000):
        window.session.browser.solve()
    queens = [d.cell for d in decisions_of(window)]
    assert sorted(q.row for q in queens) == list(range(20)) and len({q.col for q in queens}) == 20
    assert not any(
        a != b and (a.col == b.col or abs(a.row - b.row) == abs(a.col - b.col))
        for a in queens
        for b in queens
    )


def test_auto_opens_on_sat_while_the_diagram_builds_then_switches(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sizes beyond the quick compiles open on the SAT engine at once; the BDD replaces it,
    decisions kept (9×9 stands in for 13×13 to keep the test short)."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    monkeypatch.setattr(
        board_sources, "waits_for_build", lambda choice, puzzle: choice == "bdd" or puzzle.n <= 8
    )
    window.session.sources.in_process_max_n = 0
    with qtbot.waitSignal(window.session.sources._worker_client(SOLVER).ready, timeout=30000):
        window.session.sources.start_worker()
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.choose(9)
    assert window.session.engine == "sat" and window.session.sources.compiling == 9
    settle(qtbot, window)
    click(qtbot, window, 0, 0)
    with qtbot.waitSignal(window.session.engineChanged, timeout=60000) as switched:
        pass
    assert switched.args == ["bdd"]
    assert decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert window.session.configurator.count == 28
    assert "BDD" in window.count_label.text()


def test_the_heat_map_is_off_on_the_sat_engine_and_says_why(qtbot, window: MainWindow) -> None:
    window.commands.heat.setChecked(True)
    window.sizes.choose_engine("sat")
    settle(qtbot, window)
    assert not window.commands.heat.isEnabled() and window.legend._heat_peak is None
    assert "Off on the SAT engine" in window.commands.heat.toolTip()
    window.sizes.choose_engine("bdd")
    assert window.commands.heat.isEnabled() and window.commands.heat.isChecked()
    assert "Shade open squares" in window.commands.heat.toolTip()


def kill_worker(window: MainWindow) -> None:
    process = window.session.sources._worker._process
    assert process is not None
    os.kill(process.processId(), signal.SIGKILL)


def test_a_killed_sat_worker_is_said_once_and_started_again(qtbot, window: MainWindow) -> None:
    click(qtbot, window, 0, 0)
    window.sizes.choose_engine("sat")
    settle(qtbot, window)
    with qtbot.waitSignal(window.session.sources.problem, timeout=10000) as said:
        kill_worker(window)
    assert said.args[0] == (
        "The SAT engine's process was stopped by the system; it was started again, "
        "and nothing you did was lost."
    )
    board = settle(qtbot, window)
    assert board.states() == bdd_states(8, [Decision(Cell(0, 0), DecisionKind.QUEEN)])


def test_clicks_made_while_the_worker_restarts_enter_the_history_in_order(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 50)
    for cell in [(0, 0), (2, 5)]:
        window.session.activate(Cell(*cell))
    kill_worker(window)  # while it settles
    later = [(4, 1), (7, 12), (10, 20), (30, 31)]
    for cell in later:
        window.session.activate(Cell(*cell))
    board = window.session.configurator
    assert isinstance(board, WorkerBoard)
    qtbot.waitUntil(lambda: board.pending == 0 and board.settled, timeout=60000)
    queens = [(0, 0), (2, 5), *later]
    assert [tuple(d.cell) for d in decisions_of(window)] == queens
    assert [step.text() for step in window.session.history()[-4:]] == [
        f"Queen on {r + 1},{c + 1}" for r, c in later
    ]
    window.session.undo_stack.undo()
    assert [tuple(d.cell) for d in decisions_of(window)] == queens[:-1]


def test_a_board_being_opened_when_the_worker_dies_is_asked_for_again(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 50)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.session.open_size(60, [Decision(Cell(3, 3), DecisionKind.QUEEN)])
        kill_worker(window)
    assert window.session.n == 60 and decisions_of(window) == [Decision(Cell(3, 3), DecisionKind.QUEEN)]
    settle(qtbot, window)


def test_an_explanation_asked_when_the_worker_dies_is_asked_again(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path)
    open_on_sat(qtbot, window, 20)
    window.session.activate(Cell(0, 0))
    settle(qtbot, window)
    closed = Cell(1, 1)
    assert window.session.explain(closed).pending
    kill_worker(window)
    with qtbot.waitSignal(
        window.session.explained, timeout=60000, check_params_cb=lambda cell: cell == closed
    ):
        pass
    found = window.session.explain(closed)
    assert not found.pending and found.text == "Retract the queen at 1,1 to free 2,2."
