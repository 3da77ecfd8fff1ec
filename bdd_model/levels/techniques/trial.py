"""``trial``: a piece on a square leads, through every technique before this one, to a row, column or
region with no room for its pieces, so the square is empty; the deductions on the way are the chain
given. It finishes the unique levels where the others stop (regions of scattered squares)."""

from __future__ import annotations

from types import ModuleType

from bdd_model.levels.techniques.position import Deduction, Position, squares

NAME = "trial"
CHEAP = 2
"""A first pass leans on the first techniques alone (single and confined); where a square's chain
stalls there, a second pass continues it with every technique. Most trials end in the first pass
with a shorter chain, and the slower techniques run only where none does (docs/measurements.md)."""


def find(position: Position) -> Deduction | None:
    """The first open square whose piece ends, deduction after deduction, in a group without room,
    by the first techniques alone if any does."""
    from bdd_model.levels.techniques import techniques_before

    before = techniques_before(NAME)
    stalled: list[tuple[int, list[Deduction], Position]] = []
    for x in squares(position.open):
        steps, starved, reached = _leads_to(position.with_queen(x), before[:CHEAP])
        if starved is not None:
            return _deduction(position, x, steps, starved)
        stalled.append((x, steps, reached))
    for x, steps, reached in stalled:
        more, starved, _ = _leads_to(reached, before)
        if starved is not None:
            return _deduction(position, x, steps + more, starved)
    return None


def _deduction(position: Position, x: int, steps: list[Deduction], starved: int) -> Deduction:
    """Square ``x`` empty, because a piece there leads through ``steps`` to group ``starved``
    without room."""
    shape = position.shape
    (cell,) = shape.cells(1 << x)
    said = "; ".join(_step_words(step) for step in steps)
    through = f" leads to {said}, and" if steps else ""
    reason = f"a piece on {cell.label()}{through} leaves {shape.name(starved)} with no room"
    because = tuple(dict.fromkeys(c for step in steps for c in step.cells))
    return Deduction((cell,), "empty", NAME, reason, because)


def _leads_to(
    trial: Position, techniques: tuple[ModuleType, ...]
) -> tuple[list[Deduction], int | None, Position]:
    """The deductions the techniques make from ``trial`` until a group has no room (that group)
    or none applies (None), and the position they reach."""
    steps: list[Deduction] = []
    while (starved := trial.broken()) is None and not trial.solved:
        step = next((found for t in techniques if (found := t.find(trial)) is not None), None)
        if step is None:
            return steps, None, trial
        steps.append(step)
        trial = trial.applied(step)
    return steps, starved, trial


def _step_words(step: Deduction) -> str:
    """One deduction of the chain: "a piece on 3,4 (single)", "2,2 and 2,3 empty (hall)"."""
    cells = " and ".join(cell.label() for cell in step.cells)
    if step.action == "queen":
        return f"a piece on {cells} ({step.technique})"
    return f"{cells} empty ({step.technique})"
