"""What the SAT engine shows before a board is settled is true: each square it has decided has the state the
brute-force oracle gives, and each square it shows as one a queen fits on is in a remaining solution; the
window paints such a square apart from one still being checked, and says what it is."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage

from app.gui.board.board_picture import BoardPicture
from app.gui.board.board_widget import BoardWidget
from app.gui.mid_end.explanations import describe
from bdd_model import Cell, DecisionKind
from bdd_model.board import FITS, STATE_OF_CODE, UNDECIDED
from bdd_model.board_view import BoardView
from bdd_model.decisions import Decision
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.sat.engine import SatEngine
from tests import oracle


@settings(max_examples=40, deadline=None)
@given(n=st.integers(6, 10), seed=st.integers(0, 10**6), queens=st.integers(1, 3))
def test_squares_shown_before_settling_agree_with_the_oracle(n: int, seed: int, queens: int) -> None:
    rng = np.random.default_rng(seed)
    solutions = oracle.all_solutions(n)
    chosen = solutions[int(rng.integers(len(solutions)))]
    rows = sorted(rng.choice(n, size=queens, replace=False).tolist())
    decisions = {Cell(r, chosen[r]): DecisionKind.QUEEN for r in rows}
    engine = SatEngine(n, seed=seed)
    engine.restore([Decision(cell, kind) for cell, kind in decisions.items()])
    codes = engine.known_codes()
    expected = oracle.states(n, decisions)
    remaining = oracle.remaining(n, decisions)
    for r in range(n):
        for c in range(n):
            code = int(codes[r, c])
            if code == FITS:
                assert any(solution[r] == c for solution in remaining), (r, c)
            elif code != UNDECIDED:
                assert STATE_OF_CODE[code] is expected[r][c], (r, c)


def test_a_square_a_queen_fits_on_is_painted_apart_and_described(qtbot) -> None:
    n = 6
    codes = np.full((n, n), UNDECIDED, dtype=np.int8)
    codes[2, 3] = FITS
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(300, 300)
    board.set_picture(BoardPicture(n, codes))
    image = board.grab().toImage()

    def square(cell: Cell) -> QImage:
        return image.copy(board.cell_rect(cell))

    same_shade = Cell(2, 1)
    assert square(Cell(2, 3)) != square(same_shade), "a fitting square looks apart from a checked one"
    view = BoardView.of(FamilyPuzzle(n), (), codes)
    assert "a queen fits here" in describe(view, Cell(2, 3))
    assert "checking whether a solution has a queen here" in describe(view, same_shade)
    assert view.undecided == n * n and not view.settled and view.fits(2, 3) and not view.fits(2, 1)
