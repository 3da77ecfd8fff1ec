"""What the level search shows of a board beyond its squares, for the window's Insight panel: the searches its
answers took and the boards without a solution it remembers. A record, so that the engine worker sends it as
it is."""

from __future__ import annotations

import msgspec

from bdd_model.board_view import Insight


class SearchInsight(msgspec.Struct, Insight, frozen=True, tag="search"):
    """The searches run so far on the level, and the boards found without a solution kept for
    later ones."""

    searches: int = 0
    kept: int = 0
