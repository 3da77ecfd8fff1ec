"""The N-Queens rules as the SAT engine's incremental solver holds them: the export's variable for each
square, a queen in every row and every column, and at most one per line in python-sat's sequential-counter
encoding (``AT_MOST_ONE``) instead of the export's pairs; built and solved in slices, so that a cancel is
seen."""

from __future__ import annotations

from collections.abc import Iterator

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

from bdd_model.cnf.encoding import lines, variable
from bdd_model.errors import QueryCancelled
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import CancelToken

AT_MOST_ONE = EncType.seqcounter
"""The encoding of "at most one queen per line" (measured against pairwise and ladder below)."""


LINES_PER_SLICE = 12
"""Lines encoded and handed to the solver between two looks at a cancel token (N = 100: about
12 ms a slice, 0.5 s in all)."""
CONFLICTS_PER_SLICE = 5_000
"""Conflicts per solver call between two looks at a cancel token (CaDiCaL cannot be interrupted)."""


class IncrementalSolver:
    """The engine's one python-sat solver over the rules. It is built a slice of lines at a time,
    so that a request that comes meanwhile waits one slice, not the whole build (the slices
    built stay built), and asked in slices of conflicts, so that a cancel is seen."""

    def __init__(
        self, n: int, solver_name: str, at_most_one: int = AT_MOST_ONE, rules: RuleFamily = CLASSIC
    ) -> None:
        self.n = n
        self.rules = rules
        self.top = n * n
        """The highest variable in use (the clauses', then the fresh ones)."""
        self.calls = 0
        """Solver calls so far."""
        self._solver = Solver(name=solver_name)
        self._slices = self._clause_slices(n, at_most_one)
        self._built = False

    def build(self, cancel: CancelToken | None = None) -> bool:
        """Encode the rules not in yet; False when the token was set between two slices."""
        for clauses in self._slices:
            self._solver.append_formula(clauses)
            if cancel is not None and cancel.cancelled:
                return False
        self._built = True
        return True

    @property
    def solver(self) -> Solver:
        """The python-sat solver with every rule in."""
        if not self._built:
            self.build()
        return self._solver

    def fresh_variable(self) -> int:
        """A variable no clause uses yet."""
        self.build()
        self.top += 1
        return self.top

    def solve(self, assumptions: list[int], cancel: CancelToken | None = None) -> list[int] | None:
        """A solution under the assumptions (the queen's column in each row), None if there is
        none; QueryCancelled when the token is set between two slices of conflicts."""
        solver = self.solver
        self.calls += 1
        if cancel is None:
            satisfiable = solver.solve(assumptions)
        else:
            while True:
                solver.conf_budget(CONFLICTS_PER_SLICE)
                satisfiable = solver.solve_limited(assumptions)
                if satisfiable is not None:
                    break
                if cancel.cancelled:
                    raise QueryCancelled
        if not satisfiable:
            return None
        n = self.n
        columns = [0] * n
        for literal in solver.get_model()[: n * n]:
            if literal > 0:
                columns[(literal - 1) // n] = (literal - 1) % n
        return columns

    def _clause_slices(self, n: int, at_most_one: int) -> Iterator[list[list[int]]]:
        """At least one queen per row and per column, then at most one per row and per line
        of the family's drifts, then its leaps, a few lines at a time."""
        yield [[variable(n, r, c) for c in range(n)] for r in range(n)] + [
            [variable(n, r, c) for r in range(n)] for c in range(n)
        ]
        long_lines = [line for _, line in lines(n, self.rules) if len(line) >= 2]
        for start in range(0, len(long_lines), LINES_PER_SLICE):
            clauses: list[list[int]] = []
            for line in long_lines[start : start + LINES_PER_SLICE]:
                squares = [variable(n, *cell) for cell in line]
                encoded = CardEnc.atmost(squares, 1, top_id=self.top, encoding=at_most_one)
                clauses += encoded.clauses
                self.top = max(self.top, encoded.nv)
            yield clauses
        yield [[-variable(n, *a), -variable(n, *b)] for a, b in self.rules.leap_pairs(n)]
