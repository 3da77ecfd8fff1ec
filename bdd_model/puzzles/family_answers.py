"""The answers both engines of a rule family's board give alike, made from what each finds its own way: a
solution's squares from its column per row, the advice "the piece that keeps the most solutions open" from
its hint, and nothing to take back (neither keeps a decision that leaves no solution)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bdd_model.board import Cell
from bdd_model.board_view import BoardView
from bdd_model.families import RuleFamily
from bdd_model.questions import Advice
from bdd_model.wording import plural

MOST_SOLUTIONS = "most-solutions"
"""The technique of a family's advice: the open square that the most remaining solutions use."""


class HintingEngine(Protocol):
    """What the advice reads of an engine."""

    rules: RuleFamily

    def hint(self) -> Cell | None: ...

    def view(self) -> BoardView: ...


def column_squares(columns: Sequence[int]) -> list[Cell]:
    """The squares of a solution given as its column in each row."""
    return [Cell(row, col) for row, col in enumerate(columns)]


def most_solutions_advice(engine: HintingEngine) -> Advice | None:
    """A piece on the engine's hint, with how many solutions keep it where the engine counts them
    per square ("a queen on 3,4 keeps 14 solutions open"), else as the square most solutions seen
    use; None when no square is open."""
    best = engine.hint()
    if best is None:
        return None
    counts = engine.view().cell_counts
    where = f"a {engine.rules.piece} on {best.label()}"
    if counts is None:
        reason = f"{where}, the square most solutions seen use"
    else:
        reason = f"{where} keeps {plural(int(counts[best.row, best.col]), 'solution')} open"
    return Advice([(best.row, best.col)], "queen", MOST_SOLUTIONS, reason)
