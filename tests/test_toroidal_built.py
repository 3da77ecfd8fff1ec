"""The toroidal family's formula-built solutions, and the SAT engine's answers on the boards where
search alone finds no solution in minutes."""

from __future__ import annotations

from math import gcd

from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell, CellState
from bdd_model.families import family
from bdd_model.families.toroidal import linear_solutions
from bdd_model.sat.engine import SatEngine
from tests.properties import examples

SIZES = [n for n in range(1, 60) if gcd(n, 6) == 1]


def _is_toroidal_solution(columns: tuple[int, ...]) -> bool:
    n = len(columns)
    return all(len({(c + step * r) % n for r, c in enumerate(columns)}) == n for step in (0, 1, -1))


def _every_linear_solution(n: int) -> set[tuple[int, ...]]:
    """Brute force: every c = a·r + b (mod n) that is a solution."""
    made = {tuple((a * r + b) % n for r in range(n)) for a in range(n) for b in range(n)}
    return {columns for columns in made if _is_toroidal_solution(columns)}


@examples()
@given(st.sampled_from(SIZES), st.data())
def test_every_built_solution_holds_the_pieces_and_every_linear_one_through_them_is_built(
    n: int, data: st.DataObject
) -> None:
    linear = sorted(_every_linear_solution(n))
    through = data.draw(st.sampled_from(linear))
    rows = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, 3), unique=True))
    pieces = tuple(Cell(r, through[r]) for r in rows)
    built = list(linear_solutions(n, pieces))
    assert all(_is_toroidal_solution(columns) for columns in built)
    assert len(set(built)) == len(built)
    expected = {columns for columns in linear if all(columns[p.row] == p.col for p in pieces)}
    assert set(built) == expected


def test_the_empty_boards_built_solutions_cover_every_square() -> None:
    for n in SIZES:
        built = list(linear_solutions(n, ()))
        assert all(_is_toroidal_solution(columns) for columns in built)
        covered = {(r, c) for columns in built for r, c in enumerate(columns)}
        assert len(covered) == n * n, n


def test_the_sat_engine_opens_every_square_of_the_empty_97_board_and_around_one_queen() -> None:
    """97 is prime: every square a queen leaves unattacked lies on a built solution through it."""
    engine = SatEngine(97, rules=family("toroidal"))
    assert all(state is CellState.OPEN for row in engine.states() for state in row)
    engine.place(40, 7)
    states = engine.states()
    for r in range(97):
        for c in range(97):
            dr, dc = (r - 40) % 97, (c - 7) % 97
            if (r, c) == (40, 7):
                assert states[r][c] is CellState.QUEEN
            elif dr == 0 or dc == 0 or dc == dr or dc == (-dr) % 97:
                assert states[r][c] is CellState.ATTACKED, (r, c)
            else:
                assert states[r][c] is CellState.OPEN, (r, c)
