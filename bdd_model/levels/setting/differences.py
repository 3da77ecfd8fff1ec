"""Where a level's solutions differ: the squares that hold a piece in some solutions but not all,
which are the open squares of the empty board's proof (found at any count, without counting)."""

from __future__ import annotations

import numpy as np

from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.progress import CancelToken


def differing(search: LevelSearch, cancel: CancelToken | None = None) -> list[Cell] | None:
    """The squares, row by row, that hold a piece in some of the level's solutions but not all;
    None unless it has two or more (QueryCancelled once ``cancel`` is set)."""
    proven = search.proven(cancel=cancel)
    cells = [Cell(int(r), int(c)) for r, c in zip(*np.nonzero(proven == 1), strict=True)]
    return cells or None
