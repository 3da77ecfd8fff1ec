"""``level generate``: every level made has one solution by an independent search, is rated as
asked and comes back the same from the same seed; sizes and difficulties not made are refused."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.bench.level_bench import z3_unique
from bdd_model.levels.level_file import read_level
from bdd_model.levels.making.generator import NotToBeHad, generate
from bdd_model.levels.making.second_solution import SecondSolution
from bdd_model.levels.techniques.rating import DIFFICULTIES, Difficulty, by_techniques
from bdd_model.puzzles.level import Level, LevelError
from tests import level_oracle
from tests.cli_helpers import run
from tests.properties import examples

PROPERTY = examples(0.2)


@PROPERTY
@given(st.integers(5, 7), st.sampled_from(DIFFICULTIES), st.integers(0, 10**6))
def test_a_one_star_level_made_has_one_solution_and_the_difficulty_asked(
    n: int, difficulty: Difficulty, seed: int
) -> None:
    level = generate(n, 1, difficulty, seed)
    assert level.n == n and level.stars == 1
    assert len(level_oracle.solutions(level)) == 1
    rating = by_techniques(level)
    assert rating.left == 0 and rating.difficulty == difficulty
    assert generate(n, 1, difficulty, seed) == level


@pytest.mark.parametrize("difficulty", ["medium", "hard"])
def test_a_two_star_8x8_level_made_has_one_solution_and_the_difficulty_asked(difficulty: Difficulty) -> None:
    level = generate(8, 2, difficulty, 7)
    assert level.stars == 2 and len(level_oracle.solutions(level)) == 1
    assert by_techniques(level).difficulty == difficulty


def test_a_star_battle_10x10_level_made_is_unique_for_z3_too() -> None:
    level = generate(10, 2, "medium", 1)
    assert z3_unique(level) and by_techniques(level).difficulty == "medium"


def test_sizes_and_stars_not_made_are_bad_input_and_two_star_easy_is_not_to_be_had() -> None:
    with pytest.raises(LevelError, match="5 to 14 wide, not 4"):
        generate(4, 1, "easy", 0)
    with pytest.raises(LevelError, match="8 to 14 wide, not 7"):
        generate(7, 2, "medium", 0)
    with pytest.raises(LevelError, match="1 or 2 stars, not 3"):
        generate(9, 3, "medium", 0)
    with pytest.raises(NotToBeHad):
        generate(10, 2, "easy", 0)


def test_two_star_easy_is_refused_in_a_players_words_naming_what_to_ask_for(capsys) -> None:
    status, out, err = run(capsys, "level", "generate", "10", "--stars", "2", "--difficulty", "easy")
    assert (status, out) == (1, "")
    assert err == (
        "nqueens: error: no easy level with 2 stars: no two-star level drawn was easy enough (each "
        "needed more than the simplest steps); ask for a medium or hard one\n"
    )


def test_level_generate_writes_the_seed_first_and_the_same_level_again(capsys, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "level", "generate", "6", "--seed", "42", "--difficulty", "easy")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "# seed 42" and lines[1].startswith("# an easy 6x6 level")
    path = tmp_path / "made.txt"
    assert (
        run(capsys, "level", "generate", "6", "--seed", "42", "--difficulty", "easy", "-o", str(path))[0] == 0
    )
    assert path.read_text() == out
    level = read_level(path)
    assert level == generate(6, 1, "easy", 42) and len(level_oracle.solutions(level)) == 1


def test_level_generate_to_a_file_says_what_it_wrote_where_as_generate_does(capsys, tmp_path: Path) -> None:
    path = tmp_path / "made.txt"
    status, out, err = run(
        capsys, "level", "generate", "6", "--seed", "42", "--difficulty", "easy", "-o", str(path)
    )
    assert (status, err) == (0, "")
    assert out == f"Wrote an easy 6×6 level (seed 42) to '{path}'\n"
    assert path.read_text().splitlines()[1] == "# an easy 6x6 level, made by nqueens level generate"
    path = tmp_path / "two.txt"
    status, out, _ = run(capsys, "level", "generate", "8", "--stars", "2", "--seed", "1", "-o", str(path))
    assert (status, out) == (0, f"Wrote a medium 8×8 level with 2 stars (seed 1) to '{path}'\n")


def test_level_generate_without_a_seed_names_the_one_it_drew(capsys) -> None:
    status, out, _ = run(capsys, "level", "generate", "5")
    seed = int(out.splitlines()[0].removeprefix("# seed "))
    assert status == 0 and Level(tuple(out.splitlines()[2:])) == generate(5, 1, "medium", seed)


@pytest.mark.parametrize(
    ("arguments", "status", "says"),
    [
        (["15"], 2, "5 to 14 wide, not 15"),
        (["8", "--stars", "2", "--difficulty", "easy"], 1, "no easy level with 2 stars"),
        (["8", "--seed", "-3"], 2, "--seed takes a whole number"),
    ],
)
def test_level_generate_refuses_with_one_line(capsys, arguments: list[str], status: int, says: str) -> None:
    got, out, err = run(capsys, "level", "generate", *arguments)
    assert (got, out) == (status, "") and err.count("\n") == 1 and says in err


@PROPERTY
@given(st.integers(0, 10**6))
def test_the_second_solution_finder_answers_as_an_independent_search_as_regions_change(seed: int) -> None:
    rng = random.Random(seed)
    levels = [level_oracle.planted_level(8, 2, rng) for _ in range(3)]
    planted = sorted(level_oracle.solutions(levels[0])[0])
    finder = SecondSolution(8, 2, planted)
    try:
        for level in levels:
            others = set(level_oracle.solutions(level)) - {frozenset(planted)}
            other = finder.other([list(row) for row in level.region_of])
            assert (other is None) == (not others)
            assert other is None or frozenset(other) in others
    finally:
        finder.close()
