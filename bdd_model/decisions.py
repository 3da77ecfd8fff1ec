"""A decision: the one value that the undo stack, saved files, the autosave, the command line and
the SAT worker pass around, and its forms, all defined here: ``--queen 2,3`` and ``--empty 2,3`` on
the command line, ``{"cell": [2, 3], "kind": "queen"}`` in a saved file (both 1-based), and one
number, its square's index twice plus one for a mark, where thousands are kept or sent."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple

import msgspec

from bdd_model.board import Cell, parse_cell
from bdd_model.errors import CellError

if TYPE_CHECKING:
    from bdd_model.puzzles import Puzzle


class DecisionKind(enum.Enum):
    """The two kinds of user decision."""

    QUEEN = "queen"
    MARK = "mark"

    @property
    def word(self) -> Literal["queen", "empty"]:
        """The kind in the text form: "queen", or "empty" for a mark."""
        return "queen" if self is DecisionKind.QUEEN else "empty"


KIND_OF_WORD: dict[str, DecisionKind] = {kind.word: kind for kind in DecisionKind}


class Decision(NamedTuple):
    """One user decision: a queen on a cell, or a mark that says no queen there."""

    cell: Cell
    kind: DecisionKind

    @classmethod
    def parse(cls, word: str, cell: str, n: int) -> Decision:
        """The decision of ``--queen R,C`` or ``--empty R,C`` (``word`` "queen" or "empty")."""
        return cls(parse_cell(cell, n), KIND_OF_WORD[word])

    def record(self) -> DecisionRecord:
        """The decision as a saved file writes it."""
        return DecisionRecord((self.cell.row + 1, self.cell.col + 1), self.kind.word)

    def code(self, n: int) -> int:
        """The decision as one number on an n×n board."""
        return 2 * (self.cell.row * n + self.cell.col) + (self.kind is DecisionKind.MARK)

    @classmethod
    def of_code(cls, code: int, n: int) -> Decision:
        """The decision of ``code`` on an n×n board; CellError when it is off the board."""
        if not 0 <= code < 2 * n * n:
            raise CellError(f"a decision off the {n}×{n} board")
        square, mark = divmod(code, 2)
        return cls(Cell(*divmod(square, n)), DecisionKind.MARK if mark else DecisionKind.QUEEN)


class DecisionRecord(msgspec.Struct, forbid_unknown_fields=True):
    """A decision in a saved file: its square (1-based) and what was decided."""

    cell: tuple[int, int]
    kind: Literal["queen", "empty"]

    def decision(self, n: int) -> Decision:
        """The decision on an n×n board; CellError when its square is off the board."""
        row, col = self.cell
        if not (1 <= row <= n and 1 <= col <= n):
            raise CellError(f"cell {row},{col} is off the {n}×{n} board")
        return Decision(Cell(row - 1, col - 1), KIND_OF_WORD[self.kind])


def codes(decisions: Iterable[Decision], n: int) -> list[int]:
    """The decisions as numbers, in order."""
    return [decision.code(n) for decision in decisions]


def of_codes(numbers: Iterable[int], n: int) -> tuple[Decision, ...]:
    """Decisions from their numbers, in order; CellError for one off the board or two on one square."""
    decisions = tuple(Decision.of_code(code, n) for code in numbers)
    if len({d.cell for d in decisions}) < len(decisions):
        raise CellError("two decisions on one square")
    return decisions


class Conflict(NamedTuple):
    """Two decisions that no solution can take together: their numbers (from 1) and squares."""

    first: int
    second: int
    first_cell: Cell
    second_cell: Cell

    @property
    def same_square(self) -> bool:
        return self.first_cell == self.second_cell


def conflict(puzzle: Puzzle, decisions: Sequence[Decision]) -> Conflict | None:
    """The first pair of decisions that no solution of the puzzle can take (two on one square, a
    piece that an earlier one closes), found without an engine; None when there is none."""
    taken: dict[Cell, int] = {}
    pieces: list[tuple[int, Cell]] = []
    for number, (cell, kind) in enumerate(decisions, start=1):
        if cell in taken:
            return Conflict(taken[cell], number, cell, cell)
        taken[cell] = number
        if kind is not DecisionKind.QUEEN:
            continue
        closers = set(puzzle.closers([other for _, other in pieces], cell))
        for first, other in pieces:
            if other in closers:
                return Conflict(first, number, other, cell)
        pieces.append((number, cell))
    return None


def first_conflict(puzzle: Puzzle, decisions: Sequence[Decision]) -> str | None:
    """Why no solution can take all ``decisions`` (see ``conflict``), or None."""
    found = conflict(puzzle, decisions)
    if found is None:
        return None
    if found.same_square:
        return f"decisions {found.first} and {found.second} are both on {found.second_cell.label()}"
    return (
        f"decisions {found.first} and {found.second}: {puzzle.piece}s on {found.first_cell.label()} and "
        f"{found.second_cell.label()} attack each other"
    )
