"""Saved configurations: files written before open, and every configuration reads back as written."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, Decision, DecisionKind
from bdd_model.families import CLASSIC, family, names
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.saved_game import Configuration, SavedGameError, dumps, loads

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_configuration_saved_before_families_opens_as_classic_queens() -> None:
    found = loads((FIXTURES / "configuration-v1.nqueens.json").read_text())
    assert found == Configuration(
        FamilyPuzzle.of(CLASSIC, 8),
        (
            Decision(Cell(0, 0), DecisionKind.QUEEN),
            Decision(Cell(1, 6), DecisionKind.QUEEN),
            Decision(Cell(5, 5), DecisionKind.MARK),
        ),
    )


def test_a_configuration_saved_by_the_program_before_puzzles_opens_in_its_family() -> None:
    """``configuration-v1-toroidal.nqueens.json``, written by main 7d8a218: N and the family."""
    found = loads((FIXTURES / "configuration-v1-toroidal.nqueens.json").read_text())
    queen, mark = DecisionKind.QUEEN, DecisionKind.MARK
    assert found == Configuration(
        FamilyPuzzle(7, "toroidal"),
        (Decision(Cell(0, 0), queen), Decision(Cell(3, 4), mark), Decision(Cell(1, 2), queen)),
    )


def test_a_configuration_names_its_family() -> None:
    text = dumps(FamilyPuzzle(7, "toroidal"), [Decision(Cell(0, 0), DecisionKind.QUEEN)])
    assert '"family": "toroidal"' in text
    assert loads(text).puzzle.rules is family("toroidal")


def test_a_configuration_of_an_unknown_family_is_refused_in_one_line() -> None:
    text = dumps(FamilyPuzzle(7), []).replace('"queens"', '"chess\\nvariant"')
    with pytest.raises(SavedGameError, match=r"^unknown rules 'chess\\nvariant': choose one of queens, "):
        loads(text)


@given(n=st.integers(1, 100), rules=st.sampled_from(names()), data=st.data())
def test_every_configuration_reads_back_as_written(n: int, rules: str, data: st.DataObject) -> None:
    squares = data.draw(st.lists(st.integers(0, n * n - 1), unique=True, max_size=40))
    kinds = data.draw(
        st.lists(st.sampled_from(list(DecisionKind)), min_size=len(squares), max_size=len(squares))
    )
    decisions = [
        Decision(Cell(*divmod(square, n)), kind) for square, kind in zip(squares, kinds, strict=True)
    ]
    puzzle = FamilyPuzzle.of(family(rules), n)
    assert loads(dumps(puzzle, decisions)) == Configuration(puzzle, tuple(decisions))


def test_decisions_given_at_start_are_left_to_the_worker_when_not_proven_in_time(monkeypatch) -> None:
    """The window opens at once on a hard big board: what is not proven within ``START_CHECK``
    is the worker's to decide; what is refused within it is named before the window opens."""
    from bdd_model import saved_game
    from bdd_model.engines import engine_named

    monkeypatch.setattr(saved_game, "START_CHECK", 0.0)
    sat = engine_named("sat")
    left = [(0, 0), (1, 2), (2, 4), (3, 1), (4, 3), (5, 8), (6, 10), (7, 12), (8, 14), (9, 5), (10, 7)]
    hard = [Decision(Cell(r, c), DecisionKind.QUEEN) for r, c in left]
    assert saved_game.refusal(FamilyPuzzle(64), hard, sat, "auto", 12) is None
    monkeypatch.setattr(saved_game, "START_CHECK", 5.0)
    clash = [Decision(Cell(0, 0), DecisionKind.QUEEN), Decision(Cell(5, 5), DecisionKind.QUEEN)]
    assert saved_game.refusal(FamilyPuzzle(64), clash, sat, "auto", 12) == (
        "decision 2 cannot be taken: cannot place a queen on 6,6: it is in line with the queen at 1,1"
    )
    corner = [Decision(Cell(0, 0), DecisionKind.QUEEN)]
    assert saved_game.refusal(FamilyPuzzle(4), corner, sat, "auto", 12) == (
        "decision 1 cannot be taken: cannot place a queen on 1,1: no remaining solution has a queen there"
    )
