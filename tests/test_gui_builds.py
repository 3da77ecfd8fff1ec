"""Building a board's exact diagram from the window: its price on this computer in the Size menu and
in the offer, progress and Cancel, the board in play meanwhile, and the compile child's file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from app.gui.window.compile_indicator import PHASE_WORDS, WORDS_WIDTH
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, Decision, DecisionKind, Progress, resolve_backend
from bdd_model.build_cost.costs import ASK_BEFORE, compile_cost
from bdd_model.families import CLASSIC, family, names
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import dumps
from bdd_model.wording import duration, memory
from tests.gui_helpers import board_square, click, decisions_of, warned


def test_the_size_menu_says_what_is_ready_and_what_a_build_costs(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    window.sizes.menu.aboutToShow.emit()
    entries = [a.text() for a in window.sizes.menu.actions()]
    assert entries[:10] == [
        "&1 × 1",
        "&2 × 2 — no solution",
        "&3 × 3 — no solution",
        *(f"&{n} × {n}" for n in range(4, 10)),
        "10 × 10",
    ]
    assert entries[11] == "12 × 12 — build about 1 s, 121 MB"
    assert window.sizes.menu.actions()[7].isChecked()
    assert entries[13] == "14 × 14 — SAT now, exact: build about 45 s, 1.2 GB"
    assert entries[16:] == [f"{n} × {n} — SAT engine" for n in (20, 32, 40, 64, 100)] + ["&Other Size…"]
    assert all("\t" not in entry for entry in entries), "one column: no gap between a size and its note"
    window.sizes.choose_engine("bdd")
    window.sizes.menu.aboutToShow.emit()
    entries = [a.text() for a in window.sizes.menu.actions()]
    assert entries[13] == "14 × 14 — build about 45 s, 1.2 GB" and entries[16:] == ["&Other Size…"]
    window.sizes.menu.actions()[5].trigger()
    assert window.session.n == 6


def offered_price(window: MainWindow, n: int) -> str:
    """The price the offer should say for n×n, from the calibration the window has now."""
    cost = window.pace.cost(n, resolve_backend(window.session.sources.backend), CLASSIC)
    assert cost is not None
    return f"takes {duration(cost.seconds)} and {memory(cost.peak_mb)} of memory, once"


def test_an_expensive_size_is_priced_on_this_computer_then_offered_and_the_board_stays_put(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.resize(1040, 780)
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    QApplication.processEvents()
    squares = board_square(window)
    window.sizes.request(14)
    bar = window.build_bar
    assert QApplication.activeModalWidget() is None
    assert not bar.offered, "no price before this computer is timed"
    qtbot.waitUntil(lambda: bar.offered == 14, timeout=30000)
    assert window.pace.fresh(resolve_backend("auto"))
    text = bar.text.text()
    assert text == (
        f"The 14×14 board needs its exact diagram first. Building it {offered_price(window, 14)}; "
        "the current board stays in play meanwhile."
    )
    assert not bar.text.is_elided(), text
    assert window.notices.currentWidget() is bar and bar.isVisible()
    assert window.session.n == 8 and not window.session.sources.compiling and window.size_box.value() == 8
    QApplication.processEvents()
    assert board_square(window) == squares, "the offer never moves the board"
    bar.not_now_button.click()
    QApplication.processEvents()
    assert not bar.isVisible() and window.session.n == 8 and not window.session.sources.compiling
    assert board_square(window) == squares


def test_on_auto_a_size_past_the_quick_builds_opens_at_once_and_the_build_is_offered(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.resize(800, 600)
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.request(13)
    assert window.session.n == 13 and window.session.engine == "sat"
    qtbot.waitUntil(lambda: window.build_bar.offered == 13, timeout=30000)
    offer = window.build_bar.text.text()
    assert offer == (
        f"Build the exact 13×13 diagram for exact counts and the heat map? It {offered_price(window, 13)}; "
        "the SAT engine answers meanwhile."
    )
    assert not window.build_bar.text.is_elided(), offer
    window.sizes.pace.measured.emit(resolve_backend("auto"))
    assert window.build_bar.text.text().startswith("Build the exact 13×13"), "a new price keeps the offer"
    assert not window.session.sources.compiling
    window.build_bar.always_button.click()
    assert window.session.sources.compiling == 13 and window.build_bar.always
    window.session.sources.cancel_compile()
    qtbot.waitUntil(lambda: not window.session.sources.compiling, timeout=30000)
    window.sizes.choose(8)
    window.sizes.request(14)
    assert not window.build_bar.isVisible() and window.session.sources.compiling == 14, "remembered"
    window.session.sources.cancel_compile()


def test_past_the_familys_quick_size_a_build_this_computer_does_within_seconds_starts_unasked(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The newcomer's 13×13 no-touch: on Automatic it opens on the SAT engine at once, and its
    diagram (priced under ``ASK_BEFORE``) builds behind it without an offer, named with its family
    wherever the board is named; the classic 13×13 (priced over it) is offered instead."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    monkeypatch.setattr(window.pace, "fresh", lambda backend: True)
    monkeypatch.setattr(window.pace, "cost", compile_cost)
    no_touch = family("no-touch")
    assert compile_cost(13, resolve_backend("auto"), no_touch).seconds < ASK_BEFORE
    assert compile_cost(13, resolve_backend("auto"), CLASSIC).seconds > ASK_BEFORE
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.session.choose_rules(no_touch)
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.request(13)
    assert window.session.engine == "sat" and window.windowTitle().startswith("13×13 no-touch board")
    assert window.session.sources.compiling == 13 and not window.build_bar.offered
    assert window.compile_indicator.label.text().startswith("Building the 13×13 no-touch board · ")
    window.session.sources.cancel_compile()
    qtbot.waitUntil(lambda: not window.session.sources.compiling, timeout=30000)
    assert "Building the 13×13 no-touch board was cancelled" in window.status_line.text()
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.session.choose_rules(CLASSIC)
    qtbot.waitUntil(lambda: window.build_bar.offered == 13, timeout=30000)
    assert not window.session.sources.compiling


def test_not_now_is_not_asked_again_in_this_window(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=30000):
        window.sizes.request(13)
    qtbot.waitUntil(lambda: window.build_bar.offered == 13, timeout=30000)
    window.build_bar.not_now_button.click()
    click(qtbot, window, 0, 0)
    window.session.undo_stack.undo()
    window.session.undo_stack.undo()
    window.session.undo_stack.redo()
    qtbot.wait(300)
    assert window.session.n == 13 and not window.build_bar.offered and not window.session.sources.compiling


def test_compile_progress_speaks_in_rows_and_time(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [100.0]
    monkeypatch.setattr("app.gui.window.compile_indicator.time.monotonic", lambda: clock[0])
    monkeypatch.setattr(window.pace, "cost", compile_cost)
    window.session.sources.compileStarted.emit(FamilyPuzzle.of(CLASSIC, 14))
    assert window.compile_indicator.label.text() == "Building the 14×14 board · about 45 s left"
    clock[0] += 30
    window.session.sources.compileProgress.emit(Progress("build", 9, 14))
    text = window.compile_indicator.label.text()
    assert text.startswith("Building 14×14: row 9 of 14 · about ")
    assert text.endswith(" s left")
    window.resize(640, 480)
    QApplication.processEvents()
    assert window.compile_indicator.label.width() == WORDS_WIDTH, "the words keep their room"
    window.session.sources.compileEnded.emit()
    assert not window.compile_indicator.label.isVisible()


def test_the_build_words_of_every_family_fit_their_room(qtbot, window: MainWindow) -> None:
    """The newcomer saw "Building 13×13 toroidal: building / the diagram, row 9 of 13 · almost…":
    every family's longest words, at the largest size and the longest time left, fit whole."""
    indicator = window.compile_indicator
    window.resize(640, 480)
    for name in names():
        board = family(name).board(15)
        indicator.started(board, "cudd", 85 * 60.0)
        for phase in PHASE_WORDS:
            indicator.progressed(Progress(phase, 14, 15))
            QApplication.processEvents()
            assert not indicator.label.is_elided(), indicator.label.text()
        indicator.ended()


