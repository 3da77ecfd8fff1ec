"""Reading a SAT solver's answer back onto the board, and saying which rule a placement breaks.

Two formats: MiniSat's result file (``SAT`` then the literals ending in 0, or ``UNSAT``) and
the competition format (``s SATISFIABLE`` then ``v`` lines; ``c`` lines are comments).
"""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.board import Cell
from bdd_model.errors import NQueensError
from bdd_model.sat.encoding import lines, square


class SolverOutputError(NQueensError):
    """A file that is not a solver's answer, or an answer that is not a model of this board."""


@dataclass(frozen=True)
class SolverAnswer:
    """What the solver said: satisfiable or not, and the variables it set true."""

    satisfiable: bool
    true_vars: frozenset[int]


def parse_answer(text: str) -> SolverAnswer:
    """Parse either format; SolverOutputError with one sentence if neither fits."""
    rows = [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("c")]
    if not rows:
        raise SolverOutputError("the file holds no solver answer (it is empty)")
    head = rows[0]
    if head.startswith("s "):
        status = head[2:].strip()
        values = [token for row in rows[1:] if row.startswith("v") for token in row[1:].split()]
    else:
        status = head
        values = [token for row in rows[1:] for token in row.split()]
    if status in ("UNSAT", "UNSATISFIABLE"):
        return SolverAnswer(False, frozenset())
    if status not in ("SAT", "SATISFIABLE"):
        raise SolverOutputError(
            f"the file does not start with a solver's verdict (SAT, UNSAT, s SATISFIABLE): '{head[:40]}'"
        )
    try:
        literals = [int(token) for token in values]
    except ValueError:
        raise SolverOutputError("the assignment holds something that is not a literal") from None
    if not literals or literals[-1] != 0:
        raise SolverOutputError("the assignment is cut short (it does not end in 0)")
    return SolverAnswer(True, frozenset(literal for literal in literals[:-1] if literal > 0))


def queens_of(answer: SolverAnswer, n: int) -> set[Cell]:
    """The squares whose variables are true; SolverOutputError if one is beyond the board."""
    beyond = [var for var in answer.true_vars if var > n * n]
    if beyond:
        raise SolverOutputError(
            f"variable {min(beyond)} is beyond the {n * n} squares of a {n}x{n} board (wrong --n?)"
        )
    return {square(n, var) for var in answer.true_vars}


def broken_rules(n: int, queens: set[Cell]) -> list[str]:
    """Each rule the placement breaks, in words (empty when it is a solution)."""
    problems = []
    for r in range(n):
        if not any(q.row == r for q in queens):
            problems.append(f"no queen in row {r + 1}")
    for name, line in lines(n):
        on_line = [cell for cell in line if cell in queens]
        if len(on_line) > 1:
            where = " and ".join(cell.label() for cell in on_line)
            place = f"in {name}" if name.startswith(("row", "column")) else f"on one {name}"
            problems.append(f"{len(on_line)} queens {place} ({where})")
    return problems
