"""Arguments and settings: linear decision parsing (counted, not timed), strict numbers, empty
paths, the memory cap, and the window refusing contradictory decisions like the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import app.options
from app.cli.nqueens import build_parser as cli_parser
from app.gui.mid_end.board_sources import IN_PROCESS_MAX_N
from app.gui.nqueens_gui import build_parser
from app.gui.nqueens_gui import build_parser as gui_parser
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.decisions import first_conflict
from bdd_model.engines.diagram_engine import DIAGRAM
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import refusal
from tests.cli_helpers import run
from tests.gui_helpers import run_gui


def _work(parse: Callable[[], object]) -> int:
    """Python 'call' and 'line' events while ``parse`` runs: a measure of work that does not
    depend on how busy the machine is."""
    events = 0

    def count(frame, event, arg):  # type: ignore[no-untyped-def]
        nonlocal events
        events += 1
        return count

    sys.settrace(count)
    try:
        parse()
    finally:
        sys.settrace(None)
    return events


@pytest.mark.parametrize(
    ("parser", "head"),
    [(cli_parser, ["state", "8"]), (gui_parser, ["8"])],
)
def test_decisions_parse_in_linear_work(parser: Callable, head: list[str]) -> None:
    def parse(k: int) -> Callable[[], object]:
        argv = [*head, *["--queen", "1,1", "--empty=2,3", "--que", "4,4"] * (k // 3)]
        return lambda: parser().parse_args(argv)

    one, two, four = (_work(parse(k)) for k in (1000, 2000, 4000))
    assert 1.7 < (four - two) / (two - one) < 2.5, (one, two, four)  # quadratic work gives 4
    assert len(parser().parse_args([*head, *["--queen", "1,1"] * 4000]).decisions) == 4000


@pytest.mark.parametrize(
    "argv",
    [
        ["8", "--queen", "1,1", "--empty", "2,2", "--queen=3,3", "--emp=4,4", "--q", "5,5"],
        ["--queen", "1,1", "8", "--screenshot", "x.png", "--queen", "2,2"],
        ["8", "--queen", "1,1", "--", "--queen"],
        ["8", "--queen", "-5"],
        ["8", "--queen"],
        ["8", "--queen", "--empty", "1,1"],
        ["8", "--queen", ""],
        ["8", "--queen=", "--empty", "x"],
        ["8", "--queen 1,1"],
        ["8", "--screenshot", "--queen.png"],
        ["8", "--q=1,1", "--e", "2,2", "--explain", "3,3"],
    ],
)
def test_the_linear_shortcut_reads_exactly_as_argparse_does(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    def outcome() -> object:
        try:
            args = gui_parser().parse_args(argv)
        except SystemExit as exit_:
            return exit_.code, capsys.readouterr().err
        return vars(args)

    ours = outcome()
    monkeypatch.setattr(app.options, "_take_decisions", lambda parser, arguments: None)
    assert ours == outcome()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["count", "²"], "argument N: N must be a whole number, not '²'"),
        (["count", "٣"], "argument N: N must be a whole number, not '٣'"),
        (["count", "1_0"], "argument N: N must be a whole number, not '1_0'"),
        (["state", "8", "--queen", "١,١"], "cell '١,١' is not of the form ROW,COL"),
        (["state", "8", "--explain", "2,٣"], "cell '2,٣' is not of the form ROW,COL"),
        (["bench", "--seed", "٣"], "argument --seed: '٣' is not a whole number"),
        (["bench", "--clicks", "²"], "argument --clicks: '²' is not a whole number"),
        (["solve", "8", "--limit", "1_000"], "argument --limit: '1_000' is not a whole number"),
        (["generate", "4", "-o", ""], "argument -o/--output: a file name must not be empty"),
        (["smtlib", "4", "--output="], "argument -o/--output: a file name must not be empty"),
        (["show", "", "--n", "4"], "argument FILE: a file name must not be empty"),
    ],
)
def test_bad_numbers_and_empty_paths_name_the_argument(capsys, argv: list[str], message: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(f"nqueens: error: {message}") and err.count("\n") == 1


@pytest.mark.parametrize("value", ["x", "0", "-5", " 100", "1.5", "١٠٠", "9" * 5000])
def test_a_memory_limit_that_is_not_a_positive_number_is_bad_input(
    capsys, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("NQUEENS_MEMORY_LIMIT_MB", value)
    status, out, err = run(capsys, "count", "5")
    if value == "9" * 5000:
        assert (status, out, err) == (0, "10\n", "")  # a huge cap is a valid cap
        return
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(
        "nqueens: error: NQUEENS_MEMORY_LIMIT_MB must be a positive whole number of megabytes"
    )


def test_the_window_and_its_compile_child_refuse_a_bad_memory_limit(tmp_path: Path) -> None:
    env = {**os.environ, "NQUEENS_MEMORY_LIMIT_MB": "lots"}
    result = subprocess.run([sys.executable, "-m", "app", "8"], capture_output=True, text=True, env=env)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("nqueens-gui: error: NQUEENS_MEMORY_LIMIT_MB must be")
    worker = subprocess.run(
        [sys.executable, "-m", "app.gui.workers.compile_worker", '{"n": 6}'],
        capture_output=True,
        text=True,
        env=env,
    )
    assert worker.returncode == 2 and "NQUEENS_MEMORY_LIMIT_MB must be" in worker.stdout


@pytest.mark.parametrize("megabytes", [1, 100, 180, 240, 320, 1000])
def test_a_low_memory_cap_ends_in_one_line_never_another_backend(tmp_path: Path, megabytes: int) -> None:
    """Too low a cap: one line and exit 1; no traceback, no message of CUDD's own, and never a
    silent switch to the pure-Python backend (cudd's import once failed under a low cap)."""
    env = {**os.environ, "NQUEENS_MEMORY_LIMIT_MB": str(megabytes), "NQUEENS_CACHE_DIR": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "count", "11", "-v"], capture_output=True, text=True, env=env
    )
    if result.returncode == 0:
        assert result.stdout == "2680\n" and "BDD nodes (cudd)" in result.stderr
    else:
        assert (result.returncode, result.stdout, result.stderr) == (
            1,
            "",
            "nqueens: error: ran out of memory\n",
        )
    assert megabytes != 1000 or result.returncode == 0


