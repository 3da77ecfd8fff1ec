"""A region level as one record: its rows of region symbols and the pieces each row, column and
region holds; checked when made, so that everything past it may trust its shape."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from bdd_model.errors import NQueensError
from bdd_model.wording import plural

MAX_N = 30
"""The largest level read."""
MAX_STARS = 4
"""The most pieces a row, column and region may hold."""
SYMBOLS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
"""The characters that name a region."""


class LevelError(NQueensError):
    """A level's text or shape is not one this program reads."""


@dataclass(frozen=True)
class Level:
    """An n×n grid cut into n regions; ``stars`` pieces in every row, column and region, no two
    on touching squares (diagonals included)."""

    regions: tuple[str, ...]
    """A string of region symbols per row."""
    stars: int = 1

    def __post_init__(self) -> None:
        n = len(self.regions)
        if not 1 <= n <= MAX_N:
            raise LevelError(f"a level has 1 to {MAX_N} rows; this one has {n}")
        _check_square(self.regions)
        for r, row in enumerate(self.regions, start=1):
            strange = [symbol for symbol in row if symbol not in SYMBOLS]
            if strange:
                raise LevelError(f"row {r} holds {strange[0]!r}: regions are named by A–Z, a–z and 0–9")
        found = len(self.symbols)
        if found != n:
            raise LevelError(f"a {n}×{n} level has {n} regions; this one has {found}")
        if not 1 <= self.stars <= MAX_STARS:
            raise LevelError(f"stars must be 1 to {MAX_STARS}, not {self.stars}")

    @property
    def n(self) -> int:
        return len(self.regions)

    @cached_property
    def symbols(self) -> tuple[str, ...]:
        """The region symbols in reading order of their first square."""
        return tuple(dict.fromkeys("".join(self.regions)))

    @cached_property
    def region_of(self) -> tuple[tuple[int, ...], ...]:
        """Each square's region, numbered in the order of ``symbols``."""
        number = {symbol: i for i, symbol in enumerate(self.symbols)}
        return tuple(tuple(number[s] for s in row) for row in self.regions)

    def squares(self, region: int) -> list[tuple[int, int]]:
        """The squares of a region, row by row."""
        return [(r, c) for r, row in enumerate(self.region_of) for c, k in enumerate(row) if k == region]

    def text(self) -> str:
        """The level in its text form (``stars K`` only when K > 1), ending with a newline."""
        head = [f"stars {self.stars}"] if self.stars > 1 else []
        return "\n".join([*head, *self.regions]) + "\n"

    def notes(self) -> list[str]:
        """What a setter should know that does not stop the level being played: the regions
        in several parts."""
        return [
            f"region {self.symbols[k]} is in {parts} parts"
            for k in range(self.n)
            if (parts := _parts(self.squares(k))) > 1
        ]


def _parts(squares: list[tuple[int, int]]) -> int:
    """How many pieces the squares fall into, side by side counting as joined."""
    left = set(squares)
    parts = 0
    while left:
        parts += 1
        stack = [left.pop()]
        while stack:
            r, c = stack.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in left:
                    left.remove(near)
                    stack.append(near)
    return parts


def _check_square(rows: tuple[str, ...]) -> None:
    """A grid of N rows of N squares; one row a square or two off is named (a typo), a grid of
    other widths is said whole (text that is no level at all)."""
    n, widths = len(rows), [len(row) for row in rows]
    off = [r for r, width in enumerate(widths, start=1) if width != n]
    if not off:
        return
    if len(set(widths)) == 1:
        raise LevelError(
            f"the grid is {plural(n, 'row')} of {plural(widths[0], 'square')}: a level is square"
        )
    if len(off) == 1 and abs(widths[off[0] - 1] - n) <= 2:
        r = off[0]
        has = plural(widths[r - 1], "square")
        raise LevelError(f"row {r} has {has}; the level has {plural(n, 'row')} (a level is square)")
    shown = ", ".join(str(width) for width in widths[:6]) + (", …" if n > 6 else "")
    raise LevelError(f"not a grid of regions: its {n} lines hold {shown} symbols (a level is N rows of N)")
