"""The rules as the SAT engine's solver holds them: the export's variables, compact clauses.

The square (r, c) keeps the export's variable r·N + c + 1, so models read the same. At most one
queen per line is a ladder (sequential counter) over the line's squares instead of the
export's pairs: N = 100 needs about 0.12 million clauses instead of 1.6 million. The implied
"a queen in every column" is added: it holds in every solution (N queens, at most one per
column) and lets the solver see a column run out of squares at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from pysat.card import CardEnc, EncType

from bdd_model.sat.encoding import lines, variable

AT_MOST_ONE = EncType.seqcounter
"""The encoding of "at most one queen per line" (measured against pairwise and ladder below)."""


@dataclass(frozen=True)
class EngineRules:
    """The clauses and the highest variable they use (the solver's fresh variables come after)."""

    clauses: list[list[int]]
    top: int


def engine_rules(n: int, at_most_one: int = AT_MOST_ONE) -> EngineRules:
    """At least one queen per row and per column, at most one per row, column and diagonal."""
    clauses = [[variable(n, r, c) for c in range(n)] for r in range(n)]
    clauses += [[variable(n, r, c) for r in range(n)] for c in range(n)]
    top = n * n
    for _, line in lines(n):
        if len(line) < 2:
            continue
        encoded = CardEnc.atmost([variable(n, *cell) for cell in line], 1, top_id=top, encoding=at_most_one)
        clauses += encoded.clauses
        top = max(top, encoded.nv)
    return EngineRules(clauses, top)
