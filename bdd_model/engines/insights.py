"""Each engine's kind of insight (``board_view.Insight``) in one place: the window shows the one a board view
carries without asking which engine made it, and the engine worker sends those that are records."""

from __future__ import annotations

from bdd_model.board_view import Insight
from bdd_model.diagram.diagram_insight import LAYERS_MAX_N, DiagramFigures, DiagramInsight
from bdd_model.levels.play.search_insight import SearchInsight
from bdd_model.sat.solver_insight import SolverInsight

__all__ = [
    "LAYERS_MAX_N",
    "DiagramFigures",
    "DiagramInsight",
    "SearchInsight",
    "SolverInsight",
    "WorkerInsight",
    "sendable",
]

WorkerInsight = SolverInsight | SearchInsight
"""The insights that cross from the engine worker to the window (records that msgspec sends)."""


def sendable(insight: Insight | None) -> WorkerInsight | None:
    """The insight as the engine worker sends it: a record crosses, any other stays behind (None)."""
    return insight if isinstance(insight, SolverInsight | SearchInsight) else None
