"""Check: the fewest of the player's decisions to take back so that a solution keeps the rest, framed
and counted; Check again on the framed decisions takes them back as one undoable step."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.gui.mid_end.solution_browser import Changes
from bdd_model import Cell, Decision, plural
from bdd_model.questions import Answer, Check, TakeBack, cells_of
from bdd_model.wording import and_list


def squares_words(cells: frozenset[Cell]) -> str:
    """Squares as said: "1,7", "1,7 and 2,4", "1,7; 2,4 and 3,5" (labels hold commas)."""
    return and_list((cell.label() for cell in sorted(cells)), between="; ")


class MistakeCheck(QObject):
    """The last Check's answer, for the decisions it was asked of."""

    framed = Signal()
    """Check framed decisions, or found none."""
    said = Signal(str)
    """What Check found, in a sentence."""

    def __init__(self, session: Changes, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._checked: tuple[tuple[Decision, ...], frozenset[Cell]] | None = None
        """The decisions the last Check was asked of, and those it framed."""

    @property
    def mistakes(self) -> frozenset[Cell]:
        """The decisions the last Check framed, while the board still holds exactly the
        decisions it checked."""
        cfg = self._session.configurator
        if cfg is None or self._checked is None or self._checked[0] != cfg.decisions:
            return frozenset()
        return self._checked[1]

    def check(self, quiet: bool = False) -> None:
        """Frame the fewest decisions to take back and say how many ("No mistake so far" when
        none; ``quiet``: then nothing is said); on framed decisions, take them back."""
        cfg = self._session.configurator
        if cfg is None:
            return
        wrong = self.mistakes
        if wrong:
            self._checked = None
            kept = tuple(d for d in cfg.decisions if d.cell not in wrong)
            self._session.change(kept, f"Check's take-back of {plural(len(wrong), 'mistake')}")
            where = squares_words(wrong)
            self.said.emit(f"Took back {where}: a solution keeps the rest. Undo (Ctrl+Z) brings it back.")
            return
        asked = cfg.decisions
        cfg.ask(Check(), lambda found: self._answered(asked, found, quiet))

    def forget(self) -> None:
        """Frame nothing (the assist that framed the mistakes by itself was left)."""
        if self._checked is not None:
            self._checked = None
            self.framed.emit()

    def _answered(self, asked: tuple[Decision, ...], found: Answer, quiet: bool) -> None:
        cfg = self._session.configurator
        if cfg is None or cfg.decisions != asked or not isinstance(found, TakeBack):
            return
        wrong = frozenset(cells_of(found.decisions))
        self._checked = (asked, wrong)
        self.framed.emit()
        if wrong:
            them = "it" if len(wrong) == 1 else "them"
            where = squares_words(wrong)
            self.said.emit(
                f"{plural(len(wrong), 'decision')} to take back (framed: {where}) for a solution to keep "
                f"the rest. Check again (Ctrl+K) takes {them} back."
            )
        elif not quiet:
            self.said.emit("No mistake so far.")
