"""``nqueens state --level`` and ``bench --level``: the contract's objects on levels."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.bench import generate_bench
from tests import level_oracle
from tests.cli_helpers import run

ROWS = "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"
"""Regions that are the rows of 5×5: 14 solutions."""
LISTS = {"queens": "QUEEN", "forced": "FORCED", "marked": "MARKED", "open": "OPEN"}


def test_state_of_a_level_partitions_the_board_as_the_oracle_says(capsys, tmp_path: Path) -> None:
    level = level_oracle.planted_level(7, 1, random.Random(11))
    path = tmp_path / "level.txt"
    path.write_text("# a level\n" + level.text())
    solution = sorted(level_oracle.solutions(level)[0])
    queen = solution[2]
    status, out, err = run(
        capsys, "state", "--level", str(path), "--queen", f"{queen[0] + 1},{queen[1] + 1}", "--json"
    )
    assert (status, err) == (0, "")
    report = json.loads(out)
    expected = level_oracle.states(level, {queen}, set())
    assert report["rules"] == "level" and report["stars"] == 1 and report["regions"] == list(level.regions)
    assert report["n"] == 7 and report["engine"] == "search"
    assert report["solutions"] == len(level_oracle.solutions(level, {queen}))
    for name, state in LISTS.items():
        assert report[name] == [
            [r + 1, c + 1] for r in range(7) for c in range(7) if expected[r][c].name == state
        ]
    closed = [[r + 1, c + 1] for r in range(7) for c in range(7) if expected[r][c].is_closed]
    assert report["blocked"] == closed
    assert sum(len(report[name]) for name in (*LISTS, "blocked")) == 49


def test_a_decision_that_leaves_no_level_solution_exits_2_naming_it(capsys, tmp_path: Path) -> None:
    path = tmp_path / "rows.txt"
    path.write_text(ROWS)
    status, out, err = run(
        capsys, "state", "--level", str(path), "--queen", "1,2", "--queen", "2,3", "--json"
    )
    assert (status, out) == (2, "") and "2,3" in err and err.count("\n") == 1
    for extra in (["5"], ["--rules", "no-touch"]):
        status, out, err = run(capsys, "state", *extra, "--level", str(path), "--json")
        assert (status, out) == (2, "") and "not given" in err


def test_state_of_a_level_explains_and_counts_per_square(capsys, tmp_path: Path) -> None:
    path = tmp_path / "rows.txt"
    path.write_text(ROWS)
    status, out, _ = run(
        capsys, "state", "--level", str(path), "--queen", "1,2", "--explain", "2,1", "--counts", "--json"
    )
    report = json.loads(out)
    assert status == 0 and report["solutions"] == 3
    assert report["explanation"] == {"cell": [2, 1], "retract": [[1, 2]]}
    assert sum(report["counts"][1]) == 3 and report["counts"][0] == [0, 3, 0, 0, 0]


def test_bench_of_a_level_folder_times_every_level_and_skips_what_is_not_one(capsys, tmp_path: Path) -> None:
    rng = random.Random(5)
    levels = [level_oracle.planted_level(n, 1, rng) for n in (5, 6, 6)]
    for i, level in enumerate(levels):
        (tmp_path / f"{i}.txt").write_text(level.text())
    (tmp_path / "notes.md").write_text("# not a level\n")
    status, out, _ = run(capsys, "bench", "--level", str(tmp_path), "--json")
    report = json.loads(out)
    assert status == 0 and report["all"]["levels"] == 3
    assert report["unique"] == sum(len(level_oracle.solutions(level)) == 1 for level in levels)
    assert [size["n"] for size in report["sizes"]] == [5, 6] and [s["levels"] for s in report["sizes"]] == [
        1,
        2,
    ]
    assert report["all"]["z3_ms"]["max"] > 0 and report["skipped"][0].startswith("notes.md: ")
    assert all(report["all"][figure]["max"] > 0 for figure in ("build_ms", "decision_ms", "edit_ms"))
    assert [(r["levels_of"], r["levels"]) for r in report["ranges"]] == [("one star, up to 11×11", 3)]


def test_state_text_of_a_level_shows_its_regions_whole_beside_the_squares(capsys, tmp_path: Path) -> None:
    path = tmp_path / "rows.txt"
    path.write_text(ROWS)
    status, out, _ = run(capsys, "state", "--level", str(path), "--queen", "1,2", "--empty", "2,5")
    assert status == 0
    assert out.splitlines() == [
        "A A A A A   - Q - - -",
        "B B B B B   - - - F x",
        "C C C C C   F - - - -",
        "D D D D D   - - . - .",
        "E E E E E   - - . - .",
        "2 solutions remain (left the regions; right Q piece, F forced, . open, x marked, - closed)",
    ]
    _, out, _ = run(capsys, "state", "--level", str(path), "--queen", "1,2", "--explain", "2,1")
    assert out.splitlines()[-1] == "2,1: retract 1,2"


def test_state_text_of_an_18x18_level_fits_80_columns_with_every_region_symbol(
    capsys, tmp_path: Path
) -> None:
    level = level_oracle.planted_level(18, 1, random.Random(2))
    path = tmp_path / "level.txt"
    path.write_text(level.text())
    status, out, _ = run(capsys, "state", "--level", str(path), "--queen", "1,1")
    rows = out.splitlines()[:18]
    assert status == 0 and all(len(row) <= 80 for row in rows)
    assert [row[:35].split() for row in rows] == [list(line) for line in level.regions]
    assert rows[0][38:41] == "Q -" and all(len(row[38:].split()) == 18 for row in rows)


def test_bench_of_a_unique_level_times_each_hint_of_a_game_to_its_solution(capsys, tmp_path: Path) -> None:
    path = tmp_path / "hall.txt"
    path.write_text("BCCAA\nBBCAA\nEECDD\nEEEDD\nEEDDD\n")
    status, out, _ = run(capsys, "bench", "--level", str(path), "--json")
    report = json.loads(out)
    assert status == 0 and report["unique"] == 1 and report["all"]["hint_ms"]["max"] > 0
    assert report["all"]["search_hints"] == 0


def test_bench_of_level_generate_says_each_case_beside_the_goal(capsys, monkeypatch) -> None:
    monkeypatch.setattr(generate_bench, "CASES", [(6, 1, "easy"), (8, 2, "medium")])
    status, out, _ = run(capsys, "bench", "--generate", "2")
    assert status == 0 and out.splitlines()[0].startswith("6×6 easy: 2 levels, p50 ")
    assert "8×8 (2 stars) medium: 2 levels" in out and "(goal p95 10 s)" in out


@pytest.mark.slow
def test_bench_of_level_generate_reports_every_case_beside_its_goal(capsys) -> None:
    status, out, _ = run(capsys, "bench", "--generate", "1", "--json")
    report = json.loads(out)
    cases = [(c["n"], c["stars"], c["difficulty"]) for c in report["cases"]]
    assert status == 0 and cases == [
        *[(n, 1, d) for n in range(5, 15) for d in ("easy", "medium", "hard")],
        *[(n, 2, d) for n in range(8, 15) for d in ("medium", "hard")],
    ]
    assert all(c["levels"] == 1 and c["seconds"]["max"] > 0 for c in report["cases"])
    assert report["met"] == all(c["met"] for c in report["cases"])
