"""The board paints from a cache updated square by square: whatever happened before, it shows
exactly what a fresh board shows, on screen and in a grab; a cursor or pointer move repaints two
squares; and every kind of square, the ones being checked included, reads apart from the others
without colour, at 6 pixels as at 60."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import combinations
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPalette, QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.bench.window_probes import PaintProbe
from app.gui.board.board_widget import BoardPicture, BoardWidget, label_step, labelled_numbers
from app.gui.board.square_painter import SquareLook, SquarePainter
from app.gui.board.theme import DARK, LIGHT, BoardColors
from bdd_model import Cell, CellState
from bdd_model.board import STATE_OF_CODE, STATE_ORDER
from tests.properties import examples

STATES: list[CellState | None] = [*CellState, None]
ARROWS = [Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down]
DARK_PALETTE = QPalette(QColor("#35353a"))
LIGHT_PALETTE = QPalette(QColor("#efefef"))


def row_by_row(columns: list[int]) -> frozenset[Cell]:
    """A solution's squares from a column per row."""
    return frozenset(Cell(row, col) for row, col in enumerate(columns))


@st.composite
def pictures(draw: st.DrawFn, n: int | None = None) -> BoardPicture:
    """Any picture of an n×n board (n drawn when not given): states, heat, culprits, preview, focus."""
    n = draw(st.integers(1, 6)) if n is None else n
    cells = st.builds(Cell, st.integers(0, n - 1), st.integers(0, n - 1))
    square_rows = st.lists(st.sampled_from(STATES), min_size=n, max_size=n).map(tuple)
    count_rows = st.lists(st.integers(0, 40), min_size=n, max_size=n).map(tuple)
    return BoardPicture.of(
        n,
        tuple(draw(st.lists(square_rows, min_size=n, max_size=n))),
        draw(st.one_of(st.just(()), st.lists(count_rows, min_size=n, max_size=n).map(tuple))),
        culprits=draw(st.frozensets(cells, max_size=3)),
        preview=draw(st.none() | st.lists(st.integers(0, n - 1), min_size=n, max_size=n).map(row_by_row)),
        heat=draw(st.booleans()),
        focus=draw(st.none() | cells),
    )


spots = st.tuples(st.integers(0, 5), st.integers(0, 5))
actions = st.one_of(
    st.tuples(st.just("picture"), pictures()),
    st.tuples(st.just("square"), spots, st.sampled_from(STATES)),
    st.tuples(st.just("preview"), st.lists(st.integers(0, 5), min_size=6, max_size=6)),
    st.tuples(st.just("preview"), st.none()),
    st.tuples(st.just("culprits"), st.lists(spots, max_size=3)),
    st.tuples(st.just("focus"), st.none() | spots),
    st.tuples(st.just("heat"), st.booleans()),
    st.tuples(st.just("counts"), st.lists(st.integers(0, 40), min_size=36, max_size=36) | st.just([])),
    st.tuples(st.just("hover"), spots),
    st.tuples(st.just("key"), st.sampled_from(ARROWS)),
    st.tuples(st.just("click"), spots),
    st.tuples(st.just("resize"), st.integers(160, 420), st.integers(160, 420)),
    st.tuples(st.just("palette"), st.booleans()),
)
"""What can happen to a board: a new picture, or one part of it changed; the pointer, the keys,
the window and the palette."""


def shown_board(qtbot, width: int = 300, height: int = 300, palette: QPalette = LIGHT_PALETTE) -> BoardWidget:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.setPalette(palette)
    board.resize(width, height)
    board.show()
    qtbot.waitExposed(board)
    return board


def settle() -> None:
    """Deliver the posted paints."""
    QApplication.processEvents()
    QApplication.processEvents()


def on_screen(board: BoardWidget) -> QImage:
    """What the board's window shows now (the offscreen platform's backing store)."""
    return board.screen().grabWindow(board.winId()).toImage()


def edited(picture: BoardPicture, kind: str, value: Any) -> BoardPicture:
    """``picture`` with one of its parts changed (spots taken modulo its size)."""
    n = picture.n
    if kind == "square":
        (row, col), state = value
        codes = picture.codes.copy()
        codes[row % n, col % n] = STATE_OF_CODE.index(state)
        return replace(picture, codes=codes)
    if kind == "preview":
        return replace(picture, preview=None if value is None else row_by_row([c % n for c in value[:n]]))
    if kind == "culprits":
        return replace(picture, culprits=frozenset(Cell(r % n, c % n) for r, c in value))
    if kind == "focus":
        return replace(picture, focus=None if value is None else Cell(value[0] % n, value[1] % n))
    if kind == "heat":
        return replace(picture, heat=value)
    counts = np.array([[value[r * 6 + c] for c in range(n)] for r in range(n)]) if value else None
    return replace(picture, counts=counts)


