"""Solution counts equal OEIS A000170; the two constructions give the identical BDD."""

from __future__ import annotations

import pytest

from bdd_model import SolutionSpace
from bdd_model.diagram.backends import new_manager
from bdd_model.diagram.constructions import build_by_rules, build_by_search
from tests.oracle import A000170, all_solutions


@pytest.mark.parametrize("n", range(1, 11))
def test_cudd_counts_match_oeis(n: int) -> None:
    space = SolutionSpace.compile(n, "cudd")
    assert space.count == A000170[n - 1]
    assert space.empty_sweep.total == A000170[n - 1]


@pytest.mark.parametrize("n", range(1, 9))
def test_autoref_counts_match_oeis(n: int) -> None:
    assert SolutionSpace.compile(n, "autoref").count == A000170[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [11, 12])
def test_large_counts_match_oeis(n: int) -> None:
    assert SolutionSpace.compile(n, "cudd").count == A000170[n - 1]


@pytest.mark.slow
def test_rules_construction_counts_n11() -> None:
    assert SolutionSpace.compile(11, "cudd", construction="rules").count == A000170[10]


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
@pytest.mark.parametrize("n", range(1, 9))
def test_search_and_rules_build_the_same_node(backend: str, n: int) -> None:
    manager = new_manager(backend)
    by_search = build_by_search(manager, n)
    by_rules = build_by_rules(manager, n)
    assert by_search == by_rules
    del by_search, by_rules


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
@pytest.mark.parametrize("n", [1, 4, 6, 8])
def test_frozen_layers_enumerate_exactly_the_solutions(backend: str, n: int) -> None:
    space = SolutionSpace.compile(n, backend, construction="rules")
    assert tuple(space.empty_sweep.solutions()) == all_solutions(n)


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
def test_level_census_adds_up_to_the_bdd_size(backend: str) -> None:
    info = SolutionSpace.compile(8, backend).info
    assert len(info.level_nodes) == 64
    assert sum(info.level_nodes) + 1 == info.bdd_nodes == 2451


def test_boards_without_solutions_have_an_empty_space() -> None:
    for n in (2, 3):
        space = SolutionSpace.compile(n, "cudd")
        assert space.count == 0
        assert list(space.empty_sweep.solutions()) == []
