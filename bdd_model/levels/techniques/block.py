"""``block``: a 2×2 block holds at most one piece, so a row, column or region whose open squares
lie in as many blocks as it needs pieces has one piece in each block, and the blocks' squares
outside it are empty."""

from __future__ import annotations

from bdd_model.levels.techniques.position import Deduction, Position, Shape

NAME = "block"


def find(position: Position) -> Deduction | None:
    """The first group (rows, columns, regions) covered by as many blocks as it needs pieces,
    with open squares of those blocks outside it."""
    shape, open_now = position.shape, position.open
    for g, group in enumerate(shape.groups):
        need, left = position.need[g], open_now & group
        if need <= 0 or not left:
            continue
        for covered in _covers(shape, left, need):
            rest = open_now & covered & ~group
            if rest:
                blocks = "one 2×2 block" if need == 1 else f"{need} blocks of 2×2 squares"
                reason = (
                    f"{shape.name(g)} needs {need} and its open squares lie in {blocks}, which hold "
                    f"one piece each, so the rest of the {'block' if need == 1 else 'blocks'} is empty"
                )
                return Deduction(shape.cells(rest), "empty", NAME, reason, shape.cells(left))
    return None


def _covers(shape: Shape, left: int, blocks: int) -> list[int]:
    """The squares of each way to cover ``left`` with exactly ``blocks`` 2×2 blocks, each
    meeting it (fewer would leave the group short of room)."""
    low = left & -left
    found = []
    for block in shape.blocks_at[low.bit_length() - 1]:
        rest = left & ~block
        if not rest and blocks == 1:
            found.append(block)
        elif rest and blocks > 1:
            found.extend(block | covered for covered in _covers(shape, rest, blocks - 1))
    return found
