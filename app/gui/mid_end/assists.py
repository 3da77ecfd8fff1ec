"""How much of what the engine knows a level's board shows (View → Assist): nothing but the player's
decisions, those and the squares the player's pieces cross out, or everything (the configurator). The
families are always shown whole."""

from __future__ import annotations

import enum

import numpy as np
from PySide6.QtCore import QSettings

from bdd_model.board import STATE_ORDER, UNDECIDED, CellState
from bdd_model.board_view import BoardView


class Assist(enum.Enum):
    """An assist, by the name the settings and ``--assist`` use."""

    NONE = "none"
    CROSS_OUT = "cross-out"
    EVERYTHING = "everything"

    @property
    def label(self) -> str:
        """Its entry in View → Assist."""
        return {"none": "&None", "cross-out": "&Cross Out", "everything": "&Everything"}[self.value]

    @property
    def words(self) -> str:
        """What it shows, in a sentence."""
        return {
            "none": "Only your pieces and marks: nothing is deduced for you, mistakes wait for Check",
            "cross-out": "Your pieces cross out the squares they rule out (touching, and full rows, "
            "columns and regions); mistakes wait for Check",
            "everything": "Everything the engine knows: closed squares, forced pieces, the count",
        }[self.value]

    @property
    def shown_states(self) -> frozenset[CellState]:
        """The kinds of square the board shows under it (the legend's)."""
        if self is Assist.EVERYTHING:
            return frozenset(CellState)
        mine = {CellState.QUEEN, CellState.MARKED, CellState.OPEN}
        return frozenset(mine | {CellState.ATTACKED} if self is Assist.CROSS_OUT else mine)

    @property
    def keeps_dead_ends(self) -> bool:
        """A decision that leaves no solution is taken (and said only when the player asks)."""
        return self is not Assist.EVERYTHING


DEFAULT = Assist.CROSS_OUT
"""The assist of a first start: the open Queens games' auto-X."""


def remembered_assist(settings: QSettings) -> Assist:
    """The assist chosen last (View → Assist), the default when none was or the setting is not one."""
    try:
        return Assist(str(settings.value("view/assist", DEFAULT.value)))
    except ValueError:
        return DEFAULT


OPEN = STATE_ORDER.index(CellState.OPEN)


def shown_codes(assist: Assist, view: BoardView) -> np.ndarray:
    """The squares as the assist shows them (``view.codes`` when it shows everything)."""
    if assist is Assist.EVERYTHING:
        return view.codes
    codes = BoardView.without_engine(view.puzzle, view.decisions).codes.copy()
    codes[codes >= UNDECIDED] = OPEN
    if assist is Assist.NONE:
        codes[codes == STATE_ORDER.index(CellState.ATTACKED)] = OPEN
    return codes
