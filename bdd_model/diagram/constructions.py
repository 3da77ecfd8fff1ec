"""Two ways to compile a rule family into a BDD with dd that give the same node: ``rules`` conjoins the
design card's rules row by row from the bottom, ``search`` builds the reduced BDD node by node from the row
search's distinct row functions, one ``ite`` a node."""

from __future__ import annotations

from typing import Any

from bdd_model.board import Cell
from bdd_model.diagram.backends import declare_board
from bdd_model.diagram.row_search import row_functions
from bdd_model.families import CLASSIC, RuleFamily
from bdd_model.progress import CANCEL_EVERY, CancelToken, Progress, ProgressCallback, no_progress

CONSTRUCTIONS = ("search", "rules")


def build_by_rules(
    manager: Any,
    n: int,
    family: RuleFamily = CLASSIC,
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
) -> Any:
    """Conjoin row existence and the family's exclusions, one row at a time from the bottom."""
    cancel = cancel or CancelToken()
    x = declare_board(manager, n)
    accumulated = manager.true
    for r in range(n - 1, -1, -1):
        cancel.check()
        row = manager.false
        for c in range(n):
            term = x[r * n + c]
            for other in range(n):
                if other != c:
                    term &= ~x[r * n + other]
            here = Cell(r, c)
            for below in range(r + 1, n):
                for col in range(n):
                    if family.excludes(n, here, Cell(below, col)):
                        term &= ~x[below * n + col]
            row |= term
        accumulated &= row
        progress(Progress("build", n - r, n))
    return accumulated


def build_by_search(
    manager: Any,
    n: int,
    family: RuleFamily = CLASSIC,
    progress: ProgressCallback = no_progress,
    cancel: CancelToken | None = None,
) -> Any:
    """Build the BDD bottom-up from the row functions: one ``ite`` per node.

    A row function with children (k_0 … k_{N−1}) becomes the chain
    ite(x_r0, tail(0, k_0), ite(x_r1, tail(1, k_1), … FALSE)), where tail(c, k) says
    "no queen in columns c+1 … N−1 of this row, then k"; tails are shared between nodes.
    """
    cancel = cancel or CancelToken()
    tables = row_functions(n, family, progress, cancel)
    x = declare_board(manager, n)
    false = manager.false
    below: list[Any] = [manager.true]
    for r in range(n - 1, -1, -1):
        cancel.check()
        tail = _RowTails(manager, x[r * n : (r + 1) * n], below)
        nodes = []
        for index, children in enumerate(tables[r].tolist()):
            if index % CANCEL_EVERY == 0:
                cancel.check()
            chain = false
            for c in range(n - 1, -1, -1):
                chain = manager.ite(x[r * n + c], tail(c, children[c]), chain)
            nodes.append(chain)
        below = nodes
        progress(Progress("build", n - r, n))
    return below[0] if below and tables[0].shape[0] else false


class _RowTails:
    """tail(c, k): all squares right of column c in this row empty, then node k−1 of the row below.

    A class rather than a recursive closure: a closure that calls itself is a reference cycle,
    which would keep BDD nodes alive past their manager (dd.autoref then fails at shutdown).
    """

    def __init__(self, manager: Any, row_vars: list[Any], below: list[Any]) -> None:
        self._false = manager.false
        self._ite = manager.ite
        self._vars = row_vars
        self._below = below
        self._memo: dict[tuple[int, int], Any] = {}

    def __call__(self, c: int, child: int) -> Any:
        if child == 0:
            return self._false
        last = len(self._vars) - 1
        stack = []
        while c < last and (c, child) not in self._memo:
            stack.append(c)
            c += 1
        node = self._below[child - 1] if c == last else self._memo[(c, child)]
        for column in reversed(stack):
            node = self._ite(self._vars[column + 1], self._false, node)
            self._memo[(column, child)] = node
        return node


BUILDERS = {"search": build_by_search, "rules": build_by_rules}
