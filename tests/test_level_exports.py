"""A level's DIMACS and SMT-LIB: a SAT solver's models (on the squares' variables) and z3's are the
oracle's solutions, one and two stars; the command line writes them by the level's name."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pysat.solvers import Solver

from bdd_model.cnf.level_encoding import LevelFormula
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.cli_helpers import run
from tests.properties import examples

BENCH = Path(__file__).resolve().parent.parent / "resources" / "levels" / "bench"


def dimacs_solutions(level: Level) -> set[frozenset[tuple[int, int]]]:
    """Every model of the DIMACS text, told apart by its N² squares alone (variable r·N + c + 1)."""
    n = level.n
    text = "".join(LevelFormula(level).dimacs()).splitlines()
    header = next(line for line in text if line.startswith("p cnf"))
    variables, count = map(int, header.split()[2:])
    clauses = [[int(x) for x in line.split()[:-1]] for line in text if line and line[0] not in "cp"]
    assert len(clauses) == count and all(line.endswith(" 0") for line in text if line[0] not in "cp")
    assert max(abs(lit) for clause in clauses for lit in clause) <= variables
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            pieces = [v - 1 for v in model[: n * n] if v > 0]
            found.add(frozenset(divmod(v, n) for v in pieces))
            solver.add_clause([-(v + 1) for v in pieces])
    return found


def z3_solutions(level: Level) -> set[frozenset[tuple[int, int]]]:
    z3 = pytest.importorskip("z3", reason="z3-solver is part of the test extras")
    text = "".join(LevelFormula(level).smtlib())
    solver = z3.Solver()
    solver.from_string(text.replace("(check-sat)\n", "").replace("(get-model)\n", ""))
    names = {f"q_{r + 1}_{c + 1}": (r, c) for r in range(level.n) for c in range(level.n)}
    found = set()
    while solver.check() == z3.sat:
        model = solver.model()
        pieces = frozenset(names[d.name()] for d in model.decls() if z3.is_true(model[d]))
        found.add(pieces)
        solver.add(z3.Or([z3.Not(z3.Bool(f"q_{r + 1}_{c + 1}")) for r, c in pieces]))
    return found


def _levels(data: st.DataObject) -> Level:
    """A planted level (at least one solution) or regions at random (often none, sometimes many)."""
    n, stars = data.draw(st.sampled_from([(4, 1), (5, 1), (6, 1), (7, 1), (8, 2), (9, 2)]))
    rng = random.Random(data.draw(st.integers(0, 10**9)))
    if stars == 1 and data.draw(st.booleans()):
        cells = [rng.randrange(n) for _ in range(n * n - n)] + list(range(n))
        rng.shuffle(cells)
        return Level(tuple("".join("ABCDEFGHI"[k] for k in cells[r * n : (r + 1) * n]) for r in range(n)))
    return level_oracle.planted_level(n, stars, rng)


@examples(0.5)
@given(st.data())
def test_a_sat_solvers_models_of_the_levels_dimacs_are_its_solutions(data: st.DataObject) -> None:
    level = _levels(data)
    assert dimacs_solutions(level) == set(level_oracle.solutions(level))


@examples(0.2)
@given(st.data())
def test_z3s_models_of_the_levels_smtlib_are_its_solutions(data: st.DataObject) -> None:
    level = _levels(data)
    assert z3_solutions(level) == set(level_oracle.solutions(level))


def test_rows_as_regions_keep_every_solution_and_one_star_needs_no_auxiliary_variable() -> None:
    """6×6 rows as regions: the no-touch permutations (A002464: 90)."""
    level = Level(tuple(symbol * 6 for symbol in "ABCDEF"))
    assert len(dimacs_solutions(level)) == 90 == len(z3_solutions(level))
    assert LevelFormula(level).variables == 36


def test_generate_and_smtlib_write_a_level_by_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, _ = run(capsys, "generate", "--level", str(BENCH / "10x2-01.txt"))
    text = (tmp_path / "10x2-01.cnf").read_text()
    _, _, variables, clauses = next(line for line in text.splitlines() if line.startswith("p cnf")).split()
    assert status == 0 and out.splitlines() == [
        "Generating CNF for the 10×10 level with 2 stars...",
        f"Successfully wrote problem to '10x2-01.cnf' ({variables} variables, {clauses} clauses)",
    ]
    status, _, _ = run(capsys, "smtlib", "--level", str(BENCH / "08-01.txt"), "-o", "mine.smt2")
    assert status == 0 and "(set-logic QF_LIA)" in (tmp_path / "mine.smt2").read_text()
    assert sorted(os.listdir(tmp_path)) == ["10x2-01.cnf", "mine.smt2"]


@pytest.mark.parametrize("argv", [["generate", "8"], ["smtlib", "--rules", "toroidal"]])
def test_a_level_export_takes_no_size_and_no_rules(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, *argv, "--level", str(BENCH / "08-01.txt"))
    assert status == 2 and "with --level, N and --rules are not given" in err
