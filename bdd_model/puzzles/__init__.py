"""What is played, as one hashable value that is also its record: a rule family at a size, or a region level;
each kind a module. A board, an undo step, a saved file, a worker message and a cache key carry it whole."""

from __future__ import annotations

from bdd_model.puzzles.family_puzzle import FamilyPuzzle
from bdd_model.puzzles.level_puzzle import LevelPuzzle

Puzzle = FamilyPuzzle | LevelPuzzle
"""Every kind of puzzle (a tagged union of records: ``"kind"`` names the kind)."""

__all__ = ["FamilyPuzzle", "LevelPuzzle", "Puzzle"]
