"""What the board shows at one moment, and which of its rows differ from another moment's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bdd_model import Cell, CellState
from bdd_model.board import FITS, STATE_OF_CODE, STATE_ORDER, UNDECIDED

OPEN = STATE_ORDER.index(CellState.OPEN)
PIECES = [STATE_ORDER.index(CellState.QUEEN), STATE_ORDER.index(CellState.FORCED)]
"""The codes of squares that hold a piece."""
NO_CODES = np.zeros((0, 0), dtype=np.int8)


@dataclass(frozen=True, eq=False)
class BoardPicture:
    """Everything the board shows at one moment."""

    n: int
    codes: np.ndarray = field(default_factory=lambda: NO_CODES)
    """Each square's state code (``STATE_ORDER``; ``UNDECIDED`` while the engine proves it)."""
    counts: np.ndarray | None = None
    """Per-square solution counts (the heat map), None where the engine has none."""
    culprits: frozenset[Cell] = field(default_factory=frozenset)
    preview: frozenset[Cell] | None = None
    """The squares of a solution shown without committing it."""
    heat: bool = False
    focus: Cell | None = None
    hinted: frozenset[Cell] = field(default_factory=frozenset)
    """The squares a hint shown (not applied yet) decides: framed."""
    reasons: frozenset[Cell] = field(default_factory=frozenset)
    """The squares that hint reasons from: shaded."""
    regions: np.ndarray | None = None
    """A level's region of each square (n×n), drawn as colours and thick borders; None on a
    family's chessboard."""

    @classmethod
    def of(
        cls,
        n: int,
        states: Sequence[Sequence[CellState | None]],
        counts: Sequence[Sequence[int]] | None = None,
        **overlays: Any,
    ) -> BoardPicture:
        """A picture of these states (the help's examples), with ``overlays`` as the fields say."""
        codes = np.array([[STATE_OF_CODE.index(state) for state in row] for row in states], dtype=np.int8)
        heat = np.array(counts).reshape(n, n) if counts else None
        return cls(n, codes.reshape(n, n), heat, **overlays)

    def state(self, row: int, col: int) -> CellState | None:
        return STATE_OF_CODE[self.codes[row, col]]

    @property
    def states(self) -> tuple[tuple[CellState | None, ...], ...]:
        """Every square's state, row by row."""
        return tuple(tuple(STATE_OF_CODE[code] for code in row) for row in self.codes.tolist())

    @property
    def undecided(self) -> int:
        return int((self.codes >= UNDECIDED).sum())

    def fits(self, row: int, col: int) -> bool:
        """Still being proven, but a queen is proven to fit there (``FITS``)."""
        return bool(self.codes[row, col] == FITS)


def heat_peak(picture: BoardPicture) -> int:
    """The largest count on an open square: the top of the heat map's scale."""
    if picture.counts is None or not picture.n:
        return 0
    shown = picture.counts[picture.codes == OPEN]
    return int(shown.max()) if shown.size else 0


def heat_shown(picture: BoardPicture) -> bool:
    """The heat map colours the picture's open squares."""
    return picture.heat and picture.counts is not None


def changed_rows(old: BoardPicture, new: BoardPicture) -> set[int]:
    """The rows of two pictures of one board size in which some square may look different.

    Rows are compared as arrays; a changed heat map or scale (its peak) or preview touches every
    row it colours or crosses. The caller compares the looks square by square.
    """
    rows = set(np.flatnonzero((old.codes != new.codes).any(axis=1)).tolist())
    if heat_shown(old) != heat_shown(new) or (
        heat_shown(new) and (not _same(old.counts, new.counts) or heat_peak(old) != heat_peak(new))
    ):
        return set(range(new.n))
    if old.preview is None or new.preview is None:
        if old.preview != new.preview:
            rows.update(range(new.n))
    else:
        rows.update(cell.row for cell in old.preview ^ new.preview)
    rows.update(cell.row for cell in old.culprits ^ new.culprits)
    rows.update(cell.row for cell in (old.hinted ^ new.hinted) | (old.reasons ^ new.reasons))
    rows.update(cell.row for cell in (old.focus, new.focus) if cell is not None and old.focus != new.focus)
    return rows


def same_counts(old: BoardPicture, new: BoardPicture) -> bool:
    """The two pictures show the same per-square counts (or neither shows any)."""
    return _same(old.counts, new.counts)


def _same(a: np.ndarray | None, b: np.ndarray | None) -> bool:
    if a is None or b is None:
        return a is b
    return a is b or bool(np.array_equal(a, b))
