"""A level as a setter paints it: an n×n grid of region symbols (the first n of ``SYMBOLS``) that is
a level once it has n regions; it starts with each row its own region, a level with solutions."""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.board import Cell
from bdd_model.levels.making.regions import SYMBOLS
from bdd_model.puzzles.level import Level, LevelError
from bdd_model.wording import and_list, plural

SIZES = range(4, 19)
"""The sizes painted (at least 4K wide with K stars)."""
STARS = range(1, 4)


@dataclass(frozen=True)
class Sketch:
    """The grid as rows of region symbols, and the pieces each row, column and region takes."""

    rows: tuple[str, ...]
    stars: int = 1

    @classmethod
    def of_rows(cls, n: int, stars: int) -> Sketch:
        """Each row its own region; LevelError for a size or star count not painted."""
        if stars not in STARS:
            raise LevelError(f"levels are painted with {STARS.start} to {STARS.stop - 1} stars, not {stars}")
        if not max(SIZES.start, 4 * stars) <= n < SIZES.stop:
            least = max(SIZES.start, 4 * stars)
            raise LevelError(
                f"levels with {plural(stars, 'star')} are painted {least} to {SIZES.stop - 1} wide, not {n}"
            )
        return cls(tuple(SYMBOLS[r] * n for r in range(n)), stars)

    @classmethod
    def of_level(cls, level: Level) -> Sketch:
        """The level with its regions named A, B, C… in reading order (the palette's symbols)."""
        name = {symbol: SYMBOLS[i] for i, symbol in enumerate(level.symbols)}
        return cls(tuple("".join(name[s] for s in row) for row in level.regions), level.stars)

    @property
    def n(self) -> int:
        return len(self.rows)

    @property
    def palette(self) -> str:
        """The symbols a square can be painted with, one a region."""
        return SYMBOLS[: self.n]

    def symbol(self, cell: Cell) -> str:
        return self.rows[cell.row][cell.col]

    def painted(self, cell: Cell, symbol: str) -> Sketch:
        """The grid with ``cell`` in the region ``symbol``."""
        row = self.rows[cell.row]
        rows = (
            *self.rows[: cell.row],
            row[: cell.col] + symbol + row[cell.col + 1 :],
            *self.rows[cell.row + 1 :],
        )
        return Sketch(rows, self.stars)

    def missing(self) -> list[str]:
        """The palette's symbols no square holds: regions still to paint."""
        used = set("".join(self.rows))
        return [symbol for symbol in self.palette if symbol not in used]

    def level(self) -> Level | None:
        """The level painted, once every region has a square."""
        return None if self.missing() else Level(self.rows, self.stars)

    def shortfall(self) -> str:
        """What keeps the grid from being a level, as the status says it ("" when it is one)."""
        missing = self.missing()
        if not missing:
            return ""
        each = "it" if len(missing) == 1 else "each"
        return f"{plural(len(missing), 'region')} missing ({and_list(missing)}): paint a square of {each}"
