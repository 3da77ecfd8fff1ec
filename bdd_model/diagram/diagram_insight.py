"""What the compiled diagram shows of a board beyond its squares, for the window's Insight panel: the
figures of the whole diagram, and for a board small enough to draw, its row layers with the edges the
decisions leave alive."""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.board_view import Insight
from bdd_model.diagram.layer_view import LayerView
from bdd_model.diagram.space import SolutionSpace

LAYERS_MAX_N = 7
"""The row layers come with the boards up to this size, the largest drawn (7×7: 186 edges; 8×8 would
have 378, too dense to read)."""


@dataclass(frozen=True)
class DiagramFigures:
    """The whole diagram's figures, a family's or a level's: what was compiled and how, its nodes
    (in all and at each of the n² levels), its row edges, and how it was opened (``origin``:
    "compiled" or "cache", in ``seconds``)."""

    n: int
    backend: str
    construction: str
    solutions: int
    bdd_nodes: int
    level_nodes: tuple[int, ...]
    compile_seconds: float
    edges: int
    origin: str
    seconds: float

    @classmethod
    def of(cls, space: SolutionSpace) -> DiagramFigures:
        info = space.info
        return cls(
            info.n,
            info.backend,
            info.construction,
            info.solutions,
            info.bdd_nodes,
            info.level_nodes,
            info.compile_seconds,
            space.diagram.edge_count,
            space.origin,
            space.seconds,
        )


@dataclass(frozen=True, eq=False)
class DiagramInsight(Insight):
    """The diagram's figures, and its row layers under the decisions where the board is drawn."""

    figures: DiagramFigures
    layers: LayerView | None
