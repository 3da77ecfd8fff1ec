"""What the status bar says of a count being worked out: "(updating…)" for at most three seconds, then what
it waits for; and that a proof can take minutes after five."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from app.gui.window.status_text import count_figure, counters, no_figure
from bdd_model.board import STATE_ORDER
from bdd_model.families import CLASSIC
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.solution_count import Estimate, SolutionCount

FIGURE = SolutionCount(None, 575, Estimate(1e54, 290.0, 4.4e126, 130))


def board(waited: float, settled: bool, counting: bool = True) -> SimpleNamespace:
    """What the status text reads of a board in the window."""
    codes = np.full((100, 100), STATE_ORDER.index(STATE_ORDER[3]), dtype=np.int8)
    view = SimpleNamespace(codes=codes, counting=counting, undecided=0 if settled else 2656)
    return SimpleNamespace(
        view=view,
        solution_count=FIGURE,
        waited=waited,
        settled=settled,
        slow=not settled and waited >= 1,
        is_solved=False,
        strict=True,
        name="SAT engine",
        puzzle=FamilyPuzzle.of(CLASSIC, 100),
        decisions=(),
    )


def test_updating_is_said_for_three_seconds_then_what_the_count_waits_for() -> None:
    assert count_figure(board(0.5, settled=False)) == (FIGURE, " (updating…)")
    assert count_figure(board(2.9, settled=True)) == (FIGURE, " (updating…)")
    assert count_figure(board(3.0, settled=False)) == (None, "counted once every square is proven")
    assert count_figure(board(40.0, settled=True))[1] == " (updating: counting more of the solutions)"
    assert count_figure(board(40.0, settled=True, counting=False))[1] == ""


def test_the_status_says_how_many_squares_are_proven_and_when_it_can_take_minutes() -> None:
    assert counters(board(0.5, settled=False)).startswith("proving 2,656 squares · ")  # type: ignore[arg-type]
    assert "a hard one can take seconds" in counters(board(2.0, settled=False))  # type: ignore[arg-type]
    late = counters(board(5.0, settled=False))  # type: ignore[arg-type]
    assert "a hard one can take minutes" in late and " · counted once every square is proven · " in late
    assert "575" not in late, "a figure kept from the decisions before is not shown past three seconds"


def test_a_count_not_known_yet_says_what_it_waits_for_after_three_seconds() -> None:
    unknown = board(1.0, settled=False)
    unknown.solution_count = None
    assert no_figure(unknown) == "counting…"  # type: ignore[arg-type]
    unknown.waited = 3.5
    assert no_figure(unknown) == "counted once every square is proven"  # type: ignore[arg-type]
    assert " · counted once every square is proven · " in counters(unknown)  # type: ignore[arg-type]
    unknown.settled = True
    assert no_figure(unknown) == "counting…"  # type: ignore[arg-type]
