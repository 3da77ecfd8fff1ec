"""Saved configurations: files written before open, and every configuration reads back as written."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, Decision, DecisionKind
from bdd_model.saved_game import dumps, loads

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_configuration_saved_before_opens() -> None:
    n, decisions = loads((FIXTURES / "configuration-v1.nqueens.json").read_text())
    assert n == 8 and decisions == [
        Decision(Cell(0, 0), DecisionKind.QUEEN),
        Decision(Cell(1, 6), DecisionKind.QUEEN),
        Decision(Cell(5, 5), DecisionKind.MARK),
    ]


@given(n=st.integers(1, 100), data=st.data())
def test_every_configuration_reads_back_as_written(n: int, data: st.DataObject) -> None:
    squares = data.draw(st.lists(st.integers(0, n * n - 1), unique=True, max_size=40))
    kinds = data.draw(
        st.lists(st.sampled_from(list(DecisionKind)), min_size=len(squares), max_size=len(squares))
    )
    decisions = [
        Decision(Cell(*divmod(square, n)), kind) for square, kind in zip(squares, kinds, strict=True)
    ]
    assert loads(dumps(n, decisions)) == (n, decisions)
