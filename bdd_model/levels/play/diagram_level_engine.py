"""A region level answered by its compiled diagram: one sweep over the row layers per set of decisions gives
the count, every square's state and count (the heat map) at once, and why a square is closed is a shortest
path through the layers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from bdd_model.board import Cell
from bdd_model.board_view import BoardView
from bdd_model.decisions import DecisionKind
from bdd_model.diagram.diagram_insight import LAYERS_MAX_N, DiagramInsight
from bdd_model.diagram.layer_view import LayerEdge, LayerView
from bdd_model.levels.diagram.level_bdd import LevelDiagram
from bdd_model.levels.diagram.level_sweeps import LevelSweep, RowDecisions, fewest_taken_back
from bdd_model.levels.play.level_board import LevelBoard
from bdd_model.progress import CancelToken
from bdd_model.puzzles import LevelPuzzle

DIAGRAM_TITLE = "BDD"
"""The engine as people name it."""
KEPT_SWEEPS = 64
"""Sweeps kept for the decisions asked about lately (a hint asks of many; each is about 1 ms)."""


class DiagramLevelEngine(LevelBoard):
    """A level's board answered by the level's compiled diagram."""

    engine = "bdd"
    title = DIAGRAM_TITLE

    def __init__(self, puzzle: LevelPuzzle, diagram: LevelDiagram, strict: bool = True) -> None:
        super().__init__(puzzle, strict)
        self.diagram = diagram
        self._sweeps: dict[tuple[frozenset[tuple[Cell, DecisionKind]], frozenset[Cell]], LevelSweep] = {}

    def view(self) -> BoardView:
        """Everything at once: one sweep answers the squares, the count and the heat map."""
        self.settle()
        self.cell_counts()
        self._count = self.count
        return super().view()

    def solution_squares(self, index: int) -> list[Cell]:
        """The squares of the index-th remaining solution (in increasing order of each row's
        pieces, row by row), row-major; IndexError past the end."""
        return self._sweep(self._decisions).solution(index)

    def _sweep(self, decisions: Mapping[Cell, DecisionKind], targets: Iterable[Cell] = ()) -> LevelSweep:
        """The sweep of the decisions with pieces on ``targets`` (the last few kept)."""
        targets = tuple(targets)
        key = (frozenset(decisions.items()), frozenset(targets))
        sweep = self._sweeps.get(key)
        if sweep is None:
            if len(self._sweeps) >= KEPT_SWEEPS:
                self._sweeps.clear()
            row_decisions = RowDecisions.of(self.n, decisions, targets)
            sweep = self._sweeps[key] = LevelSweep.run(self.diagram.layers, row_decisions)
        return sweep

    def _count_of(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None = None) -> int:
        return self._sweep(decisions).total

    def _proven(self, decisions: Mapping[Cell, DecisionKind], cancel: CancelToken | None) -> np.ndarray:
        sweep = self._sweep(decisions)
        counts = sweep.cell_counts
        return np.where(counts == 0, 0, np.where(counts == sweep.total, 2, 1))

    def _first(
        self,
        decisions: Mapping[Cell, DecisionKind],
        targets: Iterable[Cell] = (),
        cancel: CancelToken | None = None,
    ) -> list[Cell] | None:
        sweep = self._sweep(decisions, targets)
        return sweep.solution(0) if sweep.total else None

    def _counts_through(self, cancel: CancelToken | None) -> np.ndarray:
        return self._sweep(self._decisions).cell_counts

    def _fewest_to_take_back(
        self, targets: list[Cell], cancel: CancelToken | None = None
    ) -> list[Cell] | None:
        """The shortest path through the layers with pieces on the targets, each edge costing the
        decisions it breaks."""
        return fewest_taken_back(self.diagram.layers, RowDecisions.of(self.n, self._decisions), targets)

    def _insight(self) -> DiagramInsight:
        return DiagramInsight(self.diagram.figures, self._layer_view())

    def _layer_view(self) -> LayerView | None:
        """The row layers with each edge alive or dead under the decisions, on small one-piece
        levels (as the families' diagram draws them)."""
        layers = self.diagram.layers
        if self.n > LAYERS_MAX_N or self.puzzle.stars != 1:
            return None
        sweep = self._sweep(self._decisions)
        edges = []
        for r in range(self.n):
            allowed = sweep.decisions.allowed(r, layers.pieces[r])
            for e, (source, pieces, target) in enumerate(
                zip(layers.src[r].tolist(), layers.pieces[r].tolist(), layers.dst[r].tolist(), strict=True)
            ):
                alive = bool(allowed[e] and sweep.above[r][source] > 0 and sweep.below[r + 1][target] > 0)
                edges.append(LayerEdge(r, source, pieces.bit_length() - 1, target, alive))
        return LayerView(layers.widths, tuple(edges))
