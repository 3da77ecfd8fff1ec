"""The techniques' deductions against the oracle's every solution: a deduction never contradicts a
solution that keeps what the position knows."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bdd_model import Cell
from bdd_model.levels.level_file import read_level
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.techniques import TECHNIQUES, next_deduction, trial
from bdd_model.levels.techniques.position import Position, Shape
from bdd_model.levels.techniques.rating import DIFFICULTIES, MOST_TRIALS, by_techniques, left_open, rated_as
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.properties import examples

PROPERTY = examples()
BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"


@PROPERTY
@given(st.sampled_from(level_oracle.SIZES), st.integers(0, 10**9), st.data())
def test_every_deduction_keeps_every_solution_of_the_position(
    size: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    level, queens, empties = level_oracle.random_play(size, seed, data.draw)
    n = level.n
    kept = level_oracle.solutions(level, queens, empties)
    position = Position(
        Shape(level), sum(1 << (r * n + c) for r, c in queens), sum(1 << (r * n + c) for r, c in empties)
    )
    for _ in range(2 * n * n):
        deduction = next_deduction(position)
        if deduction is None:
            break
        assert deduction.technique in {technique.NAME for technique in TECHNIQUES}
        decided = {(cell.row, cell.col) for cell in deduction.cells}
        for solution in kept:
            assert decided <= solution if deduction.action == "queen" else not decided & solution
        position = position.applied(deduction)


def test_the_techniques_alone_solve_every_one_star_bench_level_to_8x8_to_its_solution() -> None:
    for path in sorted([*BENCH.glob("06-*.txt"), *BENCH.glob("08-*.txt")]):
        level = read_level(path)
        position = Position(Shape(level))
        while not position.solved and (deduction := next_deduction(position)) is not None:
            position = position.applied(deduction)
        found = LevelSearch(level).counted(limit=1).first
        assert found is not None and set(position.shape.cells(position.queens)) == set(found), path.name


def test_two_regions_in_two_rows_clear_the_rest_of_those_rows_by_hall() -> None:
    level = Level(("AABBC", "AABBC", "CCDDE", "CDDEE", "CDEEE"))
    deduction = next_deduction(Position(Shape(level)))
    assert deduction is not None and deduction.technique == "hall" and deduction.action == "empty"
    assert deduction.cells == (Cell(0, 4), Cell(1, 4))
    assert deduction.reason == (
        "regions A and B can only hold their pieces in rows 1 and 2, so the rest of rows 1 and 2 is empty"
    )
    assert level_oracle.solutions(level, empties={(0, 4), (1, 4)}) == level_oracle.solutions(level) != []


def test_a_single_names_its_group_and_reasons_from_all_of_its_squares() -> None:
    level = Level(("AAAB", "AAAB", "CCDD", "CCDD"))
    queens = 1 << (0 * 4 + 0)
    deduction = next_deduction(Position(Shape(level), queens=queens))
    assert deduction is not None and deduction.technique == "single"
    assert deduction.reason == "row 2 has one open square left" and deduction.cells == (Cell(1, 3),)
    assert deduction.because == tuple(Cell(1, c) for c in range(4))


DEEP = Path(__file__).resolve().parent / "fixtures" / "deep-levels"


@PROPERTY
@given(st.sampled_from(level_oracle.SIZES), st.integers(0, 10**9), st.data())
def test_a_trials_empty_square_holds_no_piece_in_any_solution_of_the_position(
    size: tuple[int, int], seed: int, data: st.DataObject
) -> None:
    level, queens, empties = level_oracle.random_play(size, seed, data.draw)
    n = level.n
    position = Position(
        Shape(level), sum(1 << (r * n + c) for r, c in queens), sum(1 << (r * n + c) for r, c in empties)
    )
    deduction = trial.find(position)
    if deduction is not None:
        (cell,) = deduction.cells
        assert deduction.action == "empty" and deduction.technique == "trial"
        assert all(
            (cell.row, cell.col) not in solution
            for solution in level_oracle.solutions(level, queens, empties)
        )


def test_the_techniques_finish_the_unique_community_levels_where_the_seven_stopped() -> None:
    """Twenty community levels (scattered regions among them) on which the seven techniques before
    ``trial`` made no deduction, or stopped with squares left: now solved, no search needed."""
    levels = sorted(DEEP.glob("*.txt"))
    assert len(levels) == 20
    for path in levels:
        level = read_level(path)
        rating = by_techniques(level)
        assert rating.left == 0 and "trial" in dict(rating.techniques), path.name
        assert rating.difficulty == "hard"


def test_a_trial_names_its_chain_and_the_group_it_starves() -> None:
    level = read_level(DEEP / "level158.txt")
    position = Position(Shape(level))
    found = next_deduction(position)
    assert found == trial.find(position)
    assert found is not None and found.technique == "trial"
    assert found.reason.startswith(f"a piece on {found.cells[0].label()} leads to ")
    assert found.reason.endswith("with no room") and found.because


def test_rated_as_agrees_with_the_full_rating_on_every_bench_level_to_10x10_hard_within_its_trials() -> None:
    paths = sorted(path for path in BENCH.glob("*.txt") if path.name[:2] in ("06", "07", "08", "09", "10"))
    seen = set()
    too_many_trials = 0
    for path in paths:
        level = read_level(path)
        rating = by_techniques(level)
        seen.add(rating.difficulty)
        trials = dict(rating.techniques).get("trial", 0)
        too_many_trials += trials > MOST_TRIALS
        for difficulty in DIFFICULTIES:
            expected = not rating.left and rating.difficulty == difficulty
            expected = expected and (difficulty != "hard" or trials <= MOST_TRIALS)
            assert rated_as(level, difficulty) == expected, (path.name, difficulty)
        solved_below_hard = not rating.left and rating.difficulty != "hard"
        assert (left_open(level, "medium") == 0) == solved_below_hard, path.name
    assert seen == set(DIFFICULTIES) and too_many_trials
