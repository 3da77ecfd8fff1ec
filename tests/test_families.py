"""Rule families on both engines against an independent brute-force oracle and OEIS: the counts of
every family's empty boards, every square's state under random decisions, and the two engines
agreeing click for click."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bench.engine_bench import run_sat_bench
from bdd_model import Cell, CellState, Configurator, DecisionError, DecisionKind
from bdd_model.diagram.verification import first_illegal_edge, is_placement
from bdd_model.engine import Engine
from bdd_model.families import UnknownFamily, family, names
from bdd_model.families.rule_family import Drift, RuleFamily
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels import geometry
from tests import oracle
from tests.properties import examples
from tests.spaces import space

FAMILIES = ("queens", "toroidal", "superqueens", "no-touch")
PROPERTY = examples(2 / 3)
SIZES = {"queens": [4, 5, 6, 7, 8], "toroidal": [5, 7], "superqueens": [8, 10, 11], "no-touch": [4, 5, 6, 7]}
"""Sizes for the random decisions, small enough for the oracle's search: with solutions, but for
superqueens 8×8 (every square closed) beside 10×10 and 11×11, their first sizes with solutions."""
SLOW_COMPILES = {("queens", 12), ("queens", 13), ("no-touch", 12), ("no-touch", 13)} | {
    (rules, n) for rules in FAMILIES for n in (14, 15)
}
"""Diagrams that take more than a second to compile (the others up to 13 take under one)."""
LARGEST_CHECKED = {"queens": 13, "toroidal": 15, "superqueens": 15, "no-touch": 15}
"""The largest diagram counted per family; the classic 14×14 and 15×15 take 2 and 15 minutes."""


def test_the_registry_lists_the_four_families_classic_first() -> None:
    assert names() == ["queens", "no-touch", "superqueens", "toroidal"]
    with pytest.raises(UnknownFamily) as refused:
        family("atomic")
    assert str(refused.value) == (
        "unknown rules 'atomic': choose one of queens, no-touch, superqueens, toroidal"
    )


@pytest.mark.parametrize(
    ("rules", "n"),
    [
        pytest.param(rules, n, marks=[pytest.mark.slow] if (rules, n) in SLOW_COMPILES else [])
        for rules in FAMILIES
        for n in range(1, LARGEST_CHECKED[rules] + 1)
    ],
)
def test_every_diagram_counts_its_families_oeis_term(rules: str, n: int) -> None:
    """A051906 (toroidal) and A051223 (superqueens) to 13, A000170 and A002464 to 11 on every
    run; with --run-slow A000170 to 13 and the others to 15, each family's largest N."""
    assert space(n, "cudd", family(rules)).count == oracle.SEQUENCES[rules][n - 1]


@pytest.mark.parametrize("rules", FAMILIES)
@pytest.mark.parametrize("n", range(1, 11))
def test_the_sat_engine_counts_every_empty_board_exactly(rules: str, n: int) -> None:
    """Up to 10×10 the empty board's count is the sum of the engine's exact counts of boards
    with queens in the first rows, split row by row until each is counted (counted, not looked
    up; no-touch 10×10: 479,306); a size the family declares empty takes no queen and closes
    every square."""
    engine = SatEngine(n, rules=family(rules))
    expected = oracle.SEQUENCES[rules][n - 1]
    engine.settle()
    if expected == 0:
        figure = engine.solution_count()
        assert figure is not None and figure.exact == 0
        assert not any(state is CellState.OPEN for row in engine.states() for state in row)
        return
    assert sum(census(engine, 0, col) for col in range(n)) == expected


def census(engine: SatEngine, row: int, col: int) -> int:
    """The solutions with a queen on (row, col) besides the engine's decisions, counted exactly
    by the engine, split on the next row while it only estimates them."""
    if engine.cell(row, col) not in (CellState.OPEN, CellState.FORCED):
        return 0
    engine.place(row, col)
    engine.settle()
    figure = engine.solution_count()
    assert figure is not None and not figure.known
    total = (
        figure.exact if figure.exact is not None else sum(census(engine, row + 1, c) for c in range(engine.n))
    )
    engine.retract(row, col)
    return total


def decisions_of(engine: Engine) -> dict[Cell, DecisionKind]:
    return {d.cell: d.kind for d in engine.decisions}


def take(engine: Engine, decisions: dict[Cell, DecisionKind], rules: str, op: str, cell: Cell) -> None:
    """Apply ``op`` to the engine and to the oracle's decisions; a refusal must match the
    oracle's states and change nothing (a board without solutions takes no decision)."""
    state = oracle.states(engine.n, decisions, rules)[cell.row][cell.col]
    legal = (
        bool(oracle.all_solutions(engine.n, rules))
        and {
            "place": state in (CellState.OPEN, CellState.FORCED),
            "mark": state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD),
            "retract": cell in decisions,
        }[op]
    )
    before = engine.decisions
    if not legal:
        with pytest.raises(DecisionError):
            getattr(engine, op)(*cell)
        assert engine.decisions == before
        return
    getattr(engine, op)(*cell)
    if op == "retract":
        del decisions[cell]
    else:
        decisions[cell] = DecisionKind.QUEEN if op == "place" else DecisionKind.MARK


OPS = st.lists(
    st.tuples(st.sampled_from(["place", "mark", "retract"]), st.integers(0, 8), st.integers(0, 8)),
    max_size=10,
)


