"""A level compiled into its BDD with dd: the frontier walk (compiled by numba, its Python twin while that
compiles) gives the reduced diagram's nodes, children first, so that each becomes one ``ite`` of dd; the
BDD's count checked against the walk's, the same nodes are frozen into the row layers that answer (read off
the walk's arrays in numpy, far faster than dd's nodes one by one in Python: docs/measurements.md)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from bdd_model.diagram.backends import declare_board, new_manager, out_of_memory, resolve_backend
from bdd_model.diagram.diagram_insight import DiagramFigures
from bdd_model.errors import NQueensError, QueryCancelled
from bdd_model.levels import level_python
from bdd_model.levels.diagram.frontier_python import BEYOND
from bdd_model.levels.diagram.level_layers import LevelLayers, layers_of
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.level_search_kernels import LevelKernels, level_kernels
from bdd_model.progress import CancelToken
from bdd_model.puzzles.level import Level

CONSTRUCTION = "frontier"
"""How a level's BDD is built, as the figures name it."""
MANAGER_MEMORY = 64 << 20
"""CUDD's tables for a level's BDD (at most tens of thousands of nodes): set up in 1 ms, not 9."""
MOST_BOARDS = 2_000_000
"""Boards the frontier walk meets at most (a few seconds compiled) before it gives up on the level."""


class BeyondReach(NQueensError):
    """A level whose diagram the frontier walk gives up on (too many boards to walk)."""


@dataclass(frozen=True, eq=False)
class LevelDiagram:
    """A level's compiled diagram: its row layers, its figures, and the boards the walk met."""

    level: Level
    layers: LevelLayers
    figures: DiagramFigures
    boards: int


def compile_level(
    level: Level,
    backend: str = "auto",
    kernel_choice: LevelKernels | None = None,
    cancel: CancelToken | None = None,
) -> LevelDiagram:
    """The level's BDD, built with dd on ``backend`` and frozen (timed from the walk on: the
    kernels are loaded first); BeyondReach when the walk meets more than ``MOST_BOARDS`` boards,
    QueryCancelled once ``cancel`` is set."""
    kernels = kernel_choice or level_kernels()
    walk = kernels.diagram.diagram
    started = time.perf_counter()
    backend = resolve_backend(backend)
    search = LevelSearch(level, kernels)
    stop = cancel.flag if cancel is not None else level_python.NO_STOP
    nodes, root, boards = walk(*search.arrays, level.stars, MOST_BOARDS, stop)
    if root == level_python.STOPPED:
        raise QueryCancelled("the level's diagram was cancelled")
    if root == BEYOND:
        raise BeyondReach(
            f"the level's diagram is beyond reach: its frontier walk met more than {MOST_BOARDS:,} boards"
        )
    with out_of_memory():
        manager = new_manager(backend, MANAGER_MEMORY)
        bdd = _built(manager, level.n, nodes, int(root))
    try:
        solutions, nodes_in_all = int(manager.count(bdd, nvars=level.n**2)), int(bdd.dag_size)
    finally:
        del bdd
    if solutions != _paths(nodes, int(root)):
        raise NQueensError("the level's BDD counts other solutions than its frontier walk")
    layers = layers_of(nodes, int(root), level.n)
    level_nodes = np.bincount(nodes[2:, 0], minlength=level.n**2)[: level.n**2]
    seconds = time.perf_counter() - started
    figures = DiagramFigures(
        level.n,
        backend,
        CONSTRUCTION,
        solutions,
        nodes_in_all,
        tuple(int(count) for count in level_nodes),
        seconds,
        layers.edge_count,
        "compiled",
        seconds,
    )
    return LevelDiagram(level, layers, figures, int(boards))


def _built(manager: Any, n: int, nodes: np.ndarray, root: int) -> Any:
    """The walk's nodes as dd's BDD over the level's squares, one ``ite`` per node."""
    squares = declare_board(manager, n)
    made = [manager.false, manager.true]
    for square, low, high in nodes[2:].tolist():
        made.append(manager.ite(squares[square], made[high], made[low]))
    return made[root]


def _paths(nodes: np.ndarray, root: int) -> int:
    """The walk's count of solutions: paths from ``root`` to TRUE (every square is asked on each)."""
    paths = [0, 1]
    for _, low, high in nodes[2:].tolist():
        paths.append(paths[low] + paths[high])
    return paths[root]
