"""Whether a level being made has a solution besides its planted one, for two-star levels: one incremental
SAT solver per draw holds the rows, columns, touching squares and "not the planted pieces"; each region's
"at least K" (exactly K, since the rows hold K·n pieces) is guarded by a literal of its own, so that a
handover retires and re-adds only the two regions it changed, and needs no auxiliary variables (with a
counter per region's version, a 14×14 draw's solver grew to thousands of variables, and reading its
model cost as much as solving). The exact search took up to 76 s to prove a 14×14 two-star level
unique; CaDiCaL answers in a millisecond (docs/measurements.md)."""

from __future__ import annotations

import itertools

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

SOLVER = "cadical195"
Square = tuple[int, int]


class SecondSolution:
    """The n×n board with ``stars`` pieces a row and column, no two touching, and not every one of
    the planted pieces; regions are given at each question."""

    def __init__(self, n: int, stars: int, planted: list[Square]) -> None:
        self._n, self._stars = n, stars
        self._solver = Solver(name=SOLVER)
        self._top = n * n
        for line in itertools.chain(
            ([self._var(r, c) for c in range(n)] for r in range(n)),
            ([self._var(r, c) for r in range(n)] for c in range(n)),
        ):
            self._add_exactly(line)
        for r, c in itertools.product(range(n), range(n)):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    self._solver.add_clause([-self._var(r, c), -self._var(r + dr, c + dc)])
        self._solver.add_clause([-self._var(r, c) for r, c in planted])
        self._guards: dict[tuple[Square, ...], int] = {}
        """The guard literal of each region's constraint, by the region's squares."""

    def _var(self, r: int, c: int) -> int:
        return r * self._n + c + 1

    def _add_exactly(self, lits: list[int]) -> None:
        card = CardEnc.equals(lits=lits, bound=self._stars, top_id=self._top, encoding=EncType.seqcounter)
        self._top = max(self._top, card.nv)
        for clause in card.clauses:
            self._solver.add_clause(clause)

    def _add_at_least(self, lits: list[int], guard: int) -> None:
        """At least K of ``lits`` while ``guard`` holds, without auxiliary variables: no K − 1 of
        them alone. With K in every row, the n regions' K each make exactly K."""
        for left_out in itertools.combinations(lits, self._stars - 1):
            self._solver.add_clause([-guard, *(lit for lit in lits if lit not in left_out)])

    def other(self, region: list[list[int]], avoid: list[set[Square]] | None = None) -> set[Square] | None:
        """The pieces of a solution of these regions other than the planted one (and than those in
        ``avoid``), or None when there is none."""
        squares: dict[int, list[Square]] = {}
        for r, row in enumerate(region):
            for c, k in enumerate(row):
                squares.setdefault(k, []).append((r, c))
        wanted = {tuple(cells) for cells in squares.values()}
        for gone in [cells for cells in self._guards if cells not in wanted]:
            self._solver.add_clause([-self._guards.pop(gone)])
        for cells in wanted - self._guards.keys():
            self._top += 1
            self._guards[cells] = self._top
            self._add_at_least([self._var(r, c) for r, c in cells], guard=self._top)
        assumptions = list(self._guards.values())
        if avoid:
            self._top += 1
            assumptions.append(self._top)
            for pieces in avoid:
                self._solver.add_clause([-self._top, *(-self._var(r, c) for r, c in pieces)])
        found = self._solver.solve(assumptions=assumptions)
        model = self._solver.get_model() if found else None
        if avoid:
            self._solver.add_clause([-assumptions[-1]])
        if model is None:
            return None
        return {divmod(v - 1, self._n) for v in model[: self._n * self._n] if v > 0}

    def close(self) -> None:
        self._solver.delete()
