"""The row layers as the window draws them: live edges are exactly those on remaining solutions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, Configurator
from bdd_model.diagram.layer_view import LayerView
from tests import oracle
from tests.properties import examples
from tests.spaces import space
from tests.test_configurator_properties import take_legal


def live_paths(view: LayerView) -> int:
    """Paths from the root to TRUE along live edges only, counted from scratch."""
    ways = {(0, 0): 1} if view.widths[0] else {}
    for edge in sorted(view.edges, key=lambda e: e.row):
        if edge.alive:
            key = (edge.row + 1, edge.target)
            ways[key] = ways.get(key, 0) + ways.get((edge.row, edge.source), 0)
    return ways.get((len(view.widths) - 1, 0), 0)


@examples(2)
@given(
    st.sampled_from([1, 4, 5, 6, 7]),
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6), st.booleans()), max_size=6),
)
def test_live_edges_are_the_remaining_solutions(n: int, picks: list[tuple[int, int, bool]]) -> None:
    cfg = Configurator(space(n, "cudd"))
    take_legal(cfg, picks)
    view = cfg.layers()
    decisions = {d.cell: d.kind for d in cfg.decisions}
    remaining = oracle.remaining(n, decisions)
    assert live_paths(view) == len(remaining) == cfg.count
    used = {Cell(r, c) for solution in remaining for r, c in enumerate(solution)}
    assert {Cell(e.row, e.col) for e in view.edges if e.alive} == used
    assert len(view.edges) == cfg.space.diagram.edge_count


def test_with_no_decision_every_edge_is_live_and_a_queen_prunes_its_row() -> None:
    cfg = Configurator(space(6, "cudd"))
    assert all(edge.alive for edge in cfg.layers().edges)
    cfg.place(0, 1)
    first_row = [edge for edge in cfg.layers().edges if edge.row == 0]
    assert [edge.alive for edge in first_row] == [edge.col == 1 for edge in first_row]
