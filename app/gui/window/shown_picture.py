"""The board's picture from the session: the squares as the assist shows them, the counts, what is
framed (the decisions that close the square explained, the mistakes Check found), the hint shown, the
solution previewed."""

from __future__ import annotations

from app.gui.board.board_picture import BoardPicture
from app.gui.mid_end.assists import Assist
from app.gui.mid_end.explanations import Explanation
from app.gui.mid_end.session import BoardSession


def shown_picture(session: BoardSession, explanation: Explanation | None, heat: bool) -> BoardPicture:
    """What the board shows now (``explanation``: of the square pointed at or chosen)."""
    cfg, shown = session.configurator, session.shown_view()
    if cfg is None or shown is None:
        return BoardPicture(0)
    culprits = explanation.culprits if explanation and explanation.culprits else ()
    hint = session.hints.hint
    return BoardPicture(
        cfg.n,
        shown.codes,
        cfg.view.cell_counts,
        culprits=frozenset({d.cell for d in culprits} | session.checks.mistakes),
        hinted=frozenset(hint.squares) if hint else frozenset(),
        reasons=hint.because if hint else frozenset(),
        preview=session.browser.preview,
        heat=heat and session.shown_assist is Assist.EVERYTHING,
        focus=explanation.cell if explanation else None,
        regions=cfg.puzzle.region_of,
    )
