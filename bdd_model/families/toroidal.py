"""Queens on a torus: the diagonals wrap round the board's edges, so no solution exists unless
gcd(N, 6) = 1 (Pólya, 1918; OEIS A051906)."""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd

from bdd_model.board import Cell
from bdd_model.families.rule_family import Drift, RuleFamily


def linear_solutions(n: int, pieces: tuple[Cell, ...]) -> Iterator[tuple[int, ...]]:
    """The solutions c = a·r + b (mod n) that hold the pieces, a with a − 1, a and a + 1 prime
    to n: on the empty board one slope's n translations (together they cover every square),
    else every slope through the first piece. Search needs minutes for one solution at 65×65
    (docs/measurements.md), so the SAT engine starts from these."""
    slopes = [a for a in range(n) if gcd((a - 1) * a * (a + 1), n) == 1]
    if not pieces:
        for b in range(n if slopes else 0):
            yield tuple((slopes[0] * r + b) % n for r in range(n))
        return
    first = pieces[0]
    for a in slopes:
        b = (first.col - a * first.row) % n
        if all((a * piece.row + b - piece.col) % n == 0 for piece in pieces):
            yield tuple((a * r + b) % n for r in range(n))


TOROIDAL = RuleFamily(
    name="toroidal",
    title="Toroidal queens",
    piece="queen",
    about="No two queens share a row, a column or a diagonal, and the diagonals wrap round the edges.",
    attacked_by="in line (round the edges) with",
    drifts=(Drift("column", 0), Drift("diagonal", 1, wraps=True), Drift("anti-diagonal", -1, wraps=True)),
    known=(1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496),
    sequence="OEIS A051906",
    no_solution=lambda n: gcd(n, 6) != 1,
    built=linear_solutions,
    quick_diagram_max_n=13,
    compile_costs={"cudd": {13: (0.7, 102)}, "autoref": {13: (4.1, 201)}},
)
