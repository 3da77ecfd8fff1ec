"""``single``: a row, column or region with as many open squares as pieces still to place holds a
piece on each of them."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position

NAME = "single"


def find(position: Position) -> Deduction | None:
    """The first group (rows, columns, regions) whose open squares it needs all; the reason's
    squares are the whole group, so that the player sees which one it is and what closed the rest."""
    shape, open_now = position.shape, position.open
    for g, group in enumerate(shape.groups):
        need, left = position.need[g], open_now & group
        if need > 0 and left.bit_count() == need:
            squares = "one open square" if need == 1 else f"{need} open squares for its {need} pieces"
            return Deduction(
                shape.cells(left), "queen", NAME, f"{shape.name(g)} has {squares} left", shape.cells(group)
            )
    return None
