"""What the board shows at one moment, and which of its rows differ from another moment's."""

from __future__ import annotations

from dataclasses import dataclass, field

from bdd_model import Cell, CellState


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board shows at one moment."""

    n: int
    states: tuple[tuple[CellState | None, ...], ...]
    """Each square's state; None while the SAT engine checks it."""
    counts: tuple[tuple[int, ...], ...] = ()
    """Per-square solution counts (the heat map), empty where the engine has none."""
    culprits: frozenset[Cell] = field(default_factory=frozenset)
    preview: tuple[int, ...] | None = None
    heat: bool = False
    focus: Cell | None = None


def heat_peak(picture: BoardPicture) -> int:
    """The largest count on an open square: the top of the heat map's scale."""
    if not picture.counts:
        return 0
    return max(
        (
            picture.counts[r][c]
            for r in range(picture.n)
            for c in range(picture.n)
            if picture.states[r][c] is CellState.OPEN
        ),
        default=0,
    )


def heat_shown(picture: BoardPicture) -> bool:
    """The heat map colours the picture's open squares."""
    return picture.heat and bool(picture.counts)


def changed_rows(old: BoardPicture, new: BoardPicture) -> set[int]:
    """The rows of two pictures of one board size in which some square may look different.

    Rows are compared as whole tuples (fast in C); a changed heat scale or preview touches
    every row it colours or crosses. The caller compares the looks square by square.
    """
    rows = {r for r in range(new.n) if old.states[r] != new.states[r]}
    if heat_shown(old) != heat_shown(new) or (heat_shown(new) and old.counts != new.counts):
        return set(range(new.n))
    if old.preview is None or new.preview is None:
        if old.preview != new.preview:
            rows.update(range(new.n))
    else:
        rows.update(r for r in range(new.n) if old.preview[r] != new.preview[r])
    rows.update(cell.row for cell in old.culprits ^ new.culprits)
    rows.update(cell.row for cell in (old.focus, new.focus) if cell is not None and old.focus != new.focus)
    return rows
