"""Queens on a torus: the diagonals wrap round the board's edges, so no solution exists unless
gcd(N, 6) = 1 (Pólya, 1918; OEIS A051906)."""

from __future__ import annotations

from math import gcd

from bdd_model.families.rule_family import Drift, RuleFamily

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
    quick_diagram_max_n=13,
    compile_costs={"cudd": {13: (0.7, 102)}, "autoref": {13: (4.1, 201)}},
)