def act(board: BoardWidget, action: tuple) -> None:
    kind, *args = action
    n = board.picture.n
    if kind == "picture":
        board.set_picture(args[0])
    elif kind in ("square", "culprits", "focus", "heat", "counts", "preview") and n:
        board.set_picture(edited(board.picture, kind, args[0] if len(args) == 1 else tuple(args)))
    elif kind in ("hover", "click") and n:
        centre = board.cell_rect(Cell(args[0][0] % n, args[0][1] % n)).center()
        if kind == "hover":
            QTest.mouseMove(board, centre)
        else:
            QTest.mouseClick(board, Qt.MouseButton.LeftButton, pos=centre)
    elif kind == "key":
        QTest.keyClick(board, args[0])
    elif kind == "resize":
        board.resize(*args)
    elif kind == "palette":
        board.setPalette(DARK_PALETTE if args[0] else LIGHT_PALETTE)
    settle()


def assert_like_a_fresh_board(qtbot, board: BoardWidget) -> None:
    """With the pointer off the squares, the board, in a grab and on screen, is pixel for pixel a
    board freshly given its last picture at its size and palette."""
    QTest.mouseMove(board, QPoint(2, 1))
    QTest.mouseMove(board, QPoint(1, 1))
    settle()
    fresh = shown_board(qtbot, board.width(), board.height(), board.palette())
    try:
        fresh.set_picture(board.picture)
        settle()
        expected = fresh.grab().toImage()
        assert board.grab().toImage() == expected
        assert on_screen(board) == expected
    finally:
        fresh.close()


@examples(2, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=pictures(), steps=st.lists(actions, max_size=10))
def test_any_sequence_ends_as_a_fresh_board_shows(qtbot, first: BoardPicture, steps: list[tuple]) -> None:
    board = shown_board(qtbot)
    try:
        act(board, ("picture", first))
        for step in steps:
            act(board, step)
        assert_like_a_fresh_board(qtbot, board)
    finally:
        board.close()


def big_picture(rng: random.Random, checking: float) -> BoardPicture:
    n = 100
    states = tuple(
        tuple(None if rng.random() < checking else rng.choice(STATES[:-1]) for _ in range(n))
        for _ in range(n)
    )
    return BoardPicture.of(n, states, focus=Cell(rng.randrange(n), rng.randrange(n)))


