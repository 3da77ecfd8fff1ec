"""The bundled collection (resources/levels/collection, named SIZE-DIFFICULTY-K, SIZE as 08 or 10x2) in
play order: by size, one star before two, easy before hard."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from app.gui.board.resource_files import resource_files
from bdd_model.levels.level_file import parse_level
from bdd_model.levels.techniques.rating import DIFFICULTIES, Difficulty
from bdd_model.puzzles import LevelPuzzle
from bdd_model.puzzles.level import LevelError
from bdd_model.puzzles.level_puzzle import STAR_WORDS

FOLDER = "levels/collection"


@dataclass(frozen=True)
class CollectionLevel:
    """One level of the collection."""

    name: str
    """The file's name without ``.txt``: "08-easy-1"."""
    puzzle: LevelPuzzle
    difficulty: Difficulty
    number: int
    """Its place among the levels of its size, stars and difficulty, from 1."""

    @property
    def group(self) -> str:
        """The heading it is listed under: "8×8", "10×10, two stars"."""
        n, stars = self.puzzle.n, self.puzzle.stars
        return f"{n}×{n}" if stars == 1 else f"{n}×{n}, {STAR_WORDS[stars]} stars"

    @property
    def title(self) -> str:
        """The level as the window names it: "8×8 level, easy 1"."""
        return f"{self.puzzle.board}, {self.difficulty} {self.number}"


@cache
def bundled_levels() -> tuple[CollectionLevel, ...]:
    """Every level of the collection, in play order (a file that is not a level is left out)."""
    found = []
    for name, data in resource_files(FOLDER, ".txt"):
        stem = name.removesuffix(".txt")
        parts = stem.split("-")
        if len(parts) != 3 or parts[1] not in DIFFICULTIES or not parts[2].isdigit():
            continue
        try:
            puzzle = LevelPuzzle.of(parse_level(data))
        except LevelError:
            continue
        found.append(CollectionLevel(stem, puzzle, DIFFICULTIES[DIFFICULTIES.index(parts[1])], int(parts[2])))
    return tuple(
        sorted(
            found, key=lambda c: (c.puzzle.stars > 1, c.puzzle.n, DIFFICULTIES.index(c.difficulty), c.number)
        )
    )


def in_collection(puzzle: object) -> CollectionLevel | None:
    """The collection's level that is this puzzle, if any."""
    return next((level for level in bundled_levels() if level.puzzle == puzzle), None)
