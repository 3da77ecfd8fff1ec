"""What the SAT engine proved under recent sets of decisions, brought back where it still holds (closed stays
closed under more decisions, open under fewer), so that undo, redo or a queen put back find their squares
decided."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping

import numpy as np

from bdd_model.board import Cell
from bdd_model.decisions import DecisionKind

KEEP = 48
"""Sets of decisions remembered (N = 100: 20 kB each)."""


class Memory:
    """The open and closed squares proven under each of the last ``KEEP`` sets of decisions."""

    def __init__(self) -> None:
        self._proven: OrderedDict[frozenset[tuple[Cell, DecisionKind]], tuple[np.ndarray, np.ndarray]] = (
            OrderedDict()
        )

    def remember(
        self, decisions: Mapping[Cell, DecisionKind], possible: np.ndarray, closed: np.ndarray
    ) -> None:
        """Keep what is proven under these decisions (the newest ``KEEP`` sets are kept)."""
        key = frozenset(decisions.items())
        self._proven.pop(key, None)
        self._proven[key] = (possible.copy(), closed.copy())
        while len(self._proven) > KEEP:
            self._proven.popitem(last=False)

    def recall(
        self, decisions: Mapping[Cell, DecisionKind], possible: np.ndarray, closed: np.ndarray
    ) -> None:
        """Add to ``possible`` and ``closed`` what remembered proofs say under these decisions."""
        key = frozenset(decisions.items())
        for earlier, (was_possible, was_closed) in self._proven.items():
            if len(earlier) <= len(key) and earlier <= key:
                closed |= was_closed
            if len(earlier) >= len(key) and earlier >= key:
                possible |= was_possible
