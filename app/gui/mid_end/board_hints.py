"""Hint on the board: on a level, the first press shows the next deduction (the squares it decides
framed, the squares it reasons from shaded, its technique and reason said) and the second applies it
as one undoable step; on a family, the engine's advice is taken at once, as the configurator does."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from app.gui.mid_end.solution_browser import Changes, dead_end_words
from app.gui.workers.engine_board import EngineBoard
from bdd_model import Cell, Decision, DecisionKind
from bdd_model.questions import Advice, Answer, Hint, Unanswered, cells_of


@dataclass(frozen=True)
class ShownHint:
    """A deduction shown and not applied yet, for the decisions it was found under."""

    decisions: tuple[Decision, ...]
    squares: tuple[Cell, ...]
    kind: DecisionKind
    because: frozenset[Cell]
    words: str
    """The technique and its reason, as said."""


class BoardHints(QObject):
    """The hint shown on the board, if any."""

    shown = Signal()
    """A hint is shown, applied or gone."""
    said = Signal(str)
    """What the hint says, in a sentence."""

    def __init__(self, session: Changes, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._shown: ShownHint | None = None

    @property
    def hint(self) -> ShownHint | None:
        """The hint shown, while the board holds exactly the decisions it was found under."""
        cfg = self._session.configurator
        if cfg is None or self._shown is None or self._shown.decisions != cfg.decisions:
            return None
        return self._shown

    def ask(self) -> None:
        """Show the next deduction (a level), or apply the one shown; on a family take the
        engine's advice at once."""
        cfg = self._session.configurator
        if cfg is None:
            return
        shown = self.hint
        if shown is not None:
            self._apply(cfg, shown)
            return
        if cfg.count == 0 and cfg.decisions and not cfg.strict:
            self.said.emit(dead_end_words("Hint"))
        elif cfg.count == 0:
            self.said.emit(f"The {cfg.puzzle.board} has no solution: there is nothing to hint.")
        elif cfg.is_solved:
            self.said.emit("The board is solved: no hint needed.")
        else:
            asked = cfg.decisions
            cfg.ask(Hint(), lambda found: self._answered(asked, found))

    def _answered(self, asked: tuple[Decision, ...], found: Answer) -> None:
        cfg = self._session.configurator
        if cfg is None or cfg.decisions != asked:
            return
        if isinstance(found, Unanswered):
            self.said.emit(f"No hint: {found.reason}.")
            return
        if not isinstance(found, Advice):
            return
        kind = DecisionKind.QUEEN if found.action == "queen" else DecisionKind.MARK
        words = f"Hint ({found.technique.replace('-', ' ')}): {found.reason}."
        because = frozenset(cells_of(found.because))
        shown = ShownHint(asked, tuple(cells_of(found.squares)), kind, because, words)
        if not cfg.puzzle.assisted:
            self._apply(cfg, shown)
            self.said.emit(f"Hint: {found.reason}.")
            return
        self._shown = shown
        self.shown.emit()
        self.said.emit(f"{words} Hint again (Ctrl+H) applies it.")

    def _apply(self, cfg: EngineBoard, shown: ShownHint) -> None:
        """The hint's decisions as one step."""
        self._shown = None
        where = shown.squares[0].label()
        piece = cfg.puzzle.piece
        text = f"Hint: {piece} on {where}" if shown.kind is DecisionKind.QUEEN else f"Hint: {where} empty"
        self._session.change((*cfg.decisions, *(Decision(cell, shown.kind) for cell in shown.squares)), text)
        self.shown.emit()
