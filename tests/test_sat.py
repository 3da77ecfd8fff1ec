"""The SAT side: DIMACS and SMT-LIB exports, solving, enumeration, reading answers back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver

from bdd_model import SolutionSpace
from bdd_model.cnf.encoding import clause_count, clauses, dimacs, smtlib
from bdd_model.cnf.solving import SOLVERS, solve_all
from tests.cli_helpers import run
from tests.oracle import A000170, all_solutions

CLAUSES = [1, 8, 31, 80, 165, 296, 483, 736, 1065, 1480, 1991, 2608]

SEED_PREVIEW = """p cnf 64 736
1 2 3 4 5 6 7 8 0
9 10 11 12 13 14 15 16 0
17 18 19 20 21 22 23 24 0
25 26 27 28 29 30 31 32 0
33 34 35 36 37 38 39 40 0
41 42 43 44 45 46 47 48 0
49 50 51 52 53 54 55 56 0
57 58 59 60 61 62 63 64 0
-1 -2 0
"""


@pytest.mark.parametrize("n", range(1, 13))
def test_clause_counts(n: int) -> None:
    assert clause_count(n) == CLAUSES[n - 1]
    assert sum(1 for _ in clauses(n)) == CLAUSES[n - 1]


def test_generate_writes_the_seed_file(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "generate", "8")
    assert status == 0 and err == ""
    assert out == (
        "Generating CNF for 8-Queens problem...\n"
        "Successfully wrote problem to '8-queens.cnf' (64 variables, 736 clauses)\n"
    )
    text = (tmp_path / "8-queens.cnf").read_text()
    assert text.startswith(SEED_PREVIEW)
    assert len(text.splitlines()) == 737
    assert all(line.endswith(" 0") for line in text.splitlines()[1:])


def test_generate_to_a_named_file_and_to_stdout(capsys, tmp_path: Path) -> None:
    target = tmp_path / "q.cnf"
    assert run(capsys, "generate", "5", "-o", str(target))[0] == 0
    status, out, err = run(capsys, "generate", "5", "-o", "-")
    assert status == 0 and out == target.read_text()
    assert "standard output" in err


@pytest.mark.parametrize("n", range(1, 9))
def test_every_model_of_the_dimacs_file_is_a_solution(n: int) -> None:
    formula = CNF(from_string="".join(dimacs(n)))
    assert formula.nv == n * n
    found = set()
    with Solver(name="minisat22", bootstrap_with=formula.clauses) as sat:
        for model in sat.enum_models():
            queens = sorted(v - 1 for v in model if v > 0)
            columns = tuple(v % n for v in queens)
            assert [v // n for v in queens] == list(range(n))
            found.add(columns)
    assert len(found) == A000170[n - 1]
    assert found == set(all_solutions(n))


@pytest.mark.parametrize("n", range(1, 10))
def test_blocking_clause_enumeration_equals_the_bdd(n: int) -> None:
    by_sat = list(solve_all(n))
    assert len(by_sat) == len(set(by_sat))
    space = SolutionSpace.compile(n, "cudd")
    assert len(by_sat) == space.count
    assert set(by_sat) == set(space.empty_sweep.solutions())


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_offered_solver_works(solver: str) -> None:
    assert sorted(solve_all(6, solver)) == sorted(all_solutions(6))


def test_solve_prints_like_the_rust_tool(capsys) -> None:
    status, out, _ = run(capsys, "solve", "4")
    lines = out.splitlines()
    assert status == 0
    assert lines[:4] == ["Solving for 4-Queens...", "Found a solution for N=4", "", "--- Solution 1 ---"]
    assert lines[4:] in (
        [". Q . .", ". . . Q", "Q . . .", ". . Q ."],
        [". . Q .", "Q . . .", ". . . Q", ". Q . ."],
    )
    status, out, _ = run(capsys, "solve", "8", "--all")
    lines = out.splitlines()
    assert lines[:3] == ["Solving for 8-Queens...", "Found 92 unique solutions for N=8", ""]
    assert sum(line.startswith("--- Solution ") for line in lines) == 92
    assert lines[-9] == "--- Solution 92 ---"
    boards = out.split("--- Solution ")[1:]
    columns = {tuple(row.index("Q") // 2 for row in board.splitlines()[1:9]) for board in boards}
    assert columns == set(all_solutions(8))


def test_solve_without_solutions_and_with_a_limit(capsys) -> None:
    assert run(capsys, "solve", "3")[1] == "Solving for 3-Queens...\nNo solutions found for N=3\n"
    assert run(capsys, "solve", "2", "--all")[1].endswith("No solutions found for N=2\n")
    out = run(capsys, "solve", "10", "--all", "--limit", "5")[1]
    assert "Found 5 unique solutions for N=10 (stopped at --limit 5)" in out
    assert out.count("--- Solution") == 5


def test_smtlib_is_well_formed(capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "smtlib", "8")
    assert status == 0
    assert (
        out.splitlines()[-1] == "Successfully wrote problem to '8-queens.smt2' (64 variables, 736 assertions)"
    )
    text = (tmp_path / "8-queens.smt2").read_text()
    assert text.count("(") == text.count(")")
    assert "(set-logic QF_UF)" in text and text.rstrip().endswith("(check-sat)\n(get-model)")
    assert text.count("(declare-const ") == 64 and text.count("(assert ") == 736


@pytest.mark.parametrize("n", range(1, 9))
def test_z3_solves_our_smtlib_and_agrees_with_the_bdd(n: int) -> None:
    z3 = pytest.importorskip("z3", reason="z3-solver is part of the test extras")
    solver = z3.Solver()
    solver.from_string(
        "".join(line for line in smtlib(n) if not line.startswith(("(check-sat", "(get-model")))
    )
    names = {f"q_{r + 1}_{c + 1}": (r, c) for r in range(n) for c in range(n)}
    found = set()
    while solver.check() == z3.sat:
        model = solver.model()
        queens = {names[d.name()] for d in model.decls() if z3.is_true(model[d])}
        found.add(tuple(c for _, c in sorted(queens)))
        solver.add(z3.Or([z3.Not(z3.Bool(f"q_{r + 1}_{c + 1}")) for r, c in queens]))
    assert found == set(all_solutions(n))
    assert len(found) == SolutionSpace.compile(n, "cudd").count


def _answer(tmp_path: Path, text: str) -> str:
    path = tmp_path / "answer.txt"
    path.write_text(text)
    return str(path)


def test_show_reads_minisat_and_competition_answers(capsys, tmp_path: Path) -> None:
    minisat = "SAT\n-1 2 -3 -4 -5 -6 -7 8 9 -10 -11 -12 -13 -14 15 -16 0\n"
    board = ". Q . .\n. . . Q\nQ . . .\n. . Q .\nA valid placement of 4 queens.\n"
    assert run(capsys, "show", _answer(tmp_path, minisat), "--n", "4") == (0, board, "")
    competition = "c solver says\ns SATISFIABLE\nv -1 2 -3 -4 -5 -6 -7 8\nv 9 -10 -11 -12 -13 -14 15 -16 0\n"
    assert run(capsys, "show", _answer(tmp_path, competition), "--n", "4") == (0, board, "")


def test_show_says_which_rule_a_placement_breaks(capsys, tmp_path: Path) -> None:
    status, out, _ = run(capsys, "show", _answer(tmp_path, "SAT\n1 2 -3 -4 -5 -6 -7 -8 -9 0\n"), "--n", "3")
    assert status == 1
    assert out.splitlines()[:3] == ["Q Q .", ". . .", ". . ."]
    assert "2 queens in row 1 (1,1 and 1,2)" in out
    assert "no queen in row 2" in out and "no queen in row 3" in out
    status, out, _ = run(capsys, "show", _answer(tmp_path, "SAT\n1 5 9 0\n"), "--n", "3")
    assert status == 1 and "3 queens on one diagonal (1,1 and 2,2 and 3,3)" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("UNSAT\n", "the solver found no solution (UNSAT)"),
        ("s UNSATISFIABLE\n", "the solver found no solution (UNSAT)"),
        ("", "no solver answer"),
        ("hello world\n", "does not start with a solver's verdict"),
        ("s UNKNOWN\n", "does not start with a solver's verdict"),
        ("SAT\n1 2 x 0\n", "not a literal"),
        ("SAT\n1 -2 3\n", "cut short"),
        ("SAT\n1 70 0\n", "variable 70 is beyond the 16 squares of a 4×4 board"),
    ],
)
def test_show_refuses_bad_answers(capsys, tmp_path: Path, content: str, message: str) -> None:
    status, out, err = run(capsys, "show", _answer(tmp_path, content), "--n", "4")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["generate", "0"], "N must be at least 1"),
        (["generate", "x"], "N must be a whole number"),
        (["smtlib", "-2"], "N must be at least 1"),
        (["smtlib", "201"], "above 200"),
        (["solve", "zero"], "N must be a whole number"),
        (["solve", "8", "--limit", "0"], "0 is not a positive number"),
        (["solve", "8", "--solver", "nope"], "invalid choice: 'nope'"),
        (["show", "f.txt"], "the following arguments are required: --n"),
        (["show", "missing.txt", "--n", "4"], "cannot read 'missing.txt'"),
        (["generate", "4", "-o", "/no/such/dir/x.cnf"], "cannot write '/no/such/dir/x.cnf'"),
    ],
)
def test_sat_commands_refuse_bad_input(capsys, argv: list[str], message: str) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert err.splitlines()[-1].count(message) == 1 and err.count("nqueens") == 1


def test_solve_all_in_a_real_process_streams_when_piped() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app.cli", "solve", "6", "--all"],
        capture_output=True,
        text=True,
        check=False,
        env=os.environ.copy(),
    )
    assert result.returncode == 0 and result.stderr == ""
    assert "Found 4 unique solutions for N=6" in result.stdout
