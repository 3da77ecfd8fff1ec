"""``chain``: a piece on a square forces, one ``single`` after another, a row, column or region with
no room for its pieces, so the square is empty; the forced squares are the chain given."""

from __future__ import annotations

from bdd_model.board import Cell
from bdd_model.levels.techniques import single
from bdd_model.levels.techniques.position import Deduction, Position, squares

NAME = "chain"


def find(position: Position) -> Deduction | None:
    """The first open square whose piece ends, through forced pieces, in a group without room."""
    shape = position.shape
    for x in squares(position.open):
        trial = position.with_queen(x)
        forced: list[Cell] = []
        starved = trial.broken()
        while starved is None and (step := single.find(trial)) is not None:
            forced.extend(step.cells)
            trial = trial.applied(step)
            starved = trial.broken()
        if starved is not None:
            (cell,) = shape.cells(1 << x)
            through = f" forces {', then '.join(c.label() for c in forced)}, which" if forced else ""
            reason = f"a piece on {cell.label()}{through} leaves {shape.name(starved)} with no room"
            return Deduction((cell,), "empty", NAME, reason, tuple(forced))
    return None
