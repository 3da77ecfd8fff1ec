"""A long SAT-engine session with what every answer should be, for the window's soak test to replay: random
clicks, each with the states a separate SAT engine gives every square and, for a few squares, the truth from
Glucose on the export's pairwise clauses (another solver on another encoding)."""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from pysat.solvers import Solver

from app.bench.engine_bench import click_records, click_sequence
from bdd_model.board import STATE_ORDER, Cell, CellState
from bdd_model.cnf.encoding import clauses, variable
from bdd_model.decisions import DecisionKind, of_codes
from bdd_model.families import CLASSIC, RuleFamily, family
from bdd_model.sat.engine import SatEngine


def truth(checker: Solver, n: int, assumptions: list[int], cell: Cell, kind: DecisionKind | None) -> str:
    """What a square is under the decisions, by at most two calls of the independent solver."""
    if kind is not None:
        return "queen" if kind is DecisionKind.QUEEN else "marked"
    square = variable(n, *cell)
    if not checker.solve([*assumptions, square]):
        return "closed"
    return "open" if checker.solve([*assumptions, -square]) else "forced"


SHOWN = {
    "queen": (CellState.QUEEN,),
    "marked": (CellState.MARKED,),
    "forced": (CellState.FORCED,),
    "open": (CellState.OPEN,),
    "closed": (CellState.ATTACKED, CellState.LOOKAHEAD),
}
"""The states a square may show for each thing the independent check can say."""


def agrees(state: CellState | None, said: str) -> bool:
    """Whether a square shown in ``state`` is what the independent check said."""
    return state in SHOWN[said]


def soak_records(
    n: int, clicks: int, seed: int, samples: int, rules: RuleFamily = CLASSIC
) -> list[dict[str, Any]]:
    """The clicks (as ``click_records``), each with ``states`` (one digit a square, the index in
    ``STATE_ORDER``, from a separate engine) and ``checks`` ([row, col, truth] for ``samples``
    random squares)."""
    records = click_records(click_sequence(SatEngine(n, seed=seed, rules=rules), clicks, seed), n)
    reference = SatEngine(n, seed=seed + 1, rules=rules)
    rng = random.Random(seed)
    with Solver(name="glucose4", bootstrap_with=clauses(n, rules)) as checker:
        for record in records:
            taken = of_codes(record["after"], n)
            decisions = dict(taken)
            reference.restore(taken)
            codes = [STATE_ORDER.index(state) for row in reference.states() for state in row]
            record["states"] = "".join(map(str, codes))
            assumptions = [
                variable(n, *c) if k is DecisionKind.QUEEN else -variable(n, *c) for c, k in decisions.items()
            ]
            cells = [Cell(rng.randrange(n), rng.randrange(n)) for _ in range(samples)]
            record["checks"] = [
                [c.row, c.col, truth(checker, n, assumptions, c, decisions.get(c))] for c in cells
            ]
    return records


def main(argv: list[str] | None = None) -> int:
    """The records of ``soak_records`` for the command line's arguments (N, clicks, seed,
    samples, the family's name), as one JSON list."""
    *numbers, name = sys.argv[1:] if argv is None else argv
    n, clicks, seed, samples = (int(value) for value in numbers)
    print(json.dumps(soak_records(n, clicks, seed, samples, family(name))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
