"""Property tests: the configurator against the brute-force oracle, both backends, N <= 8."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState, Configurator, DecisionError, DecisionKind
from tests import oracle
from tests.properties import examples
from tests.spaces import space

BACKENDS = ["cudd", "autoref"]
SIZES = st.sampled_from([1, 4, 5, 6, 7, 8])
OPS = st.lists(
    st.tuples(st.sampled_from(["place", "mark", "retract"]), st.integers(0, 7), st.integers(0, 7)),
    max_size=12,
)
PROPERTY = examples(2.5)


def snapshot(cfg: Configurator) -> tuple:
    return (cfg.decisions, cfg.count, cfg.states(), cfg.cell_counts())


def assert_matches_oracle(cfg: Configurator, decisions: dict[Cell, DecisionKind]) -> None:
    n = cfg.n
    expected = oracle.remaining(n, decisions)
    assert cfg.count == len(expected)
    assert cfg.states() == oracle.states(n, decisions)
    assert cfg.cell_counts() == oracle.counts(n, expected)
    assert list(cfg.solutions()) == expected
    for i in {0, len(expected) // 2, len(expected) - 1}:
        assert cfg.solution(i) == expected[i]


def take_legal(cfg: Configurator, picks: list[tuple[int, int, bool]]) -> None:
    """Place (True) or mark (False) each picked square where that is legal; skip the others."""
    n = cfg.n
    for r, c, queen in picks:
        state = cfg.cell(r % n, c % n)
        if queen and state is CellState.OPEN:
            cfg.place(r % n, c % n)
        elif not queen and state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD):
            cfg.mark(r % n, c % n)


def apply(cfg: Configurator, decisions: dict[Cell, DecisionKind], op: str, cell: Cell) -> None:
    """Apply op to cfg and to the oracle's decisions; refusals must match and change nothing."""
    state = oracle.states(cfg.n, decisions)[cell.row][cell.col]
    legal = {
        "place": state in (CellState.OPEN, CellState.FORCED),
        "mark": state in (CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD),
        "retract": cell in decisions,
    }[op]
    before = snapshot(cfg)
    if not legal:
        with pytest.raises(DecisionError):
            getattr(cfg, op)(*cell)
        assert snapshot(cfg) == before
        return
    getattr(cfg, op)(*cell)
    if op == "retract":
        del decisions[cell]
    else:
        decisions[cell] = DecisionKind.QUEEN if op == "place" else DecisionKind.MARK


@pytest.mark.parametrize("backend", BACKENDS)
@PROPERTY
@given(n=SIZES, ops=OPS)
def test_every_answer_matches_brute_force(backend: str, n: int, ops: list) -> None:
    cfg = Configurator(space(n, backend))
    decisions: dict[Cell, DecisionKind] = {}
    assert_matches_oracle(cfg, decisions)
    for op, r, c in ops:
        apply(cfg, decisions, op, Cell(r % n, c % n))
        assert_matches_oracle(cfg, decisions)
        assert cfg.count > 0


@pytest.mark.parametrize("backend", BACKENDS)
@PROPERTY
@given(
    n=SIZES,
    picks=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.booleans()), max_size=10),
    data=st.data(),
)
def test_retracting_in_any_order_equals_never_deciding(backend: str, n: int, picks: list, data) -> None:
    cfg = Configurator(space(n, backend))
    take_legal(cfg, picks)
    taken = list(cfg.decisions)
    order = data.draw(st.permutations(taken))
    keep = data.draw(st.integers(0, len(taken)))
    for decision in order[keep:]:
        cfg.retract(*decision.cell)
    fresh = Configurator(space(n, backend))
    for decision in taken:
        if decision in order[:keep]:
            (fresh.place if decision.kind is DecisionKind.QUEEN else fresh.mark)(*decision.cell)
    assert cfg.states() == fresh.states()
    assert cfg.count == fresh.count
    assert cfg.cell_counts() == fresh.cell_counts()


@pytest.mark.parametrize("backend", BACKENDS)
@PROPERTY
@given(
    n=SIZES,
    picks=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.booleans()), max_size=8),
    target=st.tuples(st.integers(0, 7), st.integers(0, 7)),
)
def test_explanation_is_a_minimum_that_frees_the_square(backend: str, n: int, picks: list, target) -> None:
    cfg = Configurator(space(n, backend))
    take_legal(cfg, picks)
    cell = Cell(target[0] % n, target[1] % n)
    decisions = {d.cell: d.kind for d in cfg.decisions}
    retract = cfg.explain(*cell)
    expected = oracle.minimum_retraction(n, decisions, cell)
    if expected is None:
        assert retract is None
        return
    assert retract is not None and len(retract) == expected
    assert set(retract) <= set(decisions)
    for culprit in retract:
        cfg.retract(*culprit)
    assert cfg.cell(*cell).has_queen or cfg.cell(*cell) is CellState.OPEN
