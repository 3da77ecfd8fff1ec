"""What the SAT engine shows of a board beyond its squares, for the window's Insight panel: the solver
calls its answers took so far. A record, so that the engine worker sends it as it is."""

from __future__ import annotations

import msgspec

from bdd_model.board_view import Insight


class SolverInsight(msgspec.Struct, Insight, frozen=True, tag="solver"):
    """The solver calls made so far on the board's engine."""

    calls: int = 0