@pytest.mark.parametrize("engine_name", ["bdd", "sat"])
@pytest.mark.parametrize("rules", FAMILIES)
@PROPERTY
@given(data=st.data(), ops=OPS)
def test_every_square_matches_the_oracle_under_random_decisions(
    engine_name: str, rules: str, data: st.DataObject, ops: list
) -> None:
    n = data.draw(st.sampled_from(SIZES[rules]))
    engine: Engine = (
        Configurator(space(n, "cudd", family(rules)))
        if engine_name == "bdd"
        else SatEngine(n, rules=family(rules))
    )
    decisions: dict[Cell, DecisionKind] = {}
    for op, r, c in ops:
        take(engine, decisions, rules, op, Cell(r % n, c % n))
        assert engine.states() == oracle.states(n, decisions, rules)
        remaining = len(oracle.remaining(n, decisions, rules))
        figure = engine.solution_count()
        assert figure is not None and figure.exact == remaining


@pytest.mark.parametrize("engine_name", ["bdd", "sat"])
@pytest.mark.parametrize("rules", FAMILIES)
@PROPERTY
@given(
    data=st.data(),
    picks=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8), st.booleans()), max_size=6),
    target=st.tuples(st.integers(0, 8), st.integers(0, 8)),
)
def test_every_explanation_is_a_smallest_retraction(
    engine_name: str, rules: str, data: st.DataObject, picks: list, target: tuple[int, int]
) -> None:
    n = data.draw(st.sampled_from(SIZES[rules]))
    engine: Engine = (
        Configurator(space(n, "cudd", family(rules)))
        if engine_name == "bdd"
        else SatEngine(n, rules=family(rules))
    )
    for r, c, queen in picks if oracle.all_solutions(n, rules) else []:
        state = engine.states()[r % n][c % n]
        if queen and state is CellState.OPEN:
            engine.place(r % n, c % n)
        elif not queen and state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD):
            engine.mark(r % n, c % n)
    cell = Cell(target[0] % n, target[1] % n)
    expected = oracle.minimum_retraction(n, decisions_of(engine), cell, rules)
    found = engine.explain(*cell)
    if expected is None:
        assert found is None
    else:
        assert found is not None and len(found) == expected
        assert set(found) <= set(decisions_of(engine))


@pytest.mark.parametrize(
    ("rules", "n"),
    [("queens", 10), ("toroidal", 7), ("superqueens", 10), ("no-touch", 8), ("no-touch", 10)],
)
def test_the_sat_engine_answers_as_the_diagram_click_for_click(rules: str, n: int) -> None:
    """Random clicks on the diagram: states, counts and explanation sizes the same on both
    engines (the bench raises on the first difference)."""
    result = run_sat_bench(n, clicks=25, seed=n, rules=family(rules))
    assert result.agrees_with_bdd and result.clicks > 0


def test_a_family_without_solutions_at_a_size_is_answered_at_once() -> None:
    """Toroidal 8×8 (gcd(8, 6) ≠ 1): both engines say none, every square closed, no decision."""
    for engine in (
        Configurator(space(8, "cudd", family("toroidal"))),
        SatEngine(8, rules=family("toroidal")),
    ):
        assert engine.count == 0
        assert all(state.is_closed for row in engine.states() for state in row)
        with pytest.raises(DecisionError, match="the 8×8 toroidal board has no solution"):
            engine.place(0, 0)


@pytest.mark.parametrize(
    ("drifts", "leaps"),
    [
        ((Drift("diagonal", 1),), ()),
        ((Drift("column", 0, wraps=True),), ()),
        ((Drift("column", 0), Drift("steep", 2)), ()),
        ((Drift("column", 0),), ((0, 1),)),
        ((Drift("column", 0),), ((1, -2),)),
    ],
)
def test_a_family_the_engines_cannot_take_is_refused_when_written(drifts: tuple, leaps: tuple) -> None:
    with pytest.raises(ValueError, match="odd: "):
        RuleFamily("odd", "Odd", "piece", "", "", drifts, leaps)


@pytest.mark.parametrize("rules", FAMILIES)
def test_the_kernels_number_each_line_as_the_family_does(rules: str) -> None:
    for n in (1, 5, 8, 13):
        assert (geometry.line_table(geometry.of(family(rules)), n) == family(rules).line_ids(n)).all()


@pytest.mark.parametrize("rules", FAMILIES)
def test_a_placement_passes_the_diagrams_check_exactly_when_the_oracle_calls_it_a_solution(
    rules: str,
) -> None:
    rng = random.Random(rules)
    for n in (5, 7, 8, *SIZES[rules]):
        solutions = set(oracle.all_solutions(n, rules))
        assert all(is_placement(solution, n, family(rules)) for solution in solutions)
        for _ in range(300):
            placement = tuple(rng.sample(range(n), n))
            assert is_placement(placement, n, family(rules)) == (placement in solutions)


@pytest.mark.parametrize("rules", FAMILIES)
@pytest.mark.parametrize("n", range(1, 11))
def test_every_path_of_a_familys_diagram_passes_the_check_of_its_moves(rules: str, n: int) -> None:
    assert first_illegal_edge(space(n, "cudd", family(rules)).diagram, family(rules)) is None
