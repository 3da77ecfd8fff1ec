"""``empties``: a piece on a square that would leave a row, column or region fewer open squares
than it needs pieces (without a square, with one star) cannot be there."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position, squares

NAME = "empties"


def find(position: Position) -> Deduction | None:
    """The squares whose piece would starve the first group (rows, columns, regions) that some
    square starves."""
    shape, open_now = position.shape, position.open
    for g, group in enumerate(shape.groups):
        need, left = position.need[g], open_now & group
        if need <= 0 or not left:
            continue
        if need == 1:
            # A piece starves the group when it closes every open square of it: the squares that
            # close them all are where the squares' closers meet.
            starving = open_now & ~group
            for y in squares(left):
                starving &= position.closing(y)
        else:
            starving = sum(
                1 << x for x in squares(open_now) if position.closing(x) & left and position.starved_by(x, g)
            )
        if starving:
            cells = shape.cells(starving)
            where = cells[0].label() if len(cells) == 1 else " or ".join(c.label() for c in cells)
            reason = f"a piece on {where} would leave {shape.name(g)} without room for its pieces"
            return Deduction(cells, "empty", NAME, reason, shape.cells(left))
    return None
