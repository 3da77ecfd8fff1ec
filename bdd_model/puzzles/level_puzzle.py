"""A region level as a puzzle: its grid and its stars, known by its identity (the regions renamed A, B, C…
in the order their first squares are read), so that one level is one value however its file names them."""

from __future__ import annotations

from functools import cached_property
from typing import Annotated

import msgspec
import numpy as np

from bdd_model.board import Cell
from bdd_model.puzzles.family_puzzle import FamilyPuzzle
from bdd_model.puzzles.level import MAX_N, MAX_STARS, Level, LevelError
from bdd_model.wording import plural

RENAMED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
"""The symbols a level's regions are renamed to, in the order they are first read."""

STAR_WORDS = {2: "two", 3: "three", 4: "four"}


class LevelPuzzle(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, dict=True, tag="level", tag_field="kind"
):
    """An n×n level cut into n regions: ``stars`` pieces in every row, column and region, no two
    on touching squares (diagonals included)."""

    regions: Annotated[tuple[str, ...], msgspec.Meta(min_length=1, max_length=MAX_N)]
    """A string of region symbols per row, renamed by first appearance."""
    stars: Annotated[int, msgspec.Meta(ge=1, le=MAX_STARS)] = 1

    def __post_init__(self) -> None:
        """Check the grid (a record read back from disk may be anyone's) and rename its regions."""
        try:
            level = Level(self.regions, self.stars)
        except LevelError as error:
            raise ValueError(str(error)) from None
        name = dict(zip(level.symbols, RENAMED, strict=False))
        msgspec.structs.force_setattr(
            self, "regions", tuple("".join(name[symbol] for symbol in row) for row in level.regions)
        )

    @classmethod
    def of(cls, level: Level) -> LevelPuzzle:
        """The level as a puzzle."""
        return cls(level.regions, level.stars)

    @cached_property
    def level(self) -> Level:
        """The level the searches and the level commands read."""
        return Level(self.regions, self.stars)

    def text_form(self, queens: list[Cell]) -> str:
        """The level as Edit → Copy writes it: its own text form (which Paste opens again)."""
        return self.level.text()

    @property
    def n(self) -> int:
        return len(self.regions)

    @property
    def title(self) -> str:
        """The board as the window and messages name it: "8×8 level", "10×10 level, 2 stars"."""
        board = f"{self.n}×{self.n} level"
        return board if self.stars == 1 else f"{board}, {self.stars} stars"

    @property
    def board(self) -> str:
        """The board as sentences and an unsaved window name it: "the 8×8 level", "the 10×10
        two-star level"."""
        stars = "" if self.stars == 1 else f"{STAR_WORDS[self.stars]}-star "
        return f"{self.n}×{self.n} {stars}level"

    @property
    def pieces(self) -> int:
        """How many pieces a solution holds: ``stars`` a row."""
        return self.n * self.stars

    @property
    def piece(self) -> str:
        """The word for a piece: a queen (LinkedIn's Queens), a star past one a row (Star Battle)."""
        return "queen" if self.stars == 1 else "star"

    @property
    def attacked_by(self) -> str:
        """How a piece closes a square, as ``why_not_open`` says it."""
        return "in a full row, column or region, or touching"

    @property
    def family_name(self) -> str:
        """No rule family: a level's rules are its own."""
        return ""

    @property
    def goal(self) -> str:
        """What a solution is, in words."""
        return f"{plural(self.stars, self.piece)} in every row, column and region, no two touching"

    @property
    def assisted(self) -> bool:
        """The window's assists apply: a level is played as a puzzle, its deductions the player's."""
        return True

    @property
    def sequence(self) -> str:
        """No counts are looked up for a level."""
        return ""

    @property
    def file_stem(self) -> str:
        """How a saved game of it is named at first ("level-10x10")."""
        return f"level-{self.n}x{self.n}"

    def no_solution(self, largest: int) -> str:
        """What is said of it without a solution."""
        return f"The {self.board} has no solution: every square is closed."

    def qualified(self, name: str, joiner: str = " ") -> str:
        """A name that the level goes by, as it is (the engine that answers levels says so)."""
        return name

    def resized(self, n: int) -> FamilyPuzzle:
        """The n×n board a size chosen away from the level opens: the classic queens."""
        return FamilyPuzzle(n)

    @cached_property
    def region_of(self) -> np.ndarray:
        """Each square's region number (n×n, read-only)."""
        regions = np.array(self.level.region_of, dtype=np.int64)
        regions.flags.writeable = False
        return regions

    def attacked(self, pieces: np.ndarray) -> np.ndarray:
        """The squares the pieces of the boolean mask close, the pieces themselves excepted:
        those touching one, and the rest of every row, column and region that holds its stars."""
        n, stars = self.n, self.stars
        padded = np.zeros((n + 2, n + 2), dtype=bool)
        for dr in range(3):
            for dc in range(3):
                padded[dr : dr + n, dc : dc + n] |= pieces
        closed = padded[1:-1, 1:-1].copy()
        closed |= (pieces.sum(axis=1) >= stars)[:, None]
        closed |= (pieces.sum(axis=0) >= stars)[None, :]
        full = np.bincount(self.region_of[pieces], minlength=n) >= stars
        closed |= full[self.region_of]
        return closed & ~pieces

    def closers(self, pieces: list[Cell], cell: Cell) -> list[Cell]:
        """The pieces that close ``cell``: those touching it, and those of a full row, column or
        region it lies in."""
        region = self.region_of
        groups = (
            lambda p: p.row == cell.row,
            lambda p: p.col == cell.col,
            lambda p: region[p.row, p.col] == region[cell.row, cell.col],
        )
        found = {p for p in pieces if p != cell and abs(p.row - cell.row) <= 1 and abs(p.col - cell.col) <= 1}
        for within in groups:
            members = [p for p in pieces if p != cell and within(p)]
            if len(members) >= self.stars:
                found.update(members)
        return sorted(found)
