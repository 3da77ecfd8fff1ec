"""``confined``: a region whose open squares lie in one row or column fills that line, so the rest
of the line is empty; and a line whose open squares lie in one region fills that region, so the rest
of the region is empty (when both need as many pieces)."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position

NAME = "confined"


def find(position: Position) -> Deduction | None:
    """The first region confined to a line with open squares outside it, then the first line
    confined to a region."""
    shape, open_now, n = position.shape, position.open, position.shape.n
    order = [*range(2 * n, 3 * n), *range(2 * n)]
    for g in order:
        left = open_now & shape.groups[g]
        if position.need[g] <= 0 or not left:
            continue
        first = (left & -left).bit_length() - 1
        for h in shape.groups_of[first]:
            inside = h != g and left & ~shape.groups[h] == 0 and position.need[h] == position.need[g]
            rest = open_now & shape.groups[h] & ~shape.groups[g] if inside else 0
            if rest:
                reason = (
                    f"{shape.name(g)} can only hold its pieces in {shape.name(h)}, "
                    f"so the rest of {shape.name(h)} is empty"
                )
                return Deduction(shape.cells(rest), "empty", NAME, reason, shape.cells(left))
    return None
