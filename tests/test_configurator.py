"""The diagram's configurator at its edges: a forced queen the user pinned, a restore that would put
two queens in one row, and boards without solutions."""

from __future__ import annotations

import pytest

from bdd_model import Cell, CellState, Configurator, Decision, DecisionError, DecisionKind
from tests.cli_helpers import run
from tests.spaces import space


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
