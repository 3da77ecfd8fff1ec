"""Regressions from the first code review: each test is a reproduction that used to fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.gui.nqueens_gui import build_parser
from app.gui.window.main_window import MainWindow
from bdd_model import Cell, CellState, Configurator, Decision, DecisionError, DecisionKind
from bdd_model.saved_game import dumps
from tests.cli_helpers import run
from tests.gui_helpers import click, decisions_of, make_window, run_gui, warned
from tests.spaces import space


def test_a_queen_on_a_forced_square_is_accepted(capsys) -> None:
    status, out, _ = run(
        capsys, "state", "4", "--queen", "1,2", "--queen", "2,4", "--queen", "3,1", "--queen", "4,3", "--json"
    )
    assert status == 0
    assert json.loads(out)["queens"] == [[1, 2], [2, 4], [3, 1], [4, 3]]
    status, out, _ = run(capsys, "state", "1", "--queen", "1,1", "--json")
    assert status == 0 and json.loads(out)["queens"] == [[1, 1]] and json.loads(out)["forced"] == []


def test_a_pinned_forced_queen_stays_when_its_cause_is_retracted() -> None:
    cfg = Configurator(space(6, "cudd"))
    cfg.place(0, 1)
    assert cfg.cell(1, 3) is CellState.FORCED
    cfg.place(1, 3)
    cfg.retract(0, 1)
    assert cfg.cell(1, 3) is CellState.QUEEN
    assert cfg.count == 1


def test_restore_refuses_two_queens_in_one_row() -> None:
    cfg = Configurator(space(8, "cudd"))
    cfg.place(0, 0)
    before = (cfg.decisions, cfg.count, cfg.states())
    with pytest.raises(DecisionError, match="two queens in row 1"):
        cfg.restore([Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(0, 2), DecisionKind.QUEEN)])
    assert (cfg.decisions, cfg.count, cfg.states()) == before


@pytest.mark.parametrize("n", [2, 3])
def test_boards_without_solutions_refuse_decisions_clearly(capsys, n: int) -> None:
    cfg = Configurator(space(n, "cudd"))
    with pytest.raises(DecisionError, match=f"the {n}×{n} board has no solution"):
        cfg.mark(0, 0)
    cfg.restore([])
    assert cfg.count == 0
    status, _, err = run(capsys, "state", str(n), "--empty", "1,1")
    assert status == 2 and f"the {n}×{n} board has no solution" in err


def test_the_window_on_a_board_without_solutions(qtbot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path, 3)
    click(qtbot, window, 0, 0, Qt.MouseButton.RightButton)
    assert decisions_of(window) == [] and window.session.undo_stack.count() == 0
    assert "has no solution" in window.status_line.text()
    assert not window.commands.solve.isEnabled() and not window.commands.hint.isEnabled()
    assert not window.panel.solve_button.isEnabled()


@pytest.mark.parametrize(
    "argv",
    [
        ["state", "8", "--queen", "1" * 4301 + ",1"],
        ["state", "8", "--explain", "1," + "2" * 5000],
        ["count", "9" * 5000],
        ["solve", "8", "--all", "--limit", "7" * 5000 + "x"],
        ["generate", "-" + "9" * 30],
    ],
)
def test_absurd_numbers_are_bad_input_not_tracebacks(capsys, argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("nqueens: error: ")


def test_the_window_refuses_absurd_files(qtbot, window: MainWindow, tmp_path: Path) -> None:
    click(qtbot, window, 0, 0)
    before = decisions_of(window)
    for content in (
        '{"format":"nqueens-configuration","version":1,"n":8,"decisions":[{"cell":[1,1],"kind":[1]}]}',
        '{"format":"nqueens-configuration","version":1,"n":' + "9" * 5000 + ',"decisions":[]}',
        '{"format":"nqueens-configuration","version":1,"n":' + "9" * 300 + ',"decisions":[]}',
        '{"format":"nqueens-configuration","version":1,"n":8,"decisions":[{"cell":[1,' + "1" * 5000 + "]}]}",
    ):
        path = tmp_path / "odd.json"
        path.write_text(content)
        assert not window.files.open_from(path)
        assert decisions_of(window) == before
        assert "was not opened" in warned(window)


def test_a_file_with_a_byte_order_mark_opens(qtbot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + dumps(6, [Decision(Cell(0, 1), DecisionKind.QUEEN)]), encoding="utf-8")
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


def test_a_refused_open_keeps_the_current_file(qtbot, window: MainWindow, tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    window.session.open_size(5)
    assert window.files.save_to(good)
    bad = tmp_path / "bad.json"
    bad.write_text(
        dumps(8, [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(1, 1), DecisionKind.QUEEN)])
    )
    window.files.open_from(bad)
    assert "was not opened" in warned(window)
    assert window.session.file_path == good and window.session.n == 5


def test_gui_options_may_be_abbreviated() -> None:
    args = build_parser().parse_args(["8", "--que", "1,1", "--emp", "2,2", "--queen", "3,3"])
    assert args.decisions == [("queen", "1,1"), ("empty", "2,2"), ("queen", "3,3")]


def test_gui_errors_name_the_gui(tmp_path: Path) -> None:
    result = run_gui(tmp_path, "8", "--queen", "9,9", "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2 and result.stderr.startswith("nqueens-gui: error: cell 9,9")


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


def test_bench_on_boards_with_nothing_to_click(capsys) -> None:
    for n in ("1", "2"):
        status, out, _ = run(capsys, "bench", "--n", n, "--clicks", "3")
        assert status == 0 and "n/a (no click to time)" in out and "Nonex" not in out


def test_compile_always_compiles_with_the_construction_asked_for(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    assert run(capsys, "compile", "7")[0] == 0
    status, _, err = run(capsys, "compile", "7", "--construction", "rules")
    assert status == 0 and "compiled" in err
    from bdd_model.cache.store import load

    assert load(7, "cudd").info.construction == "rules"


def test_the_worker_hands_over_a_file_when_the_cache_path_is_taken(tmp_path: Path) -> None:
    (tmp_path / "queens-6-cudd.npz").mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "app.gui.workers.compile_worker", "6", "--backend", "cudd"],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NQUEENS_CACHE_DIR": str(tmp_path)},
    )
    done = json.loads(result.stdout.splitlines()[-1])
    assert result.returncode == 0 and done["done"] == 4
    assert Path(done["path"]).is_file() and Path(done["path"]).parent != tmp_path
    Path(done["path"]).unlink()
