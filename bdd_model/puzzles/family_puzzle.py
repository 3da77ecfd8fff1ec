"""A rule family's board at one size as a puzzle: the family found by its name, which is also how it is
stored."""

from __future__ import annotations

from typing import Annotated

import msgspec
import numpy as np

from bdd_model.board import Cell, queens_text
from bdd_model.families import CLASSIC, RuleFamily, UnknownFamily, family
from bdd_model.wording import plural


class FamilyPuzzle(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag="family", tag_field="kind"):
    """The n×n board of the rule family named ``family`` (the classic queens unless named): one
    piece per row and column, the family's lines and leaps between them."""

    n: Annotated[int, msgspec.Meta(ge=1)]
    family: str = CLASSIC.name

    def __post_init__(self) -> None:
        """Refuse a family no module registered (a record read back from disk names one)."""
        try:
            family(self.family)
        except UnknownFamily as error:
            raise ValueError(str(error)) from None

    @classmethod
    def of(cls, rules: RuleFamily, n: int) -> FamilyPuzzle:
        """The n×n board of ``rules``."""
        return cls(n, rules.name)

    @property
    def rules(self) -> RuleFamily:
        """The family the board is played by."""
        return family(self.family)

    @property
    def title(self) -> str:
        """The board as the window and messages name it: "8×8", "13×13 no-touch"."""
        return self.rules.board(self.n)

    @property
    def board(self) -> str:
        """The board as sentences name it ("no solution of the 8×8 board")."""
        return f"{self.title} board"

    @property
    def pieces(self) -> int:
        """How many pieces a solution holds: one a row."""
        return self.n

    @property
    def piece(self) -> str:
        """The word for a piece ("queen", "superqueen")."""
        return self.rules.piece

    @property
    def region_of(self) -> None:
        """A family's board has no regions (a level's has)."""
        return None

    @property
    def attacked_by(self) -> str:
        """How a piece closes a square, as ``why_not_open`` says it ("attacked by")."""
        return self.rules.attacked_by

    def attacked(self, pieces: np.ndarray) -> np.ndarray:
        """The squares the pieces of the boolean mask exclude, the pieces themselves excepted."""
        return self.rules.attacked(self.n, pieces)

    def closers(self, pieces: list[Cell], cell: Cell) -> list[Cell]:
        """The pieces that exclude ``cell``."""
        return [piece for piece in pieces if self.rules.excludes(self.n, piece, cell)]

    @property
    def family_name(self) -> str:
        """The rule family it is played by, by name (Game → Rules checks it)."""
        return self.family

    @property
    def sequence(self) -> str:
        """Where its counts are known, looked up ("OEIS A000170"), or ""."""
        return self.rules.sequence

    @property
    def goal(self) -> str:
        """What a solution is, in words."""
        return f"every row holds a {self.piece}"

    @property
    def assisted(self) -> bool:
        """The families are played as a configurator: every deduction shown, whatever the assist."""
        return False

    def text_form(self, queens: list[Cell]) -> str:
        """The board as Edit → Copy writes it: a row a line, Q for a queen, . for a square."""
        return queens_text(self.n, queens) + "\n"

    @property
    def file_stem(self) -> str:
        """How a saved game of it is named at first ("queens-8x8-toroidal")."""
        return self.rules.qualified(f"queens-{self.n}x{self.n}", "-")

    def no_solution(self, largest: int) -> str:
        """What is said of it without a solution, with the nearest sizes (to ``largest``) that
        have one."""
        sizes = " and ".join(f"{m}×{m}" for m in self.rules.sizes_with_solutions_near(self.n, largest))
        elsewhere = f" Nearest sizes with solutions: {sizes}." if sizes else ""
        none_fit = f"No {plural(self.n, self.piece)} fit on the {self.board} without attacking"
        return f"{none_fit}: every square is closed.{elsewhere}"

    def qualified(self, name: str, joiner: str = " ") -> str:
        """A name that the family's board goes by, with the family unless it is the classic
        ("SAT · toroidal")."""
        return self.rules.qualified(name, joiner)

    def resized(self, n: int) -> FamilyPuzzle:
        """The same family's n×n board."""
        return FamilyPuzzle(n, self.family)
