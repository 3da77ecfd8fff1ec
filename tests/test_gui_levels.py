"""Region levels in the window: opened from the command line like any board, drawn with a colour per region
and thick borders, answered by the level search in the worker; a file that holds no board is one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QImage

from app.gui.mid_end.assists import Assist
from bdd_model.cnf.formulas import formula
from bdd_model.engine_choice import AUTO, choice_for
from bdd_model.levels.level_file import read_level
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.gui_helpers import run_gui
from tests.test_gui_autosave import KeptBoards

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"
ASSISTS = sorted(assist.value for assist in Assist)


@pytest.mark.parametrize("name", ["08-01.txt", "10x2-01.txt"])
def test_a_level_named_on_the_command_line_is_drawn_solved_on_its_regions(tmp_path: Path, name: str) -> None:
    """A unique level under the configurator's assist: every piece forced, the board solved."""
    shot = tmp_path / "level.png"
    result = run_gui(tmp_path, str(BENCH / name), "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert QImage(str(shot)).width() > 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ABC\nAB\n", "row 1 has 3 squares"),
        ('{"a": 1}', "not an N-Queens configuration"),
        ("", "the file is empty"),
        ("# only a comment\n", "the file holds no grid of regions"),
    ],
)
def test_a_file_that_holds_no_board_exits_2_with_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text)
    result = run_gui(tmp_path, str(path), "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert message in result.stderr and result.stderr.startswith("nqueens-gui: ")


def test_a_level_file_takes_no_rules_and_no_second_board(tmp_path: Path) -> None:
    level = str(BENCH / "08-01.txt")
    for argv, said in (
        ([level, "--rules", "toroidal"], "--rules does not apply to a file"),
        (["8", "--level", level], "not two of them"),
    ):
        result = run_gui(tmp_path, *argv, "--screenshot", str(tmp_path / "x.png"))
        assert result.returncode == 2 and said in result.stderr


def test_an_engine_chosen_for_families_leaves_a_level_to_the_engines_that_answer_it() -> None:
    level = LevelPuzzle.of(Level(tuple(symbol * 5 for symbol in "ABCDE")))
    assert choice_for("sat", level) == AUTO and choice_for("sat", FamilyPuzzle(8)) == "sat"
    assert choice_for("search", FamilyPuzzle(8)) == AUTO and choice_for("search", level) == "search"


def test_file_open_plays_a_level_on_the_search_exports_it_and_a_bad_one_keeps_the_board(
    qtbot, window, tmp_path: Path
) -> None:
    window.set_assist(Assist.EVERYTHING)
    window.session.open_size(6)
    qtbot.waitUntil(lambda: window.session.n == 6)
    bad = BENCH.parent / "no-such-level.txt"
    assert not window.files.open_from(bad)
    assert window.session.n == 6
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        assert window.files.open_from(BENCH / "08-01.txt")
    qtbot.waitUntil(lambda: window.session.configurator.settled, timeout=20000)
    board = window.session.configurator
    assert isinstance(board.puzzle, LevelPuzzle) and board.is_solved and board.count == 1
    assert window.session.file_path is None and window.windowTitle() == "08-01.txt (8×8 level), solved[*]"
    assert window.commands.export_dimacs.isEnabled() and window.commands.export_smtlib.isEnabled()
    assert window.files.export_to(tmp_path / "level.cnf", "cnf")
    assert (tmp_path / "level.cnf").read_text() == "".join(formula(board.puzzle).dimacs())
    assert "Exported DIMACS CNF to level.cnf: the 8×8 level, 1,079 clauses" in window.status_line.text()


def test_a_level_checks_no_rules_and_choosing_a_family_leaves_it_as_one_step(qtbot, window) -> None:
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.files.open_from(BENCH / "08-01.txt")
    assert (
        window.rules_choice.box.currentIndex() == -1 and window.rules_choice.box.placeholderText() == "Level"
    )
    assert not any(action.isChecked() for action in window.rules_choice.group.actions())
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        next(a for a in window.rules_choice.group.actions() if a.data() == "no-touch").trigger()
    assert window.session.puzzle == FamilyPuzzle(8, "no-touch")
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.session.undo_stack.undo()
    assert isinstance(window.session.puzzle, LevelPuzzle)


def test_a_level_in_play_comes_back_after_a_kill_dash_9(tmp_path: Path) -> None:
    kept_boards = KeptBoards(tmp_path)
    level = BENCH / "10x2-01.txt"
    record = kept_boards.killed_and_restored(kept_boards.start(str(level), "--empty", "1,1"), 1)
    assert msgspec.convert(record["board"]["puzzle"], LevelPuzzle) == LevelPuzzle.of(read_level(level))
    assert record["board"]["decisions"] == [1]
    assert record["board"]["file"] == str(level) and record["board"]["level"] is True


def test_a_level_opened_unsaved_is_named_by_its_size_and_stars(qtbot, window) -> None:
    two_stars = LevelPuzzle.of(read_level(BENCH / "10x2-01.txt"))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.session.open(two_stars)
    assert window.windowTitle().startswith("10×10 two-star level")
    assert two_stars.title == "10×10 level, 2 stars"


def test_a_level_dropped_on_the_window_opens_and_a_drag_without_a_file_is_refused(qtbot, window) -> None:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(BENCH / "11-01.txt"))])
    point = QPointF(window.board.mapTo(window, window.board.rect().center()))
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.dropEvent(
            QDropEvent(
                point,
                Qt.DropAction.CopyAction,
                mime,
                Qt.MouseButton.LeftButton,
                Qt.KeyboardModifier.NoModifier,
            )
        )
    assert window.session.puzzle == LevelPuzzle.of(read_level(BENCH / "11-01.txt"))
    text = QMimeData()
    text.setText("AB")
    entered = QDragEnterEvent(
        point.toPoint(),
        Qt.DropAction.CopyAction,
        text,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dragEnterEvent(entered)
    assert not entered.isAccepted()
    carried = QDragEnterEvent(
        point.toPoint(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dragEnterEvent(carried)
    assert carried.isAccepted()


def test_the_level_window_bench_plays_each_level_in_the_window_as_the_engine_does(tmp_path: Path) -> None:
    """Two levels and a level with 90 solutions (the rows of 6×6: pieces on open squares too)."""
    for name in ("08-01.txt", "10x2-01.txt"):
        (tmp_path / name).write_text((BENCH / name).read_text())
    (tmp_path / "rows.txt").write_text("".join(symbol * 6 + "\n" for symbol in "ABCDEF"))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "bench",
            "--gui",
            "--level",
            str(tmp_path),
            "--clicks",
            "6",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    sizes = [(size["n"], size["stars"], size["assist"]) for size in report["sizes"]]
    assert sizes == [(n, stars, assist) for n, stars in ((6, 1), (8, 1), (10, 2)) for assist in ASSISTS]
    assert all(size["levels"] == 1 and size["clicks"] == 6 for size in report["sizes"])
    assert all(size["states_differ"] == 0 and size["build_ms"]["p50"] > 0 for size in report["sizes"])
    checked = [size for size in report["sizes"] if "check_ms" in size]
    assert [size["assist"] for size in checked] == ["cross-out"] * 3
    assert all(size["check_ms"]["p50"] > 0 and size["hint_shown_ms"]["p50"] > 0 for size in checked)


def test_a_level_with_many_solutions_has_its_heat_map_from_the_worker(qtbot, window, tmp_path: Path) -> None:
    rows = Level(tuple(symbol * 6 for symbol in "ABCDEF"))
    path = tmp_path / "rows.txt"
    path.write_text(rows.text())
    with qtbot.waitSignal(window.session.boardReplaced, timeout=20000):
        window.files.open_from(path)
    qtbot.waitUntil(lambda: window.session.configurator.view.cell_counts is not None, timeout=20000)
    every = level_oracle.solutions(rows)
    counts = window.session.configurator.view.cell_counts
    assert counts.tolist() == [[sum((r, c) in s for s in every) for c in range(6)] for r in range(6)]
    window.commands.heat.setChecked(True)
    assert not window.picture().heat and not window.commands.heat.isEnabled()
    window.set_assist(Assist.EVERYTHING, remember=False)
    assert window.picture().heat and window.legend.isVisible()


def test_a_level_with_a_mistake_comes_back_with_it_after_a_kill_dash_9(tmp_path: Path) -> None:
    """Under the default assist a mistake is kept, and so is it across a crash: two queens that
    touch, both restored."""
    kept_boards = KeptBoards(tmp_path)
    level = BENCH / "08-01.txt"
    started = kept_boards.start(str(level), "--queen", "1,1", "--queen", "2,2")
    record = kept_boards.killed_and_restored(started, 2)
    assert len(record["board"]["decisions"]) == 2
