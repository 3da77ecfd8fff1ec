"""``--rules`` on the command line: every command takes it, an unknown name is one line listing the names,
and the exports' models are exactly the family's solutions."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from bdd_model.cnf.encoding import dimacs, smtlib
from bdd_model.families import family
from tests import oracle
from tests.cli_helpers import run
from tests.gui_helpers import run_gui

FAMILIES = ("queens", "toroidal", "superqueens", "no-touch")
COMMANDS = (
    ["count", "6"],
    ["compile", "6"],
    ["state", "6"],
    ["generate", "6", "-o", "-"],
    ["smtlib", "6", "-o", "-"],
    ["solve", "6"],
    ["show", "6"],
    ["bench", "--n", "6"],
)
NAMES = "queens, no-touch, superqueens, toroidal"


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: argv[0])
def test_an_unknown_family_exits_2_with_one_line_listing_the_names(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv, "--rules", "atomic")
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [
        f"nqueens: error: argument --rules: unknown rules 'atomic': choose one of {NAMES}"
    ]


def test_the_window_refuses_an_unknown_family_in_one_line(tmp_path: Path) -> None:
    child = run_gui(tmp_path, "6", "--rules", "atomic", "--screenshot", str(tmp_path / "x.png"))
    assert child.returncode == 2
    assert child.stderr.strip().splitlines() == [
        f"nqueens-gui: error: argument --rules: unknown rules 'atomic': choose one of {NAMES}"
    ]


@pytest.mark.parametrize("rules", FAMILIES)
def test_count_and_state_answer_each_family(capsys: pytest.CaptureFixture[str], rules: str) -> None:
    status, out, _ = run(capsys, "count", "7", "--rules", rules)
    assert status == 0 and int(out) == oracle.SEQUENCES[rules][6]
    for engine in ("bdd", "sat"):
        status, out, _ = run(capsys, "state", "7", "--rules", rules, "--engine", engine, "--json")
        report = json.loads(out)
        assert status == 0 and report["rules"] == rules and report["engine"] == engine
        assert report["solutions"] == oracle.SEQUENCES[rules][6]


def test_state_of_a_decision_the_family_refuses_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    """1,1 and 2,3 are a knight's move apart: fine for queens, refused for superqueens."""
    status, _, _ = run(capsys, "state", "11", "--queen", "1,1", "--queen", "2,3", "--json")
    assert status == 0
    status, out, err = run(
        capsys, "state", "11", "--rules", "superqueens", "--queen", "1,1", "--queen", "2,3", "--json"
    )
    assert status == 2 and out == "" and "2,3" in err


@pytest.mark.parametrize("rules", FAMILIES)
@pytest.mark.parametrize("n", range(1, 9))
def test_every_model_of_the_familys_cnf_is_one_of_its_solutions(rules: str, n: int) -> None:
    formula = CNF(from_string="".join(dimacs(n, family(rules))))
    found = set()
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as sat:
        for model in sat.enum_models():
            queens = sorted(v - 1 for v in model if v > 0)
            assert [v // n for v in queens] == list(range(n))
            found.add(tuple(v % n for v in queens))
    assert found == set(oracle.all_solutions(n, rules))


@pytest.mark.parametrize("rules", FAMILIES)
@pytest.mark.parametrize("n", [5, 7])
def test_z3_solves_the_familys_smtlib_to_its_solutions(rules: str, n: int) -> None:
    z3 = pytest.importorskip("z3", reason="z3-solver is part of the test extras")
    solver = z3.Solver()
    solver.from_string(
        "".join(
            line for line in smtlib(n, family(rules)) if not line.startswith(("(check-sat", "(get-model"))
        )
    )
    names = {f"q_{r + 1}_{c + 1}": (r, c) for r in range(n) for c in range(n)}
    found = set()
    while solver.check() == z3.sat:
        model = solver.model()
        queens = {names[d.name()] for d in model.decls() if z3.is_true(model[d])}
        found.add(tuple(c for _, c in sorted(queens)))
        solver.add(z3.Or([z3.Not(z3.Bool(f"q_{r + 1}_{c + 1}")) for r, c in queens]))
    assert found == set(oracle.all_solutions(n, rules))


def test_exports_of_another_family_say_its_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The classic export keeps its words and file name; another family adds its name."""
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        status, out, _ = run(capsys, "generate", "8", "--rules", "toroidal")
        assert status == 0 and out.startswith("Generating CNF for 8-Queens (toroidal) problem...")
        assert (tmp_path / "8-queens-toroidal.cnf").is_file()
        status, out, _ = run(capsys, "smtlib", "8", "--rules", "no-touch")
        assert status == 0 and out.startswith("Generating SMT-LIB for 8-Queens (no-touch) problem...")
        assert (
            (tmp_path / "8-queens-no-touch.smt2").read_text().startswith("; The 8-Queens (no-touch) problem")
        )
        status, out, _ = run(capsys, "generate", "8")
        assert status == 0 and out.startswith("Generating CNF for 8-Queens problem...")
        assert (tmp_path / "8-queens.cnf").is_file()
    finally:
        os.chdir(here)


def test_solve_and_show_play_by_the_family(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "solve", "7", "--rules", "toroidal", "--all")
    assert status == 0 and out.startswith("Solving for 7-Queens (toroidal)...")
    assert "Found 28 unique solutions for N=7" in out
    status, out, _ = run(capsys, "solve", "8", "--rules", "toroidal")
    assert status == 0 and "No solutions found for N=8" in out
    answer = tmp_path / "answer.txt"
    superqueens = (2, 5, 8, 0, 3, 6, 9, 1, 4, 7)
    answer.write_text("SAT\n" + " ".join(str(10 * r + c + 1) for r, c in enumerate(superqueens)) + " 0\n")
    status, out, _ = run(capsys, "show", str(answer), "--n", "10", "--rules", "superqueens")
    assert status == 0 and "superqueen" in out
    queens = oracle.all_solutions(10)[0]
    answer.write_text("SAT\n" + " ".join(str(10 * r + c + 1) for r, c in enumerate(queens)) + " 0\n")
    assert run(capsys, "show", str(answer), "--n", "10")[0] == 0
    status, out, _ = run(capsys, "show", str(answer), "--n", "10", "--rules", "superqueens")
    assert status == 1 and "superqueens a knight's move apart (1,1 and 2,3)" in out


def test_the_bench_sets_a_family_beside_the_classic_queens(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "bench", "--engine", "sat", "--rules", "no-touch", "--n", "9", "--clicks", "5", "--json"
    )
    report = json.loads(out)
    assert status == 0 and report["rules"] == "no-touch" and report["agrees_with_bdd"] is True
    assert report["classic"]["click_ms"]["p95"] > 0 and report["classic"]["p95_ratio"] > 0


def test_count_past_the_diagram_answers_a_declared_empty_size_and_names_the_familys_sequence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "count", "20", "--rules", "toroidal")
    assert (status, out) == (0, "0\n")
    status, out, err = run(capsys, "count", "17", "--rules", "toroidal")
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [
        "nqueens: error: argument N: count compiles the BDD, up to 15×15; the empty 17×17 board's count is "
        "known, 140,692 (OEIS A051906), and 'nqueens state 17 --rules toroidal --engine sat --json' gives it "
        "(and counts or estimates it under decisions)"
    ]
