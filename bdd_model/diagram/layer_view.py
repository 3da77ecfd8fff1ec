"""The compiled diagram as row layers for drawing: nodes per layer and every edge, alive or not
under the decisions."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LayerEdge:
    """One edge of the row layers: row node ``source`` of ``row`` puts the row's queen in
    column ``col`` and leads to row node ``target`` of the next row (the last row's target is
    the TRUE terminal). ``alive`` when some remaining solution runs through it."""

    row: int
    source: int
    col: int
    target: int
    alive: bool


@dataclass(frozen=True)
class LayerView:
    """The compiled diagram as row layers, for drawing: nodes per layer (the last is TRUE) and
    every edge with whether the decisions leave it alive."""

    widths: tuple[int, ...]
    edges: tuple[LayerEdge, ...]