def test_a_board_just_built_says_so_not_opened_from_the_cache(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    window.session.sources.in_process_max_n = 0
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.sizes.choose(9)
    assert window.panel.figure_labels["Opened"].text().startswith("compiled now in ")


def test_switching_size_during_a_compile_keeps_progress_and_cancel(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    with qtbot.waitSignal(window.session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    window.sizes.choose(14)
    qtbot.wait(500)
    assert window.session.sources.compiling == 14
    assert window.compile_indicator.cancel_button.isVisible() and window.compile_indicator.bar.isVisible()
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=10000):
        window.compile_indicator.cancel_button.click()
    assert window.session.n == 8 and not window.compile_indicator.cancel_button.isVisible()


def test_choosing_the_current_size_during_a_compile_keeps_the_board(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    click(qtbot, window, 0, 0)
    with qtbot.waitSignal(window.session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=10000):
        window.sizes.choose(8)
    assert decisions_of(window) == [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert window.session.undo_stack.count() == 1


def test_a_refused_open_leaves_a_running_compile_alone(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sizes.choose_engine("bdd")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    with qtbot.waitSignal(window.session.sources.compileProgress, timeout=60000):
        window.sizes.choose(13)
    for bad in (
        dumps(
            FamilyPuzzle(6),
            [Decision(Cell(0, 1), DecisionKind.QUEEN), Decision(Cell(1, 3), DecisionKind.MARK)],
        ),
        dumps(
            FamilyPuzzle(14),
            [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(5, 5), DecisionKind.QUEEN)],
        ),
    ):
        path = tmp_path / "bad.json"
        path.write_text(bad)
        assert not window.files.open_from(path)
        assert "was not opened" in warned(window)
        assert window.session.sources.compiling == 13 and window.compile_indicator.cancel_button.isVisible()
    with qtbot.waitSignal(window.session.sources.compileEnded, timeout=10000):
        window.compile_indicator.cancel_button.click()


def test_the_worker_hands_over_a_file_when_the_cache_path_is_taken(tmp_path: Path) -> None:
    (tmp_path / "queens-6-cudd.npz").mkdir()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.gui.workers.compile_worker",
            '{"kind": "family", "n": 6}',
            "--backend",
            "cudd",
        ],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NQUEENS_CACHE_DIR": str(tmp_path)},
    )
    done = json.loads(result.stdout.splitlines()[-1])
    assert result.returncode == 0 and done["done"] == 4
    assert Path(done["path"]).is_file() and Path(done["path"]).parent != tmp_path
    Path(done["path"]).unlink()


def test_the_sizes_are_one_of_many_as_the_rules_and_engines_are(window: MainWindow) -> None:
    """Game → Size showed check boxes beside the radio marks of Rules, Engine and Appearance."""
    window.sizes.menu.aboutToShow.emit()
    sizes = [a for a in window.sizes.menu.actions() if a.isCheckable()]
    groups = {a.actionGroup() for a in sizes}
    assert len(sizes) > 15 and len(groups) == 1 and next(iter(groups)).isExclusive()
    assert [a.text() for a in sizes if a.isChecked()] == ["&8 × 8"]
    window.sizes.menu.aboutToShow.emit()
    assert len([a for a in window.sizes.menu.actions() if a.isCheckable()]) == len(sizes), "no entry twice"
