"""A rule family's board at one size as a puzzle: the family found by its name, which is also how it is
stored."""

from __future__ import annotations

from typing import Annotated

import msgspec

from bdd_model.families import CLASSIC, RuleFamily, UnknownFamily, family


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
    def pieces(self) -> int:
        """How many pieces a solution holds: one a row."""
        return self.n

    @property
    def piece(self) -> str:
        """The word for a piece ("queen", "superqueen")."""
        return self.rules.piece

    def resized(self, n: int) -> FamilyPuzzle:
        """The same family's n×n board."""
        return FamilyPuzzle(n, self.family)
