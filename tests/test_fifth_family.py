"""One module is enough: non-attacking rooks, registered from this file alone through the public
registry, answered by the command line's main() and by both engines (N! solutions)."""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cli.nqueens import main
from bdd_model import Cell, CellState, Configurator, SolutionSpace
from bdd_model.families import Drift, RuleFamily, family, names, register
from bdd_model.sat.engine import SatEngine

ROOKS = RuleFamily(
    name="rooks",
    title="Rooks",
    piece="rook",
    about="No two rooks share a row or a column.",
    attacked_by="in the row or column of",
    drifts=(Drift("column", 0),),
    known=tuple(math.factorial(n) for n in range(1, 11)),
    sequence="n! (OEIS A000142)",
)


@pytest.fixture(autouse=True)
def rooks(monkeypatch: pytest.MonkeyPatch) -> Iterator[RuleFamily]:
    """The registry with rooks in it, for this test only."""
    import bdd_model.families as registry

    monkeypatch.setattr(registry, "_FAMILIES", dict(registry._FAMILIES))
    yield register(ROOKS)


def rook_states(n: int, queens: dict[Cell, bool]) -> list[list[CellState]]:
    """Every square's state by definition: the permutations that keep the decisions."""
    solutions = [
        p
        for p in itertools.permutations(range(n))
        if all((p[cell.row] == cell.col) == queen for cell, queen in queens.items())
    ]
    grid: list[list[CellState]] = []
    for r in range(n):
        row = []
        for c in range(n):
            through = sum(p[r] == c for p in solutions)
            if Cell(r, c) in queens:
                row.append(CellState.QUEEN if queens[Cell(r, c)] else CellState.MARKED)
            elif through == len(solutions):
                row.append(CellState.FORCED)
            elif through:
                row.append(CellState.OPEN)
            else:
                row.append(CellState.ATTACKED)
        grid.append(row)
    return grid


def test_the_registry_finds_the_new_family_by_name() -> None:
    assert family("rooks") is ROOKS and "rooks" in names()


@pytest.mark.parametrize("n", [1, 4, 6])
def test_the_command_line_counts_it(n: int, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["count", str(n), "--rules", "rooks"]) == 0
    assert capsys.readouterr().out.strip() == str(math.factorial(n))
    target = tmp_path / "rooks.cnf"
    assert main(["generate", str(n), "--rules", "rooks", "--output", str(target)]) == 0
    header = target.read_text().splitlines()[0]
    assert header == f"p cnf {n * n} {n + 2 * n * (n * (n - 1) // 2)}"
    assert "Generating CNF for" in capsys.readouterr().out


def test_the_command_line_states_it_on_both_engines(capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for engine in ("bdd", "sat"):
        argv = [
            "state",
            "5",
            "--rules",
            "rooks",
            "--engine",
            engine,
            "--queen",
            "1,1",
            "--empty",
            "2,2",
            "--json",
        ]
        assert main(argv) == 0
        reports.append(json.loads(capsys.readouterr().out))
    for report in reports:
        assert report["rules"] == "rooks" and report["solutions"] == 18
        assert [2, 3] in report["open"] and [3, 3] in report["open"]
        assert [2, 1] in report["blocked"] and [1, 2] in report["blocked"]
    assert {k: v for k, v in reports[0].items() if k != "engine"} == {
        k: v for k, v in reports[1].items() if k != "engine"
    }


def test_the_command_line_solves_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "4", "--rules", "rooks", "--all"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Solving for 4-Queens (rooks)...") and "Found 24 unique solutions for N=4" in out


@pytest.mark.parametrize("n", [4, 5])
def test_both_engines_answer_every_square(n: int) -> None:
    diagram = Configurator(SolutionSpace.compile(n, "cudd", rules=ROOKS))
    solver = SatEngine(n, rules=ROOKS)
    decisions: dict[Cell, bool] = {}
    for cell, queen in [(Cell(0, 1), True), (Cell(2, 2), False), (Cell(1, 0), True)]:
        for engine in (diagram, solver):
            (engine.place if queen else engine.mark)(*cell)
        decisions[cell] = queen
        expected = rook_states(n, decisions)
        assert diagram.states() == expected and solver.states() == expected
        figure = solver.solution_count()
        assert figure is not None and figure.exact == diagram.count
    assert diagram.explain(3, 1) == solver.explain(3, 1) == [Cell(0, 1)]
