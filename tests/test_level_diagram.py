"""A level's diagram by the frontier method: its solutions are exactly the oracle's, on both dd
backends, for levels with one and two stars, unique or not."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.diagram.backends import new_manager, var_name
from bdd_model.levels.level_diagram import level_diagram
from bdd_model.levels.setting.sketch import Sketch
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.properties import examples


def assert_diagram_holds_exactly(level: Level, backend: str) -> None:
    manager = new_manager(backend)
    root = level_diagram(manager, level)
    n = level.n
    expected = level_oracle.solutions(level)
    assert int(root.count(nvars=n * n)) == len(expected)
    for solution in expected:
        values = {var_name(r, c): (r, c) in solution for r in range(n) for c in range(n)}
        assert manager.let(values, root) == manager.true


@examples(0.3)
@given(st.sampled_from(level_oracle.SIZES), st.integers(0, 10**6), st.sampled_from(["cudd", "autoref"]))
def test_a_levels_diagram_holds_exactly_the_oracles_solutions(
    size: tuple[int, int], seed: int, backend: str
) -> None:
    n, stars = size
    assert_diagram_holds_exactly(level_oracle.planted_level(n, stars, random.Random(seed)), backend)


@pytest.mark.parametrize(("n", "stars"), [(5, 1), (7, 1), (8, 2)])
def test_rows_as_regions_and_no_solution_are_diagrams_too(n: int, stars: int) -> None:
    assert_diagram_holds_exactly(Sketch.of_rows(n, stars).level(), "cudd")
    assert_diagram_holds_exactly(Level(("AAAA", "BBBB", "CCCC", "DDDD")), "cudd")
