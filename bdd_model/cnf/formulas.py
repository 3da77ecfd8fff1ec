"""Every puzzle as the exports write it, one formula kind a puzzle kind: its DIMACS and SMT-LIB and
what the messages about them say."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from bdd_model.cnf.encoding import clause_count, dimacs, smtlib
from bdd_model.cnf.level_encoding import LevelFormula
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle, Puzzle


class Formula(Protocol):
    """A puzzle's DIMACS and SMT-LIB, and what their messages say."""

    @property
    def problem(self) -> str:
        """What is encoded, as "Generating CNF for …" ends ("8-Queens problem")."""
        ...

    @property
    def name(self) -> str:
        """The exports' file name without its suffix, when nothing else names it ("8-queens")."""
        ...

    @property
    def variables(self) -> int: ...

    @property
    def clause_count(self) -> int: ...

    @property
    def assertions(self) -> int:
        """The SMT-LIB form's assertions."""
        ...

    def dimacs(self) -> Iterator[str]: ...

    def smtlib(self) -> Iterator[str]: ...


@dataclass(frozen=True)
class FamilyFormula:
    """A rule family at a size: N² variables, a clause (and an assertion) a constraint, in the
    Rust tool's encoding."""

    puzzle: FamilyPuzzle

    @property
    def problem(self) -> str:
        return f"{self.puzzle.rules.problem(self.puzzle.n)} problem"

    @property
    def name(self) -> str:
        return self.puzzle.qualified(f"{self.puzzle.n}-queens", "-")

    @property
    def variables(self) -> int:
        return self.puzzle.n * self.puzzle.n

    @property
    def clause_count(self) -> int:
        return clause_count(self.puzzle.n, self.puzzle.rules)

    @property
    def assertions(self) -> int:
        return self.clause_count

    def dimacs(self) -> Iterator[str]:
        return dimacs(self.puzzle.n, self.puzzle.rules)

    def smtlib(self) -> Iterator[str]:
        return smtlib(self.puzzle.n, self.puzzle.rules)


FORMULAS: dict[type, Callable[[Any], Formula]] = {
    FamilyPuzzle: FamilyFormula,
    LevelPuzzle: lambda puzzle: LevelFormula(puzzle.level),
}
"""The formula of each kind of puzzle."""


def formula(puzzle: Puzzle) -> Formula:
    """The puzzle's DIMACS and SMT-LIB."""
    return FORMULAS[type(puzzle)](puzzle)