def _decisions(*spec: tuple[int, int, str]) -> list[Decision]:
    kinds = {"Q": DecisionKind.QUEEN, "x": DecisionKind.MARK}
    return [Decision(Cell(r, c), kinds[k]) for r, c, k in spec]


def test_the_pairwise_check_finds_squares_taken_twice_and_queens_in_line() -> None:
    assert first_conflict(FamilyPuzzle(8), _decisions((0, 0, "Q"), (1, 2, "Q"), (2, 4, "x"))) is None
    assert (
        first_conflict(FamilyPuzzle(8), _decisions((0, 0, "Q"), (3, 3, "x"), (3, 3, "Q")))
        == "decisions 2 and 3 are both on 4,4"
    )
    assert first_conflict(FamilyPuzzle(8), _decisions((0, 0, "Q"), (4, 5, "Q"), (2, 2, "Q"))) == (
        "decisions 1 and 3: queens on 1,1 and 3,3 attack each other"
    )
    assert first_conflict(FamilyPuzzle(8), _decisions((0, 4, "Q"), (4, 0, "Q"))) == (
        "decisions 1 and 2: queens on 1,5 and 5,1 attack each other"
    )


def test_the_pairwise_check_follows_the_family() -> None:
    """Diagonals wrap on the torus; a superqueen also leaps as a knight; no-touch pieces only
    keep off each other's neighbours."""
    wrapped = _decisions((0, 0, "Q"), (1, 7, "Q"))
    assert first_conflict(FamilyPuzzle(8), wrapped) is None
    assert first_conflict(FamilyPuzzle(8, "toroidal"), wrapped) == (
        "decisions 1 and 2: queens on 1,1 and 2,8 attack each other"
    )
    knight = _decisions((0, 0, "Q"), (1, 2, "Q"))
    assert first_conflict(FamilyPuzzle(8, "superqueens"), knight) == (
        "decisions 1 and 2: superqueens on 1,1 and 2,3 attack each other"
    )
    far_diagonal = _decisions((0, 0, "Q"), (2, 2, "Q"))
    assert first_conflict(FamilyPuzzle(8, "no-touch"), far_diagonal) is None
    assert first_conflict(FamilyPuzzle(8, "no-touch"), _decisions((0, 0, "Q"), (1, 1, "Q"))) is not None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["8", "--queen", "1,1", "--queen", "1,2"],
            "decision 2 cannot be taken: cannot place a queen on 1,2",
        ),
        (
            ["8", "--queen", "1,1", "--queen", "2,3"],
            "decision 2 cannot be taken: cannot place a queen on 2,3",
        ),
        (
            ["13", "--queen", "1,1", "--queen", "2,2"],
            "decision 2 cannot be taken: cannot place a queen on 2,2",
        ),
        (
            ["13", "--empty", "3,3", "--queen", "3,3"],
            "decision 2 cannot be taken: cannot place a queen on 3,3",
        ),
        (
            ["13", "--engine", "bdd", "--queen", "1,1", "--queen", "2,2"],
            "queens on 1,1 and 2,2 attack each other",
        ),
        (["13", "--engine", "bdd", "--empty", "3,3", "--queen", "3,3"], "decisions 1 and 2 are both on 3,3"),
    ],
)
def test_the_window_refuses_contradictory_decisions_before_it_opens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str], message: str
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "empty-cache"))
    result = run_gui(tmp_path, *argv)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("nqueens-gui: error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1


def test_the_very_first_start_builds_its_board_in_the_window_which_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking the command line's decisions built the board before the window (which then
    said "from the cache"): without decisions nothing is checked, nothing built."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / "fresh-cache"))
    assert refusal(FamilyPuzzle(8), [], DIAGRAM, "auto", IN_PROCESS_MAX_N) is None
    assert not (tmp_path / "fresh-cache").exists() or not any((tmp_path / "fresh-cache").iterdir())
    assert refusal(
        FamilyPuzzle(8), [Decision(Cell(0, 0), DecisionKind.QUEEN)] * 2, DIAGRAM, "auto", IN_PROCESS_MAX_N
    )


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


def test_gui_options_may_be_abbreviated() -> None:
    args = build_parser().parse_args(["8", "--que", "1,1", "--emp", "2,2", "--queen", "3,3"])
    assert args.decisions == [("queen", "1,1"), ("empty", "2,2"), ("queen", "3,3")]


def test_gui_errors_name_the_gui(tmp_path: Path) -> None:
    result = run_gui(tmp_path, "8", "--queen", "9,9", "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2 and result.stderr.startswith("nqueens-gui: error: cell 9,9")
