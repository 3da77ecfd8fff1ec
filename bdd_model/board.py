"""Cells, cell states and their codes, and the text forms shared by the command line and the window: 0-based
in Python, ``ROW,COL`` counted from 1 on the command line and in JSON."""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from bdd_model.errors import BoardSizeError, CellError
from bdd_model.files.untrusted_text import excerpt


class Cell(NamedTuple):
    """A square of the board, 0-based."""

    row: int
    col: int

    def one_based(self) -> list[int]:
        """The ``[ROW, COL]`` pair of the command line and JSON."""
        return [self.row + 1, self.col + 1]

    def label(self) -> str:
        """``ROW,COL`` counted from 1, as people type it."""
        return f"{self.row + 1},{self.col + 1}"


class CellState(enum.Enum):
    """What a square shows. ATTACKED and LOOKAHEAD are the two kinds of closed square. The order
    is the states' codes everywhere a board is held as numbers (``STATE_ORDER``)."""

    QUEEN = "queen"
    MARKED = "marked"
    FORCED = "forced"
    OPEN = "open"
    ATTACKED = "attacked"
    LOOKAHEAD = "lookahead"

    @property
    def is_closed(self) -> bool:
        """Closed: no remaining solution has a queen here, and the user did not mark it."""
        return self in (CellState.ATTACKED, CellState.LOOKAHEAD)

    @property
    def has_queen(self) -> bool:
        """A queen stands here in every remaining solution."""
        return self in (CellState.QUEEN, CellState.FORCED)


STATE_ORDER: tuple[CellState, ...] = tuple(CellState)
"""The states by their codes: a board's states are an int8 array of these codes."""
UNDECIDED = len(STATE_ORDER)
"""The code of a square not decided yet (the SAT engine proves squares one by one)."""
FITS = UNDECIDED + 1
"""The code of a square not decided yet where a queen is proven to fit (a solution found has
one there): open or forced, not known which until the rest of its row or column is proven."""
STATE_OF_CODE: tuple[CellState | None, ...] = (*STATE_ORDER, None, None)
"""Each code's state, ``UNDECIDED``'s and ``FITS``'s being None."""


def check_whole_size(n: object, maximum: int, too_big: str) -> int:
    """n if it is a whole number from 1 to ``maximum``, else BoardSizeError (``too_big`` is the
    message for n > maximum, formatted with n and maximum)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise BoardSizeError(f"N must be a whole number, not {excerpt(repr(n))}")
    if n < 1:
        raise BoardSizeError(f"N must be at least 1, not {n}")
    if n > maximum:
        raise BoardSizeError(too_big.format(n=n, maximum=maximum))
    return n


_CELL_TEXT = re.compile(r"\s*([0-9]+)\s*,\s*([0-9]+)\s*", re.ASCII)


def check_cell(n: int, row: int, col: int) -> Cell:
    """The cell (row, col) of an n×n board, or CellError naming it 1-based."""
    if not (isinstance(row, int) and isinstance(col, int)) or isinstance(row, bool) or isinstance(col, bool):
        raise CellError(f"cell ({row!r}, {col!r}) is not a pair of integers")
    if not (0 <= row < n and 0 <= col < n):
        raise CellError(f"cell {row + 1},{col + 1} is off the {n}×{n} board (rows and columns run 1..{n})")
    return Cell(row, col)


def parse_cell(text: str, n: int) -> Cell:
    """Parse ``ROW,COL`` (1-based) into a 0-based Cell of the n×n board."""
    match = _CELL_TEXT.fullmatch(text)
    if match is None:
        raise CellError(f"cell '{excerpt(text)}' is not of the form ROW,COL (for example 2,3)")
    if max(len(match.group(1)), len(match.group(2))) > 9:
        raise CellError(f"cell '{excerpt(text)}' is off the {n}×{n} board (rows and columns run 1..{n})")
    row, col = int(match.group(1)), int(match.group(2))
    if not (1 <= row <= n and 1 <= col <= n):
        raise CellError(f"cell {row},{col} is off the {n}×{n} board (rows and columns run 1..{n})")
    return Cell(row - 1, col - 1)


def queens_text(n: int, queens: Iterable[Cell]) -> str:
    """An n×n board with queens: per square ``Q `` or ``. ``, one row a line (the Rust tool's layout)."""
    occupied = set(queens)
    return "\n".join("".join("Q " if (r, c) in occupied else ". " for c in range(n)) for r in range(n))


def board_text(columns: Sequence[int], n: int) -> str:
    """The board of one solution, given the queen's column in each row."""
    return queens_text(n, (Cell(r, c) for r, c in enumerate(columns)))


def cells_one_based(cells: Iterable[Cell]) -> list[list[int]]:
    """JSON form of a list of cells."""
    return [cell.one_based() for cell in cells]
