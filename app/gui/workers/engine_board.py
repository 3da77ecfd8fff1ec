"""The one face every engine shows the mid end (``EngineBoard``): a board view that changes as answers arrive,
changes proposed and then taken or declined, and questions asked and answered, in this process or in the
worker."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from bdd_model import Cell, CellState, Decision, DecisionKind
from bdd_model.board_view import BoardView
from bdd_model.puzzles import Puzzle
from bdd_model.questions import Answer, Question
from bdd_model.solution_count import SolutionCount

AnswerCallback = Callable[[Answer], None]


@dataclass(frozen=True)
class Proposal:
    """A change the user made, waiting for the engine: the decisions before and after."""

    ident: int
    before: tuple[Decision, ...]
    after: tuple[Decision, ...]
    label: str

    def onto(self, base: tuple[Decision, ...]) -> tuple[Decision, ...] | None:
        """The same change made on other decisions: take away what it took away, add what it
        added; None when it does not apply there (what it took away is not there, or a square it
        decides is decided already)."""
        removed = [d for d in self.before if d not in self.after]
        added = [d for d in self.after if d not in self.before]
        if not set(removed) <= set(base):
            return None
        kept = tuple(d for d in base if d not in removed)
        if {d.cell for d in added} & {d.cell for d in kept} or not (removed or added):
            return None
        return (*kept, *added)


class EngineBoard(QObject):
    """A puzzle's board answered by one engine."""

    accepted = Signal()
    """The engine took the board's decisions (its first answer about them)."""
    refused = Signal(str)
    """The engine refused the decisions given by ``restore`` (no solution keeps them all)."""
    taken = Signal(object, object, str)
    """(before, after, label): the engine took a proposed change."""
    declined = Signal(object, str)
    """(the refused proposal, why): the change is undone, the later ones made again."""
    updated = Signal()
    """More squares are decided, or the count is better known."""
    restarted = Signal()
    """The engine's process was started again: questions asked before went unanswered."""

    def __init__(self, engine: str, name: str, view: BoardView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engine = engine
        """The engine's name in the registry, as saved files and the JSON say it."""
        self.name = name
        """The engine as the status bar names it ("BDD", "SAT engine")."""
        self.view = view
        self.strict = True
        """Decisions that leave no solution are refused (the mid end's policy; only a board whose
        engine keeps dead ends is ever told otherwise)."""

    def set_strict(self, strict: bool) -> None:
        """Refuse decisions that leave no solution from now on, or keep them."""
        self.strict = strict

    @property
    def puzzle(self) -> Puzzle:
        """The board played."""
        return self.view.puzzle

    @property
    def n(self) -> int:
        return self.view.n

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions shown: the ones taken and the changes proposed after them."""
        return self.view.decisions

    def cell(self, row: int, col: int) -> CellState | None:
        """The square's state, or None while it is being proven."""
        return self.view.state(row, col)

    def states(self) -> list[list[CellState | None]]:
        """Every square's state, row by row."""
        return self.view.states()

    @property
    def solution_count(self) -> SolutionCount | None:
        return self.view.count

    @property
    def count(self) -> int | None:
        return self.view.exact

    @property
    def is_solved(self) -> bool:
        """Every piece of a solution stands; on a board that keeps dead ends (an assist that
        spoils nothing), every one placed by the player."""
        placed = sum(decision.kind is DecisionKind.QUEEN for decision in self.decisions)
        return self.view.is_solved and (self.strict or placed == self.puzzle.pieces)

    @property
    def settled(self) -> bool:
        return self.view.settled

    @property
    def count_at_least(self) -> int:
        """A true lower bound on the solutions left (1 until the engine says more: the decisions
        keep a solution)."""
        return self.view.count.at_least if self.view.count is not None else 1

    @property
    def pending(self) -> int:
        """Proposed changes the engine has not answered yet."""
        return 0

    @property
    def newest_label(self) -> str:
        """What the newest change not answered yet did ("Queen on 5,3"), or ""."""
        return ""

    @property
    def slow(self) -> bool:
        """Some squares of these decisions have been being proven for a while."""
        return False

    def point_at(self, cell: Cell | None) -> None:
        """The square the person points at, for an engine that proves squares one by one: the
        lines near it are proven first (nothing where every square comes at once)."""

    @property
    def waited(self) -> float:
        """Seconds these decisions' answers have been worked out (0 where they come at once)."""
        return 0.0

    def propose(self, after: Sequence[Decision], label: str) -> None:
        """Show a change of the decisions and have the engine take it (``taken``) or not
        (``declined``)."""
        raise NotImplementedError

    def withdraw(self) -> Proposal | None:
        """Take back the newest change the engine has not answered yet (None: there is none)."""
        return None

    def restore(self, decisions: Sequence[Decision]) -> None:
        """Take exactly these decisions (they held before: undo, redo)."""
        raise NotImplementedError

    def resend(self) -> None:
        """The engine's process was started again: ask it about the board again."""

    def ask(self, question: Question, answer: AnswerCallback) -> None:
        """Ask about the current decisions; ``answer`` hears the reply unless they changed."""
        raise NotImplementedError

    def attackers(self, row: int, col: int) -> list[Cell]:
        """The known queens attacking (row, col)."""
        return self.view.attackers(row, col)
