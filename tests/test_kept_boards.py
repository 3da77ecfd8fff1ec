"""The kept board's file: any board the window can reach, with its undo history, is written and
read back exactly; its size grows with the game, not with its square; what is written is never
more than what is read (one limit for both); every damaged file is refused with a reason."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.gui.mid_end.autosave import KEPT_STEPS
from app.gui.mid_end.kept_file import MAX_BYTES, header, kept_text, read_kept
from app.gui.mid_end.undo_commands import Board, BoardFile, Step
from bdd_model import Cell, Decision, DecisionKind, NQueensError
from bdd_model.puzzles import FamilyPuzzle
from tests.properties import examples

PROPERTY = examples()


def fields() -> dict:
    return header(1.5, False, None, "auto", None)


def random_decisions(rng: random.Random, n: int, count: int) -> tuple[Decision, ...]:
    cells = rng.sample([Cell(r, c) for r in range(n) for c in range(n)], min(count, n * n))
    return tuple(Decision(cell, rng.choice([DecisionKind.QUEEN, DecisionKind.MARK])) for cell in cells)


def play(rng: random.Random, moves: int, big: bool) -> tuple[list[Step], Board]:
    """A history as the window makes it: clicks that add decisions, retractions in any order,
    Free (some out, one in), Solve (several in), new sizes and opened files, and now and then a
    change in an order no click makes (a file with the same decisions reordered)."""
    board = Board(FamilyPuzzle(100 if big else rng.randint(1, 12)), (), None)
    steps: list[Step] = []
    for number in range(moves):
        n, decisions = board.n, board.decisions
        roll = rng.random()
        taken = {d.cell for d in decisions}
        free = [Cell(r, c) for r in range(n) for c in range(n) if Cell(r, c) not in taken]
        if roll < 0.06:
            m = rng.choice([n, rng.randint(1, 100)])
            opened = random_decisions(rng, m, rng.randint(0, 3 * m))
            after_board = Board(
                FamilyPuzzle(m), opened, BoardFile(Path(f"game-{number}.json"), rng.random() < 0.5)
            )
            steps.append(Step("board", print, board, after_board, f"Size {m}×{m}"))
            board = after_board
            continue
        if roll < 0.3 and decisions:
            out = rng.sample(decisions, rng.randint(1, min(3, len(decisions))))
            after = tuple(d for d in decisions if d not in out)
            if free and rng.random() < 0.3:
                after = (*after, Decision(rng.choice(free), DecisionKind.QUEEN))
        elif roll < 0.33 and len(decisions) > 1:
            after = tuple(rng.sample(decisions, len(decisions)))
        elif free:
            added = rng.sample(free, min(len(free), rng.choice([1, 1, 1, 5])))
            after = (*decisions, *(Decision(cell, rng.choice(list(DecisionKind))) for cell in added))
        else:
            continue
        steps.append(Step("decisions", print, decisions, after, f"Step {number}"))
        board = Board(FamilyPuzzle(n), after, board.file)
    return steps, board


def as_read(step: Step) -> tuple:
    return (step.kind, step.text(), step.before, step.after)


@PROPERTY
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_any_history_is_read_back_exactly(seed: int, moves: int) -> None:
    rng = random.Random(seed)
    steps, board = play(rng, moves, big=False)
    shown = board
    if board.decisions and rng.random() < 0.3:
        shown = Board(board.puzzle, board.decisions[:-1], board.file)
    text = kept_text(fields(), steps, shown, {})
    saved = read_kept("x", text)
    assert saved.board == shown
    assert [as_read_tuple for as_read_tuple in saved.steps] == [as_read(step) for step in steps]


def test_the_biggest_board_with_a_long_history_fits_and_grows_linearly() -> None:
    rng = random.Random(3)
    sizes = []
    for moves in (50, 150, 300, 1000):
        steps, board = play(rng, moves, big=True)
        text = kept_text(fields(), steps[-KEPT_STEPS:], board, {})
        sizes.append(len(text))
        assert len(text) <= MAX_BYTES
        saved = read_kept("x", text)
        assert [s for s in saved.steps] == [as_read(step) for step in steps[-KEPT_STEPS:]]
    full = Board(
        FamilyPuzzle(100),
        tuple(Decision(Cell(r, c), DecisionKind.MARK) for r in range(100) for c in range(100)),
        None,
    )
    steps = [
        Step("decisions", print, full.decisions[:k], full.decisions[: k + 1], "Mark")
        for k in range(9800, 9999)
    ]
    last = Board(FamilyPuzzle(100), full.decisions[:9999], None)
    text = kept_text(fields(), steps, last, {})
    assert len(text) < 200_000, "10,000 decisions and 200 steps in well under a megabyte"
    assert read_kept("x", text).board == last


def test_only_the_newest_steps_are_kept_when_a_history_would_pass_the_limit(monkeypatch) -> None:
    import app.gui.mid_end.kept_file as autosave

    monkeypatch.setattr(autosave, "MAX_BYTES", 3000)
    rng = random.Random(5)
    steps, board = play(rng, 200, big=False)
    text = autosave.kept_text(fields(), steps, board, {})
    assert len(text) <= 3000
    saved = autosave.read_kept("x", text)
    assert 0 < len(saved.steps) < len(steps)
    assert [s for s in saved.steps] == [as_read(step) for step in steps[-len(saved.steps) :]]


def test_a_step_written_once_is_not_written_again() -> None:
    rng = random.Random(7)
    steps, board = play(rng, 40, big=False)
    fragments: dict = {}
    kept_text(fields(), steps, board, fragments)
    assert len(fragments) == len(steps)
    before = {key: text for key, (_, text) in fragments.items()}
    kept_text(fields(), steps[10:], board, fragments)
    assert set(fragments) == {id(step) for step in steps[10:]}
    assert all(fragments[key][1] is before[key] for key in fragments)


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.update(version=1),
        lambda r: r["board"].update(n=101),
        lambda r: r["board"].update(decisions=[0, 0]),
        lambda r: r["board"].update(decisions=[2 * 64]),
        lambda r: r["steps"].append(["change", "x", [99], [[0, 0, 0]], 0]),
        lambda r: r["steps"].append(["change", "x", [], [], 99]),
        lambda r: r["steps"].append(["board", "x", {"n": 3, "decisions": []}, {"n": 5, "decisions": []}]),
        lambda r: r["steps"].append(["mystery", "x"]),
        lambda r: r.update(engine="quantum"),
        lambda r: r.update(saved_at="noon"),
    ],
)
def test_damaged_files_are_refused_with_a_reason(damage) -> None:
    board = Board(FamilyPuzzle(8), (Decision(Cell(0, 0), DecisionKind.QUEEN),), None)
    steps = [Step("decisions", print, (), board.decisions, "Queen on 1,1")]
    record = json.loads(kept_text(fields(), steps, board, {}))
    damage(record)
    with pytest.raises((ValueError, NQueensError, KeyError, IndexError, TypeError)):
        read_kept("x", json.dumps(record))


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_board_kept_by_the_version_before_opens_with_its_history() -> None:
    """A file as windows kept boards before version 3 (``autosave-v2.json``, written by main
    acf5993): steps on an 8×8 board, an opened 12×12 file, and a queen on it."""
    saved = read_kept("old", (FIXTURES / "autosave-v2.json").read_text())
    queen, mark = DecisionKind.QUEEN, DecisionKind.MARK
    twelve = BoardFile(Path("/home/someone/games/twelve.nqueens.json"))
    opened = (Decision(Cell(0, 1), queen), Decision(Cell(2, 3), mark))
    assert saved.board == Board(FamilyPuzzle(12), (*opened, Decision(Cell(11, 11), queen)), twelve)
    assert saved.saved_back is None and saved.clean is False and saved.engine == "auto"
    first, solved = (Decision(Cell(0, 0), queen),), (Decision(Cell(1, 6), queen), Decision(Cell(5, 5), mark))
    assert [(kind, text) for kind, text, _, _ in saved.steps] == [
        ("decisions", "Queen on 1,1"),
        ("decisions", "Solve"),
        ("decisions", "Remove queen from 1,1"),
        ("decisions", "Open reordered"),
        ("board", "Open twelve.nqueens.json"),
        ("decisions", "Queen on 12,12"),
    ]
    assert [after for _, _, _, after in saved.steps[:4]] == [first, (*first, *solved), solved, solved[::-1]]
    assert saved.steps[4][2] == Board(FamilyPuzzle(8), solved[::-1], None) and saved.steps[4][3] == Board(
        FamilyPuzzle(12), opened, twelve
    )


def test_a_board_kept_with_the_place_of_its_save_reads_it() -> None:
    assert read_kept("old", (FIXTURES / "autosave-v2-saved-back.json").read_text()).saved_back == 2


def test_a_board_kept_by_the_version_before_puzzles_opens_with_its_history() -> None:
    """``autosave-v3.json``, written by main 7d8a218: boards as N and a family, an 8×8 game, a
    change to superqueens, an opened 10×10 file and a mark on it, on the SAT engine."""
    saved = read_kept("old", (FIXTURES / "autosave-v3.json").read_text())
    queen, mark = DecisionKind.QUEEN, DecisionKind.MARK
    knights = BoardFile(Path("/home/someone/games/knights.nqueens.json"))
    ten, eight = FamilyPuzzle(10, "superqueens"), FamilyPuzzle(8)
    opened = (Decision(Cell(0, 2), queen),)
    assert saved.board == Board(ten, (*opened, Decision(Cell(5, 5), mark)), knights)
    assert (saved.engine, saved.clean, saved.saved_back, saved.saved_at) == ("sat", False, 1, 1764330000.5)
    assert [(kind, text) for kind, text, _, _ in saved.steps] == [
        ("decisions", "Queen on 1,1"),
        ("decisions", "Queen on 2,5"),
        ("board", "Superqueens rules"),
        ("board", "Open knights.nqueens.json"),
        ("decisions", "Mark 6,6"),
    ]
    two = (Decision(Cell(0, 0), queen), Decision(Cell(1, 4), queen))
    assert saved.steps[2][2:] == (Board(eight, two, None), Board(ten, (), None))
    assert saved.steps[3][3] == Board(ten, opened, knights)
