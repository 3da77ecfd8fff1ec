"""The setter's answers against brute force: where a level's solutions differ, and the one-square
changes that leave it one solution (every change tried, every level solved by the oracle)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.generator import generate
from bdd_model.levels.setting.answers import COUNTED_TO, answered
from bdd_model.levels.setting.differences import differing
from bdd_model.levels.setting.fixes import fixes
from bdd_model.levels.setting.sketch import Sketch
from bdd_model.levels.techniques.rating import DIFFICULTIES, by_techniques
from bdd_model.puzzles.level import Level, LevelError
from tests import level_oracle
from tests.cli_helpers import run
from tests.properties import examples

ONE_STAR = st.integers(5, 7)


def near_unique(n: int, stars: int, seed: int, square: int) -> Level:
    """A generated unique level with one square moved to a region beside it, which usually leaves
    it several solutions or none (the setter's case); the level itself when no move is possible."""
    level = generate(n, stars, "medium", seed)
    rows = [list(row) for row in level.regions]
    r, c = divmod(square % (n * n), n)
    beside = sorted(
        {
            rows[rr][cc]
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n
        }
        - {rows[r][c]}
    )
    if beside and "".join(level.regions).count(rows[r][c]) > 1:
        rows[r][c] = random.Random(seed).choice(beside)
    return Level(tuple("".join(row) for row in rows), stars)


def parts(rows: list[str], symbol: str) -> int:
    """How many side-by-side pieces the region named ``symbol`` is in."""
    squares = {(r, c) for r, row in enumerate(rows) for c, s in enumerate(row) if s == symbol}
    count = 0
    while squares:
        count += 1
        stack = [squares.pop()]
        while stack:
            r, c = stack.pop()
            for near in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in squares:
                    squares.remove(near)
                    stack.append(near)
    return count


def oracle_fixes(level: Level) -> list[tuple[Cell, str, str, str]]:
    """Every (square, from, to, difficulty) by trying each square in each other region."""
    if len(level_oracle.solutions(level)) == 1:
        return []
    rows, n = list(level.regions), level.n
    found = []
    for r in range(n):
        for c in range(n):
            source = rows[r][c]
            for target in level.symbols:
                after = rows.copy()
                after[r] = after[r][:c] + target + after[r][c + 1 :]
                if target == source or source not in "".join(after):
                    continue
                if any(parts(rows, s) == 1 and parts(after, s) != 1 for s in level.symbols):
                    continue
                changed = Level(tuple(after), level.stars)
                if len(level_oracle.solutions(changed)) == 1:
                    found.append((Cell(r, c), source, target, by_techniques(changed).difficulty))
    order = {d: i for i, d in enumerate(DIFFICULTIES)}
    return sorted(found, key=lambda f: (order[f[3]], f[0], level.symbols.index(f[2])))


@examples(0.5)
@given(ONE_STAR, st.integers(1, 10**6), st.integers(0, 10**3))
def test_where_solutions_differ_equals_brute_force_on_one_star_levels(n: int, seed: int, square: int) -> None:
    level = near_unique(n, 1, seed, square)
    assert differing(LevelSearch(level)) == level_oracle.differ(level)


@examples(0.3)
@given(ONE_STAR, st.integers(1, 10**6), st.integers(0, 10**3))
def test_one_square_fixes_equal_brute_force_on_one_star_levels(n: int, seed: int, square: int) -> None:
    level = near_unique(n, 1, seed, square)
    found = [(fix.cell, fix.source, fix.target, fix.difficulty) for fix in fixes(level)]
    assert found == oracle_fixes(level)


@examples(0.05)
@given(st.integers(1, 10**6), st.integers(0, 10**3))
def test_differ_and_fixes_equal_brute_force_on_two_star_8x8_levels(seed: int, square: int) -> None:
    level = near_unique(8, 2, seed, square)
    assert differing(LevelSearch(level)) == level_oracle.differ(level)
    found = [(fix.cell, fix.source, fix.target, fix.difficulty) for fix in fixes(level)]
    assert found == oracle_fixes(level)


@examples(0.2)
@given(ONE_STAR, st.integers(0, 10**6))
def test_differ_and_fixes_equal_brute_force_on_planted_levels(n: int, seed: int) -> None:
    level = level_oracle.planted_level(n, 1, random.Random(seed))
    assert differing(LevelSearch(level)) == level_oracle.differ(level)
    assert [(f.cell, f.source, f.target, f.difficulty) for f in fixes(level)] == oracle_fixes(level)


def test_check_json_names_the_differing_squares_only_with_two_solutions_or_more(
    capsys, tmp_path: Path
) -> None:
    several = near_unique(6, 1, 1, 10)
    path = tmp_path / "several.txt"
    path.write_text(several.text())
    status, out, _ = run(capsys, "level", "check", str(path), "--json")
    report = json.loads(out)
    assert status == 1 and report["solutions"] == len(level_oracle.solutions(several)) >= 2
    assert report["differ"] == [cell.one_based() for cell in level_oracle.differ(several) or []]
    path.write_text(generate(6, 1, "easy", 1).text())
    status, out, _ = run(capsys, "level", "check", str(path), "--json")
    assert status == 0 and json.loads(out)["differ"] is None


def test_fix_lists_the_changes_exits_0_for_a_unique_level_1_for_none_and_2_for_a_bad_file(
    capsys, tmp_path: Path
) -> None:
    several = near_unique(6, 1, 1, 10)
    path = tmp_path / "several.txt"
    path.write_text(several.text())
    expected = [
        {"square": cell.one_based(), "from": source, "to": target, "difficulty": difficulty}
        for cell, source, target, difficulty in oracle_fixes(several)
    ]
    assert expected
    status, out, _ = run(capsys, "level", "fix", str(path), "--json")
    assert status == 0 and json.loads(out) == expected
    status, out, _ = run(capsys, "level", "fix", str(path), "--json", "--limit", "1")
    assert status == 0 and json.loads(out) == expected[:1]
    status, out, _ = run(capsys, "level", "fix", str(path))
    first = expected[0]
    assert out.splitlines()[0] == "{},{}: {} to {} ({})".format(
        *first["square"], first["from"], first["to"], first["difficulty"]
    )
    path.write_text(generate(6, 1, "easy", 1).text())
    assert run(capsys, "level", "fix", str(path), "--json")[:2] == (0, "[]\n")
    path.write_text("AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n")
    status, out, err = run(capsys, "level", "fix", str(path))
    assert (
        status == 1
        and not out
        and err == "nqueens: error: no change of one square leaves exactly one solution\n"
    )
    path.write_text("AB\nBA\nxx\n")
    status, _, err = run(capsys, "level", "fix", str(path))
    assert status == 2 and err.count("\n") == 1
    assert run(capsys, "level", "fix", str(path), "--limit", "0")[0] == 2


@pytest.mark.parametrize("name", ["06-easy-1.txt", "08-hard-2.txt"])
def test_a_collection_level_has_nothing_to_fix_and_no_differing_squares(name: str) -> None:
    from bdd_model.levels.level_file import read_level

    level = read_level(Path("resources/levels/collection") / name)
    assert fixes(level) == [] and differing(LevelSearch(level)) is None


def test_a_painted_grid_starts_with_rows_as_regions_within_its_sizes_and_says_what_is_missing() -> None:
    start = Sketch.of_rows(8, 2)
    assert start.rows[0] == "A" * 8 and start.rows[7] == "H" * 8 and start.level() == Level(start.rows, 2)
    for n, stars, words in (
        (3, 1, "1 star are painted 4 to 18 wide, not 3"),
        (11, 3, "3 stars are painted 12"),
        (19, 1, "not 19"),
    ):
        with pytest.raises(LevelError, match=words):
            Sketch.of_rows(n, stars)
    with pytest.raises(LevelError, match="1 to 3 stars, not 4"):
        Sketch.of_rows(16, 4)
    painted = start
    for col in range(8):
        painted = painted.painted(Cell(7, col), "B")
    assert painted.missing() == ["H"] and painted.level() is None
    assert painted.shortfall() == "1 region missing (H): paint a square of it"
    assert painted.painted(Cell(0, 0), "H").level() is not None


def test_a_level_is_painted_with_its_regions_renamed_in_reading_order() -> None:
    level = Level(("zzy", "xzy", "xxy"))
    assert Sketch.of_level(level).rows == ("AAB", "CAB", "CCB")


def test_the_count_stops_past_a_million_where_the_full_count_never_ends() -> None:
    answer = answered(Sketch.of_rows(18, 1).level())
    assert answer.solutions == COUNTED_TO + 1 and answer.words.startswith("More than a million solutions")
    assert answer.differ is not None and len(answer.differ) == 18 * 18
    ten = answered(Sketch.of_rows(10, 1).level())
    assert ten.solutions == LevelSearch(Sketch.of_rows(10, 1).level()).count() == 479306
    assert answered(generate(6, 1, "easy", 1)).words == "Unique: one solution"