def changed(picture: BoardPicture, rng: random.Random, squares: int) -> BoardPicture:
    rows = [list(row) for row in picture.states]
    for _ in range(squares):
        rows[rng.randrange(100)][rng.randrange(100)] = rng.choice(STATES)
    return BoardPicture.of(
        100, tuple(tuple(row) for row in rows), preview=row_by_row([rng.randrange(100) for _ in rows])
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_100_by_100_board_ends_as_a_fresh_board_shows(qtbot, seed: int) -> None:
    rng = random.Random(seed)
    board = shown_board(qtbot, 760, 700)
    picture = big_picture(rng, checking=0.9)
    act(board, ("picture", picture))
    for step in range(6):
        picture = changed(picture, rng, squares=[1, 40, 3000][step % 3])
        act(board, ("picture", picture))
        act(board, ("hover", (rng.randrange(100), rng.randrange(100))))
        act(board, ("key", rng.choice(ARROWS)))
    act(board, ("palette", True))
    act(board, ("picture", changed(picture, rng, squares=5)))
    act(board, ("resize", 640, 720))
    assert_like_a_fresh_board(qtbot, board)


def painted_after(probe: PaintProbe, action: tuple, board: BoardWidget) -> QRegion:
    """The region the board repainted because of ``action``."""
    settle()
    probe.paints.clear()
    act(board, action)
    region = QRegion()
    for paint in probe.paints:
        region = region.united(paint.region)
    return region


def squares(board: BoardWidget, *cells: Cell) -> QRegion:
    region = QRegion()
    for cell in cells:
        region = region.united(QRegion(board.cell_rect(cell)))
    return region


def test_moving_the_cursor_or_the_pointer_repaints_two_squares(qtbot) -> None:
    board = shown_board(qtbot, 760, 700)
    board.set_picture(big_picture(random.Random(4), checking=0.5))
    probe = PaintProbe(board)
    act(board, ("hover", (50, 50)))
    assert painted_after(probe, ("hover", (50, 51)), board) == squares(board, Cell(50, 50), Cell(50, 51))
    assert painted_after(probe, ("key", Qt.Key.Key_Down), board) == squares(board, Cell(50, 51), Cell(51, 51))
    assert board.cursor_cell == Cell(51, 51), "the first arrow moves from the square pointed at"
    moved = squares(board, Cell(51, 51), Cell(51, 52))
    assert painted_after(probe, ("key", Qt.Key.Key_Right), board) == moved


def test_a_new_picture_repaints_the_squares_that_changed(qtbot) -> None:
    board = shown_board(qtbot, 760, 700)
    picture = big_picture(random.Random(5), checking=0.5)
    board.set_picture(picture)
    probe = PaintProbe(board)
    rows = [list(row) for row in picture.states]
    rows[7][9] = CellState.QUEEN if rows[7][9] is not CellState.QUEEN else CellState.OPEN
    rows[80][3] = None if rows[80][3] is not None else CellState.OPEN
    moved = BoardPicture.of(100, tuple(tuple(row) for row in rows), focus=picture.focus)
    assert painted_after(probe, ("picture", moved), board) == squares(board, Cell(7, 9), Cell(80, 3))
    assert painted_after(probe, ("picture", moved), board).isEmpty()


def square_image(state: CellState | None, base: QColor, colors: BoardColors, size: int) -> QImage:
    """One square as the board paints it, in shades of grey."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    SquarePainter().paint(painter, colors, QRect(0, 0, size, size), state, base, 1.0)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_Grayscale8)


def differing_pixels(a: QImage, b: QImage) -> int:
    """Pixels whose grey levels differ by a step the eye sees (a tenth of the range)."""
    return sum(
        abs(QColor(a.pixel(x, y)).value() - QColor(b.pixel(x, y)).value()) >= 26
        for y in range(a.height())
        for x in range(a.width())
    )


@pytest.mark.parametrize("size", [6, 8, 20, 60])
@pytest.mark.parametrize("colors", [LIGHT, DARK], ids=["light", "dark"])
def test_every_kind_of_square_reads_apart_without_colour(qapp, size: int, colors: BoardColors) -> None:
    for base in (colors.light_square, colors.dark_square):
        looks = {state: square_image(state, base, colors, size) for state in STATES}
        for a, b in combinations(STATES, 2):
            assert differing_pixels(looks[a], looks[b]) >= 2, f"{a} and {b} at {size} px"


def mean_grey(image: QImage) -> float:
    return sum(
        QColor(image.pixel(x, y)).value() for y in range(image.height()) for x in range(image.width())
    ) / (image.width() * image.height())


@pytest.mark.parametrize("colors", [LIGHT, DARK], ids=["light", "dark"])
def test_open_squares_are_what_the_eye_finds_first_and_closed_ones_recede(qapp, colors: BoardColors) -> None:
    """The board promises that closed squares grey out: in both palettes every open square is
    brighter than every closed one (the dark palette's look-ahead dots once outshone them)."""
    opens = [
        mean_grey(square_image(CellState.OPEN, base, colors, 40))
        for base in (colors.light_square, colors.dark_square)
    ]
    closed = [
        mean_grey(square_image(state, base, colors, 40))
        for state in (CellState.ATTACKED, CellState.LOOKAHEAD)
        for base in (colors.light_square, colors.dark_square)
    ]
    assert min(opens) > max(closed)


def look_image(look: SquareLook, colors: BoardColors, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    SquarePainter().paint_look(painter, colors, QRect(0, 0, size, size), look, 1.0)
    painter.end()
    return image


def colour_distance(a: QImage, b: QImage) -> float:
    """The mean distance between the two pictures' colours, 0 to 441 (black to white)."""
    total = 0.0
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = QColor(a.pixel(x, y)), QColor(b.pixel(x, y))
            total += (
                (p.red() - q.red()) ** 2 + (p.green() - q.green()) ** 2 + (p.blue() - q.blue()) ** 2
            ) ** 0.5
    return total / (a.width() * a.height())


@pytest.mark.parametrize("size", [4, 6, 10])
@pytest.mark.parametrize("colors", [LIGHT, DARK], ids=["light", "dark"])
@pytest.mark.parametrize("state", [CellState.OPEN, CellState.ATTACKED, CellState.LOOKAHEAD, None])
def test_a_shown_solution_stands_out_on_small_squares(
    qapp, size: int, colors: BoardColors, state: CellState | None
) -> None:
    for base in (colors.light_square, colors.dark_square):
        plain = SquareLook(state, base.rgba())
        shown = look_image(plain._replace(preview=True), colors, size)
        assert colour_distance(look_image(plain, colors, size), shown) >= 90, (state, size)


@pytest.mark.parametrize(
    ("n", "room", "size", "numbers"),
    [
        (8, 14, 60, list(range(1, 9))),
        (40, 20, 12, list(range(1, 41, 2))),
        (100, 26, 6, [1, *range(5, 101, 5)]),
        (100, 26, 2, [1, *range(20, 101, 20)]),
    ],
)
def test_rows_and_columns_are_labelled_by_one_rule(n: int, room: int, size: int, numbers: list[int]) -> None:
    """The newcomer's 100×100 showed rows 1, 3, …, 99 beside columns 1, 5, …, 100: one step, the
    one the widest label needs, serves both."""
    assert labelled_numbers(n, label_step(room, size)) == numbers


def solved_picture(columns: tuple[int, ...]) -> BoardPicture:
    """A solved board: a queen in each row at ``columns``, every other square attacked."""
    n = len(columns)
    states = [[CellState.QUEEN if c == col else CellState.ATTACKED for c in range(n)] for col in columns]
    return BoardPicture.of(n, states)


def queens_solutions(n: int) -> list[tuple[int, ...]]:
    def extend(columns: tuple[int, ...]) -> list[tuple[int, ...]]:
        if len(columns) == n:
            return [columns]
        row = len(columns)
        return [
            found
            for col in range(n)
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(columns))
            for found in extend((*columns, col))
        ]

    return extend(())


def banner_hides(board: BoardWidget, picture: BoardPicture) -> list[Cell]:
    banner = board._banner_rect()
    return [
        Cell(r, c)
        for r in range(picture.n)
        for c in range(picture.n)
        if picture.state(r, c) is CellState.QUEEN and banner.intersects(QRectF(board.cell_rect(Cell(r, c))))
    ]


@pytest.mark.parametrize(("width", "height"), [(300, 300), (560, 560), (900, 640)])
def test_the_solved_banner_hides_no_queen_of_any_8x8_solution(qtbot, width: int, height: int) -> None:
    """The newcomer's report: "Solved!" covered pieces. Some row of a solved board has its queen
    in the first or last column, so the banner fits in a row beside it."""
    board = shown_board(qtbot, width, height)
    solutions = queens_solutions(8)
    assert len(solutions) == 92
    for columns in solutions:
        picture = solved_picture(columns)
        board.set_picture(picture)
        board.flash_banner("Solved!")
        assert banner_hides(board, picture) == [], columns
        rect = board._banner_rect()
        words = QFontMetricsF(board._banner_font(rect.height())).horizontalAdvance("Solved!")
        assert words < rect.width() and rect.height() >= 24, "the words fit, readable"


def test_the_banner_moves_off_pieces_that_arrive_while_it_shows(qtbot) -> None:
    """A stranger's report: "Solved!" came before the forced pieces were painted, and covered one."""
    board = shown_board(qtbot, 560, 560)
    board.set_picture(BoardPicture(8, np.full((8, 8), STATE_ORDER.index(CellState.OPEN), dtype=np.int8)))
    board.flash_banner("Solved!")
    for columns in queens_solutions(8)[:10]:
        picture = solved_picture(columns)
        board.set_picture(picture)
        assert banner_hides(board, picture) == [], columns


def test_a_queen_the_banner_must_cover_on_a_big_board_is_drawn_over_it(qtbot) -> None:
    """On 40×40 squares of a few pixels the banner spans rows that all hold queens: the few it
    covers show through it, pixel for pixel as without the banner."""
    board = shown_board(qtbot, 300, 300)
    columns = tuple(r * 17 % 40 for r in range(40))  # one piece a row and column, spread out
    picture = solved_picture(columns)
    board.set_picture(picture)
    settle()
    before = board.grab().toImage()
    board.flash_banner("Solved!")
    board._set_banner_opacity(1.0)
    settle()
    after = board.grab().toImage()
    covered = banner_hides(board, picture)
    assert covered, "the case meant: a banner that must cover queens"
    for cell in covered:
        rect = board.cell_rect(cell).adjusted(1, 1, -1, -1)
        for x in range(rect.left(), rect.right() + 1):
            for y in range(rect.top(), rect.bottom() + 1):
                assert after.pixel(x, y) == before.pixel(x, y), (cell, x, y)
