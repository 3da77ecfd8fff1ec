"""The reasons players use on region levels, one module per technique, tried in the order of
``TECHNIQUES`` (the simplest first); each finds deductions on a ``Position``."""

from types import ModuleType

from bdd_model.levels.techniques import block, chain, confined, count, empties, hall, single, trial
from bdd_model.levels.techniques.position import Deduction, Position

TECHNIQUES: tuple[ModuleType, ...] = (single, confined, hall, empties, block, count, chain, trial)
"""Each with ``NAME`` and ``find(position)``, the simplest first."""


def techniques_before(name: str) -> tuple[ModuleType, ...]:
    """The techniques tried before the one named (those a trial may lean on)."""
    return TECHNIQUES[: [technique.NAME for technique in TECHNIQUES].index(name)]


def next_deduction(position: Position) -> Deduction | None:
    """The deduction of the simplest technique that makes one, None when none does."""
    for technique in TECHNIQUES:
        found = technique.find(position)
        if found is not None:
            return found
    return None
