"""Solving the CNF in memory with python-sat (CaDiCaL by default), and enumerating by blocking clauses as the
DPLL enumerator the project grew from does."""

from __future__ import annotations

from collections.abc import Iterator

from pysat.solvers import Solver

from bdd_model.cnf.encoding import clauses, square
from bdd_model.families import CLASSIC, RuleFamily

SOLVERS = ("cadical195", "cadical153", "glucose4", "glucose42", "minisat22", "maplechrono", "lingeling")
DEFAULT_SOLVER = "cadical195"


def solve_all(
    n: int, solver: str = DEFAULT_SOLVER, limit: int | None = None, rules: RuleFamily = CLASSIC
) -> Iterator[tuple[int, ...]]:
    """Solutions (queen's column per row) in the order the solver finds them, at most ``limit``."""
    found = 0
    with Solver(name=solver, bootstrap_with=clauses(n, rules)) as sat:
        while (limit is None or found < limit) and sat.solve():
            queens = [literal for literal in sat.get_model() if literal > 0]
            columns = [0] * n
            for literal in queens:
                cell = square(n, literal)
                columns[cell.row] = cell.col
            found += 1
            yield tuple(columns)
            sat.add_clause([-literal for literal in queens])
