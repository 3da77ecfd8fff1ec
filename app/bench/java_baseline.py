"""How the JavaBDD configurator the project grew from answers a click, kept as the benchmark's baseline: the
decisions conjoined into the live BDD, then one or two satisfiability checks per square and a count with
dd."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bdd_model.decisions import Decision, DecisionKind
from bdd_model.diagram.backends import var_name


class SatisfiabilityChecks:
    """Answers from the live BDD by N² checks per click: (count, open squares, forced squares)."""

    def __init__(self, manager: Any, root: Any, n: int) -> None:
        self.manager = manager
        self.root = root
        self.n = n
        self.x = [[manager.var(var_name(r, c)) for c in range(n)] for r in range(n)]

    def answer(self, decisions: Sequence[Decision]) -> tuple[int, set[tuple[int, int]], set[tuple[int, int]]]:
        false = self.manager.false
        restricted = self.root
        for decision in decisions:
            literal = self.x[decision.cell.row][decision.cell.col]
            restricted &= literal if decision.kind is DecisionKind.QUEEN else ~literal
        count = int(self.manager.count(restricted, nvars=self.n * self.n))
        open_cells, forced = set(), set()
        for r in range(self.n):
            for c in range(self.n):
                if (restricted & self.x[r][c]) == false:
                    continue
                if (restricted & ~self.x[r][c]) == false:
                    forced.add((r, c))
                else:
                    open_cells.add((r, c))
        return count, open_cells, forced
