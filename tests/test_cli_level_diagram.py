"""``count``, ``state`` and ``compile`` with ``--level`` on the level's diagram (``--engine bdd``), beside
the search's answers; an engine that does not answer a level refused in one line; the diagram's bench."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests import level_oracle
from tests.cli_helpers import run

ROWS = "AAAAA\nBBBBB\nCCCCC\nDDDDD\nEEEEE\n"
"""Regions that are the rows of 5×5: 14 solutions."""


@pytest.fixture
def rows(tmp_path: Path) -> str:
    path = tmp_path / "rows.txt"
    path.write_text(ROWS)
    return str(path)


def test_count_of_a_level_on_its_diagram_is_the_searchs(capsys, rows: str) -> None:
    for engine in ("bdd", "search", "auto"):
        assert run(capsys, "count", "--level", rows, "--engine", engine) == (0, "14\n", "")


def test_state_of_a_level_on_its_diagram_is_the_searchs_object_but_for_the_engine(capsys, rows: str) -> None:
    asked = ("state", "--level", rows, "--queen", "1,2", "--empty", "3,1", "--explain", "2,1", "--counts")
    reports = {}
    for engine in ("bdd", "search"):
        status, out, err = run(capsys, *asked, "--engine", engine, "--json")
        assert (status, err) == (0, "")
        reports[engine] = json.loads(out)
    assert reports["bdd"].pop("engine") == "bdd" and reports["search"].pop("engine") == "search"
    assert reports["bdd"] == reports["search"]
    assert reports["bdd"]["explanation"] == {"cell": [2, 1], "retract": [[1, 2]]}


def test_a_refused_decision_and_an_engine_without_levels_exit_2_in_one_line(capsys, rows: str) -> None:
    status, out, err = run(
        capsys, "state", "--level", rows, "--engine", "bdd", "--queen", "1,2", "--queen", "2,3"
    )
    assert (status, out) == (2, "") and "2,3" in err and err.count("\n") == 1
    status, out, err = run(capsys, "state", "--level", rows, "--engine", "sat", "--json")
    assert (status, out) == (2, "") and "SAT engine answers the rule families' boards" in err
    status, out, err = run(capsys, "count", "5", "--engine", "search")
    assert (status, out) == (2, "") and "--engine search answers a count only with --level" in err


def test_compile_of_a_level_says_its_nodes_and_time(capsys, tmp_path: Path, rows: str) -> None:
    status, out, err = run(capsys, "compile", "--level", rows)
    assert (status, err) == (0, "")
    assert out.startswith("5×5 level, 1 star: 14 solutions, ") and " BDD nodes (widest level " in out
    assert " ms (" in out and "boards)" in out and out.count("\n") == 1
    level = level_oracle.planted_level(9, 1, random.Random(3))
    unique = tmp_path / "unique.txt"
    unique.write_text(level.text())
    status, out, _ = run(capsys, "compile", "--level", str(unique), "--backend", "autoref")
    if len(level_oracle.solutions(level)) == 1:
        assert "1 solution, 82 BDD nodes (widest level 1), 9 row edges" in out and "(autoref;" in out
    status, out, err = run(capsys, "compile", "5", "--level", rows)
    assert (status, out) == (2, "") and "not given" in err


def test_bench_of_levels_on_their_diagrams_puts_the_searchs_figures_beside(capsys, tmp_path: Path) -> None:
    rng = random.Random(8)
    for i, (n, stars) in enumerate([(6, 1), (7, 1), (8, 2)]):
        (tmp_path / f"{i}.txt").write_text(level_oracle.planted_level(n, stars, rng).text())
    status, out, _ = run(capsys, "bench", "--level", str(tmp_path), "--engine", "bdd", "--json")
    report = json.loads(out)
    assert status == 0 and report["engine"] == "bdd" and report["all"]["levels"] == 3
    assert [(s["n"], s["stars"]) for s in report["sizes"]] == [(6, 1), (7, 1), (8, 2)]
    for figure in ("compile_ms", "decision_ms", "search_build_ms", "search_decision_ms"):
        assert report["all"][figure]["max"] > 0
    assert [goal["up_to"] for goal in report["goals"]] == [11, 18]
    status, out, _ = run(capsys, "bench", "--level", str(tmp_path), "--engine", "bdd")
    assert status == 0 and out.startswith("6×6: 1 level, compiled p50 ") and "goal up to 11×11" in out


def test_a_level_beyond_the_bdds_reach_and_a_construction_are_refused_at_once(capsys, tmp_path: Path) -> None:
    big = tmp_path / "rows19.txt"
    big.write_text("".join("ABCDEFGHIJKLMNOPQRS"[r] * 19 + "\n" for r in range(19)))
    status, out, err = run(capsys, "compile", "--level", str(big))
    assert (status, out) == (2, "") and "answers levels up to 18×18" in err
    for command in ("compile", "count", "state"):
        status, out, err = run(capsys, command, "--level", str(big), "--construction", "rules")
        assert (status, out) == (2, "") and "--construction applies to N" in err


def test_count_of_a_level_says_its_engine_and_time_when_asked(capsys, rows: str) -> None:
    status, out, err = run(capsys, "count", "--level", rows, "--engine", "bdd", "-v")
    assert (status, out) == (0, "14\n") and err.startswith("5×5 level: counted by the BDD in ")
