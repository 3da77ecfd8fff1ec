"""A level's diagram: the frontier walk (compiled and its twin) gives one reduced BDD, built with dd on both
backends, whose row layers hold exactly the oracle's solutions; levels with one and two stars, unique or
not, without a solution, and the walk's bound and stop."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.errors import QueryCancelled
from bdd_model.levels.diagram import frontier_kernels, frontier_python
from bdd_model.levels.diagram.level_bdd import BeyondReach, compile_level
from bdd_model.levels.diagram.level_sweeps import LevelSweep, RowDecisions
from bdd_model.levels.level_python import NO_STOP
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels
from bdd_model.levels.setting.sketch import Sketch
from bdd_model.progress import CancelToken
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.properties import examples

NO_SOLUTION = Level(("AAA", "BBB", "CCC"))


def layer_solutions(level: Level, backend: str, choice: str = "numba") -> set[frozenset[tuple[int, int]]]:
    """Every solution the level's frozen diagram holds, each as its set of squares."""
    diagram = compile_level(level, backend, LevelKernels(choice))
    sweep = LevelSweep.run(diagram.layers, RowDecisions.of(level.n, {}))
    assert diagram.figures.solutions == sweep.total
    return {frozenset(tuple(cell) for cell in squares) for squares in sweep.solutions()}


@examples(0.3)
@given(st.sampled_from(level_oracle.SIZES), st.integers(0, 10**6), st.sampled_from(["cudd", "autoref"]))
def test_a_levels_diagram_holds_exactly_the_oracles_solutions(
    size: tuple[int, int], seed: int, backend: str
) -> None:
    n, stars = size
    level = level_oracle.planted_level(n, stars, random.Random(seed))
    assert layer_solutions(level, backend) == set(level_oracle.solutions(level))


@pytest.mark.parametrize(("n", "stars"), [(5, 1), (7, 1), (8, 2)])
def test_rows_as_regions_and_no_solution_are_diagrams_too(n: int, stars: int) -> None:
    rows = Sketch.of_rows(n, stars).level()
    assert layer_solutions(rows, "cudd") == set(level_oracle.solutions(rows))
    assert layer_solutions(NO_SOLUTION, "cudd") == set()
    empty = compile_level(NO_SOLUTION)
    assert (empty.figures.solutions, empty.figures.edges, any(empty.figures.level_nodes)) == (0, 0, False)


@examples(0.3)
@given(st.sampled_from([*level_oracle.SIZES, (9, 1), (10, 2)]), st.integers(0, 10**6))
def test_the_compiled_walk_and_its_twin_give_the_same_nodes(size: tuple[int, int], seed: int) -> None:
    n, stars = size
    level = level_oracle.planted_level(n, stars, random.Random(seed))
    arrays = LevelSearch(level).arrays
    compiled, root, _ = frontier_kernels.diagram(*arrays, stars, 0, NO_STOP)
    twin, twin_root, _ = frontier_python.diagram(*arrays, stars, 0, NO_STOP)
    assert (compiled.tolist(), int(root)) == (twin.tolist(), twin_root)


def test_a_unique_levels_diagram_is_one_path_of_a_node_per_square() -> None:
    level = level_oracle.planted_level(9, 1, random.Random(4))
    diagram = compile_level(level)
    if diagram.figures.solutions == 1:
        assert diagram.figures.bdd_nodes == 9 * 9 + 1
        assert diagram.figures.level_nodes == (1,) * 81
    assert diagram.figures.bdd_nodes <= sum(diagram.figures.level_nodes) + 2


@pytest.mark.parametrize("walk", [frontier_kernels.diagram, frontier_python.diagram])
def test_the_walk_stops_past_its_bound_and_when_told(walk: object) -> None:
    arrays = LevelSearch(Sketch.of_rows(8, 1).level()).arrays
    _, root, boards = walk(*arrays, 1, 10, NO_STOP)  # type: ignore[operator]
    assert (root, boards) == (frontier_python.BEYOND, 10)
    _, root, _ = walk(*arrays, 1, 0, np.ones(1, dtype=np.int64))  # type: ignore[operator]
    assert root == frontier_python.STOPPED


def test_a_level_beyond_reach_and_a_cancelled_compile_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bdd_model.levels.diagram.level_bdd.MOST_BOARDS", 5)
    with pytest.raises(BeyondReach, match="beyond reach: its frontier walk met more than 5 boards"):
        compile_level(Sketch.of_rows(8, 1).level())
    monkeypatch.undo()
    cancel = CancelToken()
    cancel.cancel()
    with pytest.raises(QueryCancelled):
        compile_level(Sketch.of_rows(12, 1).level(), cancel=cancel)
