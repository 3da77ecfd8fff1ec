"""``empties``: a piece on a square that would leave a row, column or region too few open squares
for its pieces cannot be there."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position

NAME = "empties"


def find(position: Position) -> Deduction | None:
    """The first open square whose piece would leave a group without room."""
    shape, open_now = position.shape, position.open
    squares = open_now
    while squares:
        low = squares & -squares
        squares ^= low
        x = low.bit_length() - 1
        starved = position.with_queen(x).broken()
        if starved is not None:
            (cell,) = shape.cells(low)
            reason = (
                f"a piece on {cell.label()} would leave {shape.name(starved)} without room for its pieces"
            )
            return Deduction((cell,), "empty", NAME, reason, shape.cells(open_now & shape.groups[starved]))
    return None
